"""A Chess-JSON document's scoring (``scoreSystem`` and our ``other.scoring``) as the TRF
records that carry it: every key checked against the ones Chess-JSON (gacrux's
``chessjson.py``) gives them, every value as the TRF record can hold it, so that no value is
lost on the way and none read as another."""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping, Sequence
from fractions import Fraction
from typing import Any

from ...model import Scoring
from ...numbers import MAX_DIGITS, clip, exact_str
from .values import Bad, as_object, letters, points

#: The line of a key in the JSON text, by its path (``("scoreSystem", "game", "W")``): the
#: first occurrence of each key in turn, after the previous one; 0 when not found.
Locate = Callable[[Sequence[str]], int]

#: The letters of ``scoreSystem.game``, as gacrux's default system names them: win, draw,
#: loss, full-point bye, half-point bye, zero-point bye, pairing-allocated bye, adjourned or
#: unknown, unplayed. Upper case: a ``"w"`` is no letter, and its value would be lost.
GAME_LETTERS = ("W", "D", "L", "F", "H", "Z", "P", "A", "U")
#: ``scoreSystem.match`` has these and the game points of a team bye (``"FG": "W*"``).
MATCH_LETTERS = (*GAME_LETTERS, "FG", "HG", "ZG", "PG")
#: The keys of ``scoreSystem`` itself (gacrux writes ``primary`` and, pairing, ``secondary``).
SYSTEM_KEYS = ("game", "match", "primary", "secondary", "secondaryUsed")


def score_system(
    t: Mapping[str, Any], locate: Locate, notes: list[tuple[int, str]]
) -> dict[str, Any]:
    """The tournament's ``scoreSystem`` object (``{}`` when absent); a key it should not
    have is said in a warning at its line, naming the keys it may have."""
    system = as_object(t.get("scoreSystem") or {}, '"scoreSystem"')
    for key in system:
        if key not in SYSTEM_KEYS:
            notes.append(
                (
                    locate(("scoreSystem", key)),
                    f'"scoreSystem" has the key {clip(json.dumps(key), 40)}, which is not one '
                    f"of {', '.join(SYSTEM_KEYS)} (the points per letter are in "
                    '"scoreSystem.game"); ignored',
                )
            )
    return system


def scoring_records(
    t: Mapping[str, Any],
    other: Mapping[str, Any],
    locate: Locate,
    notes: list[tuple[int, str]],
) -> list[str]:
    """The scoring as TRF: nothing when it is the default, else a JaVaFo XXS record, which
    has a name for every value (TRF-2026 162 has none for forfeits and colours)."""
    system = score_system(t, locate, notes)
    game = system.get("game")
    v = letters(
        as_object(game, '"scoreSystem.game"') if game is not None else {},
        "scoreSystem.game",
        lambda k: locate(("scoreSystem", "game", k)),
        GAME_LETTERS,
    )  # checked even when other.scoring gives the values: no value is taken unread
    given = other.get("scoring") is not None  # null: none given, as the key left out
    s = _full_scoring(other, locate) if given else _by_letters(v)
    if s == Scoring():
        return []
    names = {
        "WW": s.win_white,
        "BW": s.win_black,
        "WD": s.draw_white,
        "BD": s.draw_black,
        "WL": s.loss_white,
        "BL": s.loss_black,
        "FW": s.forfeit_win,
        "FL": s.forfeit_loss,
        "PAB": s.pab,
        "FPB": s.full_bye,
        "HPB": s.half_bye,
        "ZPB": s.zero_bye,
    }
    return ["XXS " + " ".join(f"{k}={exact_str(x)}" for k, x in names.items())]


def _by_letters(v: Mapping[str, Fraction]) -> Scoring:
    """The scoring that ``scoreSystem.game``'s letters give; the default where none."""
    d = Scoring()
    w, dr, lo = v.get("W", d.win), v.get("D", d.draw), v.get("L", d.loss)
    z = v.get("Z", d.zero_bye)
    return Scoring(
        win_white=w,
        win_black=w,
        draw_white=dr,
        draw_black=dr,
        loss_white=lo,
        loss_black=lo,
        forfeit_win=w,
        forfeit_loss=z,
        pab=v.get("P", w),
        full_bye=v.get("F", w),
        half_bye=v.get("H", dr),
        zero_bye=z,
    )


_FIELDS = tuple(Scoring.__dataclass_fields__)


def _full_scoring(other: Mapping[str, Any], locate: Locate) -> Scoring:
    """``other.scoring`` (our writer's, for what the letters cannot say: colours, forfeits):
    an object of :class:`Scoring`'s fields, each points as XXS carries them."""
    line = locate(("other", "scoring"))
    full = other["scoring"]
    if not isinstance(full, dict):
        raise Bad(
            f'"other.scoring" is {clip(json.dumps(full), 40)}: it must be an object of points '
            'by result (e.g. {"win_white": "1", "draw_black": "0.5"})',
            line,
        )
    values: dict[str, Fraction] = {}
    for k, x in full.items():
        at = locate(("other", "scoring", k)) or line
        if k not in _FIELDS:
            raise Bad(
                f'"other.scoring" has the key {clip(json.dumps(k), 40)}, which is no result; '
                f"the keys are {', '.join(_FIELDS)}",
                at,
            )
        found = points(x)
        if found is None:
            raise Bad(
                f'"other.scoring.{k}" is {clip(json.dumps(x), 60)}: the points of a result are '
                f'a decimal number from 0 (at most {MAX_DIGITS} digits, e.g. 1, "0.5")',
                at,
            )
        values[k] = found
    return Scoring(**values)
