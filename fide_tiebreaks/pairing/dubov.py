"""The Dubov ARO (FIDE C.04.4.1, applied from 1 February 2026) and the orders it drives:
the average rating of the opponents met over the board (1.7), rounded half up, 0 before a
first game; ratings from the file or provisional ones the Chief Arbiter assigns (1.1.2);
White seekers by ascending ARO then TPN (3.2.5, 4.3.2), Black seekers by TPN (4.3.2), and the
shifters' sequence numbers from the middle out (4.3.3)."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import field
from fractions import Fraction
from typing import TypeVar

from ..data_classes import NamedTuple, dataclass
from ..model import PLAYED_KINDS, Colour, Game, Participant, ResultKind, Tournament
from .common import (
    ColourPreference,
    MissingRatingError,
    PairingIndexError,
    colour_preference,
    planned_rounds,
    standing_after,
    virtual_points,
)

T = TypeVar("T")


class DubovRound(NamedTuple):
    """One round of one player's ARO (explain)."""

    round: int  # 1-based
    kind: ResultKind  # what happened
    opponent: int | None  # the scheduled opponent (forfeits too); None for byes
    rating: int | None  # the opponent's rating as used; None when the round does not count
    rule: str  # why it counts or not


@dataclass(frozen=True)
class DubovEntry:
    """One player's ARO and colour after the round (C.04.4.1 1.6-1.7)."""

    id: int  # the start rank, used as the TPN (1.2.1)
    rating: int | None  # the rating used (1.1): the file's, or the provisional one
    provisional: bool  # the rating is a provisional one the arbiter assigned (1.1.2)
    score: Fraction  # current score, virtual points excluded
    virtual_points: Fraction  # acceleration's points for the next round (brackets only)
    pairing_score: Fraction  # score + virtual points: the score group of the next round
    games: int  # games played over the board
    rating_sum: int  # the sum of those opponents' ratings
    aro: int  # 1.7.1: rating_sum / games, rounded half up; 0 before a first game (1.7.3)
    colour: ColourPreference  # the due colour (1.6)


class DubovGroup(NamedTuple):
    """One score group's orders (a bracket adds its upfloaters, 1.3.2)."""

    score: Fraction  # the pairing score
    white_seekers: tuple[int, ...]  # 3.2.5 / 4.3.2: ascending ARO, then ascending TPN
    black_seekers: tuple[int, ...]  # 4.3.2: ascending TPN
    white_shifters: tuple[int, ...]  # 4.3.3: the White seekers as shifter #1, #2, ...
    black_shifters: tuple[int, ...]  # 4.3.3: the Black seekers as shifter #1, #2, ...


@dataclass(frozen=True)
class DubovIndex:
    """The Dubov ARO of every player after a completed round, and the orders it drives."""

    after_round: int  # the last completed round counted
    planned_rounds: int | None  # the rounds of the event, when known
    max_upfloats: int | None  # 1.8.2: MaxT = 2 + floor(rounds / 5)
    entries: tuple[DubovEntry, ...]  # in the tournament's participant order
    groups: tuple[DubovGroup, ...]  # score groups of the next round, highest first
    notes: tuple[str, ...]  # what the arbiter should know (TPNs to recompute, 1.2.2)
    tournament: Tournament = field(repr=False, compare=False)  # as after after_round
    ratings: Mapping[int, int] = field(repr=False, compare=False, default_factory=dict)
    system: str = "dubov"
    edition: str = "2026"

    @property
    def next_round(self) -> int:
        """The round these values are for."""
        return self.after_round + 1

    def entry(self, pid: int) -> DubovEntry:
        """The entry of the player with start rank *pid* (KeyError when none)."""
        return self.entries[self.tournament.index[pid]]

    def white_seekers(self, ids: Iterable[int]) -> list[int]:
        """*ids* in the order of 3.2.5 and 4.3.2: ascending ARO, then ascending TPN."""
        return sorted(ids, key=lambda pid: (self.entry(pid).aro, pid))

    def working(self, pid: int) -> tuple[DubovRound, ...]:
        """Round by round, which opponents' ratings made the player's ARO."""
        p = self.tournament.participant(pid)
        return tuple(_round_working(g, self.ratings) for g in p.results)


def _round_working(g: Game, ratings: Mapping[int, int]) -> DubovRound:
    if g.kind in PLAYED_KINDS and g.opponent is not None:
        return DubovRound(
            round=g.round,
            kind=g.kind,
            opponent=g.opponent,
            rating=ratings[g.opponent],
            rule="1.7.1: an opponent met over the board",
        )
    why = "forfeit: not played over the board" if g.kind.has_opponent else "no game"
    return DubovRound(
        round=g.round,
        kind=g.kind,
        opponent=g.opponent,
        rating=None,
        rule=f"1.7.1: not counted ({why})",
    )


