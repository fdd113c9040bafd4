"""Another program's standings, read strictly: the one reader of results that
``conformance --against`` and ``certify`` share.

Forms: CSV (a ``start_rank``, ``team`` or ``name`` column and a column per code; ``,``,
``;`` or tab separated; headings match in any case, ``Name;BH`` as well as ``name;bh``),
JSON (our shape: standings with tiebreaks, and the edition in ``"tournament"``), a TRF
(its rank column gives the order) and gacrux's tab-separated report (``-d T``).

What the reader refuses (:class:`ResultsError`, a ``ValueError`` whose message names the
line or the JSON path) is what would let a wrong answer pass: a column or a JSON key that
appears twice (which one would count?), a row for a participant the event does not have, a
participant's second row, a rank that is not a whole number in ASCII digits, a row with more
cells than the heading. Values are kept as printed and judged by :func:`value_of`: ASCII
digits only, a decimal (``11.5``, ``11,5``) or a fraction (``40/3``), as every reader of
this project takes numbers; ``1_0``, ``1e3``, Arabic-Indic or full-width digits are not
numbers, and a value that is not a number is a finding, never a match.
"""

from __future__ import annotations

import csv
import io
import json
from collections.abc import Callable, Mapping, Sequence
from fractions import Fraction
from pathlib import Path
from typing import Any

from .data_classes import NamedTuple, dataclass
from .diagnostics import InputError
from .errors import FideTiebreaksError
from .formats import parse_any
from .formats.base import read_bytes
from .formats.trf.state import MAX_PLAYERS
from .model import Tournament
from .numbers import NumberError, clip, json_int, parse_exact, parse_int

# Columns of an export that are not tie-break codes (matched in any case).
NOT_CODES = frozenset(
    {
        "start_rank",
        "team",
        "name",
        "rank",
        "points",
        "fide_id",
        "federation",
        "rating",
        "match_points",
        "game_points",
    }
)
KEYS = ("start_rank", "team", "name")  # the columns that say whose row it is, in that order
# What a program prints for "no value": an empty cell, JSON null, our table's "-".
NO_VALUE = frozenset({"", "-", "-0", "None", "null"})


class ResultsError(FideTiebreaksError, ValueError):
    """The results cannot be trusted as read; the message says where and why."""


@dataclass(frozen=True)
class Results:
    """Another program's standings as read: values as printed (``None``: no value) by
    participant and code, ranks, the codes to compare, and what the file itself says (our
    JSON records its edition). ``unasked`` lists the columns that are tie-break codes but
    were not asked for (with *codes* given); they are not in ``values``."""

    values: Mapping[int, Mapping[str, str | None]]
    ranks: Mapping[int, int]
    codes: tuple[str, ...]
    edition: str | None = None
    explicit: bool = False  # the codes were given (-t), not taken from the file's columns
    ranks_only: bool = False  # a TRF: its codes are the list it ranks by; it holds no values
    unasked: tuple[str, ...] = ()


def value_of(text: str | None) -> Fraction | None:
    """A printed value as an exact number, ``None`` for no value; :class:`NumberError` (a
    ValueError) for anything that is not a decimal or a fraction in ASCII digits."""
    if text is None or text.strip() in NO_VALUE:
        return None
    return parse_exact(text.strip(), "value")


def read_results(
    path: Path,
    codes: Sequence[str] | None,
    t: Tournament,
    is_code: Callable[[str], bool] | None = None,
) -> Results:
    """Another program's standings of *t* from the file at *path* (see the module
    docstring); *is_code* says which columns are tie-break codes (for ``unasked``)."""
    return parse_results(read_bytes(path), str(path), codes, t, is_code, suffix=path.suffix.lower())


def parse_results(
    data: bytes,
    name: str,
    codes: Sequence[str] | None,
    t: Tournament,
    is_code: Callable[[str], bool] | None = None,
    *,
    suffix: str = "",
) -> Results:
    """:func:`read_results` on bytes already read; *name* is used in messages and *suffix*
    (``.json``, ``.trf``, ``.csv``) picks the form, else the content does."""
    text = data.decode("utf-8-sig", errors="replace")
    reading = Reading(name=name, asked=codes, t=t, is_code=is_code or (lambda _: False))
    if suffix == ".json" or (not suffix and text.lstrip().startswith(("{", "["))):
        return reading.json(text)
    if suffix in (".trf", ".txt") or (not suffix and text.startswith(("012", "001"))):
        return reading.trf(data)
    try:  # a field over csv's limit (128 KiB) raises csv.Error
        return reading.csv(text)
    except csv.Error as e:
        raise ResultsError(f"{name}: not readable as CSV: {e}") from None


