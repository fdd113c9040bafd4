"""The endorsement cross-check against gacrux, both ways, resumable in slices.

Direction ``ours``: our generator (``fide-tiebreaks generate``'s library) writes standings
files; gacrux's checker (``python -m gacrux.tiebreakchecker -c``) checks our ranks, and its
values are compared with ours.
Direction ``gacrux``: gacrux's generator (``python -m gacrux.tournamentgenerator``) writes
events; a list is drawn per file from MTB26; gacrux's checker ranks each file; its ranks are
written into the file and our checker (``check --standings``) checks them, and its values are
compared with ours.

Every discrepancy is classified (``classify``): a known bug of gacrux (confirmed by running
gacrux again with the list changed so that the bug cannot act), a documented interpretation
(docs/interpretations.md), or unexplained; unexplained ones are shrunk (individual events)
and listed in ``OUT/unexplained.jsonl`` with the file kept under ``OUT/unexplained/``.

Each slice appends one line to ``OUT/results.jsonl``; a slice already there is skipped, so
an interrupted run is resumed by running the same command again::

    python tools/endorsement_crosscheck.py OUT --events 50000 --slice 2000 --jobs 2
    python tools/endorsement_crosscheck.py OUT --table          # the result table
    python tools/endorsement_crosscheck.py OUT --table --publish docs/endorsement.md

It needs gacrux (``pip install gacrux``) in the interpreter named by
``FIDE_TIEBREAKS_GACRUX_PYTHON`` (default: this one).
"""

from __future__ import annotations

import argparse
import json
import os
import random
import re
import shutil
import sys
import tempfile
import time
from collections import Counter
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field
from functools import partial
from pathlib import Path

from fide_tiebreaks.certify.adapters import ADAPTERS, Answer, Request, execute, read_output
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
# gacrux's generator: (players, rounds, method, files) per group, in turn. Its Dutch pairing
# takes seconds per round for a large field, so large fields come in small groups.
GACRUX_PROFILES = (
    (8, 5, "dutch", 25),
    (16, 7, "dutch", 25),
    (30, 9, "dutch", 20),
    (5, 4, "dutch", 20),
    (6, 5, "berger", 20),
    (60, 9, "dutch", 10),
    (12, 6, "dutch", 25),
    (10, 9, "berger", 15),
    (120, 11, "dutch", 3),
    (24, 8, "dutch", 25),
    (200, 9, "dutch", 2),
    (40, 7, "dutch", 10),
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
    seconds_ours: float = 0.0
    seconds_gacrux: float = 0.0


def gacrux_python() -> str:
    return os.environ.get("FIDE_TIEBREAKS_GACRUX_PYTHON") or sys.executable


def run_gacrux(path: Path, codes: list[str], edition: str, kind: str) -> tuple[Answer, str]:
    """gacrux's checker on *path* with ``-c``: its values, its ranks and its verdict on the
    file's rank column (``Check: True``/``False``)."""
    year = edition.rsplit("-", 1)[-1]
    mode = {"round-robin": ["-p"], "swiss": ["-s"]}.get(kind, [])
    score = "MPTS" if kind == "team-swiss" else "PTS"
    argv = [
        gacrux_python(),
        "-m",
        "gacrux.tiebreakchecker",
        "-i",
        str(path),
        *mode,
        "-t",
        score,
        *(f"{c}/V{year}" for c in codes),
        "-d",
        "T",
        "-c",
    ]
    with tempfile.TemporaryDirectory(prefix="crosscheck-") as tmp:
        done = execute(argv, Path(tmp), TIMEOUT)
    if isinstance(done, str):
        return Answer({}, error=f"gacrux: {done}"), ""
    out = done.stdout.decode("utf-8", "replace")
    if done.returncode != 0 and "StartNo" not in out:
        tail = done.stderr.decode("utf-8", "replace").strip().splitlines()[-2:]
        return Answer({}, error=f"gacrux exit {done.returncode}: " + " | ".join(tail)), ""
    verdict = next(
        (x.split(":", 1)[1].strip() for x in out.splitlines() if x.startswith("Check:")), ""
    )
    request = Request(
        path.read_text(encoding="utf-8", errors="replace"), tuple(codes), edition, kind
    )
    report = "\n".join(x for x in out.splitlines() if not x.startswith("Check:"))
    try:
        return read_output("gacrux", report.encode(), request), verdict
    except ValueError as e:
        return Answer({}, error=f"gacrux: {e}"), verdict


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
    path: Path,
    t: object,
    used: list[str],
    edition: str,
    kind: str,
    found: list[Discrepancy],
    classes: list[str],
) -> list[str]:
    """An unexplained discrepancy of a later code (a group tie-break such as DE ranks the
    group the earlier codes leave tied) that goes away when the codes with explained
    discrepancies are left out of the list follows from those: it is classed with them."""
    explained = {d.code: c for d, c in zip(found, classes, strict=True) if c != "unexplained"}
    if not explained or "unexplained" not in classes:
        return classes
    rest = [c for c in used if c not in explained]
    if not rest:
        return classes
    answer, _ = run_gacrux(path, rest, edition, kind)
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


