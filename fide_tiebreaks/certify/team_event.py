"""Seeded random team Swiss events for ``certify`` and ``generate``, and their TRF.

Teams of *boards* + 1 players are paired on match points (then game points), with colour
alternating by board; the odd team out gets a PAB (a drawn match, the TRF-2026 320 record),
some matches are forfeited (330), a reserve sits out or a regular rests, a last board is
left empty now and then (the other side wins it by forfeit), and boards are forfeited or
lost after less than one move. Match points 2 / 1 / 0.
"""

from __future__ import annotations

import random
from dataclasses import field

from ..data_classes import dataclass
from .event import POINTS, Block, Event, ForfeitedMatch, Profile, game_result, player_lines


@dataclass
class _TeamRun:
    """A team Swiss being generated: the teams, and what each round reads and adds to."""

    rng: random.Random
    profile: Profile
    roster: dict[int, tuple[int, ...]]  # team -> its players' ids, in board order
    ratings: tuple[int, ...]
    table: dict[int, list[Block | None]] = field(default_factory=dict)  # per player
    mp: dict[int, int] = field(default_factory=dict)
    gp: dict[int, int] = field(default_factory=dict)  # half points
    met: dict[int, set[int]] = field(default_factory=dict)
    byes: list[int] = field(default_factory=list)  # per round, 0: none
    forfeits: list[ForfeitedMatch] = field(default_factory=list)

    def __post_init__(self) -> None:
        self.table = {p: [] for players in self.roster.values() for p in players}
        self.mp = dict.fromkeys(self.roster, 0)
        self.gp = dict.fromkeys(self.roster, 0)
        self.met = {t: set() for t in self.roster}

    @property
    def boards(self) -> int:
        return self.profile.boards


def _sit_out(run: _TeamRun, players: tuple[int, ...] | list[int], code: str = "-") -> None:
    for p in players:
        run.table[p].append(Block(0, "-", code))


def _pab(run: _TeamRun, order: list[int]) -> int:
    """The PAB of an odd number of teams: the lowest team without one, a drawn match."""
    if not len(order) % 2:
        return 0
    bye = next((t for t in reversed(order) if t not in run.byes), order[-1])
    order.remove(bye)
    run.mp[bye] += 1
    run.gp[bye] += run.boards  # a drawn match: half the boards
    _sit_out(run, run.roster[bye])
    return bye


def _forfeited(run: _TeamRun, r: int, a: int, b: int) -> None:
    """A forfeited match: as FIDE's sample writes it, the winners' boards are '+'."""
    won = a if run.rng.random() < 0.5 else b
    run.forfeits.append(ForfeitedMatch(round=r, first=a, second=b, how="+-" if won == a else "-+"))
    run.mp[won] += 2
    run.gp[won] += 2 * run.boards
    for t in (a, b):
        for i, p in enumerate(run.roster[t]):
            run.table[p].append(Block(0, "-", "+" if t == won and i < run.boards else "-"))


def _lineup(run: _TeamRun, t: int) -> list[int]:
    """Team *t*'s players on the boards: the reserve sits out, or a regular rests."""
    players = list(run.roster[t])
    players.pop(run.rng.randrange(run.boards) if run.rng.random() < 0.2 else run.boards)
    _sit_out(run, [p for p in run.roster[t] if p not in players])
    return players


def _boards(run: _TeamRun, r: int, first: list[int], second: list[int]) -> tuple[int, int]:
    """The games of a match on its boards (colours alternate by board and round); now and
    then the second team's last board is empty. The two teams' game points (half
    points)."""
    halves = [0, 0]
    short = run.boards - 1 if run.rng.random() < 0.03 else run.boards
    for k in range(run.boards):
        pa, pb = first[k], second[k]
        if k >= short:
            run.table[pa].append(Block(0, "-", "+"))
            run.table[pb].append(Block(0, "-", "-"))
            halves[0] += 2
            continue
        white, black = (pa, pb) if (k + r) % 2 == 0 else (pb, pa)
        cw, cb = game_result(run.rng, run.ratings[white - 1], run.ratings[black - 1], run.profile)
        run.table[white].append(Block(black, "w", cw))
        run.table[black].append(Block(white, "b", cb))
        halves[0] += POINTS.get(cw if white == pa else cb, 0)
        halves[1] += POINTS.get(cb if white == pa else cw, 0)
    return halves[0], halves[1]


def _played(run: _TeamRun, r: int, a: int, b: int) -> None:
    """A match played over the board: game points, then match points 2 / 1 / 0."""
    first, second = _lineup(run, a), _lineup(run, b)
    ha, hb = _boards(run, r, first, second)
    run.gp[a] += ha
    run.gp[b] += hb
    if ha == hb:
        run.mp[a] += 1
        run.mp[b] += 1
    else:
        run.mp[a if ha > hb else b] += 2


