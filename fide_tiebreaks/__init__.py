"""fide-tiebreaks: chess tie-breaks exactly as FIDE Handbook C.07 defines them.

Plugin authors need only::

    from fide_tiebreaks import hookimpl, Tiebreak

Users read a tournament and rank it::

    from fide_tiebreaks import read_trf, compute_standings
    standings = compute_standings(read_trf("event.trf").tournament, "BH/C1,BH,SB")
"""

__version__ = "0.1.0"

from .codes import CodeError, TiebreakSpec, parse_code, parse_list
from .diagnostics import Diagnostic, InputError, Severity
from .editions import Edition, Entry, OpponentTable
from .hookspecs import hookimpl
from .model import (
    Colour,
    Game,
    Participant,
    ResultKind,
    Scoring,
    Tournament,
    TournamentType,
)
from .numbers import exact_str
from .tiebreak import Context, Tiebreak
from .host import PluginError, registry  # noqa: E402  (needs __version__ above)
from .standings import Row, Standings, compute_standings
from .trf.reader import ReadResult, parse_trf, read_trf

__all__ = [
    "CodeError",
    "Colour",
    "Context",
    "Diagnostic",
    "Edition",
    "Entry",
    "Game",
    "InputError",
    "OpponentTable",
    "Participant",
    "PluginError",
    "ReadResult",
    "ResultKind",
    "Row",
    "Scoring",
    "Severity",
    "Standings",
    "Tiebreak",
    "TiebreakSpec",
    "Tournament",
    "TournamentType",
    "__version__",
    "compute_standings",
    "exact_str",
    "hookimpl",
    "parse_code",
    "parse_list",
    "parse_trf",
    "read_trf",
    "registry",
]
