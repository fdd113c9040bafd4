"""The plugin host: the public plugin surface, discovery, faults, conflicts, validation."""

from __future__ import annotations

import json
import re
import types
from fractions import Fraction
from pathlib import Path

import pytest
from conftest import ROOT, TEC, run_cli

from fide_tiebreaks import CodeError, PluginError, compute_standings, hookspecs, read_trf
from fide_tiebreaks import standings as standings_module
from fide_tiebreaks.host import PluginWarning, load_registry, registry

TOURNAMENT = read_trf(TEC / "tournament.trf").tournament


def make_plugin(source: str) -> types.ModuleType:
    module = types.ModuleType("test_plugin")
    exec(source, module.__dict__)
    return module


XPTS2 = """
from fide_tiebreaks import hookimpl, Tiebreak

def _double_points(ctx):
    # ctx.tournament.participants: each has .id (start rank; team number for teams)
    # and .points (exact); return one exact number per participant id
    return {p.id: p.points * 2 for p in ctx.tournament.participants}

@hookimpl
def fide_tiebreaks_register():
    return [Tiebreak(code="XPTS2", name="Double points", compute=_double_points)]
"""


def test_the_documented_minimal_plugin_works():
    reg = load_registry(entry_points=False, extra=[("xpts2", make_plugin(XPTS2))])
    s = compute_standings(TOURNAMENT, "XPTS2", "fide-2024", reg=reg)
    assert s.values("XPTS2")[2] == 8 and s.values("XPTS2")[9] == 3
    provider = next(p for p in reg.providers if p.name == "xpts2")
    assert provider.codes == ("XPTS2",) and not provider.builtin


def test_builtins_register_through_the_same_hooks():
    reg = load_registry(entry_points=False)
    names = [i.plugin_name for i in reg.manager.hook.fide_tiebreaks_register.get_hookimpls()]
    assert {"buchholz", "sonneborn_berger"} <= set(names)
    assert reg.editions["fide-2024"].provider == "unplayed"
    assert all(p.builtin and p.distribution == "fide-tiebreaks" for p in reg.providers)


def test_hooks_are_not_called_while_computing():
    reg = load_registry(entry_points=False)
    calls = []
    undo = reg.manager.add_hookcall_monitoring(lambda name, *a: calls.append(name), lambda *a: None)
    compute_standings(TOURNAMENT, "BH/C1,BH,SB,SB/C1", "fide-2024", reg=reg)
    undo()
    assert calls == []


def test_registry_is_loaded_once_per_process():
    assert registry() is registry()


def test_two_providers_of_one_code_is_an_error_naming_both(monkeypatch):
    mine = make_plugin(XPTS2.replace('"XPTS2"', '"BH"'))
    reg = load_registry(entry_points=False, extra=[("mybh", mine)])
    with pytest.raises(CodeError, match=r"'buchholz' and 'mybh'|'mybh' and 'buchholz'"):
        compute_standings(TOURNAMENT, "BH", "fide-2024", reg=reg)
    chosen = compute_standings(TOURNAMENT, "BH", "fide-2024", providers={"BH": "mybh"}, reg=reg)
    assert chosen.values("BH")[2] == 8
    monkeypatch.setenv("FIDE_TIEBREAKS_PROVIDERS", "BH=buchholz")
    assert compute_standings(TOURNAMENT, "BH", "fide-2024", reg=reg).values("BH")[2] == 13


class _FakeEntryPoint:
    def __init__(self, name, load):
        self.name, self._load = name, load
        self.dist, self.version = f"{name}-dist", "9.9"

    def load(self):
        return self._load()


def _broken():
    raise ImportError("No module named 'missing_dependency'")


def test_a_broken_plugin_warns_and_the_rest_keeps_working(monkeypatch):
    good = make_plugin(XPTS2)
    monkeypatch.setattr(
        "fide_tiebreaks.host.find_entry_points",
        lambda group: [_FakeEntryPoint("broken", _broken), _FakeEntryPoint("good", lambda: good)],
    )
    monkeypatch.delenv("FIDE_TIEBREAKS_LOAD_PLUGINS")
    with pytest.warns(
        PluginWarning,
        match=r"plugin 'broken' \(broken-dist 9.9\) failed at import: "
        r"ImportError: No module named 'missing_dependency'",
    ):
        reg = load_registry()
    assert compute_standings(TOURNAMENT, "XPTS2", "fide-2024", reg=reg).values("XPTS2")[2] == 8
    monkeypatch.setenv("FIDE_TIEBREAKS_STRICT_PLUGINS", "1")
    with pytest.raises(PluginError, match="'broken'"):
        load_registry()


