"""``fide-tiebreaks presets``: list the named tie-break lists (``-t preset:NAME``)."""

from __future__ import annotations

import argparse
from typing import Any

from .common import EXIT_OK
from .listing import add_listing_parser


def add_parser(sub: Any, name: str, summary: str) -> argparse.ArgumentParser:
    return add_listing_parser(
        sub,
        name,
        summary,
        description="List the presets: named tie-break lists for common kinds of event, from "
        "the built-in plugin and any installed plugin (a federation's regulations). Use one "
        "as 'standings FILE --preset NAME' or '-t preset:NAME'.",
    )


def run(args: argparse.Namespace) -> int:
    from ..diagnostics import printable
    from ..host import registry

    reg = registry()
    presets = sorted(reg.presets.values(), key=lambda p: p.name)
    if args.format == "json":
        data = [
            {
                "name": p.name,
                "tiebreaks": p.tiebreaks,
                "description": p.description,
                "citation": p.citation,
                "plugin": p.provider,
            }
            for p in presets
        ]
        from ..formats import jsonkeys

        print(jsonkeys.dumps({"presets": data}, indent=1))
        return EXIT_OK
    width = max((len(p.name) for p in presets), default=4)
    for p in presets:
        print(printable(f"{p.name.ljust(width)}  {p.tiebreaks}  (plugin {p.provider})"))
        print(printable(f"{'':{width}}  {p.description}; {p.citation}"))
    return EXIT_OK
