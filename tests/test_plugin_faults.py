"""Plugins stay contained (issue #16, items 7, 13, 14): whatever plugin code does (raise,
print, call sys.exit(), corrupt its cache, return huge numbers) is a fault of that plugin,
named with its code; standard output carries only our output; the other tie-breaks keep
the values FIDE publishes; nothing ends in exit 3."""

from __future__ import annotations

import json
import re
import sys
from fractions import Fraction
from pathlib import Path

import pytest
from conftest import TEC, expected, run_cli
from hypothesis import given, settings
from hypothesis import strategies as st
from test_plugins import make_plugin

from fide_tiebreaks import PluginError, compute_standings, read_trf
from fide_tiebreaks.explain import explain
from fide_tiebreaks.host import PluginWarning, load_registry

T = TEC / "tournament.trf"
TOURNAMENT = read_trf(T).tournament
OFFICIAL = expected("expected-2024.csv")  # FIDE TEC's published values

FAULTY = """
import sys
from fractions import Fraction
from fide_tiebreaks import hookimpl, Tiebreak

def _points(ctx):
    return {p.id: p.points for p in ctx.tournament.participants}

def _prints(ctx):
    print("debug: computing")
    return _points(ctx)

def _exits(ctx):
    sys.exit(0)

def _exits_text(ctx):
    sys.exit("bye")

def _corrupts(ctx):
    for key in list(ctx.cache):
        ctx.cache[key] = None
    ctx.cache[("opponent_table", "fide-2024")] = "junk"
    ctx.cache.clear()
    return _points(ctx)

def _huge(ctx):
    return {p.id: 10**5000 + p.id for p in ctx.tournament.participants}

def _explain_prints(ctx, pid):
    print("explaining")
    return []

def _check_exits(ctx):
    sys.exit(2)

@hookimpl
def fide_tiebreaks_register():
    return [Tiebreak(code="XPRINT", name="Prints", compute=_prints),
            Tiebreak(code="XEXIT", name="Exits", compute=_exits),
            Tiebreak(code="XEXIT2", name="Exits with text", compute=_exits_text),
            Tiebreak(code="XCORRUPT", name="Corrupts the cache", compute=_corrupts),
            Tiebreak(code="XHUGE", name="Huge", compute=_huge),
            Tiebreak(code="XEXPLAIN", name="Prints in explain", compute=_points,
                     explain=_explain_prints),
            Tiebreak(code="XCHECK", name="Exits in check", compute=_points, check=_check_exits)]
"""


def registry_with(source: str = FAULTY):
    return load_registry(entry_points=False, extra=[("faulty", make_plugin(source))])


def official(code: str) -> dict[int, Fraction]:
    return {pid: row[code] for pid, row in OFFICIAL.items()}


@pytest.mark.parametrize(
    ("code", "message"),
    [
        ("XPRINT", "tie-break 'XPRINT' from plugin 'faulty' wrote to standard output"),
        ("XEXIT", "tie-break 'XEXIT' from plugin 'faulty' called sys.exit(0)"),
        ("XEXIT2", "tie-break 'XEXIT2' from plugin 'faulty' called sys.exit('bye')"),
        ("XCHECK", "tie-break 'XCHECK' from plugin 'faulty' called sys.exit(2) in check"),
    ],
)
def test_a_plugin_fault_is_named_and_the_rest_ranks(code, message, capsys):
    s = compute_standings(TOURNAMENT, f"{code},BH,SB", "fide-2024", reg=registry_with())
    assert s.codes == ["BH", "SB"]
    warnings = [d.message for d in s.diagnostics if d.severity.name == "WARNING"]
    assert any(message in w and w.endswith(f"{code} is left out") for w in warnings), warnings
    assert s.values("BH") == official("BH") and s.values("SB") == official("SB")
    assert capsys.readouterr().out == ""  # what it printed never reached standard output
    with pytest.raises(PluginError, match=re.escape(message)):
        compute_standings(TOURNAMENT, f"{code},BH", "fide-2024", reg=registry_with(), strict=True)


def test_a_plugin_that_corrupts_its_cache_harms_only_itself():
    reg = registry_with()
    # Before and after BH and SB: neither order lets it touch their shared tables.
    for codes in ("XCORRUPT,BH,SB", "BH,SB,XCORRUPT,BH/C1"):
        s = compute_standings(TOURNAMENT, codes, "fide-2024", reg=reg)
        assert not [d for d in s.diagnostics if d.severity.name == "WARNING"]
        assert s.values("BH") == official("BH") and s.values("SB") == official("SB")


