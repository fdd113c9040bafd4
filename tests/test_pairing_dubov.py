"""The Dubov ARO (C.04.4.1, 2026) and the orders it drives, worked by hand on event E
(tests/pairing_events.py: ratings 2400 for player 1 down to 1700 for player 8)."""

from __future__ import annotations

from fractions import Fraction as F

import pytest
from pairing_events import event_e

from fide_tiebreaks import Colour, EventBuilder, PairingIndexError, pairing_index
from fide_tiebreaks.pairing import (
    DubovIndex,
    MissingRatingError,
    max_upfloats,
    middle_out,
    round_half_up,
)


def dubov(b: EventBuilder, **kw: object) -> DubovIndex:
    result = b.pairing_index("dubov", **kw)
    assert isinstance(result, DubovIndex)
    return result


def test_aro_over_played_games_only() -> None:
    # 1: 2 (2300), 5 (2000), 3 (2200), 4 (2100) -> 8600 / 4 = 2150
    # 2: 1 (2400), 8 (1700), 5 (2000), 3 (2200) -> 8300 / 4 = 2075
    # 3: 4 (2100), 7 (1800), 1 (2400), 2 (2300) -> 8600 / 4 = 2150
    # 4: 3 (2200), 1 (2400); the R2 bye and the R3 forfeit loss do not count -> 2300
    # 5: 6 (1900), 1 (2400), 2 (2300), 8 (1700) -> 8300 / 4 = 2075
    # 6: 5 (2000) -> 2000; 7: 3 (2200), its forfeit win and PAB not counted -> 2200
    # 8: 2 (2300), 5 (2000) -> 4300 / 2 = 2150
    ix = dubov(event_e())
    assert {e.id: (e.games, e.aro) for e in ix.entries} == {
        1: (4, 2150),
        2: (4, 2075),
        3: (4, 2150),
        4: (2, 2300),
        5: (4, 2075),
        6: (1, 2000),
        7: (1, 2200),
        8: (2, 2150),
    }


def test_aro_is_zero_before_a_first_game() -> None:
    # 1.7.3: after round 1, player 7 (PAB) and player 8 (not entered) have played nothing.
    ix = dubov(event_e(), after_round=1)
    assert ix.entry(7).aro == 0 == ix.entry(8).aro and ix.entry(7).games == 0
    assert ix.entry(1).aro == 2300  # its one opponent, player 2


def test_provisional_rating_and_rounding_half_up() -> None:
    # Player 8 unrated: 2 and 5 met it over the board, so their ARO cannot be computed
    # without the provisional rating the Chief Arbiter assigns (1.1.1-1.1.2).
    b = event_e(unrated=(8,))
    with pytest.raises(MissingRatingError, match=r"8 have no rating.*1\.1\.2"):
        dubov(b)
    # With 1650: 2: 2400 + 1650 + 2000 + 2200 = 8250 / 4 = 2062.5 -> 2063 (half up, 1.7.1);
    # 5: 1900 + 2400 + 2300 + 1650 = 8250 / 4 = 2062.5 -> 2063.
    ix = dubov(b, provisional_ratings={8: 1650})
    assert ix.entry(2).aro == 2063 == ix.entry(5).aro
    assert ix.entry(8).provisional and ix.entry(8).rating == 1650
    assert not any("1.2.2" in n for n in ix.notes)  # round 5 is paired: too late for 1.2.2
    early = dubov(b, after_round=2, provisional_ratings={8: 1650})
    assert any("1.2.2" in n and "recalculate the TPNs" in n for n in early.notes)


def test_round_half_up_is_exact() -> None:
    assert round_half_up(4001, 2) == 2001  # 2000.5 -> 2001
    assert round_half_up(6001, 3) == 2000  # 2000.33 -> 2000
    assert round_half_up(6002, 3) == 2001  # 2000.67 -> 2001
    assert round_half_up(8002, 4) == 2001  # 2000.5 -> 2001
    assert round_half_up(10**30 * 2 + 1, 2) == 10**30 + 1  # no float anywhere


