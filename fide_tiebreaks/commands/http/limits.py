"""What one request may cost: its body's size, its time, and how many run at once.

The body is refused (413) from its Content-Length before a byte of it is read, and counted
while it streams in (a client may send no length, or a false one). Work runs in a pool of
worker threads: at most ``workers`` requests are worked on at once and ``backlog`` more
wait; beyond that the answer is 503 at once, not a queue that grows. A request over its
time limit (waiting included) is answered 503; a thread cannot be stopped from outside, so a
job already running keeps its thread until it ends, and the bound on concurrent work holds.
"""

from __future__ import annotations

import threading
from collections.abc import AsyncIterator, Callable
from typing import TypeVar

from ...data_classes import dataclass

T = TypeVar("T")

MIB = 1 << 20


@dataclass(frozen=True)
class Limits:
    """The server's limits (``serve --http`` options)."""

    max_body: int = 16 * MIB
    seconds: float = 60.0
    workers: int = 2
    backlog: int = 64


class TooLarge(Exception):
    """The body is over the limit."""


class Busy(Exception):
    """Every worker slot is taken."""


class TooSlow(Exception):
    """The work did not finish within the time limit."""


def declared_length(header: str | None, limit: int) -> None:
    """TooLarge when the Content-Length header says more than *limit* bytes."""
    if header is not None and header.strip().isdigit() and int(header) > limit:
        raise TooLarge


async def read_body(chunks: AsyncIterator[bytes], limit: int) -> bytes:
    """The body, counted while it streams in; TooLarge as soon as it passes *limit*."""
    parts: list[bytes] = []
    size = 0
    async for chunk in chunks:
        size += len(chunk)
        if size > limit:
            raise TooLarge
        parts.append(chunk)
    return b"".join(parts)


class Workers:
    """At most *limits.workers* jobs at once, in threads of their own; up to
    *limits.backlog* more wait their turn; each answered within *limits.seconds*."""

    def __init__(self, limits: Limits) -> None:
        from concurrent.futures import ThreadPoolExecutor

        self.limits = limits
        self._pool = ThreadPoolExecutor(limits.workers, thread_name_prefix="fide-tiebreaks")
        self._lock = threading.Lock()
        self._pending = 0  # submitted and not done: waiting or running

    async def run(self, job: Callable[[], T]) -> T:
        """*job*'s result, run in a worker thread; Busy or TooSlow."""
        import asyncio

        with self._lock:
            if self._pending >= self.limits.workers + self.limits.backlog:
                raise Busy
            self._pending += 1
        future = self._pool.submit(job)
        future.add_done_callback(self._done)
        try:
            # On time-out a job still waiting is cancelled; one running cannot be stopped
            # from outside and keeps its thread until it ends, so the bound on work holds.
            return await asyncio.wait_for(asyncio.wrap_future(future), self.limits.seconds)
        except TimeoutError:
            raise TooSlow from None

    def _done(self, _: object) -> None:
        with self._lock:
            self._pending -= 1
