"""One file of the endorsement cross-check, either direction, with gacrux in process.

Direction ``ours``: our generator (``fide-tiebreaks generate``'s library) writes a standings
file; gacrux's checker checks our ranks (``-c``), and its values are compared with ours.
Direction ``gacrux``: gacrux's generator writes an event; a list is drawn for it from MTB26;
gacrux's checker ranks it; its ranks are written into the file and our checker
(``check --standings``) checks them, and its values are compared with ours.

Every discrepancy is classified (``classify``): a known bug of gacrux (confirmed by running
gacrux again with the list changed so that the bug cannot act), a documented interpretation
(docs/interpretations.md), or unexplained. gacrux runs in the worker's own process
(``gacrux_inprocess``), imported once per worker; its CPU time is measured apart from ours.
"""

from __future__ import annotations

import random
import re
import time
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import NamedTuple

import gacrux_inprocess

from fide_tiebreaks.certify.adapters import ADAPTERS, Answer, Request, read_output
from fide_tiebreaks.certify.compare import Discrepancy, compare
from fide_tiebreaks.certify.generate import Profile
from fide_tiebreaks.certify.standings_file import (
    MTB26_2026,
    MTB26_INDIVIDUAL,
    Options,
    file_name,
    make,
)
from fide_tiebreaks.checker import check_bytes
from fide_tiebreaks.formats.trf.reader import parse_trf
from fide_tiebreaks.formats.trf.writer import with_ranks
from fide_tiebreaks.standings import compute_standings

GACRUX = ADAPTERS["gacrux"]
TIMEOUT = 120.0
# Sizes, rounds and kinds vary from slice to slice (each slice one profile), so that any
# prefix of the run covers them all.
OUR_PROFILES = (
    Profile(players=(4, 40), kinds=("swiss", "round-robin", "team-swiss")),
    Profile(players=(20, 120), kinds=("swiss", "round-robin", "team-swiss")),
    Profile(players=(100, 200), kinds=("swiss", "team-swiss"), forfeit=0.05),
    Profile(players=(4, 16), kinds=("swiss", "round-robin"), forfeit=0.1, bye=0.08),
)


class GacruxProfile(NamedTuple):
    """A group of gacrux's generator's events: its field, rounds, pairing and group size."""

    players: int
    rounds: int
    method: str  # "dutch" or "berger"
    files: int


# gacrux's generator, per group in turn. Its Dutch pairing takes seconds per round for a
# large field, so large fields come in small groups.
GACRUX_PROFILES = (
    GacruxProfile(8, 5, "dutch", 25),
    GacruxProfile(16, 7, "dutch", 25),
    GacruxProfile(30, 9, "dutch", 20),
    GacruxProfile(5, 4, "dutch", 20),
    GacruxProfile(6, 5, "berger", 20),
    GacruxProfile(60, 9, "dutch", 10),
    GacruxProfile(12, 6, "dutch", 25),
    GacruxProfile(10, 9, "berger", 15),
    GacruxProfile(120, 11, "dutch", 3),
    GacruxProfile(24, 8, "dutch", 25),
    GacruxProfile(200, 9, "dutch", 2),
    GacruxProfile(40, 7, "dutch", 10),
)
NO_OPPONENT = {"ARO", "TPR", "PTP", "APRO", "APPO", "AOB"}
FB_BUG = {"BH", "SB", "AOB"}  # the codes gacrux's FB disturbs when FB is listed first


@dataclass
class FileOutcome:
    file: str
    kind: str
    size: int
    compared: int = 0
    classes: Counter[str] = field(default_factory=Counter)
    gacrux_check: str = ""  # direction ours: gacrux's -c verdict on our ranks
    our_violations: int = 0  # direction gacrux: our checker on gacrux's ranks
    own_rank_column_rejected: bool = False  # direction gacrux: -c on gacrux's own file
    unexplained: list[dict[str, object]] = field(default_factory=list)
    every: list[dict[str, object]] = field(default_factory=list)  # each discrepancy, classified
    seconds_ours: float = 0.0  # CPU
    seconds_gacrux: float = 0.0  # CPU, in this process
    generator_failed: str = ""  # direction gacrux: why gacrux's generator made no file


class OursJob(NamedTuple):
    """Direction ours: event *index* of the run, made with profile *profile*."""

    seed: int
    index: int
    profile: int
    folder: str


