"""What the host says about plugins: a plugin kept off standard output, a provider that provides
nothing, a disabled plugin's code, a code registered twice, a code unknown after a plugin failed
to load."""

from __future__ import annotations

import re
import sys

import pytest
from conftest import TEC, run_cli
from test_plugins import make_plugin

from fide_tiebreaks import (
    CodeError,
    compute_standings,
    read_trf,
)
from fide_tiebreaks.host import load_registry

T = str(TEC / "tournament.trf")


STDOUT_FAULTS = """
import io, sys
from fide_tiebreaks import hookimpl, Tiebreak

def _points(ctx):
    return {p.id: p.points for p in ctx.tournament.participants}

def _raw(ctx):
    sys.stdout.buffer.write(b"RAW")
    return _points(ctx)

def _closes(ctx):
    sys.stdout.close()
    return _points(ctx)

def _replaces(ctx):
    sys.stdout = io.StringIO()
    return _points(ctx)

@hookimpl
def fide_tiebreaks_register():
    return [Tiebreak(code="XRAW", name="Writes bytes", compute=_raw),
            Tiebreak(code="XCLOSE", name="Closes stdout", compute=_closes),
            Tiebreak(code="XREPLACE", name="Replaces stdout", compute=_replaces)]
"""


@pytest.mark.parametrize(
    ("code", "message"),
    [
        # `-f json` began with 'RAW' (exit 0): the bytes went around the guard
        ("XRAW", "wrote to standard output ('RAW')"),
        # exit 3, 'internal error: ValueError: I/O operation on closed file'
        ("XCLOSE", "failed: ValueError: plugins must not close standard output"),
        # exit 0 and no output at all (the plugin had set sys.stdout to /dev/null)
        ("XREPLACE", "replaced sys.stdout; plugins must not touch standard output"),
    ],
)
def test_a_plugin_cannot_reach_standard_output_around_the_guard(code, message, capsys):
    reg = load_registry(entry_points=False, extra=[("faulty", make_plugin(STDOUT_FAULTS))])
    before = sys.stdout
    s = compute_standings(read_trf(T).tournament, f"{code},BH", "fide-2024", reg=reg)
    assert sys.stdout is before and not sys.stdout.closed
    assert s.codes == ["BH"]
    warnings = [d.message for d in s.diagnostics]
    assert any(f"tie-break '{code}' from plugin 'faulty' {message}" in w for w in warnings), (
        warnings
    )
    print("ours")
    assert capsys.readouterr().out == "ours\n"


def test_a_provider_that_provides_nothing_is_an_error_not_ignored():
    """`standings T --provider BH=nosuch` ranked with buchholz's BH and said nothing."""
    run = run_cli("standings", T, "--provider", "BH=nosuch")
    assert run.returncode == 2
    assert (
        "--provider BH=nosuch: no installed plugin 'nosuch' provides BH; 'buchholz' does"
        in run.stderr
    )
    assert run_cli("standings", T, "--provider", "bh=buchholz").returncode == 0
    unknown = run_cli("standings", T, "-t", "XYZ")
    assert "unknown tie-break code 'XYZ' (every code:" in unknown.stderr  # no stray ';'


def test_a_code_of_a_disabled_plugin_says_the_plugin_is_disabled():
    """FIDE_TIEBREAKS_DISABLE_PLUGINS=buchholz, then `-t BH`: 'unknown tie-break code BH',
    as if Buchholz did not exist."""
    run = run_cli("standings", T, "-t", "BH", env={"FIDE_TIEBREAKS_DISABLE_PLUGINS": "buchholz"})
    assert run.returncode == 2
    assert (
        "disabled by FIDE_TIEBREAKS_DISABLE_PLUGINS: buchholz (a disabled plugin's codes "
        "are unknown too)"
    ) in run.stderr
    assert "disabled" not in run_cli("standings", T, "-t", "XYZ").stderr


TWICE = """
from fide_tiebreaks import hookimpl, Tiebreak

def _points(ctx):
    return {p.id: p.points for p in ctx.tournament.participants}

@hookimpl
def fide_tiebreaks_register():
    return [Tiebreak(code="XTWICE", name="a", compute=_points),
            Tiebreak(code="XTWICE", name="b", compute=_points)]
"""


def test_a_plugin_registering_a_code_twice_is_named_as_such():
    """The message was "provided by 'twice' and 'twice'; choose one with --provider", which
    no --provider can do."""
    reg = load_registry(entry_points=False, extra=[("twice", make_plugin(TWICE))])
    with pytest.raises(CodeError, match="plugin 'twice' registers the tie-break 'XTWICE' 2 times"):
        compute_standings(read_trf(T).tournament, "XTWICE", "fide-2024", reg=reg)


def test_an_unknown_code_after_a_plugin_failed_to_load_points_at_that_failure():
    """A plugin failing at import, then `-t XBAD`: 'unknown tie-break code XBAD; did you
    mean BC?', as if the code had been mistyped."""
    broken = make_plugin("raise_at = None\n")  # no hooks: fine; the failure comes below
    reg = load_registry(entry_points=False, extra=[("broken", broken)])
    reg.problems.append("plugin 'broken' failed at import: RuntimeError: boom")
    said = "some plugins failed to load (the warnings above say which), and their codes"
    with pytest.raises(CodeError, match=re.escape(said)):
        compute_standings(read_trf(T).tournament, "XBAD", "fide-2024", reg=reg)
