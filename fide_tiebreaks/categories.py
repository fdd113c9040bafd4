"""Category standings: the overall order kept, places given within a category (an age group,
a rating band, women, a club's list...). Prizes are the organiser's; the list is ours.

A category is ``NAME:CONDITION[&CONDITION...]`` (docs/decisions.md lists the conditions):
``U16:age<16``, ``S50:age>=50``, ``Women:sex=F``, ``U1800:rating<1800``, ``NOR:fed=NOR``,
``Unrated:unrated``, ``Club:ids=3,8,12``. Ages are on 1 January of the event's year (as FIDE's
youth events count them) unless a date is given: ``age@2026-07-01<16``.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from datetime import date
from typing import Any

from .data_classes import NamedTuple, dataclass
from .dates import Birth, read_birth
from .errors import FideTiebreaksError
from .model import Participant, Tournament

MAX_CATEGORIES = 50
MAX_FILE_BYTES = 100_000


class CategoryError(FideTiebreaksError, ValueError):
    """A category definition that cannot be read; the message is located."""


class Condition(NamedTuple):
    """One condition: *field* *op* *value* (``age`` ``<`` ``16``)."""

    field: str  # age, born, rating, nrating, sex, fed, title, titled, unrated, ids
    op: str  # <, <=, >, >=, =, or "" for titled / unrated
    value: Any  # an int, or a frozenset of texts or ids
    on: date | None = None  # the date of an age, when given (age@2026-07-01<16)


@dataclass(frozen=True)
class Category:
    name: str
    conditions: tuple[Condition, ...]
    text: str  # as written, for the outputs


class Placed(NamedTuple):
    """A participant's line in a category: its place there and its overall row."""

    place: int  # within the category; shared where the overall rank is shared
    row: Any  # the standings row (overall rank, participant, values)


_NAME = re.compile(r"[A-Za-z0-9][A-Za-z0-9 _+\-]{0,39}")
_CONDITION = re.compile(
    r"(?P<field>[a-z]+)(?:@(?P<on>\d{4}-\d{2}-\d{2}))?\s*(?:(?P<op><=|>=|<|>|=)\s*(?P<value>.*))?"
)
_NUMERIC = {"age", "born", "rating", "nrating"}
_LISTS = {"sex", "fed", "title", "ids"}
_FLAGS = {"unrated", "titled"}
FIELDS = sorted(_NUMERIC | _LISTS | _FLAGS)


def parse_category(text: str, where: str = "--category") -> Category:
    """One category, ``NAME:CONDITION[&CONDITION...]``; CategoryError says where it is wrong
    (``--category 'U16:age<x': column 9: ...``)."""

    def fail(column: int, what: str) -> CategoryError:
        if where.endswith(":"):  # a definitions file: FILE:LINE:COLUMN
            return CategoryError(f"{where}{column}: {what} (in '{text}')")
        return CategoryError(f"{where} '{text}': column {column}: {what}")

    name, sep, rest = text.partition(":")
    if not sep:
        raise fail(1, "write NAME:CONDITION, e.g. U16:age<16 or Women:sex=F")
    if not _NAME.fullmatch(name.strip()):
        raise fail(1, "the name is 1-40 letters, digits, spaces, _, + or -")
    conditions = []
    column = len(name) + 2
    for part in rest.split("&"):
        conditions.append(_condition(part, column, fail))
        column += len(part) + 1
    return Category(name.strip(), tuple(conditions), text.strip())


def _condition(part: str, column: int, fail: Callable[[int, str], CategoryError]) -> Condition:
    m = _CONDITION.fullmatch(part.strip())
    column += len(part) - len(part.lstrip())
    if m is None or m["field"] not in FIELDS:
        raise fail(
            column,
            f"'{part.strip()}' is not a condition; conditions start with one "
            f"of {', '.join(FIELDS)}",
        )
    field, op, value = m["field"], m["op"] or "", (m["value"] or "").strip()
    on = _on(m, column, fail)
    op_at = column + (m.start("op") if op else len(m.group(0).rstrip()))
    raw = m["value"] or ""
    at = column + (m.start("value") + len(raw) - len(raw.lstrip()) if op else 0)
    if field in _FLAGS:
        if op:
            raise fail(column, f"{field} takes no value")
        return Condition(field, "", None)
    if not op:
        raise fail(op_at, f"{field} needs a comparison, e.g. {field}{_EXAMPLE[field]}")
    if field in _NUMERIC:
        if not value.isascii() or not value.isdigit() or len(value) > 4:
            raise fail(at, f"'{value}' is not a whole number (at most 4 digits)")
        return Condition(field=field, op=op, value=int(value), on=on)
    if op != "=":
        raise fail(op_at, f"{field} takes =, e.g. {field}{_EXAMPLE[field]}")
    return Condition(field, op, _list(field, value, at, fail))


