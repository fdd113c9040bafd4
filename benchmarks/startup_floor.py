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
5. row 4, the classes spread over as many modules of a package as the run imports of ours
   (the rest of each module empty): what loading that many modules costs by itself;
6. the whole ``fide-tiebreaks standings`` of the TEC exercise (16 players).

Row 3 minus row 2 is what the design's immutable, named data costs at start-up whatever the
code does with it, row 5 minus row 4 what its small modules cost (docs/benchmarks.md,
"Start-up"). Every program is imported from bytecode written beforehand, as an installed
package's is, whatever ``PYTHONDONTWRITEBYTECODE`` says: a script's compilation would be
counted too.
"""

from __future__ import annotations

import compileall
import dataclasses
import os
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import NamedTuple

ROOT = Path(__file__).resolve().parent.parent
TEC = ROOT / "conformance" / "fixtures" / "tec-exercise-2024" / "tournament.trf"
FLOOR = "import pluggy, fractions, dataclasses, argparse, json"


class Shapes(NamedTuple):
    """What a standings run defines: the fields and frozenness of each data class, the
    field count of each named tuple, and how many modules of ours it imports."""

    classes: list[tuple[int, bool]]
    tuples: list[int]
    modules: int


def shapes() -> Shapes:
    """The shapes defined by the modules a standings run imports (found by running one in
    this process)."""
    out = ROOT / ".floor-out.json"
    before = set(sys.modules)
    from fide_tiebreaks.cli import main

    main(["standings", str(TEC), "-f", "json", "-o", str(out)])
    out.unlink(missing_ok=True)
    classes, tuples, modules = [], [], 0
    for name in sorted(set(sys.modules) - before):
        if not name.startswith("fide_tiebreaks"):
            continue
        modules += 1
        for value in vars(sys.modules[name]).values():
            if not isinstance(value, type) or value.__module__ != name:
                continue
            if dataclasses.is_dataclass(value):
                params = value.__dataclass_params__  # type: ignore[attr-defined]
                classes.append((len(dataclasses.fields(value)), params.frozen))
            elif issubclass(value, tuple) and hasattr(value, "_fields"):
                tuples.append(len(value._fields))
    return Shapes(classes=classes, tuples=tuples, modules=modules)


def spread(program: str, where: Path, modules: int) -> str:
    """*program*'s class statements spread over *modules* modules of a package ``spread``
    in *where*; the name of the module that imports them all, in order."""
    head, *blocks = re.split(r"\n(?=@dataclass|class T)", program)
    package = Path(where, "spread")
    package.mkdir()
    Path(package, "__init__.py").write_text("")
    share = -(-len(blocks) // modules)
    for i in range(modules):
        mine = blocks[i * share : (i + 1) * share]
        Path(package, f"m{i}.py").write_text(head + "\n" + "\n".join(mine) + "\n")
    Path(where, "floor_spread.py").write_text(
        "".join(f"import spread.m{i}\n" for i in range(modules))
    )
    return "floor_spread"


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
    found = shapes()
    with tempfile.TemporaryDirectory() as where:
        programs = {
            "floor_stdlib": creating(found.classes, found.tuples),
            "floor_ours": creating(found.classes, found.tuples, ours=True),
        }
        for name, program in programs.items():
            Path(where, f"{name}.py").write_text(program)
        spread_name = spread(programs["floor_ours"], Path(where), found.modules)
        compileall.compile_dir(where, quiet=1, force=True)

        def importing(name: str) -> list[str]:
            return [
                sys.executable,
                "-c",
                f"import sys; sys.path.insert(0, {where!r}); import {name}",
            ]

        rows = {
            "python -c pass": [sys.executable, "-c", "pass"],
            "the prescribed libraries": [sys.executable, "-c", FLOOR],
            f"and {len(found.classes)} data classes, {len(found.tuples)} named tuples": importing(
                "floor_stdlib"
            ),
            "the same made by fide_tiebreaks.data_classes": importing("floor_ours"),
            f"the same in {found.modules} modules": importing(spread_name),
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
