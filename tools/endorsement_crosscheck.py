"""The endorsement cross-check against gacrux, both ways, resumable in slices.

Direction ``ours``: our generator writes standings files, gacrux's checker checks our ranks
and its values are compared with ours; direction ``gacrux``: gacrux's generator writes
events, gacrux's checker ranks them, our checker checks those ranks and the values are
compared (``crosscheck_files``, one file of either direction). gacrux's checker and
generator run in each worker's own process (``gacrux_inprocess``: imported once per
worker, not a Python per event); the files of a slice go over local processes (``--jobs``)
or a Dask cluster (``--scheduler``).

Every discrepancy is classified: a known bug of gacrux, a documented interpretation
(docs/interpretations.md), or unexplained; unexplained ones are shrunk (individual events)
and listed in ``OUT/unexplained.jsonl`` with the file kept under ``OUT/unexplained/``.

Each slice appends one line to ``OUT/results.jsonl``; a slice already there is skipped, so
an interrupted run is resumed by running the same command again (``--stop-at`` ends a run
before a slice that would start after that time)::

    python tools/endorsement_crosscheck.py OUT --events 50000 --slice 500 --jobs 2
    python tools/endorsement_crosscheck.py OUT --table          # the result table
    python tools/endorsement_crosscheck.py OUT --table --publish docs/endorsement.md

It needs gacrux (``pip install gacrux``) importable by this interpreter.
"""

from __future__ import annotations

import argparse
import json
import shutil
import sys
import tempfile
import time
from collections import Counter
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import NamedTuple

from crosscheck_files import (
    GACRUX,
    FileOutcome,
    GacruxJob,
    OursJob,
    compare_file,
    guarded,
    guarded_batch,
    slice_jobs,
)

from fide_tiebreaks.certify.compare import Discrepancy
from fide_tiebreaks.formats.trf.reader import parse_trf


class Runner(NamedTuple):
    """Where a slice's files run: *jobs* local processes, or a Dask scheduler's workers."""

    jobs: int
    scheduler: str = ""


def shrink_unexplained(u: dict[str, object], seconds: float = 60.0) -> dict[str, object]:
    """The unexplained discrepancy shrunk as certify shrinks (individual events), written
    beside the kept file as NAME.shrunk.trf; the record says how small it became."""
    from fide_tiebreaks.certify.corpus import to_event
    from fide_tiebreaks.certify.engine import Config, check
    from fide_tiebreaks.certify.generate import to_trf
    from fide_tiebreaks.certify.shrink import shrink

    path = Path(str(u["file"]))
    if not path.is_file() or str(u["code"]).startswith("unexplained"):
        return u
    t = parse_trf(path.read_bytes(), str(path)).tournament
    event = to_event(t, path.name)
    if event is None:
        return {**u, "shrunk": "team event: not shrunk"}
    codes = tuple(str(c) for c in u["codes"])  # type: ignore[union-attr]
    config = Config(GACRUX, codes, str(u["edition"]))
    key = (str(u["code"]), str(u["edition"]), str(u["category"]))

    def still_fails(e: object) -> Discrepancy | None:
        found, _, _ = check(config, e)  # type: ignore[arg-type]
        return next((d for d in found if d.group == key), None)

    done = shrink(event, still_fails, seconds=seconds)
    if done is None:
        return {**u, "shrunk": "did not reproduce through TRF16"}
    target = path.with_suffix(".shrunk.trf")
    from fide_tiebreaks.certify.standings_file import EDITION_DATES

    start, end = EDITION_DATES.get(str(u["edition"]), ("2025/05/01", "2025/05/09"))
    text = to_trf(done.event).replace("042 2025/05/01", f"042 {start}")
    target.write_text(text.replace("052 2025/05/09", f"052 {end}"), encoding="utf-8")
    d = done.discrepancy
    return {
        **u,
        "shrunk": str(target),
        "shrunk_size": [done.event.size, done.event.round_count],
        "shrunk_ours": d.ours,
        "shrunk_theirs": d.theirs,
        "shrunk_participant": d.participant,
    }


def _cost(job: OursJob | GacruxJob) -> int:
    """A rough cost of a job, to hand the dear ones out first: gacrux's Dutch pairing grows
    with the square of the field; our events of a slice share one profile."""
    if isinstance(job, GacruxJob):
        return job.profile.players**2 * job.profile.rounds
    return 0


