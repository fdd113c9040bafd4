"""Dates as tournament files write them, read as calendar dates: the one place a file's date
text becomes a :class:`datetime.date`, so that every reader (TRF, and Chess-JSON, XML and PGN
through it) and the age categories agree on what a date is and say the same when it is not.
docs/formats.md ("Dates: the forms each field takes") lists the forms each field takes.

A text may be in no date form at all (``next week``: "not understood", the form expected is
named) or in a date form but off the calendar (``2010/02/30``: "not a calendar date", and why:
February has 28 days in 2010). A birth date may be partial, as real TRF files write it: a
year alone (``1978``, ``2014/00/00``), a month without a day (``2014/05/00``), or unknown
(blank, ``0000/00/00``). Wrong argument types are :class:`~.errors.ArgumentTypeError`."""

from __future__ import annotations

import re
from datetime import date

from .data_classes import NamedTuple
from .errors import ArgumentTypeError, ArgumentValueError
from .patterns import LazyPattern

_MONTHS = (
    "January February March April May June July August September October November December"
).split()

# One grammar for every reader (docs/formats.md, "Dates"): a full date is year first
# (2024/11/23, 2024-11-23, 2024.11.23) or day first with a four-digit year (23/11/2024,
# 23.11.2024; month first, 11/23/2024, only when the middle number cannot be a month). A
# two-digit year is TRF16's round-date form (132, YY/MM/DD) and nowhere else: 20/03/26 could be
# YY/MM/DD or DD/MM/YY. ASCII digits only: "\d" alone would take Arabic-Indic digits too.
# The year-first form is read by str methods (_year_first), the others by patterns.
_SEPARATORS = "/.-"
_DMY = LazyPattern(r"(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})", re.ASCII)
_YY = LazyPattern(r"(\d{2})[/.-](\d{2})[/.-](\d{2})", re.ASCII)
DATE_FORM = "YYYY/MM/DD"  # the form a message names: TRF-2026's, and what our writers write
ROUND_DATE_FORM = "YY/MM/DD"  # TRF16 132


class DateRead(NamedTuple):
    """A date text read: its *day*, or None with *problem* saying why (empty: not a date
    form at all, so the caller names the form it expects)."""

    day: date | None
    problem: str = ""  # e.g. "February has 28 days in 2010"
    understood: bool = True  # False: in no date form here (*problem* may say why)


