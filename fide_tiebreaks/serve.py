"""Service mode for pairing programs: one JSON request per line in, one JSON response out.

A request names the tournament as ``"path"`` (a TRF, XML, Chess-JSON or PGN file), ``"trf"``
(the file's text) or ``"chess_json"`` (a Chess-JSON document, as an object or as text),
plus optional ``"tiebreaks"`` (a code string or a list), ``"edition"``, ``"edition_by"``
(``"end"`` or ``"start"``: the date that picks the edition without ``"edition"``),
``"after_round"``, ``"unrated_rating"``, ``"options"``, ``"lots"`` (a seed) and
``"decided"`` (a list such as ``["play-off:5>3>7"]``, docs/decisions.md) and ``"id"``
(echoed back, for clients that pipeline requests). The response has the shape of
``standings --format json`` plus the warnings, or
``{"error": {"message": ..., "diagnostics": [...]}}``. A bad request never stops the
service; end of input does. Plugins load once, before the first request.

Requests are bytes until proven otherwise: a line over :data:`MAX_REQUEST_BYTES`, a line
that is not UTF-8, or a string holding a lone surrogate (``"\\ud800"``) gets an error
response, and the next line is read as usual. The service trusts its client (it reads the
files it is asked for, as the user running it); ``root`` confines ``"path"`` to one folder
(docs/serve.md).
"""

from __future__ import annotations

import json
import math
import os
import re
from collections.abc import Iterable
from typing import Any, BinaryIO

from .codes import CodeError
from .data_classes import NamedTuple
from .decisions import parse_decided
from .diagnostics import Diagnostic, InputError, Severity
from .errors import FideTiebreaksError
from .faults import InternalError
from .formats import jsonkeys, read_trf
from .formats.base import MAX_BYTES, MAX_JSON_VALUES, ReadResult, json_values, lone_surrogate
from .formats.chessjson import read_chess_json
from .formats.json import to_dict
from .formats.trf.reader import parse_trf
from .host import PluginError, registry
from .numbers import NumberError, json_int
from .standings import compute_standings
from .tiebreak import check_options

FIELDS = {
    "id",
    "path",
    "trf",
    "chess_json",
    "tiebreaks",
    "edition",
    "edition_by",
    "after_round",
    "unrated_rating",
    "options",
    "pairing_index",
    "lots",
    "decided",
}
# A "pairing_index" request: {"system": "burstein" | "dubov", and optionally "edition",
# "zero_bye", "provisional_ratings" ({"12": 1650}) and "rounds"} (docs/serve.md).
PAIRING_FIELDS = {"system", "edition", "zero_bye", "provisional_ratings", "rounds"}
SURROGATE_ESCAPE = re.compile(r"\\u[dD][89a-fA-F]")  # lone surrogates need one (UTF-8 has none)
# One request line: a "trf" or "chess_json" request carries the whole file.
MAX_REQUEST_BYTES = MAX_BYTES


class BadRequest(FideTiebreaksError):
    def __init__(self, message: str, diagnostics: Iterable[Diagnostic] = ()) -> None:
        super().__init__(message)
        self.diagnostics = [str(d) for d in diagnostics]


def confined(path: str, root: str | None) -> str:
    """*path* resolved (symbolic links followed) and, with *root*, refused unless it lies
    inside *root*; a relative path is taken from *root*."""
    if "\x00" in path:
        raise BadRequest('"path" holds a NUL character')
    if root is None:
        return path
    real_root = os.path.realpath(root)
    resolved = os.path.realpath(os.path.join(real_root, path))
    if os.path.commonpath([resolved, real_root]) != real_root:
        raise BadRequest(f'"path" is outside the folder this service may read (--root {root})')
    return resolved


def _nearest(unknown: list[str]) -> str:
    """' (did you mean options?)' for a misspelt field, as the CLI suggests for options."""
    import difflib

    near = [m for k in unknown for m in difflib.get_close_matches(k, sorted(FIELDS), n=1)]
    return f" (did you mean {', '.join(near)}?)" if near else ""