class GacruxJob(NamedTuple):
    """Direction gacrux: event *index* of gacrux's generator, made with *profile*."""

    seed: int
    index: int
    profile: GacruxProfile
    folder: str


class GacruxRun(NamedTuple):
    """One run of gacrux's checker on a file, and the outcome its CPU time goes to."""

    path: Path
    codes: list[str]
    edition: str
    kind: str
    out: FileOutcome


def run_gacrux(path: Path, codes: list[str], edition: str, kind: str) -> tuple[Answer, str]:
    """gacrux's checker on *path* with ``-c``: its values, its ranks and its verdict on the
    file's rank column (``Check: True``/``False``)."""
    year = edition.rsplit("-", 1)[-1]
    mode = {"round-robin": ["-p"], "swiss": ["-s"]}.get(kind, [])
    score = "MPTS" if kind == "team-swiss" else "PTS"
    args = ["-i", str(path), *mode, "-t", score, *(f"{c}/V{year}" for c in codes), "-d", "T"]
    done = gacrux_inprocess.check([*args, "-c"], TIMEOUT)
    if done.error:
        return Answer({}, error=f"gacrux: {done.error}"), ""
    out = done.stdout
    if done.code not in (0, 1) and "StartNo" not in out:
        tail = out.strip().splitlines()[-2:]
        return Answer({}, error=f"gacrux status {done.code}: " + " | ".join(tail)), ""
    verdict = next(
        (x.split(":", 1)[1].strip() for x in out.splitlines() if x.startswith("Check:")), ""
    )
    request = Request(
        trf=path.read_text(encoding="utf-8", errors="replace"),
        codes=tuple(codes),
        edition=edition,
        type=kind,
    )
    report = "\n".join(x for x in out.splitlines() if not x.startswith("Check:"))
    try:
        return read_output("gacrux", report.encode(), request), verdict
    except ValueError as e:
        return Answer({}, error=f"gacrux: {e}"), verdict


def _timed_gacrux(ran: GacruxRun) -> tuple[Answer, str]:
    start = time.process_time()
    try:
        return run_gacrux(ran.path, ran.codes, ran.edition, ran.kind)
    finally:
        ran.out.seconds_gacrux += time.process_time() - start


def classify(d: Discrepancy, kind: str, forfeits: bool, recheck: list[Discrepancy] | None) -> str:
    """A known gacrux bug, a documented interpretation, or unexplained."""
    base = d.code.split("/")[0].split(":")[0]
    if base in NO_OPPONENT and d.ours == "0" and d.theirs is None:
        return "interpretation: no opponent to average (0 here, no value there)"
    if kind == "round-robin" and base in ("BPG", "REP") and forfeits:
        # 15.2: forfeits are regular games in a round robin (2026: forfeit losses excepted
        # for Art. 7), so a forfeit win with Black is a Black game; gacrux leaves every
        # forfeit out (docs/interpretations.md, "Differences from the reference program").
        return "interpretation: round robins, forfeits are regular games for BPG/REP (15.2)"
    if recheck is not None and not any(
        r.group == d.group and r.participant == d.participant for r in recheck
    ):
        return "gacrux bug: FB listed before BH changes BH, its cuts, SB and AOB"
    return "unexplained"


def _consequences(
    t: object,
    found: list[Discrepancy],
    classes: list[str],
    ran: GacruxRun,
) -> list[str]:
    """An unexplained discrepancy of a later code (a group tie-break such as DE ranks the
    group the earlier codes leave tied) that goes away when the codes with explained
    discrepancies are left out of the list follows from those: it is classed with them."""
    explained = {d.code: c for d, c in zip(found, classes, strict=True) if c != "unexplained"}
    if not explained or "unexplained" not in classes:
        return classes
    rest = [c for c in ran.codes if c not in explained]
    if not rest:
        return classes
    answer, _ = _timed_gacrux(ran._replace(codes=rest))
    edition = ran.edition
    again, _ = compare(compute_standings(t, rest, edition), answer, GACRUX, edition)  # type: ignore[arg-type]
    still = {d.code for d in again}
    first = next(iter(explained.values()))
    return [
        f"{first} (and a later code it changes)"
        if c == "unexplained" and d.code not in still
        else c
        for d, c in zip(found, classes, strict=True)
    ]


def _fb_first(codes: list[str]) -> bool:
    if "FB" not in [c.split("/")[0] for c in codes]:
        return False
    at = [c.split("/")[0] for c in codes].index("FB")
    return any(c.split("/")[0].split(":")[0] in FB_BUG for c in codes[at + 1 :])


