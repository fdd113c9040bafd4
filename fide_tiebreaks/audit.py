"""``fide-tiebreaks audit``: check many tournament files at once, as a federation checks its
rated events: rank each with its own declared (or default) list and edition, and compare the
ranks the file declares with the computed ones.

Work is shipped as (name, bytes) so that any executor can run it: a local process pool
(``--jobs``) or a Dask cluster (``--scheduler``), whose workers need not see the files.
"""

from __future__ import annotations

import itertools
import os
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from dataclasses import asdict, field
from pathlib import Path
from typing import TYPE_CHECKING, TextIO

from .atomic import is_temporary
from .data_classes import dataclass
from .diagnostics import InputError, Severity, printable
from .formats.base import read_bytes

if TYPE_CHECKING:
    from .model import Tournament

# Swiss-Manager's own files too (read through the swiss-manager extra)
SUFFIXES = (".trf", ".txt", ".xml", ".json", ".tunx", ".tumx", ".turx", ".tutx")


@dataclass(frozen=True)
class Difference:
    participant: int
    declared: int
    computed: int


@dataclass(frozen=True)
class Audit:
    """One file's result. status: "conforms" (declared ranks equal the computed ones),
    "differs", "unchecked" (the file declares no ranks) or "unreadable"."""

    file: str
    status: str
    participants: int = 0
    rounds: int = 0
    edition: str = ""
    tiebreaks: tuple[str, ...] = ()
    differences: tuple[Difference, ...] = ()
    messages: tuple[str, ...] = field(default_factory=tuple)


def find_files(paths: Sequence[str | Path]) -> list[Path]:
    """Files named, and files with a TRF, XML or JSON suffix under folders named, sorted.
    Temporary files that an interrupted write left behind (:func:`atomic.is_temporary`) are
    never audited, named or found. A file reached twice (overlapping paths such as ``reports
    reports/a.trf``, or a link to a file already found) is audited once, so the summary
    counts files, not mentions."""
    out: list[Path] = []
    seen: set[str] = set()
    for given in paths:
        path = Path(given)
        if path.is_dir():
            found = sorted(
                p
                for p in path.rglob("*")
                if p.suffix.lower() in SUFFIXES and p.is_file() and not is_temporary(p)
            )
        else:
            found = [] if is_temporary(path) else [path]
        for p in found:
            key = os.path.realpath(p)
            if key not in seen:
                seen.add(key)
                out.append(p)
    return out


def audit_bytes(name: str, data: bytes) -> Audit:
    """Audit one file's contents. Never raises for anything in the file."""
    from .formats import parse_any
    from .standings import compute_standings

    try:
        result = parse_any(data, name)
    except InputError as e:
        # the errors first: the table shows a file's first message as why it is unreadable
        errors_first = sorted(e.diagnostics, key=lambda d: d.severity is not Severity.ERROR)
        return Audit(name, "unreadable", messages=tuple(str(d) for d in errors_first))
    errors = [d for d in result.diagnostics if d.severity is Severity.ERROR]
    warnings = tuple(str(d) for d in result.diagnostics if d.severity is Severity.WARNING)
    t = result.tournament
    if errors:
        return _unreadable(name, t, tuple(str(d) for d in errors) + warnings)
    try:
        s = compute_standings(t)
    except Exception as e:  # a code the file names that is not installed, a plugin fault...
        return _unreadable(name, t, (f"{name}: error: {e}", *warnings))
    notes = warnings + tuple(str(d) for d in s.diagnostics if d.severity >= Severity.WARNING)
    declared = _declared_ranks(t)
    diffs = _differences(declared, {row.participant.id: row.rank for row in s.rows})
    status = "unchecked" if not declared else "differs" if diffs else "conforms"
    return Audit(
        file=name,
        status=status,
        participants=len(t.participants),
        rounds=t.rounds,
        edition=s.edition.name,
        tiebreaks=tuple(s.codes),
        differences=diffs,
        messages=notes,
    )


