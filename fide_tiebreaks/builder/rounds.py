"""The checks of a round before the builder records it: its games and its byes, each placed
in the round's new games only when the player can have it (builder/event.py commits them)."""

from __future__ import annotations

import functools
from collections.abc import Mapping, Sequence
from fractions import Fraction
from typing import Any

from ..data_classes import dataclass
from ..model import Colour, Game, ResultKind
from .results import BuilderError, bye_kind, game_kinds

NEVER = 10**9  # "withdraws" in no round
_NEW = tuple.__new__  # skips the named tuple's Python-level __new__ (one per game)

#: (kind, colour) -> (points, units on the event's grid)
Points = Mapping[tuple[ResultKind, Colour], tuple[Fraction, int]]

# A game's result text -> (white's, black's) kinds: a pairing program sends the same few
# texts thousands of times a round. An invalid text raises, and is not kept.
result_kinds = functools.lru_cache(maxsize=256)(game_kinds)


@dataclass
class PlayerEntry:
    """A participant as added: every field of its Participant but the scores."""

    fields: dict[str, Any]
    entered: int  # first round the participant can play (late entries: later than 1)
    until: int = NEVER  # first round it no longer plays (withdrawal)


def entry_of(entries: Mapping[int, PlayerEntry], pid: object, n: int | None) -> PlayerEntry:
    """The entry of player *pid*; BuilderError (naming round *n*) for anything else."""
    if isinstance(pid, bool) or not isinstance(pid, int):
        raise BuilderError(f"player id {pid!r} is not a whole number", n)
    if type(pid) is not int:  # an IntEnum: the event's ids are plain ints
        raise BuilderError(
            f"player id {pid!r} is a {type(pid).__name__}, not a plain int; "
            f"pass its value, {int(pid)}",
            n,
        )
    if pid not in entries:
        raise BuilderError("is unknown (add_player first)", n, pid)
    return entries[pid]


def check_games(
    n: int,
    games: Sequence[Any],
    entries: Mapping[int, PlayerEntry],
    points: Points,
    new: dict[int, Game],
) -> None:
    """Each game of round *n* into *new*, both players' sides; BuilderError for a game that
    cannot be (an unknown, absent or twice-paired player, an unreadable result)."""
    white_points = {k: points[k, Colour.WHITE] for k in ResultKind}
    black_points = {k: points[k, Colour.BLACK] for k in ResultKind}
    for item in games:
        try:
            white, black, result = item
        except (TypeError, ValueError):
            raise BuilderError(f"game {item!r} is not (white, black, result)", n) from None
        # The common case in a few dictionary lookups; anything odd goes the slow way,
        # which says what is wrong.
        ew = entries.get(white) if type(white) is int else None
        eb = entries.get(black) if type(black) is int else None
        if (
            ew is None
            or eb is None
            or white in new
            or black in new
            or white == black
            or not ew.entered <= n < ew.until
            or not eb.entered <= n < eb.until
        ):
            refuse(
                n,
                new,
                entries,
                (white, f"white against {black}"),
                (black, f"black against {white}"),
            )
        kw, kb = _kinds(n, white, black, result)
        new[white] = _NEW(Game, (n, kw, black, Colour.WHITE, *white_points[kw]))
        new[black] = _NEW(Game, (n, kb, white, Colour.BLACK, *black_points[kb]))


def _kinds(n: int, white: int, black: int, result: object) -> tuple[ResultKind, ResultKind]:
    try:
        return result_kinds(result) if type(result) is str else game_kinds(result)  # type: ignore[arg-type]
    except ValueError as e:
        raise BuilderError(f"in game {white}-{black}: {e}", n, white) from None


def check_byes(
    n: int,
    byes: Mapping[Any, Any],
    entries: Mapping[int, PlayerEntry],
    points: Points,
    team_event: bool,
    new: dict[int, Game],
) -> None:
    """Each bye of round *n* into *new*; BuilderError for a player who cannot have it."""
    for pid, code in byes.items():
        entry = entries.get(pid) if type(pid) is int else None
        if entry is None or pid in new or not entry.entered <= n < entry.until:
            refuse(n, new, entries, (pid, f"bye '{code}'"))
        try:
            kind = bye_kind(code, team_event)
        except ValueError as e:
            raise BuilderError(f"has an unreadable bye: {e}", n, pid) from None
        new[pid] = _NEW(Game, (n, kind, None, Colour.NONE, *points[kind, Colour.NONE]))


def refuse(
    n: int, new: Mapping[int, Game], entries: Mapping[int, PlayerEntry], *placed: tuple[object, str]
) -> None:
    """Raise the error that keeps *placed* (participant, what it was given) out of round
    *n*, where *new* holds the games accepted so far."""
    for pid, what in placed:
        entry = entry_of(entries, pid, n)
        assert isinstance(pid, int)
        if len(placed) == 2 and placed[0][0] == placed[1][0]:
            raise BuilderError("is paired with itself", n, pid)
        if pid in new:
            g = new[pid]
            before = (
                f"{g.colour.name.lower()} against {g.opponent}"
                if g.opponent is not None
                else f"bye '{g.kind.value}'"
            )
            raise BuilderError(f"is paired twice ({before}, and {what})", n, pid)
        if n < entry.entered:
            raise BuilderError(f"enters the event in round {entry.entered} ({what})", n, pid)
        if n >= entry.until:
            raise BuilderError(f"withdrew from round {entry.until} ({what})", n, pid)
    raise AssertionError("nothing to refuse")  # pragma: no cover