def compare_file(
    path: Path, data: bytes, codes: list[str], edition: str, out: FileOutcome, unexplained_dir: Path
) -> Answer:
    """Our values against gacrux's on one file; classify what differs. Returns gacrux's
    answer."""
    start = time.process_time()
    t = parse_trf(data, str(path)).tournament
    kind = "team-swiss" if t.team else ("round-robin" if t.type.value == "round-robin" else "swiss")
    ours = compute_standings(t, codes, edition)
    used = list(ours.codes)
    out.seconds_ours += time.process_time() - start
    wall = time.monotonic()
    answer, verdict = run_gacrux(path, used, edition, kind)
    out.gacrux_check = verdict
    found, compared = compare(ours, answer, GACRUX, edition)
    recheck = None
    if found and _fb_first(used):  # gacrux again, FB last: what its FB disturbed goes away
        moved = [c for c in used if c.split("/")[0] != "FB"] + [
            c for c in used if c.split("/")[0] == "FB"
        ]
        again, _ = run_gacrux(path, moved, edition, kind)
        ours2 = compute_standings(t, moved, edition)
        recheck, _ = compare(ours2, again, GACRUX, edition)
    out.seconds_gacrux += time.monotonic() - wall
    out.compared += compared
    out.kind = kind
    classes = []
    for d in found:
        mine = t.participant(d.participant) if d.participant in t.index else None
        forfeits = mine is not None and any(g.kind.forfeit for g in mine.results)
        classes.append(classify(d, kind, forfeits, recheck))
    classes = _consequences(path, t, used, edition, kind, found, classes)
    for d, c in zip(found, classes, strict=True):
        out.classes[c] += 1
        out.every.append(
            {
                "file": path.name,
                "codes": used,
                "edition": edition,
                "code": d.code,
                "category": d.category,
                "participant": d.participant,
                "ours": d.ours,
                "theirs": d.theirs,
                "class": c,
            }
        )
        if c == "unexplained":
            kept = unexplained_dir / path.name
            unexplained_dir.mkdir(parents=True, exist_ok=True)
            kept.write_bytes(data)
            out.unexplained.append(
                {
                    "file": str(kept),
                    "codes": used,
                    "edition": edition,
                    "code": d.code,
                    "category": d.category,
                    "participant": d.participant,
                    "ours": d.ours,
                    "theirs": d.theirs,
                    "detail": d.detail,
                }
            )
    return answer


def guarded(work: str, job: tuple[object, ...]) -> FileOutcome:
    """One file of either direction; a failure of the harness is counted, not fatal."""
    try:
        return ours_one(job) if work == "ours" else gacrux_one(job)  # type: ignore[arg-type]
    except Exception as e:
        out = FileOutcome(str(job), "", 0)
        out.classes[f"unexplained: harness error {type(e).__name__}: {e}"[:160]] += 1
        return out


