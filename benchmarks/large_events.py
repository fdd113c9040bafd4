"""A large event next to its bare floor and the previous release, in one run.

    python benchmarks/large_events.py --previous-python PREVIOUS_VENV/bin/python
    python benchmarks/large_events.py --players 9999 --rounds 13 --repeat 15

Times, as processes taking turns (one run each, *repeat* times; medians of wall and of CPU,
user + system): ``fide-tiebreaks standings FILE -t LIST -f json -o OUT`` of this checkout's
interpreter, the same command of the previous release (``--previous-python``), and
benchmarks/floor.py, a bare pure-Python parse with BH and SB, on a generated Swiss
(benchmarks/generate.py, seed 1). Targets (issue #31): under the previous release, and at
most 2.5x the floor, with BH and SB (``--tiebreaks``; the default list is both).
"""

from __future__ import annotations

import argparse
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from generate import generate
from versus_reference import interleaved

HERE = Path(__file__).resolve().parent


def main() -> None:
    ap = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    ap.add_argument("--players", type=int, default=9999)
    ap.add_argument("--rounds", type=int, default=13)
    ap.add_argument("--tiebreaks", nargs="+", default=["BH,SB"], help="one list or more")
    ap.add_argument("--repeat", type=int, default=9)
    ap.add_argument("--previous-python", help="an interpreter with the previous release")
    opts = ap.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "event.trf"
        path.write_text(generate(opts.players, opts.rounds, 1))
        cmds = {
            "floor (parse, BH, SB)": [
                sys.executable,
                str(HERE / "floor.py"),
                str(path),
                f"{tmp}/f.json",
            ]
        }
        for codes in opts.tiebreaks:
            pythons = {"fide-tiebreaks": sys.executable}
            if opts.previous_python:
                pythons["previous release"] = opts.previous_python
            for name, python in pythons.items():
                cmds[f"{name} -t {codes}"] = [
                    python,
                    "-m",
                    "fide_tiebreaks",
                    "standings",
                    str(path),
                    "-t",
                    codes,
                    "-e",
                    "fide-2024",
                    "-f",
                    "json",
                    "-o",
                    f"{tmp}/o.json",
                ]
        times = interleaved(cmds, opts.repeat)
    floor = times["floor (parse, BH, SB)"]
    print(f"{opts.players} players x {opts.rounds} rounds, medians of {opts.repeat}, interleaved:")
    for name, t in times.items():
        print(
            f"  {name:<40} wall {t.wall:.3f} s  CPU {t.cpu:.3f} s  "
            f"x{t.cpu / floor.cpu:.2f} the floor's CPU",
            flush=True,
        )


if __name__ == "__main__":
    main()
