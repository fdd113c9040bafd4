"""A whole Swiss paired by a FIDE Dutch engine and ranked by fide-tiebreaks after every round.

    pip install fide-tiebreaks caissify-pairings
    python examples/caissify_swiss.py                   # 14 players, 7 rounds, seed 1
    python examples/caissify_swiss.py --players 40 --rounds 9 --seed 3 --top 10

caissify-pairings (PyPI) pairs each round with the FIDE Dutch System (C.04.3); the results
are drawn at random (Elo expectation, a few forfeits and double forfeits); players enter
late, ask for half-point and zero-point byes and withdraw. After each round the program
records the round with :class:`fide_tiebreaks.EventBuilder` and prints the standings:
no file is written or read.

The pairing engine needs its own per-player history (score, colours, floats, byes); this
program keeps it beside the builder. It takes the score from the builder's tournament, so
the engine and the standings agree on the points.
"""

from __future__ import annotations

import argparse
import random
from collections.abc import Callable
from dataclasses import dataclass, field

from caissify_pairings import generate_pairings

from fide_tiebreaks import EventBuilder, Tournament, compute_standings, exact_str

TIEBREAKS = "BH/C1,BH,SB,DE,WIN"


@dataclass
class Entrant:
    """What the pairing engine must be told about a player (caissify's contract)."""

    id: int
    name: str
    rating: int
    colours: list[str] = field(default_factory=list)  # "white" / "black", played games
    floats: list[str] = field(default_factory=list)  # "up" / "down" / "none"
    byes: int = 0  # pairing-allocated byes received
    forfeit_wins: int = 0


@dataclass
class Round:
    """One round as the tournament director has it: games (white, black, result), byes
    {player: code}, and which players played or were absent (for caissify's TRF export)."""

    number: int
    games: list[tuple[int, int, str]]
    byes: dict[int, str]


@dataclass
class Plan:
    """The events of a seeded Swiss that are not pairings: who enters when, who asks for a
    bye in which round, who withdraws from which round."""

    entries: dict[int, int]  # player -> first round
    requested: dict[int, dict[int, str]]  # round -> {player: "H" or "Z"}
    withdrawals: dict[int, int]  # player -> first round missed


