"""The limits of ``serve --http`` that a real server cannot show without timing: the bound
on concurrent work (503 at once when every worker and the backlog are taken, a thread held
until its work ends, even after its time-out) and the time limit, on the Workers class itself, with
events instead of clocks."""

from __future__ import annotations

import asyncio
import threading

import pytest
from http_service import require_http

require_http()
from fide_tiebreaks.commands.http.limits import (  # noqa: E402
    Busy,
    Limits,
    TooLarge,
    TooSlow,
    Workers,
    declared_length,
    read_body,
)


def test_a_job_beyond_the_workers_is_refused_at_once_and_a_slot_is_freed_when_work_ends():
    workers = Workers(Limits(workers=1, seconds=600, backlog=0))
    started, release = threading.Event(), threading.Event()

    def slow() -> str:
        started.set()
        release.wait(60)
        return "done"

    async def scenario() -> list[object]:
        first = asyncio.ensure_future(workers.run(slow))
        await asyncio.to_thread(started.wait, 60)
        with pytest.raises(Busy):
            await workers.run(lambda: "second")
        release.set()
        return [await first, await workers.run(lambda: "third")]

    assert asyncio.run(scenario()) == ["done", "third"]


def test_a_backlog_waits_its_turn_rather_than_being_refused():
    workers = Workers(Limits(workers=1, seconds=600, backlog=1))
    started, release = threading.Event(), threading.Event()

    def slow() -> str:
        started.set()
        release.wait(60)
        return "first"

    async def scenario() -> list[object]:
        first = asyncio.ensure_future(workers.run(slow))
        await asyncio.to_thread(started.wait, 60)
        second = asyncio.ensure_future(workers.run(lambda: "second"))  # waits
        await asyncio.sleep(0)
        with pytest.raises(Busy):  # one working, one waiting: the third is refused
            await workers.run(lambda: "third")
        release.set()
        return [await first, await second]

    assert asyncio.run(scenario()) == ["first", "second"]


def test_a_job_over_the_time_limit_is_answered_and_keeps_its_slot_until_it_ends():
    workers = Workers(Limits(workers=1, seconds=0.01, backlog=0))
    release, ended = threading.Event(), threading.Event()

    def stuck() -> None:
        release.wait(60)
        ended.set()

    async def scenario() -> str:
        with pytest.raises(TooSlow):
            await workers.run(stuck)
        with pytest.raises(Busy):  # still working: the bound on work holds
            await workers.run(lambda: "no")
        release.set()
        await asyncio.to_thread(ended.wait, 60)
        for _ in range(6000):  # the slot is released just after ended is set (a minute)
            try:
                return await workers.run(lambda: "yes")
            except Busy:
                await asyncio.sleep(0.01)
        return "never"

    assert asyncio.run(scenario()) == "yes"


def test_a_body_is_refused_by_its_length_and_while_it_streams():
    with pytest.raises(TooLarge):
        declared_length("1001", 1000)
    declared_length("1000", 1000)
    declared_length(None, 1000)

    async def chunks(n: int):
        for _ in range(n):
            yield b"x" * 100

    assert asyncio.run(read_body(chunks(10), 1000)) == b"x" * 1000
    with pytest.raises(TooLarge):
        asyncio.run(read_body(chunks(11), 1000))
