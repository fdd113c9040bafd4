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

from ..data_classes import dataclass
from ..diagnostics import Severity
from ..errors import FideTiebreaksError
from ..formats.trf.reader import parse_trf
from .compare import Discrepancy
from .generate import Block, Event, ForfeitedMatch, to_trf


class MissingExtra(FideTiebreaksError, RuntimeError):
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


def _kept(mask: Sequence[int], count: int) -> list[int]:
    """The 1-based items among *count* whose entry in *mask* is not 0."""
    return [i for i in range(1, count + 1) if mask[i - 1]]


def _pair(r: int, a: int, b: int) -> tuple[int, int, int]:
    """A pairing of round index *r* as :func:`team_matches` and ``Event.games`` list it."""
    return (r, min(a, b), max(a, b))


def cut(
    event: Event, players: Sequence[int], rounds: Sequence[int], games: Sequence[int]
) -> Event | None:
    """*event* with the participants, rounds and games whose entry is 0 dropped (the others
    renumbered in order); None when fewer than two participants or no round are left. In a
    team event the participants are the teams and the games their matches."""
    if event.teams:
        return cut_teams(event, players, rounds, games)
    keep = _kept(players, event.size)
    columns = [r for r in range(event.round_count) if rounds[r]]
    if len(keep) < 2 or not columns:
        return None
    dropped = {game for game, k in zip(event.games(), games, strict=True) if not k}
    new = {old: n for n, old in enumerate(keep, start=1)}
    table = [_player_row(event, old, columns, new, dropped) for old in keep]
    used = _rounds_used(table, len(columns))
    if not used:
        return None
    return Event(
        name=event.name,
        kind=event.kind,
        ratings=tuple(event.ratings[old - 1] for old in keep),
        rounds=tuple(tuple(row[k] for k in used) for row in table),
    )


def _rounds_used(table: Sequence[tuple[Block | None, ...]], count: int) -> list[int]:
    """The round indices someone still takes part in. A round nobody does is dropped too:
    programs disagree on whether XXR or the last round with a result sets the number of
    rounds (a reading question, not a tie-break one)."""
    return [k for k in range(count) if any(row[k] is not None for row in table)]


def _player_row(
    event: Event,
    old: int,
    columns: Sequence[int],
    new: dict[int, int],
    dropped: set[tuple[int, int, int]],
) -> tuple[Block | None, ...]:
    """Player *old*'s blocks in the kept rounds, renumbered; unpaired where the opponent or
    the game is dropped."""
    row: list[Block | None] = []
    for r in columns:
        block = event.rounds[old - 1][r]
        if block is not None and block[0]:
            opponent, colour, result = block
            gone = opponent not in new or _pair(r, old, opponent) in dropped
            block = None if gone else Block(new[opponent], colour, result)
        row.append(block)
    return tuple(row)


def team_matches(event: Event) -> list[tuple[int, int, int]]:
    """Each match of a team event once: (round index, lower team, higher team)."""
    team_of = _team_of(event)
    found = {(r, a, b) for r, a, b, _ in event.forfeits}
    for p, row in enumerate(event.rounds, start=1):
        for r, b in enumerate(row):
            if b is not None and b[0]:
                found.add(_pair(r, team_of[p], team_of[b[0]]))
    return sorted(found)


def _team_of(event: Event) -> dict[int, int]:
    """Each player's team (1-based)."""
    return {p: t for t, members in enumerate(event.teams, start=1) for p in members}


@dataclass(frozen=True)
class _TeamCut:
    """What a team event keeps: the rounds (indices), the teams and players renumbered in
    order, and the matches dropped."""

    columns: list[int]
    new_team: dict[int, int]
    new_player: dict[int, int]
    dropped: set[tuple[int, int, int]]


def cut_teams(
    event: Event, teams: Sequence[int], rounds: Sequence[int], matches: Sequence[int]
) -> Event | None:
    """A team event without the teams, rounds and matches whose entry is 0; a team whose
    opponent or match is dropped is left unpaired in that round."""
    keep = _kept(teams, len(event.teams))
    columns = [r for r in range(event.round_count) if rounds[r]]
    if len(keep) < 2 or not columns:
        return None
    all_matches = team_matches(event)
    players = [p for t in keep for p in event.teams[t - 1]]
    kept = _TeamCut(
        columns=columns,
        new_team={old: n for n, old in enumerate(keep, start=1)},
        new_player={old: n for n, old in enumerate(players, start=1)},
        dropped={m for m, k in zip(all_matches, matches, strict=True) if not k},
    )
    return Event(
        name=event.name,
        kind=event.kind,
        ratings=tuple(event.ratings[p - 1] for p in players),
        rounds=_team_rows(event, players, all_matches, kept),
        teams=tuple(tuple(kept.new_player[p] for p in event.teams[t - 1]) for t in keep),
        team_byes=tuple(kept.new_team.get(event.team_byes[r], 0) for r in columns),
        forfeits=_team_forfeits(event, kept),
    )


