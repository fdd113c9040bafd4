"""Builder misuse is a BuilderError that says what to do, never an AssertionError, a value
stored as something else, or an error far from the call that caused it."""

from __future__ import annotations

import enum

import pytest

from fide_tiebreaks import BuilderError, EventBuilder


class Seat(enum.IntEnum):
    FIRST = 1
    SECOND = 2


def two_players() -> EventBuilder:
    ev = EventBuilder(rounds=2, edition="fide-2024")
    ev.add_player(1, "A")
    ev.add_player(2, "B")
    return ev


def test_an_int_subclass_as_a_player_id_is_refused_by_name():
    ev = EventBuilder(rounds=2, edition="fide-2024")
    with pytest.raises(BuilderError) as e:
        ev.add_player(Seat.FIRST, "A")
    assert str(e.value) == "player id <Seat.FIRST: 1> is a Seat, not a plain int; pass its value, 1"
    ev = two_players()
    with pytest.raises(BuilderError) as e:
        ev.record_round(1, games=[(Seat.FIRST, 2, "1-0")])
    assert (
        str(e.value)
        == "round 1: player id <Seat.FIRST: 1> is a Seat, not a plain int; pass its value, 1"
    )
    with pytest.raises(BuilderError) as e:
        ev.record_round(1, byes={Seat.SECOND: "U"}, games=[])
    assert (
        str(e.value)
        == "round 1: player id <Seat.SECOND: 2> is a Seat, not a plain int; pass its value, 2"
    )
    ev.record_round(1, games=[(1, 2, "1-0")])  # nothing was changed by the refusals
    assert [p.points for p in ev.tournament()] == [1, 0]


@pytest.mark.parametrize("field", ["title", "federation", "sex", "birth_date"])
def test_a_list_given_for_a_text_field_is_refused_not_stored_as_its_repr(field):
    ev = EventBuilder(rounds=1, edition="fide-2024")
    with pytest.raises(BuilderError) as e:
        ev.add_player(1, "A", **{field: ["GM"]})
    assert str(e.value) == f"player 1 {field} ['GM'] must be text"
    ev.add_player(1, "A", title="GM", fide_id=1503014)
    ev.add_player(2, "B", fide_id="1503015")
    with pytest.raises(BuilderError) as e:
        ev.add_player(3, "C", fide_id=[1])
    assert str(e.value) == "player 3 fide_id [1] must be a whole number or text"


def test_an_unknown_edition_is_refused_at_construction_listing_the_editions():
    with pytest.raises(BuilderError) as e:
        EventBuilder(edition="bogus")
    assert str(e.value) == (
        "edition 'bogus' is not known; the editions are fide-2012, fide-2023, fide-2024, "
        "fide-2026, pre-2012, sm-2012"
    )
    ev = EventBuilder(edition="FIDE-2024")  # read in any case, as compute_standings does
    ev.edition = "fide-2042"  # set later: tournament() checks it again
    ev.add_player(1, "A")
    ev.add_player(2, "B")
    ev.record_round(1, games=[(1, 2, "1-0")])
    with pytest.raises(BuilderError, match="edition 'fide-2042' is not known"):
        ev.tournament()


@pytest.mark.parametrize("text", ["2024-W52", "2024-W52-1", "20241231", "2024-366", "24-12-31"])
def test_only_yyyy_mm_dd_is_a_date(text):
    with pytest.raises(BuilderError) as e:
        EventBuilder(end_date=text)
    assert str(e.value) == f"end_date '{text}' is not a date (datetime.date or 'YYYY-MM-DD')"
    assert EventBuilder(end_date="2024-12-31").end_date == "2024-12-31"
    assert EventBuilder(end_date="2024-12-31").tournament is not None


def team_players() -> EventBuilder:
    ev = EventBuilder(rounds=2, edition="fide-2024", boards=1)
    ev.add_player(1, "A")
    ev.add_player(2, "B")
    ev.record_round(1, games=[(1, 2, "1-0")])
    return ev


def test_points_outside_the_scoring_system_and_teams_are_refused_whichever_comes_first():
    """adjust_points was dropped silently when add_team came after it, and set_points then
    made every tournament() raise: both are refused by add_team now, as adjust_points and
    set_points are refused in a team event."""
    words = (
        "team 1: player 1 has points outside the scoring system (adjust_points or "
        "set_points), which are for individual events only"
    )
    for call in (lambda ev: ev.adjust_points(1, 1), lambda ev: ev.set_points(1, 1, "0.5")):
        ev = team_players()
        call(ev)
        with pytest.raises(BuilderError) as e:
            ev.add_team(1, "One", [1])
        assert str(e.value) == words
        assert ev.tournament().team is None  # still the individual event it was
    ev = team_players()
    ev.add_team(1, "One", [1])
    with pytest.raises(BuilderError) as e:
        ev.adjust_points(1, 1)
    assert str(e.value) == "points outside the scoring system are for individual events"
    ev = team_players()
    ev.set_points(1, 1, 1)  # the scoring system's own value: nothing outside it
    ev.add_team(1, "One", [1])
