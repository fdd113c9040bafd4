"""The Burstein index (C.04.4.2, 2026): every clause worked by hand.

The arithmetic is in the comments: BH = sum of the scores counted, SB = sum of points x score
counted; "self" is a round the player did not play, counted as a game against himself with
his own current score (1.7.2.1); "seen" is a score as the player's opponents count it (the
zero-point-bye exception of 1.7.2).
"""

from __future__ import annotations

from fractions import Fraction as F

import pytest
from pairing_events import event_e

from fide_tiebreaks import EventBuilder, PairingIndexError, Scoring, pairing_index
from fide_tiebreaks.pairing import BursteinIndex, burstein_index, seeding_rounds


def index_e(**kw: object) -> BursteinIndex:
    result = event_e().pairing_index("burstein", **kw)
    assert isinstance(result, BursteinIndex)
    return result


def values(ix: BursteinIndex) -> dict[int, tuple[F, F]]:
    return {e.id: (e.buchholz, e.sonneborn_berger) for e in ix.entries}


def test_event_e_trailing_reading_every_player() -> None:
    # Seen scores (trailing): 6 has zero-point byes R2-R4 reaching R4: 0 + 3 x 1/2 = 1.5;
    # 7 is not paired in R4 (withdrawn): 2 + 1/2 = 2.5; everyone else as scored.
    # 1: 2 (2.5) W, 5 (2.5) D, 3 (2.5) D, 4 (1) W -> BH 2.5+2.5+2.5+1 = 8.5,
    #    SB 2.5 + 1.25 + 1.25 + 1 = 6
    # 2: 1 (3) L, 8 (1) W, 5 (2.5) W, 3 (2.5) D -> BH 9, SB 0 + 1 + 2.5 + 1.25 = 4.75
    # 3: 4 (1) D, 7 (seen 2.5) W, 1 (3) D, 2 (2.5) D -> BH 9, SB .5 + 2.5 + 1.5 + 1.25 = 5.75
    # 4: 3 (2.5) D, HPB self (1) 1/2, forfeit loss self (1) 0, 1 (3) L
    #    -> BH 2.5 + 1 + 1 + 3 = 7.5, SB 1.25 + 0.5 = 1.75
    # 5: 6 (seen 1.5) W, 1 (3) D, 2 (2.5) L, 8 (1) W -> BH 8, SB 1.5 + 1.5 + 0 + 1 = 4
    # 6: 5 (2.5) L, three ZPB self (0) -> BH 2.5, SB 0
    # 7: PAB self (2) 1, 3 (2.5) L, forfeit win self (2) 1, absent self (2) 0
    #    -> BH 2 + 2.5 + 2 + 2 = 8.5, SB 2 + 0 + 2 + 0 = 4
    # 8: before entry self (1) 0, 2 (2.5) L, FPB self (1) 1, 5 (2.5) L -> BH 7, SB 1
    ix = index_e()
    assert values(ix) == {
        1: (F(17, 2), F(6)),
        2: (F(9), F(19, 4)),
        3: (F(9), F(23, 4)),
        4: (F(15, 2), F(7, 4)),
        5: (F(8), F(4)),
        6: (F(5, 2), F(0)),
        7: (F(17, 2), F(4)),
        8: (F(7), F(1)),
    }
    assert {e.id: e.seen_score for e in ix.entries} == {
        1: 3,
        2: F(5, 2),
        3: F(5, 2),
        4: 1,
        5: F(5, 2),
        6: F(3, 2),
        7: F(5, 2),
        8: 1,
    }
    # 1.8: BH desc, then SB desc, then TPN: 3 (9, 5.75), 2 (9, 4.75), 1 (8.5, 6),
    # 7 (8.5, 4), 5 (8), 4 (7.5), 8 (7), 6 (2.5). Scores are not used.
    assert ix.order == (3, 2, 1, 7, 5, 4, 8, 6)
    # Score groups for round 5, each in 1.8 order: 2.5 holds 2, 3, 5 -> 3, 2, 5.
    assert [(g.score, g.players) for g in ix.groups] == [
        (3, (1,)),
        (F(5, 2), (3, 2, 5)),
        (2, (7,)),
        (1, (4, 8)),
        (0, (6,)),
    ]


