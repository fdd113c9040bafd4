"""Service mode for pairing programs: one JSON request per line in, one JSON response out.

A request names the tournament as ``"path"`` (a TRF, XML or Chess-JSON file), ``"trf"``
(the file's text) or ``"chess_json"`` (a Chess-JSON document, as an object or as text),
plus optional ``"tiebreaks"`` (a code string or a list), ``"edition"``, ``"after_round"``,
``"unrated_rating"``, ``"options"`` and ``"id"`` (echoed back, for clients that pipeline
requests). The response has the shape of ``standings --format json`` plus the
warnings, or ``{"error": {"message": ..., "diagnostics": [...]}}``. A bad request never stops
the service; end of input does. Plugins load once, before the first request.
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from typing import Any, TextIO

from .codes import CodeError
from .diagnostics import Diagnostic, InputError, Severity
from .formats import read_trf
from .formats.base import ReadResult
from .formats.chessjson import read_chess_json
from .formats.json import to_dict
from .formats.trf.reader import parse_trf
from .host import PluginError, registry
from .numbers import NumberError, json_int
from .standings import compute_standings

FIELDS = {"id", "path", "trf", "chess_json", "tiebreaks", "edition", "after_round",
          "unrated_rating", "options"}  # fmt: skip


class BadRequest(Exception):
    def __init__(self, message: str, diagnostics: Iterable[Diagnostic] = ()) -> None:
        super().__init__(message)
        self.diagnostics = [str(d) for d in diagnostics]


def _read(request: dict[str, Any]) -> ReadResult:
    given = [k for k in ("path", "trf", "chess_json") if k in request]
    if len(given) != 1:
        raise BadRequest('give the tournament as exactly one of "path", "trf" or "chess_json"')
    try:
        if given[0] == "chess_json":
            doc = request["chess_json"]
            if not isinstance(doc, (dict, str)):
                raise BadRequest('"chess_json" must be the document (an object) or its text')
            text = doc if isinstance(doc, str) else json.dumps(doc)
            return read_chess_json(text.encode("utf-8"), "<chess_json>")
        if given[0] == "path":
            if not isinstance(request["path"], str):
                raise BadRequest('"path" must be a string')
            return read_trf(request["path"])
        if not isinstance(request["trf"], str):
            raise BadRequest('"trf" must be a string holding the file\'s text')
        return parse_trf(request["trf"], "<trf>")
    except InputError as e:
        raise BadRequest("the tournament cannot be read", e.diagnostics) from None


def handle(request: Any) -> dict[str, Any]:
    """Answer one request (already decoded from JSON)."""
    if not isinstance(request, dict):
        raise BadRequest("a request is a JSON object")
    unknown = sorted(set(request) - FIELDS)
    if unknown:
        raise BadRequest(
            f"unknown field(s) {', '.join(unknown)}; known: {', '.join(sorted(FIELDS))}"
        )
    result = _read(request)
    errors = [d for d in result.diagnostics if d.severity is Severity.ERROR]
    if errors:
        raise BadRequest("the tournament has errors; no standings computed", errors)
    tiebreaks = request.get("tiebreaks")
    if tiebreaks is not None and not (
        isinstance(tiebreaks, str)
        or (isinstance(tiebreaks, list) and all(isinstance(c, str) for c in tiebreaks))
    ):
        raise BadRequest('"tiebreaks" is a code string ("BH/C1,BH,SB") or a list of codes')
    after = request.get("after_round")
    if after is not None and (isinstance(after, bool) or not isinstance(after, int)):
        raise BadRequest('"after_round" must be a whole number')
    options = request.get("options") or {}
    if not isinstance(options, dict):
        raise BadRequest('"options" must be an object')
    if request.get("unrated_rating") is not None:
        options = {**options, "unrated_rating": request["unrated_rating"]}
    edition = request.get("edition")
    if edition is not None and not isinstance(edition, str):
        raise BadRequest('"edition" must be a string such as "fide-2024"')
    try:
        standings = compute_standings(result.tournament, tiebreaks, edition,
                                      after_round=after, options=options)  # fmt: skip
    except (CodeError, PluginError, ValueError) as e:
        raise BadRequest(str(e)) from None
    response = to_dict(standings)
    notes = [*result.diagnostics, *standings.diagnostics]
    response["warnings"] = [str(d) for d in notes if d.severity is Severity.WARNING]
    return response


def answer(line: str) -> dict[str, Any]:
    """The response to one request line; never raises for anything the client sent."""
    request: Any = None
    try:
        request = json.loads(line, parse_int=json_int)  # numbers bounded (numbers.py)
        response = handle(request)
    except json.JSONDecodeError as e:
        response = {"error": {"message": f"not JSON: {e.msg} at column {e.colno}",
                              "diagnostics": []}}  # fmt: skip
    except NumberError as e:
        response = {"error": {"message": str(e), "diagnostics": []}}
    except BadRequest as e:
        response = {"error": {"message": str(e), "diagnostics": e.diagnostics}}
    except Exception as e:  # a bug: answer it and keep serving the other requests
        response = {"error": {"message": f"internal error: {type(e).__name__}: {e} (please "
                              "report this with the request)", "diagnostics": []}}  # fmt: skip
    if isinstance(request, dict) and "id" in request:
        response = {"id": request["id"], **response}
    return response


def serve_stdio(stdin: TextIO, stdout: TextIO) -> None:
    """Answer each request line until end of input; blank lines are skipped."""
    registry()  # load the plugins now, so the first request is as fast as the others
    for line in stdin:
        if not line.strip():
            continue
        stdout.write(json.dumps(answer(line), ensure_ascii=False) + "\n")
        stdout.flush()