def ours_one(job: tuple[int, int, int, str]) -> FileOutcome:
    """Direction ours: generate event *index*, check it with gacrux, compare values."""
    seed, index, profile_no, folder = job
    start = time.process_time()
    made = make(seed, index, Options(profile=OUR_PROFILES[profile_no]))
    path = Path(folder) / file_name(index)
    path.write_bytes(made.data)
    out = FileOutcome(str(path), made.event.kind, made.event.size)
    out.seconds_ours = time.process_time() - start
    codes = [c for c in made.data.decode().split("\n") if c.startswith("202")]
    listed = codes[0][4:].split(",") if codes else list(made.codes)
    compare_file(
        path, made.data, listed, made.edition, out, Path(folder).parent.parent / "unexplained"
    )
    if out.gacrux_check == "False" and not out.classes:
        out.classes["unexplained: gacrux's checker rejects our ranks, all values agree"] += 1
    path.unlink()
    return out


def draw_list(index: int, seed: int, edition: str) -> list[str]:
    rng = random.Random(seed * 7_919 + index)
    pool = list(MTB26_INDIVIDUAL) + (list(MTB26_2026) if edition == "fide-2026" else [])
    return rng.sample(pool, rng.randint(2, 6))


def gacrux_one(job: tuple[int, int, str]) -> FileOutcome:
    """Direction gacrux: rank gacrux's file with gacrux, write its ranks into the file, run
    our checker on it, and compare values."""
    seed, index, path_text = job
    path = Path(path_text)
    data = path.read_bytes()
    if index % 2:  # gacrux dates its files the day it runs: every other one in 2025 (2024 rules)
        data = re.sub(rb"(?m)^(0[45]2) \d{4}/\d\d/\d\d", rb"\1 2025/05/09", data)
        path.write_bytes(data)
    t = parse_trf(data, path_text).tournament
    edition = compute_standings(t, []).edition.name  # the edition of the file's date
    codes = draw_list(index, seed, edition)
    if t.type.value == "round-robin" and edition == "fide-2026":  # 15.2: no Buchholz family
        codes = [c for c in codes if c.split("/")[0] not in ("BH", "FB", "AOB")] or ["SB"]
    out = FileOutcome(path_text, "", len(t.participants))
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
        checked = check_bytes(path_text, ranked)
        out.our_violations = len(checked.violations)
        out.seconds_ours += time.process_time() - start
        if checked.violations and not out.classes:
            out.classes["unexplained: our checker rejects gacrux's ranks, all values agree"] += 1
    path.unlink()
    return out


def _gacrux_group(folder: Path, start: int, n: int, profile: tuple[int, int, str, int]) -> None:
    players, rounds, method, _ = profile
    rounds = players - 1 + players % 2 if method == "berger" else rounds
    argv = [
        gacrux_python(),
        "-m",
        "gacrux.tournamentgenerator",
        "-g",
        str(start),
        str(n),
        "-p",
        str(players),
        "-N",
        str(rounds),
        "-m",
        method,
        "-o",
        str(folder / "ev%d.trf"),
    ]
    with tempfile.TemporaryDirectory(prefix="crosscheck-gen-") as tmp:
        done = execute(argv, Path(tmp), TIMEOUT * n)
    if isinstance(done, str) or done.returncode != 0:
        why = (
            done
            if isinstance(done, str)
            else (f"exit {done.returncode}: " + done.stderr.decode("utf-8", "replace")[-300:])
        )
        print(f"gacrux's generator failed on {start}..{start + n}: {why}", file=sys.stderr)


def gacrux_groups(first: int, count: int) -> list[tuple[int, int, tuple[int, int, str, int]]]:
    """(first file, files, profile) of each group of the slice: the profiles in turn, the
    same for every slice of the same size, so that any run covers them all."""
    groups = []
    at, k = first, 0
    while at < first + count:
        profile = GACRUX_PROFILES[k % len(GACRUX_PROFILES)]
        n = min(profile[3], first + count - at)
        groups.append((at, n, profile))
        at, k = at + n, k + 1
    return groups