def _read(request: dict[str, Any], root: str | None = None) -> ReadResult:
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
            return read_trf(confined(request["path"], root))
        if not isinstance(request["trf"], str):
            raise BadRequest('"trf" must be a string holding the file\'s text')
        return parse_trf(request["trf"], "<trf>")
    except InputError as e:
        raise BadRequest("the tournament cannot be read", e.diagnostics) from None


class _Asked(NamedTuple):
    """What a request asks to compute, each field checked for its type."""

    tiebreaks: str | list[str] | None
    after_round: int | None
    options: dict[str, Any]
    edition: str | None
    lots: str | None
    decided: list[str]
    edition_by: str | None


def handle(
    request: Any, root: str | None = None, *, check_surrogates: bool = True
) -> dict[str, Any]:
    """Answer one request (already decoded from JSON); with *root*, "path" must lie in it.
    *check_surrogates* False: the caller knows no string holds a lone surrogate."""
    _check_fields(request, check_surrogates)
    result = _read(request, root)
    errors = [d for d in result.diagnostics if d.severity is Severity.ERROR]
    if errors:
        raise BadRequest("the tournament has errors; no standings computed", errors)
    if "pairing_index" in request:
        return _pairing(result, request)
    asked = _asked(request)
    try:
        standings = compute_standings(
            result.tournament,
            asked.tiebreaks,
            asked.edition,
            after_round=asked.after_round,
            options=asked.options,
            decided=[parse_decided(d, '"decided"') for d in asked.decided],
            lots=asked.lots,
            edition_by=asked.edition_by,
        )
    except (CodeError, PluginError, ValueError) as e:
        raise BadRequest(str(e)) from None
    response = to_dict(standings)
    notes = [*result.diagnostics, *standings.diagnostics]
    response["warnings"] = [str(d) for d in notes if d.severity is Severity.WARNING]
    return response


def _check_fields(request: Any, check_surrogates: bool) -> None:
    """A request is an object of known fields whose strings are Unicode."""
    if not isinstance(request, dict):
        raise BadRequest("a request is a JSON object")
    # The TRF text is left to the TRF reader, which names the line and column.
    fields = {k: v for k, v in request.items() if k != "trf"}
    bad = lone_surrogate(fields, "the request") if check_surrogates else None
    if bad is not None:
        raise BadRequest(
            f"a string in {bad} holds a lone surrogate, which is not a Unicode character"
        )
    unknown = sorted(set(request) - FIELDS)
    if unknown:
        raise BadRequest(
            f"unknown field(s) {', '.join(unknown)}{_nearest(unknown)}; known: "
            f"{', '.join(sorted(FIELDS))}"
        )


def _asked(request: dict[str, Any]) -> _Asked:
    """The tie-breaks, round, options, edition, lots and decisions a request asks for, checked
    before ranking."""
    tiebreaks = request.get("tiebreaks")
    if tiebreaks is not None and not (
        isinstance(tiebreaks, str)
        or (isinstance(tiebreaks, list) and all(isinstance(c, str) for c in tiebreaks))
    ):
        raise BadRequest('"tiebreaks" is a code string ("BH/C1,BH,SB") or a list of codes')
    after = request.get("after_round")
    if after is not None and (isinstance(after, bool) or not isinstance(after, int)):
        raise BadRequest('"after_round" must be a whole number')
    options = _options(request)
    edition = request.get("edition")
    if edition is not None and not isinstance(edition, str):
        raise BadRequest('"edition" must be a string such as "fide-2024"')
    edition_by = request.get("edition_by")
    if edition_by not in (None, "end", "start"):
        raise BadRequest('"edition_by" must be "end" or "start"')
    lots, decided = _lots_and_decisions(request)
    return _Asked(
        tiebreaks=tiebreaks,
        after_round=after,
        options=options,
        edition=edition,
        lots=lots,
        decided=decided,
        edition_by=edition_by,
    )


def _lots_and_decisions(request: dict[str, Any]) -> tuple[str | None, list[str]]:
    """The seed of the drawing of lots and the arbiter's decisions (docs/decisions.md)."""
    lots, decided = request.get("lots"), request.get("decided") or []
    if lots is not None and not isinstance(lots, str):
        raise BadRequest('"lots" is the seed of the drawing of lots, a string')
    if not isinstance(decided, list) or not all(isinstance(d, str) for d in decided):
        raise BadRequest('"decided" is a list of decisions such as "play-off:5>3>7"')
    return lots, decided


