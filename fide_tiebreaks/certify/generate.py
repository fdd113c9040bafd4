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
from collections.abc import Sequence

from ..data_classes import NamedTuple
from .event import (
    KINDS,
    OPPOSITE,
    POINTS,
    RR_MAX,
    Block,
    Event,
    ForfeitedMatch,
    Profile,
    game_result,
    player_lines,
    points,
)
from .pairer import Pair, Pairer, Pairing, PairingRequest, SwissState

__all__ = [
    "KINDS",
    "OPPOSITE",
    "POINTS",
    "RR_MAX",
    "Block",
    "Event",
    "ForfeitedMatch",
    "Profile",
    "coverage",
    "event_seed",
    "game_result",
    "generate",
    "player_lines",
    "points",
    "round_robin",
    "score_groups",
    "swiss",
    "to_trf",
]


def event_seed(seed: int, index: int) -> int:
    """One event's own seed: independent of how events are split between workers."""
    return (seed * 1_000_003 + index * 7_919) % (2**63)


_DEFAULT = Profile()


def generate(seed: int, index: int, profile: Profile = _DEFAULT) -> Event:
    """Event number *index* of the run seeded *seed*."""
    rng = random.Random(event_seed(seed, index))
    kinds = [k for k in profile.kinds if k in KINDS] or ["swiss"]
    name = f"certify seed {seed} event {index}"
    if "team-swiss" in kinds and (kinds == ["team-swiss"] or rng.random() < 0.3):
        from .team_event import team_swiss

        return team_swiss(rng, name, profile)
    rr, n = _individual_field(rng, kinds, profile)
    unrated = profile.unrated_players if rng.random() < 0.5 else 0.0
    ratings = tuple(0 if rng.random() < unrated else rng.randint(1000, 2800) for _ in range(n))
    if rr:
        rows = round_robin(rng, ratings, profile)
        return Event(name=name, kind="round-robin", ratings=ratings, rounds=rows)
    rounds = profile.rounds or min(max(3, n.bit_length() + 2), 13)
    rows = swiss(rng, ratings, rounds, profile, _pairer(profile))
    return Event(name=name, kind="swiss", ratings=ratings, rounds=rows)


def _pairer(profile: Profile) -> Pairer:
    """The profile's pairer: score groups, or the FIDE Dutch engine (caissify-pairings,
    imported only when asked for)."""
    if profile.pairing == "dutch":
        from .dutch import dutch

        return dutch
    return score_groups


def _individual_field(rng: random.Random, kinds: list[str], profile: Profile) -> tuple[bool, int]:
    """Whether an individual event is a round robin, and its participants."""
    kinds = [k for k in kinds if k != "team-swiss"] or ["swiss"]
    low, high = profile.players
    rr = "round-robin" in kinds and (
        kinds == ["round-robin"] or rng.random() < profile.round_robin_share
    )
    if rr:  # at most 50: a double round robin of 51 would need 100 rounds, beyond TRF's 99
        small = min(low, RR_MAX)
        return True, rng.randint(max(3, small), max(3, small, min(high, 14)))
    return False, rng.randint(low, high)


def score_groups(request: PairingRequest) -> Pairing:
    """Pairing by score groups (sorted on score, then rating) with colour alternation and
    no repeated pairing where another partner is free; the PAB goes to the lowest
    participant who has not had one."""
    state, ratings = request.state, request.ratings
    pool = sorted(request.pool, key=lambda i: (-state.score[i], -ratings[i - 1], i))
    pab = 0
    if len(pool) % 2:
        pab = next((i for i in reversed(pool) if i not in state.had_pab), pool[-1])
        pool.remove(pab)
    pairs = []
    while pool:
        a = pool.pop(0)
        b = next((x for x in pool if x not in state.met[a]), pool[0])
        pool.remove(b)
        white = _wants_white(state.colours[a], state.colours[b])
        pairs.append(Pair(a, b) if white else Pair(b, a))
    return Pairing(pab, pairs)


class Span(NamedTuple):
    """The rounds a participant of a generated Swiss is in."""

    enters: int  # the first round (2 or 3 for a late entry)
    leaves: int  # the round of the withdrawal's forfeit; rounds + 1: stays to the end


class Off(NamedTuple):
    """A participant not in a round's pairing, and what the row holds for the round."""

    block: Block | None


def _spans(rng: random.Random, ids: range, rounds: int, profile: Profile) -> dict[int, Span]:
    """Each participant's late entry and withdrawal (every entry is drawn before any
    withdrawal: the order the seed's events depend on)."""
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
    return {i: Span(enters[i], leaves[i]) for i in ids}