def gacrux_generate(folder: Path, first: int, count: int, jobs: int = 2) -> list[Path]:
    """gacrux's generator on the slice's groups, *jobs* at a time (each group one process
    of gacrux's)."""
    from concurrent.futures import ThreadPoolExecutor

    folder.mkdir(parents=True, exist_ok=True)
    with ThreadPoolExecutor(max_workers=jobs) as pool:
        list(pool.map(lambda g: _gacrux_group(folder, *g), gacrux_groups(first, count)))
    made = [folder / f"ev{str(i).zfill(4)}.trf" for i in range(first, first + count)]
    return [p for p in made if p.is_file()]


def shrink_unexplained(u: dict[str, object], seconds: float = 60.0) -> dict[str, object]:
    """The unexplained discrepancy shrunk as certify shrinks (individual events), written
    beside the kept file as NAME.shrunk.trf; the record says how small it became."""
    from fide_tiebreaks.certify.corpus import to_event
    from fide_tiebreaks.certify.engine import Config, check
    from fide_tiebreaks.certify.generate import to_trf
    from fide_tiebreaks.certify.shrink import shrink

    path = Path(str(u["file"]))
    if not path.is_file() or str(u["code"]).startswith("unexplained"):
        return u
    t = parse_trf(path.read_bytes(), str(path)).tournament
    event = to_event(t, path.name)
    if event is None:
        return {**u, "shrunk": "team event: not shrunk"}
    codes = tuple(str(c) for c in u["codes"])  # type: ignore[union-attr]
    config = Config(GACRUX, codes, str(u["edition"]))
    key = (str(u["code"]), str(u["edition"]), str(u["category"]))

    def still_fails(e: object) -> Discrepancy | None:
        found, _, _ = check(config, e)  # type: ignore[arg-type]
        return next((d for d in found if d.group == key), None)

    done = shrink(event, still_fails, seconds=seconds)
    if done is None:
        return {**u, "shrunk": "did not reproduce through TRF16"}
    target = path.with_suffix(".shrunk.trf")
    from fide_tiebreaks.certify.standings_file import EDITION_DATES

    start, end = EDITION_DATES.get(str(u["edition"]), ("2025/05/01", "2025/05/09"))
    text = to_trf(done.event).replace("042 2025/05/01", f"042 {start}")
    target.write_text(text.replace("052 2025/05/09", f"052 {end}"), encoding="utf-8")
    d = done.discrepancy
    return {
        **u,
        "shrunk": str(target),
        "shrunk_size": [done.event.size, done.event.round_count],
        "shrunk_ours": d.ours,
        "shrunk_theirs": d.theirs,
        "shrunk_participant": d.participant,
    }


def run_slice(
    out: Path, direction: str, k: int, size: int, seed: int, jobs: int
) -> dict[str, object]:
    work = out / "work" / f"{direction}-{k}"
    shutil.rmtree(work, ignore_errors=True)
    work.mkdir(parents=True)
    wall = time.monotonic()
    gen_seconds = 0.0
    with ProcessPoolExecutor(max_workers=jobs) as pool:
        if direction == "ours":
            jobs_list = [
                (seed, i, k % len(OUR_PROFILES), str(work)) for i in range(k * size, (k + 1) * size)
            ]
            results = list(pool.map(partial(guarded, "ours"), jobs_list, chunksize=4))
        else:
            start = time.monotonic()
            files = gacrux_generate(work, k * size, size, jobs)
            gen_seconds = time.monotonic() - start
            results = list(
                pool.map(
                    partial(guarded, "gacrux"),
                    [(seed, i, str(p)) for i, p in enumerate(files, start=k * size)],
                    chunksize=4,
                )
            )
    classes: Counter[str] = Counter()
    kinds: Counter[str] = Counter()
    for r in results:
        classes.update(r.classes)
        kinds[r.kind] += 1
    unexplained = [u for r in results for u in r.unexplained]
    unexplained = [shrink_unexplained(u) if i < 5 else u for i, u in enumerate(unexplained)]
    with open(out / "unexplained.jsonl", "a", encoding="utf-8") as f:
        for u in unexplained:
            f.write(json.dumps({"direction": direction, "slice": k, **u}) + "\n")
    with open(out / "discrepancies.jsonl", "a", encoding="utf-8") as f:
        for r in results:
            for d in r.every:
                f.write(json.dumps({"direction": direction, "slice": k, **d}) + "\n")
    shutil.rmtree(work, ignore_errors=True)
    return {
        "direction": direction,
        "slice": k,
        "size": size,
        "seed": seed,
        "events": len(results),
        "kinds": dict(kinds),
        "participants": [
            min((r.size for r in results), default=0),
            max((r.size for r in results), default=0),
        ],
        "values compared": sum(r.compared for r in results),
        "discrepancies": dict(classes),
        "gacrux rejects our ranks": sum(r.gacrux_check == "False" for r in results),
        "we reject gacrux's ranks": sum(bool(r.our_violations) for r in results),
        "gacrux -c rejects its own generator's rank column": sum(
            r.own_rank_column_rejected for r in results
        ),
        "cpu seconds ours": round(sum(r.seconds_ours for r in results), 2),
        "seconds gacrux": round(sum(r.seconds_gacrux for r in results) + gen_seconds, 1),
        "wall seconds": round(time.monotonic() - wall, 1),
    }


