"""The conformance engine: load cases, run them against a provider, compare, report.

Both doors use it: ``fide-tiebreaks conformance`` and the pytest plugin
(``pytest --tiebreak-conformance``). A case is an XML document (fide-tiebreaks.xsd): a
tournament, an edition, a tie-break list and the values that the FIDE rules give, with the
source of those values.
"""

from __future__ import annotations

import warnings
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from pathlib import Path
from typing import Any, NamedTuple

from lxml import etree

from fide_tiebreaks.codes import CodeError, parse_list
from fide_tiebreaks.diagnostics import Diagnostic, InputError, Severity, counted, printable
from fide_tiebreaks.formats import read_trf, xmlsafe
from fide_tiebreaks.formats.base import ReadResult, fatal, read_bytes, wide_text
from fide_tiebreaks.formats.trf.state import MAX_PLAYERS
from fide_tiebreaks.formats.xml import SCHEMA, read_xml, to_trf
from fide_tiebreaks.host import (
    PluginError,
    PluginFault,
    PluginWarning,
    Registry,
    guarded,
    registry,
    strict_plugins,
)
from fide_tiebreaks.model import Tournament, TournamentType
from fide_tiebreaks.numbers import NumberError, clip, exact_str, parse_exact, parse_int
from fide_tiebreaks.results_reader import Results, ResultsError, read_results, value_of
from fide_tiebreaks.standings import Standings, compute_standings
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


def fixture_dirs(reg: Registry | None = None) -> list[Path]:
    """The bundled cases, then those plugins ship (``fide_tiebreaks_add_fixture_dirs``)."""
    reg = reg or registry()
    dirs = [CASES]
    # In pluggy's call order (last registered first), each plugin guarded on its own.
    for impl in reversed(reg.manager.hook.fide_tiebreaks_add_fixture_dirs.get_hookimpls()):
        try:
            with guarded(f"plugin '{impl.plugin_name}'", " in fide_tiebreaks_add_fixture_dirs"):
                extra = [Path(d) for d in (impl.function() or ())]
        except PluginFault as e:
            if strict_plugins():
                raise
            warnings.warn(f"{e}; its cases are left out", PluginWarning, stacklevel=2)
            continue
        dirs.extend(extra)
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
            offered = [
                tb for tb in reg.tiebreaks.get(spec.name.upper(), []) if tb.provider == provider
            ]
            if not offered:
                return Outcome(case.id, "skipped", (f"{provider} does not provide {spec.name}",))
            providers[spec.name] = provider
    try:
        s = compute_standings(
            case.tournament,
            case.tiebreaks,
            case.edition,
            providers=providers,
            options=case.options,
            reg=reg,
            strict=True,
        )
    except (CodeError, PluginError) as e:
        return Outcome(case.id, "error", (str(e),))
    judged = [_judge_values(case, s), _judge_diagnostics(case, s), _judge_case_ranks(case, s)]
    checks = sum(j.checks for j in judged)
    problems = [p for j in judged for p in j.problems]
    if not checks:  # a check that compares nothing must not pass
        message = "the case compares nothing: no expected value, rank or diagnostic"
        return Outcome(case.id, "error", (message,))
    return Outcome(
        case=case.id,
        status="failed" if problems else "passed",
        messages=tuple(problems),
        checks=checks,
    )


class _Judged(NamedTuple):
    """What one kind of comparison of a case found: how many checks, and the problems."""

    checks: int
    problems: list[str]


def _judge_values(case: Case, s: Standings) -> _Judged:
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
                problems.append(
                    f"participant {pid} {code}: expected {exact_str(want)}, found {got} ({cite})"
                )
    return _Judged(checks, problems)


def _judge_diagnostics(case: Case, s: Standings) -> _Judged:
    reported = case.read_diagnostics + tuple(s.diagnostics)
    problems = []
    for want in case.diagnostics:
        if not any(_matches(want, d) for d in reported):
            at = f" at line {want.line}" if want.line else ""
            problems.append(
                f"expected a {want.severity}{at} containing '{want.text}'; reported: "
                + ("; ".join(str(d) for d in reported) or "nothing")
            )
    return _Judged(len(case.diagnostics), problems)


