"""The pairing indexes through every door: the TRF reader (XXA and 250 acceleration records),
EventBuilder, the pairing-index command and serve; each gives the values worked by hand in
test_pairing_burstein.py and test_pairing_dubov.py."""

from __future__ import annotations

import json
from fractions import Fraction as F
from pathlib import Path

import pytest
from conftest import run_cli
from pairing_events import event_e
from trfbuild import player_line

from fide_tiebreaks import Acceleration, pairing_index, parse_trf
from fide_tiebreaks.serve import answer

# Event E as a TRF16 file (tests/pairing_events.py), with its points and 9 rounds.
E_ROWS = {
    1: ("3.0", [(2, "w", "1"), (5, "w", "="), (3, "b", "="), (4, "w", "1")]),
    2: ("2.5", [(1, "b", "0"), (8, "w", "1"), (5, "b", "1"), (3, "w", "=")]),
    3: ("2.5", [(4, "w", "="), (7, "b", "1"), (1, "w", "="), (2, "b", "=")]),
    4: ("1.0", [(3, "b", "="), (None, "-", "H"), (7, "w", "-"), (1, "b", "0")]),
    5: ("2.5", [(6, "w", "1"), (1, "b", "="), (2, "w", "0"), (8, "w", "1")]),
    6: ("0.0", [(5, "b", "0"), (None, "-", "Z"), (None, "-", "Z"), (None, "-", "Z")]),
    7: ("2.0", [(None, "-", "U"), (3, "w", "0"), (4, "b", "+"), None]),
    8: ("1.0", [None, (2, "b", "0"), (None, "-", "F"), (5, "b", "0")]),
}


def e_trf(extra: tuple[str, ...] = ()) -> str:
    lines = ["012 Event E", "XXR 9", *extra]
    for pid, (points, rounds) in E_ROWS.items():
        lines.append(player_line(pid, f"Player {pid}", rounds, points, 2500 - 100 * pid))
    return "\n".join(lines) + "\n"


@pytest.fixture
def e_file(tmp_path: Path) -> Path:
    path = tmp_path / "e.trf"
    path.write_text(e_trf())
    return path


def test_the_file_gives_the_builders_values() -> None:
    read = parse_trf(e_trf()).tournament
    built = event_e().tournament()
    for system in ("burstein", "dubov"):
        assert pairing_index(read, system).entries == pairing_index(built, system).entries


def test_xxa_and_250_records_are_read_as_virtual_points() -> None:
    # XXA: player 1, 1.0 in round 1 (columns 10-13) and round 5 (columns 30-33).
    # 250: 0.5 fictitious points (columns 10-13), rounds 5-5, players 2-3.
    xxa = "XXA    1" + " " + "1.0".rjust(4) + " " * 16 + "1.0".rjust(4)
    r250 = (
        "250 "
        + "0.0".rjust(4)
        + " "
        + "0.5".rjust(4)
        + " "
        + "  5"
        + " "
        + "  5"
        + " "
        + "   2"
        + " "
        + "   3"
    )
    result = parse_trf(e_trf((xxa, r250)))
    t = result.tournament
    assert t.acceleration == (
        Acceleration(1, 1, F(1)),
        Acceleration(1, 5, F(1)),
        Acceleration(2, 5, F(1, 2)),
        Acceleration(3, 5, F(1, 2)),
    )
    ix = pairing_index(t, "burstein")
    # Round 5's groups: 1 on 3 + 1 = 4; 2, 3 on 2.5 + 0.5 = 3; 5 alone on 2.5.
    assert [(g.score, g.players) for g in ix.groups][:3] == [
        (4, (1,)),
        (3, (3, 2)),
        (F(5, 2), (5,)),
    ]
    assert ix.entry(1).buchholz == F(17, 2)  # as without acceleration (1.7.2)


def test_xxa_naming_no_player_is_reported_where_it_is() -> None:
    result = parse_trf(e_trf(("XXA   42  1.0",)))
    assert any(
        d.line == 3 and "no player with start rank 42" in d.message for d in result.diagnostics
    )
    assert result.tournament.acceleration == ()
    bad = parse_trf(e_trf(("XXA    1  x.y",)))
    assert any(d.line == 3 and d.column == 11 for d in bad.diagnostics)


