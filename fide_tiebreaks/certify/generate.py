"""Seeded random events for ``fide-tiebreaks certify``: individual Swiss and round robins.

An :class:`Event` is a plain cross table: per participant (start rank = index + 1) and
round, a TRF block ``(opponent, colour, code)`` or ``None`` (not paired). It is small and
immutable, so that the shrinker can cut it down (drop participants, rounds, games) and write
it again as TRF16 for the program under test. The same (seed, index, profile) always gives
the same event, on any machine and with any number of worker processes.

What a generated Swiss holds, to exercise every C.07 (2024/2026) Art. 16 category:
pairing-allocated byes (16.2.1, ``U``), full-point byes (``F``), forfeit wins and losses
(16.2.2, 16.2.4; a tenth double forfeits), half- and zero-point byes before play resumes
(16.2.3) and at the end (16.2.5), late entries (rounds before entry not paired),
withdrawals (a forfeit, then not paired; often in the last round), zero-point byes
near the end, games lost or won after less than one move
(``W``/``D``/``L``), and unrated players in half the events.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from typing import Any

Block = tuple[int, str, str]  # (opponent or 0, colour "w" / "b" / "-", TRF result code)

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
    forfeits: tuple[tuple[int, int, int, str], ...] = ()

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
                if b is not None and b[0] > i:
                    yield r, i, b[0]


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


def event_seed(seed: int, index: int) -> int:
    """One event's own seed: independent of how events are split between workers."""
    return (seed * 1_000_003 + index * 7_919) % (2**63)


def generate(seed: int, index: int, profile: Profile = Profile()) -> Event:
    """Event number *index* of the run seeded *seed*."""
    rng = random.Random(event_seed(seed, index))
    kinds = [k for k in profile.kinds if k in KINDS] or ["swiss"]
    low, high = profile.players
    if "team-swiss" in kinds and (kinds == ["team-swiss"] or rng.random() < 0.3):
        return team_swiss(rng, f"certify seed {seed} event {index}", profile)
    kinds = [k for k in kinds if k != "team-swiss"] or ["swiss"]
    rr = "round-robin" in kinds and (
        kinds == ["round-robin"] or rng.random() < profile.round_robin_share
    )
    if rr:  # at most 50: a double round robin of 51 would need 100 rounds, beyond TRF's 99
        small = min(low, RR_MAX)
        n = rng.randint(max(3, small), max(3, small, min(high, 14)))
    else:
        n = rng.randint(low, high)
    unrated = profile.unrated_players if rng.random() < 0.5 else 0.0
    ratings = tuple(0 if rng.random() < unrated else rng.randint(1000, 2800) for _ in range(n))
    name = f"certify seed {seed} event {index}"
    if rr:
        return Event(name, "round-robin", ratings, round_robin(rng, ratings, profile))
    rounds = profile.rounds or min(max(3, n.bit_length() + 2), 13)
    if profile.pairing == "dutch":
        from .dutch import dutch

        return Event(name, "swiss", ratings, swiss(rng, ratings, rounds, profile, dutch))
    return Event(name, "swiss", ratings, swiss(rng, ratings, rounds, profile))


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


Pairer = Callable[
    [
        int,
        int,
        list[int],
        Sequence[int],
        dict[int, int],
        dict[int, list[str]],
        dict[int, set[int]],
        set[int],
        dict[str, Any],
    ],
    tuple[int, list[tuple[int, int]]],
]


