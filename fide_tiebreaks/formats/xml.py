"""The XML tournament form, read (schema: fide-tiebreaks.xsd; the standings as XML are
written by ``xml_standings.py``).

An XML tournament is turned into the equivalent TRF and read by the TRF reader, so that there
is one model and one set of checks; the reader's diagnostics point back at the XML lines.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path

from lxml import etree

from .. import arguments
from ..dates import calendar_problem
from ..diagnostics import Diagnostic, InputError, Severity
from ..numbers import NumberError, exact_str, parse_int, read_decimal
from . import xmlsafe
from .base import DEFAULT_SETTINGS, ReadResult, ReadSettings
from .trf.reader import parse_trf
from .trf.state import MAX_PLAYERS, MAX_ROUNDS

SCHEMA = Path(__file__).with_name("fide-tiebreaks.xsd")


def read_xml(
    data: bytes, name: str = "<input>", *, settings: ReadSettings = DEFAULT_SETTINGS
) -> ReadResult:
    """Read an XML ``<tournament>``; raise InputError with located messages when it is not
    well-formed, not valid, or hostile."""
    arguments.file_data(data, name)
    root = xmlsafe.parse(data, name, SCHEMA)
    if root.tag != "tournament":
        raise InputError(
            [
                Diagnostic(
                    severity=Severity.ERROR,
                    message=f"expected a <tournament> document, found <{root.tag}>",
                    path=name,
                    line=root.sourceline or 0,
                    column=1,
                )
            ]
        )
    text, lines = to_trf(root, name)
    try:
        result = parse_trf(text.encode("utf-8"), name, settings=settings)
    except InputError as e:
        raise InputError(_relocate(e.diagnostics, lines, name)) from None
    return ReadResult(result.tournament, tuple(_relocate(result.diagnostics, lines, name)))


def _relocate(diags: tuple[Diagnostic, ...], lines: dict[int, int], name: str) -> list[Diagnostic]:
    return [
        Diagnostic(
            severity=d.severity,
            message=d.message,
            path=name,
            line=lines.get(d.line, 0),
            column=0,
            kind=d.kind,
        )
        for d in diags
    ]


class _Trf:
    """The TRF lines being written from an XML document, each with the XML line it came
    from; numbers read from the XML, a bad one refused at its element."""

    def __init__(self, name: str) -> None:
        self.name = name
        self.lines: list[str] = []
        self.where: dict[int, int] = {}

    def emit(self, text: str, element: etree._Element) -> None:
        # A line end inside an attribute (&#10;) must not start a record of its own.
        self.lines.append(text.replace("\r", " ").replace("\n", " "))
        self.where[len(self.lines)] = element.sourceline or 0

    def refuse(self, element: etree._Element, message: str) -> InputError:
        line = element.sourceline or 0
        return InputError(
            [
                Diagnostic(
                    severity=Severity.ERROR, message=message, path=self.name, line=line, column=1
                )
            ]
        )

    def number(self, element: etree._Element, attribute: str, high: int, low: int = 1) -> int:
        try:
            return parse_int(element.get(attribute, "0"), f"<{element.tag}> {attribute}", low, high)
        except NumberError as e:
            raise self.refuse(element, str(e)) from None


def to_trf(t: etree._Element, name: str = "<input>") -> tuple[str, dict[int, int]]:
    """The TRF16 / TRF-2026 text of an XML tournament, and TRF line -> XML line.

    Every number is read (leading zeros and all) and written back in TRF's form, within
    TRF's limits: the schema holds the limits of each value, this holds its length. What TRF
    cannot carry (a fraction in <scoring>, a round given twice) is refused with a located
    error, never rounded or dropped."""
    out = _Trf(name)
    _header(t, out)
    for p in t.iterfind("player"):
        rounds = _rounds_of(p, out)
        out.emit(_player_line(p, rounds, out), p)
        for line in _rating_records(p, rounds, out.number):
            out.emit(line, p)
    for team in t.iterfind("team"):
        members = " ".join(
            f"{out.number(m, 'id', MAX_PLAYERS):4d}" for m in team.iterfind("member")
        )
        head = (
            f"310 {out.number(team, 'id', 999):3d} {team.get('name', '')[:32]:<32} {'':5} "
            f"{'':>6} {'':>6} {'':>6} {'':>3}  "
        )
        out.emit(head + members, team)
    return "\n".join(out.lines) + "\n", out.where


_XS_DATE = re.compile(r"(\d{4})-(\d{2})-(\d{2})(?:Z|[+-]\d{2}:\d{2})?", re.ASCII)


def _xs_date(element: etree._Element, name: str, out: _Trf) -> str:
    """An xs:date attribute (``2024-01-01``, with a timezone ``2024-01-01Z``,
    ``2024-01-01+02:00``: the day as written) as TRF's YYYY/MM/DD; refused, in XML's terms,
    when it is no day of the calendar."""
    value = (element.get(name) or "").strip()
    m = _XS_DATE.fullmatch(value)
    if m is None:
        raise out.refuse(
            element,
            f"{name} '{value[:30]}' is not a date (xs:date: YYYY-MM-DD, a timezone allowed: "
            "2024-01-01Z)",
        )
    problem = calendar_problem(int(m[1]), int(m[2]), int(m[3]))
    if problem:
        raise out.refuse(element, f"{name} '{value}' is not a calendar date ({problem})")
    return f"{m[1]}/{m[2]}/{m[3]}"


def _header(t: etree._Element, out: _Trf) -> None:
    """The tournament's records: name, end date, type, rounds, scoring, boards."""
    out.emit(f"012 {t.get('name')}", t)
    if t.get("end-date"):
        out.emit(f"052 {_xs_date(t, 'end-date', out)}", t)
    if t.get("type"):
        out.emit(f"092 {'Round Robin' if t.get('type') == 'round-robin' else 'Swiss'}", t)
    if t.get("rounds"):
        out.emit(f"142 {out.number(t, 'rounds', MAX_ROUNDS)}", t)
    scoring = t.find("scoring")
    if scoring is not None:
        out.emit("162  " + "    ".join(_scoring_values(scoring, out)), scoring)
    if t.get("boards"):
        boards = out.number(t, "boards", MAX_ROUNDS)
        out.emit("352 " + ("WB" * boards)[:boards], t)


