"""``fide-tiebreaks conformance``: judge tie-break values against the corpus or another program."""

from __future__ import annotations

import argparse
import sys
from typing import Any

from .common import EXIT_OK, EXIT_PROBLEMS, EXIT_USAGE, edition_names, err, write_output


def add_parser(sub: Any, name: str, summary: str) -> argparse.ArgumentParser:
    p = sub.add_parser(
        name,
        help=summary,
        description="Without PATHS, run the bundled corpus of cases (and those plugins add) "
        "with the installed tie-breaks. With PATHS, run those case files or folders. With "
        "--against RESULTS, PATHS is one tournament file and RESULTS another program's "
        "standings of it (CSV with a start_rank, team or name column and a column per code; "
        "JSON in this program's shape, whose recorded edition is used unless --edition is "
        "given; or a TRF whose rank column gives the order); columns that are not tie-break "
        "codes are skipped with a note. Every report ends with 'N passed, M failed'; exit 0 "
        "only when everything conforms, and 1 when something fails or nothing at all was "
        "compared (unless --allow-empty).",
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    p.add_argument("paths", nargs="*", metavar="PATHS",
                   help="case files or folders of cases (default: the bundled corpus); with "
                   "--against, one tournament file")  # fmt: skip
    p.add_argument(
        "--provider",
        metavar="NAME",
        help="test this plugin's tie-breaks; cases for codes it lacks are skipped",
    )
    p.add_argument("--against", metavar="RESULTS", help="another program's standings")
    p.add_argument(
        "--tiebreaks",
        "-t",
        metavar="CODES",
        help="with --against: the codes to compare (default: those in RESULTS)",
    )
    p.add_argument("--edition", "-e", metavar="E",
                   help=f"with --against: the rules edition ({edition_names()}, or one a "
                   "plugin adds)")  # fmt: skip
    p.add_argument("--junit", metavar="PATH", help="also write the report as JUnit XML")
    p.add_argument(
        "--allow-empty",
        action="store_true",
        help="exit 0 even when nothing was compared (every case skipped, no value in RESULTS); "
        "without it such a run fails",
    )
    p.add_argument("--verbose", "-v", action="store_true", help="list passed cases too")
    return p


def run(args: argparse.Namespace) -> int:
    from pathlib import Path

    from ..codes import CodeError
    from ..conformance import runner
    from ..diagnostics import InputError, printable

    if args.junit == "-":  # the report itself goes to standard output
        err("error: --junit needs a file name: the text report goes to standard output "
            "(e.g. --junit report.xml)")  # fmt: skip
        return EXIT_USAGE
    if args.junit:  # checked before the run: an unwritable path is a usage error
        from ..atomic import OutputError, resolve_target

        try:
            resolve_target(args.junit)
        except OutputError as e:
            err(f"error: {e}")
            return EXIT_USAGE
    paths = [Path(p) for p in args.paths]
    missing = [str(p) for p in paths if not p.exists()]
    if missing:
        err(f"error: no such file or folder: {', '.join(missing)}")
        return EXIT_USAGE
    try:
        if args.against:
            if len(paths) != 1:
                err("error: --against compares one tournament file with one results file")
                return EXIT_USAGE
            codes = [c.strip() for c in args.tiebreaks.split(",")] if args.tiebreaks else None
            outcomes = runner.against(paths[0], Path(args.against), codes, args.edition)
        else:
            outcomes = runner.run(paths or None, args.provider)
    except InputError as e:
        for d in e.diagnostics:
            print(d, file=sys.stderr)
        return EXIT_USAGE
    except (CodeError, ValueError, OSError, KeyError) as e:
        err(f"error: {e}")
        return EXIT_USAGE
    # File names and plugin messages may hold control characters: never raw to a terminal.
    sys.stdout.write(printable(runner.report(outcomes, args.verbose), lines=True))
    if args.junit and write_output(args.junit, runner.junit(outcomes)) != EXIT_OK:
        return EXIT_USAGE
    if not all(o.status in ("passed", "skipped") for o in outcomes):
        return EXIT_PROBLEMS
    if runner.compared(outcomes) == 0 and not args.allow_empty:
        # A check that compared nothing must not look like a pass.
        if args.against:
            why = f"{args.against} has no tie-break value or rank to compare"
        elif args.provider:
            why = f"plugin '{args.provider}' provides the codes of none of the cases"
        else:
            why = "no case was run"
        err(f"error: nothing was compared: {why} (--allow-empty accepts such a run)")
        return EXIT_PROBLEMS
    return EXIT_OK
