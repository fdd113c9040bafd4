"""Benchmark: `fide-tiebreaks standings` end to end as a process, on synthetic Swiss events.

    python benchmarks/bench.py                 # 1,000 and 9,999 players x 13 rounds, the
                                               # list BH/C1,BH,SB,DE,WIN,ARO/C1
    python benchmarks/bench.py --repeat 9 --players 1000 3000 9999 --tiebreaks BH/C1,BH,SB

Reports the median wall time and the peak memory (max RSS) of each size, and the ratio of the
largest to the smallest, which should stay near the ratio of the sizes (linear growth).
Timings live here, not in the tests (developers' guide, principle 6).
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from generate import generate, generate_teams
from versus_reference import editable


def run_once(args: list[str]) -> tuple[float, int]:
    start = time.perf_counter()
    proc = subprocess.Popen(args, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    _, status, usage = os.wait4(proc.pid, 0)
    elapsed = time.perf_counter() - start
    proc.returncode = os.waitstatus_to_exitcode(status)
    if proc.returncode:
        raise SystemExit(f"failed: {' '.join(args)}\n{proc.stderr.read().decode()}")
    return elapsed, usage.ru_maxrss  # KiB on Linux


def time_standings(path: Path, codes: str, out: Path, repeat: int) -> list[tuple[float, int]]:
    """`standings PATH --tiebreaks CODES --format json` as a process: one warm-up run (file
    cache), then *repeat* timed runs as (seconds, peak RSS in KiB)."""
    cmd = [
        sys.executable,
        "-m",
        "fide_tiebreaks",
        "standings",
        str(path),
        "--tiebreaks",
        codes,
        "--format",
        "json",
        "--output",
        str(out),
    ]
    run_once(cmd)
    return [run_once(cmd) for _ in range(repeat)]


def main() -> None:
    ap = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    ap.add_argument("--players", type=int, nargs="+", default=[1000, 9999])
    ap.add_argument("--rounds", type=int, default=13)
    ap.add_argument("--tiebreaks", default="BH/C1,BH,SB,DE,WIN,ARO/C1")  # issue 7, target 1
    ap.add_argument("--repeat", type=int, default=7)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument(
        "--teams",
        type=int,
        nargs="*",
        default=[],
        help="also team events of these many teams (6 boards, 11 rounds)",
    )
    ap.add_argument("--team-tiebreaks", default="MPvGP,EMGSB/C1,BH:MP/C1,EDET,SSSC")
    ap.add_argument(
        "--audit",
        type=int,
        default=0,
        metavar="N",
        help="also audit N tournaments of 150 players x 9 rounds (all cores)",
    )
    opts = ap.parse_args()
    if editable(sys.executable):
        print(
            "note: fide-tiebreaks runs from an editable install or a source tree here, whose "
            "import hook adds about 40 ms to every start; install it with `pip install .` "
            "in a clean environment to measure what users run"
        )
    results = {}
    with tempfile.TemporaryDirectory() as tmp:
        for n in opts.players:
            path = Path(tmp) / f"swiss-{n}x{opts.rounds}.trf"
            path.write_text(generate(n, opts.rounds, opts.seed))
            runs = time_standings(path, opts.tiebreaks, Path(tmp) / "out.json", opts.repeat)
            median = statistics.median(t for t, _ in runs)
            peak = max(m for _, m in runs)
            results[n] = median
            print(
                f"{n:>6} players x {opts.rounds} rounds, {opts.tiebreaks}: median "
                f"{median:.3f} s over {opts.repeat} runs, peak RSS {peak / 1024:.0f} MiB"
            )
        for n in opts.teams:
            path = Path(tmp) / f"teams-{n}x6x11.trf"
            path.write_text(generate_teams(n, 6, 11, opts.seed))
            runs = time_standings(path, opts.team_tiebreaks, Path(tmp) / "t.json", opts.repeat)
            print(
                f"{n:>6} teams x 6 boards x 11 rounds, {opts.team_tiebreaks}: median "
                f"{statistics.median(t for t, _ in runs):.3f} s, peak RSS "
                f"{max(m for _, m in runs) / 1024:.0f} MiB"
            )
        if opts.audit:
            folder = Path(tmp) / "audit"
            folder.mkdir()
            for i in range(opts.audit):
                (folder / f"t{i:05d}.trf").write_text(generate(150, 9, opts.seed + i))
            # Generated files declare no ranks: nothing to compare, which audit accepts only so.
            cmd = [
                sys.executable,
                "-m",
                "fide_tiebreaks",
                "audit",
                str(folder),
                "-f",
                "jsonl",
                "--allow-empty",
            ]
            runs = [run_once(cmd) for _ in range(max(1, opts.repeat // 3))]
            print(
                f"audit of {opts.audit} tournaments (150 players x 9 rounds), "
                f"{os.cpu_count()} cores: median {statistics.median(t for t, _ in runs):.2f} s"
            )
    if len(results) > 1:
        small, large = min(results), max(results)
        print(
            f"ratio {large}/{small} players: time x{results[large] / results[small]:.2f} "
            f"for size x{large / small:.2f}"
        )


if __name__ == "__main__":
    main()
