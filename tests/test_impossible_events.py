"""No impossible event is ranked: a game whose two sides do not mirror to one game's points,
two pairing-allocated byes in one round, a team roster naming a player who has no ``001``
line, and contradictory or repeated ``330`` records are each a located error in ``check``;
``standings`` (and every command that reads the event) stops with exit 2 naming each line,
unless ``--lenient`` (the lines read as written, each impossibility a warning). The same
holds for Chess-JSON and XML, which are read through the TRF reader's checks."""

from __future__ import annotations

import contextlib
import io
import json
from fractions import Fraction

import pytest
from conftest import ROOT
from trfbuild import player_line, tournament

from fide_tiebreaks import read_tournament
from fide_tiebreaks.cli import main
from fide_tiebreaks.diagnostics import Kind, Severity
from fide_tiebreaks.formats.base import ReadSettings

TEAM_4X4 = ROOT / "conformance" / "fixtures" / "team-4x4" / "tournament.trf"
SWISS = ("092 Individual: Swiss-System",)


def _cli(*args: str) -> tuple[int, str]:
    out = io.TextIOWrapper(io.BytesIO(), encoding="utf-8")
    err = io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        code = main(list(args))
    return code, err.getvalue()


def _individual(round_1: dict[int, tuple[int | None, str, str]]) -> str:
    return tournament({pid: [block] for pid, block in round_1.items()}, headers=SWISS)


def _team(*extra: str, roster_4: str | None = None) -> str:
    lines = TEAM_4X4.read_text().splitlines()
    assert lines[25].startswith("310   4")  # line 26: team 4's roster, 13 14 15 16
    if roster_4 is not None:
        lines[25] = lines[25].replace("  16", roster_4)
    return "\n".join([*lines, *extra]) + "\n"


# name -> (the file's text, the located message start, a piece of its text). Each line of
# the file below is counted by hand: 012 is line 1, 092 line 2, player 1 line 3, ...; the
# team fixture's 310 records are lines 23-26, an appended record line 27 and on.
CASES = {
    "both-claim-the-win": (
        _individual({1: (2, "w", "1"), 2: (1, "b", "1"), 3: (4, "w", "="), 4: (3, "b", "=")}),
        ":3:99: error: round 1: results do not mirror: 1 has '1' against 2, who has '1'",
        "one game cannot end so",
    ),
    "a-win-against-a-draw": (
        _individual({1: (2, "w", "1"), 2: (1, "b", "="), 3: (4, "w", "="), 4: (3, "b", "=")}),
        ":3:99: error: round 1: results do not mirror: 1 has '1' against 2, who has '='",
        "one game cannot end so",
    ),
    "two-pairing-allocated-byes": (
        _individual({1: (None, "-", "U"), 2: (None, "-", "U"), 3: (4, "w", "1"), 4: (3, "b", "0")}),
        ":4:99: error: round 1: player 2 has a pairing-allocated bye (U), and so has player 1 "
        "(line 3)",
        "a round has at most one",
    ),
    "a-roster-naming-a-missing-player": (
        _team(roster_4="  99"),
        ":26:1: error: team 4 lists player 99, who has no 001 line",
        "--lenient",
    ),
    "contradictory-330-records": (
        _team("330 +-   1   1   2", "330 -+   1   1   2"),
        ":28:5: error: 330: round 1: this record contradicts ('+-' 1 against 2) the 330 record "
        "on line 27",
        "a team plays one match a round",
    ),
    "a-repeated-330-record": (
        _team("330 +-   1   1   2", "330 +-   1   1   2"),
        ":28:5: error: 330: round 1: this record repeats the 330 record on line 27",
        "a team plays one match a round",
    ),
    "a-330-naming-a-team-in-two-matches": (
        _team("330 +-   1   1   2", "330 +-   1   1   3"),
        ":28:5: error: 330: round 1: this record contradicts ('+-' 1 against 2)",
        "forfeited once",
    ),
}


@pytest.mark.parametrize("name", CASES)
def test_check_locates_each_impossibility_as_an_error(tmp_path, name):
    text, where, what = CASES[name]
    path = tmp_path / f"{name}.trf"
    path.write_text(text)
    code, err = _cli("check", str(path))
    assert code == 1
    found = [line for line in err.splitlines() if line.startswith(f"{path}{where}")]
    assert len(found) == 1 and what in found[0], err


