"""Dates as tournament files write them, read as calendar dates: the one place a file's date
text becomes a :class:`datetime.date`, so that every reader (TRF, and Chess-JSON, XML and PGN
through it) and the age categories agree on what a date is and say the same when it is not.

A text may be in no date form at all (``next week``: "not understood", the form expected is
named) or in a date form but off the calendar (``2010/02/30``: "not a calendar date", and why:
February has 28 days in 2010). A birth date may be partial, as real TRF files write it: a
year alone (``1978``, ``2014/00/00``), a month without a day (``2014/05/00``), or unknown
(blank, ``0000/00/00``)."""

from __future__ import annotations

import re
from datetime import date

from .data_classes import NamedTuple

_MONTHS = (
    "January February March April May June July August September October November December"
).split()

_FORMS = (
    (re.compile(r"(\d{4})[/.-](\d{1,2})[/.-](\d{1,2})"), "ymd"),
    (re.compile(r"(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})"), "dmy"),
    (re.compile(r"(\d{2})[/.-](\d{2})[/.-](\d{2})"), "yy"),  # TRF 132's form, YY/MM/DD
)


class DateRead(NamedTuple):
    """A date text read: its *day*, or None with *problem* saying why (empty: not a date
    form at all, so the caller names the form it expects)."""

    day: date | None
    problem: str = ""  # e.g. "February has 28 days in 2010"


def days_in_month(year: int, month: int) -> int:
    if month == 2:
        leap = year % 4 == 0 and (year % 100 != 0 or year % 400 == 0)
        return 29 if leap else 28
    return 30 if month in (4, 6, 9, 11) else 31


def calendar_problem(year: int, month: int, day: int) -> str:
    """Why *year*/*month*/*day* is no day of the calendar, in words; "" when it is one."""
    if not 1 <= year <= 9999:
        return f"a year is 0001 to 9999, not {year:04d}"
    if not 1 <= month <= 12:
        return f"a month is 01 to 12, not {month:02d}"
    last = days_in_month(year, month)
    if not 1 <= day <= last:
        name = _MONTHS[month - 1]
        return f"{name} has {last} days" + (f" in {year}" if month == 2 else "")
    return ""


def read_date(text: str) -> DateRead:
    """``2024/11/23``, ``2024-11-23``, ``24/09/2010``, ``24.09.2010`` (day first; month
    first when the middle number cannot be a month, ``11/23/2024``) and TRF16's round-date
    form ``24/11/23`` (YY/MM/DD)."""
    text = text.strip()
    for pattern, order in _FORMS:
        m = pattern.fullmatch(text)
        if not m:
            continue
        a, b, c = (int(g) for g in m.groups())
        y, mo, d = {"ymd": (a, b, c), "dmy": (c, b, a), "yy": (2000 + a, b, c)}[order]
        if order == "dmy" and b > 12 and a <= 12:
            mo, d = a, b  # month first (US order) when the middle number cannot be a month
        problem = calendar_problem(y, mo, d)
        return DateRead(None, problem) if problem else DateRead(date(y, mo, d))
    return DateRead(None)


class Birth(NamedTuple):
    """A birth date as far as it is known: the earliest and the latest day it may be."""

    earliest: date
    latest: date


_BIRTH = re.compile(r"(\d{4})(?:[/.-](\d{1,2})[/.-](\d{1,2}))?")


class BirthRead(NamedTuple):
    """A birth date text read: *birth* (None: unknown or unreadable) and, when the text is
    not a birth date, *problem* ("not understood" when it is in no date form)."""

    birth: Birth | None
    problem: str = ""  # what is wrong with the text, as the end of a message
    understood: bool = True  # False: in no date form (a warning); else off the calendar


BIRTH_FORM = "YYYY/MM/DD; YYYY or YYYY/00/00 for a year alone, blank or 0000/00/00 unknown"


def read_birth(text: str) -> BirthRead:
    """A TRF birth date (columns 70-79): ``YYYY/MM/DD``, a year alone (``1978``,
    ``2014/00/00``), a month without its day (``2014/05/00``), or unknown (blank,
    ``0000/00/00``, ``0000``)."""
    text = text.strip()
    if not text:
        return BirthRead(None)
    m = _BIRTH.fullmatch(text)
    if m is None:
        return BirthRead(None, f"not understood (expected {BIRTH_FORM})", understood=False)
    year = int(m[1])
    month, day = (int(m[2]), int(m[3])) if m[2] is not None else (0, 0)
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
