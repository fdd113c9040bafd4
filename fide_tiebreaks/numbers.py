"""Exact numbers: parsing TRF decimals, grid arithmetic and exact text output.

Scores and tie-break values never pass through ``float`` (DEVELOPERS.md, principle 1).
Hot loops work on integers on a per-tournament grid (``scale`` units per point) and
convert to :class:`fractions.Fraction` once per participant.
"""

from __future__ import annotations

import math
import re
from fractions import Fraction
from functools import lru_cache

Number = int | Fraction

_DECIMAL = re.compile(r"^\s*([+-]?)(\d*)(?:[.,](\d*))?\s*$")


@lru_cache(maxsize=4096)
def parse_decimal(text: str) -> Fraction | None:
    """``"11.5"`` → ``Fraction(23, 2)``; ``None`` when *text* is not a plain decimal.

    A comma is accepted as the decimal mark, since some writers use it.
    """
    m = _DECIMAL.match(text)
    if not m or not (m.group(2) or m.group(3)):
        return None
    sign, whole, frac = m.group(1), m.group(2) or "0", m.group(3) or ""
    value = Fraction(int(whole + frac), 10 ** len(frac))
    return -value if sign == "-" else value


def exact_str(value: Number) -> str:
    """The exact value as text: a decimal when it terminates, else a fraction.

    ``Fraction(23, 2)`` → ``"11.5"``, ``Fraction(107, 8)`` → ``"13.375"``,
    ``12`` → ``"12"``, ``Fraction(40, 3)`` → ``"40/3"``.
    """
    if type(value) is int:
        return str(value)
    return _exact_str(value.numerator, value.denominator)


def exact_or_none(value: Number | None) -> str | None:
    """:func:`exact_str`, or ``None`` for a value that is missing (a tie-break with no value)."""
    return None if value is None else exact_str(value)


@lru_cache(maxsize=65536)
def _exact_str(num: int, den: int) -> str:
    if den == 1:
        return str(num)
    twos = fives = 0
    d = den
    while d % 2 == 0:
        d //= 2
        twos += 1
    while d % 5 == 0:
        d //= 5
        fives += 1
    if d != 1:
        return f"{num}/{den}"
    digits = max(twos, fives)
    scaled = abs(num) * (10**digits // den)
    text = str(scaled).rjust(digits + 1, "0")
    sign = "-" if num < 0 else ""
    return f"{sign}{text[:-digits]}.{text[-digits:]}"


def grid_scale(values: list[Fraction]) -> int:
    """The least number of units per point that puts every value on an integer grid."""
    scale = 1
    for v in values:
        scale = math.lcm(scale, v.denominator)
    return scale


@lru_cache(maxsize=65536)
def from_units(units: int, scale: int) -> Fraction:
    """``units / scale`` as a Fraction; cached, since tie-break totals repeat a lot."""
    return Fraction(units, scale)
