"""The TRF writer from the model (formats/trf/model_writer.py): TRF16 and TRF-2026.

Expected lines are written out column by column from C.04 Annex 2 (001: start rank 5-8,
name 15-47, rating 49-52, points 81-84, rank 86-89, round blocks from 92, 10 columns each)
and TRF-2026 (162: symbol at 6, points 7-10, every 9 columns; 299: type 5, points 14-17,
round 20-22, ids from 24); values read back are compared with the model they came from.
"""

from __future__ import annotations

import sys
from dataclasses import replace
from datetime import date
from fractions import Fraction
from pathlib import Path

import pytest

from fide_tiebreaks import EventBuilder, Scoring, compute_standings, parse_trf
from fide_tiebreaks.formats.trf.model_writer import TrfFormError, write_tournament_trf
from fide_tiebreaks.model import Participant, Tournament

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "benchmarks"))
from generate import generate, generate_teams  # noqa: E402

FILES = sorted((ROOT / "conformance").rglob("*.trf"))


def same(a: Tournament, b: Tournament) -> bool:
    """Equal as models (the edition is the builder's choice, which a file does not hold)."""
    return replace(a, edition=None) == replace(b, edition=None)


def read(text: str) -> Tournament:
    result = parse_trf(text.encode())
    assert [d.message for d in result.diagnostics if d.severity.name != "NOTE"] == []
    return result.tournament


def small_event() -> EventBuilder:
    ev = EventBuilder(
        rounds=3,
        edition="fide-2024",
        name="Club open",
        start_date=date(2025, 5, 1),
        end_date=date(2025, 5, 3),
    )
    for pid, name, rating in [
        (1, "Adams, Ann", 2400),
        (2, "Brown, Bob", 2300),
        (3, "Clark, Cy", 0),
    ]:
        ev.add_player(pid, name, rating=rating, federation="ENG")
    ev.record_round(1, games=[(1, 2, "1-0")], byes={3: "U"})
    ev.record_round(2, games=[(3, 1, "1/2-1/2")], byes={2: "H"})
    return ev


def test_player_lines_column_by_column():
    text = write_tournament_trf(small_event().tournament())
    lines = text.splitlines()
    # Player 1: 1 (round 1 win with white against 2) + 1/2 (draw with black against 3) = 1.5
    # cols 15-47 name, 48 blank: 33 - 10 + 1 = 24 blanks before the rating at 49
    head = "001    1      Adams, Ann" + " " * 24 + "2400 ENG" + " " * 24 + " 1.5"
    one = next(line for line in lines if line.startswith("001    1"))
    assert one.startswith(head)
    assert len(head) == 84
    assert one[89:] == "     2 w 1     3 b ="
    # Player 3: a PAB (U, 1 point) then a draw: 1.5; unrated: columns 49-52 blank.
    three = next(line for line in lines if line.startswith("001    3"))
    assert three[48:52] == "    " and three[80:84] == " 1.5"
    assert three[89:] == "  0000 - U     1 w ="
    assert "142 3" in lines and "042 2025/05/01" in lines and "052 2025/05/03" in lines


def test_standings_fill_ranks_and_212():
    t = small_event().tournament()
    s = compute_standings(t, "BH")
    text = write_tournament_trf(t, standings=s)
    ranks = {int(line[4:8]): line[85:89] for line in text.splitlines() if line.startswith("001")}
    # Points: 1 -> 1.5, 3 -> 1.5, 2 -> 0.5 (H); BH: 1 met 2 (0.5) and 3 (1.5) = 2;
    # 3 met only 1 (1.5) plus its PAB round's dummy: whichever, 2 is last with 0.5.
    assert ranks[2] == "   3"
    assert "212 PTS,BH" in text.splitlines()
    assert {row.participant.id: row.rank for row in compute_standings(read(text), "BH").rows} == {
        row.participant.id: row.rank for row in s.rows
    }


@pytest.mark.parametrize("form", ["trf16", "trf26"])
@pytest.mark.parametrize("path", FILES, ids=lambda p: p.parent.name + "/" + p.name)
def test_bundled_files_read_back_equal(path, form):
    t = parse_trf(path.read_bytes(), str(path)).tournament
    try:
        text = write_tournament_trf(t, form=form)
    except TrfFormError as e:
        assert form == "trf16" and t.team is not None, e  # TRF-2026 team records
        return
    assert same(read(text), t)


@pytest.mark.parametrize("seed", range(4))
def test_generated_team_events_as_trf26(seed):
    text = generate_teams(6 + seed, 4, 4 + seed, seed, forfeit=0.1, reserve=0.3, empty_board=0.05)
    t = parse_trf(text.encode()).tournament
    back = read(write_tournament_trf(t))
    assert same(back, t)
    codes = "MPvGP,BH:MP,EMGSB/C1"
    a, b = compute_standings(t, codes, "fide-2024"), compute_standings(back, codes, "fide-2024")
    assert [(r.participant.id, r.rank, r.values) for r in a.rows] == [
        (r.participant.id, r.rank, r.values) for r in b.rows
    ]


def test_trf16_to_trf26_to_trf16_keeps_every_value():
    t16 = parse_trf(generate(25, 7, 5, withdraw=0.05, bye=0.1, forfeit=0.1).encode()).tournament
    t26 = read(write_tournament_trf(t16, form="trf26"))
    back = read(write_tournament_trf(t26, form="trf16"))
    assert same(t26, t16) and same(back, t16)
    for p, q in zip(t16.participants, back.participants, strict=True):
        assert (p.declared_points, p.declared_rank) == (q.declared_points, q.declared_rank)


