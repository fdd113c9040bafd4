"""``certify --events-from DIR``: certify over a corpus someone else made (another
program's random tournament generator, a federation's files), not over our own events.

Each file is ranked with its own list (``202``, else ``212``; ``--tiebreaks`` overrides) and
the edition of its end date (``--edition`` overrides), by us and by the program under test,
and every value and the final order are compared as for generated events. An individual
event is turned into the cross table the shrinker cuts down, so each discrepancy group is
shrunk to a minimal TRF as usual; a team event's group keeps the file it came from.
"""

from __future__ import annotations

import time
from collections import Counter
from collections.abc import Callable, Iterator, Sequence
from pathlib import Path

from ..codes import CodeError, parse_list
from ..data_classes import dataclass
from ..diagnostics import InputError, Severity
from ..editions import choose_edition
from ..formats import parse_any
from ..formats.base import Unwritable, read_bytes
from ..host import PluginError, registry
from ..model import ResultKind, Tournament
from ..standings import compute_standings
from .adapters import Adapter, Request, our_options, run
from .compare import Discrepancy, compare
from .engine import Config
from .generate import Block, Event, Profile
from .report import Group, Summary
from .session import example_group

CODE_OF = {kind: kind.value for kind in ResultKind}
CODE_OF[ResultKind.DOUBLE_FORFEIT] = "-"


@dataclass(frozen=True)
class Job:
    """What every file of the corpus is checked with."""

    adapter: Adapter
    codes: tuple[str, ...]  # empty: the file's own list
    edition: str  # empty: the edition of the file's end date
    options: tuple[tuple[str, str], ...] = ()
    fallback: tuple[str, ...] = ()  # the list when the file names none (212 PTS alone)


@dataclass(frozen=True)
class FileResult:
    file: str
    size: int
    rounds: int
    codes: tuple[str, ...]
    edition: str
    compared: int
    discrepancies: tuple[Discrepancy, ...]
    event: Event | None  # the cross table to shrink (individual events), else None
    note: str = ""  # why the file was not compared


def to_event(t: Tournament, name: str) -> Event | None:
    """An individual event as the shrinker's cross table (1 / ½ / 0 scoring, the PAB a
    win); None for a team event or another scoring, which to_trf cannot write back."""
    if t.team is not None or t.scoring != type(t.scoring)():
        return None
    ids = [p.id for p in t.participants]
    if ids != list(range(1, len(ids) + 1)):
        return None
    rows: list[tuple[Block | None, ...]] = []
    for p in t.participants:
        row: list[Block | None] = []
        for g in p.results:
            if g.kind is ResultKind.NOT_PAIRED:
                row.append(None)
            else:
                row.append(Block(g.opponent or 0, g.colour.value, CODE_OF[g.kind]))
        rows.append(tuple(row))
    kind = "round-robin" if t.type.value == "round-robin" else "swiss"
    ratings = tuple(p.rating or 0 for p in t.participants)
    return Event(name=name, kind=kind, ratings=ratings, rounds=tuple(rows))


def _kind(t: Tournament) -> str:
    if t.team is not None:
        return "team-swiss"
    return "round-robin" if t.type.value == "round-robin" else "swiss"


def _as_text(data: bytes, t: Tournament) -> str:
    """The event as the program under test is given it: the file's own text, or for a
    binary file (Swiss-Manager's) the event written as TRF-2026."""
    if b"\x00" not in data[:4096]:
        return data.decode("utf-8", "replace")
    from ..formats.trf.model_writer import write_tournament_trf

    return write_tournament_trf(t, form="trf26")


def check_file(job: Job, path: str) -> FileResult:
    """Rank one file ourselves and by the program, and compare."""
    try:
        data = read_bytes(path)
        read = parse_any(data, path)
    except InputError as e:
        return _not_compared(path, e.diagnostics[0].message)
    t = read.tournament
    if any(d.severity is Severity.ERROR for d in read.diagnostics):
        return _not_compared(path, "unreadable", t)
    codes, edition = _list_and_edition(job, t)
    try:
        ours = compute_standings(t, list(codes), edition, options=our_options(dict(job.options)))
    except (CodeError, PluginError) as e:
        return _not_compared(path, str(e), t, codes=codes, edition=edition)
    try:
        text = _as_text(data, t)
    except Unwritable as e:  # an event TRF cannot hold (one with no player yet)
        return _not_compared(path, str(e), t)
    request = Request(
        trf=text,
        codes=tuple(ours.codes),
        edition=edition,
        type=_kind(t),
        options=dict(job.options),
        timeout=job.adapter.timeout,
    )
    found, compared = compare(ours, run(job.adapter, request), job.adapter, edition)
    return FileResult(
        file=path,
        size=len(t.participants),
        rounds=t.rounds,
        codes=tuple(ours.codes),
        edition=edition,
        compared=compared,
        discrepancies=tuple(found),
        event=to_event(t, Path(path).name) if found else None,
    )