class _CsvHead(NamedTuple):
    """A CSV file's heading: the names as written, the column of each (casefolded), the
    column that says whose row it is, and the tie-break code columns."""

    names: list[str]
    where: dict[str, int]
    key: str
    codes: list[str]

    @classmethod
    def of(cls, names: list[str], file: str) -> _CsvHead:
        where = {h.casefold(): i for i, h in enumerate(names)}
        _no_twice(names, file)
        key = next((k for k in KEYS if k in where), None)
        if key is None:
            raise ResultsError(f"{file}:1: CSV needs a start_rank, team or name column")
        # An empty heading (a trailing delimiter) names no column: its cells are not read.
        codes = [h for h in names if h and h.casefold() not in NOT_CODES]
        return cls(names, where, key, codes)


class _CsvRow(NamedTuple):
    """One row of a CSV file: whose it is, its values by code, its rank as written ("": not
    given; read once the row is known to be the participant's only one)."""

    pid: int
    values: dict[str, str | None]
    rank: str


@dataclass
class Reading:
    """One file being read: where it is, what was asked and of which event."""

    name: str
    asked: Sequence[str] | None
    t: Tournament
    is_code: Callable[[str], bool]

    def ids(self) -> set[int]:
        if self.t.team is not None:
            return {tm.id for tm in self.t.team.teams}
        return {p.id for p in self.t.participants}

    def names(self) -> dict[str, int]:
        if self.t.team is not None:
            return {tm.name.strip().casefold(): tm.id for tm in self.t.team.teams}
        return {p.name.strip().casefold(): p.id for p in self.t.participants}

    def participant(self, where: str, what: str, text: Any) -> int:
        """The id *text* names; ResultsError when the event has no such participant."""
        pid = self.names().get(str(text).strip().casefold(), 0) if what == "name" else _id(text)
        if pid not in self.ids():
            raise ResultsError(
                f"{where}: {what} '{clip(str(text).strip())}' is not a "
                "participant of the tournament"
            )
        return pid

    def columns(self, found: Sequence[str]) -> tuple[dict[str, str], tuple[str, ...]]:
        """The code columns to keep, {heading as written: code as asked}, and the headings
        that are tie-break codes but were not asked for."""
        if self.asked is None:
            return {c: c for c in found}, ()
        wanted = {c.strip().casefold(): c for c in self.asked}
        keep = {c: wanted[c.strip().casefold()] for c in found if c.strip().casefold() in wanted}
        unasked = tuple(
            c for c in found if c not in keep and c.strip().upper() != "PTS" and self.is_code(c)
        )
        return keep, unasked

    def result(
        self,
        values: dict[int, dict[str, str | None]],
        ranks: dict[int, int],
        found: Sequence[str],
        edition: str | None = None,
    ) -> Results:
        keep, unasked = self.columns(found)
        kept = {
            pid: {keep[c]: v for c, v in row.items() if c in keep} for pid, row in values.items()
        }
        codes = tuple(self.asked) if self.asked is not None else tuple(found)
        return Results(
            values=kept,
            ranks=ranks,
            codes=codes,
            edition=edition,
            explicit=self.asked is not None,
            ranks_only=False,
            unasked=unasked,
        )

    # -- CSV ---------------------------------------------------------------------------
    def csv(self, text: str) -> Results:
        first = text.split("\n", 1)[0]
        delimiter = max(",;\t", key=first.count)
        rows = csv.reader(io.StringIO(text), delimiter=delimiter)
        head = _CsvHead.of([h.strip() for h in next(rows, [])], self.name)
        values: dict[int, dict[str, str | None]] = {}
        ranks: dict[int, int] = {}
        first_line: dict[int, int] = {}
        for row in rows:
            line = rows.line_num
            if not any(cell.strip() for cell in row):
                continue  # a blank line
            read = self.csv_row(head, row, f"{self.name}:{line}")
            if (
                read.pid in first_line
            ):  # which row would count? Neither: the file contradicts itself
                raise ResultsError(
                    f"{self.name}:{line}: participant {read.pid} has a second row "
                    f"(the first is line {first_line[read.pid]}); give one row per "
                    "participant"
                )
            first_line[read.pid] = line
            values[read.pid] = read.values
            if read.rank:
                ranks[read.pid] = _rank(read.rank, f"{self.name}:{line}")
        return self.result(values, ranks, head.codes)

    def csv_row(self, head: _CsvHead, row: Sequence[str], at: str) -> _CsvRow:
        """One row of a CSV file: whose it is, its values and its rank."""
        if len(row) > len(head.names):
            raise ResultsError(
                f"{at}: {len(row)} cells, but the heading names {len(head.names)} columns"
            )
        blank = next(
            (i for i, h in enumerate(head.names) if not h and i < len(row) and row[i].strip()),
            None,
        )
        if blank is not None:
            raise ResultsError(f"{at}: a value in column {blank + 1}, which has no heading")
        cells = {h: (row[i].strip() if i < len(row) else "") for i, h in enumerate(head.names)}
        pid = self.participant(at, head.key, cells[head.names[head.where[head.key]]])
        values = {c: (None if cells[c] in NO_VALUE else cells[c]) for c in head.codes}
        rank = cells[head.names[head.where["rank"]]] if "rank" in head.where else ""
        return _CsvRow(pid, values, rank)

    # -- JSON --------------------------------------------------------------------------
    def json(self, text: str) -> Results:
        """Standings in this program's JSON shape: {"tournament": {"edition": ...,
        "tiebreaks": [...]}, "standings": [{"start_rank" or "team", "rank", "tiebreaks":
        {code: value}}]}, or the list of rows alone. Every part is checked before it is
        used."""
        try:
            doc = json.loads(
                text, parse_float=str, parse_int=json_int, object_pairs_hook=_once(self.name)
            )
        except RecursionError:  # [[[[...]]]]: Python's decoder recurses once per level
            raise ResultsError(f"{self.name}: JSON nested too deeply") from None
        except NumberError as e:
            raise ResultsError(f"{self.name}: {e}") from None
        except json.JSONDecodeError as e:
            raise ResultsError(f"{self.name}:{e.lineno}:{e.colno}: not JSON: {e.msg}") from None
        meta: dict[str, Any] = {}
        rows = doc
        if isinstance(doc, dict):
            if not isinstance(doc.get("tournament", {}), dict):
                raise ResultsError(f'{self.name}: "tournament" must be an object')
            meta, rows = doc.get("tournament", {}), doc.get("standings")
        if not isinstance(rows, list):
            raise ResultsError(
                f'{self.name}: "standings" must be a list of rows, one per participant'
            )
        values: dict[int, dict[str, str | None]] = {}
        ranks: dict[int, int] = {}
        for i, row in enumerate(rows):
            self.json_row(f'{self.name}: "standings"[{i}]', row, values, ranks)
        listed = meta.get("tiebreaks")
        if isinstance(listed, list) and all(isinstance(c, str) for c in listed):
            found = list(listed)
        else:
            found = sorted({k for v in values.values() for k in v})
        edition = meta.get("edition") if isinstance(meta.get("edition"), str) else None
        return self.result(values, ranks, found, edition)

    def json_row(
        self, where: str, row: Any, values: dict[int, dict[str, str | None]], ranks: dict[int, int]
    ) -> None:
        if not isinstance(row, dict):
            raise ResultsError(f"{where} must be an object with start_rank (or team) and tiebreaks")
        who = "team" if "start_rank" not in row and "team" in row else "start_rank"
        if _id(row.get(who)) == 0:
            raise ResultsError(
                f"{where}: start_rank (or team) must be a number from 1 to {MAX_PLAYERS}"
            )
        pid = self.participant(where, who, row.get(who))
        if pid in values:
            raise ResultsError(
                f"{where}: participant {pid} has a second row; give one row per participant"
            )
        tiebreaks = row.get("tiebreaks") or {}
        if not isinstance(tiebreaks, dict):
            raise ResultsError(f'{where}: "tiebreaks" must be an object of code: value')
        _no_twice(list(tiebreaks), f'{where}: "tiebreaks"')
        values[pid] = {str(k): None if v is None else _json_text(v) for k, v in tiebreaks.items()}
        if row.get("rank") is not None:
            if not _id(row["rank"]):
                raise ResultsError(f'{where}: "rank" must be a number from 1 to {MAX_PLAYERS}')
            ranks[pid] = _id(row["rank"])

    # -- TRF ---------------------------------------------------------------------------
    def trf(self, data: bytes) -> Results:
        """A TRF export carries ranks alone: the codes are the list it ranks by (-t, else
        its own 202/212 list)."""
        try:
            theirs = parse_any(data, self.name).tournament
        except InputError as e:
            raise ResultsError(str(e)) from None
        if theirs.team is not None:
            declared = {tm.id: tm.declared_rank for tm in theirs.team.teams}
        else:
            declared = {p.id: p.declared_rank for p in theirs.participants}
        ranks = {pid: r for pid, r in declared.items() if r}
        stray = sorted(set(ranks) - self.ids())
        if stray:
            raise ResultsError(
                f"{self.name}: participant {stray[0]} is not a participant of the tournament"
            )
        found = list(theirs.declared_standings[1:] or theirs.declared_tiebreaks)
        codes = tuple(self.asked) if self.asked is not None else tuple(found)
        return Results(
            values={},
            ranks=ranks,
            codes=codes,
            edition=None,
            explicit=self.asked is not None,
            ranks_only=True,
        )

    # -- gacrux ------------------------------------------------------------------------
    def gacrux(self, text: str) -> Results:
        """gacrux's tab-separated report (``-d T``): StartNo, Rank, PTS, then
        ``CODE/Vyyyy`` columns; ``-0`` or an empty cell is no value; the lines that are not
        a participant's ("Check: ...") are skipped."""
        lines = [
            (n, line.split("\t"))
            for n, line in enumerate(text.splitlines(), start=1)
            if line.strip()
        ]
        if not lines or lines[0][1][:2] != ["StartNo", "Rank"]:
            raise ResultsError(f"{self.name}:1: expected a StartNo, Rank header")
        head = [h.split("/V")[0] if "/V" in h else h for h in lines[0][1]]
        _no_twice(head, self.name)
        values: dict[int, dict[str, str | None]] = {}
        ranks: dict[int, int] = {}
        for n, row in lines[1:]:
            if not row[0].strip().isascii() or not row[0].strip().isdigit():
                continue  # "Check: ..." and the like
            pid = self.participant(f"{self.name}:{n}", "StartNo", row[0])
            if pid in values:
                raise ResultsError(f"{self.name}:{n}: participant {pid} has a second row")
            ranks[pid] = _rank(row[1] if len(row) > 1 else "", f"{self.name}:{n}")
            cells = dict(zip(head[3:], (c.strip() for c in row[3:]), strict=False))
            values[pid] = {c: None if v in NO_VALUE else v for c, v in cells.items()}
        return self.result(values, ranks, head[3:])


