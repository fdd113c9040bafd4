"""Buchholz, C.07 (2024) 8.1, with Cut-n / Median-n (14.1-14.4) and ``/P``."""

from __future__ import annotations

from fractions import Fraction

from fide_tiebreaks import Context, Tiebreak, hookimpl
from fide_tiebreaks.numbers import from_units


def buchholz(ctx: Context) -> dict[int, Fraction]:
    """BH (8.1): the sum of the opponents' scores; unplayed rounds as the edition says
    (Art. 16 in Swiss events: adjusted scores and the dummy opponent)."""
    table = ctx.opponent_table()
    low = ctx.spec.cut or ctx.spec.median
    high = ctx.spec.median
    cut = ctx.edition.cut
    out = {}
    for p, entries in zip(ctx.tournament.participants, table.entries, strict=True):
        kept = cut(entries, low, high, False) if low or high else entries
        out[p.id] = from_units(sum(e.score for e in kept), table.scale)
    return out


@hookimpl
def fide_tiebreaks_register() -> list[Tiebreak]:
    return [
        Tiebreak(
            code="BH",
            name="Buchholz",
            compute=buchholz,
            article="8.1",
            description="Sum of the opponents' scores.",
            modifiers=frozenset("CMP"),
        )
    ]
