"""Rules editions: which unplayed-round policy applies, and which edition is the default.

An :class:`Edition` is registered by a plugin (``fide_tiebreaks_editions``). The core only
knows the calendar (:data:`PERIODS`), to pick the edition in force on a tournament's end date
and to say which one that was when it is not installed.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import field
from datetime import date
from operator import attrgetter, mul
from typing import Any

from .constructors import fast_constructor
from .data_classes import NamedTuple, dataclass
from .model import Tournament


class Entry(NamedTuple):
    """One round of one participant, as opponent-score tie-breaks see it.

    ``score`` and ``points`` are integers on the tournament grid (``OpponentTable.scale``
    units per point); a product ``score * points`` is on the grid squared.
    """

    round: int  # 1-based
    opponent: int | None  # the participant met; None for a dummy or virtual opponent
    score: int  # the opponent's score as seen by this tie-break (adjusted, dummy, virtual)
    points: int  # points the participant obtained in the round
    vur: bool  # voluntarily unplayed round (C.07 (2024) 16.2): cut first under 16.5
    category: str  # "played", "15.2", "16.2.1" .. "16.2.5", "/P", ... for explanations


@dataclass(frozen=True)
class OpponentTable:
    """Every participant's rounds as opponent-score tie-breaks see them, under one edition's
    unplayed-round rules: ``Context.opponent_table()``."""

    scale: int  # units per point of every score and points in the table
    entries: tuple[tuple[Entry, ...], ...]  # by participant position in the tournament
    adjusted: tuple[int, ...]  # each participant's score as opponents see it (C.07 16.3)

    def __getattr__(self, name: str) -> Any:
        """``entries`` of a table made by :func:`column_table`, made on first read."""
        lazy = self.__dict__.get("_lazy") if name == "entries" else None
        if lazy is None:
            raise AttributeError(f"'{type(self).__name__}' object has no attribute '{name}'")
        build, state = lazy
        entries = self.__dict__["entries"] = self.__dict__["_made"] = build(state)
        return entries

    def __getstate__(self) -> dict[str, Any]:
        """The three fields alone (pickling and ``copy``): a copy is a table built with its
        entries, which a caller may then change, so it keeps no columns of the original's."""
        return {"scale": self.scale, "entries": self.entries, "adjusted": self.adjusted}

    def __dir__(self) -> list[str]:
        return sorted({*super().__dir__(), "entries"})


def column_table(
    scale: int,
    adjusted: tuple[int, ...],
    columns: tuple[tuple[tuple[int, ...], ...], tuple[tuple[int, ...], ...]],
    build: Callable[[Any], tuple[tuple[Entry, ...], ...]],
    state: Any,
) -> OpponentTable:
    """An :class:`OpponentTable` that keeps, beside what it is, each participant's opponent
    scores and points as plain columns (*columns*: scores rows, points rows), and makes its
    ``entries`` only when they are read, as ``build(state)``.

    Why: a large event has an entry per participant and round (130,000 for 9,999 x 13), and
    making them is most of the table's cost, while Buchholz and Sonneborn-Berger without a
    cut need only the two columns (:func:`table_columns`). Everyone else, third-party
    tie-breaks included, reads ``entries`` and gets the same table as one built with them.
    """
    table = object.__new__(OpponentTable)
    table.__dict__.update(scale=scale, adjusted=adjusted, _columns=columns, _lazy=(build, state))
    return table


def table_columns(
    table: OpponentTable,
) -> tuple[tuple[tuple[int, ...], ...], tuple[tuple[int, ...], ...]] | None:
    """The opponent scores and points rows, by participant position, of a table made by
    :func:`column_table` whose entries are still the ones it makes (None for any other
    table: read its ``entries``)."""
    own = table.__dict__
    if "entries" in own and own["entries"] is not own.get("_made"):
        return None  # entries set on the table since: they, not the columns, are the table
    columns: Any = own.get("_columns")
    return columns


# Opponent tables hold an entry for every participant and round, and every opponent-score
# tie-break sums them: these helpers keep those loops in C (the one place that knows how),
# so that plugins can stay written in named fields.

#: ``make_entry((round, opponent, score, points, vur, category))``: an :class:`Entry` built
#: without the named tuple's Python-level ``__new__``.
make_entry = fast_constructor(Entry)
#: The key of an entry's opponent score, for ``min`` and ``max``.
entry_score = attrgetter("score")
entry_points = attrgetter("points")
entry_vur = attrgetter("vur")