def _on(m: re.Match[str], column: int, fail: Callable[[int, str], CategoryError]) -> date | None:
    """The date an age is counted on (``age@2026-07-01<16``), None when none is given."""
    if not m["on"]:
        return None
    if m["field"] != "age":
        raise fail(column, "only age takes a date (age@2026-07-01<16)")
    try:
        return date.fromisoformat(m["on"])
    except ValueError:
        raise fail(column + 4, f"'{m['on']}' is not a date (YYYY-MM-DD)") from None


_EXAMPLE = {
    "age": "<16",
    "born": ">=2010",
    "rating": "<1800",
    "nrating": "<1600",
    "sex": "=F",
    "fed": "=NOR",
    "title": "=GM,IM",
    "ids": "=3,8,12",
}


def _list(field: str, value: str, column: int, fail: Callable[[int, str], CategoryError]) -> Any:
    items = [v.strip() for v in value.split(",")]
    if not all(items):
        raise fail(column, f"{field}= takes a comma-separated list, e.g. {field}{_EXAMPLE[field]}")
    if field == "ids":
        if not all(v.isascii() and v.isdigit() and len(v) <= 4 for v in items):
            raise fail(column, "ids= takes start ranks (numbers), e.g. ids=3,8,12")
        return frozenset(int(v) for v in items)
    if field == "sex":
        sexes = {v.upper() for v in items}
        if not sexes <= {"F", "W", "M"}:
            raise fail(column, "sex= takes F (or W) or M")
        return frozenset("F" if s == "W" else s for s in sexes)
    return frozenset(v.upper() for v in items)


def read_definitions(path: str) -> list[Category]:
    """A definitions file: one ``NAME:CONDITION...`` per line; blank lines and ``#`` comments
    are skipped. Errors read ``FILE:LINE: ...``."""
    import stat
    from pathlib import Path  # only with --categories: pathlib is off the standings path

    from .atomic import file_kind

    p = Path(path)
    try:
        mode = p.stat().st_mode
    except FileNotFoundError:
        hint = ""
        if ":" in path:  # U16:age<16: a definition, given to the option that takes a file
            hint = f"; to give the category itself, use --category {path}"
        raise CategoryError(f"--categories {path}: no such file{hint}") from None
    except OSError as e:
        raise CategoryError(f"--categories {path}: cannot be read ({e.strerror})") from None
    if not stat.S_ISREG(mode):
        what = file_kind(mode)
        raise CategoryError(f"--categories {path}: {what}, not a file of category definitions")
    if p.stat().st_size > MAX_FILE_BYTES:
        raise CategoryError(f"--categories {path}: larger than {MAX_FILE_BYTES} bytes")
    try:
        lines = p.read_text(encoding="utf-8").splitlines()
    except (OSError, UnicodeDecodeError) as e:
        raise CategoryError(f"--categories {path}: cannot be read ({e})") from None
    return [
        parse_category(line.strip(), f"{path}:{n}:")
        for n, line in enumerate(lines, start=1)
        if line.strip() and not line.lstrip().startswith("#")
    ]


def check_all(categories: Sequence[Category]) -> None:
    """Names are unique and there are at most MAX_CATEGORIES (CategoryError if not)."""
    if len(categories) > MAX_CATEGORIES:
        raise CategoryError(f"{len(categories)} categories; at most {MAX_CATEGORIES}")
    seen: set[str] = set()
    for c in categories:
        if c.name.lower() in seen:
            raise CategoryError(f"category '{c.name}' is defined twice")
        seen.add(c.name.lower())


