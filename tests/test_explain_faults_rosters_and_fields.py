"""Defects a hostile review of the third pass found, each pinned with the message a user
sees: an explanation a built-in could not make, a roster naming a player twice, ..."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from conftest import TEC
from test_plugins import make_plugin

from fide_tiebreaks import cli, host
from fide_tiebreaks.host import load_registry

T = TEC / "tournament.trf"
ROOT = Path(__file__).resolve().parent.parent
TEAM_4X4 = ROOT / "conformance" / "fixtures" / "team-4x4" / "tournament.trf"


def _raises(*args, **kwargs):
    raise IndexError("list index out of range")


@pytest.fixture
def broken_bh_explain(monkeypatch):
    """The built-in Buchholz's explain raising, in the registry the commands use."""
    import fide_tiebreaks.plugins.buchholz as buchholz

    monkeypatch.setattr(buchholz, "explain_bh", _raises)
    monkeypatch.setattr(host, "_registry", load_registry(entry_points=False))


EXPLAIN_BUG = (
    "fide-tiebreaks: error: internal error: BH could not be computed, a bug in fide-tiebreaks "
    "(tie-break 'BH' from plugin 'buchholz' failed in explain: IndexError: list index out of "
    "range); please report it with the input file\n"
)


@pytest.mark.parametrize(
    "args",
    [
        ["explain", str(T), "1", "-t", "BH", "-e", "fide-2024"],
        ["explain", str(T), "1", "-t", "BH", "-e", "fide-2024", "-f", "json"],
        ["standings", str(T), "-t", "BH", "-e", "fide-2024", "-f", "html"],
    ],
)
def test_a_builtin_explain_that_fails_is_an_internal_error(broken_bh_explain, capsys, args):
    # It was "no working shown: ..." in the output, and exit 0: our bug shown as a note.
    status = cli.main(args)
    out, error = capsys.readouterr()
    assert status == 3
    assert out == ""
    assert error == EXPLAIN_BUG


FAILING_EXPLAIN = """
from fide_tiebreaks import hookimpl, Tiebreak

def _zero(ctx):
    return {p.id: 0 for p in ctx.tournament.participants}

def _fails(ctx, pid):
    raise RuntimeError("boom")

@hookimpl
def fide_tiebreaks_register():
    return [Tiebreak(code="XEXP", name="Explains badly", compute=_zero, explain=_fails)]
"""


@pytest.mark.parametrize("form", ["text", "json"])
def test_a_third_party_explain_that_fails_is_a_warning_and_exit_1(monkeypatch, capsys, form):
    # It was exit 0 with nothing on standard error: the explanation asked for was not there.
    reg = load_registry(entry_points=False, extra=[("faulty", make_plugin(FAILING_EXPLAIN))])
    monkeypatch.setattr(host, "_registry", reg)
    status = cli.main(["explain", str(T), "1", "-t", "XEXP,BH", "-e", "fide-2024", "-f", form])
    out, error = capsys.readouterr()
    assert status == 1
    assert error == (
        "fide-tiebreaks: warning: tie-break 'XEXP' from plugin 'faulty' failed in explain: "
        "RuntimeError: boom; XEXP's working is not shown\n"
    )
    assert "no working shown: tie-break 'XEXP' from plugin 'faulty'" in out
    if form == "json":
        json.loads(out)


def test_a_roster_naming_a_player_twice_is_read_once_and_converts_back(tmp_path, capsys):
    # Team 1's 310 record (line 23) lists 1 2 2 4 instead of 1 2 3 4. Player 2 was counted
    # on two boards (match 1-2 had "7/2 + 1 game points on 4 boards") with no word about
    # the roster, and convert wrote a Chess-JSON file our reader refused ("two competitors
    # have cid 2", exit 2).
    lines = TEAM_4X4.read_text().splitlines()
    assert lines[22].endswith("    1    2    3    4")
    lines[22] = lines[22][: -len("    3    4")] + "    2    4"
    path = tmp_path / "t.trf"
    path.write_text("\n".join(lines) + "\n")
    assert cli.main(["check", str(path)]) == 1
    error = capsys.readouterr().err
    assert f"{path}:23:1: warning: team 1 lists player 2 twice; read once\n" in error
    assert "game points on 4 boards" not in error
    out = tmp_path / "t.json"
    assert cli.main(["convert", str(path), "--to", "chess-json", "-o", str(out)]) == 0
    capsys.readouterr()
    assert cli.main(["standings", str(path), "-f", "json"]) == 0
    original = json.loads(capsys.readouterr().out)["standings"]
    assert cli.main(["standings", str(out), "-f", "json"]) == 0
    assert json.loads(capsys.readouterr().out)["standings"] == original


def test_serve_suggests_the_field_a_misspelt_one_meant():
    # It listed the known fields only: "optoins" got no did-you-mean, as --optoin does.
    from fide_tiebreaks import serve

    response = serve.answer(json.dumps({"id": 3, "path": str(T), "optoins": {}}))
    message = response["error"]["message"]
    assert message.startswith("unknown field(s) optoins (did you mean options?); known: ")


def test_options_that_are_not_a_mapping_are_an_option_error():
    # compute_standings(options=["x"]) raised "dictionary update sequence element #0 has
    # length 1; 2 is required", which says nothing of options.
    from fide_tiebreaks import OptionError, compute_standings, read_trf

    with pytest.raises(OptionError) as e:
        compute_standings(read_trf(T).tournament, "BH", "fide-2024", options=["x"])
    assert str(e.value) == "options must be a mapping of name to value, not list"