def reclassify(out: Path) -> None:
    """Classify the kept unexplained files again with the present rules (after a rule was
    added), moving their counts in results.jsonl and rewriting unexplained.jsonl."""
    path = out / "unexplained.jsonl"
    if not path.exists():
        return
    records = [json.loads(x) for x in path.read_text().splitlines() if x.strip()]
    rows = [json.loads(x) for x in (out / "results.jsonl").read_text().splitlines() if x]
    every_path = out / "discrepancies.jsonl"
    every = [json.loads(x) for x in every_path.read_text().splitlines() if x.strip()]
    remaining: list[dict[str, object]] = []
    seen: dict[tuple[object, object, str], FileOutcome] = {}
    for u in records:
        key = (u["direction"], u["slice"], str(u["file"]))
        if key not in seen:
            kept = Path(str(u["file"]))
            again = FileOutcome(str(kept), "", 0)
            with tempfile.TemporaryDirectory() as tmp:
                copy = Path(tmp) / kept.name
                copy.write_bytes(kept.read_bytes())
                compare_file(
                    copy,
                    copy.read_bytes(),
                    list(u["codes"]),
                    str(u["edition"]),
                    again,
                    Path(tmp) / "unexplained",
                )  # type: ignore[arg-type]
            seen[key] = again
            row = next(r for r in rows if (r["direction"], r["slice"]) == key[:2])
            name = Path(str(u["file"])).name
            mine = [d for d in every if (d["direction"], d["slice"], d["file"]) == (*key[:2], name)]
            for d in mine:  # the file's old classification out, its new one in
                row["discrepancies"][d["class"]] = row["discrepancies"].get(d["class"], 0) - 1
            for c, n in again.classes.items():
                row["discrepancies"][c] = row["discrepancies"].get(c, 0) + n
            every = [d for d in every if d not in mine]
            every += [{"direction": key[0], "slice": key[1], **d} for d in again.every]
            remaining += [{**u, **v, "file": u["file"]} for v in again.unexplained]
    for row in rows:
        row["discrepancies"] = {k: n for k, n in row["discrepancies"].items() if n}
    (out / "results.jsonl").write_text("".join(json.dumps(r) + "\n" for r in rows))
    path.write_text("".join(json.dumps(u) + "\n" for u in remaining))
    every_path.write_text("".join(json.dumps(d) + "\n" for d in every))


def done_slices(out: Path) -> set[tuple[str, int, int, int]]:
    path = out / "results.jsonl"
    if not path.exists():
        return set()
    rows = [json.loads(x) for x in path.read_text().splitlines() if x.strip()]
    return {(r["direction"], r["slice"], r["size"], r["seed"]) for r in rows}