def _round(run: _TeamRun, r: int) -> None:
    """Round index *r*: teams sorted on match and game points, each paired with the next
    it has not met."""
    order = sorted(run.roster, key=lambda t: (-run.mp[t], -run.gp[t], t))
    run.byes.append(_pab(run, order))
    while order:
        a = order.pop(0)
        b = next((x for x in order if x not in run.met[a]), order[0])
        order.remove(b)
        run.met[a].add(b)
        run.met[b].add(a)
        if run.rng.random() < run.profile.forfeit:
            _forfeited(run, r, a, b)
        else:
            _played(run, r, a, b)


def team_swiss(rng: random.Random, name: str, profile: Profile) -> Event:
    """A team Swiss (the module docstring): *profile.players* read as players, four to a
    team, 4 to 40 teams."""
    low, high = profile.players
    top = max(4, min(high // 4, 40))  # at most 40 teams, even for --players 161-200
    n = rng.randint(min(max(4, low // 4), top), top)
    rounds = profile.rounds or min(n - 1, max(3, n.bit_length() + 1), 9)
    size = profile.boards + 1
    roster = {t: tuple(range((t - 1) * size + 1, t * size + 1)) for t in range(1, n + 1)}
    ratings = tuple(0 if rng.random() < 0.05 else rng.randint(1400, 2700) for _ in range(n * size))
    run = _TeamRun(rng=rng, profile=profile, roster=roster, ratings=ratings)
    for r in range(rounds):
        _round(run, r)
    return Event(
        name=name,
        kind="team-swiss",
        ratings=ratings,
        rounds=tuple(tuple(run.table[p]) for p in range(1, n * size + 1)),
        teams=tuple(roster.values()),
        team_byes=tuple(run.byes),
        forfeits=tuple(run.forfeits),
    )


def team_trf(event: Event) -> str:
    """A team event as TRF-2026 team records over TRF16 player lines (MP 2 / 1 / 0; the 310
    totals are recomputed from the games, the 320 PAB a drawn match)."""
    boards = len(event.teams[0]) - 1 if event.teams else 0
    rounds = event.round_count
    lines = [
        f"012 {event.name}",
        "042 2025/05/01",
        "052 2025/05/09",
        "092 Team Swiss",
        f"142 {rounds}",
        "192 FIDE_TEAM_MP_GP",
        "352 " + "WB" * (boards // 2) + "W" * (boards % 2),
        "362 TW 2.0  TD 1.0  TL 0.0",
    ]
    lines += player_lines(event, with_points=False)
    team_of = {p: t for t, players in enumerate(event.teams, start=1) for p in players}
    for t, players in enumerate(event.teams, start=1):
        mp = gp = 0
        for r in range(rounds):
            match_points, game_points = _match(event, t, r, team_of, boards)
            mp += match_points
            gp += game_points
        lines.append(
            f"310 {t:3d} {'Team ' + str(t):<32} {'T' + str(t):<5} {'':>6} {mp:>6} "
            f"{gp / 2:6.1f} {'':>3}  " + " ".join(f"{p:4d}" for p in players)
        )
    lines.append(
        f"320    1  {boards / 2:3.1f}"
        + "".join(f" {t:3d}" if t else "    " for t in event.team_byes)
    )
    lines += [f"330 {how} {r + 1:3d} {a:3d} {b:3d}" for r, a, b, how in event.forfeits]
    return "\n".join(lines) + "\n"


def _match(event: Event, t: int, r: int, team_of: dict[int, int], boards: int) -> tuple[int, int]:
    """Match points and game points (half points) of team *t* in round index *r*."""
    if event.team_byes[r] == t:
        return 1, boards  # the PAB: a drawn match
    for rr, first, second, how in event.forfeits:
        if rr == r and t in (first, second):
            return (2, 2 * boards) if (t == first) == (how == "+-") else (0, 0)
    opponents = {
        team_of[b.opponent]
        for p in event.teams[t - 1]
        if (b := event.rounds[p - 1][r]) is not None and b.opponent
    }
    if not opponents:
        return 0, 0  # not paired (a shrunk event may leave a team without its match)

    def halves(team: int) -> int:
        return sum(
            POINTS.get(b.code, 0)
            for p in event.teams[team - 1]
            if (b := event.rounds[p - 1][r]) is not None
        )

    mine, theirs = halves(t), halves(min(opponents))
    return (2 if mine > theirs else 1 if mine == theirs else 0), mine
