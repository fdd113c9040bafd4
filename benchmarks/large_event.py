"""A 20,000-player event built in memory ranks: the model's limits are the model's, not
TRF's four start-rank columns (9,999). Writing it as TRF16 or TRF-2026 is refused with that
reason, and so is Chess-JSON (our reader reads it through TRF's columns, so it could not
read such a file back); JSON standings hold it. Prints the times; no time is asserted
anywhere (docs/benchmarks.md).

    .venv/bin/python benchmarks/large_event.py [players] [rounds]
"""

from __future__ import annotations

import random
import sys
import time

from fide_tiebreaks import EventBuilder, compute_standings
from fide_tiebreaks.formats import render
from fide_tiebreaks.formats.base import TooLarge
from fide_tiebreaks.formats.chessjson import dumps, event
from fide_tiebreaks.formats.trf.model_writer import TrfFormError, write_tournament_trf


def build(players: int, rounds: int, seed: int = 1) -> EventBuilder:
    """Rounds paired by score groups (a simple fold, not a FIDE system), random results."""
    rng = random.Random(seed)
    ev = EventBuilder(rounds=rounds, edition="fide-2024", name=f"{players} players")
    for pid in range(1, players + 1):
        ev.add_player(pid, f"Player {pid:05d}", rating=2800 - pid % 1800)
    score = dict.fromkeys(range(1, players + 1), 0.0)
    for r in range(1, rounds + 1):
        order = sorted(score, key=lambda p: (-score[p], p))
        byes = {order.pop(): "U"} if len(order) % 2 else {}
        games = []
        for i in range(0, len(order), 2):
            w, b = order[i], order[i + 1]
            result = rng.choice(("1-0", "0-1", "1/2-1/2"))
            games.append((w, b, result))
            score[w] += {"1-0": 1, "0-1": 0}.get(result, 0.5)
            score[b] += {"1-0": 0, "0-1": 1}.get(result, 0.5)
        for pid in byes:
            score[pid] += 1
        ev.record_round(r, games=games, byes=byes)
    return ev


def main(players: int = 20_000, rounds: int = 9) -> None:
    start = time.perf_counter()
    ev = build(players, rounds)
    t = ev.tournament()
    built = time.perf_counter()
    s = compute_standings(t, "BH/C1,BH,SB")
    ranked = time.perf_counter()
    print(
        f"{players} players x {rounds} rounds: built in {built - start:.2f} s, ranked in "
        f"{ranked - built:.2f} s; first: {s.rows[0].participant.name}"
    )
    try:
        write_tournament_trf(t)
    except TrfFormError as e:
        print(f"TRF-2026 refused, as it must be: {str(e)[:160]}")
    try:
        dumps(event(t, [(r.participant.id, r.rank, r.values) for r in s.rows], s.codes))
    except TooLarge as e:
        print(f"Chess-JSON refused, as our reader could not read it back: {str(e)[:160]}")
    data = render(s, "json")
    print(f"JSON standings: {len(data):,} bytes in {time.perf_counter() - ranked:.2f} s")


if __name__ == "__main__":
    main(*(int(a) for a in sys.argv[1:3]))