def table(out: Path) -> str:
    path = out / "results.jsonl"
    rows = (
        [json.loads(x) for x in path.read_text().splitlines() if x.strip()] if path.exists() else []
    )
    lines = [
        "| direction | events | values compared | known gacrux bug | interpretation | "
        "unexplained | checker rejects ranks | our CPU s | gacrux s |",
        "|---|---:|---:|---:|---:|---:|---:|---:|---:|",
    ]
    for direction, what in (
        ("ours", "our generator -> gacrux's checker"),
        ("gacrux", "gacrux's generator -> our checker"),
    ):
        mine = [r for r in rows if r["direction"] == direction]
        c: Counter[str] = Counter()
        for r in mine:
            c.update(r["discrepancies"])
        key = "gacrux rejects our ranks" if direction == "ours" else "we reject gacrux's ranks"
        lines.append(
            f"| {what} | {sum(r['events'] for r in mine):,} | "
            f"{sum(r['values compared'] for r in mine):,} | "
            f"{sum(n for k, n in c.items() if k.startswith('gacrux bug'))} | "
            f"{sum(n for k, n in c.items() if k.startswith('interpretation'))} | "
            f"{sum(n for k, n in c.items() if k.startswith('unexplained'))} | "
            f"{sum(r[key] for r in mine)} | "
            f"{sum(r['cpu seconds ours'] for r in mine):.0f} | "
            f"{sum(r['seconds gacrux'] for r in mine):.0f} |"
        )
    return "\n".join(lines) + "\n"


def publish(doc: Path, text: str) -> None:
    begin, end = "<!-- crosscheck table: begin -->", "<!-- crosscheck table: end -->"
    body = doc.read_text(encoding="utf-8")
    if begin not in body or end not in body:
        raise SystemExit(f"{doc}: no {begin} ... {end} markers")
    head, rest = body.split(begin, 1)
    _, tail = rest.split(end, 1)
    doc.write_text(head + begin + "\n" + text + end + tail, encoding="utf-8")


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("out", type=Path, help="the folder for results.jsonl and unexplained/")
    p.add_argument("--events", type=int, default=500, help="events per direction (default 500)")
    p.add_argument("--slice", type=int, default=500, help="events per slice (default 500)")
    p.add_argument("--seed", type=int, default=2026)
    p.add_argument("--jobs", type=int, default=2)
    p.add_argument("--direction", choices=("ours", "gacrux", "both"), default="both")
    p.add_argument("--table", action="store_true", help="print the result table and stop")
    p.add_argument(
        "--reclassify",
        action="store_true",
        help="classify the kept unexplained files again, then stop",
    )
    p.add_argument("--publish", type=Path, help="with --table: write it into this Markdown file")
    args = p.parse_args(argv)
    if not (1 <= args.events <= 1_000_000 and 1 <= args.slice <= 10_000 and 1 <= args.jobs <= 8):
        p.error("--events 1..1000000, --slice 1..10000, --jobs 1..8")
    args.out.mkdir(parents=True, exist_ok=True)
    if args.reclassify:
        reclassify(args.out)
        print(table(args.out), end="")
        return 0
    if args.table:
        text = table(args.out)
        print(text, end="")
        if args.publish:
            publish(args.publish, text)
        return 0
    done = done_slices(args.out)
    directions = ("ours", "gacrux") if args.direction == "both" else (args.direction,)
    for k in range((args.events + args.slice - 1) // args.slice):
        for direction in directions:
            if (direction, k, args.slice, args.seed) in done:
                continue
            row = run_slice(args.out, direction, k, args.slice, args.seed, args.jobs)
            with open(args.out / "results.jsonl", "a", encoding="utf-8") as f:
                f.write(json.dumps(row) + "\n")
            print(json.dumps(row), flush=True)
    print(table(args.out), end="")
    unexplained_file = args.out / "unexplained.jsonl"
    unexplained = len(unexplained_file.read_text().splitlines()) if unexplained_file.exists() else 0
    rows = [json.loads(x) for x in (args.out / "results.jsonl").read_text().splitlines() if x]
    if not sum(r["values compared"] for r in rows):  # a check that compared nothing fails
        print("nothing was compared", file=sys.stderr)
        return 1
    return 1 if unexplained else 0


if __name__ == "__main__":
    sys.exit(main())
