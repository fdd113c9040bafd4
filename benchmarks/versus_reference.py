"""Side by side with FIDE TEC's reference program (gacrux), on the same generated files.

    python benchmarks/versus_reference.py --venvs .bench-venvs     # from a fresh clone
    python benchmarks/versus_reference.py --reference-python /path/to/venv/bin/python

    python benchmarks/versus_reference.py --players --repeat 41 --instructions \
        --file conformance/fixtures/tec-exercise-2024/tournament.trf \
        --reference-python GACRUX_VENV/bin/python --previous-python PREVIOUS_VENV/bin/python

Both run as processes, end to end (start-up included), on Swiss events of 16, 1,000 and
3,000 players x 11 rounds with BH/C1,BH,SB,DE,WIN,ARO/C1 (``--players``; ``--file`` adds a
given TRF file). The programs take turns, one run each, *repeat* times, so a burst of load
from other work falls on all of them alike; each line gives the medians of the wall time and
of the process's CPU time (user + system), and the CPU ratio to gacrux's. ``--instructions``
also counts the instructions of one run of each with valgrind's callgrind: a count that is
the same however loaded the machine is. ``--previous-python`` adds the previous release.

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
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import NamedTuple

sys.path.insert(0, str(Path(__file__).resolve().parent))
from generate import generate

ROOT = Path(__file__).resolve().parent.parent


class Times(NamedTuple):
    wall: float  # seconds, medians
    cpu: float  # user + system seconds of the process, medians


def run_once(cmd: list[str]) -> tuple[float, float]:
    """(wall, user + system CPU) seconds of one run of *cmd* as a process."""
    start = time.perf_counter()
    proc = subprocess.Popen(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    _, status, usage = os.wait4(proc.pid, 0)
    wall = time.perf_counter() - start
    if os.waitstatus_to_exitcode(status):
        assert proc.stderr is not None
        raise SystemExit(f"failed: {' '.join(cmd)}\n{proc.stderr.read().decode()[-2000:]}")
    return wall, usage.ru_utime + usage.ru_stime


def interleaved(cmds: dict[str, list[str]], repeat: int) -> dict[str, Times]:
    """Each command *repeat* times, taking turns (one run of each, then again), after one
    untimed run of each (bytecode caches, the disk cache): on a machine shared with other
    work, a burst of load then falls on every program alike. Medians of wall and CPU time."""
    runs: dict[str, list[tuple[float, float]]] = {name: [] for name in cmds}
    for cmd in cmds.values():
        run_once(cmd)
    for _ in range(repeat):
        for name, cmd in cmds.items():
            runs[name].append(run_once(cmd))
    return {
        name: Times(
            wall=statistics.median(w for w, _ in got), cpu=statistics.median(c for _, c in got)
        )
        for name, got in runs.items()
    }


def instructions(cmd: list[str]) -> int | None:
    """The instructions *cmd* executes (valgrind's callgrind), or None without valgrind: a
    count that does not change with the machine's load."""
    if not shutil.which("valgrind"):
        return None
    done = subprocess.run(
        ["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null", *cmd],
        capture_output=True,
        text=True,
    )
    found = re.search(r"Collected : (\d+)", done.stderr)
    return int(found.group(1)) if found else None


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


def ours_cmd(python: str, path: Path, tiebreaks: str, out: str) -> list[str]:
    return [
        python,
        "-m",
        "fide_tiebreaks",
        "standings",
        str(path),
        "-t",
        tiebreaks,
        "-e",
        "fide-2024",
        "-f",
        "json",
        "-o",
        out,
    ]


def reference_cmd(python: str, path: Path, tiebreaks: str, out: str) -> list[str]:
    return [
        python,
        "-m",
        "gacrux.tiebreakchecker",
        "-i",
        str(path),
        "-s",
        "-t",
        "PTS",
        *tiebreaks.split(","),
        "-o",
        out,
    ]


def options() -> argparse.Namespace:
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
    ap.add_argument(
        "--previous-python",
        help="also time the previous release, installed for this interpreter",
    )
    ap.add_argument("--players", type=int, nargs="*", default=[16, 1000, 3000])
    ap.add_argument(
        "--file",
        type=Path,
        action="append",
        default=[],
        help="also a given TRF file (e.g. conformance/fixtures/tec-exercise-2024/tournament.trf)",
    )
    ap.add_argument("--rounds", type=int, default=11)
    ap.add_argument("--tiebreaks", default="BH/C1,BH,SB,DE,WIN,ARO/C1")
    ap.add_argument("--repeat", type=int, default=3)
    ap.add_argument(
        "--instructions",
        action="store_true",
        help="also count each program's instructions once (valgrind --tool=callgrind)",
    )
    return ap.parse_args()


def report(label: str, times: dict[str, Times], counts: dict[str, int | None], repeat: int) -> None:
    """One line per program: medians of wall and CPU time, the CPU ratio to gacrux's and,
    with --instructions, the instruction count and its ratio."""
    print(f"{label} (medians of {repeat}, interleaved):", flush=True)
    base = times.get("gacrux")
    for name, t in times.items():
        line = f"  {name:<16} wall {t.wall:.3f} s  CPU {t.cpu:.3f} s"
        if base is not None and name != "gacrux":
            line += f"  CPU x{t.cpu / base.cpu:.2f} gacrux's"
        count = counts.get(name)
        if count is not None:
            line += f"  {count / 1e6:.0f}M instructions"
            if counts.get("gacrux") and name != "gacrux":
                line += f" (x{count / counts['gacrux']:.2f})"
        print(line, flush=True)


def main() -> None:
    opts = options()
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
        events = [(f"{p.name} ({p.parent.name})", p.resolve()) for p in opts.file]
        for n in opts.players:
            path = Path(tmp) / f"swiss-{n}.trf"
            path.write_text(generate(n, opts.rounds, 1))
            events.append((f"{n} players x {opts.rounds} rounds", path))
        for label, path in events:
            cmds = {"fide-tiebreaks": ours_cmd(ours_python, path, opts.tiebreaks, f"{tmp}/o.json")}
            if opts.previous_python:
                cmds["previous release"] = ours_cmd(
                    opts.previous_python, path, opts.tiebreaks, f"{tmp}/p.json"
                )
            if reference:
                cmds["gacrux"] = reference_cmd(reference, path, opts.tiebreaks, f"{tmp}/r.json")
            times = interleaved(cmds, opts.repeat)
            counts = {n: instructions(c) for n, c in cmds.items()} if opts.instructions else {}
            report(label, times, counts, opts.repeat)


if __name__ == "__main__":
    main()