def sum_of_scores(entries: Iterable[Entry]) -> int:
    """The opponents' scores added up (Buchholz), on the table's grid."""
    return sum(map(entry_score, entries))


def sum_of_products(entries: Sequence[Entry]) -> int:
    """Each opponent's score times the points scored against it, added up
    (Sonneborn-Berger), on the table's grid squared."""
    return sum(map(mul, map(entry_score, entries), map(entry_points, entries)))


@dataclass(frozen=True, kw_only=True)
class Edition:
    name: str  # "fide-2024"
    title: str
    citation: str  # prefix for article references, e.g. "C.07 (2024)"
    in_force_from: date | None
    in_force_until: date | None
    # (tournament, forfeits_as_played, options) -> the opponent table
    opponent_table: Callable[[Tournament, bool, Mapping[str, Any]], OpponentTable]
    cut: Callable[[Sequence[Entry], int, int, bool], list[Entry]]
    # Named rule differences other tie-breaks consult (see FEATURES).
    features: frozenset[str] = frozenset()
    # Filled in by the host (tiebreak.provided_by): the plugin that registered it; not an
    # argument.
    provider: str = field(init=False, default="")

    def in_force(self, day: date) -> bool:
        """Whether *day* falls in the edition's period. A policy with no dates at all (such
        as a program's setting) is never in force by date: users choose it by name."""
        if self.in_force_from is None and self.in_force_until is None:
            return False
        return (self.in_force_from is None or self.in_force_from <= day) and (
            self.in_force_until is None or day <= self.in_force_until
        )


# Rule differences between editions that tie-breaks outside the opponent table need to know.
FEATURES = {
    "rr-forfeit-losses-unplayed-in-type-b": "C.07 (2026) 15.2: in round robins a forfeit loss "
    "stays an unplayed round for the Art. 7 tie-breaks",
    "no-buchholz-in-round-robin": "C.07 (2026) Art. 8 note: the Buchholz family must not be "
    "used in round robins",
    "aob-fore": "C.07 (2026) 8.2: AOB may average Fore Buchholz (AOB/F)",
    "std-tpn-rtng": "C.07 (2026) 7.7, 7.8, 10.6: STD, TPN and RTNG exist",
    "rep-named-ge": "C.07 (2023): 7.6 is called GE (Games one Elected to play)",
    "aro-cut-unplayed-first": "Swiss-Manager (sm-2012): ARO's Cut removes a round without a "
    "game over the board before any rating",
    "olympiad-real-match-points": "Swiss-Manager (sm-2012): the Olympiad SB scores opponents' "
    "real match points; a round without an opponent (PAB, absence) counts nothing",
}


class Period(NamedTuple):
    name: str
    start: date | None
    end: date | None
    what: str


# The calendar of FIDE's tie-break rules for unplayed games (spec: fide-tiebreak-rules.md 1).
PERIODS = (
    Period(
        name="pre-2012",
        start=None,
        end=date(2012, 6, 30),
        what="unplayed game = draw against oneself",
    ),
    Period(
        name="fide-2012", start=date(2012, 7, 1), end=date(2023, 8, 31), what="virtual opponent"
    ),
    Period(
        name="fide-2023",
        start=date(2023, 9, 1),
        end=date(2024, 7, 31),
        what="C.07 (2023): Art. 16 dummy",
    ),
    Period(
        name="fide-2024",
        start=date(2024, 8, 1),
        end=date(2026, 2, 28),
        what="C.07 (2024): Art. 16 dummy",
    ),
    Period(name="fide-2026", start=date(2026, 3, 1), end=None, what="C.07 (2026): capped dummy"),
)


def period_named(name: str) -> Period:
    """The period of the FIDE edition *name* ("fide-2024"): where its dates come from."""
    return next(p for p in PERIODS if p.name == name)


def period_on(day: date) -> Period:
    return next(
        p
        for p in PERIODS
        if (p.start is None or p.start <= day) and (p.end is None or day <= p.end)
    )


# How the note about an undated file starts: the commands print it even without --verbose.
UNDATED = "the file gives no end date"

#: The date that picks the edition in force (``--edition-by``, ``edition_by=``): the end date
#: (the default: C.07 applies to a tournament from its date of entry into force, and one
#: that ends after it is ranked by it) or the start date (FIDE TEC's reference program).
EDITION_BY = ("end", "start")