def _run_local(jobs: list[OursJob | GacruxJob], workers: int) -> list[FileOutcome]:
    """The slice's files over *workers* local processes (gacrux imported once in each);
    the dearest files go first, so that no worker is left with a tail of them. Results
    come back in the order of *jobs*."""
    order = sorted(range(len(jobs)), key=lambda i: -_cost(jobs[i]))
    with ProcessPoolExecutor(max_workers=workers) as pool:
        done = list(pool.map(guarded, [jobs[i] for i in order]))
    results: list[FileOutcome] = [done[0]] * len(jobs) if done else []
    for i, r in zip(order, done, strict=True):
        results[i] = r
    return results


def _run_dask(jobs: list[OursJob | GacruxJob], scheduler: str) -> list[FileOutcome]:
    """The slice's files on a Dask distributed cluster, in batches of 10; the workers need
    this package and gacrux installed (the tool's own modules are uploaded to them)."""
    try:
        from distributed import Client
    except ImportError:
        raise SystemExit("--scheduler needs Dask: pip install 'fide-tiebreaks[dask]'") from None
    here = Path(__file__).resolve().parent
    with Client(scheduler) as client:
        for name in ("gacrux_inprocess.py", "crosscheck_files.py"):
            client.upload_file(str(here / name))
        batches = [jobs[i : i + 10] for i in range(0, len(jobs), 10)]
        done = client.gather(client.map(guarded_batch, batches, pure=False))
    return [r for batch in done for r in batch]


def _summary(
    direction: str, k: int, size: int, seed: int, results: list[FileOutcome]
) -> dict[str, object]:
    made = [r for r in results if not r.generator_failed]
    classes: Counter[str] = Counter()
    kinds: Counter[str] = Counter()
    for r in made:
        classes.update(r.classes)
        kinds[r.kind] += 1
    return {
        "direction": direction,
        "slice": k,
        "size": size,
        "seed": seed,
        "events": len(made),
        "generator gave up": len(results) - len(made),
        "kinds": dict(kinds),
        "participants": [
            min((r.size for r in made), default=0),
            max((r.size for r in made), default=0),
        ],
        "values compared": sum(r.compared for r in made),
        "discrepancies": dict(classes),
        "gacrux rejects our ranks": sum(r.gacrux_check == "False" for r in made),
        "we reject gacrux's ranks": sum(bool(r.our_violations) for r in made),
        "gacrux -c rejects its own generator's rank column": sum(
            r.own_rank_column_rejected for r in made
        ),
        "cpu seconds ours": round(sum(r.seconds_ours for r in results), 2),
        "cpu seconds gacrux": round(sum(r.seconds_gacrux for r in results), 2),
    }


def run_slice(
    out: Path, direction: str, k: int, size: int, seed: int, run: Runner
) -> dict[str, object]:
    """Slice *k* of one direction: its files made, checked both ways and compared; every
    discrepancy appended to discrepancies.jsonl, the unexplained ones to unexplained.jsonl
    (the first five shrunk)."""
    work = out / "work" / f"{direction}-{k}"
    shutil.rmtree(work, ignore_errors=True)
    work.mkdir(parents=True)
    wall = time.monotonic()
    jobs = slice_jobs(direction, k, size, seed, str(work))
    results = _run_dask(jobs, run.scheduler) if run.scheduler else _run_local(jobs, run.jobs)
    row = _summary(direction, k, size, seed, results)
    row["wall seconds"] = round(time.monotonic() - wall, 1)
    row["workers"] = run.scheduler or run.jobs
    unexplained = [u for r in results for u in r.unexplained]
    unexplained = [shrink_unexplained(u) if i < 5 else u for i, u in enumerate(unexplained)]
    with open(out / "unexplained.jsonl", "a", encoding="utf-8") as f:
        for u in unexplained:
            f.write(json.dumps({"direction": direction, "slice": k, **u}) + "\n")
    with open(out / "discrepancies.jsonl", "a", encoding="utf-8") as f:
        for r in results:
            for d in r.every:
                f.write(json.dumps({"direction": direction, "slice": k, **d}) + "\n")
    shutil.rmtree(work, ignore_errors=True)
    return row


