"""The conformance engine: load cases, run them against a provider, compare, report.

Both doors use it: ``fide-tiebreaks conformance`` and the pytest plugin
(``pytest --tiebreak-conformance``). A case is an XML document (fide-tiebreaks.xsd): a
tournament, an edition, a tie-break list and the values that the FIDE rules give, with the
source of those values.
"""

from __future__ import annotations

import csv
import io
import json
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from pathlib import Path
from typing import Any

from lxml import etree

from fide_tiebreaks.codes import CodeError, parse_list
from fide_tiebreaks.diagnostics import Diagnostic, InputError, Severity
from fide_tiebreaks.formats import read_trf, xmlsafe
from fide_tiebreaks.formats.xml import SCHEMA, read_xml, to_trf
from fide_tiebreaks.host import PluginError, Registry, registry
from fide_tiebreaks.model import Tournament, TournamentType
from fide_tiebreaks.numbers import exact_str, parse_decimal
from fide_tiebreaks.standings import compute_standings
from fide_tiebreaks.tiebreak import option_value

CASES = Path(__file__).resolve().parent / "cases"


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


@dataclass(frozen=True)
class Outcome:
    case: str
    status: str  # "passed", "failed", "skipped" or "error"
    messages: tuple[str, ...] = ()
    checks: int = 0


def exact(text: str) -> Fraction:
    """'11.5' or '40/3' as a Fraction."""
    if "/" in text:
        num, den = text.split("/")
        return Fraction(int(num), int(den))
    value = parse_decimal(text)
    if value is None:
        raise ValueError(f"'{text}' is not an exact number")
    return value


def load_case(path: Path) -> Case:
    """Read and validate one case file; InputError with located messages when it is bad."""
    name = str(path)
    root = xmlsafe.parse(path.read_bytes(), name, SCHEMA)
    if root.tag != "case":
        raise InputError([Diagnostic(Severity.ERROR, f"expected <case>, found <{root.tag}>",
                                     name, root.sourceline or 0, 1)])  # fmt: skip
    tfile = root.find("tournament-file")
    if tfile is not None:
        beside = path.parent / tfile.get("path", "")
        if not beside.is_file():
            raise InputError([Diagnostic(Severity.ERROR, f"tournament file '{tfile.get('path')}' "
                                         f"not found beside the case", name,
                                         tfile.sourceline or 0, 1)])  # fmt: skip
        result = read_trf(beside)
    else:
        inline = root.find("tournament")
        assert inline is not None  # the schema requires one of the two
        result = read_xml(etree.tostring(inline), name)
    wanted = tuple(
        ExpectedDiagnostic(d.get("severity", "warning"), (d.text or "").strip(),
                           int(d.get("line", "0")))
        for d in root.iterfind("diagnostics/diagnostic")
    )  # fmt: skip
    errors = [d for d in result.diagnostics if d.severity is Severity.ERROR]
    if errors and not any(w.severity == "error" for w in wanted):
        raise InputError(errors)
    tournament = result.tournament
    listed = root.find("tiebreaks")
    try:
        parse_list(root.findtext("tiebreaks", ""))
    except CodeError as e:
        line = listed.sourceline if listed is not None else 0
        raise InputError([Diagnostic(Severity.ERROR, str(e), name, line or 0, 1)]) from None
    kind = root.findtext("type")
    if kind:
        tournament = tournament.with_type(TournamentType(kind), "file")
    expected: dict[int, dict[str, Fraction]] = {}
    ranks: dict[int, int] = {}
    for p in root.iterfind("expected/participant"):
        pid = int(p.get("id", "0"))
        expected[pid] = {v.get("code", ""): exact(v.text or "") for v in p.iterfind("value")}
        if p.get("rank"):
            ranks[pid] = int(p.get("rank", "0"))
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
        options={
            o.get("name", ""): option_value(o.get("value", ""))
            for o in root.iterfind("options/option")
        },
        working=root.findtext("working", "").strip(),
        diagnostics=wanted,
        read_diagnostics=tuple(result.diagnostics),
    )


def fixture_dirs(reg: Registry | None = None) -> list[Path]:
    """The bundled cases, then those plugins ship (``fide_tiebreaks_add_fixture_dirs``)."""
    reg = reg or registry()
    dirs = [CASES]
    for extra in reg.manager.hook.fide_tiebreaks_add_fixture_dirs():
        dirs.extend(Path(d) for d in (extra or ()))
    return dirs


def case_files(paths: Iterable[Path]) -> list[Path]:
    out: list[Path] = []
    for path in paths:
        out.extend(sorted(path.rglob("*.xml")) if path.is_dir() else [path])
    return out