def test_command_json_table_and_explain(e_file: Path) -> None:
    out = run_cli("pairing-index", str(e_file), "--system", "burstein", "-f", "json")
    assert out.returncode == 0, out.stderr
    doc = json.loads(out.stdout)
    assert doc["order"] == [3, 2, 1, 7, 5, 4, 8, 6] and doc["seeding"] is False
    assert {p["id"]: p["buchholz"] for p in doc["players"]}[1] == "8.5"
    table = run_cli("pairing-index", str(e_file), "-s", "dubov", "--after-round", "3")
    assert table.returncode == 0 and "Dubov ARO" in table.stdout
    explained = run_cli("pairing-index", str(e_file), "-s", "burstein", "--explain", "7")
    assert explained.returncode == 0
    assert "R3 forfeit win" in explained.stdout and "himself" in explained.stdout


@pytest.mark.parametrize(
    ("args", "code", "says"),
    [
        (("--after-round", "7"), 2, "--after-round must be between 0 and"),
        (("--burstein-edition", "2025-07"), 2, "not established"),
        (("--rating", "x=1"), 2, "--rating takes ID=RATING"),
        (("--explain", "Nobody"), 2, "no participant"),
    ],
)
def test_command_refusals(e_file: Path, args: tuple[str, ...], code: int, says: str) -> None:
    out = run_cli("pairing-index", str(e_file), "--system", "burstein", *args)
    assert out.returncode == code and says in out.stderr and "Traceback" not in out.stderr
    assert out.stderr.startswith("fide-tiebreaks: error:")


def test_command_missing_rating_is_a_problem_of_the_input(tmp_path: Path) -> None:
    path = tmp_path / "u.trf"
    path.write_text(
        e_trf().replace(
            player_line(8, "Player 8", E_ROWS[8][1], "1.0", 1700),
            player_line(8, "Player 8", E_ROWS[8][1], "1.0", 0),
        )
    )
    out = run_cli("pairing-index", str(path), "-s", "dubov")
    assert out.returncode == 1 and "1.1.2" in out.stderr
    fixed = run_cli("pairing-index", str(path), "-s", "dubov", "--rating", "8=1650", "-f", "json")
    doc = json.loads(fixed.stdout)
    assert {p["id"]: p["aro"] for p in doc["players"]}[2] == 2063


def test_command_on_bad_files(tmp_path: Path) -> None:
    missing = run_cli("pairing-index", str(tmp_path / "none.trf"), "-s", "dubov")
    assert missing.returncode == 2 and "Traceback" not in missing.stderr
    broken = tmp_path / "b.trf"
    broken.write_text("001 abc\n")
    out = run_cli("pairing-index", str(broken), "-s", "burstein")
    assert out.returncode in (1, 2) and ":1:" in out.stderr


def test_serve_request(e_file: Path) -> None:
    line = json.dumps(
        {
            "id": 3,
            "path": str(e_file),
            "after_round": 4,
            "pairing_index": {"system": "burstein", "zero_bye": "none"},
        }
    )
    response = answer(line)
    assert response["id"] == 3 and response["zero_bye"] == "none"
    # zero_bye none: player 5's BH 6.5 (test_pairing_burstein).
    assert {p["id"]: p["buchholz"] for p in response["players"]}[5] == "6.5"
    dubov = answer(json.dumps({"trf": e_trf(), "pairing_index": {"system": "dubov"}}))
    assert {p["id"]: p["aro"] for p in dubov["players"]}[1] == 2150


@pytest.mark.parametrize(
    "ask",
    [
        {"system": "nope"},
        {"system": "dubov", "provisional_ratings": {"x": 1}},
        {"system": "dubov", "provisional_ratings": []},
        {"system": "burstein", "colour": 1},
        "burstein",
        {"system": "burstein", "rounds": "9"},
    ],
)
def test_serve_refusals(e_file: Path, ask: object) -> None:
    response = answer(json.dumps({"path": str(e_file), "pairing_index": ask}))
    assert "error" in response and "internal" not in response["error"]["message"]


def test_builder_needs_no_edition_for_pairing() -> None:
    from fide_tiebreaks import EventBuilder

    b = EventBuilder(5)
    b.add_player(1, "A", rating=2000)
    b.add_player(2, "B", rating=1900)
    b.record_round(1, [(1, 2, "1-0")])
    ix = b.pairing_index("dubov")
    assert ix.entry(1).aro == 1900  # type: ignore[union-attr]
