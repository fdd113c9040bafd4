"""Sonneborn-Berger, C.07 (2024) 9.1, with Cut-n (14.1.1) / Median-n and ``/P``."""

from __future__ import annotations

from fractions import Fraction

from fide_tiebreaks import Context, Tiebreak, hookimpl
from fide_tiebreaks.numbers import from_units


def sonneborn_berger(ctx: Context) -> dict[int, Fraction]:
    """SB (9.1): the sum over rounds of the opponent's score times the points scored
    against that opponent; an own unplayed round counts the dummy's score times the points
    obtained (16.4). Cut-1 removes the entry of the lowest-scoring opponent, the lowest
    product among equals (14.1.1), subject to the VUR rule of 16.5."""
    table = ctx.opponent_table()
    low = ctx.spec.cut or ctx.spec.median
    high = ctx.spec.median
    cut = ctx.edition.cut
    scale2 = table.scale * table.scale
    out = {}
    for p, entries in zip(ctx.tournament.participants, table.entries, strict=True):
        kept = cut(entries, low, high, True) if low or high else entries
        out[p.id] = from_units(sum(e.score * e.points for e in kept), scale2)
    return out


@hookimpl
def fide_tiebreaks_register() -> list[Tiebreak]:
    return [
        Tiebreak(
            code="SB",
            name="Sonneborn-Berger",
            compute=sonneborn_berger,
            article="9.1",
            description="Sum of each opponent's score times the points scored against them.",
            modifiers=frozenset("CMP"),
        )
    ]
