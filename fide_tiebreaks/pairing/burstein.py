"""The Burstein index (FIDE C.04.4.2, applied from 1 February 2026): per player the Buchholz
and the Sonneborn-Berger on current scores (1.7.1), with a player's own unplayed rounds as
games against himself and the zero-point-bye exception (1.7.2), virtual points left out
(1.7.2, acceleration), and the ranking order inside a bracket (1.8: Index, then TPN).

Every sum is kept in integers on the tournament's grid (``Tournament.scale`` units per point;
Sonneborn-Berger products in units squared) and made a Fraction once per player: the cost is
one pass over players x rounds. The working of one player, round by round, is made on demand
by :meth:`BursteinIndex.working`.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import field
from fractions import Fraction

from ..data_classes import NamedTuple, dataclass
from ..model import PLAYED_KINDS, Game, Participant, ResultKind, Tournament
from .common import (
    ColourPreference,
    PairingIndexError,
    ScoreGroup,
    colour_preference,
    planned_rounds,
    score_groups,
    standing_after,
    virtual_points,
)

EDITIONS = {
    "2026": "C.04.4.2 applied from 1 February 2026 (approved 28/10/2025)",
    "till-2025": "C.04.4.2 effective till 30 June 2025 (index: SB, Buchholz, median)",
}
# Editions named by FIDE whose text we could not read: refused, never guessed.
UNAVAILABLE = {
    "2025-07": "the text applied from 1 July 2025 (C040402202507, approved 13/04/2024) is not "
    "among the sources this library was built from, so its index rules are not established; "
    "use '2026' or 'till-2025'",
}
DEFAULT_EDITION = "2026"
# Readings of the zero-point-bye exception of 1.7.2 (docs/pairing-indexes.md).
ZERO_BYE_READINGS = {
    "trailing": "the run of zero-point byes (or rounds not paired) that reaches the last "
    "completed round counts as draws in the score the player's opponents see",
    "all-but-last": "as 'trailing', but the bye of the last completed round stays at 0",
    "every": "every zero-point bye or round not paired, except before a late entry, counts "
    "as a draw for the opponents",
    "none": "no exception: every zero-point bye stays at 0 (also what the reading 'only when "
    "all results are zero-point byes' gives, since such a player has no opponents)",
}
DEFAULT_ZERO_BYE = "trailing"
_ZPB = frozenset({ResultKind.ZERO_BYE, ResultKind.NOT_PAIRED})


class BursteinRound(NamedTuple):
    """One round of one player's index: what the round was, whose score counted and what it
    added (explain)."""

    round: int  # 1-based
    kind: ResultKind  # what happened
    opponent: int | None  # the opponent met; None for a game against himself (1.7.2)
    points: Fraction  # points registered for the round
    counted_score: Fraction  # the opponent's score as seen, or the player's own (1.7.2)
    buchholz: Fraction  # what the round adds to the Buchholz
    sonneborn_berger: Fraction  # points x counted score (1.7.1)
    rule: str  # the article applied


@dataclass(frozen=True)
class BursteinEntry:
    """One player's Burstein index after the round (C.04.4.2 1.7-1.8)."""

    id: int  # the start rank, used as the TPN (C.04.2 Art. 2)
    score: Fraction  # current score, virtual points excluded
    seen_score: Fraction  # the score the player's opponents count (1.7.2 exception)
    virtual_points: Fraction  # acceleration's points for the next round (brackets only)
    pairing_score: Fraction  # score + virtual points: the score group of the next round
    buchholz: Fraction  # 1.7.1
    sonneborn_berger: Fraction  # 1.7.1
    median: Fraction | None  # the till-2025 text's third method; None in 2026
    index: tuple[Fraction, ...]  # the methods in the order 1.8.1 applies them
    colour: ColourPreference  # the due colour (1.5), for 5.2