def test_the_zero_point_bye_exception_under_each_reading() -> None:
    # none: 6 and 7 are seen as scored (0 and 2).
    #   5: 6 (0) W -> BH 8 - 1.5 = 6.5, SB 4 - 1.5 = 2.5
    #   3: 7 (2) W -> BH 9 - 0.5 = 8.5, SB 5.75 - 0.5 = 5.25
    # all-but-last: 6's run R2-R4 but R4 -> 0 + 2 x 1/2 = 1; 7's run [R4] but R4 -> 2.
    #   5: BH 8 - 0.5 = 7.5, SB 4 - 0.5 = 3.5; 3 as under none.
    # every: here as trailing (no zero-point bye is followed by a game).
    none, last, every = (values(index_e(zero_bye=r)) for r in ("none", "all-but-last", "every"))
    assert none[5] == (F(13, 2), F(5, 2)) and none[3] == (F(17, 2), F(21, 4))
    assert last[5] == (F(15, 2), F(7, 2)) and last[3] == (F(17, 2), F(21, 4))
    assert every == values(index_e())
    # The players' own indexes never change with the reading: the exception is "for the
    # benefit of the player's actual over-the-board opponents".
    for v in (none, last, every):
        assert v[6] == (F(5, 2), 0) and v[7] == (F(17, 2), 4)


def small_with_middle_zero_bye() -> EventBuilder:
    b = EventBuilder(6, edition="fide-2026")
    for pid in range(1, 5):
        b.add_player(pid, f"P{pid}")
    b.record_round(1, [(1, 2, "1-0"), (3, 4, "1-0")])
    b.record_round(2, [(1, 3, "1/2-1/2")], {2: "Z", 4: "U"})
    b.record_round(3, [(3, 2, "1-0"), (1, 4, "1-0")])
    return b


def test_every_reading_counts_a_zero_point_bye_followed_by_a_game() -> None:
    # Scores: 1: 1 + 1/2 + 1 = 2.5; 2: 0 + 0 (Z) + 0 = 0; 3: 1 + 1/2 + 1 = 2.5; 4: 0 + 1 = 1.
    # 2's R2 bye is followed by a game: trailing sees 0; every sees 0 + 1/2 = 0.5.
    # 1: 2 (seen) W, 3 (2.5) D, 4 (1) W: trailing BH 0 + 2.5 + 1 = 3.5, SB 0 + 1.25 + 1 = 2.25
    #                                    every    BH 0.5 + 2.5 + 1 = 4, SB 0.5 + 1.25 + 1 = 2.75
    b = small_with_middle_zero_bye()
    trailing, every = (b.pairing_index("burstein", zero_bye=r) for r in ("trailing", "every"))
    assert isinstance(trailing, BursteinIndex) and isinstance(every, BursteinIndex)
    assert (trailing.entry(1).buchholz, trailing.entry(1).sonneborn_berger) == (F(7, 2), F(9, 4))
    assert (every.entry(1).buchholz, every.entry(1).sonneborn_berger) == (4, F(11, 4))
    assert every.entry(2).seen_score == F(1, 2) and trailing.entry(2).seen_score == 0


def one_unplayed_round(kind: str, scoring: Scoring | None = None) -> BursteinIndex:
    """R1: 1-2 drawn, 3-4 won by 3. R2: player 1 has *kind*; 2 beats 3."""
    b = EventBuilder(6, edition="fide-2026", scoring=scoring)
    for pid in range(1, 5):
        b.add_player(pid, f"P{pid}")
    b.record_round(1, [(1, 2, "1/2-1/2"), (3, 4, "1-0")])
    games = [(2, 3, "1-0")]
    byes: dict[int, str] = {}
    if kind in ("+-", "-+", "--"):
        games.append((1, 4, kind))
    elif kind:
        byes = {1: kind, 4: "Z"}
    else:
        byes = {4: "Z"}  # 1 is not paired (absent)
    b.record_round(2, games, byes)
    result = b.pairing_index("burstein")
    assert isinstance(result, BursteinIndex)
    return result


