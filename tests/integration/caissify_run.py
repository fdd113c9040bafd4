"""Seeded Swisses paired by caissify-pairings (examples/caissify_swiss.py) and, after each
round, the event as caissify's own TRF export writes it (caissify_pairings.trf.write_trf).

The export is built from the rounds as the example played them (games, byes), not from
our builder, and each player's score in it is summed here by hand, so the TRF reader's
check of the points column is a check of the builder's points too."""

from __future__ import annotations

import sys
from dataclasses import dataclass, field
from fractions import Fraction
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "examples"))

import caissify_swiss  # noqa: E402
from caissify_pairings.trf import write_trf  # noqa: E402

from fide_tiebreaks import EventBuilder, Tournament  # noqa: E402

# Each side's TRF code for a game result the example records (C.04 Annex 2).
SIDES = {
    "1-0": ("1", "0"),
    "0-1": ("0", "1"),
    "1/2-1/2": ("=", "="),
    "+-": ("+", "-"),
    "-+": ("-", "+"),
    "--": ("-", "-"),
}
# Points of each code with the default scoring: 1 / ½ / 0, PAB and full bye a win.
POINTS = {
    "1": 1,
    "=": Fraction(1, 2),
    "0": 0,
    "+": 1,
    "-": 0,
    "U": 1,
    "F": 1,
    "H": Fraction(1, 2),
    "Z": 0,
}


@dataclass
class Snapshot:
    """After one round: the builder's tournament and caissify's TRF text of the event."""

    round: int
    built: Tournament
    trf: str


@dataclass
class Recorder:
    rounds: int
    results: dict[int, dict[int, dict]] = field(default_factory=dict)  # player -> round -> ...
    snapshots: list[Snapshot] = field(default_factory=list)

    def __call__(self, rnd: caissify_swiss.Round, ev: EventBuilder, t: Tournament) -> None:
        for p in t:  # players present so far (late entries join when they come)
            self.results.setdefault(p.id, {})
        for w, b, outcome in rnd.games:
            cw, cb = SIDES[outcome]
            self.results[w][rnd.number] = {"opponent": b, "color": "w", "result": cw}
            self.results[b][rnd.number] = {"opponent": w, "color": "b", "result": cb}
        for pid, code in rnd.byes.items():
            self.results[pid][rnd.number] = {"opponent": None, "color": None, "result": code}
        players = [
            {
                "starting_number": p.id,
                "name": p.name,
                "rating": p.rating or 0,
                "score": float(
                    sum((POINTS[x["result"]] for x in self.results[p.id].values()), Fraction(0))
                ),
                "results": self.results[p.id],
            }
            for p in t
        ]
        meta = {"name": t.name, "system": "Individual: Swiss-System"}
        text = write_trf(meta, players, self.rounds)
        self.snapshots.append(Snapshot(rnd.number, t, text))


def play(players: int, rounds: int, seed: int) -> tuple[EventBuilder, list[Snapshot]]:
    rec = Recorder(rounds)
    ev = caissify_swiss.play(players, rounds, seed, after_round=rec)
    return ev, rec.snapshots
