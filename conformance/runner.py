"""The conformance engine: find cases, run them against a provider, compare, report.

Both doors use it: ``fide-tiebreaks conformance`` and the pytest plugin
(``pytest --tiebreak-conformance``). A case is an XML document (fide-tiebreaks.xsd): a
tournament, an edition, a tie-break list and the values that the FIDE rules give, with the
source of those values; :mod:`.case_file` reads one (``load_case``, re-exported here).
"""

from __future__ import annotations

import warnings
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from pathlib import Path
from typing import NamedTuple

from lxml import etree

from fide_tiebreaks.codes import CodeError, parse_list
from fide_tiebreaks.diagnostics import Diagnostic, InputError, Severity, counted, printable
from fide_tiebreaks.formats import read_trf
from fide_tiebreaks.formats.xml import to_trf
from fide_tiebreaks.host import (
    PluginError,
    PluginFault,
    PluginWarning,
    Registry,
    guarded,
    registry,
    strict_plugins,
)
from fide_tiebreaks.numbers import clip, exact_str
from fide_tiebreaks.results_reader import Results, ResultsError, read_results, value_of
from fide_tiebreaks.standings import Standings, compute_standings

from .case_file import Case, ExpectedDiagnostic, load_case
from .case_file import exact as exact  # public here before case_file.py held it

CASES = Path(__file__).resolve().parent / "cases"


@dataclass(frozen=True)
class Outcome:
    case: str
    status: str  # "passed", "failed", "skipped" or "error"
    messages: tuple[str, ...] = ()
    checks: int = 0


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
