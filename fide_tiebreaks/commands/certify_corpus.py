"""``fide-tiebreaks certify --events-from DIR``: certify a program on files someone else
generated (the other direction of the endorsement's cross-check, docs/endorsement.md)."""

from __future__ import annotations

import argparse
import sys
from dataclasses import replace
from pathlib import Path
from typing import Any

from .common import EXIT_OK, EXIT_PROBLEMS, CommandError, err


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


def _corpus_json(done: list[Any]) -> bytes:
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
    from ..atomic import write_atomic
    from ..audit import default_jobs, find_files, progress
    from ..certify.adapters import AdapterError
    from ..certify.corpus import Job, certify_corpus
    from ..certify.report import text, write
    from ..certify.shrink import MissingExtra
    from ..codes import CodeError, parse_list
    from ..host import PluginError, registry

    folder = Path(args.events_from)
    if not folder.is_dir():
        raise CommandError(f"--events-from {args.events_from}: not a folder")
    files = [str(f) for f in find_files([folder])]
    if not files:
        raise CommandError(
            f"no .trf, .txt, .xml, .json or Swiss-Manager (.TUNX...) file under {args.events_from}"
        )
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
    job = Job(
        adapter=adapter,
        codes=codes,
        edition=args.edition or "",
        options=options,
        fallback=fallback,
    )
    if args.jobs < 0:
        raise CommandError("--jobs must be 0 (every core) or more")
    try:
        summary, done = certify_corpus(
            job,
            files,
            jobs=args.jobs or default_jobs(),
            shrink_seconds=args.shrink_seconds,
            progress=progress(len(files), sys.stderr),
        )
    except MissingExtra as e:
        raise CommandError(str(e)) from None
    sys.stdout.write(text(summary))
    for r in done:  # the count alone would hide which files were left out, and why
        if not r.compared:
            err(f"warning: {r.file}: not compared: {r.note or 'no value to compare'}")
    if args.report:
        try:
            write(summary, Path(args.report))
            write_atomic(Path(args.report) / "files.jsonl", _corpus_json(done))
        except OSError as e:
            raise CommandError(
                f"cannot write the report to {args.report}: {e.strerror or e}"
            ) from None
    if not summary.compared:  # a check that compared nothing fails
        raise CommandError(
            "no value and no order was compared on any file of the corpus", EXIT_PROBLEMS
        )
    return EXIT_OK if summary.discrepancies <= args.max_discrepancies else EXIT_PROBLEMS
