"""Hand-worked events for the pairing-index tests (worked out in the tests that use them).

``event_e()``: 8 players, 9 rounds planned, 4 recorded, ratings 2400 (player 1) down to
1700 (player 8) by 100. Player 8 enters in round 2, player 7 withdraws from round 4.

======  =====================  =====================  =====================  ===============
player  R1                     R2                     R3                     R4
======  =====================  =====================  =====================  ===============
1       W 1 vs 2 (white)       D vs 5 (white)         D vs 3 (black)         W vs 4 (white)
2       L vs 1 (black)         W vs 8 (white)         W vs 5 (black)         D vs 3 (white)
3       D vs 4 (white)         W vs 7 (black)         D vs 1 (white)         D vs 2 (black)
4       D vs 3 (black)         half-point bye         forfeit loss vs 7      L vs 1 (black)
5       W vs 6 (white)         D vs 1 (black)         L vs 2 (white)         W vs 8 (white)
6       L vs 5 (black)         zero-point bye         zero-point bye         zero-point bye
7       pairing-allocated bye  L vs 3 (white)         forfeit win vs 4       withdrawn
8       not yet entered        L vs 2 (black)         full-point bye         L vs 5 (black)
======  =====================  =====================  =====================  ===============

Scores after R4: 1: 3, 2: 2.5, 3: 2.5, 4: 1, 5: 2.5, 6: 0, 7: 2, 8: 1.
"""

from __future__ import annotations

from fide_tiebreaks import EventBuilder


def event_e(rounds: int = 4, *, unrated: tuple[int, ...] = ()) -> EventBuilder:
    b = EventBuilder(9, edition="fide-2026")
    for pid in range(1, 9):
        b.add_player(
            pid,
            f"Player {pid}",
            rating=None if pid in unrated else 2500 - 100 * pid,
            from_round=2 if pid == 8 else None,
        )
    b.record_round(1, [(1, 2, "1-0"), (3, 4, "1/2-1/2"), (5, 6, "1-0")], {7: "U"})
    if rounds >= 2:
        b.record_round(2, [(1, 5, "1/2-1/2"), (7, 3, "0-1"), (2, 8, "1-0")], {4: "H", 6: "Z"})
    if rounds >= 3:
        b.record_round(3, [(3, 1, "1/2-1/2"), (5, 2, "0-1"), (4, 7, "-+")], {8: "F", 6: "Z"})
    if rounds >= 4:
        b.withdraw(7, 4)
        b.record_round(4, [(1, 4, "1-0"), (2, 3, "1/2-1/2"), (5, 8, "1-0")], {6: "Z"})
    return b
