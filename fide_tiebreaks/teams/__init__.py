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

from importlib import import_module
from typing import TYPE_CHECKING

from ..model import TeamData  # the team event's data, imported from here by plugins
from .views import match_scoring, participants_for, scoring_for, team_scores, team_view

if TYPE_CHECKING:
    from .build import build_team_event
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

#: The names of the submodules that load on first use, and the submodule of each: the team
#: records' classes and the team builder are for team events; the views (which an
#: individual event passes through unchanged) load with the package.
_LAZY = {
    "build_team_event": "build",
    **dict.fromkeys(
        (
            "AbnormalPoints",
            "FindingKind",
            "Forfeit",
            "Lineup",
            "Provisional",
            "TeamBye",
            "TeamEvent",
            "TeamFinding",
            "TeamPab",
            "TeamRecords",
        ),
        "records",
    ),
}


def __getattr__(name: str) -> object:
    """The team records and the builder load on first use: an individual event needs
    neither."""
    where = _LAZY.get(name)
    if where is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    value = globals()[name] = getattr(import_module(f".{where}", __name__), name)
    return value


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