def plan(players: int, rounds: int, rng: random.Random) -> Plan:
    ids = list(range(1, players + 1))
    late = rng.sample(ids[players // 2 :], k=min(2, players // 4))
    entries = {i: (rng.randint(2, max(2, rounds // 2)) if i in late else 1) for i in ids}
    requested: dict[int, dict[int, str]] = {r: {} for r in range(1, rounds + 1)}
    for r in range(1, rounds + 1):
        for i in rng.sample(ids, k=rng.randint(0, 2)):
            if entries[i] <= r:
                requested[r][i] = "H" if rng.random() < 0.75 else "Z"
    gone = rng.sample([i for i in ids if i not in late], k=min(2, players // 6))
    withdrawals = {i: rng.randint(3, rounds) for i in gone} if rounds >= 3 else {}
    return Plan(entries, requested, withdrawals)


def result(white: Entrant, black: Entrant, rng: random.Random) -> str:
    """A result drawn from the Elo expectation; about 3 % forfeits, 0.5 % double."""
    roll = rng.random()
    if roll < 0.005:
        return "--"
    if roll < 0.035:
        return rng.choice(["+-", "-+"])
    expected = 1 / (1 + 10 ** ((black.rating - white.rating) / 400))
    roll = rng.random()
    if roll < expected - 0.15:
        return "1-0"
    if roll < expected + 0.15:
        return "1/2-1/2"
    return "0-1"


def play(
    players: int = 14,
    rounds: int = 7,
    seed: int = 1,
    after_round: Callable[[Round, EventBuilder, Tournament], None] | None = None,
) -> EventBuilder:
    """Pair, play and rank a whole Swiss; *after_round* sees each round as recorded."""
    rng = random.Random(seed)
    schedule = plan(players, rounds, rng)
    ratings = sorted((rng.randint(1400, 2600) for _ in range(players)), reverse=True)
    people = {i: Entrant(i, f"Player {i:02d}", ratings[i - 1]) for i in range(1, players + 1)}
    ev = EventBuilder(rounds=rounds, edition="fide-2024", name=f"Seeded Swiss {seed}")
    met: set[tuple[int, int]] = set()
    for r in range(1, rounds + 1):
        for i, first in schedule.entries.items():
            if first == r:
                p = people[i]
                ev.add_player(i, p.name, rating=p.rating)  # late entries are added when they come
        for i, first in schedule.withdrawals.items():
            if first == r:
                ev.withdraw(i, from_round=r)
        before = ev.tournament() if r > 1 else None
        score = {p.id: float(p.points) for p in before} if before else {}
        byes = {
            i: code
            for i, code in schedule.requested[r].items()
            if schedule.withdrawals.get(i, rounds + 1) > r
        }
        pool = [
            p
            for i, p in people.items()
            if schedule.entries[i] <= r < schedule.withdrawals.get(i, rounds + 1) and i not in byes
        ]
        pairings = generate_pairings(
            "dutch",
            [
                {
                    "id": p.id,
                    "name": p.name,
                    "score": score.get(p.id, 0.0),
                    "rating": p.rating,
                    "starting_number": p.id,
                    "pairing_number": p.id,
                    "color_hist": list(p.colours),
                    "float_history": list(p.floats),
                    "bye_count": p.byes,
                    "forfeit_win_count": p.forfeit_wins,
                }
                for p in pool
            ],
            met,
            r,
            rounds,
        )
        games = []
        for pairing in pairings:
            w, b = pairing["white_id"], pairing.get("black_id")
            if b is None or pairing.get("bye"):
                byes[w] = pairing.get("bye_type") or "U"
                people[w].byes += 1
                people[w].floats.append("down")
                continue
            white, black = people[w], people[b]
            outcome = result(white, black, rng)
            games.append((w, b, outcome))
            if outcome in ("+-", "-+", "--"):  # not played: no colour, no float, may meet again
                winner = {"+-": white, "-+": black}.get(outcome)
                if winner is not None:
                    winner.forfeit_wins += 1
                continue
            met.add((min(w, b), max(w, b)))
            white.colours.append("white")
            black.colours.append("black")
            sw, sb = score.get(w, 0.0), score.get(b, 0.0)
            white.floats.append("down" if sw > sb else "up" if sw < sb else "none")
            black.floats.append("down" if sb > sw else "up" if sb < sw else "none")
        ev.record_round(r, games=games, byes=byes)
        if after_round is not None:
            after_round(Round(r, games, byes), ev, ev.tournament())
    return ev


def show(rnd: Round, ev: EventBuilder, t: Tournament, top: int = 5) -> None:
    standings = compute_standings(t, TIEBREAKS)
    print(f"After round {rnd.number} ({len(rnd.games)} games, byes {rnd.byes or 'none'}):")
    widths = [max(len(c), 5) for c in standings.codes]
    print(
        f"  {'rank':>4}  {'player':<10} {'pts':>4}  "
        + "  ".join(f"{c:>{w}}" for c, w in zip(standings.codes, widths, strict=True))
    )
    for row in standings.rows[:top]:
        values = "  ".join(
            f"{exact_str(v) if v is not None else '-':>{w}}"
            for v, w in zip(row.values, widths, strict=True)
        )
        print(
            f"  {row.rank:>4}  {row.participant.name:<10} "
            f"{exact_str(row.participant.points):>4}  {values}"
        )


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--players", type=int, default=14)
    ap.add_argument("--rounds", type=int, default=7)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--top", type=int, default=5, help="lines of standings to print")
    args = ap.parse_args()
    play(
        args.players,
        args.rounds,
        args.seed,
        after_round=lambda rnd, ev, t: show(rnd, ev, t, args.top),
    )


if __name__ == "__main__":
    main()
