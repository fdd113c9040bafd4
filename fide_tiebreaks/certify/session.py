"""One certification from start to report: run the events, group the discrepancies, shrink
each group's smallest example and explain our value."""

from __future__ import annotations

import time
from collections import Counter
from collections.abc import Callable, Iterable
from dataclasses import replace

from .adapters import ran
from .compare import RUN, Discrepancy
from .engine import Config, EventResult, check, run_dask, run_local, totals
from .generate import Event, generate, to_trf
from .report import Group, Summary, explanation, printable
from .shrink import shrink


def certify(
    config: Config,
    events: int,
    *,
    jobs: int = 1,
    scheduler: str = "",
    shrink_seconds: float = 60.0,
    progress: Callable[[int], None] | None = None,
) -> Summary:
    """Run *events* events against the adapter and summarise, shrinking every group."""
    start = time.monotonic()
    results: Iterable[EventResult]
    results = run_dask(config, events, scheduler) if scheduler else run_local(config, events, jobs)
    done: list[EventResult] = []
    for r in results:
        done.append(r)
        if progress:
            progress(len(done))
    counts: Counter[tuple[str, str, str]] = Counter()
    where: dict[tuple[str, str, str], list[EventResult]] = {}
    per_code: Counter[str] = Counter()
    for r in done:
        for d in r.discrepancies:
            counts[d.group] += 1
        for g in {d.group for d in r.discrepancies}:
            where.setdefault(g, []).append(r)
    groups = []
    for key, count in sorted(counts.items(), key=lambda kv: (-kv[1], kv[0])):
        smallest = min(where[key], key=lambda r: (r.size * r.rounds, r.index))
        groups.append(reproduce(config, key, count, len(where[key]), smallest, shrink_seconds))
    for r in done:
        per_code["events compared"] += bool(r.compared)
    # What the user typed reaches a terminal, XML and HTML: no control characters.
    return Summary(
        program=printable(config.adapter.name),
        codes=config.codes,
        edition=config.edition,
        seed=config.seed,
        events=events,
        compared=sum(r.compared for r in done),
        discrepancies=sum(counts.values()),
        seconds=time.monotonic() - start,
        coverage=totals(done),
        per_code=dict(per_code),
        groups=tuple(groups),
        command=printable(ran(config.adapter)),
        program_version=printable(config.adapter.version),
    )


def reproduce(
    config: Config,
    key: tuple[str, str, str],
    count: int,
    events: int,
    result: EventResult,
    seconds: float,
) -> Group:
    """The group's example, shrunk (a failed run, code ``run``, is shrunk too: any run that
    fails the same way will do)."""
    event = generate(config.seed, result.index, config.profile)
    first = next(d for d in result.discrepancies if d.group == key)
    return example_group(
        config, key, event, first, seconds, count=count, events=events, first_event=result.index
    )


def example_group(
    config: Config,
    key: tuple[str, str, str],
    event: Event,
    first: Discrepancy,
    seconds: float,
    *,
    count: int,
    events: int,
    first_event: int,
    seen_in: str = "",
) -> Group:
    """Group *key* with its example: *event* shrunk (within *seconds*) while it still fails
    as the group does, and our explanation of the value; *seen_in* names the file the example
    came from (certify --events-from)."""

    def still_fails(e: object) -> Discrepancy | None:
        found, _, _ = check(config, e)  # type: ignore[arg-type]
        return next((d for d in found if d.group == key), None)

    shrunk = shrink(event, still_fails, seconds=seconds) if seconds > 0 else None
    example, d = (shrunk.event, shrunk.discrepancy) if shrunk else (event, first)
    if d.code == RUN:
        d = replace(d, participant=0)
    detail = f"{d.detail}; first seen in {seen_in}".lstrip("; ") if seen_in else d.detail
    # What the program printed reaches a terminal, XML and HTML: no control characters.
    d = replace(
        d, theirs=None if d.theirs is None else printable(d.theirs), detail=printable(detail)
    )
    text = explanation(to_trf(example), config.codes, config.edition, d, dict(config.options))
    return Group(
        code=key[0],
        edition=key[1],
        category=key[2],
        count=count,
        events=events,
        first_event=first_event,
        example=example,
        discrepancy=d,
        explanation=text,
        shrunk=shrunk is not None,
        tries=shrunk.tries if shrunk else 0,
    )
