"""Running a certification: generate each event, ask the program, compare with ours.

Work is shipped as (configuration, event index): every worker regenerates its events from
the seed, so a local process pool (``--jobs``) and a Dask cluster (``--scheduler``) need
nothing but this package and the program under test, and give the same results in the same
order as one process does.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator, Mapping
from dataclasses import field

from ..codes import CodeError
from ..data_classes import dataclass
from ..formats.trf.reader import parse_trf
from ..host import PluginError
from ..standings import Standings, compute_standings
from .adapters import Adapter, Answer, Request, our_options, run
from .compare import Discrepancy, compare, stray
from .generate import Event, Profile, coverage, generate, to_trf


@dataclass(frozen=True)
class Config:
    adapter: Adapter
    codes: tuple[str, ...]
    edition: str
    seed: int = 1
    profile: Profile = field(default_factory=Profile)
    options: tuple[tuple[str, str], ...] = ()


@dataclass(frozen=True)
class EventResult:
    index: int
    size: int
    rounds: int
    compared: int
    discrepancies: tuple[Discrepancy, ...]
    coverage: tuple[tuple[str, int], ...]
    note: str = ""  # why nothing was compared


def standings(config: Config, event: Event) -> Standings:
    """Our standings of *event* (CodeError / PluginError when the list cannot be used)."""
    t = parse_trf(to_trf(event).encode()).tournament
    return compute_standings(
        t, list(config.codes), config.edition, options=our_options(dict(config.options))
    )


def check(config: Config, event: Event) -> tuple[list[Discrepancy], int, Standings | None]:
    """Ask the program about *event* and compare: (discrepancies, values compared, our
    standings or None when our list could not be used)."""
    try:
        ours = standings(config, event)
    except (CodeError, PluginError):
        return [], 0, None
    request = Request(
        trf=to_trf(event),
        codes=config.codes,
        edition=config.edition,
        type=event.kind,
        options=dict(config.options),
        timeout=config.adapter.timeout,
    )
    answer = run(config.adapter, request)
    ids = {row.participant.id for row in ours.rows}
    wrong = "" if answer.error else stray(answer, config.codes, ids)
    if wrong:
        answer = Answer({}, error=wrong)
    found, compared = compare(ours, answer, config.adapter, config.edition)
    return found, compared, ours


def check_index(config: Config, index: int) -> EventResult:
    event = generate(config.seed, index, config.profile)
    found, compared, ours = check(config, event)
    used: Counter[str] = coverage(event)
    if ours is not None and compared:
        from ..plugins.unplayed import categories

        for code in ours.codes:  # C.07 Art. 10 drops rating codes in events with unrated players
            used[f"values of {code}"] += len(ours.rows)
        for p in ours.tournament.participants:
            used.update(f"round category {c}" for c in categories(p))
    return EventResult(
        index=index,
        size=event.size,
        rounds=event.round_count,
        compared=compared,
        discrepancies=tuple(found),
        coverage=tuple(used.items()),
        note="" if compared else "nothing compared",
    )


class Terminated(KeyboardInterrupt):
    """SIGTERM, which (unlike Ctrl-C) reached this process alone."""


STOPPED: list[bool] = []  # in a worker: Ctrl-C was seen, so the batches still queued are not run


def check_many(config: Config, indices: range) -> list[EventResult]:
    if STOPPED:
        raise KeyboardInterrupt
    try:
        return [check_index(config, i) for i in indices]
    except KeyboardInterrupt:
        STOPPED.append(True)
        raise


def batches(events: int, size: int) -> list[range]:
    return [range(s, min(s + size, events)) for s in range(0, events, size)]


def run_local(config: Config, events: int, jobs: int) -> Iterator[EventResult]:
    """Results in event order, on *jobs* processes (1: in this process); never more
    processes than batches of events or cores (--jobs 10000 must not fork 10,000)."""
    from ..audit import default_jobs

    jobs = min(jobs, events, default_jobs())
    size = max(1, min(50, events // (max(jobs, 1) * 8)))
    if jobs <= 1 or events < 2:
        for i in range(events):
            yield check_index(config, i)
        return
    from concurrent.futures import ProcessPoolExecutor
    from functools import partial

    with ProcessPoolExecutor(max_workers=jobs) as pool:
        try:
            for done in pool.map(partial(check_many, config), batches(events, size)):
                yield from done
        except KeyboardInterrupt as e:  # Ctrl-C: stop now, not after every queued batch
            if isinstance(e, Terminated):  # the workers did not see it: pass it on
                import multiprocessing
                import os
                import signal

                for child in multiprocessing.active_children():
                    if child.pid:
                        os.kill(child.pid, signal.SIGINT)
            pool.shutdown(wait=True, cancel_futures=True)
            raise


def run_dask(config: Config, events: int, scheduler: str) -> Iterator[EventResult]:
    """Results in event order from a Dask distributed cluster (the ``dask`` extra); the
    workers need this package and the program under test installed."""
    try:
        from distributed import Client
    except ImportError:
        raise RuntimeError(
            "--scheduler needs Dask (from a checkout: pip install '.[dask]')"
        ) from None
    from functools import partial

    with Client(scheduler) as client:
        futures = client.map(partial(check_many, config), batches(events, 50), pure=False)
        for done in client.gather(futures):
            yield from done


def totals(results: list[EventResult]) -> Mapping[str, int]:
    """Coverage over the run: each result code and situation, summed."""
    c: Counter[str] = Counter()
    for r in results:
        c.update(dict(r.coverage))
    return dict(sorted(c.items()))
