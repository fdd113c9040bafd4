"""Shrinking a discrepancy to a minimal event, with Hypothesis's shrinker.

A sub-event is described by three lists of small integers: one per participant, one per
round, one per game (pairing); 0 drops the item, anything else keeps it. Hypothesis
searches these lists for a sub-event on which the program still disagrees with us in the
same group (code x edition x Art. 16 category), and its shrinker drives them towards 0:
fewer participants, rounds and games. Dropping a participant or a game leaves the other
side of its pairings unpaired, so every sub-event is a valid, mirrored cross table; one
our reader finds fault with is not a candidate. Hypothesis is the optional ``certify``
extra (from a checkout, ``pip install '.[certify]'``; ``pip install
'fide-tiebreaks[certify]'`` once the package is on PyPI).
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from ..diagnostics import Severity
from ..formats.trf.reader import parse_trf
from .compare import Discrepancy
from .generate import Block, Event, to_trf


class MissingExtra(RuntimeError):
    """Hypothesis is not installed."""


@dataclass(frozen=True)
class Shrunk:
    event: Event
    discrepancy: Discrepancy
    tries: int
    seconds: float


def parts(event: Event) -> tuple[int, int, int]:
    """How many participants, rounds and games (matches, in a team event) can be dropped."""
    if event.teams:
        return len(event.teams), event.round_count, len(team_matches(event))
    return event.size, event.round_count, sum(1 for _ in event.games())


def cut(event: Event, players: Sequence[int], rounds: Sequence[int],
        games: Sequence[int]) -> Event | None:  # fmt: skip
    """*event* with the participants, rounds and games whose entry is 0 dropped (the others
    renumbered in order); None when fewer than two participants or no round are left. In a
    team event the participants are the teams and the games their matches."""
    if event.teams:
        return cut_teams(event, players, rounds, games)
    keep = [i for i in range(1, event.size + 1) if players[i - 1]]
    columns = [r for r in range(event.round_count) if rounds[r]]
    if len(keep) < 2 or not columns:
        return None
    dropped = {(r, a, b) for (r, a, b), k in zip(event.games(), games, strict=True) if not k}
    new = {old: n for n, old in enumerate(keep, start=1)}
    table = []
    for old in keep:
        row: list[Block | None] = []
        for r in columns:
            b = event.rounds[old - 1][r]
            if b is not None and b[0]:
                pair = (r, min(old, b[0]), max(old, b[0]))
                b = None if b[0] not in new or pair in dropped else (new[b[0]], b[1], b[2])
            row.append(b)
        table.append(tuple(row))
    # A round nobody takes part in any more is dropped too: programs disagree on whether
    # XXR or the last round with a result sets the number of rounds (a reading question,
    # not a tie-break one).
    used = [k for k in range(len(columns)) if any(row[k] is not None for row in table)]
    if not used:
        return None
    ratings = tuple(event.ratings[old - 1] for old in keep)
    return Event(event.name, event.kind, ratings,
                 tuple(tuple(row[k] for k in used) for row in table))  # fmt: skip


def team_matches(event: Event) -> list[tuple[int, int, int]]:
    """Each match of a team event once: (round index, lower team, higher team)."""
    team_of = {p: t for t, players in enumerate(event.teams, start=1) for p in players}
    found = {(r, a, b) for r, a, b, _ in event.forfeits}
    for p, row in enumerate(event.rounds, start=1):
        for r, b in enumerate(row):
            if b is not None and b[0]:
                t, u = team_of[p], team_of[b[0]]
                found.add((r, min(t, u), max(t, u)))
    return sorted(found)


def cut_teams(event: Event, teams: Sequence[int], rounds: Sequence[int],
              matches: Sequence[int]) -> Event | None:  # fmt: skip
    """A team event without the teams, rounds and matches whose entry is 0; a team whose
    opponent or match is dropped is left unpaired in that round."""
    keep = [t for t in range(1, len(event.teams) + 1) if teams[t - 1]]
    columns = [r for r in range(event.round_count) if rounds[r]]
    if len(keep) < 2 or not columns:
        return None
    all_matches = team_matches(event)
    dropped = {m for m, k in zip(all_matches, matches, strict=True) if not k}
    opponent = {}
    for r, a, b in all_matches:
        opponent[r, a], opponent[r, b] = b, a
    new_team = {old: n for n, old in enumerate(keep, start=1)}
    players = [p for t in keep for p in event.teams[t - 1]]
    new_player = {old: n for n, old in enumerate(players, start=1)}
    team_of = {p: t for t, members in enumerate(event.teams, start=1) for p in members}
    table = []
    for p in players:
        t = team_of[p]
        row: list[Block | None] = []
        for r in columns:
            block = event.rounds[p - 1][r]
            u = opponent.get((r, t))
            if u is not None and (u not in new_team or (r, min(t, u), max(t, u)) in dropped):
                block = None  # the match is gone: the team is not paired
            elif block is not None and block[0]:
                block = (new_player[block[0]], block[1], block[2])
            row.append(block)
        table.append(tuple(row))
    byes = tuple(new_team.get(event.team_byes[r], 0) for r in columns)
    at = {old: k for k, old in enumerate(columns)}
    forfeits = tuple((at[r], new_team[a], new_team[b], how) for r, a, b, how in event.forfeits
                     if r in at and a in new_team and b in new_team
                     and (r, min(a, b), max(a, b)) not in dropped)  # fmt: skip
    return Event(event.name, event.kind, tuple(event.ratings[p - 1] for p in players),
                 tuple(table), tuple(tuple(new_player[p] for p in event.teams[t - 1])
                                     for t in keep), byes, forfeits)  # fmt: skip


def valid(event: Event) -> bool:
    """Our reader accepts the sub-event without an error."""
    read = parse_trf(to_trf(event).encode())
    return not any(d.severity is Severity.ERROR for d in read.diagnostics)


class _Stop(Exception):
    pass


def shrink(event: Event, still_fails: Callable[[Event], Discrepancy | None], *,
           seconds: float = 60.0, examples: int = 300) -> Shrunk | None:  # fmt: skip
    """The smallest sub-event Hypothesis finds on which *still_fails* returns a discrepancy
    (within *seconds*); None when even *event* does not fail any more."""
    try:
        from hypothesis import HealthCheck, Phase, find, settings
        from hypothesis import strategies as st
        from hypothesis.errors import NoSuchExample, Unsatisfiable
    except ImportError:
        raise MissingExtra("shrinking needs Hypothesis (from a checkout: pip install "
                           "'.[certify]')") from None  # fmt: skip
    start = time.monotonic()
    first = still_fails(event)
    if first is None:
        return None
    best = [event, first]
    tries = [1]
    n_players, n_rounds, n_games = parts(event)

    def size(e: Event) -> tuple[int, int, int]:
        return parts(e)

    def fails(masks: tuple[list[int], list[int], list[int]]) -> bool:
        if time.monotonic() - start > seconds:
            raise _Stop
        sub = cut(event, *masks)
        if sub is None or not valid(sub):
            return False
        tries[0] += 1
        found = still_fails(sub)
        if found is None:
            return False
        if size(sub) < size(best[0]):  # type: ignore[arg-type]
            best[:] = [sub, found]
        return True

    def mask(n: int) -> st.SearchStrategy[list[int]]:
        return st.lists(st.integers(0, 7), min_size=n, max_size=n)

    strategy = st.tuples(mask(n_players), mask(n_rounds), mask(n_games))
    try:
        find(
            strategy,
            fails,
            settings=settings(
                max_examples=examples,
                deadline=None,
                database=None,
                derandomize=True,
                phases=[Phase.generate, Phase.shrink],
                suppress_health_check=list(HealthCheck),
            ),
        )
    except (_Stop, NoSuchExample, Unsatisfiable):
        pass
    return Shrunk(best[0], best[1], tries[0], time.monotonic() - start)  # type: ignore[arg-type]
