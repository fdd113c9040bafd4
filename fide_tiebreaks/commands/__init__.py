"""The commands of ``fide-tiebreaks``, one module each (as pip's ``commands/``).

A command module defines ``add_parser(subparsers) -> argparse.ArgumentParser``, which adds
its sub-parser with every argument it takes, and ``run(args) -> int``, which returns the exit
status (``common.py``: 0 success, 1 problems in the input, 2 usage, 3 internal error). A
command that runs once and exits sets ``ONE_SHOT = True`` (cli.main then turns the cyclic
garbage collector off). Add a command by writing its module and listing it here; the order
is the order of ``fide-tiebreaks --help``. Modules import what they need inside ``run``, so
building the parser stays cheap.
"""

from __future__ import annotations

from . import audit, check, conformance, convert, explain, plugins, serve, standings

COMMANDS = (standings, explain, conformance, audit, serve, check, convert, plugins)
