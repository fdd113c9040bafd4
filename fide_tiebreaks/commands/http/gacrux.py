"""``POST /tiebreak``: FIDE TEC's ``tiebreak request`` (gacrux's chessserver), answered with a
``tiebreak response`` a gacrux client reads.

The request is read as gacrux's server documents it (``options`` with ``service``,
``input_filetype`` and the file as base64 ``data`` lines) and as its code reads it (a
``command`` object with ``input_format`` and ``base64`` or ``jch``); ``tiebreak`` is the
list of codes, ``PTS`` first. The ranking is ``standings`` itself, run on the decoded file
(:mod:`.runner`); each competitor's ``tiebreakScore`` lists the values in the list's order.
What differs from gacrux is in docs/serve.md ("gacrux's tiebreak request").
"""

from __future__ import annotations

import base64
import binascii
import datetime
import json
from typing import Any

from ...data_classes import NamedTuple
from ...version import __version__
from .answers import EXIT_HEADER, MESSAGES_HEADER, messages, problem_parts, response_parts
from .params import arguments
from .problems import Problem
from .runner import run_command

Parts = tuple[int, bytes, str, dict[str, str]]
# Fields gacrux's request carries that change nothing here (names, echoes, output settings
# this server fixes: the answer is JSON in the response).
IGNORED = {
    "input_filename",
    "input_file",
    "output_file",
    "output_format",
    "encoding",
    "verbose",
    "experimental",
    "rank",
    "delimiter",
    "decimal_point",
    "number_of_rounds",
}
READ = {
    "service",
    "input_filetype",
    "input_format",
    "data",
    "base64",
    "jch",
    "tournament_number",
    "current_round",
    "tiebreak",
    "pre-determined",
    "pre_determined",
    "swiss",
    "unrated",
    "check",
    "edition",  # ours: the C.07 edition (default: the one in force on the end date)
}
TOP = {"filetype", "version", "origin", "published", "options", "command"}


class BadTiebreakRequest(ValueError):
    """What is wrong with a tiebreak request."""


class Asked(NamedTuple):
    """A tiebreak request, read: the file and what to rank it by."""

    data: bytes
    codes: list[str]
    query: list[tuple[str, str]]


def answer(body: bytes) -> Parts:
    """The tiebreak response to *body*, or a problem."""
    try:
        asked = read_request(body)
    except BadTiebreakRequest as e:
        p = Problem(
            status=400, kind="bad-tiebreak-request", title="Not a tiebreak request", detail=str(e)
        )
        return problem_parts(p)
    done = run_command("standings", arguments("standings", asked.query), asked.data)
    if not done.stdout or done.status not in (0, 1):
        return response_parts(done, "json")
    standings = json.loads(done.stdout)
    doc = response(standings, asked.codes, [m for m in done.stderr.splitlines() if m.strip()])
    headers = {EXIT_HEADER: str(done.status)}
    if done.stderr.strip():
        headers[MESSAGES_HEADER] = messages(done.stderr)
    return 200, json.dumps(doc, ensure_ascii=False).encode("utf-8"), "application/json", headers


def read_request(body: bytes) -> Asked:
    """*body* as a tiebreak request; BadTiebreakRequest naming what is wrong."""
    try:
        request = json.loads(body)
    except (ValueError, RecursionError) as e:
        raise BadTiebreakRequest(f"the body is not JSON: {e}") from None
    if not isinstance(request, dict):
        raise BadTiebreakRequest('a tiebreak request is a JSON object with "options"')
    unknown = sorted(set(request) - TOP)
    given = [k for k in ("options", "command") if k in request]
    if unknown or len(given) != 1:
        raise BadTiebreakRequest(
            'a tiebreak request has exactly one of "options" (as documented) or "command" '
            f"(as gacrux's server reads it){'; unknown: ' + ', '.join(unknown) if unknown else ''}"
        )
    if request.get("filetype", "tiebreak request") != "tiebreak request":
        raise BadTiebreakRequest(f"filetype is {request['filetype']!r}, not 'tiebreak request'")
    options = request[given[0]]
    if not isinstance(options, dict):
        raise BadTiebreakRequest(f'"{given[0]}" must be an object')
    _check_fields(options)
    codes = _codes(options.get("tiebreak"))
    return Asked(_data(options), codes, _query(options, codes))


def _check_fields(options: dict[str, Any]) -> None:
    unknown = sorted(set(options) - READ - IGNORED)
    if unknown:
        raise BadTiebreakRequest(
            f"unknown option(s) {', '.join(unknown)} (pairing is not a service here); "
            f"read: {', '.join(sorted(READ))}"
        )
    if options.get("service", "tiebreak") != "tiebreak":
        raise BadTiebreakRequest(
            f"service {options['service']!r} is not offered at /tiebreak (convert: POST "
            "/convert; pairing: not offered)"
        )
    if options.get("check") not in (None, False, 0):
        raise BadTiebreakRequest('"check" is not offered here; POST the file to /check')
    if str(options.get("tournament_number", 1)) != "1":
        raise BadTiebreakRequest("tournament_number: a file here holds one tournament, number 1")
    fmt = options.get("input_filetype", options.get("input_format", "TRF"))
    if fmt not in ("TRF", "JSON"):
        raise BadTiebreakRequest(f"input format {fmt!r}: TRF or JSON (Chess-JSON) are read")