def _options(request: dict[str, Any]) -> dict[str, Any]:
    """The tie-breaks' options (``"unrated_rating"`` among them), named and typed as their
    plugins declare them."""
    options = request.get("options")
    if options is None:
        options = {}
    if not isinstance(options, dict):
        raise BadRequest('"options" must be an object')
    if request.get("unrated_rating") is not None:
        options = {**options, "unrated_rating": request["unrated_rating"]}
    try:
        check_options(options)  # compute_standings checks too; here before ranking
        registry().typed_options(options)  # names and types as their plugins declare them
    except ValueError as e:
        raise BadRequest(str(e)) from None
    return options


def _pairing(result: ReadResult, request: dict[str, Any]) -> dict[str, Any]:
    """Answer a "pairing_index" request: the shape of ``pairing-index --format json``."""
    from .pairing import PairingIndexError, pairing_index
    from .pairing.present import to_dict as pairing_dict

    ask = request["pairing_index"]
    if not isinstance(ask, dict) or not isinstance(ask.get("system"), str):
        raise BadRequest('"pairing_index" is an object with "system": "burstein" or "dubov"')
    unknown = sorted(set(ask) - PAIRING_FIELDS)
    ranking_fields = {"tiebreaks", "options", "unrated_rating", "edition", "edition_by"}
    if unknown or set(request) & ranking_fields:
        raise BadRequest(
            f'"pairing_index" takes {", ".join(sorted(PAIRING_FIELDS))} (and the '
            f'request "after_round"); not {", ".join(unknown) or "tie-break fields"}'
        )
    ratings = _provisional_ratings(ask.get("provisional_ratings"))
    after = request.get("after_round")
    try:
        index = pairing_index(
            result.tournament,
            ask["system"],
            after,
            edition=ask.get("edition"),
            zero_bye=ask.get("zero_bye"),
            provisional_ratings=ratings,
            rounds=ask.get("rounds"),
        )
    except PairingIndexError as e:
        raise BadRequest(str(e)) from None
    response = pairing_dict(index)
    response["warnings"] = [str(d) for d in result.diagnostics if d.severity is Severity.WARNING]
    return response


def _provisional_ratings(ratings: Any) -> dict[int, Any] | None:
    """A pairing-index request's ``{"start rank": rating}``, by start rank."""
    if ratings is None:
        return None
    if not isinstance(ratings, dict) or not all(
        isinstance(k, str) and k.isascii() and k.isdigit() and len(k) <= 4 for k in ratings
    ):
        raise BadRequest('"provisional_ratings" is an object {"start rank": rating}')
    return {int(k): v for k, v in ratings.items()}


def answer(line: str, root: str | None = None) -> dict[str, Any]:
    """The response to one request line; never raises for anything the client sent."""
    request: Any = None
    try:
        values = json_values(line)
        if values > MAX_JSON_VALUES:
            raise BadRequest(
                f"about {values} JSON values in one request; the limit is {MAX_JSON_VALUES}"
            )
        # Numbers bounded (numbers.py); NaN, Infinity and 1e999 refused, so every id
        # echoed is JSON that any client can read back (RFC 8259 has no such values).
        request = jsonkeys.loads(
            line, parse_int=json_int, parse_float=finite_float, parse_constant=no_constant
        )
        wrong_id = _wrong_id(request)
        surrogates = SURROGATE_ESCAPE.search(line) is not None
        response = (
            error(wrong_id) if wrong_id else handle(request, root, check_surrogates=surrogates)
        )
    except json.JSONDecodeError as e:
        response = {
            "error": {"message": f"not JSON: {e.msg} at column {e.colno}", "diagnostics": []}
        }
    except jsonkeys.DuplicateKey as e:
        response = error(str(e))
    except RecursionError:  # [[[[...]]]]: Python's decoder recurses once per level
        response = error("the request is nested too deeply to be a tournament request")
    except NumberError as e:
        response = {"error": {"message": str(e), "diagnostics": []}}
    except BadRequest as e:
        response = {"error": {"message": str(e), "diagnostics": e.diagnostics}}
    except InternalError as e:  # a built-in that failed: says which code, asks for a report
        response = error(f"internal error: {e}")
    except Exception as e:  # a bug: answer it and keep serving the other requests
        response = {
            "error": {
                "message": f"internal error: {type(e).__name__}: {e} (please "
                "report this with the request)",
                "diagnostics": [],
            }
        }
    if isinstance(request, dict) and "id" in request:
        response = _with_id(request["id"], response)
    return response


