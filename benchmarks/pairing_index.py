"""Benchmark: the Burstein index and the Dubov ARO after every round, in process (as a pairing
engine calls them between rounds), on synthetic Swiss events.

    python benchmarks/pairing_index.py                    # 500 and 5,000 players x 9 rounds
    python benchmarks/pairing_index.py --players 500 5000 9999 --rounds 11 --repeat 7

For each size and system: the median time of one call after the last round (what an engine
pays per round), and the ratio of the largest size to the smallest, which should stay near
the ratio of the sizes (linear in players x rounds). Timings live here, not in the tests.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))
from generate import generate

from fide_tiebreaks import Tournament, pairing_index, parse_trf


def median_seconds(t: Tournament, system: str, options: dict[str, Any], repeat: int) -> float:
    """The median time of one pairing_index call (after one warm-up call)."""
    pairing_index(t, system, **options)
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        pairing_index(t, system, **options)
        times.append(time.perf_counter() - start)
    return statistics.median(times)


def main() -> None:
    ap = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    ap.add_argument("--players", type=int, nargs="+", default=[500, 5000])
    ap.add_argument("--rounds", type=int, default=9)
    ap.add_argument("--repeat", type=int, default=5)
    args = ap.parse_args()
    results: dict[str, list[float]] = {"burstein": [], "dubov": []}
    for n in args.players:
        t = parse_trf(generate(n, args.rounds)).tournament
        provisional = {p.id: 1500 for p in t.participants if p.rating is None}
        for system, results_of in results.items():
            options: dict[str, Any] = (
                {"provisional_ratings": provisional} if system == "dubov" else {}
            )
            seconds = median_seconds(t, system, options, args.repeat)
            results_of.append(seconds)
            print(f"{system:9} {n:6} players x {args.rounds} rounds: {seconds * 1000:8.1f} ms")
    low, high = min(args.players), max(args.players)
    for system, times in results.items():
        ratio = times[args.players.index(high)] / times[args.players.index(low)]
        print(f"{system}: {high} / {low} players took {ratio:.1f}x (sizes {high / low:.1f}x)")


if __name__ == "__main__":
    main()