@pytest.mark.parametrize(
    ("kind", "bh", "sb"),
    [
        # Player 2's score: 1/2 + 1 = 1.5 (its R1 draw with 1, its R2 win over 3).
        # Own score s = 1/2 + p; BH = 1.5 + s; SB = 1/2 x 1.5 + p x s.
        ("U", F(3), F(9, 4)),  # PAB: p 1, s 1.5 -> BH 3, SB 0.75 + 1.5 = 2.25
        ("F", F(3), F(9, 4)),  # full-point bye: as the PAB
        ("H", F(5, 2), F(5, 4)),  # half-point bye: p 1/2, s 1 -> BH 2.5, SB 0.75 + 0.5
        ("Z", F(2), F(3, 4)),  # zero-point bye: p 0, s 1/2 -> BH 2, SB 0.75
        ("", F(2), F(3, 4)),  # absent (not paired): as the zero-point bye
        ("+-", F(3), F(9, 4)),  # forfeit win: himself (1.5), not player 4 (0)
        ("-+", F(2), F(3, 4)),  # forfeit loss: p 0, s 1/2 -> himself 0.5
        ("--", F(2), F(3, 4)),  # double forfeit: a loss for both
    ],
)
def test_own_unplayed_round_is_a_game_against_himself(kind: str, bh: F, sb: F) -> None:
    e = one_unplayed_round(kind).entry(1)
    assert (e.buchholz, e.sonneborn_berger) == (bh, sb)


def test_a_pab_worth_a_draw_is_a_draw_against_himself() -> None:
    # Scoring with the PAB worth 1/2: p 1/2, s 1 -> BH 1.5 + 1 = 2.5, SB 0.75 + 0.5 = 1.25.
    e = one_unplayed_round("U", Scoring(pab=F(1, 2))).entry(1)
    assert (e.buchholz, e.sonneborn_berger) == (F(5, 2), F(5, 4))


def test_own_zero_point_bye_raises_what_opponents_see_not_his_own() -> None:
    # Player 1's R2 zero-point bye reaches R2: seen 1/2 + 1/2 = 1; his own index uses 1/2.
    # Player 2: 1 (seen 1) D, 3 (1) W -> BH 2, SB 1/2 + 1 = 1.5.
    ix = one_unplayed_round("Z")
    assert ix.entry(1).seen_score == 1 and ix.entry(1).score == F(1, 2)
    assert (ix.entry(2).buchholz, ix.entry(2).sonneborn_berger) == (F(2), F(3, 2))


@pytest.mark.parametrize(
    ("planned", "after", "seeding"),
    [
        # 1.6.2: min(floor(rounds / 2), 4). 9 rounds: 4 seeding rounds, so round 4 (after
        # round 3) is still one and round 5 (after round 4) is the first paired by 1.8.
        (9, 3, True),
        (9, 4, False),
        (7, 2, True),
        (7, 3, False),
        (12, 4, False),
        (3, 0, True),
        (3, 1, False),
        (1, 0, False),
    ],
)
def test_seeding_rounds_boundary(planned: int, after: int, seeding: bool) -> None:
    ix = event_e(min(planned, 4)).pairing_index("burstein", after_round=after, rounds=planned)
    assert isinstance(ix, BursteinIndex) and ix.seeding is seeding
    assert seeding_rounds(9) == 4 and seeding_rounds(7) == 3 and seeding_rounds(12) == 4


