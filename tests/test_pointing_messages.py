"""Messages that pointed the wrong way, and what the last pass left open (issue #30): each
test here failed before its fix."""

from __future__ import annotations

import io
import json
import sys
from fractions import Fraction

import pytest
from conftest import TEC

import fide_tiebreaks as ft
from fide_tiebreaks.cli import main
from fide_tiebreaks.formats import parse_any
from fide_tiebreaks.formats.chessjson import writer

TRF = TEC / "tournament.trf"


def test_a_program_that_answers_nothing_compares_nothing_and_certify_fails(capsys):
    # `false` exits 1 and writes nothing: there is no value of its to compare with ours.
    code = main(["certify", "--program", "false", "-n", "1", "--shrink-seconds", "0"])
    out, err = capsys.readouterr()
    assert code == 1
    assert "0 values and orders compared" in out  # was "1 value or order compared"
    assert "no value and no order was compared: the program failed on every event" in err


@pytest.mark.parametrize(
    "argv",
    [
        ["standings", str(TRF), "-e", ""],
        ["explain", str(TRF), "1", "-e", " "],
        ["certify", "-e", "", "-n", "1"],
        ["conformance", "--edition", ""],
    ],
)
def test_an_empty_edition_is_a_usage_error_not_a_silent_fallback(capsys, argv):
    assert main(argv) == 2
    assert "--edition is empty: give an edition's name" in capsys.readouterr().err


@pytest.mark.parametrize(
    ("code", "message"),
    [
        # 99 rounds at most (TRF): a Cut of 99 values leaves none in any event
        ("BH/C99", r"/C99 removes the 99 lowest values, 99 in all, .* /C takes 1 to 98"),
        # a Median of 50 removes 100 values
        ("BH/M50", r"/M50 removes the 50 highest and the 50 lowest values, 100 in all"),
    ],
)
def test_a_cut_that_leaves_nothing_in_any_event_is_refused(code, message):
    with pytest.raises(ft.CodeError, match=message):
        ft.parse_code(code)


def test_a_cut_that_leaves_a_value_in_a_longer_event_is_read_and_warned_about():
    assert ft.parse_code("BH/C98").cut == 98 and ft.parse_code("BH/M49").median == 49
    # 5 rounds: C5 ties everyone here, yet the same list serves a 9-round event
    t = ft.read_tournament(TRF).tournament
    s = ft.compute_standings(t, "BH/C5")
    assert any("the Cut removes the 5 lowest" in d.message for d in s.diagnostics)


def test_the_empty_file_message_and_explain_help_name_pgn(tmp_path, capsys):
    empty = tmp_path / "e.trf"
    empty.write_bytes(b"")
    assert main(["standings", str(empty)]) == 2
    assert "give a TRF, XML, Chess-JSON or PGN file" in capsys.readouterr().err
    assert main(["explain", "--help"]) == 0
    help_text = capsys.readouterr().out
    assert "Chess-JSON or PGN file" in help_text and "--absent-as" in help_text


class _Terminal(io.StringIO):
    def isatty(self) -> bool:
        return True


def test_generate_shows_progress_on_a_terminal_and_nothing_when_redirected(tmp_path, monkeypatch):
    terminal = _Terminal()
    monkeypatch.setattr(sys, "stderr", terminal)
    assert main(["generate", str(tmp_path / "a"), "-n", "3"]) == 0
    assert "\r[" in terminal.getvalue() and "3/3 events" in terminal.getvalue()
    piped = io.StringIO()
    monkeypatch.setattr(sys, "stderr", piped)
    assert main(["generate", str(tmp_path / "b"), "-n", "3"]) == 0
    assert "\r" not in piped.getvalue() and "3 events written" in piped.getvalue()


def test_the_reprs_of_standings_and_tournaments_are_short():
    t = ft.read_tournament(TRF).tournament
    s = ft.compute_standings(t, "BH/C1,BH,SB")
    # was 31,841 characters for this 16-player event: every row, every game
    assert len(repr(s)) < 200 and "16 rows" in repr(s) and "BH/C1,BH,SB" in repr(s)
    assert str(s) == repr(s)
    assert len(repr(t)) < 200 and "16 participants, 5 rounds" in repr(t)


