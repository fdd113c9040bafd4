"""``fide-tiebreaks plugins``: list the installed tie-break plugins."""

from __future__ import annotations

import argparse
import json
from typing import Any

from .common import EXIT_OK, err


def add_parser(sub: Any, name: str, summary: str) -> argparse.ArgumentParser:
    p = sub.add_parser(
        name,
        help=summary,
        description="List every plugin with its distribution, version, tie-break codes and "
        "rules editions. Broken plugins are reported on standard error.",
    )
    p.add_argument("--format", "-f", choices=("table", "json"), default="table",
                   help="table for reading, json for programs (default: table)")  # fmt: skip
    return p


def run(args: argparse.Namespace) -> int:
    from ..diagnostics import printable
    from ..host import registry

    reg = registry()
    if args.format == "json":
        data = [
            {
                "name": p.name,
                "distribution": p.distribution,
                "version": p.version,
                "builtin": p.builtin,
                "codes": list(p.codes),
                "editions": list(p.editions),
                "presets": list(p.presets),
            }
            for p in reg.providers
        ]
        print(json.dumps({"plugins": data, "problems": reg.problems}, indent=1))
        return EXIT_OK
    rows = [("PLUGIN", "DISTRIBUTION", "VERSION", "PROVIDES")]
    for p in reg.providers:
        provides = (
            ", ".join(
                [
                    *p.codes,
                    *(f"edition {e}" for e in p.editions),
                    *(f"preset {n}" for n in p.presets),
                ]
            )
            or "-"
        )
        rows.append((p.name, p.distribution, p.version, provides))
    widths = [max(len(r[i]) for r in rows) for i in range(3)]
    for r in rows:
        line = "  ".join(c.ljust(w) for c, w in zip(r[:3], widths, strict=True)) + "  " + r[3]
        print(printable(line))  # names and versions come from installed metadata files
    duplicates = {code: tbs for code, tbs in reg.tiebreaks.items() if len(tbs) > 1}
    for code, tbs in sorted(duplicates.items()):
        names = " and ".join(f"'{tb.provider}'" for tb in tbs)
        err(f"warning: {code} is provided by {names}; pick one with --provider {code}=PLUGIN")
    return EXIT_OK