def event_day(t: Tournament) -> date | None:
    """The day ages are counted on by default: 1 January of the event's year."""
    day = t.end_date or t.start_date
    return date(day.year, 1, 1) if day else None


def birth(p: Participant) -> Birth | None:
    """The birth date as far as the file gives it (dates.read_birth): a year alone is any
    day of that year, a month without a day any day of that month; None when unknown."""
    return read_birth(p.birth_date).birth


def age_on(p: Participant, on: date) -> int | None:
    """The age on *on*, by the youngest reading of a partial birth date (a year alone counts
    as born on 31 December: docs/interpretations.md); None when the birth date is unknown.
    A birth certainly after *on* has no age there: CategoryError, never a negative age that
    every under-N category would take in."""
    b = birth(p)
    if b is None:
        return None
    if b.earliest > on:
        raise CategoryError(
            f"player {p.id} ({p.name}) was born on {p.birth_date}, after {on.isoformat()}, the "
            "day ages are counted on, so no age can be counted; correct the birth date, or "
            "count ages on another day (age@YYYY-MM-DD)"
        )
    born = min(b.latest, on)  # the youngest reading that is born by then
    return on.year - born.year - ((on.month, on.day) < (born.month, born.day))


_COMPARE: dict[str, Callable[[int, int], bool]] = {
    "<": lambda a, b: a < b,
    "<=": lambda a, b: a <= b,
    ">": lambda a, b: a > b,
    ">=": lambda a, b: a >= b,
    "=": lambda a, b: a == b,
}


def matches(c: Condition, p: Participant, day: date | None) -> bool:
    """Whether participant *p* meets condition *c*; an unknown value never does."""
    if c.field in _NUMERIC:
        value = _number(c, p, day)
        return value is not None and _COMPARE[c.op](value, c.value)
    if c.field == "unrated":
        return p.rating is None
    if c.field == "titled":
        return bool(p.title)
    if c.field == "ids":
        return p.id in c.value
    if c.field == "sex":
        sex = {"W": "F", "F": "F", "M": "M"}.get(p.sex.upper())
        return sex in c.value
    text = p.federation if c.field == "fed" else p.title
    return text.upper() in c.value


def _number(c: Condition, p: Participant, day: date | None) -> int | None:
    if c.field == "age":
        on = c.on or day
        if on is None:
            raise CategoryError(
                f"age needs a date: the file gives no event date; write "
                f"age@YYYY-MM-DD{c.op}{c.value}"
            )
        return age_on(p, on)
    if c.field == "born":
        b = birth(p)
        return b.earliest.year if b else None
    return p.rating if c.field == "rating" else p.national_rating


def placed(rows: Sequence[Any], category: Category, t: Tournament) -> list[Placed]:
    """The rows of *category*, in the overall order, with their places within it: a place
    shared overall is shared in the category too."""
    day = event_day(t)
    _check_known(category, rows)
    out: list[Placed] = []
    for row in rows:
        p = row.participant
        try:
            belongs = all(matches(c, p, day) for c in category.conditions)
        except CategoryError as e:  # the category named: a run may define fifty
            raise CategoryError(f"category '{category.text}': {e}") from None
        if belongs:
            shared = out and out[-1].row.rank == row.rank
            out.append(Placed(out[-1].place if shared else len(out) + 1, row))
    return out


# A field no participant of the file carries: the category would come out empty, which
# reads as "nobody qualifies" when in truth the file cannot say.
_CARRIED = {
    "age": ("a birth date", lambda p: birth(p) is not None),
    "born": ("a birth date", lambda p: birth(p) is not None),
    "sex": ("a sex", lambda p: p.sex.upper() in ("W", "F", "M")),
}


def _check_known(category: Category, rows: Sequence[Any]) -> None:
    for c in category.conditions:
        if c.field in _CARRIED and rows:
            what, known = _CARRIED[c.field]
            if not any(known(row.participant) for row in rows):
                raise CategoryError(
                    f"category '{category.text}': no participant in the "
                    f"file has {what}, so '{c.field}' cannot decide who belongs to it"
                )
