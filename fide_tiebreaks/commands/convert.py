"""``fide-tiebreaks convert``: write a tournament in another format without ranking it."""

from __future__ import annotations

import argparse
from typing import Any

from .common import EXIT_USAGE, FILE_HELP, add_common, err, read_input, write_output

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
    p.add_argument("--output", "-o", metavar="PATH",
                    help="write here (atomically) instead of standard output")  # fmt: skip
    add_common(p)
    return p


def run(args: argparse.Namespace) -> int:
    result, stop = read_input(args)
    if result is None or stop is not None:
        return stop or EXIT_USAGE
    t = result.tournament
    if args.to == "trf":
        from ..formats.trf.writer import encode

        assert t.source is not None  # every reader keeps the TRF it read or built
        data = encode(t.source)
    else:
        from ..formats.base import TooLarge
        from ..formats.chessjson import dumps, event

        try:
            data = dumps(event(t)).encode("utf-8")
        except TooLarge as e:
            err(f"error: {e}")
            return EXIT_USAGE
    return write_output(args.output, data)
