"""``fide-tiebreaks check``: report the problems in a tournament file."""

from __future__ import annotations

import argparse
from typing import Any

from .common import EXIT_OK, EXIT_PROBLEMS, EXIT_USAGE, add_common, read_input

ONE_SHOT = True  # see cli.main: the cyclic garbage collector is off for this command


def add_parser(sub: Any, name: str, summary: str) -> argparse.ArgumentParser:
    p = sub.add_parser(
        name,
        help=summary,
        description="Read a file and report every problem found: malformed records, results "
        "that do not mirror between the two players, opponents that do not exist, a points "
        "column that disagrees with the results. Exit 0 when clean, 1 when problems were "
        "found, 2 when the file cannot be read.",
    )
    p.add_argument("file", metavar="FILE")
    add_common(p)
    return p


def run(args: argparse.Namespace) -> int:
    from ..diagnostics import Severity

    result, stop = read_input(args)
    if result is None:
        return stop or EXIT_USAGE
    counts = {s: sum(d.severity is s for d in result.diagnostics) for s in Severity}
    t = result.tournament
    who = (f"{len(t.participants)} teams ({len(t.team.players.participants)} players)"
           if t.team else f"{len(t.participants)} players")  # fmt: skip
    print(
        f"{args.file}: {who}, {t.rounds} rounds, {t.type.value} "
        f"({t.type_source}); {counts[Severity.ERROR]} errors, {counts[Severity.WARNING]} "
        f"warnings, {counts[Severity.NOTE]} notes"
    )
    return EXIT_PROBLEMS if counts[Severity.ERROR] or counts[Severity.WARNING] else EXIT_OK
