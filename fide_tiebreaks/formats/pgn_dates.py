"""A tournament PGN's dates: every game's ``Date`` (else ``UTCDate``) and the ``EventDate``,
each checked where it stands and named as the PGN writes it (``YYYY.MM.DD``, ``??`` for a
part not known), so that the equivalent TRF's 042 and 052 hold only dates already checked.

A date off the calendar (``2024.02.30``) is an error at its tag; a date in no PGN form a
warning (the date is unknown); an ``EventDate`` after the last game's date an impossible
event; a game dated before the ``EventDate`` a warning."""

from __future__ import annotations

import re
from datetime import date

from ..data_classes import NamedTuple
from ..dates import calendar_problem
from ..diagnostics import Collector, Diagnostic, Severity
from .pgn_scan import PgnGame

PGN_DATE_FORM = 'YYYY.MM.DD, "??" for a part not known'
_DATE = re.compile(r"(\d{4})\.(\d{2})\.(\d{2})", re.ASCII)
_UNKNOWN = re.compile(r"[0-9?]{4}\.[0-9?]{2}\.[0-9?]{2}", re.ASCII)  # 2024.??.??: no day


class PgnDate(NamedTuple):
    day: date
    tag: str  # Date, UTCDate or EventDate
    text: str  # as the PGN writes it
    where: tuple[int, int]  # the tag's line and column

    @property
    def shown(self) -> str:
        return f'{self.tag} "{self.text}" ({self.where[0]}:{self.where[1]})'


class EventSpan(NamedTuple):
    """The start (the first EventDate, else the first game's date) and end (the last game's
    date) of the event, each None when no game says."""

    start: PgnDate | None
    end: PgnDate | None


def event_span(games: list[PgnGame], out: Collector, errors: list[Diagnostic]) -> EventSpan:
    """Every game's dates checked (errors appended to *errors*, warnings to *out*)."""
    played: list[PgnDate] = []
    event: PgnDate | None = None
    for game in games:
        day = _tag_date(game, "Date", out, errors)
        utc = _tag_date(game, "UTCDate", out, errors)
        if day or utc:
            played.append(day or utc)  # type: ignore[arg-type]
        given = _tag_date(game, "EventDate", out, errors)
        event = event or given
    if not played:
        return EventSpan(event, None)
    end = max(played, key=lambda d: d.day)
    if event is None:
        return EventSpan(min(played, key=lambda d: d.day), end)
    if event.day > end.day:
        line, column = event.where
        out.impossible(line, column, f"{event.shown} is after the last game's date, {end.shown}")
    else:
        for d in played:
            if d.day < event.day:
                line, column = d.where
                out.warning(line, column, f'{d.tag} "{d.text}" is before {event.shown}')
    return EventSpan(event, end)


def _tag_date(game: PgnGame, tag: str, out: Collector, errors: list[Diagnostic]) -> PgnDate | None:
    text = game.tags.get(tag, "").strip()
    if not text or (_UNKNOWN.fullmatch(text) and "?" in text):
        return None
    line, column = game.at(tag)
    m = _DATE.fullmatch(text)
    if m is None:
        out.warning(line, column, f'{tag} "{text[:20]}" not understood (expected {PGN_DATE_FORM})')
        return None
    y, mo, d = int(m[1]), int(m[2]), int(m[3])
    problem = calendar_problem(y, mo, d)
    if problem:
        if (y, mo, d) == (0, 0, 0):
            problem += '; PGN writes a date not known as "????.??.??"'
        message = f'{tag} "{text}" is not a calendar date ({problem})'
        errors.append(
            Diagnostic(
                severity=Severity.ERROR, message=message, path=out.path, line=line, column=column
            )
        )
        return None
    return PgnDate(day=date(y, mo, d), tag=tag, text=text, where=(line, column))


def trf_date(day: date) -> str:
    return f"{day.year:04d}/{day.month:02d}/{day.day:02d}"
