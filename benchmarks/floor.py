"""The bare floor of a large event: what any pure-Python program pays to read a TRF file's
player lines and compute Buchholz and Sonneborn-Berger, with nothing else.

    python benchmarks/floor.py FILE.trf [OUT.json]

One pass over the lines: each ``001`` line's start rank and round blocks (TRF16 columns:
opponent 92-95, colour 97, result 99, then every 10 columns), scores in half points (exact
integers); then BH (the sum of the opponents' scores over the games played) and SB (the
opponents' scores weighted by the result), a sort on (points, BH, SB) and the rows as JSON.
No checks, no unplayed-round rules, no plugins, no model: a floor, not a program. The
standings command is measured against it (docs/benchmarks.md, "Large events"):
``benchmarks/large_events.py`` times both, taking turns, in one run.
"""

from __future__ import annotations

import json
import sys

# Half points of each TRF result letter (C.04 Annex 2); "=" and "D" are draws, "H" a half-point bye.
HALVES = dict.fromkeys("1+WFU", 2) | dict.fromkeys("=DH", 1) | dict.fromkeys("0-LZ ", 0)
PLAYED = frozenset("10=WDL")


def read(path: str) -> tuple[dict[int, int], dict[int, list[tuple[int, int]]]]:
    """Each player's score in half points, and its games as (opponent, own half points)."""
    score: dict[int, int] = {}
    games: dict[int, list[tuple[int, int]]] = {}
    with open(path, encoding="utf-8") as f:
        for line in f:
            if not line.startswith("001"):
                continue
            pid = int(line[4:8])
            total, mine = 0, []
            for at in range(91, len(line) - 7, 10):
                result = line[at + 7]
                halves = HALVES.get(result, 0)
                total += halves
                opponent = line[at : at + 4].strip()
                if result in PLAYED and opponent and opponent != "0000":
                    mine.append((int(opponent), halves))
            score[pid], games[pid] = total, mine
    return score, games


def main(path: str, out: str | None = None) -> None:
    score, games = read(path)
    bh = {p: sum(score[o] for o, _ in g) for p, g in games.items()}
    sb = {p: sum(score[o] * h for o, h in g) for p, g in games.items()}
    order = sorted(score, key=lambda p: (-score[p], -bh[p], -sb[p], p))
    # exact integers: points and BH in half points, SB in quarter points
    rows = [{"id": p, "points_x2": score[p], "BH_x2": bh[p], "SB_x4": sb[p]} for p in order]
    text = json.dumps(rows)
    if out:
        with open(out, "w", encoding="utf-8") as f:
            f.write(text)
    else:
        sys.stdout.write(text)


if __name__ == "__main__":
    main(*sys.argv[1:3])