def test_allow_and_block_lists(monkeypatch):
    good = make_plugin(XPTS2)
    monkeypatch.setattr(
        "fide_tiebreaks.host.find_entry_points",
        lambda group: [_FakeEntryPoint("good", lambda: good)],
    )
    assert "XPTS2" not in load_registry().tiebreaks  # LOAD_PLUGINS="" in the tests
    monkeypatch.setenv("FIDE_TIEBREAKS_LOAD_PLUGINS", "good")
    assert "XPTS2" in load_registry().tiebreaks
    monkeypatch.setenv("FIDE_TIEBREAKS_DISABLE_PLUGINS", "good,sonneborn_berger")
    reg = load_registry()
    assert "XPTS2" not in reg.tiebreaks and "SB" not in reg.tiebreaks
    with pytest.raises(CodeError, match="unknown tie-break code 'SB'"):
        compute_standings(TOURNAMENT, "SB", "fide-2024", reg=reg)


def test_a_misspelled_hook_is_caught():
    typo = make_plugin(XPTS2.replace("def fide_tiebreaks_register", "def fide_tiebreaks_registr"))
    with pytest.warns(PluginWarning, match="plugin 'typo' was left out: .*fide_tiebreaks_registr"):
        reg = load_registry(entry_points=False, extra=[("typo", typo)])
    assert "typo" not in {p.name for p in reg.providers}


def test_a_plugin_that_returns_junk_from_its_hook():
    junk = make_plugin(
        "from fide_tiebreaks import hookimpl\n"
        "@hookimpl\ndef fide_tiebreaks_register():\n    return ['BH']\n"
    )
    with pytest.warns(PluginWarning, match="'junk' returned something that is not a Tiebreak"):
        load_registry(entry_points=False, extra=[("junk", junk)])


@pytest.mark.parametrize(
    ("body", "message"),
    [
        (
            "{p.id: float(p.points) for p in ctx.tournament.participants}",
            r"tie-break 'XBAD' from plugin 'bad' returned float 3.5 for participant 1; values "
            "must be exact",
        ),
        ("{}", "tie-break 'XBAD' from plugin 'bad' gave no value for participant 1"),
        ("[1, 2]", "returned list, not a mapping"),
        ("1 / 0", "failed: ZeroDivisionError"),
        ("{p.id: float('nan') for p in ctx.tournament.participants}", "returned nan"),
    ],
)
def test_plugin_results_are_checked(body, message):
    bad = make_plugin(
        XPTS2.replace("XPTS2", "XBAD").replace(
            "{p.id: p.points * 2 for p in ctx.tournament.participants}", body
        )
    )
    reg = load_registry(entry_points=False, extra=[("bad", bad)])
    with pytest.raises(PluginError, match=message):
        compute_standings(TOURNAMENT, "BH,XBAD", "fide-2024", reg=reg, strict=True)
    # Not strict: XBAD is left out with a warning naming it; BH still ranks, exactly as
    # it does alone.
    s = compute_standings(TOURNAMENT, "BH,XBAD,SB", "fide-2024", reg=reg)
    assert s.codes == ["BH", "SB"]
    warning = next(d for d in s.diagnostics if "XBAD" in d.message)
    assert warning.severity.name == "WARNING" and "XBAD is left out" in warning.message
    assert re.search(message, warning.message)
    alone = compute_standings(TOURNAMENT, "BH,SB", "fide-2024", reg=reg)
    assert [(r.rank, r.participant.id, r.values) for r in s.rows] == [
        (r.rank, r.participant.id, r.values) for r in alone.rows
    ]


def test_a_failing_group_tiebreak_is_left_out_too():
    # A type-A (group) tie-break is computed per tied group during the ranking; when it
    # fails there, the ranking is redone without it.
    src = (
        XPTS2.replace("XPTS2", "XGRP")
        .replace("compute=_double_points)", "compute=_double_points, group=True)")
        .replace(
            "return {p.id: p.points * 2 for p in ctx.tournament.participants}", "raise KeyError(7)"
        )
    )
    reg = load_registry(entry_points=False, extra=[("grp", make_plugin(src))])
    s = compute_standings(TOURNAMENT, "XGRP,BH", "fide-2024", reg=reg)
    assert s.codes == ["BH"]
    assert any("'XGRP' from plugin 'grp' failed: KeyError" in d.message for d in s.diagnostics)