def _team_rows(
    event: Event,
    players: Sequence[int],
    all_matches: Sequence[tuple[int, int, int]],
    kept: _TeamCut,
) -> tuple[tuple[Block | None, ...], ...]:
    """The kept players' blocks in the kept rounds, renumbered; unpaired where their team's
    opponent or match is dropped."""
    opponent = {}
    for r, a, b in all_matches:
        opponent[r, a], opponent[r, b] = b, a
    team_of = _team_of(event)
    table = []
    for p in players:
        t = team_of[p]
        row: list[Block | None] = []
        for r in kept.columns:
            block = event.rounds[p - 1][r]
            u = opponent.get((r, t))
            if u is not None and (u not in kept.new_team or _pair(r, t, u) in kept.dropped):
                block = None  # the match is gone: the team is not paired
            elif block is not None and block[0]:
                board_opponent, colour, result = block
                block = Block(kept.new_player[board_opponent], colour, result)
            row.append(block)
        table.append(tuple(row))
    return tuple(table)


def _team_forfeits(event: Event, kept: _TeamCut) -> tuple[ForfeitedMatch, ...]:
    """The forfeited matches between kept teams in kept rounds, renumbered."""
    at = {old: k for k, old in enumerate(kept.columns)}
    new_team = kept.new_team
    return tuple(
        ForfeitedMatch(round=at[r], first=new_team[a], second=new_team[b], how=how)
        for r, a, b, how in event.forfeits
        if r in at and a in new_team and b in new_team and _pair(r, a, b) not in kept.dropped
    )


def valid(event: Event) -> bool:
    """Our reader accepts the sub-event without an error."""
    read = parse_trf(to_trf(event).encode())
    return not any(d.severity is Severity.ERROR for d in read.diagnostics)


class _Stop(Exception):
    pass


def shrink(
    event: Event,
    still_fails: Callable[[Event], Discrepancy | None],
    *,
    seconds: float = 60.0,
    examples: int = 300,
) -> Shrunk | None:
    """The smallest sub-event Hypothesis finds on which *still_fails* returns a discrepancy
    (within *seconds*); None when even *event* does not fail any more."""
    _require_hypothesis()
    start = time.monotonic()
    first = still_fails(event)
    if first is None:
        return None
    search = _Search(
        event=event,
        still_fails=still_fails,
        start=start,
        seconds=seconds,
        best=event,
        found=first,
    )
    _explore(search, examples)
    return Shrunk(
        event=search.best,
        discrepancy=search.found,
        tries=search.tries,
        seconds=time.monotonic() - start,
    )


def _require_hypothesis() -> None:
    """Fail before any work is done when the optional extra is missing."""
    try:
        import hypothesis  # noqa: F401
    except ImportError:
        raise MissingExtra(
            "shrinking needs Hypothesis (from a checkout: pip install '.[certify]')"
        ) from None


@dataclass
class _Search:
    """One shrink's state: the smallest failing sub-event seen so far, its discrepancy, and
    how many sub-events were checked (the whole event counts as the first)."""

    event: Event
    still_fails: Callable[[Event], Discrepancy | None]
    start: float
    seconds: float
    best: Event
    found: Discrepancy
    tries: int = 1

    def fails(self, masks: tuple[list[int], list[int], list[int]]) -> bool:
        """Whether the sub-event *masks* describe is valid and still fails; stops the
        search (``_Stop``) once the time is up."""
        if time.monotonic() - self.start > self.seconds:
            raise _Stop
        sub = cut(self.event, *masks)
        if sub is None or not valid(sub):
            return False
        self.tries += 1
        found = self.still_fails(sub)
        if found is None:
            return False
        if parts(sub) < parts(self.best):
            self.best, self.found = sub, found
        return True


def _explore(search: _Search, examples: int) -> None:
    """Let Hypothesis generate and shrink masks of the event's parts (derandomized, so a
    shrink is the same on every run), until *examples* or the time run out."""
    from hypothesis import HealthCheck, Phase, find, settings
    from hypothesis import strategies as st
    from hypothesis.errors import NoSuchExample, Unsatisfiable

    def mask(n: int) -> st.SearchStrategy[list[int]]:
        return st.lists(st.integers(0, 7), min_size=n, max_size=n)

    n_players, n_rounds, n_games = parts(search.event)
    strategy = st.tuples(mask(n_players), mask(n_rounds), mask(n_games))
    try:
        find(
            strategy,
            search.fails,
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
