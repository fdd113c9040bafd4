"""The values of a Chess-JSON document, each checked for its shape as it is read: a value of
the wrong shape is a :class:`Bad` with the JSON line it is on, when known."""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Collection, Mapping
from fractions import Fraction
from typing import Any

from ...numbers import MAX_DIGITS, NumberError, clip, parse_exact, parse_int, read_decimal


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


_POINTS_ARE = (
    f'the points of a result are a number from 0 (at most {MAX_DIGITS} digits, e.g. 1, "0.5") '
    'or another letter of the score system (e.g. "F": "W")'
)
_GAME_POINTS_OF = re.compile(r"[A-Za-z]+\*")  # gacrux's "FG": "W*" (a team bye's game points)


def letters(
    system: Mapping[str, Any],
    what: str,
    line_of: Callable[[str], int] | None = None,
    known: Collection[str] = (),
) -> dict[str, Fraction]:
    """Points per letter: a decimal number from 0 within the model's limits (a JSON number
    or its text: the TRF record that carries them, JaVaFo's XXS, takes decimals only), or
    another letter's (``"F": "W"``). Anything else (``"x"``, ``"-1"``, ``"1/3"``, ``true``,
    ``NaN``, a letter no key names, letters naming each other in a circle) and, when *known*
    is given, a key not in it (``"w"``, ``"Win"``: its value would be lost) is a :class:`Bad`
    naming the key, at its line (*line_of*, when known). ``"W*"`` (gacrux's game points of a
    team bye, in ``scoreSystem.match``) is no game value and is passed over."""
    line_of = line_of or (lambda key: 0)
    values: dict[str, Fraction] = {}
    refers: dict[str, str] = {}
    for k, v in system.items():
        if known and k not in known:
            raise Bad(
                f'"{what}" has the key {clip(json.dumps(k), 40)}, which is no letter of the '
                f"score system: the letters are {' '.join(known)} (upper case)",
                line_of(k),
            )
        target = v.strip() if isinstance(v, str) else None
        if target is not None and _GAME_POINTS_OF.fullmatch(target):
            continue
        if target is not None and (target in system or target.upper() in system):
            refers[k] = target if target in system else target.upper()
            continue
        found = points(v)
        if found is None:
            raise Bad(f'"{what}.{k}" is {clip(json.dumps(v), 60)}: {_why(v)}', line_of(k))
        values[k] = found
    while refers:
        settled = {k: values[t] for k, t in refers.items() if t in values}
        if not settled:  # what is left names only letters that name letters: a circle
            k = next(iter(refers))
            raise Bad(f'"{what}.{k}" is {json.dumps(system[k])}: {_POINTS_ARE}', line_of(k))
        values.update(settled)
        refers = {k: t for k, t in refers.items() if k not in settled}
    return values


def _why(value: Any) -> str:
    """What a letter's value should be; for a fraction, why it cannot be one."""
    if isinstance(value, str) and "/" in value:
        return (
            f"{_POINTS_ARE}; a fraction cannot be carried (JaVaFo's XXS record, which holds "
            "the score system, takes decimal numbers)"
        )
    return _POINTS_ARE


def points(value: Any) -> Fraction | None:
    """*value* as points from 0 within the model's limits, a JSON number or its text as a
    decimal number (no fraction: XXS has none), else None."""
    if isinstance(value, bool) or not isinstance(value, int | str):
        return None  # true, null, NaN, Infinity, a list...
    try:
        found = Fraction(value) if isinstance(value, int) else read_decimal(value)
    except NumberError:
        return None
    if found < 0 or max(found.numerator, found.denominator) >= 10**MAX_DIGITS:
        return None
    return found
