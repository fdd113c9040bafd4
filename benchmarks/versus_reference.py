"""Side by side with FIDE TEC's reference program (gacrux), on the same generated files.

    python benchmarks/versus_reference.py --reference-python /path/to/venv/bin/python

Both run as processes, end to end (start-up included), on Swiss events of 16, 1,000 and
3,000 players x 11 rounds with BH/C1,BH,SB,DE,WIN,ARO/C1. Reports medians and the ratio.
gacrux is never a dependency of this project: install it in a separate environment
(`python -m venv ref && ref/bin/pip install gacrux`) and name that interpreter.
"""

from __future__ import annotations

import argparse
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from generate import generate


def timed(cmd: list[str], repeat: int) -> float:
    runs = []
    for _ in range(repeat):
        start = time.perf_counter()
        done = subprocess.run(cmd, capture_output=True, text=True)
        runs.append(time.perf_counter() - start)
        if done.returncode:
            raise SystemExit(f"failed: {' '.join(cmd)}\n{done.stderr[-2000:]}")
    return statistics.median(runs)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)  # fmt: skip
    ap.add_argument("--reference-python", default=sys.executable,
                    help="an interpreter with gacrux installed")  # fmt: skip
    ap.add_argument("--players", type=int, nargs="+", default=[16, 1000, 3000])
    ap.add_argument("--rounds", type=int, default=11)
    ap.add_argument("--tiebreaks", default="BH/C1,BH,SB,DE,WIN,ARO/C1")
    ap.add_argument("--repeat", type=int, default=3)
    opts = ap.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        for n in opts.players:
            path = Path(tmp) / f"swiss-{n}.trf"
            path.write_text(generate(n, opts.rounds, 1))
            ours = [
                sys.executable,
                "-m",
                "fide_tiebreaks",
                "standings",
                str(path),
                "-t",
                opts.tiebreaks,
                "-e",
                "fide-2024",
                "-f",
                "json",
                "-o",
                f"{tmp}/ours.json",
            ]
            theirs = [
                opts.reference_python,
                "-m",
                "gacrux.tiebreakchecker",
                "-i",
                str(path),
                "-s",
                "-t",
                "PTS",
                *opts.tiebreaks.split(","),
                "-o",
                f"{tmp}/ref.json",
            ]
            a, b = timed(ours, opts.repeat), timed(theirs, opts.repeat)
            print(
                f"{n:>6} players x {opts.rounds} rounds: fide-tiebreaks {a:.3f} s, "
                f"gacrux {b:.3f} s, ratio x{b / a:.1f} (medians of {opts.repeat})",
                flush=True,
            )


if __name__ == "__main__":
    main()
