"""``fide-tiebreaks editions``: the rules editions that can be given to ``--edition``."""

from __future__ import annotations

import argparse
from collections.abc import Iterable
from typing import Any

from .common import EXIT_OK
from .listing import add_listing_parser, print_columns


def add_parser(sub: Any, name: str, summary: str) -> argparse.ArgumentParser:
    return add_listing_parser(
        sub,
        name,
        summary,
        description="List every installed rules edition: its name (what --edition takes), "
        "the period it was in force, the plugin that provides it and what it is. Without "
        "--edition a tournament is ranked with the edition in force on its end date, else "
        "the newest. Editions without dates (a program's settings) are only used by name.",
    )


def run(args: argparse.Namespace) -> int:
    from ..host import registry

    editions = newest_first(registry().editions.values())
    if args.format == "json":
        data = [edition_dict(e) for e in editions]
        from ..formats import jsonkeys

        print(jsonkeys.dumps({"editions": data}, indent=1))
        return EXIT_OK
    rows = [("EDITION", "IN FORCE", "PLUGIN", "WHAT IT IS")]
    rows += [(e.name, period(e), e.provider, e.title) for e in editions]
    print_columns(rows)
    return EXIT_OK


def newest_first(installed: Iterable[Any]) -> list[Any]:
    """The dated editions, newest first, then those used only by name."""
    from datetime import date

    installed = list(installed)
    dated = sorted(
        (e for e in installed if e.in_force_from or e.in_force_until),
        key=lambda e: e.in_force_from or date.min,
        reverse=True,
    )
    return [*dated, *(e for e in installed if e not in dated)]


def edition_dict(e: Any) -> dict[str, Any]:
    """One edition as JSON."""
    return {
        "name": e.name,
        "from": e.in_force_from.isoformat() if e.in_force_from else None,
        "until": e.in_force_until.isoformat() if e.in_force_until else None,
        "citation": e.citation,
        "provider": e.provider,
        "title": e.title,
    }


def period(e: Any) -> str:
    """When the edition *e* was in force, as the table shows it."""
    start, end = e.in_force_from, e.in_force_until
    if start and end:
        return f"{start.isoformat()} to {end.isoformat()}"
    if start:
        return f"from {start.isoformat()}"
    if end:
        return f"until {end.isoformat()}"
    return "by name only"
