"""``fide-tiebreaks serve``: answer standings requests, one JSON object per line, or over
HTTP with ``--http`` (the ``http`` extra)."""

from __future__ import annotations

import argparse
import sys
from typing import Any

from .common import EXIT_OK, CommandError, usage_check

DEFAULT_HTTP = "127.0.0.1:8080"


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
        '"diagnostics"}}. Bad requests get an error response; end of input ends the service. '
        "With --http: the commands over HTTP (POST /standings, /explain, /pairing-index, "
        "/check, /convert, /tiebreak; GET / and /openapi.json; docs/serve.md).",
        epilog='example:\n  echo \'{"path": "event.trf", "tiebreaks": "BH/C1,BH"}\' | '
        "fide-tiebreaks serve\n  fide-tiebreaks serve --http 127.0.0.1:8080",
    )
    p.add_argument(
        "--stdio",
        action="store_true",
        help="requests on standard input, responses on standard output: the default "
        "(accepted for older scripts)",
    )
    p.add_argument(
        "--root",
        metavar="DIR",
        help='read "path" requests only inside DIR (relative paths are taken from '
        "DIR; a path or symbolic link leading outside it is refused). Without it "
        "the service reads any file its user may read: it trusts its client "
        "(docs/serve.md)",
    )
    add_http_arguments(p)
    return p


def add_http_arguments(p: argparse.ArgumentParser) -> None:
    """``--http`` and the limits of the HTTP service."""
    p.add_argument(
        "--http",
        nargs="?",
        const=DEFAULT_HTTP,
        metavar="HOST:PORT",
        help=f"serve over HTTP instead, on HOST:PORT (default {DEFAULT_HTTP}); needs the "
        "http extra (from a checkout: pip install '.[http]')",
    )
    p.add_argument(
        "--max-body",
        type=usage_check(_positive),
        default=16 << 20,
        metavar="BYTES",
        help="with --http: the largest request body taken (default 16 MiB; larger: 413)",
    )
    p.add_argument(
        "--time-limit",
        type=usage_check(_positive),
        default=60,
        metavar="SECONDS",
        help="with --http: the time a request's body may take to arrive (then 408) and its "
        "work may take, waiting included (then 503); default 60",
    )
    p.add_argument(
        "--workers",
        type=usage_check(_workers),
        default=2,
        metavar="N",
        help="with --http: requests worked on at once (1 to 32, default 2; more wait in "
        "the backlog)",
    )
    p.add_argument(
        "--backlog",
        type=usage_check(_count),
        default=64,
        metavar="N",
        help="with --http: requests that may wait for a worker (default 64; more: 503)",
    )


def _count(text: str) -> int:
    if not text.isascii() or not text.isdigit():
        raise ValueError(f"a whole number, not '{text}'")
    return int(text)


def _positive(text: str) -> int:
    if not text.isascii() or not text.isdigit() or int(text) < 1:
        raise ValueError(f"a whole number of at least 1, not '{text}'")
    return int(text)


def _workers(text: str) -> int:
    value = _positive(text)
    if value > 32:
        raise ValueError(f"--workers takes 1 to 32, not {value}")
    return value


def run(args: argparse.Namespace) -> int:
    import os

    if args.http is not None:
        return _run_http(args)
    from ..serve import serve_stdio

    if args.root is not None and not os.path.isdir(args.root):
        raise CommandError(f"--root {args.root} is not a folder")
    serve_stdio(sys.stdin.buffer, sys.stdout.buffer, root=args.root)
    return EXIT_OK


def _run_http(args: argparse.Namespace) -> int:
    if args.stdio or args.root is not None:
        raise CommandError(
            "--http takes no --stdio or --root: over HTTP the tournament is in the request, "
            "never a file on the server"
        )
    from .http.limits import Limits
    from .http.server import parse_address, serve_http

    limits = Limits(
        max_body=args.max_body,
        seconds=args.time_limit,
        workers=args.workers,
        backlog=args.backlog,
    )
    serve_http(parse_address(args.http), limits)
    return EXIT_OK
