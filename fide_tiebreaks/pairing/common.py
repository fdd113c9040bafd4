"""What the Burstein and Dubov indexes share: the error they raise, the tournament as it stood
after a round, virtual points, score groups and colour preferences (C.04.4.1 1.5-1.6,
C.04.4.2 1.4-1.5)."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from fractions import Fraction

from ..data_classes import NamedTuple
from ..errors import EXIT_PROBLEMS, FideTiebreaksError
from ..model import PLAYED_KINDS, Colour, Participant, Tournament


class PairingIndexError(FideTiebreaksError, ValueError):
    """A pairing index that cannot be computed as asked: an unknown system, edition or
    reading, a round outside the event, a team event, a rating that is missing."""


class MissingRatingError(PairingIndexError):
    """A player met over the board has no rating (C.04.4.1 1.1.1): a problem of the input,
    which a provisional rating (1.1.2) solves."""

    exit_code = EXIT_PROBLEMS


class ScoreGroup(NamedTuple):
    """The players with one pairing score (C.04.4.2 1.2.1, C.04.4.1 1.3.1), in the order the
    system ranks them inside a bracket."""

    score: Fraction  # the score the brackets are formed on (virtual points included)
    players: tuple[int, ...]  # ids, in the system's ranking order


class ColourPreference(NamedTuple):
    """A player's due colour and its strength (C.04.4.1 1.6, C.04.4.2 1.5)."""

    colour: Colour  # WHITE, BLACK, or NONE (Burstein 1.5.4: no game played yet)
    strength: str  # "absolute", "strong", "mild" or "" (none)
    difference: int  # games with White minus games with Black (1.4 / 1.5)


def standing_after(t: Tournament, after_round: int | None) -> Tournament:
    """*t* as it stood after *after_round* (default: every round recorded); individual
    events only, since both systems pair players (C.04.4.1, C.04.4.2)."""
    if t.team is not None:
        raise PairingIndexError(
            "the Burstein and Dubov systems pair individual players; this is a team event"
        )
    n = t.rounds if after_round is None else after_round
    if isinstance(n, bool) or not isinstance(n, int) or not 0 <= n <= t.rounds:
        raise PairingIndexError(
            f"after_round {after_round!r} must be a whole number from 0 to {t.rounds} "
            "(the rounds recorded)"
        )
    return t.after_round(n)


def planned_rounds(rounds: object, t: Tournament) -> int | None:
    """The event's number of rounds: *rounds* when given (checked), else the tournament's
    (TRF 142 / XXR), else None."""
    if rounds is None:
        return t.planned_rounds
    if isinstance(rounds, bool) or not isinstance(rounds, int) or not 1 <= rounds <= 99:
        raise PairingIndexError(f"rounds {rounds!r} must be a whole number from 1 to 99")
    if rounds < t.rounds:
        raise PairingIndexError(f"rounds {rounds} is fewer than the {t.rounds} recorded")
    return rounds


def virtual_points(t: Tournament, rnd: int) -> dict[int, Fraction]:
    """Virtual points per participant for pairing round *rnd* (XXA / 250): they form the
    brackets and are never part of a score."""
    return {a.participant: a.points for a in t.acceleration if a.round == rnd}


def score_groups(
    players: Iterable[Participant],
    pairing_score: Callable[[Participant], Fraction],
    order: Callable[[Sequence[int]], list[int]],
) -> tuple[ScoreGroup, ...]:
    """Players grouped by pairing score, highest first, each group in *order*."""
    groups: dict[Fraction, list[int]] = {}
    for p in players:
        groups.setdefault(pairing_score(p), []).append(p.id)
    return tuple(
        ScoreGroup(score, tuple(order(groups[score]))) for score in sorted(groups, reverse=True)
    )


def colours_played(p: Participant) -> list[Colour]:
    """The colours of the games *p* played over the board, in round order: forfeits and
    byes have no colour for pairing (C.04.1, Basic Rules, Art. 6-7 count games played)."""
    return [g.colour for g in p.results if g.kind in PLAYED_KINDS and g.colour is not Colour.NONE]


def colour_preference(p: Participant, *, none_is_black: bool) -> ColourPreference:
    """The due colour (C.04.4.1 1.6.1-1.6.4, C.04.4.2 1.5.1-1.5.4). Absolute: a colour
    difference beyond ±1 or the same colour in the last two games played; the difference is
    looked at first when both apply. Strong: a difference of ±1. Mild: a difference of 0,
    alternating the last game. No game yet: Dubov 1.6.4 gives a mild preference for Black
    (*none_is_black*), Burstein 1.5.4 none."""
    played = colours_played(p)
    diff = sum(1 if c is Colour.WHITE else -1 for c in played)
    if not played:
        if none_is_black:
            return ColourPreference(Colour.BLACK, "mild", 0)
        return ColourPreference(Colour.NONE, "", 0)
    if diff < -1 or diff > 1:
        return ColourPreference(Colour.WHITE if diff < -1 else Colour.BLACK, "absolute", diff)
    if len(played) >= 2 and played[-1] is played[-2]:
        other = Colour.WHITE if played[-1] is Colour.BLACK else Colour.BLACK
        return ColourPreference(other, "absolute", diff)
    if diff:
        return ColourPreference(Colour.WHITE if diff < 0 else Colour.BLACK, "strong", diff)
    other = Colour.WHITE if played[-1] is Colour.BLACK else Colour.BLACK
    return ColourPreference(other, "mild", diff)