def _unreadable(name: str, t: Tournament, messages: tuple[str, ...]) -> Audit:
    """A file read but not ranked: its size, and why not."""
    return Audit(
        file=name,
        status="unreadable",
        participants=len(t.participants),
        rounds=t.rounds,
        messages=messages,
    )


def _declared_ranks(t: Tournament) -> dict[int, int]:
    """The ranks the file declares, by participant (by team in a team event)."""
    if t.team is not None:
        return {tm.id: tm.declared_rank for tm in t.team.teams if tm.declared_rank}
    return {p.id: p.declared_rank for p in t.participants if p.declared_rank}


def _differences(
    declared: Mapping[int, int], computed: Mapping[int, int]
) -> tuple[Difference, ...]:
    """Each declared rank that is not the computed one (0: not ranked), by participant."""
    return tuple(
        Difference(pid, rank, computed.get(pid, 0))
        for pid, rank in sorted(declared.items())
        if computed.get(pid) != rank
    )


@dataclass(frozen=True)
class ListChange:
    """The tie-break list of one event changed between two of its files (C.07 4.1: the
    list is published before the start)."""

    before: Audit
    after: Audit

    def __str__(self) -> str:
        a, b = self.before, self.after
        return (
            f"{b.file}: warning: the tie-break list changed after round {a.rounds}: "
            f"{','.join(a.tiebreaks) or 'none'} in {a.file}, "
            f"{','.join(b.tiebreaks) or 'none'} in round {b.rounds} (C.07 4.1: the list "
            "is published before the start)"
        )


def list_changes(audits: Iterable[Audit]) -> list[ListChange]:
    """Where the files of one event, taken in round order (then in the order given), use a
    tie-break list that differs from the file before; unreadable files are skipped."""
    read = sorted((a for a in audits if a.status != "unreadable"), key=lambda a: a.rounds)
    return [ListChange(a, b) for a, b in itertools.pairwise(read) if a.tiebreaks != b.tiebreaks]


def audit_file(path: str) -> Audit:
    """Audit one file: only a regular file within the size limit is read (read_bytes)."""
    try:
        data = read_bytes(path)
    except InputError as e:
        return Audit(path, "unreadable", messages=tuple(str(d) for d in e.diagnostics))
    return audit_bytes(path, data)


def _shipped(group: list[tuple[str, bytes | None, str]]) -> list[Audit]:
    out = []
    for name, data, error in group:
        if data is None:  # the client could not read it
            out.append(Audit(name, "unreadable", messages=(f"{name}: error: {error}",)))
        else:
            out.append(audit_bytes(name, data))
    return out


