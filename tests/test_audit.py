"""`fide-tiebreaks audit`: a folder of good, inconsistent and unreadable files, checked
locally (one process and several) and, where Dask is installed, on a local Dask cluster,
with identical results."""

from __future__ import annotations

import json
import os
import pty
import subprocess
import sys
from pathlib import Path

import pytest
from conftest import ROOT, run_cli
from trfbuild import player_line

# A four-player round robin (as in the corpus case minimal-round-robin), ranked by hand on
# "202 SB,DE": points 2.5, 1.5, 1, 1; 3 and 4 tie on points; SB(3) = 1 x 1 (beat 4) = 1,
# SB(4) = 2.5 x 1/2 + 1.5 x 1/2 = 2, so 4 is third and 3 fourth.
ROUNDS = {
    1: [(2, "w", "1"), (3, "w", "1"), (4, "b", "=")],
    2: [(1, "b", "0"), (4, "w", "="), (3, "w", "1")],
    3: [(4, "w", "1"), (1, "b", "0"), (2, "b", "0")],
    4: [(3, "b", "0"), (2, "b", "="), (1, "w", "=")],
}
POINTS = {1: "2.5", 2: "1.5", 3: "1.0", 4: "1.0"}
HAND_RANKS = {1: "1", 2: "2", 3: "4", 4: "3"}


def event(ranks: dict[int, str]) -> str:
    lines = ["012 Four", "052 2025/06/01", "092 Individual: Round-Robin", "202 SB,DE"]
    lines += [
        player_line(pid, f"P{pid}", ROUNDS[pid], points=POINTS[pid], rank=ranks[pid])
        for pid in sorted(ROUNDS)
    ]
    return "\n".join(lines) + "\n"


@pytest.fixture
def folder(tmp_path: Path) -> Path:
    (tmp_path / "a-good.trf").write_text(event(HAND_RANKS))
    (tmp_path / "b-swapped.trf").write_text(event({**HAND_RANKS, 3: "3", 4: "4"}))
    (tmp_path / "c-no-ranks.trf").write_text(event(dict.fromkeys(ROUNDS, "")))
    sub = tmp_path / "sub"
    sub.mkdir()
    (sub / "d-broken.trf").write_text("001    x      nobody\n")
    (sub / "e-binary.txt").write_bytes(b"\x00\x01\x02")
    (sub / "readme.md").write_text("not a tournament\n")
    return tmp_path


def test_audit_reports_each_file_and_a_summary(folder):
    done = run_cli("audit", str(folder), "--jobs", "1")
    assert done.returncode == 1, done.stderr
    lines = done.stdout.splitlines()
    assert [line.split()[0] for line in lines[:-1]] == [
        "conforms",
        "differs",
        "unchecked",
        "unreadable",
        "unreadable",
    ]
    assert "#3 declared 3, computed 4; #4 declared 4, computed 3" in lines[1]
    assert "d-broken.trf:1:5: error: start rank 'x'" in lines[3]
    assert lines[-1] == (
        "5 files: 3 read, 1 conform, 1 differ, 1 without declared ranks, 2 unreadable"
    )
    assert "readme.md" not in done.stdout
    good = run_cli("audit", str(folder / "a-good.trf"))
    assert good.returncode == 0


def jsonl(*args: str) -> list[dict]:
    done = run_cli("audit", *args, "--format", "jsonl")
    assert "Traceback" not in done.stderr
    summary = json.loads(done.stderr.splitlines()[0])["summary"]
    assert summary["files"] == len(done.stdout.splitlines())
    return [json.loads(line) for line in done.stdout.splitlines()]


def test_parallel_and_serial_runs_agree(folder):
    serial = jsonl(str(folder), "--jobs", "1")
    parallel = jsonl(str(folder), "--jobs", "2")
    assert serial == parallel
    swapped = serial[1]
    assert swapped["status"] == "differs" and swapped["tiebreaks"] == ["SB", "DE"]
    assert swapped["edition"] == "fide-2024"  # in force on 1 June 2025
    assert swapped["differences"] == [
        {"participant": 3, "declared": 3, "computed": 4},
        {"participant": 4, "declared": 4, "computed": 3},
    ]


def test_progress_bar_only_on_a_terminal(folder):
    piped = run_cli("audit", str(folder))
    assert "[#" not in piped.stderr and "\r" not in piped.stdout
    # On a pseudo-terminal (stderr a tty) the bar is drawn and ends at the total.
    main, secondary = pty.openpty()
    proc = subprocess.Popen(
        [sys.executable, "-m", "fide_tiebreaks", "audit", str(folder)],
        stdout=subprocess.PIPE,
        stderr=secondary,
        cwd=ROOT,
        env={**os.environ, "FIDE_TIEBREAKS_LOAD_PLUGINS": ""},
    )
    out, _ = proc.communicate(timeout=120)
    os.close(secondary)
    seen = b""
    while True:
        try:
            chunk = os.read(main, 4096)
        except OSError:
            break
        if not chunk:
            break
        seen += chunk
    os.close(main)
    assert b"] 5/5 files" in seen
    assert out.decode().splitlines()[0].startswith("conforms")


def test_missing_paths_and_bad_jobs_are_usage_errors(folder):
    assert run_cli("audit", str(folder / "nope")).returncode == 2
    assert run_cli("audit", str(folder), "--jobs", "-1").returncode == 2


def test_audit_on_a_local_dask_cluster_matches_the_local_run(folder):
    distributed = pytest.importorskip("distributed", reason="tox -e dask installs Dask")
    local = jsonl(str(folder), "--jobs", "1")
    with distributed.LocalCluster(
        n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None
    ) as cluster:
        remote = jsonl(str(folder), "--scheduler", cluster.scheduler_address)
    assert remote == local


def test_an_unreadable_file_gives_its_error_before_its_warnings():
    # a byte that is not UTF-8 (a warning: read as cp1252) in a file with no 001 line (the
    # error): the table shows the first message as the reason, so the error comes first
    from fide_tiebreaks.audit import audit_bytes

    audit = audit_bytes("cp.txt", b"012 x\n\xff\n")
    assert audit.status == "unreadable"
    # the byte 0xFF, read as cp1252, is also a line "ÿ": a record nobody knows
    assert audit.messages == (
        "cp.txt: error: no player records ('001' lines): is this a TRF file?",
        "cp.txt:2:1: warning: not valid UTF-8 (byte 0xFF); read as cp1252",
        "cp.txt:2:1: warning: unknown record 'ÿ'; kept, not used",
    )
