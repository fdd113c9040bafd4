"""The running-score systems of US Chess rule 34E: Cumulative (34E3) and Cumulative of
opposition (34E9)."""

from __future__ import annotations

from fractions import Fraction
from typing import TYPE_CHECKING, NamedTuple

from fide_tiebreaks import Context
from fide_tiebreaks.model import PLAYED_KINDS, Participant
from fide_tiebreaks.numbers import exact_str

if TYPE_CHECKING:
    from fide_tiebreaks.explain import Step


class Running(NamedTuple):
    """One player's Cumulative working (34E3)."""

    totals: tuple[Fraction, ...]  # the running score after each round
    deducted: Fraction  # the points of the unplayed wins and byes, taken off once each
    value: Fraction  # sum(totals) - deducted


def running(p: Participant) -> Running:
    """34E3: the running (cumulative) score after each round, added up; then the points of
    each unplayed win or bye are subtracted: 1 for a forfeit win or a one-point bye, ½ for a
    half-point bye (the points the round gave, under the event's scoring)."""
    total = Fraction(0)
    totals = []
    deducted = Fraction(0)
    for g in p.results:
        total += g.points
        totals.append(total)
        if g.kind not in PLAYED_KINDS:
            deducted += g.points  # forfeit wins and byes; forfeit losses and absences add 0
    return Running(
        totals=tuple(totals), deducted=deducted, value=sum(totals, Fraction(0)) - deducted
    )


def _all(ctx: Context) -> dict[int, Running]:
    t = ctx.tournament
    built: dict[int, Running] = ctx.cached(
        ("running", id(t)), lambda: {p.id: running(p) for p in t.participants}
    )
    return built


def cumulative(ctx: Context) -> dict[int, Fraction]:
    """CUM, US Chess OR7 34E3: the sum of the running scores, less one point for each
    unplayed win or one-point bye (half a point for a half-point bye)."""
    return {pid: r.value for pid, r in _all(ctx).items()}


def opponents_met(p: Participant) -> list[int]:
    """The opponents of the games played over the board (34E: an unplayed game has no
    opponent for tie-breaks; a repeated opponent counts once per game)."""
    return [g.opponent for g in p.results if g.kind in PLAYED_KINDS and g.opponent is not None]


def cumulative_of_opposition(ctx: Context) -> dict[int, Fraction]:
    """OCUM, US Chess OR7 34E9: the sum of the Cumulative tie-breaks (34E3, with their
    deductions) of the opponents played."""
    cum = _all(ctx)
    return {
        p.id: sum((cum[o].value for o in opponents_met(p)), Fraction(0))
        for p in ctx.tournament.participants
    }


def explain_cumulative(ctx: Context, pid: int) -> list[Step]:
    """The running score round by round and the deduction for unplayed wins and byes."""
    from fide_tiebreaks.explain import Step

    p = ctx.tournament.participant(pid)
    r = _all(ctx)[pid]
    out = []
    for g, total in zip(p.results, r.totals, strict=True):
        note = ""
        if g.kind not in PLAYED_KINDS and g.points:
            note = f"; {g.kind.description}: {exact_str(g.points)} deducted (34E3)"
        out.append(
            Step(
                f"R{g.round}: running score {exact_str(total)}{note}",
                total,
                round=g.round,
                opponent=g.opponent,
            )
        )
    out.append(
        Step(
            f"sum {exact_str(sum(r.totals, Fraction(0)))} - {exact_str(r.deducted)} "
            f"= {exact_str(r.value)} (34E3)",
            r.value,
        )
    )
    return out


def explain_cumulative_of_opposition(ctx: Context, pid: int) -> list[Step]:
    """Each opponent played and its Cumulative (34E9)."""
    from fide_tiebreaks.explain import Step

    p = ctx.tournament.participant(pid)
    cum = _all(ctx)
    out = []
    for g in p.results:
        if g.kind in PLAYED_KINDS and g.opponent is not None:
            v = cum[g.opponent].value
            out.append(
                Step(f"R{g.round} #{g.opponent}: Cumulative {exact_str(v)}", v, round=g.round)
            )
        else:
            out.append(Step(f"R{g.round}: {g.kind.description}: no opponent played", round=g.round))
    value = sum((cum[o].value for o in opponents_met(p)), Fraction(0))
    out.append(Step(f"sum of the opponents' Cumulative: {exact_str(value)} (34E9)", value))
    return out