@pytest.mark.parametrize("name", CASES)
def test_standings_stops_with_exit_2_unless_lenient(tmp_path, name):
    """Before: each was ranked with exit 0 (some with a warning, some without)."""
    text, where, _ = CASES[name]
    path = tmp_path / f"{name}.trf"
    path.write_text(text)
    code, err = _cli("standings", str(path), "-e", "fide-2024")
    assert code == 2
    assert f"{path}{where}" in err
    assert "cannot have happened" in err and "--lenient" in err
    code, err = _cli("standings", str(path), "-e", "fide-2024", "--lenient")
    assert code == 0, err
    assert f"{path}{where.replace('error', 'warning')}" in err and "read on (--lenient)" in err
    for command in (["convert", str(path), "--to", "trf26"], ["explain", str(path), "1"]):
        assert _cli(*command)[0] == 2, command


@pytest.mark.parametrize("name", CASES)
def test_the_api_takes_the_same_switch(tmp_path, name):
    path = tmp_path / f"{name}.trf"
    path.write_text(CASES[name][0])
    strict = [d for d in read_tournament(path).diagnostics if d.kind is Kind.IMPOSSIBLE]
    assert [d.severity for d in strict] == [Severity.ERROR]
    for lenient in (
        read_tournament(path, lenient=True),
        read_tournament(path, settings=ReadSettings(lenient=True)),
    ):
        found = [d for d in lenient.diagnostics if d.kind is Kind.IMPOSSIBLE]
        assert [d.severity for d in found] == [Severity.WARNING]
    with pytest.raises(TypeError, match="lenient must be True or False"):
        read_tournament(path, lenient="yes")


def test_lenient_reads_the_lines_as_written(tmp_path):
    """Both claim the win, read leniently: each line as written, 1 point each, 2 points from
    one game (why it is refused by default); players 3 and 4 drew: 1/2 each."""
    path = tmp_path / "t.trf"
    path.write_text(CASES["both-claim-the-win"][0])
    t = read_tournament(path, lenient=True).tournament
    assert {p.id: p.points for p in t} == {1: 1, 2: 1, 3: Fraction(1, 2), 4: Fraction(1, 2)}


def _game(rnd: int, white: dict, black: dict | None) -> dict:
    return {"round": rnd, "white": white, "black": black, "played": True, "rated": True}


def _chess_json(games: list[dict]) -> str:
    doc = {
        "filetype": "Event",
        "version": "1.0",
        "event": {
            "eventName": "Impossible",
            "tournaments": [
                {
                    "numRounds": 1,
                    "competitors": [{"cid": i, "name": f"P{i}"} for i in range(1, 5)],
                    "gameList": games,
                }
            ],
        },
    }
    return json.dumps(doc, indent=1)


CHESS_JSON = {
    "both-claim-the-win": (
        _chess_json(
            [
                _game(1, {"cid": 1, "result": "W"}, {"cid": 2, "result": "W"}),
                _game(1, {"cid": 3, "result": "D"}, {"cid": 4, "result": "D"}),
            ]
        ),
        "results do not mirror: 1 has '1' against 2, who has '1'",
    ),
    "two-pairing-allocated-byes": (
        _chess_json(
            [
                _game(1, {"cid": 1, "result": "P"}, None),
                _game(1, {"cid": 2, "result": "P"}, None),
                _game(1, {"cid": 3, "result": "W"}, {"cid": 4, "result": "L"}),
            ]
        ),
        "player 2 has a pairing-allocated bye (U), and so has player 1",
    ),
}


@pytest.mark.parametrize("name", CHESS_JSON)
def test_chess_json_is_held_to_the_same_checks(tmp_path, name):
    text, what = CHESS_JSON[name]
    path = tmp_path / f"{name}.json"
    path.write_text(text)
    code, err = _cli("standings", str(path), "-e", "fide-2024")
    assert code == 2 and what in err and f"{path}:" in err
    assert _cli("standings", str(path), "-e", "fide-2024", "--lenient")[0] == 0


def test_xml_is_held_to_the_same_checks(tmp_path):
    path = tmp_path / "t.xml"
    path.write_text(
        '<tournament name="Impossible" type="swiss">\n'
        '  <player id="1" name="A"><round n="1" opponent="2" colour="w" result="1"/></player>\n'
        '  <player id="2" name="B"><round n="1" opponent="1" colour="b" result="="/></player>\n'
        "</tournament>\n"
    )
    code, err = _cli("standings", str(path), "-e", "fide-2024")
    assert code == 2
    assert f"{path}:2:1: error: round 1: results do not mirror: 1 has '1' against 2" in err
    code, err = _cli("check", str(path), "--lenient")
    assert f"{path}:2:1: warning: round 1: results do not mirror" in err


def test_an_event_that_mirrors_still_ranks(tmp_path):
    path = tmp_path / "t.trf"
    lines = [player_line(1, "A", [(2, "w", "1")]), player_line(2, "B", [(1, "b", "0")])]
    path.write_text("012 X\n" + "\n".join(lines) + "\n")
    assert _cli("standings", str(path), "-e", "fide-2024")[0] == 0
