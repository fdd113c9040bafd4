"""Seeded events built with EventBuilder, with every kind of round: games (rated, forfeits,
double forfeits, less than one move), every bye (U F H Z), absences, late entries and
withdrawals; and team events with forfeited matches, team byes and empty boards. Shared by
the round-trip properties and the differential test against gacrux."""

from __future__ import annotations

import random
from datetime import date

from fide_tiebreaks import EventBuilder

RESULTS = ["1-0"] * 5 + ["0-1"] * 4 + ["1/2-1/2"] * 4 + ["+-", "-+", "--", "W-L", "D-D"]


def individual(seed: int, players: int = 12, rounds: int = 6, report: bool = True) -> EventBuilder:
    rng = random.Random(seed)
    fields = {}
    if report:
        fields = dict(
            city="Oslo",
            federation="NOR",
            chief_arbiter="IA Ola Nordmann 1500000",
            deputy_arbiters=["FA Kari Hansen 1500001"],
            time_control="5400+30",
            pairing_system="FIDE_DUTCH_2025",
            round_dates=[date(2025, 5, 1 + r) for r in range(rounds)],
        )
    ev = EventBuilder(
        rounds=rounds,
        edition="fide-2024",
        name=f"Built {seed}",
        start_date=date(2025, 5, 1),
        end_date=date(2025, 5, rounds),
        tiebreaks="BH/C1,BH,SB",
        **fields,
    )
    late = rng.randrange(1, players + 1)
    for pid in range(1, players + 1):
        if pid != late:
            ev.add_player(
                pid,
                f"Player{pid:02d}, Test",
                rating=rng.choice([0, 1500 + pid * 37]),
                federation=rng.choice(["NOR", "SWE", ""]),
                fide_id=1000 + pid,
            )
    quit_from = rng.randrange(2, rounds + 2)
    leaver = rng.choice([p for p in range(1, players + 1) if p != late])
    for r in range(1, rounds + 1):
        if r == 2:
            ev.add_player(late, "Late, Entry", rating=1600)
        if r == quit_from:
            ev.withdraw(leaver, r)
        here = [
            p
            for p in range(1, players + 1)
            if (p != late or r >= 2) and not (p == leaver and r >= quit_from)
        ]
        rng.shuffle(here)
        byes = {}
        for p in here[:]:
            if rng.random() < 0.12:
                byes[p] = rng.choice("FHZ")
                here.remove(p)
        if rng.random() < 0.15 and here:
            here.pop()  # absent: not paired
        if len(here) % 2:
            byes[here.pop()] = "U"
        games = [(here[i], here[i + 1], rng.choice(RESULTS)) for i in range(0, len(here), 2)]
        ev.record_round(r, games=games, byes=byes)
    return ev


def teams(seed: int, count: int = 6, boards: int = 4, rounds: int = 5) -> EventBuilder:
    rng = random.Random(seed)
    ev = EventBuilder(
        rounds=rounds,
        edition="fide-2024",
        name=f"Teams {seed}",
        boards=boards,
        end_date=date(2025, 6, 1),
        pairing_system="FIDE_TEAM_MP_GP",
    )
    size = boards + 1  # one reserve each
    for tid in range(1, count + 1):
        members = list(range((tid - 1) * size + 1, tid * size + 1))
        for pid in members:
            ev.add_player(pid, f"T{tid} player {pid}", rating=2000 + pid)
        ev.add_team(tid, f"Team {tid}", members, nickname=f"T{tid}")
    circle: list[int | None] = [*range(1, count + 1), *([None] if count % 2 else [])]
    rng.shuffle(circle)
    for r in range(1, min(rounds, len(circle) - 1) + 1):  # the circle method: no team twice
        pairs = [(circle[i], circle[-1 - i]) for i in range(len(circle) // 2)]
        circle = [circle[0], circle[-1], *circle[1:-1]]
        team_byes = {a or b: "U" for a, b in pairs if a is None or b is None}
        games, forfeits, byes = [], [], {}
        for a, b in pairs:
            if a is None or b is None:
                continue
            if rng.random() < 0.1:
                code = rng.choice(["+-", "-+"])
                forfeits.append((a, b, code))
                winner = a if code == "+-" else b  # its boards won against empty ones
                byes.update(dict.fromkeys(_seated(rng, winner, size, boards), "+"))
                continue
            seats_a = _seated(rng, a, size, boards)
            seats_b = _seated(rng, b, size, boards)
            for k in range(boards):
                w, bl = (seats_a[k], seats_b[k]) if k % 2 == 0 else (seats_b[k], seats_a[k])
                games.append((w, bl, rng.choice(["1-0", "0-1", "1/2-1/2"])))
        ev.record_round(r, games=games, byes=byes, team_forfeits=forfeits, team_byes=team_byes)
    return ev


def _seated(rng: random.Random, tid: int, size: int, boards: int) -> list[int]:
    members = list(range((tid - 1) * size + 1, tid * size + 1))
    out = rng.sample(members, boards)
    return sorted(out)
