"""``POST /standings`` with a JSON request as ``serve`` takes (``{"trf": ..., "tiebreaks":
...}``), answered by the service's own request handling (:func:`fide_tiebreaks.serve.answer`):
the same fields, checks and response. ``"path"`` is refused: over HTTP the tournament is in
the request, never a file on the server."""

from __future__ import annotations

import json
from typing import Any

from ...serve import answer, encode
from .answers import problem_parts
from .problems import bad_request, unprocessable

# A Chess-JSON document is JSON too: a serve request is told from it by its fields.
TOURNAMENT_FIELDS = {"trf", "chess_json", "path"}


def as_serve_request(body: bytes) -> dict[str, Any] | None:
    """The body as a serve request (an object of serve's fields naming the tournament as
    "trf", "chess_json" or "path"), or None: then the body is the file itself."""
    if not body.lstrip()[:1] == b"{":
        return None
    try:
        request = json.loads(body)
    except (ValueError, RecursionError):
        return None  # the file readers say what is wrong with it
    # serve names a misspelt field ("tiebreak"), which a file reader could not
    if not isinstance(request, dict) or not set(request) & TOURNAMENT_FIELDS:
        return None
    return request


def serve_answer(body: bytes) -> tuple[int, bytes, str, dict[str, str]]:
    """The service's response to the request in *body*, or its error as a problem."""
    request = as_serve_request(body)
    if request is not None and "path" in request:
        return problem_parts(
            bad_request(
                'a "path" request reads a file on the server, which the HTTP service never '
                'does: send the file\'s text as "trf" or the document as "chess_json"'
            )
        )
    response = answer(body.decode("utf-8", "surrogateescape"))
    error = response.get("error")
    if error is None:
        return 200, encode(response), "application/json", {}
    diagnostics = tuple(error.get("diagnostics") or ())
    if diagnostics:
        return problem_parts(unprocessable(diagnostics[0], (error["message"], *diagnostics)))
    return problem_parts(bad_request(error["message"]))