def _whole(value: object, name: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise ArgumentTypeError(f"{name} must be a whole number (int), not {_shown(value)}")
    return value


def _shown(value: object) -> str:
    return f"{type(value).__name__} {value!r}"[:60]


def _date_text(value: object, name: str) -> str:
    if not isinstance(value, str):
        raise ArgumentTypeError(f"{name} must be a str, not {_shown(value)}")
    return value


def days_in_month(year: int, month: int) -> int:
    """The days of *month* (1 to 12) of *year* (1 to 9999); ArgumentValueError otherwise."""
    _whole(year, "year"), _whole(month, "month")
    if not 1 <= year <= 9999 or not 1 <= month <= 12:
        raise ArgumentValueError(
            f"days_in_month needs a year 1 to 9999 and a month 1 to 12, not {year}, {month}"
        )
    if month == 2:
        leap = year % 4 == 0 and (year % 100 != 0 or year % 400 == 0)
        return 29 if leap else 28
    return 30 if month in (4, 6, 9, 11) else 31


def calendar_problem(year: int, month: int, day: int) -> str:
    """Why *year*/*month*/*day* is no day of the calendar, in words; "" when it is one."""
    for value, name in ((year, "year"), (month, "month"), (day, "day")):
        _whole(value, name)
    if not 1 <= year <= 9999:
        shown = f"{year:04d}" if year >= 0 else str(year)  # -5, never -005
        return f"a year is 0001 to 9999, not {shown}"
    if not 1 <= month <= 12:
        return f"a month is 01 to 12, not {month:02d}"
    last = days_in_month(year, month)
    if not 1 <= day <= last:
        name = _MONTHS[month - 1]
        return f"{name} has {last} days" + (f" in {year}" if month == 2 else "")
    return ""


def _day(y: int, mo: int, d: int) -> DateRead:
    problem = calendar_problem(y, mo, d)
    return DateRead(None, problem) if problem else DateRead(date(y, mo, d))


def _ascii_digits(text: str, most: int) -> bool:
    return 0 < len(text) <= most and text.isascii() and text.isdigit()


def _year_first(text: str) -> tuple[int, int, int] | None:
    r"""Year, month, day of the year-first form, else None: exactly what the pattern
    ``(\d{4})[/.-](\d{1,2})[/.-](\d{1,2})`` (ASCII digits) matches in the whole *text*, read
    by str methods because every TRF file's 042 and 052 come this way, and compiling the
    pattern at start-up cost every run more than reading all of a small file's dates."""
    if len(text) < 8 or text[4] not in _SEPARATORS:
        return None
    year, rest = text[:4], text[5:]  # rest: month, separator, day
    cut = 1 if rest[1] in _SEPARATORS else 2
    month, separator, day = rest[:cut], rest[cut : cut + 1], rest[cut + 1 :]
    if not separator or separator not in _SEPARATORS:
        return None
    if _ascii_digits(year, 4) and _ascii_digits(month, 2) and _ascii_digits(day, 2):
        return int(year), int(month), int(day)
    return None


def _full(text: str) -> tuple[int, int, int] | None:
    """Year, month, day of a full date form (year first, or day first), else None."""
    ymd = _year_first(text)
    if ymd is not None:
        return ymd
    m = _DMY.fullmatch(text)
    if m:
        a, b, y = int(m[1]), int(m[2]), int(m[3])
        if b > 12 and 0 < a <= 12:
            return y, a, b  # month first (US order) when the middle number cannot be a month
        return y, b, a
    return None


TWO_DIGIT_YEAR = "a two-digit year could be YY/MM/DD or DD/MM/YY; write YYYY/MM/DD"


def read_date(text: str) -> DateRead:
    """A full date: ``2024/11/23``, ``2024-11-23``, ``24/09/2010``, ``24.09.2010`` (day
    first; month first when the middle number cannot be a month, ``11/23/2024``). A
    two-digit year (``20/03/26``) is not understood here, *problem* saying why: only TRF16's
    round dates take it (:func:`read_round_date`)."""
    text = _date_text(text, "text").strip()
    parts = _full(text)
    if parts is not None:
        return _day(*parts)
    if _YY.fullmatch(text):
        return DateRead(None, TWO_DIGIT_YEAR, understood=False)
    return DateRead(None, understood=False)


def read_round_date(text: str, near: date | None = None) -> DateRead:
    """A TRF16 round date (132): ``YY/MM/DD``, its century the one that puts the year
    nearest to *near* (the event's start date, else its end date: a round is played within
    the event), 20YY when no date is *near* (docs/interpretations.md, "Round dates"). A full
    date (:func:`read_date`) is read as one."""
    text = _date_text(text, "text").strip()
    if near is not None and not isinstance(near, date):
        raise ArgumentTypeError(f"near must be a datetime.date or None, not {_shown(near)}")
    m = _YY.fullmatch(text)
    if m is None:
        return read_date(text)
    yy, mo, d = int(m[1]), int(m[2]), int(m[3])
    return _day(century(yy, near), mo, d)


def century(yy: int, near: date | None) -> int:
    """The four-digit year of *yy* (00 to 99) nearest to *near*'s year, from 50 years
    before it to 49 after; 2000 + *yy* without *near*."""
    if near is None:
        return 2000 + yy
    year = near.year - near.year % 100 + yy
    if year > near.year + 49:
        year -= 100
    elif year <= near.year - 50:
        year += 100
    return year if 1 <= year <= 9999 else 2000 + yy


class Birth(NamedTuple):
    """A birth date as far as it is known: the earliest and the latest day it may be."""

    earliest: date
    latest: date


_BIRTH = LazyPattern(r"(\d{4})(?:[/.-](\d{1,2})[/.-](\d{1,2}))?", re.ASCII)
_BIRTH_DMY = LazyPattern(r"(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})", re.ASCII)


class BirthRead(NamedTuple):
    """A birth date text read: *birth* (None: unknown or unreadable) and, when the text is
    not a birth date, *problem* ("not understood" when it is in no date form)."""

    birth: Birth | None
    problem: str = ""  # what is wrong with the text, as the end of a message
    understood: bool = True  # False: in no date form (a warning); else off the calendar


BIRTH_FORM = "YYYY/MM/DD; YYYY or YYYY/00/00 for a year alone, blank or 0000/00/00 unknown"


def _plain_birth(text: str) -> BirthRead | None:
    """The birth date of a text of the form most files write, ``YYYY/MM/DD`` with a day
    that every month has (1 to 28), read by str methods; None for any other text (read it
    the general way, as :func:`read_birth` does). A large event reads one per player, and
    the pattern and the calendar's checks cost several times this."""
    if not (len(text) == 10 and text[4] == "/" == text[7] and text.isascii()):
        return None
    year, month, day = text[:4], text[5:7], text[8:]
    if not (year.isdigit() and month.isdigit() and day.isdigit()):
        return None
    y, m, d = int(year), int(month), int(day)
    if not (y and 1 <= m <= 12 and 1 <= d <= 28):
        return None
    born = date(y, m, d)
    return BirthRead(Birth(born, born))


def read_birth(text: str) -> BirthRead:
    """A TRF birth date (columns 70-79): a full date as :func:`read_date` reads one
    (``1978/02/03``, ``03.02.1978``), a year alone (``1978``, ``2014/00/00``), a month
    without its day (``2014/05/00``, ``00.05.2014``), or unknown (blank, ``0000/00/00``,
    ``0000``)."""
    text = _date_text(text, "text").strip()
    if not text:
        return BirthRead(None)
    plain = _plain_birth(text)
    if plain is not None:
        return plain
    m = _BIRTH.fullmatch(text)
    if m is not None:
        year = int(m[1])
        month, day = (int(m[2]), int(m[3])) if m[2] is not None else (0, 0)
    elif (m := _BIRTH_DMY.fullmatch(text)) is not None:
        day, month, year = int(m[1]), int(m[2]), int(m[3])
        if month > 12 and 0 < day <= 12:
            day, month = month, day  # month first, as read_date reads it
    else:
        return BirthRead(None, f"not understood (expected {BIRTH_FORM})", understood=False)
    if year == 0:
        if month or day:
            return BirthRead(None, "is not a calendar date (the year is 0000)")
        return BirthRead(None)
    if month == 0:
        if day:
            return BirthRead(None, "is not a calendar date (a day without a month)")
        return BirthRead(Birth(date(year, 1, 1), date(year, 12, 31)))
    if day == 0:
        problem = calendar_problem(year, month, 1)
        if problem:
            return BirthRead(None, f"is not a calendar date ({problem})")
        last = days_in_month(year, month)
        return BirthRead(Birth(date(year, month, 1), date(year, month, last)))
    problem = calendar_problem(year, month, day)
    if problem:
        return BirthRead(None, f"is not a calendar date ({problem})")
    return BirthRead(Birth(date(year, month, day), date(year, month, day)))
