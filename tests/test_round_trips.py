"""Whatever we write, we read back to the same standings: the builder's events (bonuses and
penalties, points other than the scoring system's, every ResultKind, team events) through
every writer that claims to be readable (Chess-JSON), read back, give an equal tournament and
equal standings in every edition. (TRF written from the model has its own tests.)"""

from __future__ import annotations

import json
import random
from fractions import Fraction

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st
from test_builder import CODES, builder_from, random_event

from fide_tiebreaks import EventBuilder, Tournament, compute_standings, parse_trf
from fide_tiebreaks.formats.chessjson import dumps, event, read_chess_json
from fide_tiebreaks.formats.chessjson.writer import NotCarried
from fide_tiebreaks.host import registry

TEAM_CODES = "MPvGP,EMGSB/C1,BH:MP/C1,BH:GP,SB"


def through_chess_json(t: Tournament) -> Tournament:
    return read_chess_json(dumps(event(t)).encode(), "out.json").tournament


def ranked(t: Tournament, codes: str, edition: str) -> list[tuple]:
    s = compute_standings(t, codes, edition)
    return [(r.participant.id, r.rank, r.participant.points, r.values) for r in s.rows]


def assert_same_everywhere(built: Tournament, back: Tournament, codes: str) -> None:
    for name in registry().editions:
        assert ranked(back, codes, name) == ranked(built, codes, name), name


def with_adjustments(ev: EventBuilder, rng: random.Random) -> EventBuilder:
    """Bonuses and penalties (299 without a round) and a round scored otherwise (299 with
    one), as an arbiter records them."""
    t = ev.tournament()
    for p in t.participants:
        if rng.random() < 0.3:
            ev.adjust_points(p.id, rng.choice([1, -1, Fraction(1, 2), Fraction(-1, 4), "0.5"]))
        played = [g for g in p.results if g.kind.value != " "]
        if played and rng.random() < 0.2:
            ev.set_points(rng.choice(played).round, p.id, rng.choice([0, Fraction(1, 3), 2]))
    return ev


@settings(max_examples=40)
@given(st.randoms(use_true_random=False), st.booleans())
def test_builder_events_read_back_from_chess_json_alike(rng, adjusted):
    _, ev = random_event(rng)
    if adjusted:
        with_adjustments(ev, rng)
    built = ev.tournament()
    back = through_chess_json(built)
    assert back == built
    assert_same_everywhere(built, back, CODES)


@settings(max_examples=15)
@given(st.integers(min_value=0, max_value=10**6))
@example(0)
def test_builder_team_events_read_back_from_chess_json_alike(seed):
    from generate import generate_teams

    rng = random.Random(seed)
    text = generate_teams(
        rng.randint(3, 7),
        rng.randint(2, 4),
        rng.randint(1, 5),
        seed,
        forfeit=0.15,
        reserve=0.3,
        empty_board=0.1,
    )
    built = builder_from(parse_trf(text).tournament).tournament()
    try:
        back = through_chess_json(built)
    except NotCarried as e:
        assert "write it as TRF" in str(e)
        return
    assert back == built
    assert_same_everywhere(built, back, TEAM_CODES)


def test_a_built_team_event_is_written_when_chess_json_carries_it_and_refused_otherwise():
    """Teams 1 (players 1, 2) and 2 (3, 4) play round 1 in roster order, team 3 is not paired:
    Chess-JSON holds it all. In round 2 team 1 plays its boards out of roster order (300 in TRF):
    Chess-JSON has no field for a line-up of a built event, so that event is refused."""
    ev = EventBuilder(rounds=2, edition="fide-2024", boards=2)
    for pid in range(1, 7):
        ev.add_player(pid, f"P{pid}")
    ev.add_team(1, "One", [1, 2])
    ev.add_team(2, "Two", [3, 4])
    ev.add_team(3, "Three", [5, 6])
    ev.record_round(1, games=[(1, 3, "1-0"), (4, 2, "1/2-1/2")])
    built = ev.tournament()
    assert through_chess_json(built) == built
    ev.record_round(
        2, games=[(2, 5, "1-0"), (6, 1, "0-1")], lineups={1: [2, 1], 3: [5, 6]}, team_byes={2: "U"}
    )
    with pytest.raises(NotCarried, match="write it as TRF"):
        event(ev.tournament())


def test_other_points_written_by_hand_are_read_exactly_and_bad_ones_refused():
    """A bonus of 1/3 on the TEC exercise's player 1 (no scale given: the grid becomes
    sixths, 2 x 3), and entries that name nothing or are not exact are located errors."""
    from conftest import TEC

    from fide_tiebreaks import InputError

    doc = json.loads((TEC / "tournament.chess.json").read_text())
    plain = read_chess_json(json.dumps(doc).encode()).tournament
    other = doc["event"]["tournaments"][0].setdefault("other", {})
    other["points"] = {"adjustments": [{"cid": 1, "points": "1/3"}]}
    t = read_chess_json(json.dumps(doc).encode()).tournament
    assert t.scale == 6
    assert t.participant(1).points == plain.participant(1).points + Fraction(1, 3)
    assert t.participant(2).points == plain.participant(2).points
    for bad, words in (
        ({"adjustments": [{"cid": True, "points": "1"}]}, "names no competitor"),
        ({"results": [{"cid": 1, "round": 0, "points": "1"}]}, "round 0 is not played"),
        ({"adjustments": [{"cid": 1, "points": [1]}]}, "is not an exact number"),
        ({"scale": 2, "adjustments": [{"cid": 1, "points": "1/3"}]}, "does not hold 1/3"),
    ):
        other["points"] = bad
        with pytest.raises(InputError, match=words):
            read_chess_json(json.dumps(doc).encode(), "bad.json")


def test_a_built_event_past_trfs_start_ranks_is_not_written_as_chess_json():
    """The builder takes start ranks past 9,999; our Chess-JSON reader reads through TRF's
    four start-rank columns and would refuse the file, so it is not written."""
    from fide_tiebreaks import EventBuilder
    from fide_tiebreaks.formats.chessjson import event
    from fide_tiebreaks.formats.chessjson.writer import NotCarried

    ev = EventBuilder(rounds=1, edition="fide-2026")
    ev.add_player(1, "A")
    ev.add_player(10000, "B")
    ev.record_round(1, games=[(1, 10000, "1-0")])
    with pytest.raises(NotCarried) as refused:
        event(ev.tournament())
    assert str(refused.value) == (
        "this event has start ranks up to 10,000; fide-tiebreaks reads Chess-JSON through "
        "TRF's columns, which hold start ranks 1-9,999, so it could not read this file back; "
        "write the standings as JSON or CSV instead"
    )