def _off(rng: random.Random, r: int, rounds: int, span: Span, profile: Profile) -> Off | None:
    """Whether a participant sits round *r* out (before entry, after withdrawal, a
    requested bye), and with what; None: paired. A withdrawing participant is paired once
    more and forfeits."""
    if r < span.enters:
        return Off(Block(0, "-", rng.choice("HZ")) if rng.random() < 0.3 else None)
    if r > span.leaves:
        return Off(None)
    if r < span.leaves and rng.random() < profile.bye:
        return Off(Block(0, "-", _bye_code(rng, profile)))
    if r < span.leaves and r >= rounds - 1 and rng.random() < profile.late_bye:
        return Off(Block(0, "-", "Z"))  # byes near the end are often zero-point
    return None


class _SwissRun(NamedTuple):
    """A Swiss being generated: what each round reads and adds to."""

    rng: random.Random
    ratings: Sequence[int]
    profile: Profile
    spans: dict[int, Span]
    state: SwissState
    table: dict[int, list[Block | None]]


def _play(run: _SwissRun, r: int, pairing: Pairing) -> None:
    """Round *r*'s PAB and games into the table and the state; a withdrawing participant
    forfeits the round of the withdrawal."""
    state, table = run.state, run.table
    if pairing.pab:
        state.had_pab.add(pairing.pab)
        table[pairing.pab].append(Block(0, "-", "U"))
    for white, black in pairing.pairs:
        state.met[white].add(black)
        state.met[black].add(white)
        cw, cb = game_result(run.rng, run.ratings[white - 1], run.ratings[black - 1], run.profile)
        if r == run.spans[white].leaves:
            cw, cb = ("-", "-") if r == run.spans[black].leaves else ("-", "+")
        elif r == run.spans[black].leaves:
            cw, cb = "+", "-"
        table[white].append(Block(black, "w", cw))
        table[black].append(Block(white, "b", cb))
        state.colours[white].append("w")
        state.colours[black].append("b")


def swiss(
    rng: random.Random,
    ratings: Sequence[int],
    rounds: int,
    profile: Profile,
    pair: Pairer = score_groups,
) -> tuple[tuple[Block | None, ...], ...]:
    """A Swiss whose rounds *pair* (default: :func:`score_groups`) pairs, with late
    entries, byes, withdrawals and the results of :func:`game_result`."""
    ids = range(1, len(ratings) + 1)
    run = _SwissRun(
        rng=rng,
        ratings=ratings,
        profile=profile,
        spans=_spans(rng, ids, rounds, profile),
        state=SwissState.start(ids),
        table={i: [] for i in ids},
    )
    for r in range(1, rounds + 1):
        pool = []
        for i in ids:
            off = _off(rng, r, rounds, run.spans[i], profile)
            if off is None:
                pool.append(i)
            else:
                run.table[i].append(off.block)
        _play(
            run,
            r,
            pair(
                PairingRequest(round=r, rounds=rounds, pool=pool, ratings=ratings, state=run.state)
            ),
        )
        for i in ids:
            block = run.table[i][-1]
            run.state.score[i] += POINTS.get(block.code, 0) if block else 0
    return tuple(tuple(run.table[i]) for i in ids)


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
                table[a].append(Block(b, "w", ca))
                table[b].append(Block(a, "b", cb))
            o = [o[0], o[-1], *o[1:-1]]
    return tuple(tuple(table[i]) for i in range(1, n + 1))


def to_trf(event: Event) -> str:
    """The event as TRF16 (C.04 Annex 2 columns): 012, dates, 092, XXR and one 001 line per
    participant with the rating and the points; a team event with the TRF-2026 team records
    (310 teams, 320 PABs, 330 forfeited matches)."""
    if event.kind == "team-swiss":
        from .team_event import team_trf

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


def coverage(event: Event) -> Counter[str]:
    """How often each result code and situation occurs in *event* (one count per block;
    a double forfeit counts once per side as ``--``)."""
    c: Counter[str] = Counter()  # (zero counts are dropped at the end)
    c[f"event: {event.kind}"] += 1
    c["team PAB"] += sum(1 for t in event.team_byes if t)
    c["forfeited match"] += len(event.forfeits)
    c["unrated players"] += sum(1 for r in event.ratings if not r)
    for row in event.rounds:
        first = next((k for k, b in enumerate(row) if b is not None and b.code not in "HZ"), 0)
        last = max((k for k, b in enumerate(row) if b is not None), default=-1)
        for k, b in enumerate(row):
            c[_situation(event, k, b, first, last)] += 1
    return +c


def _situation(event: Event, k: int, b: Block | None, first: int, last: int) -> str:
    """What round index *k* of a row holds: a result code, or why it is not paired
    (*first* and *last*: the row's first round played, its last round held)."""
    if b is None:
        if k < first:
            return "not paired (late entry)"
        return "not paired (withdrawn)" if k > last else "not paired"
    code = b.code
    if code == "-" and b.opponent:
        other = event.rounds[b.opponent - 1][k]
        code = "--" if other is not None and other.code == "-" else code
    return f"code {code}"
