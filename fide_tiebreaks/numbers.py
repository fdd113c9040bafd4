"""Exact numbers: parsing TRF decimals, grid arithmetic and exact text output.

Scores and tie-break values never pass through ``float`` (DEVELOPERS.md, principle 1).
Hot loops work on integers on a per-tournament grid (``scale`` units per point) and
convert to :class:`fractions.Fraction` once per participant.
"""

from __future__ import annotations

import math
from fractions import Fraction
from functools import lru_cache
from numbers import Rational

from .errors import ArgumentTypeError, FideTiebreaksError

Number = int | Fraction

# The most significant digits a number read from any input may have (docs/reliability.md).
# No tie-break input needs more than a handful; Python refuses to convert more than 4,300
# digits at all (a ValueError, not a message), and a reader must never get that far.
MAX_DIGITS = 30


def _sign_and_rest(text: str) -> tuple[str, str]:
    """The sign of *text* stripped of white space (``+``, ``-`` or none) and what follows
    it: ``" -12 "`` -> ``("-", "12")``."""
    body = text.strip()
    return (body[0], body[1:]) if body[:1] in ("+", "-") else ("", body)


def _ascii_digits(text: str) -> bool:
    """Whether *text* is ASCII digits only, or empty: str.isdigit() alone (as ``\\d``) also
    takes other scripts' digits ('٣', '²')."""
    return text.isascii() and (text.isdigit() or not text)


class NumberError(FideTiebreaksError, ValueError):
    """Text that is not a number, or a number outside its field's limits; the message says
    which (and shows at most the start of a long text)."""


def clip(text: str, limit: int = 24) -> str:
    """*text* shortened for a message: a 5,000-digit field is shown by its start."""
    return text if len(text) <= limit else text[:limit] + f"... ({len(text)} characters)"


def parse_int(text: str, what: str = "number", low: int = 0, high: int = 10**MAX_DIGITS - 1) -> int:
    """A whole number written in ASCII digits, within ``low..high``; :class:`NumberError`
    naming *what* and the limit otherwise. Leading zeros are read ("0007" is 7), however
    many; the digits are counted before anything is converted, so no text is too long."""
    sign, digits = _sign_and_rest(text)
    if not digits or not _ascii_digits(digits):
        raise NumberError(f"{what} '{clip(text.strip())}' is not a whole number")
    digits = digits.lstrip("0") or "0"
    bound = max(abs(low), abs(high))
    if len(digits) > MAX_DIGITS:  # counted, not converted
        limit = (
            f"has more than {MAX_DIGITS} digits (the limit)"
            if bound >= 10**MAX_DIGITS - 1
            else f"is outside {low}..{high}"
        )
        raise NumberError(f"{what} '{clip(text.strip())}' {limit}")
    value = -int(digits) if sign == "-" else int(digits)
    if value < low and high >= 10**MAX_DIGITS - 1:  # no limit above: say the one below
        raise NumberError(f"{what} {value} is below {low}: it must be {low} or more")
    if not low <= value <= high:
        raise NumberError(f"{what} {value} is outside {low}..{high}")
    return value


def json_int(text: str) -> int:
    """``json.loads(..., parse_int=json_int)``: a JSON integer, refused (NumberError) past
    :data:`MAX_DIGITS` digits before it is converted (json's own int() stops at 4,300 digits
    with a ValueError that says nothing about the document)."""
    return parse_int(text, "a number in the JSON", -(10**MAX_DIGITS - 1))


def read_decimal(text: str, what: str = "number") -> Fraction:
    """``"11.5"`` → ``Fraction(23, 2)``; :class:`NumberError` naming *what* when *text* is
    not a plain decimal or has more than :data:`MAX_DIGITS` significant digits. A comma is
    accepted as the decimal mark, since some writers use it."""
    sign, number = _sign_and_rest(text)
    whole, _, frac = number.replace(",", ".").partition(".")  # a comma is a decimal mark
    if not (whole or frac) or not (_ascii_digits(whole) and _ascii_digits(frac)):
        raise NumberError(f"{what} '{clip(text.strip())}' is not a decimal number")
    whole, frac = whole.lstrip("0"), frac.rstrip("0")
    if len(whole) + len(frac) > MAX_DIGITS:
        raise NumberError(
            f"{what} '{clip(text.strip())}' has more than {MAX_DIGITS} digits (the limit)"
        )
    value = Fraction(int(whole + frac or "0"), 10 ** len(frac))
    return -value if sign == "-" else value


@lru_cache(maxsize=4096)
def parse_decimal(text: str) -> Fraction | None:
    """:func:`read_decimal`, or ``None`` when *text* is not a plain decimal within the
    limits."""
    try:
        return read_decimal(text)
    except NumberError:
        return None


def parse_exact(text: str, what: str = "number") -> Fraction:
    """An exact number as our formats write it: a decimal (``"11.5"``) or a fraction
    (``"40/3"``), each part within the limits; :class:`NumberError` otherwise."""
    if "/" not in text:
        return read_decimal(text, what)
    num, _, den = text.partition("/")
    try:
        top = parse_int(num, what, -(10**MAX_DIGITS - 1))
        bottom = parse_int(den, what, 1)
    except NumberError:
        raise NumberError(
            f"{what} '{clip(text.strip())}' is not an exact number (a decimal "
            f"or a fraction of whole numbers of at most {MAX_DIGITS} digits)"
        ) from None
    return Fraction(top, bottom)


def exact_str(value: Number) -> str:
    """The exact value as text: a decimal when it terminates, else a fraction.

    ``Fraction(23, 2)`` → ``"11.5"``, ``Fraction(107, 8)`` → ``"13.375"``,
    ``12`` → ``"12"``, ``Fraction(40, 3)`` → ``"40/3"``.
    """
    if type(value) is int:
        return _digits(value)
    if type(value) is not Fraction and not isinstance(value, Rational):
        # a float is refused, not converted: 0.1 is 3602879701896397/36028797018963968
        raise ArgumentTypeError(
            f"value must be exact (an int or a Fraction), not {type(value).__name__} "
            f"{value!r:.40}: the arithmetic is exact, so a float is refused, never converted"
        )
    return _exact_str(value.numerator, value.denominator)


def _digits(n: int) -> str:
    """``str(n)``, also past Python's 4,300-digit limit on int-to-text conversion (a plugin
    may return anything; showing it must not fail). decimal converts without that limit."""
    if n.bit_length() < 14000:  # about 4,200 digits
        return str(n)
    from decimal import Decimal  # rare: not imported at start-up

    return str(Decimal(n))


def exact_or_none(value: Number | None) -> str | None:
    """:func:`exact_str`, or ``None`` for a value that is missing (a tie-break with no value)."""
    return None if value is None else exact_str(value)


@lru_cache(maxsize=65536)
def _exact_str(num: int, den: int) -> str:
    if den == 1:
        return _digits(num)
    twos = fives = 0
    d = den
    while d % 2 == 0:
        d //= 2
        twos += 1
    while d % 5 == 0:
        d //= 5
        fives += 1
    if d != 1:
        return f"{_digits(num)}/{_digits(den)}"
    digits = max(twos, fives)
    scaled = abs(num) * (10**digits // den)
    text = _digits(scaled).rjust(digits + 1, "0")
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
