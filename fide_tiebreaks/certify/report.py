"""The certification report: a text summary, and with ``--report DIR`` ``summary.json``,
``junit.xml``, ``report.html`` and one shrunk TRF per discrepancy group under ``cases/``."""

from __future__ import annotations

import html
import json
import re
from collections.abc import Mapping, Sequence
from pathlib import Path
from xml.sax.saxutils import quoteattr

from ..atomic import OutputError, write_atomic
from ..data_classes import dataclass
from ..diagnostics import counted
from ..version import __version__
from .compare import Discrepancy
from .generate import Event, to_trf

# Characters a terminal acts on or XML 1.0 forbids (even escaped), and lone surrogates.
CONTROL = re.compile("[\x00-\x08\x0b-\x1f\x7f-\x9f\ud800-\udfff\ufffe\uffff]")


def printable(text: str) -> str:
    """*text* (a program's output) with control characters shown as ``\\xNN``."""
    return CONTROL.sub(lambda m: f"\\x{ord(m.group()):02x}", text)


@dataclass(frozen=True)
class Group:
    """One discrepancy group (code x edition x Art. 16 category) and its reproduction."""

    code: str
    edition: str
    category: str
    count: int  # discrepant values over the run
    events: int  # events where the group showed
    first_event: int
    example: Event  # the shrunk event (or the original when shrinking was not possible)
    discrepancy: Discrepancy  # as seen on the example
    explanation: str  # our explain of the value, with its articles
    shrunk: bool
    tries: int = 0

    @property
    def slug(self) -> str:
        text = f"{self.code}-{self.edition}-{self.category}"
        return re.sub(r"[^A-Za-z0-9.]+", "-", text).strip("-")


@dataclass(frozen=True)
class Summary:
    program: str
    codes: tuple[str, ...]
    edition: str
    seed: int
    events: int
    compared: int
    discrepancies: int
    seconds: float
    coverage: Mapping[str, int]
    per_code: Mapping[str, int]
    groups: tuple[Group, ...]
    command: str = ""  # what was run: the --program template or the entry point
    program_version: str = ""  # where it can be had ('' : unknown)
    version: str = __version__  # ours

    @property
    def subject(self) -> str:
        """What was certified, in one line: the program, its version and what ran, and
        the fide-tiebreaks version that judged it."""
        version = self.program_version or "version unknown (see --program-version)"
        return f"{self.program} {version} ({self.command}), judged by fide-tiebreaks {self.version}"


def text(s: Summary) -> str:
    out = [
        f"certify {printable(s.subject)}",
        f"{counted(s.events, 'event')} (seed {s.seed}), edition {s.edition}, tie-breaks "
        f"{','.join(s.codes)}",
        f"{counted(s.compared, 'value or order', 'values and orders')} compared in "
        f"{s.seconds:.1f} s",
        "",
        "coverage (result codes, situations, Art. 16 categories and values compared):",
    ]
    for key, n in s.coverage.items():
        out.append(f"  {key:<28} {n:>9}")
    for key, n in s.per_code.items():
        out.append(f"{key}: {n}")
    for g in s.groups:
        d = g.discrepancy
        size = (
            f"{counted(g.example.size, 'participant')} x {counted(g.example.round_count, 'round')}"
        )
        out += [
            "",
            f"{g.code} ({g.edition}, {g.category}): {_discrepancies(g.count)} in "
            f"{counted(g.events, 'event')}; {'shrunk' if g.shrunk else 'not shrunk'} to {size}",
            f"  participant {d.participant}: ours {d.ours or '-'}, theirs "
            f"{d.theirs or '-'}{'; ' + d.detail if d.detail else ''}",
        ]
        out += ["  " + line for line in to_trf(g.example).splitlines()]
        if g.explanation:
            out += ["  our explanation:"] + ["    " + x for x in g.explanation.splitlines()]
    out += ["", last_line(s)]
    return "\n".join(out) + "\n"


def _discrepancies(n: int) -> str:
    return counted(n, "discrepancy", "discrepancies")


def last_line(s: Summary) -> str:
    """The verdict the text report ends with: 'N events, M discrepancies'."""
    return f"{counted(s.events, 'event')}, {_discrepancies(s.discrepancies)}"


def write(s: Summary, folder: Path) -> None:
    """summary.json, junit.xml, report.html and cases/<group>.trf in *folder*."""
    folder.mkdir(parents=True, exist_ok=True)
    if (folder / "cases").is_symlink():  # its files would land outside the report folder
        raise OutputError(f"cannot write {folder / 'cases'}: it is a symbolic link")
    (folder / "cases").mkdir(exist_ok=True)
    groups = []
    for g in s.groups:
        path = f"cases/{g.slug}.trf"
        write_atomic(folder / path, to_trf(g.example).encode())
        d = g.discrepancy
        groups.append(
            {
                "code": g.code,
                "edition": g.edition,
                "category": g.category,
                "count": g.count,
                "events": g.events,
                "first_event": g.first_event,
                "example": path,
                "participants": g.example.size,
                "rounds": g.example.round_count,
                "participant": d.participant,
                "ours": d.ours,
                "theirs": d.theirs,
                "detail": d.detail,
                "shrunk": g.shrunk,
                "explanation": g.explanation,
            }
        )
    doc = {
        "program": s.program,
        "program_version": s.program_version or None,
        "command": s.command,
        "fide_tiebreaks_version": s.version,
        "tiebreaks": list(s.codes),
        "edition": s.edition,
        "seed": s.seed,
        "events": s.events,
        "compared": s.compared,
        "discrepancies": s.discrepancies,
        "seconds": round(s.seconds, 3),
        "coverage": dict(s.coverage),
        "per_code": dict(s.per_code),
        "groups": groups,
    }
    write_atomic(folder / "summary.json", (json.dumps(doc, indent=1) + "\n").encode())
    write_atomic(folder / "junit.xml", junit(s))
    write_atomic(folder / "report.html", page(s).encode())


