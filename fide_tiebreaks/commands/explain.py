"""``fide-tiebreaks explain``: how one participant's tie-breaks are computed."""

from __future__ import annotations

import argparse
import sys
from typing import Any

from .common import (
    EXIT_OK,
    EXIT_PROBLEMS,
    FILE_HELP,
    STDIN,
    CommandError,
    add_common,
    add_decision_arguments,
    add_edition_by_argument,
    add_option_arguments,
    add_pgn_arguments,
    add_preset_argument,
    decisions_from,
    edition_help,
    edition_name,
    err,
    options_from,
    ranked,
    read_input,
    report_ranking,
    require_complete,
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
        "file", metavar="FILE", help="a TRF16, TRF-2026, XML, Chess-JSON or PGN file" + FILE_HELP
    )
    p.add_argument(
        "participant",
        metavar="PARTICIPANT",
        help="the start rank, or the name or a part of it (case is ignored); "
        "when several names match, they are listed",
    )
    p.add_argument(
        "--tiebreaks",
        "-t",
        metavar="CODES",
        help="comma-separated tie-break codes, as for 'standings' (default: the "
        "file's list, else the default for its type)",
    )
    p.add_argument("--edition", "-e", metavar="E", type=edition_name, help=edition_help())
    add_edition_by_argument(p)
    p.add_argument(
        "--format",
        "-f",
        choices=("text", "json"),
        default="text",
        help="text for reading, json for programs (default: text)",
    )
    add_pgn_arguments(p)  # a PGN is read as standings reads it, or the values would differ
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
            return (
                f"no participant has start rank {clip(text.strip())} (this file has start "
                f"ranks {first} to {last})"
            )
        return (
            f"no participant's name contains '{clip(text)}' (case is ignored); give a start "
            f"rank ({first} to {last}) or part of a name as 'standings' lists it"
        )
    listed = ", ".join(f"#{pid} {t.participant(pid).name}" for pid in hits[:shown])
    more = f", and {len(hits) - shown} more" if len(hits) > shown else ""
    return (
        f"'{clip(text)}' matches {len(hits)} participants: {listed}{more}; give the start "
        f"rank (e.g. 'explain FILE {hits[0]}') or more of the name"
    )


def run(args: argparse.Namespace) -> int:
    from ..diagnostics import printable
    from ..explain import explain, render_text, to_dict

    check_order(args.file, args.participant)
    t = read_input(args).tournament
    pid = the_participant(t, args.participant)
    standings, explanations = ranked(
        lambda: explain(
            t,
            pid,
            tiebreaks_from(args),
            args.edition,
            options=options_from(args),
            strict=args.strict,
            decided=decisions_from(args),
            lots=args.lots,
            edition_by=args.edition_by,
        )
    )
    report_ranking(standings.diagnostics, args)  # as standings --strict: a warning is an error
    if args.format == "json":
        from ..formats import jsonkeys

        print(jsonkeys.dumps(to_dict(standings, pid, explanations), indent=1))
    else:
        sys.stdout.write(printable(render_text(standings, pid, explanations), lines=True))
    require_complete(standings)
    return unexplained(explanations)


def unexplained(explanations: list[Any]) -> int:
    """EXIT_PROBLEMS, with a warning naming the plugin, when a plugin's explain failed:
    the explanation asked for is not all there."""
    failed = [x for x in explanations if x.fault]
    for x in failed:
        err(f"warning: {x.fault}; {x.code}'s working is not shown")
    return EXIT_PROBLEMS if failed else EXIT_OK


def check_order(file: str, participant: str) -> None:
    """CommandError when the participant and the file were given the other way round (never
    for standard input, ``-``: then no file is named, and none is looked for)."""
    import os

    if file != STDIN and not os.path.exists(file) and os.path.isfile(participant):
        raise CommandError(
            f"no file '{file}', but '{participant}' is one: the file comes first, then the "
            f"participant: 'fide-tiebreaks explain {participant} {file}'"
        )


def the_participant(t: Any, text: str) -> int:
    """The one participant *text* names (start rank or part of a name); else CommandError."""
    from ..explain import participant_matches

    hits = participant_matches(t, text)
    if len(hits) != 1:
        raise CommandError(no_single_match(t, text, hits))
    return int(hits[0])
