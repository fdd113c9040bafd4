"""fide-tiebreaks: chess tie-breaks exactly as FIDE Handbook C.07 defines them.

Plugin authors need only::

    from fide_tiebreaks import hookimpl, Tiebreak

Users read a tournament and rank it::

    from fide_tiebreaks import read_tournament, compute_standings
    standings = compute_standings(read_tournament("event.trf").tournament, "BH/C1,BH,SB")

Every public name loads its module on first use (PEP 562), so ``import fide_tiebreaks`` costs
almost nothing and a command pays only for what it uses (docs/architecture.md, "Start-up").
"""

import os as _os

# typing.TYPE_CHECKING without importing typing (mypy reads any TYPE_CHECKING as true).
TYPE_CHECKING = False

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

from .version import __version__

if TYPE_CHECKING:  # what the names below load, for type checkers and editors
    from .builder import BuilderError, EventBuilder
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
    from .pairing import BursteinIndex, DubovIndex, PairingIndexError, pairing_index
    from .standings import Row, Standings, compute_standings
    from .tiebreak import Context, Option, OptionError, Tiebreak

# Each public name and the module (relative to this package) that defines it.
_WHERE: dict[str, str] = {
    "BuilderError": ".builder",
    "EventBuilder": ".builder",
    "CodeError": ".codes",
    "TiebreakSpec": ".codes",
    "parse_code": ".codes",
    "parse_list": ".codes",
    "Diagnostic": ".diagnostics",
    "InputError": ".diagnostics",
    "Severity": ".diagnostics",
    "Edition": ".editions",
    "Entry": ".editions",
    "OpponentTable": ".editions",
    "ArgumentTypeError": ".errors",
    "ArgumentValueError": ".errors",
    "FideTiebreaksError": ".errors",
    "InternalError": ".faults",
    "read_tournament": ".formats",
    "read_trf": ".formats",
    "ReadResult": ".formats.base",
    "ReadSettings": ".formats.base",
    "parse_trf": ".formats.trf.reader",
    "hookimpl": ".hookspecs",
    "PluginError": ".host",
    "registry": ".host",
    "Acceleration": ".model",
    "Colour": ".model",
    "Game": ".model",
    "Participant": ".model",
    "ResultKind": ".model",
    "Scoring": ".model",
    "Tournament": ".model",
    "TournamentType": ".model",
    "exact_str": ".numbers",
    "BursteinIndex": ".pairing",
    "DubovIndex": ".pairing",
    "PairingIndexError": ".pairing",
    "pairing_index": ".pairing",
    "Row": ".standings",
    "Standings": ".standings",
    "compute_standings": ".standings",
    "Context": ".tiebreak",
    "Option": ".tiebreak",
    "OptionError": ".tiebreak",
    "Tiebreak": ".tiebreak",
}

# The public names (each of _WHERE, and the version).
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


def __getattr__(name: str) -> object:
    """The public name *name*, its module imported on first use and the name kept here."""
    where = _WHERE.get(name)
    if where is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    import importlib

    value = getattr(importlib.import_module(where, __name__), name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted({*globals(), *_WHERE})


def _edition_names() -> tuple[str, ...]:
    """The rules editions' names, for the builder's check of an edition (builder/results.py):
    the package knows the plugin host; the builder knows nothing of ranking."""
    from .host import registry

    return tuple(registry().editions)
