"""Problem documents (RFC 9457): what is wrong with a request, as JSON a client can read.

Every refusal is one: ``type`` (a URI naming the kind of problem, documented in
docs/serve.md), ``title`` (the kind in words), ``status`` (the HTTP status), ``detail`` (this
occurrence: for a file, the first located message, ``<body>:12:5: error: ...``), and, where
the command said more, ``diagnostics`` (every located message) and ``exit_code`` (what the
command-line run would have exited with).
"""

from __future__ import annotations

import json
from typing import Any, NamedTuple

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
        return Problem(500, "internal-error", "Internal error", detail, (), 3)
    if done.status == 2:
        return Problem(400, "bad-request", "The request cannot be read", detail, located, 2)
    return Problem(422, "unprocessable", "The tournament cannot be ranked", detail, located, 1)


def bad_parameter(detail: str) -> Problem:
    return Problem(400, "bad-parameter", "A query parameter is wrong", detail)


def too_large(limit: int) -> Problem:
    return Problem(413, "too-large", "The request body is too large", f"the limit is {limit} bytes")


def busy(limit: int) -> Problem:
    return Problem(
        503,
        "busy",
        "The server is busy",
        f"{limit} requests are being worked on or waiting, the most it takes; try again",
    )


def too_slow(seconds: float) -> Problem:
    return Problem(
        503,
        "time-limit",
        "The request took too long",
        f"no answer within the time limit of {seconds:g} s",
    )
