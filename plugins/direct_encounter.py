"""Direct Encounter, C.07 Art. 6: a ranking inside the group of tied participants.

The value is the place inside the group that was tied when DE was reached (1 = best; shared
places for participants DE cannot separate; 1 for a participant who was not tied).
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from fractions import Fraction

from fide_tiebreaks import Context, Tiebreak, hookimpl
from fide_tiebreaks.codes import FORFEITS_AS_PLAYED, SCORE
from fide_tiebreaks.model import TournamentType
from fide_tiebreaks.numbers import exact_str, from_units
from fide_tiebreaks.tiebreak import Step, Table


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
        if all(len(r) == 1 for r in results.values()):  # each pair met once: plain units
            scores[pid] = from_units(sum([r[0] for r in results.values()]), t.scale)
        else:
            scores[pid] = sum(
                (Fraction(sum(r), len(r) * t.scale) for r in results.values()), Fraction(0)
            )
        missing[pid] = len(members) - 1 - len(results)
    return scores, missing


def rank_group(ctx: Context, members: list[int]) -> list[list[int]]:
    """The group as ordered blocks of participants DE cannot separate (6.2, 6.3)."""
    if len(members) < 2:
        return [members]
    exact, missing = mini_table(ctx, members)
    # Compared on one integer grid (the scores' and a win's denominators): sorting and the
    # heap below compare ints, where Fractions would cost a Python call per comparison.
    win = ctx.tournament.scoring.win
    grid = math.lcm(win.denominator, *{v.denominator for v in exact.values()})
    scores = {pid: v.numerator * (grid // v.denominator) for pid, v in exact.items()}
    order = sorted(members, key=lambda pid: (-scores[pid], pid))
    if not any(missing.values()):
        return _everyone_met(ctx, order, scores)
    win_units = win.numerator * (grid // win.denominator)
    return _sure_leaders(ctx, members, order, scores, missing, win_units)


def _everyone_met(ctx: Context, order: list[int], scores: dict[int, int]) -> list[list[int]]:
    """6.2: everyone met everyone: rank by the mini-table, then re-apply Art. 6 to each
    subgroup still tied (a subgroup as large as the group cannot change)."""
    blocks: list[list[int]] = []
    for pid in order:
        if blocks and scores[blocks[-1][0]] == scores[pid]:
            blocks[-1].append(pid)
        else:
            blocks.append([pid])
    if len(blocks) == 1:
        return blocks
    return [b for block in blocks for b in rank_group(ctx, block)]


def _sure_leaders(
    ctx: Context,
    members: list[int],
    order: list[int],
    scores: dict[int, int],
    missing: dict[int, int],
    win_units: int,
) -> list[list[int]]:
    """6.3: not everyone met: a participant alone at the top whatever the results of the
    missing games (its score beats every other's score plus a win per missing game) is
    ranked first; then the same for the next place; then Art. 6 again for the rest. *order*
    is *members* best first by the mini-table."""
    import heapq  # only when not everyone met: most groups never come here

    potential = [(-(scores[pid] + missing[pid] * win_units), pid) for pid in members]
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


def _best_other(heap: list[tuple[int, int]], leader: int, gone: set[int]) -> int | None:
    """The highest potential among the members still in play other than *leader*."""
    import heapq

    while heap and heap[0][1] in gone:
        heapq.heappop(heap)
    for neg, pid in heapq.nsmallest(2, heap):
        if pid != leader:
            return -neg
    return None


FULL_TABLE_MOST = 60  # members whose full mini-table an explanation shows


def explain_group(ctx: Context, members: Sequence[int], label: str = "") -> list[Step | Table]:
    """The mini-table of *members* (6.1) and the rule of Art. 6 that orders them."""

    t = ctx.tournament
    cite = ctx.edition.citation
    inside = set(members)
    forfeits = ctx.spec.forfeits_as_played or t.type is TournamentType.ROUND_ROBIN
    scores, missing = mini_table(ctx, members)
    if len(members) > FULL_TABLE_MOST:  # g² cells would not fit a report or a terminal
        rows = tuple((f"#{a}", exact_str(scores[a]), str(missing[a])) for a in members)
        table = Table(
            f"{label}mini-table of the tied group, totals only ({len(members)} "
            f"participants; the full table would have {len(members) ** 2} cells) "
            f"({cite} 6.1)",
            ("", "points", "not met"),
            rows,
        )
        return [table, *_rule(ctx, members, forfeits, missing)]
    cells: dict[tuple[int, int], list[str]] = {}
    for a in members:
        for g in t.participant(a).results:
            if g.opponent in inside and (g.kind.played or (forfeits and g.kind.forfeit)):
                mark = " (forfeit)" if g.kind.forfeit else ""
                cells.setdefault((a, g.opponent), []).append(exact_str(g.points) + mark)
    rows = tuple(
        (
            f"#{a}",
            *("x" if a == b else " + ".join(cells.get((a, b), [])) or "not met" for b in members),
            exact_str(scores[a]),
            str(missing[a]),
        )
        for a in members
    )
    header = ("", *(f"#{m}" for m in members), "points", "not met")
    table = Table(f"{label}mini-table of the tied group ({cite} 6.1)", header, rows)
    return [table, *_rule(ctx, members, forfeits, missing)]


def _rule(
    ctx: Context, members: Sequence[int], forfeits: bool, missing: dict[int, int]
) -> list[Step | Table]:
    """The rule of Art. 6 that orders the group, and the order it gives."""

    t = ctx.tournament
    cite = ctx.edition.citation
    out: list[Step | Table] = []
    if not forfeits:
        out.append(Step(f"{cite} 6.1.1: games won or lost by forfeit are left out (Swiss)"))
    if not any(missing.values()):
        out.append(
            Step(
                f"{cite} 6.2: everyone in the group met everyone: ordered by points "
                "in the mini-table; those still level are compared again among "
                "themselves"
            )
        )
    else:
        out.append(
            Step(
                f"{cite} 6.3: not everyone in the group met: a participant takes the "
                "first place only if its points beat every other's points plus a win "
                f"({exact_str(t.scoring.win)}) for each game that one did not play; "
                "then the next place the same way"
            )
        )
    blocks = rank_group(ctx, sorted(members))
    order = " > ".join(" = ".join(f"#{x}" for x in block) for block in blocks)
    shared = "; '=' joins those DE cannot separate" if any(len(b) > 1 for b in blocks) else ""
    out.append(Step(f"order: {order}{shared}"))
    return out


def _explain(ctx: Context, pid: int) -> list[Step | Table]:
    members = sorted(ctx.group or {pid})
    if len(members) < 2:
        return [Step("not tied with anyone when the list reached DE: place 1", Fraction(1))]
    # Made once per group, not once per member: a report explains every member of a tie,
    # and the mini-table of a group of g is g² cells (the same objects for each member).
    key = ("DE explained", ctx.spec, ctx.edition.name, id(ctx.tournament), tuple(members))
    group, places = ctx.cached(key, lambda: (explain_group(ctx, members), direct_encounter(ctx)))
    place = places[pid]
    return [*group, Step(f"#{pid}: place {place} of {len(members)}", place)]


@hookimpl
def fide_tiebreaks_register() -> list[Tiebreak]:
    return [
        Tiebreak(
            code="DE",
            name="Direct encounter",
            compute=direct_encounter,
            article="6",
            description="Place in the mini-table of the games among the tied participants.",
            modifiers=frozenset({FORFEITS_AS_PLAYED, SCORE}),
            lower_is_better=True,
            group=True,
            alone=1,
            explain=_explain,
        ),
    ]
