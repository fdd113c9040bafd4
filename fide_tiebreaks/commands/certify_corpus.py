"""``fide-tiebreaks certify --events-from DIR``: certify a program on files someone else
generated (the other direction of the endorsement's cross-check, docs/endorsement.md)."""

from __future__ import annotations

import argparse
import sys
from dataclasses import replace
from pathlib import Path
from typing import TYPE_CHECKING, Any

from .common import EXIT_OK, EXIT_PROBLEMS, CommandError, err

if TYPE_CHECKING:
    from ..certify.corpus import FileResult, Job
    from ..certify.report import Summary


def _adapter(args: argparse.Namespace) -> Any:
    """The program under test, as certify builds it (AdapterError when unusable)."""
    from ..certify.adapters import ADAPTERS, Adapter, check_template, entry_point

    if args.program is not None:
        check_template(args.program)
        adapter = Adapter("program", command=args.program, reader=args.reader, timeout=args.timeout)
    elif args.entry is not None:
        entry_point(args.entry)
        adapter = Adapter(args.entry, entry=args.entry, timeout=args.timeout)
    else:
        adapter = replace(ADAPTERS[args.adapter or "builtin"], timeout=args.timeout)
        entry_point(adapter.entry)
    rounded = {c.strip() for c in args.rounded.split(",") if c.strip()}
    order_only = {c.strip() for c in args.order_only.split(",") if c.strip()}
    return replace(
        adapter, rounded=frozenset(adapter.rounded | rounded), order_only=frozenset(order_only)
    )


def _corpus_json(done: list[FileResult]) -> bytes:
    """One line per file: what was compared and every discrepancy (for the cross-check)."""
    from ..formats import jsonkeys

    lines = []
    for r in done:
        lines.append(
            jsonkeys.dumps(
                {
                    "file": r.file,
                    "participants": r.size,
                    "rounds": r.rounds,
                    "codes": list(r.codes),
                    "edition": r.edition,
                    "compared": r.compared,
                    "note": r.note,
                    "discrepancies": [
                        {
                            "code": d.code,
                            "edition": d.edition,
                            "category": d.category,
                            "participant": d.participant,
                            "ours": d.ours,
                            "theirs": d.theirs,
                            "detail": d.detail,
                        }
                        for d in r.discrepancies
                    ],
                },
            )
        )
    return ("\n".join(lines) + "\n").encode("utf-8", "replace")


def run_corpus(args: argparse.Namespace, default_codes: str) -> int:
    """The run; *default_codes* is the list for a file that names none."""
    from ..certify.report import text

    files = _corpus_files(args.events_from)
    job = _job(args, default_codes)
    if args.jobs < 0:
        raise CommandError("--jobs must be 0 (every core) or more")
    summary, done = _certify(job, files, args)
    sys.stdout.write(text(summary))
    for r in done:  # the count alone would hide which files were left out, and why
        if not r.compared:
            err(f"warning: {r.file}: not compared: {r.note or 'no value to compare'}")
    if args.report:
        _write_report(summary, done, args.report)
    if not summary.compared:  # a check that compared nothing fails
        raise CommandError(
            "no value and no order was compared on any file of the corpus", EXIT_PROBLEMS
        )
    return EXIT_OK if summary.discrepancies <= args.max_discrepancies else EXIT_PROBLEMS


def _corpus_files(events_from: str) -> list[str]:
    """The event files under the folder --events-from names; a missing folder or an empty
    one stops the run (a check that compared nothing fails)."""
    from ..audit import find_files

    folder = Path(events_from)
    if not folder.is_dir():
        raise CommandError(f"--events-from {events_from}: not a folder")
    files = [str(f) for f in find_files([folder])]
    if not files:
        raise CommandError(
            f"no .trf, .txt, .xml, .json or Swiss-Manager (.TUNX...) file under {events_from}"
        )
    return files


def _job(args: argparse.Namespace, default_codes: str) -> Job:
    """What every file is certified with: the program, the codes (or *default_codes* for a
    file that names none), the edition and the options; unknown codes, editions and unusable
    programs stop the run before any file is read."""
    from ..certify.adapters import AdapterError
    from ..certify.corpus import Job
    from ..codes import CodeError, parse_list
    from ..host import PluginError, registry

    try:
        codes = tuple(s.code for s in parse_list(args.tiebreaks)) if args.tiebreaks else ()
        if args.edition:
            registry().edition(args.edition)
        adapter = _adapter(args)
    except (CodeError, PluginError, AdapterError) as e:
        raise CommandError(str(e)) from None
    fallback = tuple(s.code for s in parse_list(default_codes))
    given = args.unrated_rating is not None
    options = (("unrated_rating", str(args.unrated_rating)),) if given else ()
    return Job(
        adapter=adapter, codes=codes, edition=args.edition or "", options=options, fallback=fallback
    )


def _certify(
    job: Job, files: list[str], args: argparse.Namespace
) -> tuple[Summary, list[FileResult]]:
    """Every file certified (over --jobs processes): the summary and each file's result."""
    from ..audit import default_jobs, progress
    from ..certify.corpus import certify_corpus
    from ..certify.shrink import MissingExtra

    try:
        return certify_corpus(
            job,
            files,
            jobs=args.jobs or default_jobs(),
            shrink_seconds=args.shrink_seconds,
            progress=progress(len(files), sys.stderr),
        )
    except MissingExtra as e:
        raise CommandError(str(e)) from None


def _write_report(summary: Summary, done: list[FileResult], report: str) -> None:
    """The --report folder: the summary's pages and one JSON line per file."""
    from ..atomic import write_atomic
    from ..certify.report import write

    try:
        write(summary, Path(report))
        write_atomic(Path(report) / "files.jsonl", _corpus_json(done))
    except OSError as e:
        raise CommandError(f"cannot write the report to {report}: {e.strerror or e}") from None
