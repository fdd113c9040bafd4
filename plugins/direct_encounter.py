"""Direct Encounter, C.07 Art. 6: a ranking inside the group of tied participants.

The value is the place inside the group that was tied when DE was reached (1 = best; shared
places for participants DE cannot separate; 1 for a participant who was not tied).
"""

from __future__ import annotations

import heapq
from collections.abc import Sequence
from fractions import Fraction

from fide_tiebreaks import Context, Tiebreak, hookimpl
from fide_tiebreaks.model import TournamentType


def direct_encounter(ctx: Context) -> dict[int, Fraction]:
    """DE (Art. 6) for ``ctx.group``: ranks by the mini-table of the games among the group."""
    assert ctx.group is not None
    places: dict[int, Fraction] = {}
    place = 1
    for block in rank_group(ctx, sorted(ctx.group)):
        for pid in block:
            places[pid] = Fraction(place)
        place += len(block)
    return places


def mini_table(ctx: Context, members: Sequence[int]) -> tuple[dict[int, Fraction], dict[int, int]]:
    """6.1: each member's points from the games among *members*, and how many members it has
    not met. A pair that met more than once adds the average of its results (6.1.2).
    Forfeits count only in round robins (15.2) or with ``/P``; in Swiss events they are
    left out (6.1.1)."""
    t = ctx.tournament
    inside = set(members)
    forfeits = ctx.spec.forfeits_as_played or t.type is TournamentType.ROUND_ROBIN
    scores: dict[int, Fraction] = {}
    missing: dict[int, int] = {}
    for pid in members:
        results: dict[int, list[int]] = {}
        for g in t.participant(pid).results:
            if g.opponent in inside and (g.kind.played or (forfeits and g.kind.forfeit)):
                results.setdefault(g.opponent, []).append(g.units)
        scores[pid] = sum(Fraction(sum(r), len(r) * t.scale) for r in results.values()) \
            if results else Fraction(0)  # fmt: skip
        missing[pid] = len(members) - 1 - len(results)
    return scores, missing


def rank_group(ctx: Context, members: list[int]) -> list[list[int]]:
    """The group as ordered blocks of participants DE cannot separate (6.2, 6.3)."""
    if len(members) < 2:
        return [members]
    scores, missing = mini_table(ctx, members)
    order = sorted(members, key=lambda pid: (-scores[pid], pid))
    if not any(missing.values()):
        # 6.2: everyone met everyone: rank by the mini-table, then re-apply Art. 6 to each
        # subgroup still tied (a subgroup as large as the group cannot change).
        blocks: list[list[int]] = []
        for pid in order:
            if blocks and scores[blocks[-1][0]] == scores[pid]:
                blocks[-1].append(pid)
            else:
                blocks.append([pid])
        if len(blocks) == 1:
            return blocks
        return [b for block in blocks for b in rank_group(ctx, block)]
    # 6.3: not everyone met: a participant alone at the top whatever the results of the
    # missing games (its score beats every other's score plus a win per missing game) is
    # ranked first; then the same for the next place; then Art. 6 again for the rest.
    win = ctx.tournament.scoring.win
    potential = [(-(scores[pid] + missing[pid] * win), pid) for pid in members]
    heapq.heapify(potential)
    ranked: list[list[int]] = []
    gone: set[int] = set()
    for leader in order[:-1]:
        best_other = _best_other(potential, leader, gone)
        if best_other is not None and scores[leader] <= best_other:
            break
        ranked.append([leader])
        gone.add(leader)
    if not ranked:
        return [members]
    rest = [pid for pid in order if pid not in gone]
    return ranked + rank_group(ctx, rest)


def _best_other(heap: list[tuple[Fraction, int]], leader: int, gone: set[int]) -> Fraction | None:
    """The highest potential among the members still in play other than *leader*."""
    while heap and heap[0][1] in gone:
        heapq.heappop(heap)
    for neg, pid in heapq.nsmallest(2, heap):
        if pid != leader:
            return -neg
    return None


@hookimpl
def fide_tiebreaks_register() -> list[Tiebreak]:
    return [
        Tiebreak("DE", "Direct encounter", direct_encounter, "6",
                 "Place in the mini-table of the games among the tied participants.",
                 modifiers=frozenset("P:"), lower_is_better=True, group=True, alone=1),
    ]  # fmt: skip
