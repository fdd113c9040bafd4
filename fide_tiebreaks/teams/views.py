"""The team event scored with match points or game points, and each team's totals."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from fractions import Fraction

from ..model import (
    Colour,
    Game,
    Match,
    Participant,
    Scoring,
    Team,
    TeamData,
    Tournament,
)
from ..numbers import from_units, grid_scale


def scoring_for(team: TeamData, score: str) -> Scoring:
    return team.match_scoring if score == "MP" else team.game_scoring


def team_view(t: Tournament, score: str | None) -> Tournament:
    """The team event scored with ``"MP"`` or ``"GP"`` (``None``: the primary score), over the
    rounds *t* has (so standings after round N work for both views)."""
    data = t.team
    if data is None:
        return t
    score = score or data.primary
    key = (score, t.rounds)
    if key in data.cache:
        return data.cache[key]
    scoring = scoring_for(data, score)
    values = [getattr(m, score.lower()) for ms in data.matches.values() for m in ms[: t.rounds]]
    scale = grid_scale([*values, *scoring.values()])
    people = []
    for p in t.participants:
        games = []
        for m in data.matches[p.id][: t.rounds]:
            pts = m.mp if score == "MP" else m.gp
            games.append(
                Game(
                    round=m.round,
                    kind=m.kind,
                    opponent=m.opponent,
                    colour=Colour.NONE,
                    points=pts,
                    units=int(pts * scale),
                )
            )
        units = sum(g.units for g in games)
        people.append(
            replace(p, results=tuple(games), units=units, points=from_units(units, scale))
        )
    view = replace(t, participants=tuple(people), scoring=scoring, scale=scale)
    data.cache[key] = view
    return view


def match_scoring(win: Fraction, draw: Fraction, loss: Fraction, pab: Fraction) -> Scoring:
    """Scoring for a team score: a played or forfeited match and the byes take the win /
    draw / loss values; the pairing-allocated bye its own value."""
    return Scoring(
        win_white=win,
        win_black=win,
        draw_white=draw,
        draw_black=draw,
        loss_white=loss,
        loss_black=loss,
        forfeit_win=win,
        forfeit_loss=loss,
        pab=pab,
        full_bye=win,
        half_bye=draw,
        zero_bye=loss,
    )


def participants_for(
    teams: tuple[Team, ...], matches: Mapping[int, tuple[Match, ...]], primary: str
) -> tuple[Participant, ...]:
    """Teams as participants scored with the primary score (grid set by the caller's view)."""
    out = []
    for team in teams:
        games = tuple(
            Game(
                round=m.round,
                kind=m.kind,
                opponent=m.opponent,
                colour=Colour.NONE,
                points=m.mp if primary == "MP" else m.gp,
                units=0,
            )
            for m in matches[team.id]
        )
        total = sum((g.points for g in games), Fraction(0))
        out.append(
            Participant(id=team.id, name=team.name, points=total, results=games, line=team.line)
        )
    return tuple(out)


def team_scores(t: Tournament) -> tuple[dict[int, Fraction], dict[int, Fraction]]:
    """Each team's match points and game points (for the writers' MP and GP columns)."""
    mp = {p.id: p.points for p in team_view(t, "MP").participants}
    gp = {p.id: p.points for p in team_view(t, "GP").participants}
    return mp, gp