def _matches(want: ExpectedDiagnostic, d: Diagnostic) -> bool:
    return (
        d.severity.name.lower() == want.severity
        and want.text in d.message
        and want.line in (0, d.line)
    )


def _judge_case_ranks(case: Case, s: Standings) -> _Judged:
    cite = f"edition {case.edition}, {case.article}"
    places = {row.participant.id: row.rank for row in s.rows}
    problems = [
        f"participant {pid}: expected rank {rank}, found {places.get(pid)} ({cite})"
        for pid, rank in sorted(case.ranks.items())
        if places.get(pid) != rank
    ]
    return _Judged(len(case.ranks), problems)


def compared(outcomes: Sequence[Outcome]) -> int:
    """How many values, ranks and diagnostics the outcomes compared (0: the run checked
    nothing, which the command refuses unless asked with --allow-empty)."""
    return sum(o.checks for o in outcomes if o.status in ("passed", "failed"))


def check_provider(provider: str | None, reg: Registry | None = None) -> None:
    """ValueError (a usage error) when *provider* names no installed plugin."""
    reg = reg or registry()
    names = [p.name for p in reg.providers]
    if provider is not None and provider not in names:
        raise ValueError(
            f"no installed plugin is called '{provider}' (installed: "
            f"{', '.join(names)}; see 'fide-tiebreaks plugins')"
        )


def run(
    paths: Sequence[Path] | None = None, provider: str | None = None, reg: Registry | None = None
) -> list[Outcome]:
    check_provider(provider, reg)
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
# Read by the reader certify uses too (fide_tiebreaks.results_reader): one set of checks.


def against(
    tournament: Path,
    results: Path,
    codes: Sequence[str] | None,
    edition: str | None,
    reg: Registry | None = None,
) -> list[Outcome]:
    """Judge another program's exported standings of *tournament*. The edition is *edition*,
    else the one *results* records (our JSON does), else the one in force at the end date.
    Columns that are not tie-break codes (``adjusted_score``) are skipped with a note unless
    *codes* names them; so are the codes the file has but *codes* does not name. Raises
    ValueError (:class:`ResultsError`) for a file the reader refuses."""
    reg = reg or registry()
    read = read_trf(tournament)
    errors = [d for d in read.diagnostics if d.severity is Severity.ERROR]
    if errors:
        raise InputError(errors)
    t = read.tournament
    theirs = read_results(results, codes, t, lambda c: _is_code(c, reg))
    outcomes = [
        Outcome(
            f"{results.name}:{code}",
            "skipped",
            (f"not in the list asked for ({', '.join(theirs.codes)}); column not compared",),
        )
        for code in theirs.unasked
    ]
    wanted = []
    for code in theirs.codes:
        if code.strip().upper() == "PTS":  # the points: compute_standings drops it from a list
            note = "the points (PTS), not a tie-break; column ignored"
            outcomes.append(Outcome(f"{results.name}:{code}", "skipped", (note,)))
            continue
        if not theirs.explicit and not _is_code(code, reg):
            outcomes.append(
                Outcome(
                    f"{results.name}:{code}", "skipped", ("not a tie-break code; column ignored",)
                )
            )
            continue
        wanted.append(code)
    # Ranks alone (no code to compare) are judged on the event's own list, as standings
    # ranks it: an empty list would share every place and fail a correct file.
    s = compute_standings(
        t, ",".join(wanted) or None, edition or theirs.edition, reg=reg, strict=True
    )
    # A TRF export carries ranks alone: -t (or its 202/212 list) says how to rank, and no
    # value of a code is missing from it.
    compared = [] if theirs.ranks_only else wanted
    for code, key in zip(compared, s.codes if compared else (), strict=True):
        outcomes.append(_judge_code(code, s.values(key), theirs, results.name, s.edition.name))
    if theirs.ranks:
        outcomes.append(_judge_ranks(s, theirs, results.name))
    return outcomes


