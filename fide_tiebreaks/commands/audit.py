"""``fide-tiebreaks audit``: check many tournament files' declared ranks against the rules."""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any

from .common import EXIT_OK, EXIT_PROBLEMS, CommandError, integer, usage_check

AUDIT_EPILOG = """\
exit status:
  0  at least one file was compared, and every file read conforms or declares no ranks
  1  a file differs from the rules or cannot be read, or no file declares ranks (nothing
     was compared), or (--sequence) the event's tie-break list changes between its files
  2  a path does not exist, no tournament file was found, or a bad option

examples:
  fide-tiebreaks audit reports/2026-10/
  fide-tiebreaks audit --sequence open-r1.trf open-r2.trf open-r3.trf
  fide-tiebreaks audit reports/ --format jsonl > audit.jsonl
"""


@usage_check
def jobs(text: str) -> int:
    """``--jobs N``: 0 (every core) or more processes."""
    n = integer(text)
    if n < 0:
        raise ValueError("--jobs must be 0 (every core) or more")
    return n


def add_parser(sub: Any, name: str, summary: str) -> argparse.ArgumentParser:
    p = sub.add_parser(
        name,
        help=summary,
        description="Rank every tournament file under PATHS (folders are searched for "
        ".trf, .txt, .xml and .json files: TRF16, TRF-2026, the XML tournament form and "
        "Chess-JSON; files named are read whatever their suffix) with its own declared "
        "tie-break list (202/212, else the default) and the edition in force when it ended, "
        "and compare the ranks the file declares with the computed ones. One result line per "
        "file, then a summary (on standard error with --format jsonl). On a terminal, a "
        "progress line on standard error shows the files done, the rate and the time left. "
        "Temporary files an interrupted write left behind "
        "(.NAME.XXXXXXXXXXXX.fide-tiebreaks-tmp) are never read.",
        epilog=AUDIT_EPILOG,
    )
    p.add_argument(
        "paths", nargs="+", metavar="PATHS", help="tournament files, or folders to search"
    )
    p.add_argument(
        "--jobs",
        "-j",
        type=jobs,
        default=0,
        metavar="N",
        help="processes to use (default: every core)",
    )
    p.add_argument(
        "--format",
        "-f",
        choices=("table", "jsonl"),
        default="table",
        help="a line per file for reading, or one JSON object per file (default: table)",
    )
    p.add_argument(
        "--allow-empty",
        action="store_true",
        help="exit 0 even when no file declares ranks to compare",
    )
    p.add_argument(
        "--sequence",
        action="store_true",
        help="the files are one event's, round by round: also report where its "
        "tie-break list changes from one file to the next (exit 1)",
    )
    p.add_argument(
        "--scheduler",
        metavar="ADDRESS",
        help="run on a Dask distributed cluster (Dask from a checkout: pip install "
        "'.[dask]'), e.g. tcp://10.0.0.5:8786",
    )
    return p


def run(args: argparse.Namespace) -> int:
    from .. import audit

    files = found_files(args.paths)
    if args.scheduler:
        try:
            results = audit.run_dask(files, args.scheduler)
        except RuntimeError as e:
            raise CommandError(str(e)) from None
    else:
        results = audit.run_local(files, args.jobs or audit.default_jobs())
    done = shown(results, len(files), args.format)
    counts = audit.summarise(done)
    print_summary(counts, args.format)
    changes = print_changes(done) if args.sequence else 0
    if counts["differs"] or counts["unreadable"] or changes:
        return EXIT_PROBLEMS
    if not counts["conforms"] and not args.allow_empty:  # a check that compared nothing fails
        raise CommandError(
            "no file declares ranks, so nothing was compared (audit compares the ranks a file "
            "declares with the computed ones; 'standings' ranks a file; --allow-empty accepts "
            "such a run)",
            EXIT_PROBLEMS,
        )
    return EXIT_OK


def found_files(paths: list[str]) -> list[Any]:
    """The tournament files *paths* name or hold; CommandError when a path does not exist or
    nothing was found."""
    from .. import audit

    files: list[Any] = audit.find_files(paths)
    missing = [str(f) for f in files if not f.exists()]
    if missing:
        raise CommandError(f"no such file or folder: {', '.join(missing)}")
    if not files:
        raise CommandError(
            f"no .trf, .txt, .xml or .json file under {', '.join(paths)}; name the files, or "
            "a folder that holds some"
        )
    return files


def shown(results: Any, total: int, fmt: str) -> list[Any]:
    """Print a line per audited file as it comes, under a progress line on a terminal; the
    audits."""
    from .. import audit

    show = audit.progress(total, sys.stderr)
    done = []
    try:
        for a in results:
            done.append(a)
            line = audit.to_json_line(a) if fmt == "jsonl" else audit.table_line(a)
            if sys.stderr.isatty():
                sys.stderr.write("\r\x1b[K")  # clear the progress bar before the line
            print(line, flush=True)
            show(len(done))
    except RuntimeError as e:  # e.g. the scheduler cannot be reached
        raise CommandError(str(e)) from None
    return done


def print_summary(counts: dict[str, int], fmt: str) -> None:
    """The summary line (and with jsonl, the counts as JSON), on standard error for jsonl."""
    from ..diagnostics import counted

    summary = (
        f"{counted(counts['files'], 'file')}: {counts['read']} read, "
        f"{counts['conforms']} conform, {counts['differs']} differ, "
        f"{counts['unchecked']} without declared ranks, "
        f"{counts['unreadable']} unreadable"
    )
    if fmt == "jsonl":
        print(json.dumps({"summary": counts}), file=sys.stderr)
    print(summary, file=sys.stderr if fmt == "jsonl" else sys.stdout)


def print_changes(done: list[Any]) -> int:
    """Where the tie-break list changes from one file of the sequence to the next, on
    standard error; how many changes."""
    from .. import audit
    from ..diagnostics import printable

    changes = audit.list_changes(done)
    for change in changes:
        print(printable(str(change)), file=sys.stderr)
    if changes:
        print(
            f"{len(changes)} change{'s' if len(changes) > 1 else ''} of the tie-break list "
            "in this sequence",
            file=sys.stderr,
        )
    return len(changes)
