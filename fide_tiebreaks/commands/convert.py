"""``fide-tiebreaks convert``: write a tournament in another format without ranking it."""

from __future__ import annotations

import argparse
from typing import Any

from .common import (
    EXIT_OK,
    FILE_HELP,
    CommandError,
    add_common,
    add_pgn_arguments,
    read_input,
    write_output,
)

ONE_SHOT = True  # see cli.main: the cyclic garbage collector is off for this command


def add_parser(sub: Any, name: str, summary: str) -> argparse.ArgumentParser:
    p = sub.add_parser(
        name,
        help=summary,
        description="Write the tournament in another format without ranking it: TRF (a TRF "
        "input comes back byte for byte), TRF16 or TRF-2026 written from the model (what the "
        "form cannot hold is refused, naming it: exit 2), or Chess-JSON, FIDE TEC's JSON model "
        '(what it has no field for travels as TRF records in the tournament\'s "other"."trf" '
        "list). Declared ranks and points are kept as the file gives them; use 'standings "
        "--format trf|chess-json' for computed ranks.",
    )
    p.add_argument("file", metavar="FILE", help="a TRF, XML, Chess-JSON or PGN file" + FILE_HELP)
    p.add_argument(
        "--to",
        required=True,
        choices=("trf", "trf16", "trf26", "chess-json"),
        help="output format: trf (the same bytes), trf16, trf26, chess-json",
    )
    p.add_argument(
        "--drop",
        metavar="CODES",
        default="",
        help="comma-separated record codes to leave out where the form cannot hold "
        "them (e.g. --to trf16 --drop 192,202), instead of refusing",
    )
    p.add_argument(
        "--output", "-o", metavar="PATH", help="write here (atomically) instead of standard output"
    )
    add_common(p)
    add_pgn_arguments(p)
    return p


def run(args: argparse.Namespace) -> int:
    t = read_input(args).tournament
    write_output(args.output, encoded(t, args.to, args.drop))
    return EXIT_OK


def encoded(t: Any, to: str, drop: str) -> bytes:
    """The tournament *t* in the format *to*, without ranking it (the records *drop* names
    left out where a TRF form cannot hold them)."""
    if to == "trf":
        from ..formats.trf.writer import encode

        if t.source is None:  # a Swiss-Manager file: binary, no TRF lines to give back
            raise CommandError(
                f"{t.where}: --to trf gives back a TRF file's own lines, and this file has "
                "none (a Swiss-Manager file): use --to trf26 or --to trf16"
            )
        return encode(t.source)
    if to in ("trf16", "trf26"):
        from ..formats.trf.forms import TrfFormError
        from ..formats.trf.model_writer import write_tournament_trf

        dropped = [c.strip() for c in drop.split(",") if c.strip()]
        try:
            text = write_tournament_trf(t, form="trf16" if to == "trf16" else "trf26", drop=dropped)
            return text.encode("utf-8")
        except TrfFormError as e:
            raise CommandError(str(e)) from None
    from ..formats.base import TooLarge
    from ..formats.chessjson import dumps, event

    try:
        return dumps(event(t)).encode("utf-8")
    except TooLarge as e:
        raise CommandError(str(e)) from None