def _judge_code(
    code: str, ours: Mapping[int, Fraction | None], theirs: Results, name: str, edition: str
) -> Outcome:
    """One column: each participant's printed value against the rules' (no value printed
    where the rules give one is a finding too, once the column has any value)."""
    rows = {pid: row[code] for pid, row in sorted(theirs.values.items()) if code in row}
    if all(v is None for v in rows.values()):  # asked for with -t, it must be there
        return Outcome(
            f"{name}:{code}",
            "failed" if theirs.explicit else "skipped",
            (f"{name} has no {code} values",),
        )
    problems = []
    for pid, text in rows.items():
        value = ours.get(pid)
        try:
            same = value_of(text) == value
            shown = "no value" if text is None else clip(text)
        except ValueError:
            same, shown = False, f"'{clip(str(text))}', which is not an exact number"
        if not same:
            rules = "nothing" if value is None else exact_str(value)
            problems.append(
                f"participant {pid} {code}: rules give {rules}, {name} has "
                f"{shown} (edition {edition})"
            )
    return Outcome(
        case=f"{name}:{code}",
        status="failed" if problems else "passed",
        messages=tuple(problems),
        checks=len(rows),
    )


def _judge_ranks(s: Standings, theirs: Results, name: str) -> Outcome:
    places = {row.participant.id: row.rank for row in s.rows}
    used = f"tie-breaks {', '.join(s.codes) or 'none'}, edition {s.edition.name}"
    problems = [
        f"participant {pid}: rules rank it {places.get(pid)}, {name} ranks it {rank} ({used})"
        for pid, rank in sorted(theirs.ranks.items())
        if places.get(pid) != rank
    ]
    return Outcome(
        case=f"{name}:ranks",
        status="failed" if problems else "passed",
        messages=tuple(problems),
        checks=len(theirs.ranks),
    )


def _is_code(column: str, reg: Registry) -> bool:
    """Whether a column heading is a tie-break code some installed plugin provides."""
    try:
        return all(reg.tiebreaks.get(spec.name.upper()) for spec in parse_list(column))
    except CodeError:
        return False


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
        checked = f" ({counted(o.checks, 'value')})" if o.checks else ""
        lines.append(f"{o.status.upper()}: {o.case}{checked}")
        lines.extend(f"  {m}" for m in o.messages)
    lines.append(summary(outcomes))
    return "\n".join(lines) + "\n"


def junit(outcomes: Sequence[Outcome]) -> bytes:
    """The report as JUnit XML, for CI systems."""
    suite = etree.Element(
        "testsuite",
        name="fide-tiebreaks conformance",
        tests=str(len(outcomes)),
        failures=str(sum(o.status == "failed" for o in outcomes)),
        errors=str(sum(o.status == "error" for o in outcomes)),
        skipped=str(sum(o.status == "skipped" for o in outcomes)),
    )

    def text(s: str) -> str:  # XML holds no control character and no lone surrogate
        return printable(s, lines=True)

    for o in outcomes:
        case = etree.SubElement(suite, "testcase", classname="conformance", name=text(o.case))
        messages = [text(m) for m in o.messages]
        if o.status in ("failed", "error"):
            tag = "failure" if o.status == "failed" else "error"
            etree.SubElement(
                case, tag, message=messages[0] if messages else o.status
            ).text = "\n".join(messages)
        elif o.status == "skipped":
            etree.SubElement(case, "skipped", message="; ".join(messages))
    return etree.tostring(suite, xml_declaration=True, encoding="UTF-8", pretty_print=True)


__all__ = [
    "Case",
    "Outcome",
    "Results",
    "ResultsError",
    "against",
    "case_files",
    "check_provider",
    "compared",
    "fixture_dirs",
    "junit",
    "load_case",
    "read_results",
    "report",
    "run",
    "run_case",
    "summary",
    "to_trf",
]
