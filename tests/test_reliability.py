"""Faults around the computation: killed writes, failed runs, several threads at once."""

from __future__ import annotations

import json
import signal
import subprocess
import sys
import threading
from concurrent.futures import ThreadPoolExecutor

from conftest import ROOT, TEC, run_cli

from fide_tiebreaks import compute_standings, host, read_trf

KILL_MID_WRITE = """
import os, signal, sys
from fide_tiebreaks import atomic

def die(fd):  # the data is in the temporary file, not yet renamed into place
    os.kill(os.getpid(), signal.SIGKILL)

atomic.os.fsync = die
atomic.write_atomic(sys.argv[1], b"NEW " * 1_000_000)
"""


def test_a_write_killed_mid_way_leaves_the_old_file(tmp_path):
    target = tmp_path / "standings.json"
    target.write_bytes(b"OLD standings\n")
    done = subprocess.run([sys.executable, "-c", KILL_MID_WRITE, str(target)],
                          capture_output=True, cwd=ROOT)  # fmt: skip
    assert done.returncode == -signal.SIGKILL
    assert target.read_bytes() == b"OLD standings\n"
    # Only the abandoned temporary file is left beside it, never a truncated target.
    leftovers = [p.name for p in tmp_path.iterdir() if p != target]
    assert all(n.startswith(".standings.json.") and n.endswith(".tmp") for n in leftovers)


def test_a_failed_run_never_truncates_the_output_or_touches_the_input(tmp_path):
    source = tmp_path / "event.trf"
    source.write_bytes((TEC / "tournament.trf").read_bytes())
    out = tmp_path / "out.csv"
    out.write_bytes(b"previous\n")
    bad = run_cli("standings", str(source), "-t", "NOPE", "--output", str(out))
    assert bad.returncode == 2 and out.read_bytes() == b"previous\n"
    # --format trf writes to stdout (or --output), never back into the file it read.
    good = run_cli("standings", str(source), "-f", "trf")
    assert good.returncode == 0
    assert source.read_bytes() == (TEC / "tournament.trf").read_bytes()


def test_the_api_is_safe_from_several_threads(monkeypatch):
    """The plugins load once however many threads ask first, and concurrent standings
    equal the serial ones (the model is immutable; caches are per call)."""
    loads = []
    real = host.load_registry

    def counting(*a, **k):
        loads.append(threading.get_ident())
        return real(*a, **k)

    monkeypatch.setattr(host, "_registry", None)
    monkeypatch.setattr(host, "load_registry", counting)
    jobs = [
        (read_trf(TEC / "tournament.trf").tournament, "BH/C1,BH,SB,FB,AOB,PS", "fide-2024"),
        (read_trf(TEC / "tournament.trf").tournament, "BH,SB,WIN", "fide-2026"),
        (read_trf(TEC / "tournament.trf").tournament, "BH,SB", "fide-2012"),
        (read_trf(ROOT / "conformance/fixtures/team-4x4/tournament.trf").tournament,
         "MPvGP,EMGSB/C1,BH:MP/C1,BC,SSSC", "fide-2024"),
    ] * 6  # fmt: skip
    barrier = threading.Barrier(8)

    def rank(job):
        t, codes, edition = job
        if barrier.n_waiting < 8:
            try:
                barrier.wait(timeout=2)  # start together, so the first calls race
            except threading.BrokenBarrierError:
                pass
        s = compute_standings(t, codes, edition)
        return [(r.rank, r.participant.id, r.values) for r in s.rows]

    with ThreadPoolExecutor(max_workers=8) as pool:
        together = list(pool.map(rank, jobs))
    assert len(loads) == 1
    for job, result in zip(jobs, together, strict=True):
        t, codes, edition = job
        alone = compute_standings(t, codes, edition)
        assert result == [(r.rank, r.participant.id, r.values) for r in alone.rows]


def test_output_is_deterministic_across_hash_seeds():
    outs = set()
    for seed in ("0", "1", "12345"):
        done = run_cli("standings", str(TEC / "tournament.trf"), "-t", "BH/C1,BH,SB,DE,FB",
                       "-f", "json", env={"PYTHONHASHSEED": seed})  # fmt: skip
        assert done.returncode == 0
        json.loads(done.stdout)
        outs.add(done.stdout)
    assert len(outs) == 1