def test_after_round_counts_current_scores_only() -> None:
    # After R1: 1: 2 (0) W -> BH 0, SB 0. 7: PAB self (1) -> BH 1, SB 1.
    # 8 not entered: self (0) -> BH 0. 3: 4 (0.5) D -> BH 0.5, SB 0.25.
    ix = index_e(after_round=1)
    assert ix.after_round == 1 and ix.next_round == 2 and ix.seeding is True
    assert (
        values(ix)[1] == (0, 0) and values(ix)[7] == (1, 1) and values(ix)[3] == (F(1, 2), F(1, 4))
    )
    # Before round 1 every index is 0; the order is by TPN.
    zero = index_e(after_round=0)
    assert all(e.buchholz == 0 == e.sonneborn_berger for e in zero.entries)
    assert zero.order == tuple(range(1, 9))


def test_acceleration_virtual_points_form_brackets_not_the_index() -> None:
    # Players 1-4 get 1 virtual point in rounds 1-5 (1.7.2: excluded from every method).
    b = event_e()
    for pid in range(1, 5):
        b.accelerate(pid, range(1, 6), 1)
    ix = b.pairing_index("burstein")
    assert isinstance(ix, BursteinIndex)
    assert values(ix) == values(index_e())  # BH and SB unchanged
    assert ix.entry(1).pairing_score == 4 and ix.entry(1).score == 3
    assert ix.entry(4).pairing_score == 2 and ix.entry(5).pairing_score == F(5, 2)
    # Groups for round 5: 4 (1), 3.5 (2, 3 -> 3 first: SB 5.75), 2.5 (5), 2 (7, 4 -> 7: BH
    # 8.5 over 7.5), 1 (8), 0 (6).
    assert [g.players for g in ix.groups] == [(1,), (3, 2), (5,), (7, 4), (8,), (6,)]


def test_till_2025_ranks_by_sb_then_bh_then_median() -> None:
    # SB: 1 6, 3 5.75, 2 4.75, 5 4, 7 4, 4 1.75, 8 1, 6 0; 5 and 7 tie on SB -> BH 8 < 8.5.
    ix = index_e(edition="till-2025")
    assert ix.order == (1, 3, 2, 7, 5, 4, 8, 6)
    # Median: BH less the highest and the lowest score counted.
    # 1: 2.5, 2.5, 2.5, 1 -> 8.5 - 2.5 - 1 = 5; 7: 2, 2.5, 2, 2 -> 8.5 - 2.5 - 2 = 4;
    # 5: 1.5, 3, 2.5, 1 -> 8 - 3 - 1 = 4.
    assert (ix.entry(1).median, ix.entry(7).median, ix.entry(5).median) == (5, 4, 4)
    assert any("not established" in n for n in ix.notes)


def test_refusals_name_what_is_wrong() -> None:
    t = event_e().tournament()
    with pytest.raises(PairingIndexError, match="fewer than the 4 recorded"):
        pairing_index(t, "burstein", rounds=3)
    with pytest.raises(PairingIndexError, match=r"2025-07.*not established"):
        pairing_index(t, "burstein", edition="2025-07")
    with pytest.raises(PairingIndexError, match="zero_bye 'half'"):
        pairing_index(t, "burstein", zero_bye="half")
    with pytest.raises(PairingIndexError, match=r"after_round 5 must be .* 0 to 4"):
        pairing_index(t, "burstein", 5)
    with pytest.raises(PairingIndexError, match="system 'lim'"):
        pairing_index(t, "lim")
    with pytest.raises(PairingIndexError, match="Dubov"):
        pairing_index(t, "burstein", provisional_ratings={1: 2000})


def test_working_adds_up_to_the_totals() -> None:
    ix = index_e()
    for e in ix.entries:
        rows = ix.working(e.id)
        assert sum(r.buchholz for r in rows) == e.buchholz
        assert sum(r.sonneborn_berger for r in rows) == e.sonneborn_berger
    # Player 7's R3 forfeit win is a game against himself (no opponent), at his own 2.
    r3 = ix.working(7)[2]
    assert r3.opponent is None and r3.counted_score == 2 and r3.rule.startswith("1.7.2.1")


def test_function_and_builder_agree() -> None:
    t = event_e().tournament()
    assert burstein_index(t).entries == index_e().entries
