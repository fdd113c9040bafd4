"""A conformance case file: read, validated and turned into a :class:`Case` to run.

A case is an XML document (fide-tiebreaks.xsd): a tournament (inline, or a TRF file beside
the case), an edition, a tie-break list and the values that the FIDE rules give, with the
source of those values. :mod:`.runner` runs it and re-exports these names.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from fractions import Fraction
from pathlib import Path
from typing import Any

from lxml import etree

from fide_tiebreaks.codes import CodeError, parse_list
from fide_tiebreaks.diagnostics import Diagnostic, InputError, Severity
from fide_tiebreaks.formats import read_trf, xmlsafe
from fide_tiebreaks.formats.base import ReadResult, fatal, read_bytes, wide_text
from fide_tiebreaks.formats.trf.state import MAX_PLAYERS
from fide_tiebreaks.formats.xml import SCHEMA, read_xml
from fide_tiebreaks.model import Tournament, TournamentType
from fide_tiebreaks.numbers import NumberError, parse_exact, parse_int
from fide_tiebreaks.tiebreak import option_value


@dataclass(frozen=True)
class Case:
    id: str
    path: Path
    source: str
    source_kind: str
    article: str
    tournament: Tournament
    edition: str
    tiebreaks: str
    expected: Mapping[int, Mapping[str, Fraction]]
    ranks: Mapping[int, int] = field(default_factory=dict)
    options: Mapping[str, Any] = field(default_factory=dict)
    working: str = ""
    diagnostics: tuple[ExpectedDiagnostic, ...] = ()
    read_diagnostics: tuple[Diagnostic, ...] = ()


@dataclass(frozen=True)
class ExpectedDiagnostic:
    """A message the reader or the standings must report: its severity, a piece of its text,
    and (for the reader) its line; 0 = any line."""

    severity: str
    text: str
    line: int = 0


def exact(text: str) -> Fraction:
    """'11.5' or '40/3' as a Fraction; NumberError (a ValueError) for anything else, a
    zero denominator and numbers longer than the limits included."""
    return parse_exact(text)


def load_case(path: Path) -> Case:
    """Read and validate one case file; InputError with located messages when it is bad."""
    name = str(path)
    data = read_bytes(path)
    _a_case_document(data, name)
    root = xmlsafe.parse(data, name, SCHEMA)
    if root.tag != "case":
        raise _located(f"expected <case>, found <{root.tag}>", name, root)
    result = _read_tournament(root, path, name)
    wanted = _expected_diagnostics(root, name)
    errors = [d for d in result.diagnostics if d.severity is Severity.ERROR]
    if errors and not any(w.severity == "error" for w in wanted):
        raise InputError(errors)
    _check_list(root, name)
    tournament = result.tournament
    kind = root.findtext("type")
    if kind:
        tournament = tournament.with_type(TournamentType(kind), "file")
    expected, ranks = _expected_values(root, name)
    source = root.find("source")
    assert source is not None
    return Case(
        id=root.get("id", ""),
        path=path,
        source=(source.text or "").strip(),
        source_kind=source.get("kind", ""),
        article=root.findtext("article", "").strip(),
        tournament=tournament,
        edition=root.findtext("edition", "").strip(),
        tiebreaks=root.findtext("tiebreaks", "").strip(),
        expected=expected,
        ranks=ranks,
        options=_options(root, name),
        working=root.findtext("working", "").strip(),
        diagnostics=wanted,
        read_diagnostics=tuple(result.diagnostics),
    )


_CASE = "a conformance case is an XML <case> document (docs/conformance.md)"


def _a_case_document(data: bytes, name: str) -> None:
    """A case file is XML: binary data, or a tournament file given without ``--against``,
    is said to be no case (it was "not well-formed XML: Start tag expected")."""
    if b"\x00" in data and not wide_text(data):
        raise InputError([fatal(name, f"binary data (NUL bytes), not a case file: {_CASE}")])
    if data[:4] in (b"\xff\xfe\x00\x00", b"\x00\x00\xfe\xff") or data[:2] in (
        b"\xff\xfe",
        b"\xfe\xff",
    ):
        return  # UTF-16 or UTF-32 XML: the parser reads its mark
    first = data.lstrip(b"\xef\xbb\xbf \t\r\n")[:1]
    if not first:
        raise InputError([fatal(name, f"the file is empty: {_CASE}")])
    if first != b"<":
        also = (
            "; to compare another program's standings of a tournament file, give "
            "conformance FILE --against RESULTS"
        )
        raise InputError([fatal(name, f"not a case file: {_CASE}{also}", 1, 1)])


def _located(message: str, name: str, element: etree._Element | None) -> InputError:
    """The InputError for *message* at *element*'s line of case file *name*."""
    line = (element.sourceline if element is not None else 0) or 0
    return InputError(
        [Diagnostic(severity=Severity.ERROR, message=message, path=name, line=line, column=1)]
    )


def _read_tournament(root: etree._Element, path: Path, name: str) -> ReadResult:
    """The reader's result for the case's tournament: a file beside the case, or inline."""
    tfile = root.find("tournament-file")
    if tfile is not None:
        beside = path.parent / tfile.get("path", "")
        if not beside.is_file():
            message = f"tournament file '{tfile.get('path')}' not found beside the case"
            raise _located(message, name, tfile)
        return read_trf(beside)
    inline = root.find("tournament")
    assert inline is not None  # the schema requires one of the two
    return read_xml(etree.tostring(inline), name)


def _number(element: etree._Element, attribute: str, high: int, name: str) -> int:
    # Schema-valid numbers may still have any number of leading zeros.
    try:
        return parse_int(element.get(attribute, "0"), attribute, 0, high)
    except NumberError as e:
        raise _located(str(e), name, element) from None


def _expected_diagnostics(root: etree._Element, name: str) -> tuple[ExpectedDiagnostic, ...]:
    return tuple(
        ExpectedDiagnostic(
            severity=d.get("severity", "warning"),
            text=(d.text or "").strip(),
            line=_number(d, "line", 10**9, name),
        )
        for d in root.iterfind("diagnostics/diagnostic")
    )


def _check_list(root: etree._Element, name: str) -> None:
    """The case's tie-break list must parse (whether it is provided is the run's concern)."""
    try:
        parse_list(root.findtext("tiebreaks", ""))
    except CodeError as e:
        raise _located(str(e), name, root.find("tiebreaks")) from None


def _expected_values(
    root: etree._Element, name: str
) -> tuple[dict[int, dict[str, Fraction]], dict[int, int]]:
    """The expected values by participant and code, and the expected ranks."""
    expected: dict[int, dict[str, Fraction]] = {}
    ranks: dict[int, int] = {}
    for p in root.iterfind("expected/participant"):
        pid = _number(p, "id", MAX_PLAYERS, name)
        try:
            expected[pid] = {v.get("code", ""): exact(v.text or "") for v in p.iterfind("value")}
        except NumberError as e:
            raise _located(f"participant {pid}: {e}", name, p) from None
        if p.get("rank"):
            ranks[pid] = _number(p, "rank", MAX_PLAYERS, name)
    return expected, ranks


def _options(root: etree._Element, name: str) -> dict[str, Any]:
    options = {}
    for o in root.iterfind("options/option"):
        try:
            options[o.get("name", "")] = option_value(o.get("value", ""))
        except NumberError as e:
            raise _located(str(e), name, o) from None
    return options
