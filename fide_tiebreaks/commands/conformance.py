"""``fide-tiebreaks conformance``: judge tie-break values against the corpus or another program."""

from __future__ import annotations

import argparse
import sys
from typing import Any

from .common import (
    EXIT_OK,
    EXIT_PROBLEMS,
    CommandError,
    edition_name,
    edition_names,
    guard_output,
    usage_check,
    write_output,
)


@usage_check
def junit_path(text: str) -> str:
    """``--junit PATH``: a file, since the text report goes to standard output."""
    if text == "-":
        raise ValueError(
            "--junit needs a file name: the text report goes to standard output "
            "(e.g. --junit report.xml)"
        )
    return text


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
    p.add_argument(
        "paths",
        nargs="*",
        metavar="PATHS",
        help="case files or folders of cases (default: the bundled corpus); with "
        "--against, one tournament file",
    )
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
    p.add_argument(
        "--edition",
        "-e",
        type=edition_name,
        metavar="E",
        help=f"with --against: the rules edition ({edition_names()}, or one a plugin adds)",
    )
    p.add_argument(
        "--junit", metavar="PATH", type=junit_path, help="also write the report as JUnit XML"
    )
    p.add_argument(
        "--allow-empty",
        action="store_true",
        help="exit 0 even when nothing was compared (every case skipped, no value in RESULTS); "
        "without it such a run fails",
    )
    p.add_argument("--verbose", "-v", action="store_true", help="list passed cases too")
    return p


def run(args: argparse.Namespace) -> int:
    from ..conformance import runner
    from ..diagnostics import printable

    if args.junit:  # checked before the run: an unwritable path is a usage error
        guard_output(args.junit, [*args.paths, args.against])
        writable(args.junit)
    outcomes = judged(args)
    # File names and plugin messages may hold control characters: never raw to a terminal.
    sys.stdout.write(printable(runner.report(outcomes, args.verbose), lines=True))
    if args.junit:
        write_output(args.junit, runner.junit(outcomes))
    if not all(o.status in ("passed", "skipped") for o in outcomes):
        return EXIT_PROBLEMS
    if runner.compared(outcomes) == 0 and not args.allow_empty:
        # A check that compared nothing must not look like a pass.
        raise CommandError(
            f"nothing was compared: {why_nothing(args)} (--allow-empty accepts such a run)",
            EXIT_PROBLEMS,
        )
    return EXIT_OK


def writable(path: str) -> None:
    """CommandError when the --junit *path* cannot be written."""
    from ..atomic import OutputError, resolve_target

    try:
        resolve_target(path)
    except OutputError as e:
        raise CommandError(str(e)) from None


def judged(args: argparse.Namespace) -> list[Any]:
    """The outcomes: of the cases (PATHS, else the corpus), or of --against's comparison."""
    from pathlib import Path

    from ..codes import CodeError
    from ..conformance import runner
    from ..diagnostics import InputError

    paths = [Path(p) for p in args.paths]
    missing = [str(p) for p in paths if not p.exists()]
    if missing:
        raise CommandError(f"no such file or folder: {', '.join(missing)}")
    if args.against and len(paths) != 1:
        raise CommandError("--against compares one tournament file with one results file")
    try:
        if args.against:
            codes = [c.strip() for c in args.tiebreaks.split(",")] if args.tiebreaks else None
            return list(runner.against(paths[0], Path(args.against), codes, args.edition))
        return list(runner.run(paths or None, args.provider))
    except InputError as e:
        raise CommandError(diagnostics=e.diagnostics) from None
    except (CodeError, ValueError, OSError, KeyError) as e:
        raise CommandError(str(e)) from None


def why_nothing(args: argparse.Namespace) -> str:
    """Why a run compared nothing."""
    if args.against:
        return f"{args.against} has no tie-break value or rank to compare"
    if args.provider:
        return f"plugin '{args.provider}' provides the codes of none of the cases"
    return "no case was run"
