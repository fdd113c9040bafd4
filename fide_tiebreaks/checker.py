"""The standings checker (the endorsement's PTC): does each declared rank follow the file's
own tie-break list?

A file's declared ranks (TRF columns 86-89, team ranks in ``310``) are read as an order.
Each pair of neighbours in that order is compared on points and then on the file's list
(C.07 4.2): the first criterion on which they differ decides, and a pair placed against it,
or declared equal where it separates them, is a violation naming that code, both values and
its article. Participants the whole list leaves tied may stand in any order (4.2 ends with
drawing lots), so only a declared tie that the list breaks is wrong there.

A list naming a code no installed plugin knows is checked up to that code: pairs the known
codes before it decide are checked, pairs they leave tied are counted as not verifiable,
and the unknown codes are named.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import asdict, field
from fractions import Fraction
from itertools import pairwise
from typing import Literal

from .codes import CodeError, parse_list
from .data_classes import NamedTuple, dataclass
from .diagnostics import InputError, Severity
from .formats.base import read_bytes
from .host import PluginError, registry
from .model import Tournament
from .numbers import exact_str
from .standings import Row, Standings, compute_standings

POINTS = "PTS"
POINTS_ARTICLE = "C.07 4.2 (points first)"


@dataclass(frozen=True)
class Violation:
    """A declared rank that the list contradicts: *better* should rank before *worse*
    (``kind`` "order"), or the two are declared equal where *code* separates them ("tie"),
    or a rank number is not the competition rank of its position ("number")."""

    kind: str
    position: int  # the declared rank found wrong
    better: int  # start rank (team number) of the participant the list puts first
    worse: int
    better_rank: int  # their declared ranks
    worse_rank: int
    code: str  # the deciding criterion: PTS or a code of the list
    better_value: str
    worse_value: str
    article: str


class Decided(NamedTuple):
    """Which of two rows the list puts first, and on which criterion: *first* is -1 for the
    first row given, 1 for the second; *level* 0 is points, *k* the k-th code of the list."""

    first: Literal[-1, 1]
    level: int


class Criterion(NamedTuple):
    """What decided a pair: the code (PTS or a code of the list), both values shown exactly,
    and the article that makes it a criterion."""

    code: str
    better_value: str
    worse_value: str
    article: str


class Compared(NamedTuple):
    """What :func:`violations` found: the violations, the neighbouring pairs compared, and the
    pairs the whole list leaves tied (the caller counts those as unverifiable when the list
    names codes no plugin knows)."""

    found: list[Violation]
    pairs: int
    tied: int


@dataclass(frozen=True)
class FileCheck:
    """One file. status: "conforms", "violations", "incomplete" (no violation, but some
    pairs reach a code no plugin knows), "unchecked" (no declared ranks) or "unreadable"."""

    file: str
    status: str
    participants: int = 0
    edition: str = ""
    tiebreaks: tuple[str, ...] = ()
    unknown: tuple[str, ...] = ()  # codes of the file's list that no plugin provides
    pairs: int = 0  # neighbouring pairs compared
    unverified: int = 0  # pairs tied on every known code before an unknown one
    violations: tuple[Violation, ...] = ()
    messages: tuple[str, ...] = field(default_factory=tuple)


def _usable(item: str) -> str | None:
    """The canonical code of one item of the file's list, or None when no installed plugin
    provides it as written (an unknown name, a modifier the code does not take, bad syntax)."""
    try:
        specs = parse_list([item])
    except CodeError:
        return None
    if not specs:
        return ""  # PTS: points always rank first
    spec = specs[0]
    candidates = registry().tiebreaks.get(spec.name.upper(), [])
    if not candidates or spec.modifiers - candidates[0].modifiers:
        return None
    return spec.code


def _known_prefix(items: Sequence[str]) -> tuple[list[str], list[str]]:
    """The codes before the first unknown one, and every unknown item of the list."""
    known: list[str] = []
    unknown: list[str] = []
    for item in items:
        code = _usable(item)
        if code is None:
            unknown.append(item.strip())
        elif code and not unknown:
            known.append(code)
    return known, unknown


def _file_list(t: Tournament) -> list[str]:
    return list(t.declared_tiebreaks or t.declared_standings)


def _declared(t: Tournament) -> dict[int, int]:
    if t.team is not None:
        return {tm.id: tm.declared_rank for tm in t.team.teams if tm.declared_rank}
    return {p.id: p.declared_rank for p in t.participants if p.declared_rank}


def _show(v: Fraction | None) -> str:
    """Exact: a decimal where it terminates, else a fraction (AOB may be 31/3)."""
    return "-" if v is None else exact_str(v)


def decide(s: Standings, a: Row, b: Row) -> Decided | None:
    """Which of *a*, *b* the list puts first, and at which level (C.07 4.2: points, then the
    codes in order); None when the whole list ties them."""
    if a.participant.points != b.participant.points:
        return Decided(first=-1 if a.participant.points > b.participant.points else 1, level=0)
    for k, (spec, tb) in enumerate(zip(s.specs, s.tiebreaks, strict=True)):
        va, vb = a.values[k], b.values[k]
        if va is None or vb is None or va == vb:
            continue
        lower = tb.lower_is_better != spec.reverse
        return Decided(first=-1 if (va < vb) == lower else 1, level=k + 1)
    return None


def _criterion(s: Standings, level: int, better: Row, worse: Row) -> Criterion:
    """The criterion at a level of :func:`decide`, with *better*'s and *worse*'s values."""
    if level == 0:
        return Criterion(
            code=POINTS,
            better_value=_show(better.participant.points),
            worse_value=_show(worse.participant.points),
            article=POINTS_ARTICLE,
        )
    k = level - 1
    tb = s.tiebreaks[k]
    article = f"{s.edition.citation} {tb.article}".strip() if tb.article else s.edition.citation
    return Criterion(
        code=s.codes[k],
        better_value=_show(better.values[k]),
        worse_value=_show(worse.values[k]),
        article=article,
    )


def _group_starts(order: list[int], declared: dict[int, int]) -> list[tuple[int, int]]:
    """(participant, place) of the first of each run of equal declared ranks: its rank
    must be its place (a shared place is the first place of its group, C.07 4.2)."""
    return [
        (pid, k)
        for k, pid in enumerate(order, start=1)
        if k == 1 or declared[order[k - 2]] != declared[pid]
    ]


def _misnumbered(pid: int, place: int, rank: int) -> Violation:
    return Violation(
        kind="number",
        position=rank,
        better=pid,
        worse=pid,
        better_rank=rank,
        worse_rank=rank,
        code="rank",
        better_value=str(place),
        worse_value=str(rank),
        article="C.07 4.2 (a shared place is the first place of its group)",
    )


def violations(s: Standings, declared: dict[int, int]) -> Compared:
    """The violations of *declared* (participant -> rank) against *s*, the pairs compared
    and the pairs tied through the whole list (used by the caller for unknown codes)."""
    rows = {row.participant.id: row for row in s.rows}
    order = sorted(declared, key=lambda pid: (declared[pid], pid))
    tied = 0
    found = [
        _misnumbered(pid, place, declared[pid])
        for pid, place in _group_starts(order, declared)
        if declared[pid] != place
    ]
    for above, below in pairwise(order):
        a, b = rows.get(above), rows.get(below)
        if a is None or b is None:
            continue
        decided = decide(s, a, b)
        if decided is None:
            tied += 1
            continue
        same = declared[above] == declared[below]
        if decided.first == -1 and not same:
            continue
        better, worse = (a, b) if decided.first == -1 else (b, a)
        why = _criterion(s, decided.level, better, worse)
        found.append(
            Violation(
                kind="tie" if same else "order",
                position=declared[below],
                better=better.participant.id,
                worse=worse.participant.id,
                better_rank=declared[better.participant.id],
                worse_rank=declared[worse.participant.id],
                code=why.code,
                better_value=why.better_value,
                worse_value=why.worse_value,
                article=why.article,
            )
        )
    return Compared(found=found, pairs=max(0, len(order) - 1), tied=tied)


def check_tournament(name: str, t: Tournament, notes: tuple[str, ...] = ()) -> FileCheck:
    """Check one tournament's declared ranks against its own list and the edition of its
    end date."""
    declared = _declared(t)
    size = len(t.participants)
    known, unknown = _known_prefix(_file_list(t))
    try:
        s = compute_standings(t, known or ["PTS"])
    except (CodeError, PluginError, ValueError) as e:
        return FileCheck(name, "unreadable", size, messages=(f"{name}: error: {e}", *notes))
    notes += tuple(str(d) for d in s.diagnostics if d.severity >= Severity.WARNING)
    if unknown:
        notes += (
            f"{name}: warning: no installed plugin provides {', '.join(unknown)}: the "
            "ranks are checked on the codes before the first of them",
        )
    if not declared:
        return FileCheck(
            file=name,
            status="unchecked",
            participants=size,
            edition=s.edition.name,
            tiebreaks=tuple(s.codes),
            unknown=tuple(unknown),
            messages=notes,
        )
    missing = sorted(r.participant.id for r in s.rows if r.participant.id not in declared)
    compared = violations(s, declared)
    found = compared.found
    if missing:
        notes += (f"{name}: warning: no declared rank for {', '.join(map(str, missing))}",)
    unverified = compared.tied if unknown else 0
    status = "violations" if found else "incomplete" if unverified or missing else "conforms"
    return FileCheck(
        file=name,
        status=status,
        participants=size,
        edition=s.edition.name,
        tiebreaks=tuple(s.codes),
        unknown=tuple(unknown),
        pairs=compared.pairs,
        unverified=unverified,
        violations=tuple(found),
        messages=notes,
    )


def check_bytes(name: str, data: bytes) -> FileCheck:
    """Check a file's contents. Never raises for anything in the file."""
    from .formats import parse_any

    try:
        result = parse_any(data, name)
    except InputError as e:
        return FileCheck(name, "unreadable", messages=tuple(str(d) for d in e.diagnostics))
    errors = tuple(str(d) for d in result.diagnostics if d.severity is Severity.ERROR)
    warnings = tuple(str(d) for d in result.diagnostics if d.severity is Severity.WARNING)
    if errors:
        return FileCheck(
            name, "unreadable", len(result.tournament.participants), messages=errors + warnings
        )
    return check_tournament(name, result.tournament, warnings)