def _fb_recheck(t: object, found: list[Discrepancy], ran: GacruxRun) -> list[Discrepancy] | None:
    """gacrux again with FB last, where the list has FB first: what its FB disturbed goes
    away there. None where there is nothing to recheck."""
    if not found or not _fb_first(ran.codes):
        return None
    moved = [c for c in ran.codes if c.split("/")[0] != "FB"] + [
        c for c in ran.codes if c.split("/")[0] == "FB"
    ]
    again, _ = _timed_gacrux(ran._replace(codes=moved))
    start = time.process_time()
    recheck, _ = compare(compute_standings(t, moved, ran.edition), again, GACRUX, ran.edition)  # type: ignore[arg-type]
    ran.out.seconds_ours += time.process_time() - start
    return recheck


def _classes(t: object, found: list[Discrepancy], ran: GacruxRun) -> list[str]:
    recheck = _fb_recheck(t, found, ran)
    classes = []
    for d in found:
        mine = t.participant(d.participant) if d.participant in t.index else None  # type: ignore[attr-defined]
        forfeits = mine is not None and any(g.kind.forfeit for g in mine.results)
        classes.append(classify(d, ran.kind, forfeits, recheck))
    return _consequences(t, found, classes, ran)


def _record(
    ran: GacruxRun, data: bytes, found: list[Discrepancy], classes: list[str], kept_in: Path
) -> None:
    """Each discrepancy with its class into the outcome; an unexplained one's file kept."""
    out = ran.out
    for d, c in zip(found, classes, strict=True):
        out.classes[c] += 1
        value = {
            "codes": ran.codes,
            "edition": ran.edition,
            "code": d.code,
            "category": d.category,
            "participant": d.participant,
            "ours": d.ours,
            "theirs": d.theirs,
        }
        out.every.append({"file": ran.path.name, **value, "class": c})
        if c == "unexplained":
            kept = kept_in / ran.path.name
            kept_in.mkdir(parents=True, exist_ok=True)
            kept.write_bytes(data)
            out.unexplained.append({"file": str(kept), **value, "detail": d.detail})


def compare_file(
    path: Path, data: bytes, codes: list[str], edition: str, out: FileOutcome, unexplained_dir: Path
) -> Answer:
    """Our values against gacrux's on one file; classify what differs. Returns gacrux's
    answer."""
    start = time.process_time()
    t = parse_trf(data, str(path)).tournament
    kind = "team-swiss" if t.team else ("round-robin" if t.type.value == "round-robin" else "swiss")
    ours = compute_standings(t, codes, edition)
    out.seconds_ours += time.process_time() - start
    ran = GacruxRun(path, list(ours.codes), edition, kind, out)
    answer, verdict = _timed_gacrux(ran)
    out.gacrux_check = verdict
    start = time.process_time()
    found, compared = compare(ours, answer, GACRUX, edition)
    out.seconds_ours += time.process_time() - start
    out.compared += compared
    out.kind = kind
    if found:
        _record(ran, data, found, _classes(t, found, ran), unexplained_dir)
    return answer


def guarded(job: OursJob | GacruxJob) -> FileOutcome:
    """One file of either direction; a failure of the harness is counted, not fatal."""
    try:
        return ours_one(job) if isinstance(job, OursJob) else gacrux_one(job)
    except Exception as e:
        out = FileOutcome(str(job), "", 0)
        out.classes[f"unexplained: harness error {type(e).__name__}: {e}"[:160]] += 1
        return out


def guarded_batch(jobs: list[OursJob | GacruxJob]) -> list[FileOutcome]:
    """A batch of files (a task of a Dask cluster)."""
    return [guarded(job) for job in jobs]


def ours_one(job: OursJob) -> FileOutcome:
    """Direction ours: generate event *index*, check it with gacrux, compare values."""
    start = time.process_time()
    made = make(job.seed, job.index, Options(profile=OUR_PROFILES[job.profile]))
    folder = Path(job.folder)
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / file_name(job.index)
    path.write_bytes(made.data)
    out = FileOutcome(str(path), made.event.kind, made.event.size)
    out.seconds_ours = time.process_time() - start
    codes = [c for c in made.data.decode().split("\n") if c.startswith("202")]
    listed = codes[0][4:].split(",") if codes else list(made.codes)
    compare_file(path, made.data, listed, made.edition, out, folder.parent.parent / "unexplained")
    if out.gacrux_check == "False" and not out.classes:
        out.classes["unexplained: gacrux's checker rejects our ranks, all values agree"] += 1
    path.unlink()
    return out


