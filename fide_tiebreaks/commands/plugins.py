"""``fide-tiebreaks plugins``: list the installed tie-break plugins."""

from __future__ import annotations

import argparse
import json
from typing import Any

from .common import EXIT_OK, err
from .listing import add_listing_parser, print_columns


def add_parser(sub: Any, name: str, summary: str) -> argparse.ArgumentParser:
    return add_listing_parser(
        sub,
        name,
        summary,
        description="List every plugin with its distribution, version, tie-break codes and "
        "rules editions, then the options they declare (--option NAME=VALUE) with their type, "
        "default and help. Broken plugins are reported on standard error.",
    )


def run(args: argparse.Namespace) -> int:
    from ..host import registry

    reg = registry()
    if args.format == "json":
        data = [plugin_dict(p) for p in reg.providers]
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
    print_columns(rows)  # names and versions come from installed metadata files
    print_options(reg)
    duplicates = {code: tbs for code, tbs in reg.tiebreaks.items() if len(tbs) > 1}
    for code, tbs in sorted(duplicates.items()):
        names = " and ".join(f"'{tb.provider}'" for tb in tbs)
        err(f"warning: {code} is provided by {names}; pick one with --provider {code}=PLUGIN")
    return EXIT_OK


def plugin_dict(p: Any) -> dict[str, Any]:
    """One plugin as JSON: what it is and what it provides."""
    return {
        "name": p.name,
        "distribution": p.distribution,
        "version": p.version,
        "builtin": p.builtin,
        "codes": list(p.codes),
        "editions": list(p.editions),
        "options": [option_dict(o) for o in p.options],
        "presets": list(p.presets),
    }


def option_dict(o: Any) -> dict[str, Any]:
    """One declared option as JSON: name (as --option takes it), type, default, help."""
    return {
        "name": o.name.replace("_", "-"),
        "type": o.type,
        "default": o.default,
        "help": o.help,
        "choices": list(o.choices),
        "minimum": o.minimum,
        "maximum": o.maximum,
    }


def print_options(reg: Any) -> None:
    """The declared options, one a line: name, type, default, plugin and help."""
    options = sorted(reg.options.values(), key=lambda o: o.name)
    if not options:
        return
    rows = [("OPTION", "TYPE", "DEFAULT", "PLUGIN", "HELP")]
    for o in options:
        rows.append((o.name.replace("_", "-"), _kind(o), _default(o.default), o.provider, o.help))
    print()
    print_columns(rows)  # help comes from the plugin


def _kind(o: Any) -> str:
    """The option's type as the table shows it: ``bool``, ``int 0..9999``, ``choice: a|b``."""
    if o.type == "choice":
        return f"choice: {'|'.join(o.choices)}"
    if o.type == "int" and o.minimum is not None and o.maximum is not None:
        return f"int {o.minimum}..{o.maximum}"
    return str(o.type)


def _default(value: Any) -> str:
    if value is None:
        return "-"
    if isinstance(value, bool):
        return "yes" if value else "no"
    return str(value)
