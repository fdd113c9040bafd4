"""The commands of ``fide-tiebreaks``, one module each, loaded only when run (as pip's
``commands/``).

:data:`COMMANDS` names each command and the line ``fide-tiebreaks --help`` shows for it, in
that order; the command's module in this package has the command's name (``-`` as ``_``)
and defines:

- ``add_parser(subparsers, name, summary) -> argparse.ArgumentParser``: adds the command's
  sub-parser, with its description and every argument it takes; an argument that can be
  checked from its text alone is checked there, by a ``type=`` callable
  (``common.usage_check``), so that argparse reports it as a usage error (exit 2);
- ``run(args) -> int``: runs it, reading straight down (read, rank, render, write), and
  returns ``EXIT_OK``, or ``EXIT_PROBLEMS`` for findings (``common.py``: 0 success, 1
  problems in the input, 2 usage, 3 internal error). A step that must stop the command
  raises ``common.CommandError(message, exit_code)``; ``cli.dispatch`` says the message once
  (``fide-tiebreaks: error: ...``) and exits with its code;
- optionally ``ONE_SHOT = True`` for a command that runs once and exits (cli.main then turns
  the cyclic garbage collector off).

Only the module of the command being run is imported, and only its arguments are built, so
the other commands cost nothing at start-up. Add a command by writing its module and listing
it here.
"""

from __future__ import annotations

import importlib
from types import ModuleType

COMMANDS: dict[str, str] = {
    "standings": "rank a tournament on points and tie-breaks",
    "explain": "show how one participant's tie-breaks are computed",
    "conformance": "judge tie-break values against the conformance corpus or another program",
    "audit": "check many tournament files: declared ranks against the rules",
    "certify": "test another tie-break program on generated events, shrinking each discrepancy",
    "generate": "write seeded random standings files (TRF-2026) for endorsement testing",
    "pairing-index": "the Burstein index or the Dubov ARO after a round (for pairing engines)",
    "serve": "answer standings requests, one JSON object per line (for pairing programs)",
    "check": "report problems in a tournament file",
    "convert": "convert a tournament between TRF16, TRF-2026 and Chess-JSON (from XML, PGN)",
    "plugins": "list the installed tie-break plugins",
    "editions": "list the rules editions --edition accepts, with their dates",
    "presets": "list the named tie-break lists --preset accepts",
}


def load(name: str) -> ModuleType:
    """The module of the command *name* (a key of :data:`COMMANDS`)."""
    return importlib.import_module(f"{__name__}.{name.replace('-', '_')}")
