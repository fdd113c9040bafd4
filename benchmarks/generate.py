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
            pab = next((i for i in reversed(pool) if i not in had_pab), pool[-1])
            pool.remove(pab)
            had_pab.add(pab)
            blocks[pab].append("0000 - U")
            score[pab] += 2
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


def generate_teams(
    teams: int,
    boards: int,
    rounds: int,
    seed: int = 1,
    *,
    forfeit: float = 0.02,
    reserve: float = 0.2,
    empty_board: float = 0.02,
) -> str:
    """A team Swiss as TRF-2026: teams of boards + 1 players, paired by match points,
    a PAB (320) for the odd team out, forfeited matches (330), reserves who sit out
    ('0000 - -') and now and then an empty board (the other side wins it by forfeit).
    Match points 2 / 1 / 0; 310 records carry the match and game points."""
    rng = random.Random(seed)
    size = boards + 1
    roster = {t: list(range((t - 1) * size + 1, t * size + 1)) for t in range(1, teams + 1)}
    blocks: dict[int, list[str]] = {p: [] for r in roster.values() for p in r}
    mp = dict.fromkeys(roster, 0)
    gp = dict.fromkeys(roster, 0)  # half points
    met: dict[int, set[int]] = {t: set() for t in roster}
    pab_team: list[int] = []
    forfeits: list[str] = []
    for r in range(1, rounds + 1):
        order = sorted(roster, key=lambda t: (-mp[t], -gp[t], t))
        bye = 0
        if len(order) % 2:
            bye = next((t for t in reversed(order) if t not in pab_team), order[-1])
            order.remove(bye)
            pab_team.append(bye)
            mp[bye] += 1
            gp[bye] += boards  # a drawn match: half the boards
            for p in roster[bye]:
                blocks[p].append("0000 - -")
        pab_team.extend([] if bye else [0])
        for k in range(0, len(order), 2):
            a, b = order[k], order[k + 1]
            if b in met[a] and k + 2 < len(order):
                order[k + 1], order[k + 2] = order[k + 2], order[k + 1]
                b = order[k + 1]
            met[a].add(b)
            met[b].add(a)
            if rng.random() < forfeit:
                winner = a if rng.random() < 0.5 else b
                forfeits.append(f"330 {'+-' if winner == a else '-+'} {r:3d} {a:3d} {b:3d}")
                mp[winner] += 2
                gp[winner] += 2 * boards
                for t in (a, b):  # as FIDE's sample writes it: the winners' boards are '+'
                    for i, p in enumerate(roster[t]):
                        won = t == winner and i < boards
                        blocks[p].append("0000 - +" if won else "0000 - -")
                continue
            lineup = {}
            for t in (a, b):
                players = roster[t][:]
                if rng.random() < reserve:
                    players.pop(rng.randrange(boards))  # a regular sits out
                else:
                    players.pop()  # the reserve sits out
                lineup[t] = players[:boards]
                for p in roster[t]:
                    if p not in lineup[t]:
                        blocks[p].append("0000 - -")
            score = {a: 0, b: 0}  # half points
            short = boards - 1 if rng.random() < empty_board else boards  # b's last board empty
            for board in range(boards):
                pa, pb = lineup[a][board], lineup[b][board]
                ca, cb = ("w", "b") if board % 2 == 0 else ("b", "w")
                if board >= short:
                    blocks[pa].append("0000 - +")
                    blocks[pb].append("0000 - -")
                    score[a] += 2
                    continue
                x = rng.random()
                ra, rb, sa = (
                    ("1", "0", 2) if x < 0.4 else ("=", "=", 1) if x < 0.7 else ("0", "1", 0)
                )
                blocks[pa].append(f"{pb:4d} {ca} {ra}")
                blocks[pb].append(f"{pa:4d} {cb} {rb}")
                score[a] += sa
                score[b] += 2 - sa
            gp[a] += score[a]
            gp[b] += score[b]
            if score[a] != score[b]:
                mp[a if score[a] > score[b] else b] += 2
            else:
                mp[a] += 1
                mp[b] += 1
    lines = [
        f"012 Synthetic team Swiss {teams}x{boards}x{rounds} seed {seed}",
        "052 2025/05/09",
        "092 Team Swiss",
        f"142 {rounds}",
        "192 FIDE_TEAM_MP_GP",
        "352 " + "WB" * (boards // 2) + "W" * (boards % 2),
        "362 TW 2.0  TD 1.0  TL 0.0",
    ]
    for p in blocks:
        lines.append(
            (
                f"001 {p:4d}      {'Player' + str(p):<33} 2000 FID {p:>11} "
                f"{'':10} {'':4} {'':4}" + "".join(f"  {b}" for b in blocks[p])
            ).rstrip()
        )
    for t, players in roster.items():
        head = (
            f"310 {t:3d} {'Team ' + str(t):<32} {'T' + str(t):<5} {'':>6} {mp[t]:>6} "
            f"{gp[t] / 2:6.1f} {'':>3}  "
        )
        lines.append(head + " ".join(f"{p:4d}" for p in players))
    lines.append(
        "320    1  "
        + f"{boards / 2:3.1f}"
        + "".join(f" {t:3d}" if t else "    " for t in pab_team[:rounds])
    )
    lines.extend(forfeits)
    return "\n".join(lines) + "\n"
