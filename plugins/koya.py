"""Koya system, C.07 9.2, with the Limit modifier (14.5)."""

from __future__ import annotations

from fractions import Fraction

from fide_tiebreaks import Context, Tiebreak, hookimpl
from fide_tiebreaks.codes import LIMIT, SCORE
from fide_tiebreaks.model import Tournament, TournamentType
from fide_tiebreaks.numbers import exact_str, from_units
from fide_tiebreaks.tiebreak import Step


def koya_threshold(t: Tournament, limit_steps: int) -> Fraction:
    """Half of the maximum possible score, moved by ``/L±n`` in half-point steps (14.5).

    The maximum counts the games a participant could play: the rounds, less the rounds
    every participant of an odd round robin sits out, less one for each participant who was
    never paired (withdrawn before the start) — the reading of FIDE TEC's reference program.
    """
    n = len(t.participants)
    games = t.rounds
    if t.type is TournamentType.ROUND_ROBIN:
        if n and t.rounds % n == 0:
            games -= t.rounds // n
        games -= sum(1 for p in t.participants if all(g.opponent is None for g in p.results))
    return t.scoring.win * games / 2 + Fraction(limit_steps, 2)


def koya(ctx: Context) -> dict[int, Fraction]:
    """KS (9.2): the points scored against the opponents who finished with at least half of
    the maximum possible score (their final scores; forfeits count as games against the
    scheduled opponent)."""
    t = ctx.tournament
    threshold = koya_threshold(t, ctx.spec.limit or 0)
    strong = {p.id for p in t.participants if p.points >= threshold}
    return {
        p.id: from_units(sum(g.units for g in p.results if g.opponent in strong), t.scale)
        for p in t.participants
    }


def _explain(ctx: Context, pid: int) -> list[Step]:
    t = ctx.tournament
    threshold = koya_threshold(t, ctx.spec.limit or 0)
    out = [
        Step(
            f"half the maximum score{' with the limit' if ctx.spec.limit else ''}: "
            f"{exact_str(threshold)} ({ctx.edition.citation} 9.2"
            f"{', 14.5' if ctx.spec.limit else ''})",
            threshold,
        )
    ]
    total = Fraction(0)
    for g in t.participant(pid).results:
        if g.opponent is None:
            out.append(Step(f"R{g.round}: no opponent: not counted", None, g.round))
            continue
        theirs = t.participant(g.opponent).points
        if theirs >= threshold:
            total += g.points
            out.append(
                Step(
                    text=f"R{g.round} #{g.opponent}: final score {exact_str(theirs)} >= "
                    f"{exact_str(threshold)}: +{exact_str(g.points)}",
                    value=g.points,
                    round=g.round,
                    opponent=g.opponent,
                )
            )
        else:
            text = (
                f"R{g.round} #{g.opponent}: final score {exact_str(theirs)} < "
                f"{exact_str(threshold)}: not counted"
            )
            out.append(Step(text=text, value=None, round=g.round, opponent=g.opponent))
    out.append(Step(f"total {exact_str(total)}", total))
    return out


@hookimpl
def fide_tiebreaks_register() -> list[Tiebreak]:
    return [
        Tiebreak(
            code="KS",
            name="Koya system",
            compute=koya,
            article="9.2",
            description="Points scored against opponents with at least half the maximum score.",
            modifiers=frozenset({LIMIT, SCORE}),
            explain=_explain,
        ),
    ]