def read_gacrux(text: str, name: str, codes: Sequence[str], t: Tournament) -> Results:
    """gacrux's report of *t* (see :meth:`Reading.gacrux`)."""
    return Reading(name=name, asked=codes, t=t, is_code=lambda _: False).gacrux(text)


def _no_twice(headings: Sequence[Any], where: str) -> None:
    """ResultsError when a heading appears twice (in any case): a wrong value first and a
    right one second must not pass."""
    seen: dict[str, int] = {}
    for i, h in enumerate(headings, start=1):
        folded = str(h).strip().casefold()
        if folded and folded in seen:
            raise ResultsError(
                f"{where}: column '{clip(str(h).strip())}' appears twice "
                f"(columns {seen[folded]} and {i}); which one counts?"
            )
        seen[folded] = i


def _once(name: str) -> Callable[[list[tuple[str, Any]]], dict[str, Any]]:
    """A json object_pairs_hook that refuses a key given twice in one object."""

    def hook(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
        out: dict[str, Any] = {}
        for k, v in pairs:
            if k in out:
                raise ResultsError(
                    f'{name}: the key "{clip(k)}" appears twice in one object; which one counts?'
                )
            out[k] = v
        return out

    return hook


def _json_text(value: Any) -> str:
    """A JSON value as printed text (numbers arrive as their text, see parse_float)."""
    if isinstance(value, bool):
        return "true" if value else "false"  # never a number, whatever int(True) says
    return str(value) if not isinstance(value, (dict, list)) else json.dumps(value)[:40]


def _rank(text: Any, where: str) -> int:
    rank = _id(text)
    if not rank or isinstance(text, bool):
        raise ResultsError(
            f"{where}: rank '{clip(str(text).strip())}' is not a number from 1 to {MAX_PLAYERS}"
        )
    return rank


def _id(text: Any) -> int:
    """A start rank, team number or rank (1..9999) in ASCII digits, else 0."""
    if isinstance(text, bool):
        return 0
    try:
        return parse_int(str(text), "number", 1, MAX_PLAYERS)
    except NumberError:
        return 0
