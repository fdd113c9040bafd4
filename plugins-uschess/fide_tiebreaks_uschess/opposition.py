"""The opponent-score systems of US Chess rule 34E: Modified Median (34E1), Median (34E4),
Solkoff (34E2) and Sonneborn-Berger (34E8), each on the opponent table of the edition
``uschess-7`` (adjusted scores; own unplayed rounds as opponents scoring 0)."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from fractions import Fraction
from typing import TYPE_CHECKING, Any, NamedTuple

from fide_tiebreaks import Context
from fide_tiebreaks.editions import Entry, sum_of_products, sum_of_scores
from fide_tiebreaks.model import Participant, Tournament
from fide_tiebreaks.numbers import exact_str, from_units

# Only explaining needs fide_tiebreaks.explain (the host's start-up rule).
if TYPE_CHECKING:
    from fide_tiebreaks.explain import Line, Step

LONG_EVENT = 9  # 34E1: from nine rounds on, two scores are discarded each way
# The option that chooses what a minus score discards (docs/interpretations.md): the 7th
# edition's "highest", or "lowest" as some TD pages and older local rules state it.
MINUS_OPTION = "uschess_minus_discard"


class Discard(NamedTuple):
    """What 34E1 leaves out of one player's opponents' scores, and why."""

    low: int  # the lowest scores discarded
    high: int  # the highest scores discarded
    why: str  # the rule, in words


Rule = Callable[[Tournament, Participant, Mapping[str, Any]], Discard]


def each_way(t: Tournament) -> int:
    """34E1: one score each way; two for tournaments of nine or more rounds."""
    return 2 if t.rounds >= LONG_EVENT else 1


def standing(t: Tournament, p: Participant) -> str:
    """34E1: "plus", "even" (exactly half of the maximum possible score) or "minus"."""
    twice, most = 2 * p.points, t.rounds * t.scoring.win
    if twice > most:
        return "plus"
    return "even" if twice == most else "minus"


def modified_median_discard(t: Tournament, p: Participant, options: Mapping[str, Any]) -> Discard:
    """34E1 Modified Median: an even score discards the highest and the lowest; a plus score
    only the lowest, a minus score only the highest (two of each from nine rounds on). With
    the option ``uschess_minus_discard=lowest`` a minus score discards the lowest instead."""
    n = each_way(t)
    kind = standing(t, p)
    many = f"{n} " if n > 1 else ""
    rounds = f"{t.rounds} rounds: {n} each way"
    if kind == "plus":
        return Discard(n, 0, f"plus score: the {many}lowest discarded (34E1; {rounds})")
    if kind == "even":
        return Discard(n, n, f"even score: the {many}highest and lowest discarded (34E1; {rounds})")
    if options.get(MINUS_OPTION) == "lowest":
        why = f"minus score: the {many}lowest discarded (--option uschess-minus-discard=lowest"
        return Discard(n, 0, f"{why}, not 34E1 of the 7th edition; {rounds})")
    return Discard(0, n, f"minus score: the {many}highest discarded (34E1; {rounds})")


def median_discard(t: Tournament, p: Participant, options: Mapping[str, Any]) -> Discard:
    """34E4 Median (Harkness): the highest and the lowest, whatever the score (two of each
    from nine rounds on)."""
    n = each_way(t)
    return Discard(n, n, f"median: {n} highest and {n} lowest discarded (34E4; {t.rounds} rounds)")


def solkoff_discard(t: Tournament, p: Participant, options: Mapping[str, Any]) -> Discard:
    """34E2 Solkoff: as 34E1, but no opponent's score is discarded."""
    return Discard(0, 0, "Solkoff: nothing discarded (34E2)")


