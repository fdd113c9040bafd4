"""The US Amateur Team system, US Chess rule 34G2 (the "Barry system"), for team events."""

from __future__ import annotations

from fractions import Fraction
from typing import TYPE_CHECKING

from fide_tiebreaks import Context
from fide_tiebreaks.model import PLAYED_KINDS, Match, TeamData
from fide_tiebreaks.numbers import exact_str
from fide_tiebreaks.tiebreak import Unusable

if TYPE_CHECKING:
    from fide_tiebreaks.explain import Step


def check_team(ctx: Context) -> None:
    if ctx.tournament.team is None:
        raise Unusable("USAT (US Chess OR7 34G2) is a team tie-break; this is no team event")


def _matches(team: TeamData, tid: int, rounds: int) -> tuple[Match, ...]:
    """Team *tid*'s matches of the rounds ranked (``--after-round`` ranks fewer than the
    event holds: the team data keeps every round)."""
    return team.matches[tid][:rounds]


def _final_match_points(team: TeamData, rounds: int) -> dict[int, Fraction]:
    return {
        tid: sum((m.mp for m in _matches(team, tid, rounds)), Fraction(0)) for tid in team.matches
    }


def _product(m: Match, final: dict[int, Fraction]) -> Fraction:
    """34G2 for one match: the game points scored times the opponent's final match points;
    0 for a bye or a forfeited match (no match was played)."""
    if m.kind in PLAYED_KINDS and m.opponent is not None:
        return m.gp * final[m.opponent]
    return Fraction(0)


def us_amateur_team(ctx: Context) -> dict[int, Fraction]:
    """USAT, US Chess OR7 34G2: for each match played, the game points the team scored
    times the opponent team's final match score, added up; nothing is discarded. A bye or a
    forfeited match has no opponent's score to multiply, so it adds 0."""
    team = ctx.tournament.team
    assert team is not None  # check_team refused the rest
    rounds = ctx.tournament.rounds
    final = _final_match_points(team, rounds)
    return {
        p.id: sum((_product(m, final) for m in _matches(team, p.id, rounds)), Fraction(0))
        for p in ctx.tournament.participants
    }


def explain_us_amateur_team(ctx: Context, pid: int) -> list[Step]:
    from fide_tiebreaks.explain import Step

    team = ctx.tournament.team
    assert team is not None
    rounds = ctx.tournament.rounds
    final = _final_match_points(team, rounds)
    out = []
    total = Fraction(0)
    for m in _matches(team, pid, rounds):
        if m.kind in PLAYED_KINDS and m.opponent is not None:
            product = m.gp * final[m.opponent]
            total += product
            out.append(
                Step(
                    f"R{m.round} v team {m.opponent}: game points {exact_str(m.gp)} x its "
                    f"final match points {exact_str(final[m.opponent])} = {exact_str(product)}",
                    product,
                    round=m.round,
                    opponent=m.opponent,
                )
            )
        else:
            out.append(Step(f"R{m.round}: {m.kind.description}: no match played, 0", round=m.round))
    out.append(Step(f"sum {exact_str(total)} (34G2: nothing discarded)", total))
    return out
