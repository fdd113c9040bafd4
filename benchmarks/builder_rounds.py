"""Cost per round of a pairing program's loop: record a round with EventBuilder, then rank.

    python benchmarks/builder_rounds.py                       # 16 and 500 players, 11 rounds
    python benchmarks/builder_rounds.py --players 2000 --rounds 13 --repeat 3

The events are generated Swisses (benchmarks/generate.py: byes, forfeits, double forfeits,
withdrawals). Each round's games and byes are prepared before timing; the clock covers
``record_round`` + ``tournament()`` + ``compute_standings(t, LIST)`` only. Reports, per
size, the median per round over all rounds and repeats (the targets of issue #14: < 0.5 ms
at 16 players, < 10 ms at 500 players x 11 rounds), the split between building and ranking,
and the median of each round, to show how the cost grows with the rounds played.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from generate import generate

from fide_tiebreaks import EventBuilder, ResultKind, Tournament, compute_standings, parse_trf

LIST = "BH/C1,BH,SB,DE,WIN"
Round = tuple[list[tuple[int, int, str]], dict[int, str]]


def rounds_of(t: Tournament) -> list[Round]:
    """Each round's games (white, black, result) and byes, as a pairing program has them."""
    out: list[Round] = []
    for r in range(1, t.rounds + 1):
        games, byes = [], {}
        for p in t:
            g = p.results[r - 1]
            if g.opponent is not None and g.colour.value == "w":
                theirs = t.participant(g.opponent).results[r - 1].kind
                code = f"{g.kind.value}-{theirs.value}"
                if theirs is ResultKind.DOUBLE_FORFEIT:
                    code = "--"
                games.append((p.id, g.opponent, code))
            elif g.opponent is None and g.kind is not ResultKind.NOT_PAIRED:
                byes[p.id] = g.kind.value
        out.append((games, byes))
    return out


def one_event(
    t: Tournament, plan: list[Round], clock: Callable[[], float]
) -> list[tuple[float, float]]:
    """(build, rank) seconds for each round of one run through the event."""
    ev = EventBuilder(rounds=len(plan), edition="fide-2024", name=t.name)
    for p in t:
        ev.add_player(p.id, p.name, rating=p.rating)
    times = []
    for r, (games, byes) in enumerate(plan, start=1):
        start = clock()
        ev.record_round(r, games=games, byes=byes)
        built = ev.tournament()
        middle = clock()
        compute_standings(built, LIST)
        times.append((middle - start, clock() - middle))
    return times


def main() -> None:
    ap = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    ap.add_argument("--players", type=int, nargs="*", default=[16, 500])
    ap.add_argument("--rounds", type=int, default=11)
    ap.add_argument("--repeat", type=int, default=0, help="runs per size (default: by size)")
    ap.add_argument(
        "--cpu",
        action="store_true",
        help="time the process's CPU (time.process_time) instead of the wall clock: "
        "steadier on a machine shared with other work",
    )
    args = ap.parse_args()
    clock = time.process_time if args.cpu else time.perf_counter
    print(
        f"Python {sys.version.split()[0]}; list {LIST}; edition fide-2024; "
        f"{'CPU time' if args.cpu else 'wall clock'}; load average "
        f"{os.getloadavg()[0]:.1f}"
    )
    for n in args.players:
        t = parse_trf(generate(n, args.rounds, seed=14)).tournament
        plan = rounds_of(t)
        repeat = args.repeat or max(3, 3000 // n)
        one_event(t, plan, clock)  # warm-up: imports, plugin registry, caches
        runs = [one_event(t, plan, clock) for _ in range(repeat)]
        total = [b + k for run in runs for b, k in run]
        build = [b for run in runs for b, _ in run]
        rank = [k for run in runs for _, k in run]
        by_round = [statistics.median(sum(run[r]) for run in runs) for r in range(len(plan))]
        ms = 1000
        print(f"\n{n} players x {len(plan)} rounds, {repeat} runs:")
        print(
            f"  per round: median {statistics.median(total) * ms:.3f} ms "
            f"(record + tournament() {statistics.median(build) * ms:.3f} ms, "
            f"compute_standings {statistics.median(rank) * ms:.3f} ms)"
        )
        print("  median by round (ms): " + " ".join(f"{v * ms:.2f}" for v in by_round))


if __name__ == "__main__":
    main()
