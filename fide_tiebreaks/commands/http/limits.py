"""What one request may cost: its body's size, its time, and how many run at once.

The body is refused (413) from its Content-Length before a byte of it is read, and counted
while it streams in (a client may send no length, or a false one). Work runs in a worker
thread under a semaphore taken without waiting: when every slot is taken the answer is 503
at once, not a queue that grows. A request over its time limit is answered 503; its thread
cannot be stopped from outside, so it keeps its slot until it ends, and the bound on
concurrent work holds.
"""

from __future__ import annotations

import threading
from collections.abc import AsyncIterator, Callable
from dataclasses import dataclass
from typing import TypeVar

T = TypeVar("T")

MIB = 1 << 20


@dataclass(frozen=True)
class Limits:
    """The server's limits (``serve --http`` options)."""

    max_body: int = 16 * MIB
    seconds: float = 60.0
    workers: int = 2


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
    """At most *limits.workers* jobs at once, each within *limits.seconds*."""

    def __init__(self, limits: Limits) -> None:
        self.limits = limits
        self._slots = threading.BoundedSemaphore(limits.workers)

    async def run(self, job: Callable[[], T]) -> T:
        """*job*'s result, run in a worker thread; Busy or TooSlow."""
        import anyio
        import anyio.to_thread

        if not self._slots.acquire(blocking=False):
            raise Busy

        def in_thread() -> T:
            try:
                return job()
            finally:
                self._slots.release()  # when the work ends, even after a time-out

        try:
            with anyio.fail_after(self.limits.seconds):
                return await anyio.to_thread.run_sync(in_thread, abandon_on_cancel=True)
        except TimeoutError:
            raise TooSlow from None