def _data(options: dict[str, Any]) -> bytes:
    """The file: the base64 ``data`` lines, the ``base64`` text, or the ``jch`` document."""
    sources = [k for k in ("data", "base64", "jch") if k in options]
    if len(sources) != 1:
        raise BadTiebreakRequest(
            'give the file as exactly one of "data" (base64 lines), "base64" or "jch"; a file '
            'on the server ("input_file") is never read'
        )
    source = options[sources[0]]
    if sources[0] == "jch":
        if isinstance(source, dict):
            return json.dumps(source).encode("utf-8")
        if isinstance(source, str):
            return source.encode("utf-8")
        raise BadTiebreakRequest('"jch" is the Chess-JSON document or its text')
    lines = source if sources[0] == "data" else [source]
    if not isinstance(lines, list) or not all(isinstance(x, str) for x in lines):
        raise BadTiebreakRequest(f'"{sources[0]}" is {"a list of " * (sources[0] == "data")}text')
    try:
        return base64.b64decode("".join("".join(x.split()) for x in lines), validate=True)
    except (binascii.Error, ValueError) as e:
        raise BadTiebreakRequest(f'"{sources[0]}" is not base64: {e}') from None


def _codes(given: Any) -> list[str]:
    """The tie-break list, ``PTS`` first (as gacrux's clients send it)."""
    if given is None or given == []:
        return []
    if isinstance(given, str):
        given = given.replace(",", " ").split()
    if not isinstance(given, list) or not all(isinstance(c, str) and c.strip() for c in given):
        raise BadTiebreakRequest('"tiebreak" is a list of codes, PTS first: ["PTS", "BH/C1"]')
    if given[0].strip().upper() != "PTS":
        raise BadTiebreakRequest(
            f'"tiebreak" begins with PTS (points rank first, C.07 4.1), not {given[0]!r}'
        )
    return [c.strip() for c in given]


def _whole(options: dict[str, Any], name: str) -> int | None:
    value = options.get(name)
    if value is None:
        return None
    if isinstance(value, str) and value.strip().lstrip("-").isdigit():
        value = int(value)
    if isinstance(value, bool) or not isinstance(value, int) or not -1 <= value <= 9999:
        raise BadTiebreakRequest(f'"{name}" is a whole number, not {value!r}')
    return value


def _query(options: dict[str, Any], codes: list[str]) -> list[tuple[str, str]]:
    """The standings parameters the request asks for."""
    query = [("format", "json")]
    if codes:
        query.append(("tiebreaks", ",".join(codes)))
    round_ = _whole(options, "current_round")
    if round_ is not None and round_ >= 0:
        query.append(("after-round", str(round_)))
    unrated = _whole(options, "unrated")
    if unrated is not None:
        query.append(("unrated-rating", str(unrated)))
    if options.get("pre-determined") or options.get("pre_determined"):
        query.append(("type", "round-robin"))
    elif options.get("swiss"):
        query.append(("type", "swiss"))
    edition = options.get("edition")
    if edition is not None:
        if not isinstance(edition, str):
            raise BadTiebreakRequest('"edition" is a name such as "fide-2024"')
        query.append(("edition", edition))
    return query


def response(standings: dict[str, Any], codes: list[str], notes: list[str]) -> dict[str, Any]:
    """The tiebreak response: each competitor, in start-rank order, with its rank and its
    values in the order of the request's list (``PTS`` first)."""
    from ...codes import parse_code

    t = standings["tournament"]
    kept = list(t["tiebreaks"])
    listed = [str(parse_code(c)) for c in codes[1:]] if codes else kept
    competitors = [
        {
            "cid": row["start_rank"],
            "rank": row["rank"],
            "tiebreakScore": [row["points"], *(row["tiebreaks"].get(c) for c in listed)],
        }
        for row in sorted(standings["standings"], key=lambda r: r["start_rank"])
    ]
    return {
        "filetype": "tiebreak response",
        "version": "1.0",
        "origin": f"fide-tiebreaks {__version__}",
        "published": datetime.datetime.now(datetime.UTC).strftime("%Y-%m-%d %H:%M:%S"),
        "status": {"code": 0, "info": notes, "error": []},
        "tiebreakResult": {
            "rules": t["edition"],
            "round": t["rounds"],
            "tiebreaks": [
                {"order": i, "name": str(parse_code(c).name), "desc": c}
                for i, c in enumerate(["PTS", *listed], start=1)
            ],
            "competitors": competitors,
            "missing": standings["missing"],
        },
    }
