"""JSON objects with a key given twice are refused, where they stand. Python's json keeps the
last value silently (a second ``"tournaments"`` would drop the first); RFC 8259 leaves the
meaning open, so no reading of such a document is safe."""

from __future__ import annotations

import json
import json.decoder
import json.scanner
import re
from functools import cache
from typing import Any

from ..errors import FideTiebreaksError
from ..source_text import line_and_column


class DuplicateKey(FideTiebreaksError, ValueError):
    """A key given twice in one JSON object; ``line`` and ``column`` are the object's
    (1-based), the message names the key."""

    def __init__(self, key: str, line: int, column: int) -> None:
        shown = json.dumps(key)[:60]
        super().__init__(
            f"the key {shown} is given twice in the object at line {line}, column {column}; "
            "JSON would keep only the last, so the document is refused"
        )
        self.key, self.line, self.column = key, line, column


def no_duplicates(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    """An ``object_pairs_hook``: the object, or :class:`_Repeated` naming the first key
    given twice (the caller then locates it, see :func:`loads`)."""
    out = dict(pairs)
    if len(out) != len(pairs):
        seen: set[str] = set()
        for key, _ in pairs:
            if key in seen:
                raise _Repeated(key)
            seen.add(key)
    return out


class _Repeated(ValueError):
    def __init__(self, key: str) -> None:
        super().__init__(key)
        self.key = key


def loads(text: str, **kw: Any) -> Any:
    """``json.loads(text, **kw)`` that raises :class:`DuplicateKey` for a key given twice.
    The fast decoder finds it; only then is the text decoded again, by the pure-Python
    scanner, to say where the object starts."""
    try:
        return json.loads(text, object_pairs_hook=no_duplicates, **kw)
    except _Repeated as e:
        raise _locate(text, e.key, kw) from None


# The pure-Python decoder's parts (untyped in typeshed): only they say where an object starts.
_JSONObject: Any = getattr(json.decoder, "JSONObject")  # noqa: B009
_py_make_scanner: Any = getattr(json.scanner, "py_make_scanner")  # noqa: B009


def _locate(text: str, key: str, kw: dict[str, Any]) -> DuplicateKey:
    decoder: Any = json.JSONDecoder(**kw)

    def parse_object(s_and_end: tuple[str, int], *args: Any) -> tuple[dict[str, Any], int]:
        start = s_and_end[1] - 1  # the position of the "{"

        def hook(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
            try:
                return no_duplicates(pairs)
            except _Repeated as e:
                raise DuplicateKey(e.key, *line_and_column(text, start)) from None

        strict, scan_once, object_hook = args[0], args[1], args[2]
        found: tuple[dict[str, Any], int] = _JSONObject(
            s_and_end, strict, scan_once, object_hook, hook
        )
        return found

    decoder.parse_object = parse_object
    decoder.scan_once = _py_make_scanner(decoder)
    try:
        decoder.decode(text)
    except DuplicateKey as e:
        return e
    return DuplicateKey(key, 0, 0)  # pragma: no cover - the fast decoder found one


# Characters JSON may carry raw but a terminal or an editor acts on: the C1 controls (U+009B
# opens an escape sequence on many terminals, as ESC does), the bidirectional controls
# (U+202E right-to-left override turns the text after it around) and the line and paragraph
# separators. Written as \uXXXX escapes they read back as the same characters.
_ACTIVE = "[\x80-\x9f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069\u2028\u2029]"


@cache
def _active() -> re.Pattern[str]:
    """:data:`_ACTIVE` compiled on first use (a set beyond U+00FF costs the compiler about
    two million instructions; a text in ASCII needs none)."""
    return re.compile(_ACTIVE)


def escaped(text: str) -> str:
    """JSON text with every active character (:data:`_ACTIVE`) as a ``\\uXXXX`` escape:
    outside strings JSON has only ASCII, so each one found is inside a string."""
    if text.isascii():
        return text  # every active character is beyond ASCII
    return _active().sub(lambda m: f"\\u{ord(m[0]):04x}", text)


def dumps(value: Any, **kw: Any) -> str:
    """``json.dumps(value, ensure_ascii=False, **kw)`` with the active characters escaped:
    every JSON text the package writes is made here (or passes :func:`escaped`)."""
    return escaped(json.dumps(value, ensure_ascii=False, **kw))
