"""fide-tiebreaks: chess tie-breaks exactly as FIDE Handbook C.07 defines them.

Plugin authors need only::

    from fide_tiebreaks import hookimpl, Tiebreak

Users read a tournament and rank it::

    from fide_tiebreaks import read_tournament, compute_standings
    standings = compute_standings(read_tournament("event.trf").tournament, "BH/C1,BH,SB")
"""

import os as _os
from typing import TYPE_CHECKING

# In a source checkout, plugins/ and conformance/ sit beside this package; installs map them
# to fide_tiebreaks.plugins and fide_tiebreaks.conformance (pyproject package-dir). Searching
# the checkout root for subpackages makes `python -m fide_tiebreaks` work from the checkout
# too, where the source tree would otherwise shadow the installed package. Installed copies
# have no pyproject.toml beside them and are left alone.
_root = _os.path.dirname(_os.path.dirname(_os.path.abspath(__file__)))
if _os.path.exists(_os.path.join(_root, "pyproject.toml")) and _os.path.exists(
    _os.path.join(_root, "plugins", "__init__.py")
):
    __path__.append(_root)

from .builder import BuilderError, EventBuilder
from .builder import results as _builder_results
from .codes import CodeError, TiebreakSpec, parse_code, parse_list
from .diagnostics import Diagnostic, InputError, Severity
from .editions import Edition, Entry, OpponentTable
from .errors import ArgumentTypeError, ArgumentValueError, FideTiebreaksError
from .faults import InternalError
from .formats import read_tournament, read_trf
from .formats.base import ReadResult, ReadSettings
from .formats.trf.reader import parse_trf
from .hookspecs import hookimpl
from .host import PluginError, registry
from .model import (
    Acceleration,
    Colour,
    Game,
    Participant,
    ResultKind,
    Scoring,
    Tournament,
    TournamentType,
)
from .numbers import exact_str

if TYPE_CHECKING:
    from .pairing import BursteinIndex, DubovIndex, PairingIndexError, pairing_index

# The pairing indexes are for pairing programs, not for ranking: they load on first use
# (docs/architecture.md, "Start-up").
_PAIRING = ("BursteinIndex", "DubovIndex", "PairingIndexError", "pairing_index")


def __getattr__(name: str) -> object:
    if name in _PAIRING:
        from . import pairing

        return getattr(pairing, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


from .standings import Row, Standings, compute_standings
from .tiebreak import Context, Option, OptionError, Tiebreak
from .version import __version__

# The builder checks an edition's name when it is given, against the registry's editions.
_builder_results.edition_names = lambda: tuple(registry().editions)

__all__ = [
    "Acceleration",
    "ArgumentTypeError",
    "ArgumentValueError",
    "BuilderError",
    "BursteinIndex",
    "CodeError",
    "Colour",
    "Context",
    "Diagnostic",
    "DubovIndex",
    "Edition",
    "Entry",
    "EventBuilder",
    "FideTiebreaksError",
    "Game",
    "InputError",
    "InternalError",
    "OpponentTable",
    "Option",
    "OptionError",
    "PairingIndexError",
    "Participant",
    "PluginError",
    "ReadResult",
    "ReadSettings",
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
    "pairing_index",
    "parse_code",
    "parse_list",
    "parse_trf",
    "read_tournament",
    "read_trf",
    "registry",
]
