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
import gc
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


class Collector:
    """The time the cyclic garbage collector runs (gc.callbacks), on *clock*."""

    def __init__(self, clock: Callable[[], float]) -> None:
        self.clock, self.total, self.started = clock, 0.0, 0.0
        gc.callbacks.append(self.callback)

    def callback(self, phase: str, info: dict[str, int]) -> None:
        if phase == "start":
            self.started = self.clock()
        else:
            self.total += self.clock() - self.started


def one_event(
    t: Tournament, plan: list[Round], clock: Callable[[], float], collector: Collector, mode: str
) -> list[tuple[float, float, float]]:
    """(build, rank, of which collecting) seconds for each round of one run through the
    event. *mode*: "on" (the collector as a host program has it), "off" (disabled while the
    rounds run) or "freeze" (gc.freeze() after the players are added and after each round:
    what is kept moves out of the collector's sight)."""
    ev = EventBuilder(rounds=len(plan), edition="fide-2024", name=t.name)
    for p in t:
        ev.add_player(p.id, p.name, rating=p.rating)
    times = []
    if mode == "off":
        gc.disable()
    if mode == "freeze":
        gc.freeze()
    for r, (games, byes) in enumerate(plan, start=1):
        collected = collector.total
        start = clock()
        ev.record_round(r, games=games, byes=byes)
        built = ev.tournament()
        middle = clock()
        compute_standings(built, LIST)
        times.append((middle - start, clock() - middle, collector.total - collected))
        if mode == "freeze":
            gc.freeze()
    gc.enable()
    gc.unfreeze()
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
    ap.add_argument(
        "--gc",
        choices=["on", "off", "freeze"],
        nargs="+",
        default=["on"],
        help="the cyclic collector while the rounds run: on (as a host program has it), off, "
        "or frozen after each round (gc.freeze); several modes are timed in turns",
    )
    args = ap.parse_args()
    clock = time.process_time if args.cpu else time.perf_counter
    collector = Collector(clock)
    print(
        f"Python {sys.version.split()[0]}; list {LIST}; edition fide-2024; "
        f"{'CPU time' if args.cpu else 'wall clock'}; load average "
        f"{os.getloadavg()[0]:.1f}"
    )
    for n in args.players:
        t = parse_trf(generate(n, args.rounds, seed=14)).tournament
        plan = rounds_of(t)
        repeat = args.repeat or max(3, 3000 // n)
        one_event(t, plan, clock, collector, "on")  # warm-up: imports, plugin registry, caches
        runs: dict[str, list[list[tuple[float, float, float]]]] = {m: [] for m in args.gc}
        for _ in range(repeat):  # the modes take turns, so that load falls on each alike
            for mode in args.gc:
                gc.collect()
                runs[mode].append(one_event(t, plan, clock, collector, mode))
        for mode, got in runs.items():
            report(n, len(plan), mode, got)


def report(n: int, rounds: int, mode: str, runs: list[list[tuple[float, float, float]]]) -> None:
    total = [b + k for run in runs for b, k, _ in run]
    build = [b for run in runs for b, _, _ in run]
    rank = [k for run in runs for _, k, _ in run]
    by_round = [statistics.median(sum(run[r][:2]) for run in runs) for r in range(rounds)]
    in_gc = [statistics.median(run[r][2] for run in runs) for r in range(rounds)]
    ms = 1000
    print(f"\n{n} players x {rounds} rounds, {len(runs)} runs, collector {mode}:")
    print(
        f"  per round: median {statistics.median(total) * ms:.3f} ms "
        f"(record + tournament() {statistics.median(build) * ms:.3f} ms, "
        f"compute_standings {statistics.median(rank) * ms:.3f} ms)"
    )
    print("  median by round (ms): " + " ".join(f"{v * ms:.2f}" for v in by_round))
    print("  of which collecting (ms): " + " ".join(f"{v * ms:.2f}" for v in in_gc))
    if rounds >= 9:
        early, late = sum(by_round[1:4]), sum(by_round[6:9])
        print(f"  rounds 7-9 / rounds 2-4: x{late / early:.2f}")


if __name__ == "__main__":
    main()