def _list_and_edition(job: Job, t: Tournament) -> tuple[tuple[str, ...], str]:
    """The list a file is ranked by (``--tiebreaks``, else its own 202, else 212, else the
    fallback) and the edition (``--edition``, else the reader's, else its end date's)."""
    listed = [s.code for s in parse_list(list(t.declared_tiebreaks or t.declared_standings))]
    codes = job.codes or tuple(listed) or job.fallback
    edition = (
        job.edition
        or t.edition  # a reader's choice: sm-2012 for a Swiss-Manager file before 2023
        or choose_edition(list(registry().editions.values()), t.end_date)[0].name
    )
    return codes, edition


def _not_compared(
    path: str,
    note: str,
    t: Tournament | None = None,
    *,
    codes: tuple[str, ...] = (),
    edition: str = "",
) -> FileResult:
    """A file that compared nothing, and why (*t*: the event, if it was read)."""
    return FileResult(
        file=path,
        size=0 if t is None else len(t.participants),
        rounds=0 if t is None else t.rounds,
        codes=codes,
        edition=edition,
        compared=0,
        discrepancies=(),
        event=None,
        note=note,
    )


def _check_many(job: Job, paths: list[str]) -> list[FileResult]:
    return [check_file(job, p) for p in paths]


def run_files(job: Job, files: Sequence[str], jobs: int) -> Iterator[FileResult]:
    """Results in the order of *files*, on *jobs* processes."""
    if jobs <= 1:
        yield from (check_file(job, f) for f in files)
        return
    from concurrent.futures import ProcessPoolExecutor
    from functools import partial

    size = max(1, min(20, len(files) // (jobs * 8)))
    batches = [list(files[i : i + size]) for i in range(0, len(files), size)]
    with ProcessPoolExecutor(max_workers=jobs) as pool:
        for done in pool.map(partial(_check_many, job), batches):
            yield from done


def _reproduce(
    job: Job, key: tuple[str, str, str], count: int, where: list[FileResult], seconds: float
) -> Group | None:
    """The group's smallest individual example, shrunk; None when every file that showed
    it is a team event (no cross table to cut)."""
    shrinkable = [r for r in where if r.event is not None]
    if not shrinkable:
        return None
    smallest = min(shrinkable, key=lambda r: (r.size * r.rounds, r.file))
    event = smallest.event
    assert event is not None
    config = Config(
        adapter=job.adapter,
        codes=smallest.codes,
        edition=smallest.edition,
        seed=0,
        profile=Profile(),
        options=job.options,
    )
    first = next(d for d in smallest.discrepancies if d.group == key)
    return example_group(
        config,
        key,
        event,
        first,
        seconds,
        count=count,
        events=len(where),
        first_event=0,
        seen_in=smallest.file,
    )


def certify_corpus(
    job: Job,
    files: Sequence[str],
    *,
    jobs: int = 1,
    shrink_seconds: float = 60.0,
    progress: Callable[[int], None] | None = None,
) -> tuple[Summary, list[FileResult]]:
    """Certify the program on *files*; the summary and every file's result."""
    start = time.monotonic()
    done: list[FileResult] = []
    for r in run_files(job, files, jobs):
        done.append(r)
        if progress:
            progress(len(done))
    counts: Counter[tuple[str, str, str]] = Counter()
    where: dict[tuple[str, str, str], list[FileResult]] = {}
    for r in done:
        for d in r.discrepancies:
            counts[d.group] += 1
        for g in {d.group for d in r.discrepancies}:
            where.setdefault(g, []).append(r)
    groups = []
    for key, count in sorted(counts.items(), key=lambda kv: (-kv[1], kv[0])):
        group = _reproduce(job, key, count, where[key], shrink_seconds)
        if group is not None:
            groups.append(group)
    per_code = {
        "files compared": sum(bool(r.compared) for r in done),
        "files not compared": sum(not r.compared for r in done),
    }
    codes = job.codes or ("(each file's list)",)
    summary = Summary(
        program=job.adapter.name,
        codes=codes,
        edition=job.edition or "(each file's date)",
        seed=0,
        events=len(done),
        compared=sum(r.compared for r in done),
        discrepancies=sum(counts.values()),
        seconds=time.monotonic() - start,
        coverage={},
        per_code=per_code,
        groups=tuple(groups),
    )
    return summary, done