def _hostile_trf(tmp_path):
    text = TRF.read_text(encoding="utf-8").splitlines()
    i = next(n for n, line in enumerate(text) if line.startswith("001"))
    name = "Evil\u202eKcab\x9b31m"  # a right-to-left override and CSI (a C1 control)
    text[i] = text[i][:14] + name.ljust(33) + text[i][47:]
    path = tmp_path / "b.trf"
    path.write_text("\n".join(text) + "\n", encoding="utf-8")
    return path, name


def test_json_output_escapes_c1_and_bidi_controls_and_reads_back_the_same(tmp_path, capsys):
    path, name = _hostile_trf(tmp_path)
    assert main(["standings", str(path), "-f", "json"]) == 0
    out = capsys.readouterr().out
    assert "\x9b" not in out and "\u202e" not in out
    assert "\\u009b" in out and "\\u202e" in out
    names = {row["name"] for row in json.loads(out)["standings"]}
    assert name in names  # lossless: the escapes decode to the same characters


@pytest.mark.parametrize("form", ["csv", "table", "html", "xml"])
def test_people_formats_neutralise_a_right_to_left_override(tmp_path, capsys, form):
    path, _ = _hostile_trf(tmp_path)
    assert main(["standings", str(path), "-f", form]) == 0
    out = capsys.readouterr().out
    assert "\u202e" not in out and "\x9b" not in out and "\ufffd" in out


def test_audit_names_an_install_command_a_checkout_has(monkeypatch):
    from fide_tiebreaks.audit import run_dask

    monkeypatch.setitem(sys.modules, "distributed", None)  # Dask not installed
    with pytest.raises(RuntimeError, match=r"from a checkout: pip install '\.\[dask\]'"):
        list(run_dask([], "tcp://127.0.0.1:1"))


def _accelerated() -> ft.Tournament:
    b = ft.EventBuilder(rounds=3, edition="fide-2024")
    for pid in range(1, 5):
        b.add_player(pid, f"P{pid}")
    b.record_round(1, [(1, 2, "1-0"), (3, 4, "0-1")])
    b.accelerate(1, [2, 3], 1)  # Baku-style: one virtual point in rounds 2 and 3
    b.accelerate(3, [2], Fraction(1, 2))
    return b.tournament()


def test_acceleration_travels_in_chess_json_and_reads_back():
    t = _accelerated()
    back = parse_any(writer.dumps(writer.event(t)).encode(), "x.json").tournament
    assert back.acceleration == (
        ft.Acceleration(participant=1, round=2, points=Fraction(1)),
        ft.Acceleration(participant=1, round=3, points=Fraction(1)),
        ft.Acceleration(participant=3, round=2, points=Fraction(1, 2)),
    )


def test_a_bad_acceleration_entry_is_refused_by_name():
    doc = writer.event(_accelerated())
    text = writer.dumps(doc).replace('"round": 3', '"round": 7', 1)
    with pytest.raises(ft.InputError, match=r"other\.acceleration\[1\]\": round 7 is not a round"):
        result = parse_any(text.encode(), "x.json")
        if any(d.severity is ft.Severity.ERROR for d in result.diagnostics):
            raise ft.InputError(result.diagnostics)


# -- host: a plugin's problem names its plugin ------------------------------------------------


def _junk_plugin():
    import types

    module = types.ModuleType("junk")
    exec(
        "from fide_tiebreaks import hookimpl\n"
        "@hookimpl\ndef fide_tiebreaks_register():\n    return ['BH']\n",
        module.__dict__,
    )
    return module


def test_a_plugin_problem_is_typed_and_names_its_plugin():
    from fide_tiebreaks.host import PluginProblem, PluginWarning, load_registry

    with pytest.warns(PluginWarning) as caught:
        reg = load_registry(entry_points=False, extra=[("junk", _junk_plugin())])
    assert [type(p) for p in reg.problems] == [PluginProblem]
    assert reg.problems[0].plugin == "junk"
    assert "'junk' returned something that is not a Tiebreak" in str(reg.problems[0])
    assert caught[0].message.plugin == "junk"  # type: ignore[union-attr]
    with pytest.raises(ft.PluginError, match="not a Tiebreak") as e:
        load_registry(entry_points=False, extra=[("junk", _junk_plugin())], strict=True)
    assert e.value.plugin == "junk"


def test_registration_checks_return_none_for_a_well_formed_item():
    from fide_tiebreaks.host import registry
    from fide_tiebreaks.registered import malformed

    bh = registry().resolve("BH")
    assert malformed(bh) is None
    import dataclasses

    blank = dataclasses.replace(registry().edition("fide-2024"), name=" ")
    assert malformed(blank) == "name is not text"
