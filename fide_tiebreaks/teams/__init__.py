"""Team tournaments: teams built from their players' games, matches, match and game points.

A team event is a :class:`~fide_tiebreaks.model.Tournament` whose participants are the teams
(``id`` = team number) and whose ``Game`` objects are matches, scored with the primary score
(C.07 Art. 11: match points or game points). ``tournament.team`` (:class:`TeamData`) keeps the
players' own tournament, the rosters, every match's MP and GP and the line-ups, and
:func:`team_view` gives the same event scored with MP or with GP, so that any tie-break built
on points (Buchholz, Fore Buchholz, progressive scores, Art. 16 with its dummy on both scores)
works on ``:MP`` and ``:GP`` unchanged.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..model import TeamData  # the team event's data, imported from here by plugins
from .records import (
    AbnormalPoints,
    FindingKind,
    Forfeit,
    Lineup,
    Provisional,
    TeamBye,
    TeamEvent,
    TeamFinding,
    TeamPab,
    TeamRecords,
)
from .views import match_scoring, participants_for, scoring_for, team_scores, team_view

if TYPE_CHECKING:
    from .build import build_team_event


def __getattr__(name: str) -> object:
    """build_team_event loads on first use: an individual event never builds teams."""
    if name == "build_team_event":
        from .build import build_team_event

        return build_team_event
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


__all__ = [
    "AbnormalPoints",
    "FindingKind",
    "Forfeit",
    "Lineup",
    "Provisional",
    "TeamBye",
    "TeamData",
    "TeamEvent",
    "TeamFinding",
    "TeamPab",
    "TeamRecords",
    "build_team_event",
    "match_scoring",
    "participants_for",
    "scoring_for",
    "team_scores",
    "team_view",
]