def _with_id(given: object, response: dict[str, Any]) -> dict[str, Any]:
    """The response with the request's id echoed exactly, or null for one we refused."""
    return {"id": None if _wrong_id({"id": given}) else given, **response}


def _wrong_id(request: object) -> str | None:
    """Why the request's id cannot be echoed exactly, or None. An id is a whole number, a
    string or null (docs/serve.md): any other number would come back altered (1e-400 as
    0.0, which is id 0's), so such a request is not run."""
    if not isinstance(request, dict) or "id" not in request:
        return None
    given = request["id"]
    if (
        given is None
        or isinstance(given, str)
        or (isinstance(given, int) and not isinstance(given, bool))
    ):
        return None
    shown = {
        float: "a number with a fraction or an exponent",
        bool: json.dumps(given),
    }.get(type(given), f"a JSON {'object' if isinstance(given, dict) else 'list'}")
    return (
        f"the id ({shown}) must be a whole number, a string or null, which are echoed "
        "exactly; the request was not run"
    )


def finite_float(text: str) -> float:
    """A JSON number with a fraction or exponent, refused when no float holds it (1e999)."""
    value = float(text)
    if not math.isfinite(value):
        raise BadRequest(f"the number {text[:40]} is beyond a 64-bit float; send it as a string")
    return value


def no_constant(name: str) -> Any:
    """NaN, Infinity and -Infinity, which Python's json reads but JSON does not have."""
    raise BadRequest(f"{name} is not JSON (JSON has no NaN or Infinity); send a number or a string")


def encode(response: dict[str, Any]) -> bytes:
    """One response line as UTF-8. An echoed id with a lone surrogate cannot be UTF-8: then
    the line is written with JSON's ASCII escapes, which carry it exactly."""
    try:
        return (jsonkeys.dumps(response) + "\n").encode("utf-8")
    except UnicodeEncodeError:
        return (json.dumps(response) + "\n").encode("ascii")


def error(message: str) -> dict[str, Any]:
    return {"error": {"message": message, "diagnostics": []}}


def requests(stdin: BinaryIO, limit: int = MAX_REQUEST_BYTES) -> Iterable[bytes | dict[str, Any]]:
    """Each request line (without blank ones), or the error response for one over *limit*
    bytes (the rest of that line is read and dropped, never held)."""
    while True:
        line = stdin.readline(limit + 1)
        if not line:
            return
        if len(line) > limit and not line.endswith(b"\n"):
            while True:  # skip to the end of this line, a bounded piece at a time
                rest = stdin.readline(1 << 20)
                if not rest or rest.endswith(b"\n"):
                    break
            yield error(f'a request line is longer than {limit} bytes; give the file as "path"')
            continue
        if line.strip():
            yield line


def serve_stdio(
    stdin: BinaryIO, stdout: BinaryIO, root: str | None = None, limit: int = MAX_REQUEST_BYTES
) -> None:
    """Answer each request line until end of input; blank lines are skipped. *stdin* and
    *stdout* are binary streams (``sys.stdin.buffer``): bytes that are not UTF-8 get an error
    response, not the end of the service."""
    registry()  # load the plugins now, so the first request is as fast as the others
    for item in requests(stdin, limit):
        if isinstance(item, dict):
            response = item
        else:
            try:
                text = item.decode("utf-8")
            except UnicodeDecodeError as e:
                response = error(
                    f"not UTF-8: byte {e.start + 1} of the line (0x{item[e.start]:02x})"
                )
            else:
                response = answer(text, root)
        stdout.write(encode(response))
        stdout.flush()