def test_the_cache_is_the_plugins_own_and_the_tables_are_shared():
    seen = []

    def spy(ctx):
        seen.append((id(ctx.cache), id(ctx.tables)))
        return {p.id: 0 for p in ctx.tournament.participants}

    from fide_tiebreaks import Tiebreak, hookimpl

    one, two = (type("P", (), {}) for _ in range(2))
    for n, plugin in enumerate((one, two)):
        tb = Tiebreak(code=f"XSPY{n}", name="spy", compute=spy)
        plugin.fide_tiebreaks_register = hookimpl(lambda tb=tb: [tb])  # type: ignore[attr-defined]
    reg = load_registry(entry_points=False, extra=[("one", one), ("two", two)])
    compute_standings(TOURNAMENT, "XSPY0,XSPY1", "fide-2024", reg=reg)
    (cache0, tables0), (cache1, tables1) = seen
    assert cache0 != cache1 and tables0 == tables1


def test_huge_plugin_values_are_shown_in_every_format(tmp_path):
    s = compute_standings(TOURNAMENT, "XHUGE,BH", "fide-2024", reg=registry_with())
    from fide_tiebreaks.formats import render

    for fmt in ("table", "csv", "json", "xml", "html", "trf"):
        data = render(s, fmt, {})
        assert isinstance(data, bytes)
    assert json.loads(render(s, "json", {}))["standings"][0]["tiebreaks"]["XHUGE"].startswith(
        "1000000000"
    )


def test_explain_contains_its_plugins_too(capsys):
    _, items = explain(TOURNAMENT, 4, "XEXPLAIN,BH", "fide-2024", reg=registry_with())
    assert "wrote to standard output in explain" in items[0].note
    assert capsys.readouterr().out == ""
    with pytest.raises(PluginError, match="XEXPLAIN"):
        explain(TOURNAMENT, 4, "XEXPLAIN,BH", "fide-2024", reg=registry_with(), strict=True)


# -- the command line: installed plugins ---------------------------------------------------
def install(tmp_path: Path, name: str, source: str) -> dict[str, str]:
    (tmp_path / f"{name}_tb.py").write_text(source)
    info = tmp_path / f"{name}_tb-1.0.dist-info"
    info.mkdir()
    (info / "METADATA").write_text(f"Metadata-Version: 2.1\nName: {name}-tb\nVersion: 1.0\n")
    (info / "entry_points.txt").write_text(f"[fide_tiebreaks]\n{name} = {name}_tb\n")
    return {"PYTHONPATH": str(tmp_path), "FIDE_TIEBREAKS_LOAD_PLUGINS": name}


def test_the_cli_keeps_stdout_for_its_own_output(tmp_path):
    env = install(tmp_path, "faulty", 'print("imported!")\n' + FAULTY)
    done = run_cli("standings", str(T), "-t", "BH,SB", "-e", "fide-2024", "-f", "json", env=env)
    assert done.returncode == 0
    data = json.loads(done.stdout)  # nothing printed at import corrupts it
    assert data["tournament"]["tiebreaks"] == ["BH", "SB"]
    assert "plugin 'faulty' (faulty-tb 1.0) wrote to standard output at import" in done.stderr


def test_sys_exit_in_compute_is_not_a_silent_success(tmp_path):
    env = install(tmp_path, "faulty", FAULTY)
    done = run_cli("standings", str(T), "-t", "XEXIT,BH", "-e", "fide-2024", "-f", "csv", env=env)
    # The standings are written without XEXIT, and the run fails: XEXIT was asked for.
    assert done.returncode == 1 and done.stdout.startswith("rank,start_rank")
    assert "'XEXIT' from plugin 'faulty' called sys.exit(0); XEXIT is left out" in done.stderr
    strict = run_cli("standings", str(T), "-t", "XEXIT,BH", "--strict", env=env)
    assert strict.returncode == 1 and strict.stdout == ""


def test_serve_answers_are_not_corrupted_by_a_printing_plugin(tmp_path):
    env = install(tmp_path, "faulty", FAULTY)
    request = json.dumps(
        {"id": 1, "path": str(T), "tiebreaks": "XPRINT,BH", "edition": "fide-2024"}
    )
    import os
    import subprocess

    done = subprocess.run(
        [sys.executable, "-m", "fide_tiebreaks", "serve", "--stdio"],
        input=request + "\n",
        capture_output=True,
        text=True,
        timeout=60,
        env={**os.environ, **env},
    )
    lines = done.stdout.splitlines()
    assert len(lines) == 1 and json.loads(lines[0])["id"] == 1


