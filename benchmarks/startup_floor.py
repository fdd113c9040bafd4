"""What start-up costs before our own code runs: the floor of the prescribed design.

    python benchmarks/startup_floor.py            # instructions with valgrind, else CPU time

Counts, for the interpreter that runs it (valgrind's callgrind where it is installed: the
count is the same however loaded the machine is; else the median CPU time of 21 runs):

1. ``python -c pass``;
2. the libraries the design card prescribes, imported and nothing else: pluggy, fractions,
   dataclasses, argparse, json (issue #31's floor);
3. the same, and then creating as many data classes and named tuples, of the same shapes
   (fields, frozen), as a standings run of a TRF file creates: the model, the reader's state,
   the plugin host's records (the shapes are read from the modules a standings run imports);
4. the same shapes made by ``fide_tiebreaks.data_classes`` (what the package uses);
5. the whole ``fide-tiebreaks standings`` of the TEC exercise (16 players).

Row 3 minus row 2 is what the design's immutable, named data costs at start-up whatever the
code does with it (docs/benchmarks.md, "Start-up").
"""

from __future__ import annotations

import dataclasses
import os
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
TEC = ROOT / "conformance" / "fixtures" / "tec-exercise-2024" / "tournament.trf"
FLOOR = "import pluggy, fractions, dataclasses, argparse, json"


def shapes() -> tuple[list[tuple[int, bool]], list[int]]:
    """(fields, frozen) of each data class and the field count of each named tuple defined
    by the modules a standings run imports (found by running one in this process)."""
    out = ROOT / ".floor-out.json"
    before = set(sys.modules)
    from fide_tiebreaks.cli import main

    main(["standings", str(TEC), "-f", "json", "-o", str(out)])
    out.unlink(missing_ok=True)
    classes, tuples = [], []
    for name in sorted(set(sys.modules) - before):
        if not name.startswith("fide_tiebreaks"):
            continue
        for value in vars(sys.modules[name]).values():
            if not isinstance(value, type) or value.__module__ != name:
                continue
            if dataclasses.is_dataclass(value):
                params = value.__dataclass_params__  # type: ignore[attr-defined]
                classes.append((len(dataclasses.fields(value)), params.frozen))
            elif issubclass(value, tuple) and hasattr(value, "_fields"):
                tuples.append(len(value._fields))
    return classes, tuples


def creating(classes: list[tuple[int, bool]], tuples: list[int], ours: bool = False) -> str:
    """A program that creates data classes and named tuples of these shapes, with the
    standard library's ``dataclass`` and ``typing.NamedTuple``, or with *ours*
    (``fide_tiebreaks.data_classes``), which compile no method at import."""
    lines = ["from __future__ import annotations", FLOOR]  # as every module of the package
    if ours:
        lines.append("from fide_tiebreaks.data_classes import NamedTuple, dataclass")
    else:
        lines += ["from dataclasses import dataclass", "from typing import NamedTuple"]
    for i, (fields, frozen) in enumerate(classes):
        lines.append(f'@dataclass(frozen={frozen})\nclass D{i}:\n    """A class."""')
        lines += [f"    f{k}: int = {k}" for k in range(fields)]
    for i, fields in enumerate(tuples):
        lines.append(f'class T{i}(NamedTuple):\n    """A class."""')
        lines += [f"    f{k}: int = {k}" for k in range(fields)]
    return "\n".join(lines) + "\n"


def cost(cmd: list[str]) -> str:
    if shutil.which("valgrind"):
        done = subprocess.run(
            ["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null", *cmd],
            capture_output=True,
            text=True,
            cwd=os.path.dirname(str(TEC)),
        )
        found = re.search(r"Collected : (\d+)", done.stderr)
        return f"{int(found.group(1)) / 1e6:6.0f}M instructions" if found else "?"
    runs = []
    for _ in range(21):
        start = os.times()
        subprocess.run(cmd, capture_output=True)
        end = os.times()
        runs.append(
            end.children_user + end.children_system - start.children_user - start.children_system
        )
    return f"{statistics.median(runs) * 1000:6.1f} ms CPU"


def main() -> None:
    classes, tuples = shapes()
    with tempfile.TemporaryDirectory() as where:
        # Modules, imported: their bytecode is cached as a package's is (a script would be
        # compiled on every run, and that would be counted too).
        for name, ours in (("floor_stdlib", False), ("floor_ours", True)):
            Path(where, f"{name}.py").write_text(creating(classes, tuples, ours))
            subprocess.run([sys.executable, "-c", f"import {name}"], cwd=where, check=True)

        def importing(name: str) -> list[str]:
            return [
                sys.executable,
                "-c",
                f"import sys; sys.path.insert(0, {where!r}); import {name}",
            ]

        rows = {
            "python -c pass": [sys.executable, "-c", "pass"],
            "the prescribed libraries": [sys.executable, "-c", FLOOR],
            f"and {len(classes)} data classes, {len(tuples)} named tuples": importing(
                "floor_stdlib"
            ),
            "the same made by fide_tiebreaks.data_classes": importing("floor_ours"),
            "fide-tiebreaks standings (TEC exercise)": [
                sys.executable,
                "-m",
                "fide_tiebreaks",
                "standings",
                str(TEC),
                "-t",
                "BH/C1,BH,SB,DE,WIN,ARO/C1",
                "-e",
                "fide-2024",
                "-f",
                "json",
                "-o",
                str(Path(where, "out.json")),
            ],
        }
        for label, cmd in rows.items():
            print(f"{label:<48} {cost(cmd)}", flush=True)


if __name__ == "__main__":
    main()
