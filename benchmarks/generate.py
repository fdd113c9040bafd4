"""Deterministic synthetic Swiss tournaments as TRF16, for benchmarks.

Score-group pairing (adjacent players of the sorted field, avoiding repeats where a swap
with the next player helps), Elo-expectation results, and the awkward cases tie-breaks must
handle: pairing-allocated byes, half- and zero-point byes, forfeits, double forfeits and
withdrawals. The same (players, rounds, seed) always gives the same bytes.

    python benchmarks/generate.py 9999 13 > big.trf
"""

from __future__ import annotations

import random
import sys


def generate(
    players: int,
    rounds: int,
    seed: int = 1,
    *,
    withdraw: float = 0.003,
    bye: float = 0.01,
    forfeit: float = 0.005,
) -> str:
    """A Swiss as TRF16 text. *withdraw*, *bye* and *forfeit* are per-round probabilities
    (a tenth of the forfeits are double forfeits)."""
    rng = random.Random(seed)
    ratings = sorted((rng.randint(1000, 2800) for _ in range(players)), reverse=True)
    ids = range(1, players + 1)
    score = dict.fromkeys(ids, 0)  # half points
    met: dict[int, set[int]] = {i: set() for i in ids}
    whites = dict.fromkeys(ids, 0)
    had_pab: set[int] = set()
    withdrawn: dict[int, int] = {}
    blocks: dict[int, list[str]] = {i: [] for i in ids}
    for r in range(1, rounds + 1):
        pool = []
        for i in ids:
            if i in withdrawn:
                blocks[i].append("        ")
            elif r > 1 and rng.random() < withdraw:
                withdrawn[i] = r
                blocks[i].append("        ")
            elif rng.random() < bye:
                half = rng.random() < 0.5
                blocks[i].append("0000 - H" if half else "0000 - Z")
                score[i] += 1 if half else 0
            else:
                pool.append(i)
        pool.sort(key=lambda i: (-score[i], i))
        if len(pool) % 2:
            bye = next((i for i in reversed(pool) if i not in had_pab), pool[-1])
            pool.remove(bye)
            had_pab.add(bye)
            blocks[bye].append("0000 - U")
            score[bye] += 2
        k = 0
        while k < len(pool):
            a, b = pool[k], pool[k + 1]
            if b in met[a] and k + 2 < len(pool):
                pool[k + 1], pool[k + 2] = pool[k + 2], pool[k + 1]
                b = pool[k + 1]
            k += 2
            met[a].add(b)
            met[b].add(a)
            w, bl = (a, b) if whites[a] <= whites[b] else (b, a)
            whites[w] += 1
            x = rng.random()
            if x < forfeit * 0.9:
                rw, rb = ("+", "-") if rng.random() < 0.5 else ("-", "+")
            elif x < forfeit:
                rw, rb = "-", "-"
            else:
                expected = 1 / (1 + 10 ** ((ratings[bl - 1] - ratings[w - 1]) / 400))
                y = rng.random()
                rw, rb = (
                    ("1", "0")
                    if y < expected - 0.15
                    else (("=", "=") if y < expected + 0.15 else ("0", "1"))
                )
            for me, opp, colour, res in ((w, bl, "w", rw), (bl, w, "b", rb)):
                blocks[me].append(f"{opp:4d} {colour} {res}")
                score[me] += {"1": 2, "=": 1, "+": 2}.get(res, 0)
    lines = [
        f"012 Synthetic Swiss {players}x{rounds} seed {seed}",
        "042 2025/05/01",
        "052 2025/05/09",
        "092 Individual: Swiss-System",
        f"XXR {rounds}",
    ]
    for i in ids:
        pts = score[i] / 2
        name = f"Player{i:05d}, Synthetic"
        head = (
            f"001 {i:4d} m    {name:<33} {ratings[i - 1]:4d} FID {10000000 + i:>11} "
            f"2000/01/01 {pts:4.1f}     "
        )
        lines.append(head + "".join(f"  {b}" for b in blocks[i]).rstrip())
    return "\n".join(lines) + "\n"


if __name__ == "__main__":
    n, r = int(sys.argv[1]), int(sys.argv[2])
    seed = int(sys.argv[3]) if len(sys.argv) > 3 else 1
    sys.stdout.write(generate(n, r, seed))
