"""Time and peak memory of the HTML report, and of reading hostile files (issue 16, 9-10).

    python benchmarks/html_report.py            # every case below
    python benchmarks/html_report.py --quick    # the 9,999 x 13 report only

Each case runs ``fide-tiebreaks`` in its own process, as a user would, and reads that
process's peak resident memory from the operating system (``getrusage``, as
``/usr/bin/time -v`` reports it). Targets (issue 16): the report of a 9,999-player, 13-round
Swiss with the default list in under 10 s and 400 MB; every other case under 10 s and 1 GB.
On a shared machine wall time wanders (other processes take the cores); CPU time (user +
system) is what the run itself costs, and it is what the targets are checked against: on a
quiet machine wall time is CPU time plus a few hundredths.
"""

from __future__ import annotations

import argparse
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from generate import generate

TARGETS = {"report 9999x13": (10.0, 400)}  # seconds, MB; others: 10 s, 1,000 MB


def tie(players: int) -> str:
    """One round, every game drawn: everyone tied on points, DE's worst case."""
    lines = ["012 A tie of everyone"]
    for i in range(1, players + 1):
        opp, colour = (i + 1, "w") if i % 2 else (i - 1, "b")
        head = (
            f"001 {i:4d}      {'P' + str(i):<33} {'':>4} {'':<3} {'':>11} {'':10} {'':>4} {'':>4}"
        )
        lines.append(f"{head}  {opp:4d} {colour} =")
    return "\n".join(lines) + "\n"


def run(args: list[str]) -> tuple[float, float, int]:
    """Wall seconds, CPU seconds and peak MB of one fide-tiebreaks process."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    done = subprocess.run(
        [sys.executable, "-m", "fide_tiebreaks", *args], capture_output=True, text=True
    )
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if done.returncode not in (0, 1, 2):
        raise SystemExit(f"{args}: exit {done.returncode}\n{done.stderr}")
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return wall, cpu, after.ru_maxrss // 1024  # ru_maxrss: the largest child so far, in KB


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="the 9,999 x 13 report only")
    opts = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        d = Path(folder)
        out = str(d / "out.html")
        cases: list[tuple[str, list[str]]] = []
        (d / "s13.trf").write_text(generate(9999, 13, 1))
        cases.append(("report 9999x13", ["standings", str(d / "s13.trf"), "-f", "html", "-o", out]))
        if not opts.quick:
            (d / "s99.trf").write_text(generate(9999, 99, 1))
            (d / "s500.trf").write_text(generate(500, 9, 1))
            (d / "tie.trf").write_text(tie(2000))
            (d / "blank.trf").write_bytes(b"012 x\n001    1      A\n" + b"\n" * 60_000_000)
            cases += [
                ("report 9999x99", ["standings", str(d / "s99.trf"), "-f", "html", "-o", out]),
                (
                    "report 500x9 DE,BH/C1,BH,SB",
                    [
                        "standings",
                        str(d / "s500.trf"),
                        "-t",
                        "DE,BH/C1,BH,SB",
                        "-f",
                        "html",
                        "-o",
                        out,
                    ],
                ),
                (
                    "report 2000-player DE tie",
                    ["standings", str(d / "tie.trf"), "-t", "DE", "-f", "html", "-o", out],
                ),
                ("check 60 MB of blank lines", ["check", str(d / "blank.trf")]),
            ]
        # Peak memory is per run only if the runs go from small to large; the largest
        # child so far is what getrusage reports, so each case runs in a fresh interpreter.
        failed = False
        for name, args in cases:
            code = (
                f"import sys; sys.path.insert(0, {str(Path(__file__).parent)!r}); "
                f"from html_report import run; print(*run({args!r}))"
            )
            done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
            if done.returncode:
                raise SystemExit(done.stderr)
            wall, cpu, mb = (float(x) for x in done.stdout.split())
            seconds, most = TARGETS.get(name, (10.0, 1000))
            ok = cpu < seconds and mb < most
            failed |= not ok
            print(
                f"{name:<32} {wall:6.2f} s wall {cpu:6.2f} s CPU {mb:6.0f} MB  "
                f"(target < {seconds:.0f} s, < {most} MB){'' if ok else '  MISSED'}"
            )
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()