def _sums(ctx: Context, rule: Rule, weighted: bool) -> dict[int, Fraction]:
    t = ctx.tournament
    table = ctx.opponent_table()
    cut = ctx.edition.cut
    scale = table.scale * table.scale if weighted else table.scale
    total = sum_of_products if weighted else sum_of_scores
    out = {}
    for p, entries in zip(t.participants, table.entries, strict=True):
        d = rule(t, p, ctx.options)
        kept = cut(entries, d.low, d.high, weighted) if d.low or d.high else list(entries)
        out[p.id] = from_units(total(kept), scale)
    return out


def modified_median(ctx: Context) -> dict[int, Fraction]:
    """MM, US Chess OR7 34E1: the sum of the opponents' adjusted scores after the Modified
    Median discards (plus: lowest; even: highest and lowest; minus: highest; two each way
    from nine rounds)."""
    return _sums(ctx, modified_median_discard, False)


def median(ctx: Context) -> dict[int, Fraction]:
    """MED, US Chess OR7 34E4: the Median (Harkness) system, the highest and lowest adjusted
    opponents' scores discarded for every player (two each way from nine rounds)."""
    return _sums(ctx, median_discard, False)


def solkoff(ctx: Context) -> dict[int, Fraction]:
    """SOLK, US Chess OR7 34E2: the sum of all the opponents' adjusted scores."""
    return _sums(ctx, solkoff_discard, False)


def _no_discard(t: Tournament, p: Participant, options: Mapping[str, Any]) -> Discard:
    return Discard(0, 0, "")


def sonneborn_berger(ctx: Context) -> dict[int, Fraction]:
    """USSB, US Chess OR7 34E8: the adjusted scores of the opponents defeated plus half the
    adjusted scores of the opponents drawn (each adjusted score times the points scored
    against it); an own unplayed round is an opponent scoring 0, so it adds nothing."""
    return _sums(ctx, _no_discard, True)


# -- explanations ----------------------------------------------------------------------------


def _lines(ctx: Context, pid: int, rule: Rule, weighted: bool) -> list[Line | Step]:
    from fide_tiebreaks.explain import Line, Step

    t = ctx.tournament
    p = t.participant(pid)
    table = ctx.opponent_table()
    entries = table.entries[t.index[pid]]
    d = rule(t, p, ctx.options)
    kept = ctx.edition.cut(entries, d.low, d.high, weighted) if d.low or d.high else entries
    # The low discards come first (the edition's cut), so these are the ones they took.
    after_low = set(ctx.edition.cut(entries, d.low, 0, weighted)) if d.low else set(entries)
    out: list[Line | Step] = []
    if d.why:
        out.append(Step(f"score {exact_str(p.points)} of {t.rounds} rounds: {d.why}"))
    for e in entries:
        score, points = from_units(e.score, table.scale), from_units(e.points, table.scale)
        removed = ""
        if e not in kept:
            removed = "lowest discarded" if e not in after_low else "highest discarded"
        out.append(
            Line(
                round=e.round,
                opponent=e.opponent,
                category=e.category,
                opponent_score=score,
                points=points,
                contribution=score * points if weighted else score,
                removed=removed,
                opponent_final=_final(t, e),
            )
        )
    return out


def _final(t: Tournament, e: Entry) -> Fraction | None:
    return t.participant(e.opponent).points if e.opponent is not None else None


def explain_modified_median(ctx: Context, pid: int) -> list[Line | Step]:
    """The adjusted opponents' scores, which 34E1 discarded and why (the player's score)."""
    return _lines(ctx, pid, modified_median_discard, False)


def explain_median(ctx: Context, pid: int) -> list[Line | Step]:
    """The adjusted opponents' scores with the highest and lowest marked (34E4)."""
    return _lines(ctx, pid, median_discard, False)


def explain_solkoff(ctx: Context, pid: int) -> list[Line | Step]:
    """Every adjusted opponent's score, nothing discarded (34E2)."""
    return _lines(ctx, pid, solkoff_discard, False)


def explain_sonneborn_berger(ctx: Context, pid: int) -> list[Line | Step]:
    """Each adjusted opponent's score times the points scored against it (34E8)."""
    return _lines(ctx, pid, _no_discard, True)
