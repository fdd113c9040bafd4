"""The format an answer is written in (``format``, else the ``Accept`` header), and a
command's run as an HTTP response."""

from __future__ import annotations

import json
import re
from decimal import Decimal
from typing import Any

from .problems import MEDIA_TYPE, Problem, encoded, from_run
from .runner import Finished

# The media type of each output format; the Accept header is read with the same table.
MEDIA = {
    "json": "application/json",
    "csv": "text/csv; charset=utf-8",
    "html": "text/html; charset=utf-8",
    "xml": "application/xml",
    "table": "text/plain; charset=utf-8",
    "text": "text/plain; charset=utf-8",
    "jsonl": "application/jsonl",
    "trf": "application/vnd.fide.trf",
    "trf16": "application/vnd.fide.trf",
    "trf26": "application/vnd.fide.trf",
    "chess-json": "application/vnd.chess-json+json",
}
QVALUE = re.compile(r"0(\.[0-9]{0,3})?|1(\.0{0,3})?")
ACCEPTED = {"text/xml": "xml", "text/plain": "table"}
# Each line of standard error the command wrote beside its answer, in one header: JSON text
# in ASCII (a header holds no line end and no byte over 0x7f), cut to this many characters.
MESSAGES_HEADER = "Fide-Tiebreaks-Messages"
EXIT_HEADER = "Fide-Tiebreaks-Exit"
MAX_HEADER = 8000


class NotAcceptable(ValueError):
    """The Accept header names no format the endpoint writes."""


def chosen(given: str | None, accept: str | None, offered: tuple[str, ...], default: str) -> str:
    """The output format: *given* (the ``format`` parameter), else the first of the
    *offered* formats the Accept header prefers, else *default*."""
    if given is not None or not accept:
        return given or default
    by_media = {MEDIA[f].split(";")[0]: f for f in reversed(offered)}
    by_media.update({m: f for m, f in ACCEPTED.items() if f in offered})
    wanted = []
    for i, item in enumerate(accept.split(",")):
        media, *params = (part.strip() for part in item.split(";"))
        q = next((p[2:] for p in params if p.startswith("q=")), "1")
        weight = Decimal(q) if QVALUE.fullmatch(q) else Decimal(0)  # RFC 9110 12.4.2
        if weight > 0:
            wanted.append((-weight, i, media.lower()))
    for _, _, media in sorted(wanted):
        if media in ("*/*", "application/*", "text/*") or media in by_media:
            return by_media.get(media, default)
    raise NotAcceptable(
        f"Accept: {accept[:200]} names no format this endpoint writes: "
        + ", ".join(sorted({MEDIA[f].split(";")[0] for f in offered}))
    )


def messages(stderr: str) -> str:
    """Standard error's lines as one header value."""
    lines = [line for line in stderr.splitlines() if line.strip()]
    text = json.dumps(lines)
    while len(text) > MAX_HEADER and lines:
        lines = lines[: len(lines) // 2]
        text = json.dumps([*lines, "(more messages were cut)"])
    return text


def response_parts(done: Finished, fmt: str) -> tuple[int, bytes, str, dict[str, str]]:
    """(status, body, media type, headers) for a command's run: its output (200) with its
    exit status and messages in headers, or the problem it ended with."""
    if done.stdout and done.status in (0, 1):
        headers = {EXIT_HEADER: str(done.status)}
        if done.stderr.strip():
            headers[MESSAGES_HEADER] = messages(done.stderr)
        return 200, done.stdout, MEDIA[fmt], headers
    return problem_parts(from_run(done))


def problem_parts(p: Problem) -> tuple[int, bytes, str, dict[str, str]]:
    return p.status, encoded(p), MEDIA_TYPE, {}


def json_parts(doc: Any, status: int = 200) -> tuple[int, bytes, str, dict[str, str]]:
    body = json.dumps(doc, ensure_ascii=False).encode("utf-8")
    return status, body, "application/json", {}
