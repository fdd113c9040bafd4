"""What the listing commands (``plugins``, ``presets``, ``editions``) share: the parser with
its ``--format table|json`` choice, and the table of aligned columns they print."""

from __future__ import annotations

import argparse
from collections.abc import Sequence
from typing import Any


def add_listing_parser(
    sub: Any, name: str, summary: str, description: str
) -> argparse.ArgumentParser:
    """A listing command's parser: *description*, and ``--format`` table (for reading) or
    json (for programs)."""
    p: argparse.ArgumentParser = sub.add_parser(name, help=summary, description=description)
    p.add_argument(
        "--format",
        "-f",
        choices=("table", "json"),
        default="table",
        help="table for reading, json for programs (default: table)",
    )
    return p


def print_columns(rows: Sequence[Sequence[str]]) -> None:
    """*rows* (a heading first) in columns, each but the last padded to its widest cell,
    two spaces apart; the last (free text) as it is. Every cell may come from a plugin, so
    each line passes :func:`~fide_tiebreaks.diagnostics.printable`."""
    from ..diagnostics import printable

    last = len(rows[0]) - 1
    widths = [max(len(r[i]) for r in rows) for i in range(last)]
    for r in rows:
        head = "  ".join(c.ljust(w) for c, w in zip(r[:last], widths, strict=True))
        print(printable(f"{head}  {r[last]}"))
