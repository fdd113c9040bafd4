"""Shrinking a discrepancy to a minimal event, with Hypothesis's shrinker.

A sub-event is described by three lists of small integers: one per participant, one per
round, one per game (pairing); 0 drops the item, anything else keeps it. Hypothesis
searches these lists for a sub-event on which the program still disagrees with us in the
same group (code x edition x Art. 16 category), and its shrinker drives them towards 0:
fewer participants, rounds and games. Dropping a participant or a game leaves the other
side of its pairings unpaired, so every sub-event is a valid, mirrored cross table; one
our reader finds fault with is not a candidate. Hypothesis is the optional ``certify``
extra (``pip install 'fide-tiebreaks[certify]'``).
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from ..diagnostics import Severity
from ..formats.trf.reader import parse_trf
from .compare import Discrepancy
from .generate import Block, Event, to_trf


class MissingExtra(RuntimeError):
    """Hypothesis is not installed."""


@dataclass(frozen=True)
class Shrunk:
    event: Event
    discrepancy: Discrepancy
    tries: int
    seconds: float


def cut(event: Event, players: Sequence[int], rounds: Sequence[int],
        games: Sequence[int]) -> Event | None:  # fmt: skip
    """*event* with the participants, rounds and games whose entry is 0 dropped (the others
    renumbered in order); None when fewer than two participants or no round are left."""
    keep = [i for i in range(1, event.size + 1) if players[i - 1]]
    columns = [r for r in range(event.round_count) if rounds[r]]
    if len(keep) < 2 or not columns:
        return None
    dropped = {(r, a, b) for (r, a, b), k in zip(event.games(), games, strict=True) if not k}
    new = {old: n for n, old in enumerate(keep, start=1)}
    table = []
    for old in keep:
        row: list[Block | None] = []
        for r in columns:
            b = event.rounds[old - 1][r]
            if b is not None and b[0]:
                pair = (r, min(old, b[0]), max(old, b[0]))
                b = None if b[0] not in new or pair in dropped else (new[b[0]], b[1], b[2])
            row.append(b)
        table.append(tuple(row))
    # A round nobody takes part in any more is dropped too: programs disagree on whether
    # XXR or the last round with a result sets the number of rounds (a reading question,
    # not a tie-break one).
    used = [k for k in range(len(columns)) if any(row[k] is not None for row in table)]
    if not used:
        return None
    ratings = tuple(event.ratings[old - 1] for old in keep)
    return Event(event.name, event.kind, ratings,
                 tuple(tuple(row[k] for k in used) for row in table))  # fmt: skip


def valid(event: Event) -> bool:
    """Our reader accepts the sub-event without an error."""
    read = parse_trf(to_trf(event).encode())
    return not any(d.severity is Severity.ERROR for d in read.diagnostics)


class _Stop(Exception):
    pass


def shrink(event: Event, still_fails: Callable[[Event], Discrepancy | None], *,
           seconds: float = 60.0, examples: int = 300) -> Shrunk | None:  # fmt: skip
    """The smallest sub-event Hypothesis finds on which *still_fails* returns a discrepancy
    (within *seconds*); None when even *event* does not fail any more."""
    try:
        from hypothesis import HealthCheck, Phase, find, settings
        from hypothesis import strategies as st
        from hypothesis.errors import NoSuchExample, Unsatisfiable
    except ImportError:
        raise MissingExtra("shrinking needs Hypothesis: pip install "
                           "'fide-tiebreaks[certify]'") from None  # fmt: skip
    start = time.monotonic()
    first = still_fails(event)
    if first is None:
        return None
    best = [event, first]
    tries = [1]
    n_games = sum(1 for _ in event.games())

    def size(e: Event) -> tuple[int, int, int]:
        return e.size, e.round_count, sum(1 for _ in e.games())

    def fails(masks: tuple[list[int], list[int], list[int]]) -> bool:
        if time.monotonic() - start > seconds:
            raise _Stop
        sub = cut(event, *masks)
        if sub is None or not valid(sub):
            return False
        tries[0] += 1
        found = still_fails(sub)
        if found is None:
            return False
        if size(sub) < size(best[0]):  # type: ignore[arg-type]
            best[:] = [sub, found]
        return True

    def mask(n: int) -> st.SearchStrategy[list[int]]:
        return st.lists(st.integers(0, 7), min_size=n, max_size=n)

    strategy = st.tuples(mask(event.size), mask(event.round_count), mask(n_games))
    try:
        find(
            strategy,
            fails,
            settings=settings(
                max_examples=examples,
                deadline=None,
                database=None,
                derandomize=True,
                phases=[Phase.generate, Phase.shrink],
                suppress_health_check=list(HealthCheck),
            ),
        )
    except (_Stop, NoSuchExample, Unsatisfiable):
        pass
    return Shrunk(best[0], best[1], tries[0], time.monotonic() - start)  # type: ignore[arg-type]