def run_case(case: Case, provider: str | None = None, reg: Registry | None = None) -> Outcome:
    """Compute the case's list with *provider* (a plugin name; default: whoever provides
    each code) and compare every expected value and rank."""
    reg = reg or registry()
    specs = parse_list(case.tiebreaks)
    providers: dict[str, str] = {}
    if provider:
        for spec in specs:
            offered = [tb for tb in reg.tiebreaks.get(spec.name.upper(), [])
                       if tb.provider == provider]  # fmt: skip
            if not offered:
                return Outcome(case.id, "skipped", (f"{provider} does not provide {spec.name}",))
            providers[spec.name] = provider
    try:
        s = compute_standings(case.tournament, case.tiebreaks, case.edition,
                              providers=providers, options=case.options, reg=reg,
                              strict=True)  # fmt: skip
    except (CodeError, PluginError) as e:
        return Outcome(case.id, "error", (str(e),))
    problems = []
    checks = 0
    cite = f"edition {case.edition}, {case.article}"
    for pid, values in sorted(case.expected.items()):
        for code, want in values.items():
            checks += 1
            try:
                found = s.values(code).get(pid)
            except ValueError:
                problems.append(f"{code} is not in the case's list {case.tiebreaks}")
                continue
            if found != want:
                got = "nothing" if found is None else exact_str(found)
                problems.append(f"participant {pid} {code}: expected {exact_str(want)}, found "
                                f"{got} ({cite})")  # fmt: skip
    reported = case.read_diagnostics + tuple(s.diagnostics)
    for want in case.diagnostics:
        checks += 1
        if not any(d.severity.name.lower() == want.severity and want.text in d.message
                   and want.line in (0, d.line) for d in reported):  # fmt: skip
            at = f" at line {want.line}" if want.line else ""
            problems.append(
                f"expected a {want.severity}{at} containing '{want.text}'; reported: "
                + ("; ".join(str(d) for d in reported) or "nothing")
            )
    places = {row.participant.id: row.rank for row in s.rows}
    for pid, rank in sorted(case.ranks.items()):
        checks += 1
        if places.get(pid) != rank:
            problems.append(f"participant {pid}: expected rank {rank}, found {places.get(pid)} "
                            f"({cite})")  # fmt: skip
    return Outcome(case.id, "failed" if problems else "passed", tuple(problems), checks)


def run(paths: Sequence[Path] | None = None, provider: str | None = None,
        reg: Registry | None = None) -> list[Outcome]:  # fmt: skip
    outcomes = []
    for path in case_files(paths or fixture_dirs(reg)):
        try:
            case = load_case(path)
        except InputError as e:
            outcomes.append(Outcome(path.stem, "error", tuple(str(d) for d in e.diagnostics)))
            continue
        outcomes.append(run_case(case, provider, reg))
    return outcomes


# -- another program's standings -------------------------------------------------------------
Results = tuple[dict[int, dict[str, str]], dict[int, int], list[str]]


def read_results(path: Path, codes: Sequence[str] | None, t: Tournament) -> Results:
    """Another program's standings of *t*: CSV (a start_rank, team or name column and one
    column per code; ``,``, ``;`` or tab separated), JSON (our shape: standings with
    tiebreaks), or TRF (the rank column gives the order). Returns values by participant and
    code, ranks, and the codes found. Raises ValueError, with the line, on what it cannot
    read."""
    data = path.read_bytes()
    text = data.decode("utf-8-sig", errors="replace")
    if path.suffix.lower() == ".json" or text.lstrip().startswith(("{", "[")):
        doc = json.loads(text)
        rows = doc["standings"] if isinstance(doc, dict) else doc
        values, ranks = {}, {}
        for row in rows:
            pid = int(row.get("start_rank") or row.get("team") or 0)
            values[pid] = {k: str(v) for k, v in (row.get("tiebreaks") or {}).items()}
            if row.get("rank") is not None:
                ranks[pid] = int(row["rank"])
        found = sorted({k for v in values.values() for k in v})
        return values, ranks, list(codes or found)
    if path.suffix.lower() in (".trf", ".txt") or text.startswith(("012", "001")):
        theirs = read_trf(path).tournament
        ranks = {p.id: p.declared_rank for p in theirs.participants if p.declared_rank}
        if theirs.team is not None:
            ranks = {tm.id: tm.declared_rank for tm in theirs.team.teams if tm.declared_rank}
        found = list(theirs.declared_standings[1:] or theirs.declared_tiebreaks)
        return {}, ranks, list(codes or found)
    first = text.split("\n", 1)[0]
    delimiter = max(",;\t", key=first.count)
    reader = csv.DictReader(io.StringIO(text), delimiter=delimiter)
    key = next((k for k in ("start_rank", "team", "name") if k in (reader.fieldnames or [])),
               None)  # fmt: skip
    if key is None:
        raise ValueError(f"{path}:1: CSV needs a start_rank, team or name column")
    by_name = {p.name.strip().casefold(): p.id for p in t.participants}
    skip = {"start_rank", "team", "name", "rank", "points", "fide_id", "federation", "rating",
            "match_points", "game_points"}  # fmt: skip
    values, ranks = {}, {}
    for line, row in enumerate(reader, start=2):
        who = (row.get(key) or "").strip()
        pid = by_name.get(who.casefold(), 0) if key == "name" else _int(who)
        if not pid:
            raise ValueError(f"{path}:{line}: {key} '{who}' is not a participant of the tournament")
        values[pid] = {k: v.strip().replace(",", ".") for k, v in row.items()
                       if k not in skip and k is not None and v not in (None, "")}  # fmt: skip
        if (row.get("rank") or "").strip():
            if not _int(row["rank"].strip()):
                raise ValueError(f"{path}:{line}: rank '{row['rank']}' is not a number")
            ranks[pid] = _int(row["rank"].strip())
    found = [c for c in (reader.fieldnames or []) if c not in skip]
    return values, ranks, list(codes or found)


