"""``fide-tiebreaks serve``: answer standings requests, one JSON object per line."""

from __future__ import annotations

import argparse
import sys
from typing import Any

from .common import EXIT_OK, CommandError


def add_parser(sub: Any, name: str, summary: str) -> argparse.ArgumentParser:
    p = sub.add_parser(
        name,
        help=summary,
        description="Read one JSON request per line on standard input and write one JSON "
        'response per line: {"path": "event.trf"}, {"trf": "<the file\'s text>"} or '
        '{"chess_json": {...}}, with '
        'optional "tiebreaks" (a string or a list), "edition", "after_round", '
        '"unrated_rating", "options" and "id" (echoed back). The response has the shape of '
        '\'standings --format json\' plus "warnings", or {"error": {"message", '
        '"diagnostics"}}. Bad requests get an error response; end of input ends the service.',
        epilog='example:\n  echo \'{"path": "event.trf", "tiebreaks": "BH/C1,BH"}\' | '
        "fide-tiebreaks serve",
    )
    p.add_argument(
        "--stdio",
        action="store_true",
        help="requests on standard input, responses on standard output: the only "
        "mode, and the default (accepted for older scripts)",
    )
    p.add_argument(
        "--root",
        metavar="DIR",
        help='read "path" requests only inside DIR (relative paths are taken from '
        "DIR; a path or symbolic link leading outside it is refused). Without it "
        "the service reads any file its user may read: it trusts its client "
        "(docs/serve.md)",
    )
    return p


def run(args: argparse.Namespace) -> int:
    import os

    from ..serve import serve_stdio

    if args.root is not None and not os.path.isdir(args.root):
        raise CommandError(f"--root {args.root} is not a folder")
    serve_stdio(sys.stdin.buffer, sys.stdout.buffer, root=args.root)
    return EXIT_OK
