"""Sonneborn-Berger, C.07 9.1, with Cut-n (14.1.1) / Median-n and ``/P``; and the historical
family: the non-Neustadtl Sonneborn-Berger score and the Gelbfuhs score.

History (spec/origin.md): Gelbfuhs devised a weighted score in 1873; Neustadtl proposed the
modern SB in 1882; Sonneborn and Berger promoted their variant, which adds the square of the
player's own score, from 1886-1888. Today's SB is Neustadtl's score.
"""

from __future__ import annotations

from fractions import Fraction
from operator import mul

from fide_tiebreaks import Context, Tiebreak, hookimpl
from fide_tiebreaks.codes import CUT, FORFEITS_AS_PLAYED, MEDIAN
from fide_tiebreaks.editions import sum_of_products, table_columns
from fide_tiebreaks.numbers import exact_str, from_units
from fide_tiebreaks.tiebreak import Line, Step


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
    columns = table_columns(table)
    if columns is not None and not (low or high):  # opponents' scores and points, as numbers
        rows = zip(ctx.tournament.participants, *columns, strict=True)
        for p, scores, points in rows:
            out[p.id] = from_units(sum(map(mul, scores, points)), scale2)
        return out
    for p, entries in zip(ctx.tournament.participants, table.entries, strict=True):
        kept = cut(entries, low, high, True) if low or high else entries
        out[p.id] = from_units(sum_of_products(kept), scale2)
    return out


def non_neustadtl(ctx: Context) -> dict[int, Fraction]:
    """NNSB: the Sonneborn-Berger score of 1886-1888, ``s² + SB`` (Neustadtl's SB plus the
    square of the player's own score). Useless between equal scores, but a full weighted
    score of its own."""
    sb = sonneborn_berger(ctx)
    return {p.id: p.points * p.points + sb[p.id] for p in ctx.tournament.participants}


def gelbfuhs(ctx: Context) -> dict[int, Fraction]:
    """GELBFUHS: Gelbfuhs's weighted score of 1873, ``s + SB / n``: each result weighted by
    ``1 + s_opponent / n``, with ``n`` the number of rounds."""
    sb = sonneborn_berger(ctx)
    n = ctx.tournament.rounds or 1
    return {p.id: p.points + sb[p.id] / n for p in ctx.tournament.participants}


def _explain(ctx: Context, pid: int) -> tuple[Line, ...]:
    from fide_tiebreaks.explain import opponent_lines

    return opponent_lines(ctx, pid, ctx.opponent_table(), weighted=True)


def _sb_of(ctx: Context, pid: int) -> Fraction:
    """SB of one participant, from values computed once per standings."""
    values = ctx.cached(("sb values", ctx.spec, id(ctx.tournament)), lambda: sonneborn_berger(ctx))
    value: Fraction = values[pid]
    return value


def _explain_nnsb(ctx: Context, pid: int) -> list[Line | Step]:
    s = ctx.tournament.participant(pid).points
    sb = _sb_of(ctx, pid)
    v = s * s + sb
    text = f"NNSB = own score squared + SB = {exact_str(s)}² + {exact_str(sb)} = {exact_str(v)}"
    return [*_explain(ctx, pid), Step(text, v)]


def _explain_gelbfuhs(ctx: Context, pid: int) -> list[Line | Step]:
    s = ctx.tournament.participant(pid).points
    sb = _sb_of(ctx, pid)
    n = ctx.tournament.rounds or 1
    v = s + sb / n
    return [
        *_explain(ctx, pid),
        Step(
            f"GELBFUHS = own score + SB / rounds = {exact_str(s)} + "
            f"{exact_str(sb)} / {n} = {exact_str(v)}",
            v,
        ),
    ]


@hookimpl
def fide_tiebreaks_register() -> list[Tiebreak]:
    mods = frozenset({CUT, MEDIAN, FORFEITS_AS_PLAYED})
    return [
        Tiebreak(
            code="SB",
            name="Sonneborn-Berger",
            compute=sonneborn_berger,
            article="9.1",
            description="Sum of each opponent's score times the points scored against them.",
            modifiers=mods,
            explain=_explain,
        ),
        Tiebreak(
            code="NNSB",
            name="Non-Neustadtl Sonneborn-Berger",
            compute=non_neustadtl,
            article="",
            description="Own score squared plus SB (Sonneborn and Berger, 1886-1888).",
            modifiers=mods,
            explain=_explain_nnsb,
        ),
        Tiebreak(
            code="GELBFUHS",
            name="Gelbfuhs score",
            compute=gelbfuhs,
            article="",
            description="Own score plus SB divided by the number of rounds (Gelbfuhs, 1873).",
            modifiers=mods,
            explain=_explain_gelbfuhs,
        ),
    ]