def check_file(path: str) -> FileCheck:
    """Check one file: only a regular file within the size limit is read."""
    try:
        data = read_bytes(path)
    except InputError as e:
        return FileCheck(path, "unreadable", messages=tuple(str(d) for d in e.diagnostics))
    return check_bytes(path, data)


def to_json(c: FileCheck) -> dict[str, object]:
    data = asdict(c)
    data["violations"] = [asdict(v) for v in c.violations]
    for key in ("tiebreaks", "unknown", "messages"):
        data[key] = list(data[key])
    return data


def describe(v: Violation) -> str:
    """One line for a person."""
    if v.kind == "number":
        return (
            f"#{v.better}: declared rank {v.worse_value}, but its place in the declared "
            f"order is {v.better_value} ({v.article})"
        )
    what = "declared equal to" if v.kind == "tie" else "declared below"
    return (
        f"rank {v.position}: #{v.better} (rank {v.better_rank}) {what} #{v.worse} "
        f"(rank {v.worse_rank}), but {v.code} decides: {v.better_value} against "
        f"{v.worse_value} ({v.article})"
    )


__all__ = [
    "Compared",
    "Criterion",
    "Decided",
    "FileCheck",
    "Violation",
    "check_bytes",
    "check_file",
    "check_tournament",
    "decide",
    "describe",
    "to_json",
    "violations",
]