def middle_out(items: Sequence[T]) -> list[T]:
    """C.04.4.1 4.3.3: sequence numbers from the (remaining) middle of the list; of two in
    the middle, the one higher in the list first. A, B, C, D, E, F, G gives D, C, E, B, F,
    A, G (the text's example)."""
    rest = list(items)
    out = []
    while rest:
        out.append(rest.pop((len(rest) - 1) // 2))
    return out


def round_half_up(total: int, count: int) -> int:
    """C.04.4.1 1.7.1: *total* / *count* to the nearest integer, the higher when the
    division ends in .5; exact, on integers."""
    return (2 * total + count) // (2 * count)


def max_upfloats(rounds: int) -> int:
    """C.04.4.1 1.8.2: MaxT = 2 + [rounds / 5], rounded down."""
    return 2 + rounds // 5


def _ratings(t: Tournament, provisional: Mapping[int, int]) -> dict[int, int]:
    """The rating of each player (1.1): a provisional one where given, else the file's."""
    for pid, value in provisional.items():
        if pid not in t.index:
            raise PairingIndexError(f"provisional rating for player {pid}, who is not in the event")
        if isinstance(value, bool) or not isinstance(value, int) or not 0 < value <= 9999:
            raise PairingIndexError(
                f"provisional rating {value!r} of player {pid} must be "
                "a whole number from 1 to 9999"
            )
    out = {p.id: p.rating for p in t.participants if p.rating is not None}
    out.update(provisional)
    return out


def _missing(t: Tournament, ratings: Mapping[int, int]) -> None:
    """1.1.1: every player must have a rating; an ARO that needs a missing one fails."""
    needed = sorted(
        {
            g.opponent
            for p in t.participants
            for g in p.results
            if g.kind in PLAYED_KINDS and g.opponent is not None and g.opponent not in ratings
        }
    )
    if needed:
        shown = ", ".join(str(pid) for pid in needed[:20])
        more = f" and {len(needed) - 20} more" if len(needed) > 20 else ""
        raise MissingRatingError(
            f"player(s) {shown}{more} have no rating and were met over the board: every "
            "player must have one (C.04.4.1 1.1.1); the Chief Arbiter assigns a provisional "
            "rating (1.1.2): give provisional_ratings={id: rating} (the command: --rating "
            "ID=RATING)"
        )


def _entry(
    p: Participant, ratings: Mapping[int, int], provisional: Mapping[int, int], extra: Fraction
) -> DubovEntry:
    opponents = [g.opponent for g in p.results if g.kind in PLAYED_KINDS and g.opponent is not None]
    total = sum(ratings[o] for o in opponents)
    aro = round_half_up(total, len(opponents)) if opponents else 0  # 1.7.3: 0 before a game
    return DubovEntry(
        id=p.id,
        rating=ratings.get(p.id),
        provisional=p.id in provisional,
        score=p.points,
        virtual_points=extra,
        pairing_score=p.points + extra,
        games=len(opponents),
        rating_sum=total,
        aro=aro,
        colour=colour_preference(p, none_is_black=True),
    )


def _groups(index: DubovIndex) -> tuple[DubovGroup, ...]:
    by_score: dict[Fraction, list[DubovEntry]] = {}
    for e in index.entries:
        by_score.setdefault(e.pairing_score, []).append(e)
    out = []
    for score in sorted(by_score, reverse=True):
        members = by_score[score]
        white = index.white_seekers(e.id for e in members if e.colour.colour is Colour.WHITE)
        black = sorted(e.id for e in members if e.colour.colour is not Colour.WHITE)
        out.append(
            DubovGroup(
                score=score,
                white_seekers=tuple(white),
                black_seekers=tuple(black),
                white_shifters=tuple(middle_out(white)),
                black_shifters=tuple(middle_out(black)),
            )
        )
    return tuple(out)


def dubov_index(
    t: Tournament,
    after_round: int | None = None,
    *,
    provisional_ratings: Mapping[int, int] | None = None,
    rounds: int | None = None,
) -> DubovIndex:
    """The ARO of every player after *after_round* (default: the last round recorded), with
    *provisional_ratings* ``{start rank: rating}`` for players the file leaves unrated
    (1.1.2). *rounds* gives the event's number of rounds when the tournament does not."""
    now = standing_after(t, after_round)
    provisional = dict(provisional_ratings or {})
    ratings = _ratings(now, provisional)
    _missing(now, ratings)
    nxt = virtual_points(now, now.rounds + 1)
    entries = tuple(
        _entry(p, ratings, provisional, nxt.get(p.id, Fraction(0))) for p in now.participants
    )
    planned = planned_rounds(rounds, t)
    result = DubovIndex(
        after_round=now.rounds,
        planned_rounds=planned,
        max_upfloats=None if planned is None else max_upfloats(planned),
        entries=entries,
        groups=(),
        notes=_notes(now, provisional),
        tournament=now,
        ratings=ratings,
    )
    object.__setattr__(result, "groups", _groups(result))
    return result


def _notes(t: Tournament, provisional: Mapping[int, int]) -> tuple[str, ...]:
    notes = []
    if provisional and t.rounds + 1 <= 4:
        notes.append(
            "1.2.2: a rating introduced or changed before the pairing of round 4 "
            "obliges the Chief Arbiter to recalculate the TPNs; these values use the "
            "file's start ranks as TPNs"
        )
    unrated = [p.id for p in t.participants if p.rating is None and p.id not in provisional]
    if unrated:
        shown = ", ".join(str(pid) for pid in unrated[:20])
        notes.append(
            f"1.1.1: player(s) {shown}{' ...' if len(unrated) > 20 else ''} have no "
            "rating yet; none is needed for an ARO so far"
        )
    return tuple(notes)