def reclassify(out: Path) -> None:
    """Classify the kept unexplained files again with the present rules (after a rule was
    added), moving their counts in results.jsonl and rewriting unexplained.jsonl."""
    path = out / "unexplained.jsonl"
    if not path.exists():
        return
    records = [json.loads(x) for x in path.read_text().splitlines() if x.strip()]
    rows = [json.loads(x) for x in (out / "results.jsonl").read_text().splitlines() if x]
    every_path = out / "discrepancies.jsonl"
    every = [json.loads(x) for x in every_path.read_text().splitlines() if x.strip()]
    remaining: list[dict[str, object]] = []
    seen: dict[tuple[object, object, str], FileOutcome] = {}
    for u in records:
        key = (u["direction"], u["slice"], str(u["file"]))
        if key not in seen:
            kept = Path(str(u["file"]))
            again = FileOutcome(str(kept), "", 0)
            with tempfile.TemporaryDirectory() as tmp:
                copy = Path(tmp) / kept.name
                copy.write_bytes(kept.read_bytes())
                compare_file(
                    copy,
                    copy.read_bytes(),
                    list(u["codes"]),
                    str(u["edition"]),
                    again,
                    Path(tmp) / "unexplained",
                )  # type: ignore[arg-type]
            seen[key] = again
            row = next(r for r in rows if (r["direction"], r["slice"]) == key[:2])
            name = Path(str(u["file"])).name
            mine = [d for d in every if (d["direction"], d["slice"], d["file"]) == (*key[:2], name)]
            for d in mine:  # the file's old classification out, its new one in
                row["discrepancies"][d["class"]] = row["discrepancies"].get(d["class"], 0) - 1
            for c, n in again.classes.items():
                row["discrepancies"][c] = row["discrepancies"].get(c, 0) + n
            every = [d for d in every if d not in mine]
            every += [{"direction": key[0], "slice": key[1], **d} for d in again.every]
            remaining += [{**u, **v, "file": u["file"]} for v in again.unexplained]
    for row in rows:
        row["discrepancies"] = {k: n for k, n in row["discrepancies"].items() if n}
    (out / "results.jsonl").write_text("".join(json.dumps(r) + "\n" for r in rows))
    path.write_text("".join(json.dumps(u) + "\n" for u in remaining))
    every_path.write_text("".join(json.dumps(d) + "\n" for d in every))


def done_slices(out: Path) -> set[tuple[str, int, int, int]]:
    path = out / "results.jsonl"
    if not path.exists():
        return set()
    rows = [json.loads(x) for x in path.read_text().splitlines() if x.strip()]
    return {(r["direction"], r["slice"], r["size"], r["seed"]) for r in rows}


def _rows(out: Path) -> list[dict[str, object]]:
    path = out / "results.jsonl"
    if not path.exists():
        return []
    return [json.loads(x) for x in path.read_text().splitlines() if x.strip()]


def _gacrux_cpu(row: dict[str, object]) -> float:
    # rows before gacrux ran in process carry the wall time of its processes instead
    return float(row.get("cpu seconds gacrux", row.get("seconds gacrux", 0)))  # type: ignore[arg-type]


def table(out: Path) -> str:
    rows = _rows(out)
    lines = [
        "| direction | events | values compared | known gacrux bug | interpretation | "
        "unexplained | checker rejects ranks | our CPU s | gacrux CPU s | events per core-hour |",
        "|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|",
    ]
    for direction, what in (
        ("ours", "our generator -> gacrux's checker"),
        ("gacrux", "gacrux's generator -> our checker"),
    ):
        mine = [r for r in rows if r["direction"] == direction]
        c: Counter[str] = Counter()
        for r in mine:
            c.update(r["discrepancies"])  # type: ignore[arg-type]
        key = "gacrux rejects our ranks" if direction == "ours" else "we reject gacrux's ranks"
        events = sum(r["events"] for r in mine)  # type: ignore[misc]
        ours = sum(float(r["cpu seconds ours"]) for r in mine)  # type: ignore[arg-type]
        theirs = sum(_gacrux_cpu(r) for r in mine)
        rate = f"{3600 * events / (ours + theirs):,.0f}" if ours + theirs else "-"
        lines.append(
            f"| {what} | {events:,} | "
            f"{sum(r['values compared'] for r in mine):,} | "  # type: ignore[misc]
            f"{sum(n for k, n in c.items() if k.startswith('gacrux bug'))} | "
            f"{sum(n for k, n in c.items() if k.startswith('interpretation'))} | "
            f"{sum(n for k, n in c.items() if k.startswith('unexplained'))} | "
            f"{sum(r[key] for r in mine)} | "  # type: ignore[misc]
            f"{ours:,.0f} | {theirs:,.0f} | {rate} |"
        )
    return "\n".join(lines) + "\n"