class EditionChoice(NamedTuple):
    """The edition the dates pick, and what to say about it."""

    edition: Edition
    reason: str  # which edition and why, in words (check and standings -v show it)
    serious: bool  # the reason is a warning: the rules in force are not installed
    undated: bool  # no date to pick by: the newest edition is used
    straddle: str | None  # a warning: the dates lie under two editions, or end before start


def check_edition_by(by: object, name: str = "edition_by") -> str | None:
    """*by* checked: 'end', 'start' or None (the default rule, the end date); TypeError or
    ValueError naming *name* else."""
    if by is None:
        return None
    if not isinstance(by, str):
        raise TypeError(f"{name} must be 'end' or 'start', not {type(by).__name__}")
    if by not in EDITION_BY:
        raise ValueError(f"{name} must be 'end' or 'start', not {by[:20]!r}")
    return by


def choose_edition(
    editions: Sequence[Edition],
    end: date | None,
    *,
    start: date | None = None,
    by: str | None = None,
) -> EditionChoice:
    """The edition in force on the tournament's end date (or, *by* ``"start"``, its start
    date), else the newest installed one; the one place an edition is picked by date.
    *by* None is the default rule, the end date, said so in the reason.

    With both dates known and under two editions of FIDE's calendar (:data:`PERIODS`), the
    choice carries a warning naming both (:attr:`EditionChoice.straddle`); with the end
    before the start, a warning saying so (the readers refuse such dates unless lenient)."""
    rule = f"--edition-by {by}" if by else "--edition-by end, the default"
    by = check_edition_by(by, "by") or "end"
    dated = [e for e in editions if e.in_force_from or e.in_force_until] or list(editions)
    newest = max(dated, key=lambda e: e.in_force_from or date.min)
    day, which = (start, "start") if by == "start" and start is not None else (end, "end")
    if day is None:
        return _undated(dated, newest)
    if which != by:
        rule += "; the file gives no start date"
    chosen = next((e for e in editions if e.in_force(day)), None)
    straddle = _straddle(start, end, by, chosen or newest)
    if chosen is not None:
        reason = (
            f"rules edition {chosen.name}: in force on the tournament's {which} date, "
            f"{day.isoformat()} ({rule})"
        )
        return EditionChoice(
            edition=chosen, reason=reason, serious=False, undated=False, straddle=straddle
        )
    period = period_on(day)
    reason = (
        f"the tournament {_verb(which)} on {day.isoformat()}, "
        f"when {period.name} ({period.what}) was in force ({rule}); that edition is not "
        f"installed, so {newest.name} is used"
    )
    return EditionChoice(
        edition=newest, reason=reason, serious=True, undated=False, straddle=straddle
    )


def _undated(dated: Sequence[Edition], newest: Edition) -> EditionChoice:
    """The choice for a file without the date asked for: the newest edition, and a note the
    CLI shows by default (UNDATED), since the edition changes the values."""
    names = ", ".join(e.name for e in sorted(dated, key=lambda e: e.in_force_from or date.min))
    return EditionChoice(
        edition=newest,
        reason=f"{UNDATED}, so the newest edition, {newest.name}, is used; choose another with "
        f"--edition ({names}, ...)",
        serious=False,
        undated=True,
        straddle=None,
    )


def _verb(which: str) -> str:
    return "started" if which == "start" else "ended"


def _straddle(start: date | None, end: date | None, by: str, used: Edition) -> str | None:
    """The warning for a tournament whose start and end dates lie under two editions, or
    whose end date is before its start date (no event can have that range, so the edition
    picked from it is said, never taken silently; the readers refuse such a file unless
    lenient)."""
    if start is None or end is None:
        return None
    if end < start:
        return (
            f"the tournament's end date, {end.isoformat()}, is before its start date, "
            f"{start.isoformat()}: {used.name} is used, by the {by} date (--edition-by {by}); "
            "--edition chooses otherwise"
        )
    first, last = period_on(start), period_on(end)
    if first == last:
        return None
    other = "start" if by == "end" else "end"
    return (
        f"the tournament started on {start.isoformat()}, under {first.name}, and ended on "
        f"{end.isoformat()}, under {last.name} (in force from {last.start}): {used.name} is "
        f"used, by the {by} date (--edition-by {by}); --edition-by {other} or --edition "
        "chooses otherwise"
    )