def score_groups(
    r: int,
    rounds: int,
    pool: list[int],
    ratings: Sequence[int],
    score: dict[int, int],
    colours: dict[int, list[str]],
    met: dict[int, set[int]],
    had_pab: set[int],
    state: dict[str, Any],
) -> tuple[int, list[tuple[int, int]]]:
    """Pairing by score groups (sorted on score, then rating) with colour alternation and
    no repeated pairing where another partner is free; the PAB goes to the lowest
    participant who has not had one. Returns (PAB or 0, [(white, black)]); *state* is the
    pairer's own memory from round to round (unused here)."""
    pool = sorted(pool, key=lambda i: (-score[i], -ratings[i - 1], i))
    pab = 0
    if len(pool) % 2:
        pab = next((i for i in reversed(pool) if i not in had_pab), pool[-1])
        pool.remove(pab)
    pairs = []
    while pool:
        a = pool.pop(0)
        b = next((x for x in pool if x not in met[a]), pool[0])
        pool.remove(b)
        pairs.append((a, b) if _wants_white(colours[a], colours[b]) else (b, a))
    return pab, pairs


def swiss(
    rng: random.Random,
    ratings: Sequence[int],
    rounds: int,
    profile: Profile,
    pair: Pairer = score_groups,
) -> tuple[tuple[Block | None, ...], ...]:
    """A Swiss whose rounds *pair* (default: :func:`score_groups`) pairs, with late
    entries, byes, withdrawals and the results of :func:`game_result`."""
    n = len(ratings)
    ids = range(1, n + 1)
    enters = {
        i: (rng.randint(2, min(3, rounds)) if rounds > 1 and rng.random() < profile.late else 1)
        for i in ids
    }
    leaves = {
        i: (
            rng.choice([rng.randint(2, rounds), rounds])
            if rounds > 2 and rng.random() < profile.withdraw
            else rounds + 1
        )
        for i in ids
    }
    score = dict.fromkeys(ids, 0)
    met: dict[int, set[int]] = {i: set() for i in ids}
    colours: dict[int, list[str]] = {i: [] for i in ids}
    had_pab: set[int] = set()
    state: dict[str, Any] = {}
    table: dict[int, list[Block | None]] = {i: [] for i in ids}
    for r in range(1, rounds + 1):
        pool = []
        for i in ids:
            if r < enters[i]:
                table[i].append((0, "-", rng.choice("HZ")) if rng.random() < 0.3 else None)
            elif r > leaves[i]:
                table[i].append(None)
            elif r < leaves[i] and rng.random() < profile.bye:
                table[i].append((0, "-", _bye_code(rng, profile)))
            elif r < leaves[i] and r >= rounds - 1 and rng.random() < profile.late_bye:
                table[i].append((0, "-", "Z"))  # byes near the end are often zero-point
            else:
                pool.append(i)  # a withdrawing participant is paired once more and forfeits
        pab, pairs = pair(r, rounds, pool, ratings, score, colours, met, had_pab, state)
        if pab:
            had_pab.add(pab)
            table[pab].append((0, "-", "U"))
        for white, black in pairs:
            met[white].add(black)
            met[black].add(white)
            cw, cb = game_result(rng, ratings[white - 1], ratings[black - 1], profile)
            if r == leaves[white]:
                cw, cb = ("-", "-") if r == leaves[black] else ("-", "+")
            elif r == leaves[black]:
                cw, cb = "+", "-"
            table[white].append((black, "w", cw))
            table[black].append((white, "b", cb))
            colours[white].append("w")
            colours[black].append("b")
        for i in ids:
            block = table[i][-1]
            score[i] += POINTS.get(block[2], 0) if block else 0
    return tuple(tuple(table[i]) for i in ids)


def _bye_code(rng: random.Random, profile: Profile) -> str:
    """The TRF code of a requested bye (C.07 16.2.1 F, 16.2.3/16.2.5 H and Z)."""
    if not profile.bye_kinds:
        return "F" if rng.random() < 0.1 else rng.choice("HZ")
    codes, weights = zip(*profile.bye_kinds, strict=True)
    return rng.choices(codes, weights)[0]


def _wants_white(a: list[str], b: list[str]) -> bool:
    """Whether *a* should have White against *b*: colour alternation, then balance."""
    if a and b and a[-1] != b[-1]:
        return a[-1] == "b"
    return (a.count("w") - a.count("b"), len(a)) <= (b.count("w") - b.count("b"), len(b))


