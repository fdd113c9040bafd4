"""Start ``fide-tiebreaks serve --http`` on a free port of 127.0.0.1 for a test, talk to it with
the standard library's http.client, and stop it.

The server needs the http extra (Starlette, uvicorn): where it is missing the tests are
skipped, except in tox's ``http`` environment (FIDE_TIEBREAKS_REQUIRE_HTTP=1), which
installs it, so there a missing extra fails."""

from __future__ import annotations

import contextlib
import http.client
import json
import os
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any, NamedTuple

import pytest

PROBLEM = "application/problem+json"


def require_http() -> None:
    if os.environ.get("FIDE_TIEBREAKS_REQUIRE_HTTP") == "1":
        import starlette  # noqa: F401
        import uvicorn  # noqa: F401

        return
    pytest.importorskip("starlette", reason="the http extra (tox -e http installs it)")
    pytest.importorskip("uvicorn", reason="the http extra (tox -e http installs it)")


class Reply(NamedTuple):
    status: int
    headers: dict[str, str]
    body: bytes

    def json(self) -> Any:
        return json.loads(self.body)

    @property
    def media(self) -> str:
        return self.headers.get("content-type", "").split(";")[0]


class Server(NamedTuple):
    host: str
    port: int

    def request(
        self,
        method: str,
        path: str,
        body: bytes | None = None,
        headers: dict[str, str] | None = None,
    ) -> Reply:
        conn = http.client.HTTPConnection(self.host, self.port, timeout=120)
        try:
            conn.request(method, path, body=body, headers=headers or {})
            r = conn.getresponse()
            return Reply(r.status, {k.lower(): v for k, v in r.getheaders()}, r.read())
        finally:
            conn.close()

    def post(self, path: str, body: bytes, **headers: str) -> Reply:
        return self.request(
            "POST", path, body, {k.replace("_", "-"): v for k, v in headers.items()}
        )


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@contextlib.contextmanager
def running(*args: str, env: dict[str, str] | None = None) -> Iterator[Server]:
    """The server, started with *args* and stopped when the block ends."""
    require_http()
    port = free_port()
    full_env = {**os.environ, "FIDE_TIEBREAKS_LOAD_PLUGINS": "", **(env or {})}
    command = [sys.executable, "-m", "fide_tiebreaks", "serve", "--http", f"127.0.0.1:{port}"]
    process = subprocess.Popen(
        [*command, *args], env=full_env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE
    )
    try:
        _wait_for(port, process)
        yield Server("127.0.0.1", port)
    finally:
        process.terminate()
        try:
            process.wait(timeout=20)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait(timeout=20)
        if process.stderr is not None:
            process.stderr.close()


def _wait_for(port: int, process: subprocess.Popen[bytes]) -> None:
    """Until the port takes connections (at most a minute, on a loaded machine)."""
    for _ in range(600):
        if process.poll() is not None:
            err = process.stderr.read().decode() if process.stderr else ""
            raise AssertionError(f"the server ended at start-up: {err}")
        with socket.socket() as s:
            if s.connect_ex(("127.0.0.1", port)) == 0:
                return
        time.sleep(0.1)
    raise AssertionError("the server did not start within a minute")


def cli_bytes(*args: str, cwd: Path | None = None) -> subprocess.CompletedProcess[bytes]:
    """``fide-tiebreaks ARGS`` with its outputs as bytes."""
    env = {**os.environ, "FIDE_TIEBREAKS_LOAD_PLUGINS": ""}
    return subprocess.run(
        [sys.executable, "-m", "fide_tiebreaks", *args],
        capture_output=True,
        env=env,
        cwd=cwd,
        timeout=120,
    )


def assert_problem(reply: Reply, *statuses: int) -> dict[str, Any]:
    """*reply* is an RFC 9457 problem document with one of *statuses*, and no traceback."""
    assert reply.status in statuses, (reply.status, reply.body[:500])
    assert reply.media == PROBLEM, reply.headers
    doc = reply.json()
    assert {"type", "title", "status", "detail"} <= set(doc)
    assert doc["status"] == reply.status and doc["detail"]
    assert b"Traceback" not in reply.body
    return dict(doc)