def test_a_slow_tiebreak_is_named(monkeypatch):
    monkeypatch.setattr(standings_module, "SLOW_SECONDS", 0.0)
    reg = load_registry(entry_points=False, extra=[("xpts2", make_plugin(XPTS2))])
    s = compute_standings(TOURNAMENT, "XPTS2", "fide-2024", reg=reg)
    assert any(
        d.severity.name == "WARNING" and "tie-break 'XPTS2' from plugin 'xpts2' took" in d.message
        for d in s.diagnostics
    )


def test_modifiers_a_tiebreak_does_not_take_are_refused():
    reg = load_registry(entry_points=False, extra=[("xpts2", make_plugin(XPTS2))])
    with pytest.raises(CodeError, match=r"'XPTS2/C1': XPTS2 does not take /Cn .* none"):
        compute_standings(TOURNAMENT, "XPTS2/C1", "fide-2024", reg=reg)
    with pytest.raises(CodeError, match="BH does not take /L"):
        compute_standings(TOURNAMENT, "BH/L+1", "fide-2024", reg=reg)


def test_integer_results_are_accepted_as_exact():
    ints = make_plugin(XPTS2.replace("p.points * 2", "p.id"))
    reg = load_registry(entry_points=False, extra=[("ints", ints)])
    assert compute_standings(TOURNAMENT, "XPTS2", "fide-2024", reg=reg).values("XPTS2")[
        5
    ] == Fraction(5)


def test_every_hook_is_documented_for_plugin_authors():
    """datasette's meta-test: each hook appears as a heading in docs/plugins.md."""
    doc = (ROOT / "docs" / "plugins.md").read_text()
    hooks = [name for name in dir(hookspecs) if name.startswith("fide_tiebreaks_")]
    assert hooks
    for name in hooks:
        assert re.search(rf"^#+ `{name}\(\)`", doc, re.M), name
        assert getattr(hookspecs, name).__doc__


def test_example_plugin_source_is_the_documented_surface():
    example = ROOT / "examples" / "fide-tiebreaks-double-points"
    assert (example / "pyproject.toml").read_text().count("[project.entry-points.fide_tiebreaks]")
    assert (
        "from fide_tiebreaks import Tiebreak, hookimpl"
        in Path(example / "fide_tiebreaks_double_points" / "__init__.py").read_text()
    )


BROKEN = """
from fide_tiebreaks import hookimpl, Tiebreak

def _floats(ctx):
    return {p.id: 0.5 for p in ctx.tournament.participants}

def _raises(ctx):
    raise RuntimeError("database unavailable")

@hookimpl
def fide_tiebreaks_register():
    return [Tiebreak(code="XFLOAT", name="Floats", compute=_floats),
            Tiebreak(code="XRAISE", name="Raises", compute=_raises)]
"""


def test_broken_plugin_installed_outside_the_repository(tmp_path):
    # An installed distribution as importlib.metadata sees one: a module and a dist-info
    # folder declaring the entry point.
    (tmp_path / "broken_tb.py").write_text(BROKEN)
    info = tmp_path / "broken_tb-1.0.dist-info"
    info.mkdir()
    (info / "METADATA").write_text("Metadata-Version: 2.1\nName: broken-tb\nVersion: 1.0\n")
    (info / "entry_points.txt").write_text("[fide_tiebreaks]\nbroken = broken_tb\n")
    env = {"PYTHONPATH": str(tmp_path), "FIDE_TIEBREAKS_LOAD_PLUGINS": "broken"}
    args = ("standings", str(TEC / "tournament.trf"), "-t", "BH,XFLOAT,XRAISE,SB", "-f", "json")
    done = run_cli(*args, env=env)
    assert done.returncode == 1, done.stderr  # written without the two codes asked for
    assert "tie-break 'XFLOAT' from plugin 'broken' returned float 0.5" in done.stderr
    assert "tie-break 'XRAISE' from plugin 'broken' failed: RuntimeError: database" in done.stderr
    assert json.loads(done.stdout)["tournament"]["tiebreaks"] == ["BH", "SB"]
    strict = run_cli(*args, "--strict", env=env)
    assert strict.returncode == 1 and "Traceback" not in strict.stderr
    assert "'XFLOAT' from plugin 'broken'" in strict.stderr
