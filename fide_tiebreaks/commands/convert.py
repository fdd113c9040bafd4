"""``fide-tiebreaks convert``: write a tournament in another format without ranking it."""

from __future__ import annotations

import argparse
from typing import Any

from .common import EXIT_OK, FILE_HELP, CommandError, add_common, read_input, write_output

ONE_SHOT = True  # see cli.main: the cyclic garbage collector is off for this command


def add_parser(sub: Any, name: str, summary: str) -> argparse.ArgumentParser:
    p = sub.add_parser(
        name,
        help=summary,
        description="Write the tournament in another format without ranking it: TRF (a TRF "
        "input comes back byte for byte) or Chess-JSON, FIDE TEC's JSON model (what it has no "
        'field for travels as TRF records in the tournament\'s "other"."trf" list). '
        "Declared ranks and points are kept as the file gives them; use 'standings --format "
        "trf|chess-json' for computed ranks.",
    )
    p.add_argument("file", metavar="FILE", help="a TRF, XML or Chess-JSON file" + FILE_HELP)
    p.add_argument("--to", required=True, choices=("trf", "chess-json"), help="output format")
    p.add_argument(
        "--output", "-o", metavar="PATH", help="write here (atomically) instead of standard output"
    )
    add_common(p)
    return p


def run(args: argparse.Namespace) -> int:
    t = read_input(args).tournament
    write_output(args.output, encoded(t, args.to))
    return EXIT_OK


def encoded(t: Any, to: str) -> bytes:
    """The tournament *t* in the format *to*, without ranking it."""
    if to == "trf":
        from ..formats.trf.writer import encode

        assert t.source is not None  # every reader keeps the TRF it read or built
        return encode(t.source)
    from ..formats.base import TooLarge
    from ..formats.chessjson import dumps, event

    try:
        return dumps(event(t)).encode("utf-8")
    except TooLarge as e:
        raise CommandError(str(e)) from None