@dataclass(frozen=True)
class BursteinIndex:
    """The Burstein index of every player after a completed round."""

    edition: str  # a key of EDITIONS
    zero_bye: str  # a key of ZERO_BYE_READINGS
    after_round: int  # the last completed round counted
    planned_rounds: int | None  # the rounds of the event (TRF 142 / XXR), when known
    seeding_rounds: int | None  # 1.6.2: min(floor(rounds / 2), 4)
    seeding: bool | None  # the next round is a seeding round: paired by the Dutch rules
    entries: tuple[BursteinEntry, ...]  # in the tournament's participant order
    order: tuple[int, ...]  # every player by 1.8 (Index, then TPN); scores not used
    groups: tuple[ScoreGroup, ...]  # score groups of the next round, each in 1.8 order
    notes: tuple[str, ...]  # what the arbiter should know (unestablished rules, ...)
    tournament: Tournament = field(repr=False, compare=False)  # as after after_round
    # id -> the 1.8 sort key in integers (units of the grid), for sorting at C speed
    keys: dict[int, tuple[int, ...]] = field(repr=False, compare=False, default_factory=dict)
    system: str = "burstein"

    @property
    def next_round(self) -> int:
        """The round these values are for."""
        return self.after_round + 1

    def entry(self, pid: int) -> BursteinEntry:
        """The entry of the player with start rank *pid* (KeyError when none)."""
        return self.entries[self.tournament.index[pid]]

    def rank(self, ids: Iterable[int]) -> list[int]:
        """*ids* (a bracket) in the ranking order of 1.8: Index descending, then TPN."""
        return sorted(ids, key=self.keys.__getitem__)

    def working(self, pid: int) -> tuple[BursteinRound, ...]:
        """Round by round, how the player's Buchholz and Sonneborn-Berger were made."""
        t = self.tournament
        p = t.participant(pid)
        seen = {e.id: e.seen_score for e in self.entries}
        return tuple(_round_working(g, p, seen) for g in p.results)


def _round_working(g: Game, p: Participant, seen: dict[int, Fraction]) -> BursteinRound:
    """One round of the working: an opponent met over the board counts with the score his
    opponents see; any other round is a game against himself (1.7.2.1)."""
    if g.kind in PLAYED_KINDS and g.opponent is not None:
        score, rule, opponent = seen[g.opponent], "1.7.1: the opponent's current score", g.opponent
    else:
        score, opponent = p.points, None
        rule = "1.7.2.1: not played: a game against himself, for the points registered"
    return BursteinRound(
        round=g.round,
        kind=g.kind,
        opponent=opponent,
        points=g.points,
        counted_score=score,
        buchholz=score,
        sonneborn_berger=g.points * score,
        rule=rule,
    )


