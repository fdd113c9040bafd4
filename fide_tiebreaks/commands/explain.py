"""``fide-tiebreaks explain``: how one participant's tie-breaks are computed."""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any

from .common import (
    EXIT_USAGE,
    FILE_HELP,
    add_common,
    add_decision_arguments,
    add_option_arguments,
    add_preset_argument,
    decisions_from,
    edition_help,
    err,
    incomplete,
    options_from,
    ranked,
    read_input,
    report_ranking,
    tiebreaks_from,
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
    p.add_argument(
        "file", metavar="FILE", help="a TRF16, TRF-2026, XML or Chess-JSON file" + FILE_HELP
    )
    p.add_argument("participant", metavar="PARTICIPANT",
                    help="the start rank, or the name or a part of it (case is ignored); "
                    "when several names match, they are listed")  # fmt: skip
    p.add_argument("--tiebreaks", "-t", metavar="CODES",
                   help="comma-separated tie-break codes, as for 'standings' (default: the "
                   "file's list, else the default for its type)")  # fmt: skip
    p.add_argument("--edition", "-e", metavar="E", help=edition_help())
    p.add_argument("--format", "-f", choices=("text", "json"), default="text",
                   help="text for reading, json for programs (default: text)")  # fmt: skip
    add_option_arguments(p)
    add_decision_arguments(p)
    add_preset_argument(p)
    add_common(p)
    return p


def no_single_match(t: Any, text: str, hits: list[int], shown: int = 20) -> str:
    """Why *text* picks no single participant, and what to give instead."""
    from ..numbers import clip

    first, last = (min(t.index), max(t.index)) if t.index else (0, 0)
    if not hits:
        if text.isascii() and text.strip().isdigit():
            return (f"no participant has start rank {clip(text.strip())} (this file has start "
                    f"ranks {first} to {last})")  # fmt: skip
        return (f"no participant's name contains '{clip(text)}' (case is ignored); give a start "
                f"rank ({first} to {last}) or part of a name as 'standings' lists it")  # fmt: skip
    listed = ", ".join(f"#{pid} {t.participant(pid).name}" for pid in hits[:shown])
    more = f", and {len(hits) - shown} more" if len(hits) > shown else ""
    return (f"'{clip(text)}' matches {len(hits)} participants: {listed}{more}; give the start "
            f"rank (e.g. 'explain FILE {hits[0]}') or more of the name")  # fmt: skip


def run(args: argparse.Namespace) -> int:
    import os

    from ..diagnostics import printable
    from ..explain import explain, participant_matches, render_text, to_dict

    if not os.path.exists(args.file) and os.path.isfile(args.participant):
        err(f"error: no file '{args.file}', but '{args.participant}' is one: the file comes "
            f"first, then the participant: 'fide-tiebreaks explain {args.participant} "
            f"{args.file}'")  # fmt: skip
        return EXIT_USAGE
    result, stop = read_input(args)
    if result is None or stop is not None:
        return stop if stop is not None else EXIT_USAGE
    t = result.tournament
    hits = participant_matches(t, args.participant)
    if len(hits) != 1:
        err(f"error: {no_single_match(t, args.participant, hits)}")
        return EXIT_USAGE
    pid = hits[0]
    done, stop = ranked(
        lambda: explain(
            t,
            pid,
            tiebreaks_from(args),
            args.edition,
            options=options_from(args),
            strict=args.strict,
            decided=decisions_from(args),
            lots=args.lots,
        )
    )
    if done is None:
        return stop
    standings, explanations = done
    stop = report_ranking(standings.diagnostics, args)
    if stop is not None:
        return stop  # as standings --strict: a warning is an error
    if args.format == "json":
        print(json.dumps(to_dict(standings, pid, explanations), ensure_ascii=False, indent=1))
    else:
        sys.stdout.write(printable(render_text(standings, pid, explanations), lines=True))
    return incomplete(standings)