def test_points_outside_the_scoring_system_are_299_in_trf26_refused_in_trf16():
    ev = small_event()
    ev.adjust_points(2, -1)  # a penalty: 0.5 - 1 = -0.5
    ev.set_points(1, 1, "0.75")  # player 1's round-1 win counts 0.75
    t = ev.tournament()
    text = write_tournament_trf(t)
    lines = text.splitlines()
    # type col 5, blank MP 8-11, points 14-17, round 20-22, ids from 24
    assert "299 1        0.75    1    1" in lines
    assert "299" + " " * 10 + "-1.0" + " " * 9 + "2" in lines  # 4-13 blank, 18-26 blank
    back = read(text)
    assert same(back, t) and back.participant(2).points == Fraction(-1, 2)
    with pytest.raises(TrfFormError, match="299"):
        write_tournament_trf(t, form="trf16")


def test_scoring_as_162_in_trf26_and_xxs_in_trf16():
    ev = EventBuilder(
        rounds=2,
        edition="fide-2024",
        scoring=Scoring(
            win_white=Fraction(3),
            win_black=Fraction(3),
            forfeit_win=Fraction(3),
            full_bye=Fraction(3),
            pab=Fraction(3),
            draw_white=Fraction(1),
            draw_black=Fraction(1),
            half_bye=Fraction(1),
        ),
    )
    ev.add_player(1, "A")
    ev.add_player(2, "B")
    ev.record_round(1, games=[(1, 2, "1-0")])
    t = ev.tournament()
    trf26 = write_tournament_trf(t)
    assert "162  W 3.0    D 1.0    L 0.0    A 0.0    P 3.0" in trf26.splitlines()
    assert same(read(trf26), t)
    trf16 = write_tournament_trf(t, form="trf16")
    assert "XXS WW=3.0 BW=3.0 WD=1.0 BD=1.0" in trf16
    # bbpPairings does not read XXS: its own lines, value in columns 5-8 (BBU: the win's)
    assert {"BBW  3.0", "BBD  1.0"} <= set(trf16.splitlines()) and "BBU" not in trf16
    assert same(read(trf16), t)
    colours = replace(t, scoring=replace(t.scoring, win_black=Fraction(2)))
    with pytest.raises(TrfFormError, match="'W' values differ"):
        write_tournament_trf(colours)


def test_more_than_9999_players_is_refused_with_the_reason():
    people = tuple(
        Participant(id=i, name=f"P{i}", points=Fraction(0), results=()) for i in range(1, 10_002)
    )
    t = Tournament(name="big", participants=people, rounds=0)
    with pytest.raises(TrfFormError) as e:
        write_tournament_trf(t)
    assert "9999" in str(e.value) and "10000" in str(e.value)


def test_a_name_too_long_is_refused_not_cut():
    ev = small_event()
    ev.add_player(4, "X" * 34)
    with pytest.raises(TrfFormError, match="33 columns"):
        write_tournament_trf(ev.tournament())


def test_drop_leaves_a_named_record_out():
    t = parse_trf((ROOT / "conformance/fixtures/team-4x4/tournament.trf").read_bytes()).tournament
    with pytest.raises(TrfFormError, match="192"):
        write_tournament_trf(t.team.players, form="trf16")
    text = write_tournament_trf(t.team.players, form="trf16", drop={"192"})
    assert "192" not in [line[:3] for line in text.splitlines()]


def test_a_nul_in_a_name_is_refused_not_written():
    ev = small_event()
    ev.add_player(4, "A\x00B")
    with pytest.raises(TrfFormError, match="NUL"):
        write_tournament_trf(ev.tournament())


@pytest.mark.parametrize("n", [1, 2])
def test_a_team_event_after_round_n_reads_back_to_the_same_standings(n):
    path = ROOT / "conformance/fixtures/team-4x4/tournament.trf"
    t = parse_trf(path.read_bytes()).tournament
    s = compute_standings(t, "MPvGP,EMGSB/C1,BH:MP", "fide-2024", after_round=n)
    back = read(write_tournament_trf(t, standings=s))
    assert back.rounds == n and back.team is not None
    assert {k for k in back.team.lineups if k[1] > n} == set()  # line-ups cut to round n
    again = compute_standings(back, "MPvGP,EMGSB/C1,BH:MP", "fide-2024")
    assert [(r.participant.id, r.rank, r.values) for r in again.rows] == [
        (r.participant.id, r.rank, r.values) for r in s.rows
    ]


def test_virtual_points_are_250_in_trf26_and_xxa_in_trf16():
    ev = small_event()
    ev.accelerate(1, [3], 1)  # round 3 is paired with one virtual point for player 1
    t = ev.tournament()
    # 250: points at 10-13, rounds 15-17 and 19-21, players 23-26 and 28-31
    assert "250       1.0   3   3    1    1" in write_tournament_trf(t).splitlines()
    # XXA: player at 5-8, round r's points in columns 10 + 5(r - 1) on: round 3 at 20-23,
    # " 1.0" right-aligned, so 12 blanks after column 8
    trf16 = write_tournament_trf(t, form="trf16")
    assert "XXA    1" + " " * 12 + "1.0" in trf16.splitlines()
    for text in (write_tournament_trf(t), trf16):
        assert same(read(text), t)