def _int(text: str) -> int:
    return int(text) if text.isascii() and text.isdigit() else 0


def against(tournament: Path, results: Path, codes: Sequence[str] | None, edition: str | None,
            reg: Registry | None = None) -> list[Outcome]:  # fmt: skip
    """Judge another program's exported standings of *tournament*."""
    read = read_trf(tournament)
    errors = [d for d in read.diagnostics if d.severity is Severity.ERROR]
    if errors:
        raise InputError(errors)
    t = read.tournament
    theirs, ranks, wanted = read_results(results, codes, t)
    s = compute_standings(t, ",".join(wanted), edition, reg=reg, strict=True)
    outcomes = []
    for code, key in zip(wanted, s.codes, strict=True):
        ours = s.values(key)
        problems = []
        for pid, row in sorted(theirs.items()):
            if code not in row:
                continue
            value = ours.get(pid)
            try:
                same = value is not None and exact(row[code].strip()) == value
            except ValueError:
                same = False
            if not same:
                shown = "nothing" if value is None else exact_str(value)
                problems.append(f"participant {pid} {code}: rules give {shown}, {results.name} "
                                f"has {row[code]} (edition {s.edition.name})")  # fmt: skip
        outcomes.append(Outcome(f"{results.name}:{code}", "failed" if problems else "passed",
                                tuple(problems), len(theirs)))  # fmt: skip
    if ranks:
        places = {row.participant.id: row.rank for row in s.rows}
        problems = [f"participant {pid}: rules rank it {places.get(pid)}, {results.name} ranks "
                    f"it {rank}" for pid, rank in sorted(ranks.items())
                    if places.get(pid) != rank]  # fmt: skip
        outcomes.append(Outcome(f"{results.name}:ranks", "failed" if problems else "passed",
                                tuple(problems), len(ranks)))  # fmt: skip
    return outcomes


# -- reports ------------------------------------------------------------------------------
def summary(outcomes: Sequence[Outcome]) -> str:
    passed = sum(o.status == "passed" for o in outcomes)
    failed = sum(o.status in ("failed", "error") for o in outcomes)
    skipped = sum(o.status == "skipped" for o in outcomes)
    return f"{passed} passed, {failed} failed" + (f", {skipped} skipped" if skipped else "")


def report(outcomes: Sequence[Outcome], verbose: bool = False) -> str:
    lines = []
    for o in outcomes:
        if o.status == "passed" and not verbose:
            continue
        lines.append(f"{o.status.upper()}: {o.case}" + (f" ({o.checks} values)" if o.checks
                                                          else ""))  # fmt: skip
        lines.extend(f"  {m}" for m in o.messages)
    lines.append(summary(outcomes))
    return "\n".join(lines) + "\n"


def junit(outcomes: Sequence[Outcome]) -> bytes:
    """The report as JUnit XML, for CI systems."""
    suite = etree.Element("testsuite", name="fide-tiebreaks conformance", tests=str(len(outcomes)),
                          failures=str(sum(o.status == "failed" for o in outcomes)),
                          errors=str(sum(o.status == "error" for o in outcomes)),
                          skipped=str(sum(o.status == "skipped" for o in outcomes)))  # fmt: skip
    for o in outcomes:
        case = etree.SubElement(suite, "testcase", classname="conformance", name=o.case)
        if o.status in ("failed", "error"):
            tag = "failure" if o.status == "failed" else "error"
            etree.SubElement(case, tag, message=o.messages[0] if o.messages else o.status).text = (
                "\n".join(o.messages))  # fmt: skip
        elif o.status == "skipped":
            etree.SubElement(case, "skipped", message="; ".join(o.messages))
    return etree.tostring(suite, xml_declaration=True, encoding="UTF-8", pretty_print=True)


__all__ = ["Case", "Outcome", "against", "case_files", "fixture_dirs", "junit", "load_case",
           "report", "run", "run_case", "summary", "to_trf"]  # fmt: skip
