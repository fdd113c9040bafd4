"""``fide-tiebreaks check``: report the problems in a tournament file."""

from __future__ import annotations

import argparse
from typing import Any

from .common import (
    EXIT_OK,
    EXIT_PROBLEMS,
    FILE_HELP,
    CommandError,
    add_common,
    add_edition_by_argument,
    add_pgn_arguments,
    edition_help,
    input_name,
    print_diagnostics,
    read_input,
)

STANDINGS_EPILOG = """\
exit status with --standings (the checker):
  0  every file was read, ranks were compared, and every declared rank follows the list
  1  a declared rank breaks the list, a pair reaches a code no plugin knows, a participant
     has no declared rank, or no file declares ranks (nothing was compared)
  2  a path does not exist, no file was found, or a file cannot be read

examples:
  fide-tiebreaks check --standings events/ > report.jsonl
  fide-tiebreaks check --standings a.trf b.trf --format text
"""

ONE_SHOT = True  # see cli.main: the cyclic garbage collector is off for this command


def add_parser(sub: Any, name: str, summary: str) -> argparse.ArgumentParser:
    p = sub.add_parser(
        name,
        help=summary,
        description="Read a file and report every problem found: malformed records, results "
        "that do not mirror between the two players, opponents that do not exist, a points "
        "column that disagrees with the results. Then rank it as 'standings' would, with the "
        "file's own tie-break list, and report what 'standings -v' reports (the list and "
        "edition used and why, codes that cannot be used). Exit 0 when clean, 1 when problems "
        "were found, 2 when the file cannot be read. With --standings: the standings checker "
        "(FIDE's endorsement PTC, docs/endorsement.md).",
        epilog=STANDINGS_EPILOG,
    )
    p.add_argument(
        "file",
        nargs="+",
        metavar="FILE",
        help="a TRF16, TRF-2026, XML, Chess-JSON or PGN file"
        + FILE_HELP
        + " (with --standings: files or folders, any number)",
    )
    p.add_argument(
        "--standings",
        action="store_true",
        help="check that each file's declared ranks follow its own tie-break list "
        "(202/212): one JSON object per file on standard output, naming each "
        "position that breaks the list, the deciding code, both values and the "
        "article",
    )
    p.add_argument(
        "--format",
        "-f",
        choices=("jsonl", "text"),
        default="jsonl",
        help="with --standings: JSON lines (default) or a line per violation",
    )
    p.add_argument(
        "--jobs",
        "-j",
        type=int,
        default=1,
        metavar="N",
        help="with --standings: processes to use (default: 1; 0: every core)",
    )
    p.add_argument("--edition", "-e", metavar="E", help=edition_help())
    add_edition_by_argument(p)
    add_common(p)
    add_pgn_arguments(p)
    return p


def run(args: argparse.Namespace) -> int:
    from ..diagnostics import Severity, counted

    if args.standings:
        from .check_standings import run_standings

        return run_standings(args)
    if len(args.file) > 1:
        raise CommandError("check reads one file; --standings checks many")
    args.file = args.file[0]
    # check shows every note, and goes on past the file's errors to count them all
    result = read_input(args, Severity.NOTE, keep_going=True)
    found = list(result.diagnostics)
    t = result.tournament
    if not any(d.severity is Severity.ERROR for d in found):
        ranking = _ranking_diagnostics(t, input_name(args), args)
        print_diagnostics(ranking, Severity.NOTE, args.strict)
        found += ranking
    counts = {s: sum(d.severity is s for d in found) for s in Severity}
    who = (
        f"{counted(len(t.participants), 'team')} "
        f"({counted(len(t.team.players.participants), 'player')})"
        if t.team
        else counted(len(t.participants), "player")
    )
    print(
        f"{input_name(args)}: {who}, {counted(t.rounds, 'round')}, {t.type.value} "
        f"({t.type_source}); {counted(counts[Severity.ERROR], 'error')}, "
        f"{counted(counts[Severity.WARNING], 'warning')}, "
        f"{counted(counts[Severity.NOTE], 'note')}"
    )
    return EXIT_PROBLEMS if counts[Severity.ERROR] or counts[Severity.WARNING] else EXIT_OK


def _ranking_diagnostics(t: Any, path: str, args: argparse.Namespace) -> list[Any]:
    """What ranking the file as 'standings' does (its own list; the edition of its date, or
    --edition) reports: the same notes and warnings, the edition used and why among them; a
    list or edition that cannot be used is an error here."""
    from ..codes import CodeError
    from ..diagnostics import Diagnostic, Severity
    from ..host import PluginError
    from ..standings import compute_standings

    try:
        s = compute_standings(t, None, args.edition, edition_by=args.edition_by)
        return list(s.diagnostics)
    except (CodeError, PluginError, ValueError) as e:
        return [
            Diagnostic(
                severity=Severity.ERROR, message=f"the file cannot be ranked: {e}", path=path
            )
        ]
