"""``fide-tiebreaks check --standings``: the standings checker over many files (the
endorsement's PTC); the checking itself is :mod:`fide_tiebreaks.checker`."""

from __future__ import annotations

import argparse
import sys
from collections import Counter
from collections.abc import Iterator, Sequence
from pathlib import Path

from .common import EXIT_OK, EXIT_PROBLEMS, EXIT_USAGE, CommandError


def _checks(files: Sequence[Path], jobs: int) -> Iterator[object]:
    from ..audit import default_jobs
    from ..checker import check_file

    names = [str(f) for f in files]
    jobs = min(jobs or default_jobs(), len(names), default_jobs())
    if jobs <= 1:
        yield from map(check_file, names)
        return
    from concurrent.futures import ProcessPoolExecutor

    with ProcessPoolExecutor(max_workers=jobs) as pool:
        yield from pool.map(check_file, names, chunksize=max(1, len(names) // (jobs * 16)))


def _text(c: object) -> list[str]:
    from ..checker import FileCheck, describe
    from ..diagnostics import printable

    assert isinstance(c, FileCheck)
    lines = [printable(f"{c.file}: {describe(v)}") for v in c.violations]
    if c.status == "unreadable":
        lines += [printable(m) for m in c.messages[:1]]
    elif c.unknown:
        lines.append(
            printable(
                f"{c.file}: unknown codes {', '.join(c.unknown)}: {c.unverified} pairs not verified"
            )
        )
    return lines or [printable(f"{c.file}: {c.status}")]


def run_standings(args: argparse.Namespace) -> int:
    from ..audit import find_files
    from ..checker import FileCheck, to_json
    from ..formats import jsonkeys

    files = find_files(args.file)
    missing = [str(f) for f in files if not f.exists()]
    if missing:
        raise CommandError(f"no such file or folder: {', '.join(missing)}")
    if not files:
        raise CommandError(f"no .trf, .txt, .xml or .json file under {', '.join(args.file)}")
    if args.jobs < 0:
        raise CommandError("--jobs must be 0 (every core) or more")
    counts: Counter[str] = Counter()
    for c in _checks(files, args.jobs):
        assert isinstance(c, FileCheck)
        counts[c.status] += 1
        counts["violations found"] += len(c.violations)
        counts["pairs compared"] += c.pairs
        if args.format == "jsonl":
            line = jsonkeys.dumps(to_json(c))
            print(line.encode("utf-8", "surrogateescape").decode("utf-8", "replace"))
        else:
            print("\n".join(_text(c)))
    print(
        f"fide-tiebreaks: {len(files)} files: {counts['conforms']} conform, "
        f"{counts['violations']} with violations ({counts['violations found']} in all), "
        f"{counts['incomplete']} incomplete, {counts['unchecked']} without declared ranks, "
        f"{counts['unreadable']} unreadable; {counts['pairs compared']} pairs compared",
        file=sys.stderr,
    )
    if counts["unreadable"]:
        return EXIT_USAGE
    if counts["violations"] or counts["incomplete"]:
        return EXIT_PROBLEMS
    if not counts["pairs compared"]:  # a check that compared nothing fails
        raise CommandError(
            "no file declares ranks, so nothing was compared (the rank column, TRF "
            "columns 86-89, or 310 for teams)",
            EXIT_PROBLEMS,
        )
    return EXIT_OK