def junit(s: Summary) -> bytes:
    """One test case per code of the list (failed when a group of that code exists) and one
    per discrepancy group."""
    cases = []
    bad = {g.code for g in s.groups}
    for code in s.codes:
        body = '<failure message="discrepancies"/>' if code in bad else ""
        cases.append(
            f'<testcase classname="certify.{s.edition}" name={quoteattr(code)}>{body}</testcase>'
        )
    for g in s.groups:
        d = g.discrepancy
        message = (
            f"{_discrepancies(g.count)}; participant {d.participant}: ours {d.ours}, "
            f"theirs {d.theirs}; example cases/{g.slug}.trf"
        )
        cases.append(
            f'<testcase classname="certify.{s.edition}.{g.code}" '
            f"name={quoteattr(g.category)}><failure message={quoteattr(message)}>"
            f"{html.escape(to_trf(g.example))}</failure></testcase>"
        )
    failures = len(bad & set(s.codes)) + len(s.groups)
    head = (
        f'<testsuite name={quoteattr("certify " + s.program)} tests="{len(cases)}" '
        f'failures="{failures}" time="{s.seconds:.3f}"><properties>'
        + "".join(
            f"<property name={quoteattr(k)} value={quoteattr(printable(v))}/>"
            for k, v in (
                ("program", s.program),
                ("program_version", s.program_version),
                ("command", s.command),
                ("fide_tiebreaks_version", s.version),
            )
        )
        + "</properties>"
    )
    return (
        '<?xml version="1.0" encoding="UTF-8"?>\n<testsuites>'
        + head
        + "".join(cases)
        + "</testsuite></testsuites>\n"
    ).encode()


def page(s: Summary) -> str:
    """A self-contained HTML report (no scripts, no external files)."""
    e = html.escape
    rows = "".join(f"<tr><td>{e(k)}</td><td>{n}</td></tr>" for k, n in s.coverage.items())
    parts = [
        f'<!doctype html><html lang="en"><head><meta charset="utf-8"><title>certify '
        f"{e(s.program)}</title><style>body{{font-family:sans-serif;margin:2em}}"
        f"td,th{{border:1px solid #ccc;padding:2px 6px}}table{{border-collapse:collapse}}"
        f"pre{{background:#f6f6f6;padding:8px;overflow-x:auto}}.bad{{color:#a00}}"
        f"</style></head><body><h1>certify {e(s.program)}</h1>"
        f"<p>Certified: {e(printable(s.subject))}.</p>",
        f"<p>{counted(s.events, 'event')} (seed {s.seed}), edition {e(s.edition)}, "
        f"tie-breaks {e(','.join(s.codes))}; "
        f"{counted(s.compared, 'value or order', 'values and orders')} compared in "
        f"{s.seconds:.1f} s.</p>",
        f'<p class="{"bad" if s.discrepancies else ""}"><b>{e(last_line(s))}</b> in '
        f"{counted(len(s.groups), 'group')}.</p>",
    ]
    if s.groups:
        parts.append(
            "<table><tr><th>code</th><th>edition</th><th>category</th>"
            "<th>count</th><th>example</th><th>ours</th><th>theirs</th></tr>"
        )
        for g in s.groups:
            d = g.discrepancy
            parts.append(
                f'<tr><td><a href="#{e(g.slug)}">{e(g.code)}</a></td>'
                f"<td>{e(g.edition)}</td><td>{e(g.category)}</td><td>{g.count}</td>"
                f"<td>{g.example.size} x {g.example.round_count}</td>"
                f"<td>{e(d.ours or '-')}</td><td>{e(d.theirs or '-')}</td></tr>"
            )
        parts.append("</table>")
        for g in s.groups:
            d = g.discrepancy
            parts.append(
                f'<h2 id="{e(g.slug)}">{e(g.code)}, {e(g.edition)}, '
                f"{e(g.category)}</h2><p>participant {d.participant}: ours "
                f"<b>{e(d.ours or '-')}</b>, theirs <b>{e(d.theirs or '-')}</b>"
                f"{'; ' + e(d.detail) if d.detail else ''}. Reproduction "
                f"(cases/{e(g.slug)}.trf):</p><pre>{e(to_trf(g.example))}</pre>"
            )
            if g.explanation:
                parts.append(f"<p>Our value, explained:</p><pre>{e(g.explanation)}</pre>")
    parts.append(f"<h2>Coverage</h2><table>{rows}</table></body></html>\n")
    return "".join(parts)


def explanation(
    trf: str, codes: Sequence[str], edition: str, d: Discrepancy, options: Mapping[str, str]
) -> str:
    """Our ``explain`` of the discrepant value, for the participant on the example."""
    if not d.participant:
        return ""
    from ..explain import explain, render_text
    from ..formats.trf.reader import parse_trf
    from .adapters import our_options

    t = parse_trf(trf.encode()).tournament
    try:
        standings, items = explain(
            t, d.participant, list(codes), edition, options=our_options(options)
        )
    except Exception as e:  # explaining is a courtesy: never lose the report over it
        return f"(no explanation: {e})"
    wanted = [x for x in items if x.code == d.code] or items
    return render_text(standings, d.participant, wanted).rstrip()
