"""``GET /openapi.json``: the OpenAPI 3.1 document of the service, built from the routes and
from each command's own parser, so every option is listed as the parameter it is."""

from __future__ import annotations

from typing import Any

from ...version import __version__
from .answers import MEDIA
from .endpoints import ENDPOINTS
from .params import Parameter, parameters
from .problems import MEDIA_TYPE

FILE_BODY = {
    "required": True,
    "description": "the tournament file: TRF16, TRF-2026, Chess-JSON, XML or PGN (told from "
    "its content)",
    "content": {"application/octet-stream": {"schema": {"type": "string", "format": "binary"}}},
}
PROBLEM = {
    "description": "a problem document (RFC 9457)",
    "content": {
        MEDIA_TYPE: {
            "schema": {
                "type": "object",
                "required": ["type", "title", "status", "detail"],
                "properties": {
                    "type": {"type": "string"},
                    "title": {"type": "string"},
                    "status": {"type": "integer"},
                    "detail": {"type": "string"},
                    "diagnostics": {"type": "array", "items": {"type": "string"}},
                    "exit_code": {"type": "integer"},
                },
            }
        }
    },
}
REFUSALS = {
    "400": {**PROBLEM, "description": "the request or the file cannot be read"},
    "406": {**PROBLEM, "description": "the Accept header names no format this writes"},
    "413": {**PROBLEM, "description": "the body is over the limit"},
    "422": {**PROBLEM, "description": "the file reads but cannot be ranked"},
    "503": {**PROBLEM, "description": "busy, or over the time limit"},
}
SUMMARIES = {
    "standings": "rank a tournament (what `standings` prints); also a JSON request as `serve` "
    "takes",
    "explain": "how one participant's tie-breaks are computed (`explain`)",
    "pairing-index": "the Burstein index or the Dubov ARO (`pairing-index`)",
    "convert": "the tournament in another format, not ranked (`convert`)",
}


def _parameter(p: Parameter) -> dict[str, Any]:
    schema: dict[str, Any] = {"type": "boolean"} if p.switch else {"type": "string"}
    if p.choices:
        schema["enum"] = list(p.choices)
    if p.repeatable:
        schema = {"type": "array", "items": schema}
    return {
        "name": p.name,
        "in": "query",
        "required": p.required and p.name not in ("format",),
        "description": p.help,
        "schema": schema,
        **({"explode": True} if p.repeatable else {}),
    }


def _command(command: str, formats: tuple[str, ...]) -> dict[str, Any]:
    endpoint = next(e for e in ENDPOINTS.values() if e.command == command)
    params = [
        _parameter(p._replace(required=p.required and p.name != endpoint.format_option))
        for p in parameters(command).values()
    ]
    content = {MEDIA[f].split(";")[0]: {"schema": {"type": "string"}} for f in formats}
    return {
        "post": {
            "summary": SUMMARIES[command],
            "operationId": command.replace("-", "_"),
            "parameters": params,
            "requestBody": FILE_BODY,
            "responses": {
                "200": {
                    "description": f"the output of `{command}` (the format by "
                    f"`{endpoint.format_option}`, else the Accept header)",
                    "content": content,
                },
                **REFUSALS,
            },
        }
    }


def _json_post(summary: str, operation: str, body: dict[str, Any]) -> dict[str, Any]:
    return {
        "post": {
            "summary": summary,
            "operationId": operation,
            "requestBody": body,
            "responses": {
                "200": {
                    "description": "the answer",
                    "content": {"application/json": {"schema": {"type": "object"}}},
                },
                **{k: v for k, v in REFUSALS.items() if k != "406"},
            },
        }
    }


TIEBREAK_BODY = {
    "required": True,
    "description": "a gacrux `tiebreak request`: options (or command) with service "
    "'tiebreak', input_filetype TRF or JSON, the file as base64 `data` lines and `tiebreak`, "
    "a list of codes with PTS first",
    "content": {
        "application/json": {
            "schema": {
                "type": "object",
                "properties": {"options": {"type": "object"}, "command": {"type": "object"}},
            }
        }
    },
}


def document() -> dict[str, Any]:
    """The OpenAPI document."""
    paths: dict[str, Any] = {path: _command(e.command, e.formats) for path, e in ENDPOINTS.items()}
    paths["/check"] = _json_post(
        "the standings checker on the file: do its declared ranks follow its own list "
        "(`check --standings`)",
        "check",
        FILE_BODY,
    )
    paths["/tiebreak"] = _json_post(
        "a gacrux-compatible tiebreak request", "tiebreak", TIEBREAK_BODY
    )
    paths["/openapi.json"] = {
        "get": {
            "summary": "this document",
            "operationId": "openapi",
            "responses": {
                "200": {"description": "OpenAPI 3.1", "content": {"application/json": {}}}
            },
        }
    }
    paths["/"] = {
        "get": {
            "summary": "a form: choose a file, the edition and the tie-breaks; see the report",
            "operationId": "page",
            "responses": {"200": {"description": "the page", "content": {"text/html": {}}}},
        }
    }
    return {
        "openapi": "3.1.0",
        "info": {"title": "fide-tiebreaks", "version": __version__},
        "paths": paths,
    }
