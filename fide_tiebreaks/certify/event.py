"""A generated event of ``certify`` and ``generate``: its cross table, what to generate, and
what the individual and the team generators share (the TRF result codes' points, a game's
result, the 001 lines)."""

from __future__ import annotations

import random
from collections.abc import Iterator, Sequence

from ..data_classes import NamedTuple, dataclass


class Block(NamedTuple):
    """One participant's round in a TRF 001 line."""

    opponent: int  # 0: none (a bye)
    colour: str  # "w", "b" or "-"
    code: str  # the TRF result code


class ForfeitedMatch(NamedTuple):
    """A team event's forfeited match (a TRF-2026 330 record)."""

    round: int  # index, from 0
    first: int
    second: int
    how: str  # "+-": *first* wins, "-+": *second* wins


# Points of each TRF16 result code (C.04 Annex 2; 1 / ½ / 0 scoring).
POINTS = {"1": 2, "+": 2, "W": 2, "U": 2, "F": 2, "=": 1, "D": 1, "H": 1}  # half points
OPPOSITE = {"1": "0", "0": "1", "=": "=", "+": "-", "-": "+", "W": "L", "L": "W", "D": "D"}
KINDS = ("swiss", "round-robin", "team-swiss")
RR_MAX = 50  # participants of a generated round robin


@dataclass(frozen=True)
class Event:
    """A generated event. ``ratings[i]`` is participant i + 1's rating, 0 when unrated."""

    name: str
    kind: str  # "swiss", "round-robin" or "team-swiss"
    ratings: tuple[int, ...]
    rounds: tuple[tuple[Block | None, ...], ...]  # per player, per round
    # Team events: the rosters (player ids in board order), the team given the PAB in each
    # round (0: none) and the forfeited matches (round index, team, team, "+-" or "-+").
    teams: tuple[tuple[int, ...], ...] = ()
    team_byes: tuple[int, ...] = ()
    forfeits: tuple[ForfeitedMatch, ...] = ()

    @property
    def size(self) -> int:
        """Participants: teams in a team event, else players."""
        return len(self.teams) if self.teams else len(self.ratings)

    @property
    def round_count(self) -> int:
        return len(self.rounds[0]) if self.rounds else 0

    def games(self) -> Iterator[tuple[int, int, int]]:
        """Each pairing once: (round index, lower id, higher id)."""
        for i, row in enumerate(self.rounds, start=1):
            for r, b in enumerate(row):
                if b is not None and b.opponent > i:
                    yield r, i, b.opponent


@dataclass(frozen=True)
class Profile:
    """What to generate. Probabilities are per participant and round unless said."""

    players: tuple[int, int] = (4, 40)
    rounds: int | None = None  # None: about log2(players) + 2 for a Swiss
    kinds: tuple[str, ...] = ("swiss", "round-robin")
    boards: int = 4  # team events: boards per match (and one reserve per team)
    round_robin_share: float = 0.2
    bye: float = 0.04  # requested half / zero / full-point byes
    late_bye: float = 0.08  # requested zero-point byes in the last two rounds
    forfeit: float = 0.03  # per game; a tenth are double forfeits
    unrated_game: float = 0.02  # per game: W / D / L, less than one move played
    late: float = 0.05  # per participant: enters in round 2 or 3
    withdraw: float = 0.05  # per participant: a forfeit, then not paired
    unrated_players: float = 0.1  # share of unrated players, in half of the events
    pairing: str = "score-groups"  # or "dutch" (the caissify-pairings extra)
    # The kinds of requested byes, weighted (e.g. (("H", 2), ("Z", 1))); empty: a tenth
    # full-point byes, the rest half- and zero-point byes alike.
    bye_kinds: tuple[tuple[str, float], ...] = ()


def game_result(rng: random.Random, white: int, black: int, profile: Profile) -> tuple[str, str]:
    """White's and Black's codes: forfeits, games of less than one move, or a game whose
    result follows the Elo expectation (unrated players count as 1500)."""
    x = rng.random()
    if x < profile.forfeit * 0.9:
        return ("+", "-") if rng.random() < 0.5 else ("-", "+")
    if x < profile.forfeit:
        return "-", "-"
    w, b = white or 1500, black or 1500
    expected = 1 / (1 + 10 ** ((b - w) / 400))
    y = rng.random()
    code = "1" if y < expected - 0.15 else "=" if y < expected + 0.15 else "0"
    if rng.random() < profile.unrated_game:
        code = {"1": "W", "=": "D", "0": "L"}[code]
    return code, OPPOSITE[code]


def points(row: Sequence[Block | None]) -> int:
    """A participant's score in half points."""
    return sum(POINTS.get(b.code, 0) for b in row if b is not None)


def player_lines(event: Event, with_points: bool) -> list[str]:
    """The 001 lines: start rank, name, rating, points (if *with_points*) and the rounds."""
    lines = []
    for i, row in enumerate(event.rounds, start=1):
        half = points(row)
        pts = f"{half // 2}.{5 if half % 2 else 0}" if with_points else ""
        rating = event.ratings[i - 1] or ""
        head = (
            f"001 {i:4d}      {'Player ' + str(i):<33} {rating:>4} {'':<3} {'':>11} "
            f"{'':10} {pts:>4} {'':>4}"
        )
        cells = "".join(
            "  " + " " * 8 if b is None else f"  {b.opponent:4d} {b.colour} {b.code}" for b in row
        )
        lines.append((head + cells).rstrip())
    return lines
