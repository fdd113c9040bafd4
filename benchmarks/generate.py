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
    event = _TeamSwiss(random.Random(seed), teams, boards)
    for r in range(1, rounds + 1):
        order = sorted(event.roster, key=lambda t: (-event.mp[t], -event.gp[t], t))
        event.pab(order)
        for k in range(0, len(order), 2):
            a, b = _pair(order, k, event.met)
            if event.rng.random() < forfeit:
                event.forfeited_match(r, a, b)
            else:
                event.played_match(a, b, reserve=reserve, empty_board=empty_board)
    return event.trf(seed, rounds)


def _pair(order: list[int], k: int, met: dict[int, set[int]]) -> tuple[int, int]:
    """The teams at *k* and *k* + 1 of *order*, swapping in the next team to avoid a
    repeat where there is one; both are marked as met."""
    a, b = order[k], order[k + 1]
    if b in met[a] and k + 2 < len(order):
        order[k + 1], order[k + 2] = order[k + 2], order[k + 1]
        b = order[k + 1]
    met[a].add(b)
    met[b].add(a)
    return a, b


class _TeamSwiss:
    """The team Swiss being generated: rosters, each player's round blocks, match points
    and game points (half points) per team, who met whom, the PAB per round and the 330
    records of forfeited matches."""

    def __init__(self, rng: random.Random, teams: int, boards: int) -> None:
        self.rng = rng
        self.boards = boards
        size = boards + 1
        self.roster = {
            t: list(range((t - 1) * size + 1, t * size + 1)) for t in range(1, teams + 1)
        }
        self.blocks: dict[int, list[str]] = {p: [] for r in self.roster.values() for p in r}
        self.mp = dict.fromkeys(self.roster, 0)
        self.gp = dict.fromkeys(self.roster, 0)  # half points
        self.met: dict[int, set[int]] = {t: set() for t in self.roster}
        self.pab_team: list[int] = []  # one a round, 0 for none
        self.forfeits: list[str] = []

    def pab(self, order: list[int]) -> None:
        """The odd team out (the lowest that has had none) takes the PAB: a drawn match."""
        if len(order) % 2 == 0:
            self.pab_team.append(0)
            return
        bye = next((t for t in reversed(order) if t not in self.pab_team), order[-1])
        order.remove(bye)
        self.pab_team.append(bye)
        self.mp[bye] += 1
        self.gp[bye] += self.boards  # a drawn match: half the boards
        for p in self.roster[bye]:
            self.blocks[p].append("0000 - -")

    def forfeited_match(self, r: int, a: int, b: int) -> None:
        """A 330 record; as FIDE's sample writes it, the winners' boards are '+'."""
        winner = a if self.rng.random() < 0.5 else b
        self.forfeits.append(f"330 {'+-' if winner == a else '-+'} {r:3d} {a:3d} {b:3d}")
        self.mp[winner] += 2
        self.gp[winner] += 2 * self.boards
        for t in (a, b):
            for i, p in enumerate(self.roster[t]):
                won = t == winner and i < self.boards
                self.blocks[p].append("0000 - +" if won else "0000 - -")

    def line_up(self, t: int, reserve: float) -> list[int]:
        """Team *t*'s players, board by board; the one left out sits out the round."""
        players = self.roster[t][:]
        if self.rng.random() < reserve:
            players.pop(self.rng.randrange(self.boards))  # a regular sits out
        else:
            players.pop()  # the reserve sits out
        lineup = players[: self.boards]
        for p in self.roster[t]:
            if p not in lineup:
                self.blocks[p].append("0000 - -")
        return lineup

    def played_match(self, a: int, b: int, *, reserve: float, empty_board: float) -> None:
        """Every board played (b's last board now and then empty), then the match points."""
        lineup = {t: self.line_up(t, reserve) for t in (a, b)}
        score = {a: 0, b: 0}  # half points
        short = self.boards - 1 if self.rng.random() < empty_board else self.boards
        for board in range(self.boards):
            pa, pb = lineup[a][board], lineup[b][board]
            if board >= short:
                self.blocks[pa].append("0000 - +")
                self.blocks[pb].append("0000 - -")
                score[a] += 2
                continue
            ca, cb = ("w", "b") if board % 2 == 0 else ("b", "w")
            x = self.rng.random()
            ra, rb, sa = ("1", "0", 2) if x < 0.4 else ("=", "=", 1) if x < 0.7 else ("0", "1", 0)
            self.blocks[pa].append(f"{pb:4d} {ca} {ra}")
            self.blocks[pb].append(f"{pa:4d} {cb} {rb}")
            score[a] += sa
            score[b] += 2 - sa
        self.gp[a] += score[a]
        self.gp[b] += score[b]
        if score[a] != score[b]:
            self.mp[a if score[a] > score[b] else b] += 2
        else:
            self.mp[a] += 1
            self.mp[b] += 1

    def trf(self, seed: int, rounds: int) -> str:
        """The event as TRF-2026 text."""
        teams, boards = len(self.roster), self.boards
        lines = [
            f"012 Synthetic team Swiss {teams}x{boards}x{rounds} seed {seed}",
            "052 2025/05/09",
            "092 Team Swiss",
            f"142 {rounds}",
            "192 FIDE_TEAM_MP_GP",
            "352 " + "WB" * (boards // 2) + "W" * (boards % 2),
            "362 TW 2.0  TD 1.0  TL 0.0",
        ]
        for p, blocks in self.blocks.items():
            lines.append(
                (
                    f"001 {p:4d}      {'Player' + str(p):<33} 2000 FID {p:>11} "
                    f"{'':10} {'':4} {'':4}" + "".join(f"  {b}" for b in blocks)
                ).rstrip()
            )
        for t, players in self.roster.items():
            head = (
                f"310 {t:3d} {'Team ' + str(t):<32} {'T' + str(t):<5} {'':>6} {self.mp[t]:>6} "
                f"{self.gp[t] / 2:6.1f} {'':>3}  "
            )
            lines.append(head + " ".join(f"{p:4d}" for p in players))
        lines.append(
            "320    1  "
            + f"{boards / 2:3.1f}"
            + "".join(f" {t:3d}" if t else "    " for t in self.pab_team[:rounds])
        )
        lines.extend(self.forfeits)
        return "\n".join(lines) + "\n"


if __name__ == "__main__":
    n, r = int(sys.argv[1]), int(sys.argv[2])
    seed = int(sys.argv[3]) if len(sys.argv) > 3 else 1
    sys.stdout.write(generate(n, r, seed))
