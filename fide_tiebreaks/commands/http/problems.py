"""Problem documents (RFC 9457): what is wrong with a request, as JSON a client can read.

Every refusal is one: ``type`` (a URI naming the kind of problem, documented in
docs/serve.md), ``title`` (the kind in words), ``status`` (the HTTP status), ``detail`` (this
occurrence: for a file, the first located message, ``<body>:12:5: error: ...``), and, where
the command said more, ``diagnostics`` (every located message) and ``exit_code`` (what the
command-line run would have exited with).
"""

from __future__ import annotations

import json
from typing import Any

from ...data_classes import NamedTuple
from .runner import Finished

DOCS = "https://github.com/fide-tiebreaks/fide-tiebreaks/blob/main/docs/serve.md"
MEDIA_TYPE = "application/problem+json"


class Problem(NamedTuple):
    """A refusal: its HTTP status, the kind (the anchor of its ``type``), and the detail."""

    status: int
    kind: str
    title: str
    detail: str
    diagnostics: tuple[str, ...] = ()
    exit_code: int | None = None


def document(p: Problem) -> dict[str, Any]:
    """*p* as the RFC 9457 members, plus ours."""
    doc: dict[str, Any] = {
        "type": f"{DOCS}#problem-{p.kind}",
        "title": p.title,
        "status": p.status,
        "detail": p.detail,
    }
    if p.diagnostics:
        doc["diagnostics"] = list(p.diagnostics)
    if p.exit_code is not None:
        doc["exit_code"] = p.exit_code
    return doc


def encoded(p: Problem) -> bytes:
    return json.dumps(document(p), ensure_ascii=False).encode("utf-8")


def from_run(done: Finished) -> Problem:
    """The problem a command run that wrote nothing ended with: 400 for a request it could
    not take (exit 2: a bad option, a file it cannot read), 422 for a file that reads but
    cannot be ranked (exit 1: errors in it), 500 for our own fault (exit 3)."""
    lines = [line for line in done.stderr.splitlines() if line.strip()]
    located = tuple(line for line in lines if not line.startswith(("usage:", " ")))
    in_file = [x for x in located if ": error:" in x and not x.startswith("fide-tiebreaks")]
    said = [x for x in located if x.startswith("fide-tiebreaks")]
    detail = (in_file or said or located or ["the command gave no reason"])[0]
    if done.status == 3:
        return Problem(
            status=500, kind="internal-error", title="Internal error", detail=detail, exit_code=3
        )
    if done.status == 2:
        return bad_request(detail, located)
    return unprocessable(detail, located)


def bad_request(detail: str, diagnostics: tuple[str, ...] = (), exit_code: int = 2) -> Problem:
    """The request, or the file in it, cannot be read (the command's exit 2)."""
    return Problem(
        status=400,
        kind="bad-request",
        title="The request cannot be read",
        detail=detail,
        diagnostics=diagnostics,
        exit_code=exit_code,
    )


def unprocessable(detail: str, diagnostics: tuple[str, ...] = (), exit_code: int = 1) -> Problem:
    """The file reads but cannot be ranked (the command's exit 1)."""
    return Problem(
        status=422,
        kind="unprocessable",
        title="The tournament cannot be ranked",
        detail=detail,
        diagnostics=diagnostics,
        exit_code=exit_code,
    )


def bad_parameter(detail: str, status: int = 400) -> Problem:
    return Problem(
        status=status, kind="bad-parameter", title="A query parameter is wrong", detail=detail
    )


def too_large(limit: int) -> Problem:
    return Problem(
        status=413,
        kind="too-large",
        title="The request body is too large",
        detail=f"the limit is {limit} bytes",
    )


def busy(limit: int) -> Problem:
    return Problem(
        status=503,
        kind="busy",
        title="The server is busy",
        detail=f"{limit} requests are being worked on or waiting, the most it takes; try again",
    )


def too_slow(seconds: float) -> Problem:
    return Problem(
        status=503,
        kind="time-limit",
        title="The request took too long",
        detail=f"no answer within the time limit of {seconds:g} s",
    )


def slow_body(seconds: float) -> Problem:
    return Problem(
        status=408,
        kind="request-timeout",
        title="The request body took too long",
        detail=f"the body did not arrive within the time limit of {seconds:g} s",
    )