def run_local(files: Sequence[Path], jobs: int) -> Iterator[Audit]:
    """Audits in the order of *files*, on *jobs* processes (1: in this process)."""
    names = [str(f) for f in files]
    jobs = min(jobs, len(names), default_jobs())  # never more workers than files or cores
    if jobs <= 1:
        yield from map(audit_file, names)
        return
    from concurrent.futures import ProcessPoolExecutor

    with ProcessPoolExecutor(max_workers=jobs) as pool:
        yield from pool.map(audit_file, names, chunksize=max(1, len(names) // (jobs * 16)))


def run_dask(files: Sequence[Path], scheduler: str) -> Iterator[Audit]:
    """Audits on a Dask distributed cluster; the client reads the files and ships their
    bytes, so the workers need no shared file system."""
    try:
        from distributed import Client
    except ImportError:
        # fide-tiebreaks is not on PyPI: the extra is installed from a checkout
        raise RuntimeError(
            "--scheduler needs Dask (from a checkout: pip install '.[dask]')"
        ) from None
    with Client(scheduler) as client:
        # Files go in groups of 16 per task (a task costs the scheduler about a millisecond,
        # a 150-player file about 5 ms of work). At most 1,024 files or 32 MB are in flight,
        # to bound the client's memory; results come back in the order of *files*. The bytes
        # are scattered to the workers directly rather than written into the task graph,
        # which Dask warns against above 10 MB.
        size, most_files, most_bytes = 16, 1024, 32 << 20
        start = 0
        while start < len(files):
            shipped: list[tuple[str, bytes | None, str]] = []
            held = 0
            while start < len(files) and len(shipped) < most_files and held < most_bytes:
                f = files[start]
                start += 1
                try:
                    data = read_bytes(f)
                except InputError as e:
                    shipped.append((str(f), None, e.diagnostics[0].message))
                    continue
                shipped.append((str(f), data, ""))
                held += len(data)
            groups = [shipped[i : i + size] for i in range(0, len(shipped), size)]
            parts = client.scatter(groups)
            for done in client.gather(client.map(_shipped, parts, pure=False)):
                yield from done


def to_json_line(a: Audit) -> str:

    data = asdict(a)
    data["tiebreaks"] = list(a.tiebreaks)
    data["differences"] = [asdict(d) for d in a.differences]
    data["messages"] = list(a.messages)
    # A file name that is not UTF-8 holds lone surrogates (os.fsdecode), which strict JSON
    # readers refuse, in the name and in messages: its undecodable bytes become U+FFFD.
    from .formats import jsonkeys

    line = jsonkeys.dumps(data)
    return line.encode("utf-8", "surrogateescape").decode("utf-8", "replace")


def summarise(audits: Iterable[Audit]) -> dict[str, int]:
    counts = {"files": 0, "read": 0, "conforms": 0, "differs": 0, "unchecked": 0, "unreadable": 0}
    for a in audits:
        counts["files"] += 1
        counts[a.status] += 1
        counts["read"] += a.status != "unreadable"
    return counts


def progress(
    total: int, stream: TextIO, clock: Callable[[], float] | None = None, unit: str = "files"
) -> Callable[[int], None]:
    """A progress line on a terminal: *unit* (files, events) done, rate and time left,
    redrawn in place; nothing when *stream* is piped or redirected."""
    if not stream.isatty() or total == 0:
        return lambda done: None
    import time

    now = clock or time.monotonic
    start = now()

    def show(done: int) -> None:
        width = 30
        filled = width * done // total
        elapsed = now() - start
        line = f"\r[{'#' * filled}{'.' * (width - filled)}] {done}/{total} {unit}"
        if done == total:
            line += f" in {_duration(elapsed)}"
        elif done and elapsed > 0:
            rate = done / elapsed
            line += f", {rate:.1f} {unit}/s, about {_duration((total - done) / rate)} left"
        # clear what a longer line left behind; the last line stays
        stream.write(line + "\x1b[K" + ("\n" if done == total else ""))
        stream.flush()

    return show


def _duration(seconds: float) -> str:
    seconds = round(seconds)
    if seconds < 60:
        return f"{seconds} s"
    minutes, seconds = divmod(seconds, 60)
    if minutes < 60:
        return f"{minutes} min {seconds:02d} s"
    hours, minutes = divmod(minutes, 60)
    return f"{hours} h {minutes:02d} min"


def default_jobs() -> int:
    return len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count() or 1


def table_line(a: Audit) -> str:
    what = {
        "conforms": "ranks as declared",
        "unchecked": "no declared ranks to compare",
        "differs": "; ".join(
            f"#{d.participant} declared {d.declared}, computed {d.computed}"
            for d in a.differences[:5]
        )
        + (f"; and {len(a.differences) - 5} more" if len(a.differences) > 5 else ""),
        "unreadable": a.messages[0] if a.messages else "",
    }[a.status]
    return printable(f"{a.status:<10}  {a.file}  {what}")  # a file name may hold an ESC


__all__ = [
    "Audit",
    "Difference",
    "audit_bytes",
    "audit_file",
    "find_files",
    "run_dask",
    "run_local",
    "summarise",
]