@pytest.mark.parametrize("command", [("plugins",), ("conformance",), ("serve", "--stdio")])
def test_strict_plugins_with_a_plugin_that_fails_to_import(tmp_path, command):
    env = install(tmp_path, "broken", 'raise ImportError("missing dependency")\n')
    env["FIDE_TIEBREAKS_STRICT_PLUGINS"] = "1"
    done = run_cli(*command, env=env)
    assert done.returncode == 1, done.stderr
    assert (
        "error: plugin 'broken' (broken-tb 1.0) failed at import: ImportError: missing dependency"
    ) in done.stderr
    assert "internal error" not in done.stderr


def test_explain_strict_fails_where_standings_strict_does(tmp_path):
    env = install(tmp_path, "faulty", FAULTY)
    args = (str(T), "-t", "XEXIT,BH", "-e", "fide-2024", "--strict")
    assert run_cli("standings", *args, env=env).returncode == 1
    done = run_cli("explain", str(T), "4", *args[1:], env=env)
    assert done.returncode == 1 and "XEXIT" in done.stderr
    plain = run_cli("explain", str(T), "4", "-t", "XEXIT,BH", "-e", "fide-2024", env=env)
    assert plain.returncode == 1  # written, but XEXIT asked for and missing
    # A warning of the standings themselves: ARO dropped (C.07 Art. 10, every player unrated).
    dropped = (str(T), "-t", "ARO,BH", "-e", "fide-2024", "--strict")
    assert run_cli("standings", *dropped).returncode == 1
    done = run_cli("explain", str(T), "4", *dropped[1:])
    assert done.returncode == 1 and "ARO is dropped" in done.stderr


# -- the property: any fault, anywhere, in any order ---------------------------------------
FAULTS = {
    "raise": "raise {error}('boom')",
    "exit": "sys.exit({code})",
    "print": "print('x' * {n})",
    "write": "sys.stdout.write('partial')",
    "cache": "ctx.cache.clear(); ctx.cache.update({{k: None for k in range(3)}})",
    "huge": "return {{p.id: 10 ** (4000 + {n}) for p in ctx.tournament.participants}}",
}


@settings(max_examples=25, deadline=None)
@given(
    st.sampled_from(sorted(FAULTS)),
    st.sampled_from(["compute", "check", "explain"]),
    st.sampled_from(["ValueError", "KeyError", "RecursionError", "MemoryError", "SystemError"]),
    st.sampled_from(["0", "1", "None", "'text'"]),
    st.integers(min_value=0, max_value=50),
    st.booleans(),
)
def test_any_fault_stays_with_its_plugin(fault, where, error, code, n, first):
    body = FAULTS[fault].format(error=error, code=code, n=n)
    source = f"""
import sys
from fide_tiebreaks import hookimpl, Tiebreak

def _values(ctx):
    return {{p.id: 1 for p in ctx.tournament.participants}}

def _faulty(ctx, *args):
    {body}
    return {{p.id: 1 for p in ctx.tournament.participants}} if not args else []

@hookimpl
def fide_tiebreaks_register():
    return [Tiebreak(code="XF", name="faulty",
                     compute=_faulty if "{where}" == "compute" else _values,
                     check=_faulty if "{where}" == "check" else None,
                     explain=_faulty if "{where}" == "explain" else None)]
"""
    reg = registry_with(source)
    codes = "XF,BH,SB" if first else "BH,SB,XF"
    out = sys.stdout
    s, _ = explain(TOURNAMENT, 4, codes, "fide-2024", reg=reg)
    assert sys.stdout is out  # the guard is gone once plugin code is done
    assert s.values("BH") == official("BH") and s.values("SB") == official("SB")


def test_a_fault_in_an_editions_code_is_pinned_on_the_edition_plugin():
    """BH asks the edition for the opponent table; when the edition's plugin fails there, the
    warning names that plugin, not buchholz."""
    import dataclasses

    from fide_tiebreaks import hookimpl

    base = load_registry(entry_points=False).editions["fide-2024"]

    def bad_table(*args):
        print("building")
        return base.opponent_table(*args)

    class Editions:
        @staticmethod
        @hookimpl
        def fide_tiebreaks_editions():
            return [dataclasses.replace(base, name="broken-2024", opponent_table=bad_table)]

    reg = load_registry(entry_points=False, extra=[("edplug", Editions)])
    s = compute_standings(TOURNAMENT, "BH,SB,WIN", "broken-2024", reg=reg)
    warnings = [d.message for d in s.diagnostics if d.severity.name == "WARNING"]
    assert any(
        "edition 'broken-2024' from plugin 'edplug' wrote to standard output in opponent_table" in w
        for w in warnings
    ), warnings
    assert s.codes == ["WIN"]