def test_colour_preferences() -> None:
    # 1: W W B W -> +2 absolute Black; 2: B W B W -> 0, last W: mild Black;
    # 3: W B W B -> 0, last B: mild White; 4: B, (forfeit), B -> -2 absolute White;
    # 5: W B W W -> +2 absolute Black; 6: B -> -1 strong White; 7: W -> +1 strong Black;
    # 8: B B -> -2 absolute White.
    ix = dubov(event_e())
    got = {e.id: (e.colour.colour, e.colour.strength) for e in ix.entries}
    W, B = Colour.WHITE, Colour.BLACK
    assert got == {
        1: (B, "absolute"),
        2: (B, "mild"),
        3: (W, "mild"),
        4: (W, "absolute"),
        5: (B, "absolute"),
        6: (W, "strong"),
        7: (B, "strong"),
        8: (W, "absolute"),
    }
    # 1.6.4: no game yet, a mild preference for Black.
    before = dubov(event_e(), after_round=0)
    assert all((e.colour.colour, e.colour.strength) == (B, "mild") for e in before.entries)


def test_white_seekers_black_seekers_and_shifters_per_group() -> None:
    # Group 2.5: 2 (Black), 3 (White), 5 (Black) -> White seekers [3], Black [2, 5].
    # Group 1: 4 (ARO 2300) and 8 (ARO 2150), both White -> ascending ARO: 8, 4 (3.2.5).
    ix = dubov(event_e())
    groups = {g.score: g for g in ix.groups}
    assert groups[F(5, 2)].white_seekers == (3,) and groups[F(5, 2)].black_seekers == (2, 5)
    assert groups[F(1)].white_seekers == (8, 4)
    # 4.3.3 on two: the higher of the two in the middle first -> 8, then 4.
    assert groups[F(1)].white_shifters == (8, 4)
    # Equal AROs: ascending TPN (3.2.5): 1 and 3 both 2150, 8 too.
    assert ix.white_seekers([8, 3, 1, 2]) == [2, 1, 3, 8]  # 2075 first, then 2150 by TPN


def test_shifter_order_example_of_the_text() -> None:
    # 4.3.3's example: A B C D E F G -> D C E B F A G.
    assert middle_out(list("ABCDEFG")) == list("DCEBFAG")
    assert middle_out(list("ABCDEF")) == list("CDBEAF")  # C, D middle; higher (C) first
    assert middle_out([]) == []


def test_max_upfloats() -> None:
    assert [max_upfloats(r) for r in (4, 5, 9, 10, 11)] == [2, 3, 3, 4, 4]  # 2 + [R/5]
    assert dubov(event_e()).max_upfloats == 3  # 9 rounds


def test_acceleration_moves_groups_not_the_aro() -> None:
    b = event_e()
    b.accelerate(4, [5], 2)  # 1 + 2 virtual points: joins the 3-point group for round 5
    ix = dubov(b)
    assert ix.entry(4).aro == 2300 and ix.entry(4).score == 1 and ix.entry(4).pairing_score == 3
    assert next(g for g in ix.groups if g.score == 3).white_seekers == (4,)


def test_refusals() -> None:
    t = event_e().tournament()
    with pytest.raises(PairingIndexError, match="not in the event"):
        pairing_index(t, "dubov", provisional_ratings={99: 2000})
    with pytest.raises(PairingIndexError, match="whole number from 1 to 9999"):
        pairing_index(t, "dubov", provisional_ratings={1: "2000"})  # type: ignore[dict-item]
    with pytest.raises(PairingIndexError, match="zero_bye is a reading of the Burstein"):
        pairing_index(t, "dubov", zero_bye="none")


def test_working_names_what_counts() -> None:
    rows = dubov(event_e()).working(4)
    assert [r.rating for r in rows] == [2200, None, None, 2400]
    assert "forfeit" in rows[2].rule