def seeding_rounds(rounds: int) -> int:
    """C.04.4.2 1.6.2: half the rounds of the tournament (rounded down) or 4, the lower."""
    return min(rounds // 2, 4)


def converted_rounds(p: Participant, reading: str) -> list[int]:
    """The 0-based rounds whose zero-point bye counts as a draw for *p*'s opponents under
    *reading* (C.04.4.2 1.7.2, exception)."""
    results = p.results
    if reading == "none":
        return []
    if reading == "every":
        start = 0
        while start < len(results) and results[start].kind is ResultKind.NOT_PAIRED:
            start += 1  # before a late entry: the player was not yet in the event
        return [i for i in range(start, len(results)) if results[i].kind in _ZPB]
    i = len(results)
    while i > 0 and results[i - 1].kind in _ZPB:
        i -= 1
    run = list(range(i, len(results)))
    return run[:-1] if reading == "all-but-last" else run


def _seen_units(t: Tournament, reading: str) -> list[int]:
    """Each player's score in units as its opponents count it: a converted zero-point bye
    adds a draw's points instead of the points registered."""
    draw = int(t.scoring.draw * t.scale)
    out = []
    for p in t.participants:
        units = p.units
        for i in converted_rounds(p, reading):
            units += draw - p.results[i].units
        out.append(units)
    return out


class _Sums(NamedTuple):
    """One player's sums on the tournament's grid, before they are made Fractions."""

    buchholz: int  # units
    sonneborn_berger: int  # units squared
    cut: int  # the median's cut: the highest plus the lowest contribution (units)


def _sums(t: Tournament, seen: Sequence[int]) -> list[_Sums]:
    """Per player, in participant order, the sums of 1.7.1, in one pass over the games."""
    index = t.index
    out = []
    for p in t.participants:
        b = s = 0
        parts = []
        own = p.units  # 1.7.2.1: against himself, with his own current score
        for g in p.results:
            if g.kind in PLAYED_KINDS and g.opponent is not None:
                score = seen[index[g.opponent]]
            else:
                score = own
            b += score
            s += g.units * score
            parts.append(score)
        cut = max(parts) + min(parts) if len(parts) >= 2 else b
        out.append(_Sums(buchholz=b, sonneborn_berger=s, cut=cut))
    return out


def burstein_index(
    t: Tournament,
    after_round: int | None = None,
    *,
    edition: str | None = None,
    zero_bye: str | None = None,
    rounds: int | None = None,
) -> BursteinIndex:
    """The Burstein index of every player after *after_round* (default: the last round
    recorded), under *edition* (default ``"2026"``) and the zero-point-bye reading
    *zero_bye* (default ``"trailing"``). *rounds* gives the event's number of rounds when
    the tournament does not (TRF 142 / XXR), for the seeding rounds of 1.6."""
    edition = _choice(edition, DEFAULT_EDITION, EDITIONS, "edition", UNAVAILABLE)
    zero_bye = _choice(zero_bye, DEFAULT_ZERO_BYE, ZERO_BYE_READINGS, "zero_bye", {})
    now = standing_after(t, after_round)
    scale = now.scale
    seen = _seen_units(now, zero_bye)
    nxt = virtual_points(now, now.rounds + 1)
    old = edition == "till-2025"
    entries = []
    keys: dict[int, tuple[int, ...]] = {}
    for p, seen_units, sums in zip(now.participants, seen, _sums(now, seen), strict=True):
        extra = nxt.get(p.id, Fraction(0))
        entries.append(_entry(p, Fraction(seen_units, scale), extra, sums, scale, old))
        keys[p.id] = _sort_key(p.id, sums, old)
    planned = planned_rounds(rounds, t)
    seeds = None if planned is None else seeding_rounds(planned)
    result = BursteinIndex(
        edition=edition,
        zero_bye=zero_bye,
        after_round=now.rounds,
        planned_rounds=planned,
        seeding_rounds=seeds,
        seeding=None if seeds is None else now.rounds + 1 <= seeds,
        entries=tuple(entries),
        order=(),
        groups=(),
        notes=_notes(edition, planned),
        tournament=now,
        keys=keys,
    )
    order = tuple(result.rank(e.id for e in entries))
    pairing = {e.id: e.pairing_score for e in entries}
    groups = score_groups(now.participants, lambda p: pairing[p.id], result.rank)
    object.__setattr__(result, "order", order)
    object.__setattr__(result, "groups", groups)
    return result


def _entry(
    p: Participant, seen: Fraction, extra: Fraction, sums: _Sums, scale: int, old: bool
) -> BursteinEntry:
    """One player's entry; *old*: the till-2025 index (SB, Buchholz, median)."""
    b = Fraction(sums.buchholz, scale)
    s = Fraction(sums.sonneborn_berger, scale * scale)
    median = Fraction(sums.buchholz - sums.cut, scale) if old else None
    return BursteinEntry(
        id=p.id,
        score=p.points,
        seen_score=seen,
        virtual_points=extra,
        pairing_score=p.points + extra,
        buchholz=b,
        sonneborn_berger=s,
        median=median,
        index=(b, s) if median is None else (s, b, median),
        colour=colour_preference(p, none_is_black=False),
    )


def _sort_key(pid: int, sums: _Sums, old: bool) -> tuple[int, ...]:
    """1.8.1 then 1.8.2: the methods descending, then the TPN ascending, in integers (SB in
    units squared, the others in units: each compares only with its own kind)."""
    bh, sb = sums.buchholz, sums.sonneborn_berger
    return (-sb, -bh, sums.cut - bh, pid) if old else (-bh, -sb, pid)


def _notes(edition: str, planned: int | None) -> tuple[str, ...]:
    notes = []
    if planned is None:
        notes.append(
            "the number of rounds is not known (TRF 142 or XXR): whether the next "
            "round is a seeding round (1.6) cannot be said; give rounds="
        )
    if edition == "till-2025":
        notes.append(
            "till-2025: only the text's opening lines were available (index SB, "
            "Buchholz, median; ratings last). Its seeding rounds and its treatment "
            "of byes and forfeits are not established from the sources; the 2026 "
            "rules (1.6, 1.7.2) are used for them"
        )
    return tuple(notes)


def _choice(
    value: str | None, default: str, known: dict[str, str], what: str, unavailable: dict[str, str]
) -> str:
    if value is None:
        return default
    if not isinstance(value, str) or value not in known:
        if isinstance(value, str) and value in unavailable:
            raise PairingIndexError(f"{what} '{value}': {unavailable[value]}")
        raise PairingIndexError(f"{what} {value!r} is not one of: {', '.join(known)}")
    return value