def publish(doc: Path, text: str) -> None:
    begin, end = "<!-- crosscheck table: begin -->", "<!-- crosscheck table: end -->"
    body = doc.read_text(encoding="utf-8")
    if begin not in body or end not in body:
        raise SystemExit(f"{doc}: no {begin} ... {end} markers")
    head, rest = body.split(begin, 1)
    _, tail = rest.split(end, 1)
    doc.write_text(head + begin + "\n" + text + end + tail, encoding="utf-8")


def _parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("out", type=Path, help="the folder for results.jsonl and unexplained/")
    p.add_argument("--events", type=int, default=500, help="events per direction (default 500)")
    p.add_argument("--slice", type=int, default=500, help="events per slice (default 500)")
    p.add_argument("--seed", type=int, default=2026)
    p.add_argument("--jobs", type=int, default=2, help="local worker processes (default 2)")
    p.add_argument("--scheduler", default="", help="a Dask scheduler, e.g. tcp://10.0.0.5:8786")
    p.add_argument(
        "--stop-at",
        type=float,
        default=0.0,
        help="a Unix time: no slice starts that its direction's last slice says would end later",
    )
    p.add_argument("--direction", choices=("ours", "gacrux", "both"), default="both")
    p.add_argument("--table", action="store_true", help="print the result table and stop")
    p.add_argument(
        "--reclassify",
        action="store_true",
        help="classify the kept unexplained files again, then stop",
    )
    p.add_argument("--publish", type=Path, help="with --table: write it into this Markdown file")
    return p


def _run(args: argparse.Namespace) -> None:
    """The slices not yet in results.jsonl, the two directions in turn."""
    done = done_slices(args.out)
    directions = ("ours", "gacrux") if args.direction == "both" else (args.direction,)
    last: dict[str, float] = {}  # a direction's last slice's wall seconds
    runner = Runner(args.jobs, args.scheduler)
    for k in range((args.events + args.slice - 1) // args.slice):
        for direction in directions:
            if (direction, k, args.slice, args.seed) in done:
                continue
            if args.stop_at and time.time() + last.get(direction, 0.0) > args.stop_at:
                print(f"stopped before {direction} slice {k}: --stop-at", file=sys.stderr)
                return
            row = run_slice(args.out, direction, k, args.slice, args.seed, runner)
            last[direction] = float(row["wall seconds"])  # type: ignore[arg-type]
            with open(args.out / "results.jsonl", "a", encoding="utf-8") as f:
                f.write(json.dumps(row) + "\n")
            print(json.dumps(row), flush=True)


def main(argv: list[str] | None = None) -> int:
    p = _parser()
    args = p.parse_args(argv)
    if not (1 <= args.events <= 1_000_000 and 1 <= args.slice <= 10_000 and 1 <= args.jobs <= 8):
        p.error("--events 1..1000000, --slice 1..10000, --jobs 1..8")
    args.out.mkdir(parents=True, exist_ok=True)
    if args.reclassify:
        reclassify(args.out)
        print(table(args.out), end="")
        return 0
    if args.table:
        text = table(args.out)
        print(text, end="")
        if args.publish:
            publish(args.publish, text)
        return 0
    _run(args)
    print(table(args.out), end="")
    unexplained_file = args.out / "unexplained.jsonl"
    unexplained = len(unexplained_file.read_text().splitlines()) if unexplained_file.exists() else 0
    if not sum(r["values compared"] for r in _rows(args.out)):  # type: ignore[misc]
        print("nothing was compared", file=sys.stderr)  # a check that compared nothing fails
        return 1
    return 1 if unexplained else 0


if __name__ == "__main__":
    sys.exit(main())
