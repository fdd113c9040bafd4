"""``fide-tiebreaks explain``: how one participant's tie-breaks are computed."""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any

from .common import (
    EXIT_OK,
    EXIT_PROBLEMS,
    EXIT_USAGE,
    add_common,
    err,
    options_from,
    ranked,
    read_input,
)

ONE_SHOT = True  # see cli.main: the cyclic garbage collector is off for this command


def add_parser(sub: Any, name: str, summary: str) -> argparse.ArgumentParser:
    p = sub.add_parser(
        name,
        help=summary,
        description="For each tie-break, round by round: the opponent or the dummy / virtual "
        "opponent, the unplayed-round category (e.g. 16.2.3) or the virtual opponent's "
        "working, the opponent's score as counted, the points obtained, the contribution, "
        "and what a cut or median removed (with its article); for DE and EDE the tied group's "
        "mini-table and the rule that ordered it; for rating tie-breaks the ratings used, the "
        "roundings and the table lookups. docs/tiebreaks.md shows every code explained.",
        epilog="examples:\n  fide-tiebreaks explain event.trf 9 --tiebreaks BH,BH/C1,SB\n"
        "  fide-tiebreaks explain event.trf Jessica --edition fide-2012 --format json",
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    p.add_argument("file", metavar="FILE")
    p.add_argument("participant", metavar="PARTICIPANT",
                    help="start rank, or a unique part of the name")  # fmt: skip
    p.add_argument("--tiebreaks", "-t", metavar="CODES")
    p.add_argument("--edition", "-e", metavar="E")
    p.add_argument("--format", "-f", choices=("text", "json"), default="text")
    p.add_argument("--option", action="append", default=[], metavar="KEY=VALUE",
                    help="an option for the tie-breaks or edition (see docs)")  # fmt: skip
    p.add_argument("--unrated-rating", type=int, metavar="R")
    add_common(p)
    return p


def run(args: argparse.Namespace) -> int:
    from ..diagnostics import printable
    from ..editions import UNDATED
    from ..explain import explain, find_participant, render_text, to_dict
    from ..numbers import clip

    result, stop = read_input(args)
    if result is None or stop is not None:
        return stop if stop is not None else EXIT_USAGE
    t = result.tournament
    pid = find_participant(t, args.participant)
    if pid is None:
        err(f"error: no single participant matches '{clip(args.participant)}' (give a start rank "
             "or a unique part of the name)")  # fmt: skip
        return EXIT_USAGE
    done, stop = ranked(lambda: explain(t, pid, args.tiebreaks, args.edition,
                                         options=options_from(args),
                                         strict=args.strict))  # fmt: skip
    if done is None:
        return stop
    standings, explanations = done
    for d in standings.diagnostics:
        if d.severity.name != "NOTE" or args.verbose or d.message.startswith(UNDATED):
            print(d, file=sys.stderr)
    if args.strict and any(d.severity.name != "NOTE" for d in standings.diagnostics):
        return EXIT_PROBLEMS  # as standings --strict: a warning is an error
    if args.format == "json":
        print(json.dumps(to_dict(standings, pid, explanations), ensure_ascii=False, indent=1))
    else:
        sys.stdout.write(printable(render_text(standings, pid, explanations), lines=True))
    return EXIT_OK
