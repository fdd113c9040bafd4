"""Side by side with FIDE TEC's reference program (gacrux), on the same generated files.

    python benchmarks/versus_reference.py --venvs .bench-venvs     # from a fresh clone
    python benchmarks/versus_reference.py --reference-python /path/to/venv/bin/python

Both run as processes, end to end (start-up included), on Swiss events of 16, 1,000 and
3,000 players x 11 rounds with BH/C1,BH,SB,DE,WIN,ARO/C1. Reports medians and the ratio.

gacrux is never a dependency of this project. ``--venvs DIR`` makes two clean virtual
environments there (once; later runs reuse them): one with this checkout installed as a
user installs it (``pip install .``), one with gacrux from PyPI. Start-up is part of what is
measured, so each program gets an environment with nothing else in it: an editable install
adds an import hook to every start (about 40 ms here), and a third package's ``.pth`` file
slows the other program's start as much. Without ``--venvs``, this interpreter runs
fide-tiebreaks and ``--reference-python`` (default: this interpreter) runs gacrux; where that
interpreter has no gacrux, fide-tiebreaks is timed alone.
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
from generate import generate

ROOT = Path(__file__).resolve().parent.parent


def timed(cmd: list[str], repeat: int) -> float:
    """The median of *repeat* runs, after one untimed run (bytecode caches, the disk cache)."""
    runs = []
    subprocess.run(cmd, capture_output=True)
    for _ in range(repeat):
        start = time.perf_counter()
        done = subprocess.run(cmd, capture_output=True, text=True)
        runs.append(time.perf_counter() - start)
        if done.returncode:
            raise SystemExit(f"failed: {' '.join(cmd)}\n{done.stderr[-2000:]}")
    return statistics.median(runs)


def make_venv(where: Path, *requirements: str) -> str:
    """A virtual environment at *where* with *requirements* installed; its interpreter."""
    python = where / ("Scripts/python.exe" if os.name == "nt" else "bin/python")
    if not python.exists():
        print(f"making {where} ({' '.join(requirements)}) ...", flush=True)
        subprocess.run([sys.executable, "-m", "venv", str(where)], check=True)
        subprocess.run([str(python), "-m", "pip", "install", "--quiet", *requirements], check=True)
    return str(python)


def has(python: str, module: str) -> bool:
    found = subprocess.run([python, "-c", f"import {module}"], capture_output=True)
    return found.returncode == 0


def editable(python: str) -> bool:
    """Whether *python* runs fide-tiebreaks from an editable install (or a source tree)."""
    where = subprocess.run(
        [python, "-c", "import fide_tiebreaks; print(fide_tiebreaks.__file__)"],
        capture_output=True,
        text=True,
        cwd=tempfile.gettempdir(),
    )
    return "site-packages" not in where.stdout


def main() -> None:
    ap = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    ap.add_argument(
        "--venvs",
        metavar="DIR",
        type=Path,
        help="make (or reuse) clean environments for both programs in DIR",
    )
    ap.add_argument(
        "--reference-python", default=sys.executable, help="an interpreter with gacrux installed"
    )
    ap.add_argument("--players", type=int, nargs="+", default=[16, 1000, 3000])
    ap.add_argument("--rounds", type=int, default=11)
    ap.add_argument("--tiebreaks", default="BH/C1,BH,SB,DE,WIN,ARO/C1")
    ap.add_argument("--repeat", type=int, default=3)
    opts = ap.parse_args()
    ours_python, reference = sys.executable, opts.reference_python
    if opts.venvs:
        ours_python = make_venv(opts.venvs.resolve() / "fide-tiebreaks", str(ROOT))
        reference = make_venv(opts.venvs.resolve() / "gacrux", "gacrux")
    if editable(ours_python):
        print(
            "note: fide-tiebreaks runs from an editable install or a source tree here, whose "
            "import hook slows every start; --venvs DIR measures a plain install"
        )
    if not has(reference, "gacrux"):
        print(
            f"note: {reference} has no gacrux; timing fide-tiebreaks alone "
            "(--venvs DIR, or --reference-python PYTHON with gacrux)"
        )
        reference = ""
    with tempfile.TemporaryDirectory() as tmp:
        for n in opts.players:
            path = Path(tmp) / f"swiss-{n}.trf"
            path.write_text(generate(n, opts.rounds, 1))
            ours = [
                ours_python,
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
            a = timed(ours, opts.repeat)
            if not reference:
                print(
                    f"{n:>6} players x {opts.rounds} rounds: fide-tiebreaks {a:.3f} s "
                    f"(median of {opts.repeat})",
                    flush=True,
                )
                continue
            theirs = [
                reference,
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
            b = timed(theirs, opts.repeat)
            print(
                f"{n:>6} players x {opts.rounds} rounds: fide-tiebreaks {a:.3f} s, "
                f"gacrux {b:.3f} s, ratio x{b / a:.1f} (medians of {opts.repeat})",
                flush=True,
            )


if __name__ == "__main__":
    main()
