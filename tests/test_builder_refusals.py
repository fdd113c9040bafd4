"""EventBuilder refuses what no file can hold, with a BuilderError, whatever type its arguments
have."""

from __future__ import annotations

from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from fide_tiebreaks import (
    BuilderError,
    CodeError,
    EventBuilder,
    Scoring,
    compute_standings,
)


def small_event(**settings):
    ev = EventBuilder(rounds=3, edition="fide-2024", **settings)
    for pid in (1, 2, 3, 4):
        ev.add_player(pid, f"P{pid}", rating=2000 + pid)
    return ev


@pytest.mark.parametrize(
    ("call", "message"),
    [
        # Each was accepted and ranked: ARO -5, a TPR of 10**40 + 800, a start rank no TRF
        # holds, a 100th round (docs/reliability.md: 9,999 players, 99 rounds, ratings 0-9999).
        (
            lambda ev: ev.add_player(5, "Neg", rating=-5),
            "player 5 rating -5 must be a whole number from 0 to 9999",
        ),
        (
            lambda ev: ev.add_player(5, "Huge", rating=10**40),
            "player 5 rating (huge) must be a whole number from 0 to 9999",
        ),
        # start ranks: the model's limit, not TRF's 9,999 (20,000 players rank; writing such
        # an event as TRF is refused by the writer, with that reason)
        (
            lambda ev: ev.add_player(1_000_001, "Seven digits"),
            "player id 1000001 must be a whole number from 1 to 1000000",
        ),
        (
            lambda ev: ev.add_team(1000, "T", [1, 2]),
            "team id 1000 must be a whole number from 1 to 999",
        ),
        (
            lambda ev: EventBuilder(rounds=100, edition="fide-2024"),
            "rounds 100 must be a whole number from 1 to 99",
        ),
        (
            lambda ev: EventBuilder(edition="fide-2024", boards=100),
            "boards 100 must be a whole number from 1 to 99",
        ),
        # 10**5000 points were kept and failed later, in str(), with Python's 4,300-digit error
        (
            lambda ev: ev.adjust_points(1, 10**5000),
            "points must have at most 30 digits above and below the fraction bar",
        ),
        (
            lambda ev: ev.adjust_points(1, Fraction(1, 10**40)),
            "points must have at most 30 digits above and below the fraction bar",
        ),
        # AttributeError: 'float' object has no attribute 'denominator' (from grid_scale)
        (
            lambda ev: EventBuilder(edition="fide-2024", scoring=Scoring(draw_white=0.5)),
            "scoring draw_white 0.5 must be exact points",
        ),
        (
            lambda ev: EventBuilder(edition="fide-2024", scoring=Scoring(win_white="1")),
            "scoring win_white '1' must be an int or a Fraction",
        ),
        (
            lambda ev: EventBuilder(edition="fide-2024", scoring=Scoring(win_white=Fraction(-1))),
            "scoring win_white -1 must not be negative",
        ),
    ],
)
def test_the_builder_refuses_what_no_file_can_hold(call, message):
    ev = small_event()
    with pytest.raises(BuilderError) as raised:
        call(ev)
    assert message in str(raised.value)


def test_a_round_past_99_is_refused_without_a_planned_count():
    ev = EventBuilder(edition="fide-2024")
    ev.add_player(1, "A")
    ev.add_player(2, "B")
    for n in range(1, 100):
        ev.record_round(n, [(1, 2, "1/2-1/2")])
    with pytest.raises(BuilderError, match="round 100 must be a whole number from 1 to 99"):
        ev.record_round(100, [(1, 2, "1-0")])
    assert ev.tournament().rounds == 99


@pytest.mark.parametrize("tiebreaks", [5, 1.5, True, [5], [None], ("BH", 2)])
def test_builder_tiebreaks_of_the_wrong_shape_are_a_builder_error(tiebreaks):
    """`EventBuilder(tiebreaks=None)` raised TypeError ('NoneType' object is not iterable),
    `tiebreaks=[5]` AttributeError (found by a random-call fuzz of every builder method)."""
    with pytest.raises(BuilderError, match="tiebreaks"):
        EventBuilder(edition="fide-2024", tiebreaks=tiebreaks)


def test_builder_names_are_text_and_none_means_no_tiebreaks_and_no_event_name():
    ev = EventBuilder(edition="fide-2024", tiebreaks=None, name=None)
    assert ev.tiebreaks == () and ev.name == ""
    with pytest.raises(BuilderError, match="player 1 name 5 must be text"):
        ev.add_player(1, 5)  # was a player called '5'; None was one called 'None'
    # A player's name is required (issue #30: add_player(1, None) was accepted); '' is the
    # way to say a player has none, as TRF's empty name field.
    with pytest.raises(BuilderError, match=r"player 1 name None must be text \('' for none\)"):
        ev.add_player(1, None)
    ev.add_player(1, "")
    ev.add_player(2, "B")
    ev.record_round(1, [(1, 2, "1-0")])
    assert ev.tournament().participant(1).name == ""


ANYTHING = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(min_value=-(10**40), max_value=10**40),
    st.floats(allow_nan=True),
    st.text(max_size=12),
    st.binary(max_size=4),
    st.fractions(),
    st.dates(),
    st.lists(st.one_of(st.integers(), st.text(max_size=4)), max_size=3),
    st.dictionaries(st.integers(), st.text(max_size=3), max_size=2),
)
SETTINGS = [
    "rounds",
    "end_date",
    "start_date",
    "type",
    "scoring",
    "name",
    "tiebreaks",
    "boards",
    "match_points",
    "primary",
    "team_pab",
]


@settings(max_examples=300, deadline=None)
@given(st.dictionaries(st.sampled_from(SETTINGS), ANYTHING, max_size=4))
def test_builder_settings_of_any_type_give_a_builder_or_an_event(settings_given):
    """The class: every setting of EventBuilder, given any value, is accepted or refused
    with BuilderError; never TypeError or AttributeError from deeper down."""
    try:
        ev = EventBuilder(edition="fide-2024", **settings_given)
    except BuilderError:
        return
    ev.add_player(1, "A")
    ev.add_player(2, "B")
    try:
        ev.record_round(1, [(1, 2, "1-0")])
        compute_standings(ev.tournament())
    except (BuilderError, CodeError):
        pass
