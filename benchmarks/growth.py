"""Growth per tie-break: is any built-in code (or the reader) worse than linear?

    python benchmarks/growth.py                # every built-in code, 1,000 vs 9,999 players
    python benchmarks/growth.py --codes DE,PTP,APPO --repeat 5

For each code alone, the best of N timings of ``compute_standings`` on a 1,000- and a 9,999-player
13-round Swiss (byes, forfeits, withdrawals), and for the team codes on team events of 99 and
999 teams (6 boards, 11 rounds); the reader is timed the same way. In-process (one process
per event), so start-up does not hide growth. A ratio above 12 for a 10x larger event
(issue 7, target 2) is marked. A group tie-break (DE, EDE, TBR, BBE) alone ranks whole score
groups: its worst case.
"""

from __future__ import annotations

import argparse
import gc
import json
import subprocess
import sys
import time
from functools import partial
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from generate import generate, generate_teams

from fide_tiebreaks import compute_standings, parse_trf
from fide_tiebreaks.host import registry

LIMIT = 12  # time at 10x the size may be at most 12x (issue 7)
ONLY_2026 = {"STD", "TPN", "RTNG"}
EVENTS = (("individual", (1000, 9999)), ("team", (99, 999)))  # kind, (small, large)


def timed(fn, repeat: int) -> float:  # type: ignore[no-untyped-def]
    times = []
    for _ in range(repeat):
        # The collector is off while timing, as in the command line; what a run leaves in
        # reference cycles is cleared between runs, or later codes would be timed in a heap
        # swollen by the garbage of all the earlier ones.
        gc.collect()
        start = time.perf_counter()
        fn()
        times.append(time.perf_counter() - start)
    # The fastest run: machine noise only ever adds time (the timeit documentation's advice);
    # at a few milliseconds a median still wanders by a third on a shared machine.
    return min(times)


def worker(kind: str, size: int, codes: list[str], repeat: int) -> None:
    """Time the reader and every code on one event, in this process only; print JSON."""
    gc.disable()  # as the command line runs; collections would add noise, not growth
    text = generate(size, 13, 1) if kind == "individual" else generate_teams(size, 6, 11, 1)
    data = text.encode()
    tournament = parse_trf(data).tournament
    options = {"unrated_rating": 1500}  # keeps the rating codes where players are unrated
    times: dict[str, float] = {}
    for code in codes:
        edition = "fide-2026" if code in ONLY_2026 else "fide-2024"
        try:
            compute_standings(tournament, [code], edition, options=options)
        except Exception:
            continue  # a team code on the individual event, or the reverse
        times[code] = timed(
            partial(compute_standings, tournament, [code], edition, options=options), repeat
        )
    times["reader"] = timed(lambda: parse_trf(data), repeat)  # last: it leaves garbage behind
    print(json.dumps(times))


def main() -> None:
    ap = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    ap.add_argument("--codes", help="comma-separated codes (default: every built-in code)")
    ap.add_argument("--repeat", type=int, default=7)
    ap.add_argument("--worker", nargs=2, metavar=("KIND", "SIZE"), help=argparse.SUPPRESS)
    opts = ap.parse_args()
    everything = registry().tiebreaks.values()
    codes = opts.codes.split(",") if opts.codes else sorted({tbs[0].code for tbs in everything})
    if opts.worker:
        worker(opts.worker[0], int(opts.worker[1]), codes, opts.repeat)
        return
    # Each event is timed in a process of its own: events read earlier (and the garbage of
    # timing the reader) would otherwise scatter the later events' objects over a
    # fragmented heap, and the larger event, read last, would pay for it in cache misses.
    found = {}
    for kind, sizes in EVENTS:
        for size in sizes:
            done = subprocess.run(
                [
                    sys.executable,
                    __file__,
                    "--worker",
                    kind,
                    str(size),
                    "--codes",
                    ",".join(codes),
                    "--repeat",
                    str(opts.repeat),
                ],
                capture_output=True,
                text=True,
                check=True,
            )
            found[kind, size] = json.loads(done.stdout)
    rows = []
    for kind, (small, large) in EVENTS:
        a, b = found[kind, small], found[kind, large]
        rows.append((f"reader ({kind})", a["reader"], b["reader"]))
        rows += [(f"{code} ({kind})", a[code], b[code]) for code in codes if code in a]
    worst = 0.0
    print(f"{'':<26} {'small':>9} {'large':>9} {'ratio':>7}")
    for label, ta, tb in rows:
        ratio = tb / ta if ta else float("inf")
        worst = max(worst, ratio)
        mark = "" if ratio <= LIMIT else f"  > {LIMIT}: worse than linear"
        print(f"{label:<26} {ta:9.4f} {tb:9.4f} {ratio:7.2f}{mark}")
    print(f"worst ratio x{worst:.2f} for events 10x larger (limit x{LIMIT})")


if __name__ == "__main__":
    main()
