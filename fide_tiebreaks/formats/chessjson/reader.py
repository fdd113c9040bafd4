"""Reading Chess-JSON: the document becomes the equivalent TRF, read by the TRF reader (see the
package docstring)."""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from ... import arguments
from ...diagnostics import Diagnostic, InputError, Severity
from ...numbers import MAX_DIGITS, NumberError, json_int
from ...source_text import line_and_column, line_ends
from .. import jsonkeys
from ..base import (
    DEFAULT_SETTINGS,
    MAX_BYTES,
    MAX_JSON_VALUES,
    ReadResult,
    ReadSettings,
    json_values,
    lone_surrogate,
    not_text,
    wide_text,
)
from ..trf.reader import parse_trf
from . import extension
from .translate import Source, to_trf
from .values import Bad


def read_chess_json(
    data: bytes, name: str = "<input>", *, settings: ReadSettings = DEFAULT_SETTINGS
) -> ReadResult:
    """Read a Chess-JSON document (its first tournament); raise InputError with a located
    message when it is not JSON or not a Chess-JSON event this reader understands."""
    arguments.file_data(data, name)
    doc, text = _document(data, name)
    lines = _cid_lines(text)
    try:
        trf, where, notes = to_trf(doc, lines, _locator(text))
    except Bad as e:
        raise _error(name, str(e), e.line) from None
    try:
        result = parse_trf(trf.encode("utf-8"), name, settings=settings)
    except InputError as e:
        raise InputError(_relocate(e.diagnostics, where, name)) from None
    try:
        tournament = extension.apply(result.tournament, _other(doc))
    except extension.ExtensionError as e:
        raise _error(name, str(e)) from None
    extra = [
        Diagnostic(severity=Severity.WARNING, message=msg, path=name, line=line, column=0)
        for line, msg in notes
    ]
    return ReadResult(tournament, (*extra, *_relocate(result.diagnostics, where, name)))


def _error(name: str, message: str, line: int = 0, column: int = 0) -> InputError:
    return InputError(
        [Diagnostic(severity=Severity.ERROR, message=message, path=name, line=line, column=column)]
    )


def _document(data: bytes, name: str) -> tuple[Any, str]:
    """The decoded JSON value and its text: UTF-8, within the limits, no duplicate key, no
    lone surrogate."""
    if len(data) > MAX_BYTES:
        raise _error(name, f"input is {len(data)} bytes; the limit is {MAX_BYTES}")
    if wide_text(data):  # NULs are valid UTF-8: the decoder would take them
        raise not_text(name, data, "Chess-JSON", "UTF-8, as Chess-JSON is,")
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError as e:
        raise _error(name, f"Chess-JSON must be UTF-8: byte {e.start} is not") from None
    values = json_values(text)
    if values > MAX_JSON_VALUES:
        raise _error(name, f"about {values} JSON values; the limit is {MAX_JSON_VALUES} (memory)")
    try:
        doc = jsonkeys.loads(text, parse_float=str, parse_int=json_int)
    except jsonkeys.DuplicateKey as e:
        raise _error(name, str(e), e.line, e.column) from None
    except NumberError as e:
        raise _error(name, str(e)) from None
    except json.JSONDecodeError as e:
        raise _error(name, f"not JSON: {e.msg}", *line_and_column(text, e.pos)) from None
    except RecursionError:
        raise _error(name, "JSON nested too deeply") from None
    m = _LONE.search(text)  # no such escape: no lone surrogate (UTF-8 holds none)
    bad = lone_surrogate(doc) if m else None
    if m is not None and bad is not None:
        line, column = line_and_column(text, m.start())
        message = f"the string at {bad} holds a lone surrogate, which is not a Unicode character"
        raise _error(name, message, line, column)
    return doc, text


def _other(doc: Mapping[str, Any]) -> Mapping[str, Any]:
    """The first tournament's ``other`` object (to_trf has checked the shapes)."""
    ev = doc.get("event", doc)
    other = ev["tournaments"][0].get("other") or {}
    return other if isinstance(other, dict) else {}


def _relocate(
    diags: Sequence[Diagnostic], where: Mapping[int, Source], name: str
) -> list[Diagnostic]:
    """Diagnostics about the generated TRF, pointed back at the JSON: the line of the
    competitor concerned, and which record it was."""
    out = []
    for d in diags:
        line, what = where.get(d.line, (0, ""))
        message = f"{what}: {d.message}" if what else d.message
        out.append(
            Diagnostic(
                severity=d.severity, message=message, path=name, line=line, column=0, kind=d.kind
            )
        )
    return out


# A \\uD800-\\uDFFF escape that is not half of a pair.
_LONE = re.compile(
    r"\\u[dD][89abAB][0-9a-fA-F]{2}(?!\\u[dD][c-fC-F][0-9a-fA-F]{2})"
    r"|(?<!\\u[dD][89abAB][0-9a-fA-F]{2})\\u[dD][c-fC-F][0-9a-fA-F]{2}"
)
_CID = re.compile(r'"cid"\s*:\s*(\d+)')


def _locator(text: str) -> Callable[[Sequence[str]], int]:
    """The line of a key path in *text*: each key's first occurrence after the previous
    one's (the JSON is valid, so this finds the key itself in any usual layout); 0 when a
    key is not found. Used only for messages, so only when one is made."""

    def locate(path: Sequence[str]) -> int:
        at = 0
        for key in path:
            m = re.compile(re.escape(json.dumps(key)) + r"\s*:").search(text, at)
            if m is None:
                return 0
            at = m.start()
        return line_ends(text, 0, at) + 1

    return locate


def _cid_lines(text: str) -> dict[int, int]:
    """The line of each ``"cid": N`` first seen (the competitor lists come first)."""
    lines: dict[int, int] = {}
    line, at = 1, 0  # counted as the scan goes: counting from the start each time is O(n²)
    for m in _CID.finditer(text):
        if len(m.group(1)) > MAX_DIGITS:
            continue  # refused with a message where the cid is read
        cid = int(m.group(1))
        if cid not in lines:
            line += line_ends(text, at, m.start())
            at = m.start()
            lines[cid] = line
    return lines