ODD = """
from fractions import Fraction
from fide_tiebreaks import hookimpl, Tiebreak
from fide_tiebreaks.explain import Line, Step

class Moody(dict):
    def __getitem__(self, key):
        raise ValueError("moody mapping")

class Loud(Fraction):
    def __repr__(self):
        raise RuntimeError("no repr")

def _moody(ctx):
    return Moody({p.id: 1 for p in ctx.tournament.participants})

def _points(ctx):
    return {p.id: p.points for p in ctx.tournament.participants}

def _floats_in_lines(ctx, pid):
    return [Line(1, 2, "played", 0.5, 1.0, 0.5)]

def _junk_items(ctx, pid):
    return [Step("fine"), "not a step", 42]

@hookimpl
def fide_tiebreaks_register():
    return [Tiebreak(code="XMOODY", name="m", compute=_moody),
            Tiebreak(code="XLINES", name="l", compute=_points, explain=_floats_in_lines),
            Tiebreak(code="XITEMS", name="i", compute=_points, explain=_junk_items)]
"""


def test_what_a_plugin_returns_is_read_inside_its_guard():
    s = compute_standings(TOURNAMENT, "XMOODY,BH", "fide-2024", reg=registry_with(ODD))
    warnings = [d.message for d in s.diagnostics if d.severity.name == "WARNING"]
    assert any(
        "'XMOODY' from plugin 'faulty' failed: ValueError: moody mapping" in w for w in warnings
    ), warnings
    assert s.values("BH") == official("BH")


@pytest.mark.parametrize("code", ["XLINES", "XITEMS"])
def test_an_explanation_that_cannot_be_shown_is_a_fault_of_its_plugin(code):
    from fide_tiebreaks.explain import render_text, to_dict

    s, items = explain(TOURNAMENT, 4, f"{code},BH", "fide-2024", reg=registry_with(ODD))
    assert items[0].note.startswith(f"no working shown: tie-break '{code}' from plugin 'faulty'")
    render_text(s, 4, items)
    json.dumps(to_dict(s, 4, items))
    with pytest.raises(PluginError, match=code):
        explain(TOURNAMENT, 4, f"{code},BH", "fide-2024", reg=registry_with(ODD), strict=True)


@pytest.mark.parametrize(
    ("fields", "message"),
    [
        ({"code": 5}, "code or aliases are not plain code names"),
        ({"code": "XY/C1"}, "code or aliases are not plain code names"),
        ({"aliases": (5,)}, "code or aliases are not plain code names"),
        ({"modifiers": "CZ"}, "modifiers are not a set of"),
        ({"compute": "not a function"}, "compute, check or explain is not a function"),
        ({"group": True, "alone": "x"}, "alone is not an exact number"),
    ],
)
def test_a_malformed_registration_is_refused_by_name(fields, message):
    from fide_tiebreaks import Tiebreak, hookimpl

    tb = Tiebreak(**{"code": "XOK", "name": "x", "compute": lambda ctx: {}, **fields})

    class Plugin:
        fide_tiebreaks_register = staticmethod(hookimpl(lambda: [tb]))

    with pytest.warns(PluginWarning, match=f"plugin 'odd' returned a Tiebreak whose {message}"):
        reg = load_registry(entry_points=False, extra=[("odd", Plugin)])
    assert compute_standings(TOURNAMENT, "BH", "fide-2024", reg=reg).codes == ["BH"]


def test_an_exception_outside_exception_is_a_fault_too():
    source = FAULTY.replace(
        "def _exits(ctx):\n    sys.exit(0)",
        "class Boom(BaseException):\n    pass\n\ndef _exits(ctx):\n    raise Boom('out of band')",
    )
    s = compute_standings(TOURNAMENT, "XEXIT,BH", "fide-2024", reg=registry_with(source))
    assert any(
        "'XEXIT' from plugin 'faulty' failed: Boom: out of band" in d.message for d in s.diagnostics
    )


def test_overwritten_shared_tables_are_rebuilt_not_trusted():
    source = FAULTY.replace(
        "    ctx.cache.clear()\n",
        "    ctx.cache.clear()\n"
        "    for key in list(ctx.tables):\n        ctx.tables[key] = 'junk'\n",
    )
    s = compute_standings(
        TOURNAMENT, "BH,XCORRUPT,SB,BH/C1", "fide-2024", reg=registry_with(source)
    )
    assert not [d for d in s.diagnostics if d.severity.name == "WARNING"]
    assert s.values("SB") == official("SB") and s.values("BH/C1") == official("BH/C1")