def draw_list(index: int, seed: int, edition: str) -> list[str]:
    rng = random.Random(seed * 7_919 + index)
    pool = list(MTB26_INDIVIDUAL) + (list(MTB26_2026) if edition == "fide-2026" else [])
    return rng.sample(pool, rng.randint(2, 6))


def gacrux_make(job: GacruxJob, out: FileOutcome) -> Path | None:
    """gacrux's generator on event *index* alone (the file it writes in a group); None
    where it gave up (``GacruxNoLegalPairing``: a field its Dutch pairing cannot pair)."""
    p = job.profile
    rounds = p.players - 1 + p.players % 2 if p.method == "berger" else p.rounds
    folder = Path(job.folder)
    args = ["-g", str(job.index), "1", "-p", str(p.players), "-N", str(rounds), "-m", p.method]
    start = time.process_time()
    done = gacrux_inprocess.generate([*args, "-o", str(folder / "ev%d.trf")], TIMEOUT * 5)
    out.seconds_gacrux += time.process_time() - start
    path = folder / f"ev{str(job.index).zfill(4)}.trf"
    if done.error or not path.is_file():
        out.generator_failed = done.error or "no file"
        return None
    return path


def gacrux_one(job: GacruxJob) -> FileOutcome:
    """Direction gacrux: make gacrux's file, rank it with gacrux, write its ranks into the
    file, run our checker on it, and compare values."""
    out = FileOutcome(f"ev{job.index}", "", job.profile.players)
    path = gacrux_make(job, out)
    if path is None:
        return out
    data = path.read_bytes()
    if (
        job.index % 2
    ):  # gacrux dates its files the day it runs: every other one in 2025 (2024 rules)
        data = re.sub(rb"(?m)^(0[45]2) \d{4}/\d\d/\d\d", rb"\1 2025/05/09", data)
        path.write_bytes(data)
    out.file = str(path)
    t = parse_trf(data, str(path)).tournament
    edition = compute_standings(t, []).edition.name  # the edition of the file's date
    codes = draw_list(job.index, job.seed, edition)
    if t.type.value == "round-robin" and edition == "fide-2026":  # 15.2: no Buchholz family
        codes = [c for c in codes if c.split("/")[0] not in ("BH", "FB", "AOB")] or ["SB"]
    answer = compare_file(
        path, data, codes, edition, out, path.parent.parent.parent / "unexplained"
    )
    # gacrux's -c on its own generator's file judges the rank column, which holds the order
    # of simulated strength there, not standings: counted apart, as evidence of that.
    out.own_rank_column_rejected = out.gacrux_check == "False"
    out.gacrux_check = ""
    if answer.ranks and t.source is not None:
        start = time.process_time()
        ranked = with_ranks(t.source, answer.ranks, codes)
        checked = check_bytes(str(path), ranked)
        out.our_violations = len(checked.violations)
        out.seconds_ours += time.process_time() - start
        if checked.violations and not out.classes:
            out.classes["unexplained: our checker rejects gacrux's ranks, all values agree"] += 1
    path.unlink()
    return out


def gacrux_groups(first: int, count: int) -> list[tuple[int, int, GacruxProfile]]:
    """(first file, files, profile) of each group of the slice: the profiles in turn, the
    same for every slice of the same size, so that any run covers them all."""
    groups = []
    at, k = first, 0
    while at < first + count:
        profile = GACRUX_PROFILES[k % len(GACRUX_PROFILES)]
        n = min(profile.files, first + count - at)
        groups.append((at, n, profile))
        at, k = at + n, k + 1
    return groups


def slice_jobs(
    direction: str, k: int, size: int, seed: int, folder: str
) -> list[OursJob | GacruxJob]:
    """The events of slice *k* of *size* events: each made from the seed and its index."""
    if direction == "ours":
        profile = k % len(OUR_PROFILES)
        return [OursJob(seed, i, profile, folder) for i in range(k * size, (k + 1) * size)]
    return [
        GacruxJob(seed, i, profile, folder)
        for at, n, profile in gacrux_groups(k * size, size)
        for i in range(at, at + n)
    ]
