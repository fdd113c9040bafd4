"""The Olympiad Sonneborn-Berger as Swiss-Manager's printouts compute it (edition sm-2012;
shared/spec/swiss-manager.md rule 4, evidence: data, 163 of 185 team places of 2018): the
opponents' real match points times the game points scored against them, without the
opponent with the fewest match points (the lowest product among equals). A team absent from
a round gets nothing for it, not a PAB, and a round without an opponent counts nothing."""

from __future__ import annotations

from typing import TYPE_CHECKING, NamedTuple

from fide_tiebreaks import Context
from fide_tiebreaks.editions import Entry
from fide_tiebreaks.numbers import exact_str, from_units
from fide_tiebreaks.teams import team_view

if TYPE_CHECKING:
    from fide_tiebreaks.explain import Step

# Swiss-Manager's Olympiad ranking (shared/spec/swiss-manager.md rule 4): opponents' real
# match points, and a round without an opponent (a PAB, an absence) counts nothing.
REAL_MP = "olympiad-real-match-points"


class OlympiadRows(NamedTuple):
    """The matches each team's Olympiad SB keeps, with the grids of their scores."""

    mp_scale: int  # units per match point of each entry's score
    scale: int  # units per point of each product score x points
    rows: dict[int, list[Entry]]  # team id -> the entries kept


def real_olympiad(ctx: Context) -> OlympiadRows:
    """Per team: the matches against an opponent, scored on the opponent's real final match
    points with the game points scored against it, the lowest-MP opponent cut (the lowest
    product among equals); a round with no opponent gives nothing, so an absent team is
    never read as receiving a PAB."""
    t = ctx.tournament
    xt, yt = team_view(t, "MP"), team_view(t, "GP")
    mp = {p.id: p.units for p in xt.participants}
    out = {}
    for xp, yp in zip(xt.participants, yt.participants, strict=True):
        gp = {g.round: g.units for g in yp.results}
        entries = [
            Entry(
                round=g.round,
                opponent=g.opponent,
                score=mp[g.opponent],
                points=gp[g.round],
                vur=False,
                category="played",
            )
            for g in xp.results
            if g.opponent is not None and g.kind.has_opponent
        ]
        out[xp.id] = list(ctx.edition.cut(entries, 1, 0, True))
    return OlympiadRows(mp_scale=xt.scale, scale=xt.scale * yt.scale, rows=out)


def explain_real_olympiad(ctx: Context, pid: int) -> tuple[Step, ...]:
    """The working of :func:`real_olympiad` for team *pid*."""
    from fide_tiebreaks.explain import Step

    real = real_olympiad(ctx)
    kept = real.rows[pid]
    steps = [
        Step(
            text=f"round {e.round}: team {e.opponent}'s real match points "
            f"{exact_str(from_units(e.score, real.mp_scale))} x game points scored",
            value=from_units(e.score * e.points, real.scale),
            round=e.round,
            opponent=e.opponent,
        )
        for e in kept
    ]
    total = from_units(sum(e.score * e.points for e in kept), real.scale)
    cite = f"{ctx.edition.citation}: lowest-MP opponent cut; a round without one counts nothing"
    return (*steps, Step(cite, total))