_SYMBOLS = {"win": "W", "draw": "D", "loss": "L", "absence": "A", "pab": "P"}


def _scoring_values(scoring: etree._Element, out: _Trf) -> list[str]:
    """<scoring>'s values as the fields of TRF's 162 record (``W 1``, ``D 0.5``, ...)."""
    values = []
    for key, symbol in _SYMBOLS.items():
        text = scoring.get(key)
        if text is None:
            continue
        try:
            value = read_decimal(text, f"<scoring> {key}")
        except NumberError as e:
            raise out.refuse(
                scoring,
                f"{e}: TRF's 162 record, which the XML form is read "
                "through, takes decimal points, such as 1 or 0.5",
            ) from None
        if value < 0:
            raise out.refuse(scoring, f"<scoring> {key} '{text}' is negative")
        values.append(f"{symbol} {exact_str(value)}")
    return values


def _rounds_of(p: etree._Element, out: _Trf) -> dict[int, etree._Element]:
    """A <player>'s <round> elements by round number; a round given twice is refused."""
    rounds: dict[int, etree._Element] = {}
    for r in p.iterfind("round"):
        n = out.number(r, "n", MAX_ROUNDS)
        if n in rounds:
            raise out.refuse(
                r,
                f"round {n} of player {p.get('id')} is given twice (first at "
                f"line {rounds[n].sourceline})",
            )
        rounds[n] = r
    return rounds


def _player_line(p: etree._Element, rounds: dict[int, etree._Element], out: _Trf) -> str:
    """A <player>'s 001 record, its rounds as TRF round blocks."""
    blocks = []
    for n in range(1, max(rounds, default=0) + 1):
        r = rounds.get(n)
        if r is None:
            blocks.append("        ")
        else:
            opp = out.number(r, "opponent", MAX_PLAYERS, 0) if r.get("opponent") else 0
            colour = r.get("colour", "-" if not opp else "w")
            blocks.append(f"{opp:4d} {colour} {r.get('result')}")
    rating = out.number(p, "rating", 9999, 0) if p.get("rating") else ""
    head = (
        f"001 {out.number(p, 'id', MAX_PLAYERS):4d}      {p.get('name', '')[:33]:<33} "
        f"{rating:>4} {p.get('federation', '')[:3]:<3} "
        f"{p.get('fide-id', '')[:11]:>11} {'':10} {'':4} {'':4}"
    )
    return (head + "".join(f"  {b}" for b in blocks)).rstrip()


def _rating_records(
    p: etree._Element, rounds: dict[int, etree._Element], number: Callable[..., int]
) -> list[str]:
    """The TRF records of a player's national rating (a TRF-2026 national rating line) and
    ratings per round (``### fide-tiebreaks round-ratings``), where the XML gives them."""
    pid = number(p, "id", MAX_PLAYERS)
    out = []
    if p.get("national-rating"):
        fed = p.get("federation", "")
        fed = fed if len(fed) == 3 and fed.isascii() and fed.isupper() else "NAT"
        national = number(p, "national-rating", 9999, 0)
        out.append(f"{fed} {pid:4d}{'':40}{national:>4}")
    if any(r.get("rating") for r in rounds.values()):
        ratings = [
            str(number(rounds[n], "rating", 9999))
            if n in rounds and rounds[n].get("rating")
            else "-"
            for n in range(1, max(rounds) + 1)
        ]
        out.append(f"### fide-tiebreaks round-ratings: {pid} {' '.join(ratings)}")
    return out
