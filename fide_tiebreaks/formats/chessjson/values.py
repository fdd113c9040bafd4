"""The values of a Chess-JSON document, each checked for its shape as it is read: a value of
the wrong shape is a :class:`Bad` with the JSON line it is on, when known."""

from __future__ import annotations

import json
from collections.abc import Mapping
from fractions import Fraction
from typing import Any

from ...numbers import MAX_DIGITS, NumberError, parse_exact, parse_int


class Bad(Exception):
    """A value that is not what Chess-JSON, as we read it, puts there."""

    def __init__(self, message: str, line: int = 0) -> None:
        super().__init__(message)
        self.line = line


def as_object(value: Any, what: str) -> dict[str, Any]:
    if not isinstance(value, dict):
        raise Bad(f"{what} must be an object")
    return value


def as_list(value: Any, what: str) -> list[Any]:
    if value is None:
        return []
    if not isinstance(value, list):
        raise Bad(f"{what} must be a list")
    return value


def as_int(value: Any, what: str, line: int = 0, high: int = 10**MAX_DIGITS - 1) -> int:
    """A whole number (or its text) within 0..*high*, the limit of the TRF field it fills."""
    if isinstance(value, int | str) and not isinstance(value, bool):
        try:
            return parse_int(str(value), what, 0, high)
        except NumberError as e:
            raise Bad(str(e), line) from None
    raise Bad(f"{what} must be a whole number, not {json.dumps(value)[:40]}", line)


def as_points(value: Any, what: str, line: int = 0) -> Fraction | None:
    if value is None:
        return None
    if isinstance(value, bool):
        raise Bad(f"{what} must be a number", line)
    if isinstance(value, int):
        return Fraction(value)
    if isinstance(value, str):
        try:
            return parse_exact(value, what)
        except NumberError:
            pass
    raise Bad(f"{what} must be a number, not {json.dumps(value)[:40]}", line)


def as_rating(value: Any, what: str = "rating", line: int = 0) -> int | None:
    """A rating as a number, ``{"rating": n}`` or a list of those (the first counts); None
    when absent or 0 (unrated). Anything else (a text, a fraction, a negative number) is
    refused: read as unrated, it would drop the player's rating tie-breaks without a word."""
    if isinstance(value, list):
        value = value[0] if value else None
    if isinstance(value, dict):
        value = value.get("rating")
    if value is None:
        return None
    if isinstance(value, bool) or not isinstance(value, int) or value < 0:
        raise Bad(
            f'"{what}" {json.dumps(value)[:40]} is not a rating (a whole number '
            "0..9999, 0 or null: unrated)",
            line,
        )
    return value or None


def letters(system: Mapping[str, Any], what: str) -> dict[str, Fraction]:
    """Points per letter; a value may name another letter (``"F": "W"``)."""
    values: dict[str, Fraction] = {}
    for _ in range(3):  # references resolve in at most a couple of steps
        for k, v in system.items():
            if k in values or not isinstance(k, str):
                continue
            if isinstance(v, str) and v.strip().upper() in values:
                values[k] = values[v.strip().upper()]
            elif isinstance(v, str) and v.strip().upper() in system:
                continue
            elif isinstance(v, (int, str)) and not isinstance(v, bool):
                try:
                    found = as_points(v, f'"{what}.{k}"')
                except Bad:
                    continue  # e.g. gacrux's "FG": "W*" (not a game value)
                if found is not None:
                    values[k] = found
    return values