def round_robin(
    rng: random.Random, ratings: Sequence[int], profile: Profile
) -> tuple[tuple[Block | None, ...], ...]:
    """A single (sometimes double) round robin on Berger tables; with an odd number the
    one left out of a round is not paired. Forfeits and short games as in a Swiss."""
    n = len(ratings)
    order: list[int] = list(range(1, n + 1)) + ([0] if n % 2 else [])
    table: dict[int, list[Block | None]] = {i: [] for i in range(1, n + 1)}
    for cycle in range(2 if rng.random() < 0.2 else 1):
        o = order[:]
        for _ in range(len(o) - 1):
            for k in range(len(o) // 2):
                a, b = (o[k], o[-1 - k]) if not cycle else (o[-1 - k], o[k])
                if not a or not b:
                    table[a or b].append(None)
                    continue
                ca, cb = game_result(rng, ratings[a - 1], ratings[b - 1], profile)
                table[a].append((b, "w", ca))
                table[b].append((a, "b", cb))
            o = [o[0], o[-1], *o[1:-1]]
    return tuple(tuple(table[i]) for i in range(1, n + 1))


def points(row: Sequence[Block | None]) -> int:
    """A participant's score in half points."""
    return sum(POINTS.get(b[2], 0) for b in row if b is not None)


def to_trf(event: Event) -> str:
    """The event as TRF16 (C.04 Annex 2 columns): 012, dates, 092, XXR and one 001 line per
    participant with the rating and the points; a team event with the TRF-2026 team records
    (310 teams, 320 PABs, 330 forfeited matches)."""
    if event.kind == "team-swiss":
        return team_trf(event)
    kind = "Round Robin" if event.kind == "round-robin" else "Individual: Swiss-System"
    lines = [
        f"012 {event.name}",
        "042 2025/05/01",
        "052 2025/05/09",
        f"092 {kind}",
        f"XXR {event.round_count}",
    ]
    lines += player_lines(event, with_points=True)
    return "\n".join(lines) + "\n"


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
        cells = "".join("  " + " " * 8 if b is None else f"  {b[0]:4d} {b[1]} {b[2]}" for b in row)
        lines.append((head + cells).rstrip())
    return lines


def coverage(event: Event) -> Counter[str]:
    """How often each result code and situation occurs in *event* (one count per block;
    a double forfeit counts once per side as ``--``)."""
    c: Counter[str] = Counter()  # (zero counts are dropped at the end)
    c[f"event: {event.kind}"] += 1
    c["team PAB"] += sum(1 for t in event.team_byes if t)
    c["forfeited match"] += len(event.forfeits)
    c["unrated players"] += sum(1 for r in event.ratings if not r)
    for row in event.rounds:
        first = next((k for k, b in enumerate(row) if b is not None and b[2] not in "HZ"), 0)
        last = max((k for k, b in enumerate(row) if b is not None), default=-1)
        for k, b in enumerate(row):
            if b is None:
                c[
                    "not paired (late entry)"
                    if k < first
                    else "not paired (withdrawn)"
                    if k > last
                    else "not paired"
                ] += 1
                continue
            code = b[2]
            if code == "-" and b[0]:
                other = event.rounds[b[0] - 1][k]
                code = "--" if other is not None and other[2] == "-" else code
            c[f"code {code}"] += 1
    return +c


def team_swiss(rng: random.Random, name: str, profile: Profile) -> Event:
    """A team Swiss: teams of boards + 1 players paired on match points (then game points),
    with colour alternating by board; a PAB for the odd team out (a drawn match, the TRF-2026
    320 record), forfeited matches (330), a reserve sitting out or a regular resting, an
    empty last board now and then (the other side wins it by forfeit), board forfeits and
    short games. Match points 2 / 1 / 0."""
    low, high = profile.players
    top = max(4, min(high // 4, 40))  # at most 40 teams, even for --players 161-200
    n = rng.randint(min(max(4, low // 4), top), top)
    boards = profile.boards
    rounds = profile.rounds or min(n - 1, max(3, n.bit_length() + 1), 9)
    size = boards + 1
    roster = {t: tuple(range((t - 1) * size + 1, t * size + 1)) for t in range(1, n + 1)}
    ratings = tuple(0 if rng.random() < 0.05 else rng.randint(1400, 2700) for _ in range(n * size))
    table: dict[int, list[Block | None]] = {p: [] for r in roster.values() for p in r}
    mp, gp = dict.fromkeys(roster, 0), dict.fromkeys(roster, 0)  # gp in half points
    met: dict[int, set[int]] = {t: set() for t in roster}
    byes: list[int] = []
    forfeits: list[tuple[int, int, int, str]] = []
    for r in range(rounds):
        order = sorted(roster, key=lambda t: (-mp[t], -gp[t], t))
        bye = 0
        if len(order) % 2:
            bye = next((t for t in reversed(order) if t not in byes), order[-1])
            order.remove(bye)
            mp[bye] += 1
            gp[bye] += boards  # a drawn match: half the boards
            for p in roster[bye]:
                table[p].append((0, "-", "-"))
        byes.append(bye)
        while order:
            a = order.pop(0)
            b = next((x for x in order if x not in met[a]), order[0])
            order.remove(b)
            met[a].add(b)
            met[b].add(a)
            if rng.random() < profile.forfeit:
                won = a if rng.random() < 0.5 else b
                forfeits.append((r, a, b, "+-" if won == a else "-+"))
                mp[won] += 2
                gp[won] += 2 * boards
                for t in (a, b):  # as FIDE's sample writes it: the winners' boards are '+'
                    for i, p in enumerate(roster[t]):
                        table[p].append((0, "-", "+" if t == won and i < boards else "-"))
                continue
            lineup = {}
            for t in (a, b):
                players = list(roster[t])
                players.pop(rng.randrange(boards) if rng.random() < 0.2 else boards)
                lineup[t] = players
                for p in roster[t]:
                    if p not in players:
                        table[p].append((0, "-", "-"))
            halves = {a: 0, b: 0}
            short = boards - 1 if rng.random() < 0.03 else boards  # b's last board empty
            for k in range(boards):
                pa, pb = lineup[a][k], lineup[b][k]
                if k >= short:
                    table[pa].append((0, "-", "+"))
                    table[pb].append((0, "-", "-"))
                    halves[a] += 2
                    continue
                white, black = (pa, pb) if (k + r) % 2 == 0 else (pb, pa)
                cw, cb = game_result(rng, ratings[white - 1], ratings[black - 1], profile)
                table[white].append((black, "w", cw))
                table[black].append((white, "b", cb))
                halves[a] += POINTS.get(cw if white == pa else cb, 0)
                halves[b] += POINTS.get(cb if white == pa else cw, 0)
            gp[a] += halves[a]
            gp[b] += halves[b]
            if halves[a] == halves[b]:
                mp[a] += 1
                mp[b] += 1
            else:
                mp[a if halves[a] > halves[b] else b] += 2
    rows = tuple(tuple(table[p]) for p in range(1, n * size + 1))
    return Event(
        name, "team-swiss", ratings, rows, tuple(roster.values()), tuple(byes), tuple(forfeits)
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
        team_of[b[0]]
        for p in event.teams[t - 1]
        if (b := event.rounds[p - 1][r]) is not None and b[0]
    }
    if not opponents:
        return 0, 0  # not paired (a shrunk event may leave a team without its match)

    def halves(team: int) -> int:
        return sum(
            POINTS.get(b[2], 0)
            for p in event.teams[team - 1]
            if (b := event.rounds[p - 1][r]) is not None
        )

    mine, theirs = halves(t), halves(min(opponents))
    return (2 if mine > theirs else 1 if mine == theirs else 0), mine
