"""What the builder reads: result and bye codes (the TRF reader's own tables, C.04 Annex 2),
numbers and dates; and the error it raises when it cannot."""

from __future__ import annotations

import re
import sys
from collections.abc import Collection, Mapping
from datetime import date, datetime
from fractions import Fraction
from typing import Any

from ..dates import read_birth
from ..errors import FideTiebreaksError
from ..formats.trf.players import BYES, MIRROR, WITH_OPPONENT
from ..model import Game, Participant, ResultKind, Scoring
from ..numbers import MAX_DIGITS, clip, parse_decimal


class BuilderError(FideTiebreaksError, ValueError):
    """Data the builder refuses. ``round`` and ``participant`` say where (None: not tied
    to one); the message names them too."""

    def __init__(self, message: str, round: int | None = None, participant: int | None = None):
        text = message if participant is None else f"player {participant} {message}"
        super().__init__(text if round is None else f"round {round}: {text}")
        self.round = round
        self.participant = participant


# Spellings of a game result beyond two TRF codes ("1-0", "+-", "W-L" are read code by code).
_SPELLINGS = {
    "1/2-1/2": "==",
    "½-½": "==",
    "0.5-0.5": "==",
    "1/2": "==",
    "½": "==",
    "+/-": "+-",
    "-/+": "-+",
}


def game_kinds(result: str) -> tuple[ResultKind, ResultKind]:
    """White's and black's :class:`ResultKind` for a game result: ``"1-0"``, ``"0-1"``,
    ``"1/2-1/2"`` (or ``"½-½"``, ``"=-="``), forfeits ``"+-"``, ``"-+"``, the double
    forfeit ``"--"``, and games of less than one move ``"W-L"``, ``"L-W"``, ``"D-D"``: any
    two TRF result codes, with or without a ``-`` between them, whose results mirror.
    Raises :class:`ValueError` for anything else."""
    if not isinstance(result, str):
        raise ValueError(f"result {result!r} is not a string such as '1-0'")
    text = result.strip().upper()
    text = _SPELLINGS.get(text, text)
    if len(text) == 3 and text[1] in "-:":
        text = text[0] + text[2]
    if len(text) != 2 or text[0] not in WITH_OPPONENT or text[1] not in WITH_OPPONENT:
        raise ValueError(
            f"result '{result}' not understood: use 1-0, 0-1, 1/2-1/2, +-, -+, --, W-L, L-W, D-D"
        )
    white, black = WITH_OPPONENT[text[0]], WITH_OPPONENT[text[1]]
    if white is ResultKind.FORFEIT_LOSS and black is ResultKind.FORFEIT_LOSS:
        return ResultKind.DOUBLE_FORFEIT, ResultKind.DOUBLE_FORFEIT
    if MIRROR[white] is not black:
        raise ValueError(f"result '{result}': '{text[0]}' and '{text[1]}' do not mirror")
    return white, black


def bye_kind(code: object, team_event: bool) -> ResultKind:
    if isinstance(code, ResultKind) and code.value in BYES and code.value != " ":
        return code
    text = code.strip().upper() if isinstance(code, str) else ""
    if text in BYES and text:
        return BYES[text]
    if text == "+" and team_event:
        return ResultKind.FORFEIT_WIN  # a board won by forfeit against an empty board
    raise ValueError(f"bye code {code!r} not understood: use U (pairing-allocated), F, H or Z")


def edition_names() -> Collection[str]:
    """The rules editions' names. The package (fide_tiebreaks/__init__.py), which knows the
    plugin host, gives them; the builder itself knows nothing of ranking (the import
    contracts), and the package is always loaded before any module of it."""
    names: Collection[str] = sys.modules["fide_tiebreaks"]._edition_names()
    return names


def check_edition(edition: object) -> None:
    """An edition the registry has, by name (any case, as compute_standings reads it)."""
    if edition is None:
        return
    if not isinstance(edition, str) or not edition.strip():
        raise BuilderError(f"edition {edition!r} must be a name such as 'fide-2024'")
    names = sorted(edition_names())
    if names and edition.lower() not in {n.lower() for n in names}:
        raise BuilderError(
            f"edition {clip(edition)!r} is not known; the editions are " + ", ".join(names)
        )


_ISO_DAY = re.compile(r"[0-9]{4}-[0-9]{2}-[0-9]{2}")


def as_date(value: object, what: str) -> date | None:
    """A date, or its text in the one form the docs give, YYYY-MM-DD (Python also reads
    '2024-W52' and '20241231', which no user of this API means)."""
    if value is None or (isinstance(value, date) and not isinstance(value, datetime)):
        return value
    if isinstance(value, datetime):
        return value.date()
    if isinstance(value, str) and _ISO_DAY.fullmatch(value):
        try:
            return date.fromisoformat(value)
        except ValueError:
            pass
    raise BuilderError(f"{what} {value!r} is not a date (datetime.date or 'YYYY-MM-DD')")


def exact(value: object, what: str) -> Fraction:
    """Points given exactly: an int, a Fraction or a decimal string ("1.5"); never a float
    (principle 1: no float reaches a comparison)."""
    if isinstance(value, int | Fraction) and not isinstance(value, bool):
        found: Fraction | None = Fraction(value)
        assert found is not None
        # Bounded as every reader bounds a number (numbers.MAX_DIGITS): 10**5000 points
        # cannot even be printed (Python's 4,300-digit limit) and no event has them.
        if max(abs(found.numerator), found.denominator) >= 10**MAX_DIGITS:
            raise BuilderError(
                f"{what} must have at most {MAX_DIGITS} digits above and below the fraction bar"
            )
        return found
    found = parse_decimal(value) if isinstance(value, str) else None
    if found is None:
        shown = clip(value) if isinstance(value, str) else repr(value)
        raise BuilderError(f"{what} {shown} must be exact points: an int, a Fraction or '1.5'")
    return found


def listed(value: object, what: str, n: int | None = None) -> list[Any]:
    """*value* as a list, when it is a collection of items (not a string, not a mapping)."""
    if isinstance(value, str | bytes | Mapping):
        raise BuilderError(f"{what} must be a list, not {type(value).__name__}", n)
    try:
        return list(value)  # type: ignore[call-overload]
    except TypeError:
        raise BuilderError(f"{what} must be a list, not {type(value).__name__}", n) from None


def mapping(value: object, what: str, n: int | None = None) -> Mapping[Any, Any]:
    """*value* as a mapping (None: empty)."""
    if value is None:
        return {}
    if not isinstance(value, Mapping):
        raise BuilderError(
            f"{what} must be a mapping such as {{9: 'U'}}, not {type(value).__name__}", n
        )
    return value


def text(
    value: object, what: str, participant: int | None = None, *, required: bool = False
) -> str:
    """A name: text, or None for none (``str(None)`` would make a player called 'None');
    *required* refuses None too (a player's or a team's name: '' says it has none)."""
    if value is None and not required:
        return ""
    if not isinstance(value, str):
        hint = " ('' for none)" if required else ""
        raise BuilderError(f"{what} {value!r} must be text{hint}", participant=participant)
    return value


def birth_text(value: object, participant: int) -> str:
    """A birth date as the TRF reader reads one (dates.read_birth: ``1978/02/03``, a year
    alone ``1978``, ``2014/05/00``; '' unknown): refused when it is no date."""
    written = text(value, "birth_date", participant)
    read = read_birth(written)
    if read.problem:
        raise BuilderError(f"birth_date {written!r} {read.problem}", participant=participant)
    return written


def born_by(written: str, end: date | None, participant: int) -> None:
    """Refuse a birth after the event's end: an impossible event, which the readers refuse
    unless lenient (the builder has no lenient reading)."""
    birth = read_birth(written).birth
    if birth is not None and end is not None and birth.earliest > end:
        raise BuilderError(
            f"birth_date {written!r} is after end_date {end}: born after the event ended",
            participant=participant,
        )


def whole(value: object, what: str, low: int = 1, high: int | None = None) -> int:
    """*value* as a whole number from *low* (to *high*: the limit TRF's columns set, so that
    what the builder accepts a file can hold and every reader would accept)."""
    if isinstance(value, int) and type(value) is not int and not isinstance(value, bool):
        # An IntEnum or another subclass: a plain int is what the event holds and compares.
        raise BuilderError(
            f"{what} {value!r} is a {type(value).__name__}, not a plain int; "
            f"pass its value, {int(value)}"
        )
    if isinstance(value, bool) or not isinstance(value, int) or value < low:
        raise BuilderError(
            f"{what} {value!r} must be a whole number from {low}"
            + ("" if high is None else f" to {high}")
        )
    if high is not None and value > high:
        shown = value if value < 10**12 else "(a huge number)"
        raise BuilderError(f"{what} {shown} must be a whole number from {low} to {high}")
    return value


def make_participant(
    fields: dict[str, Any], points: Fraction, results: tuple[Game, ...], units: int, adjustment: int
) -> Participant:
    """A Participant from a complete dict of its fields: what the dataclass's __init__
    does, without its per-field frozen-attribute calls (one participant per player and
    round; the equality tests against the reader check the result)."""
    p = object.__new__(Participant)
    d = fields.copy()
    d["points"], d["results"], d["units"] = points, results, units
    if adjustment:
        d["adjustment_units"] = adjustment
    object.__setattr__(p, "__dict__", d)
    return p


def fide_id_text(value: object, pid: int) -> str:
    """A FIDE ID as text: a whole number or its digits (None: none)."""
    if value is None:
        return ""
    if type(value) is int and value >= 0:
        return str(value)
    if isinstance(value, str):
        return value
    raise BuilderError(f"fide_id {value!r} must be a whole number or text", participant=pid)


def checked_scoring(scoring: object) -> Scoring:
    """The builder's scoring: a :class:`Scoring` of exact, non-negative values (TRF's 162
    holds no negative value either), or the default."""
    if scoring is None:
        return Scoring()
    if not isinstance(scoring, Scoring):
        raise BuilderError("scoring must be a fide_tiebreaks.Scoring")
    for key, value in scoring.__dict__.items():
        if isinstance(value, str):  # Scoring holds numbers; a text would fail far from here
            raise BuilderError(f"scoring {key} {value!r} must be an int or a Fraction")
        if exact(value, f"scoring {key}") < 0:
            raise BuilderError(f"scoring {key} {value} must not be negative")
    return scoring


def tiebreak_codes(tiebreaks: object) -> tuple[str, ...]:
    """The codes of a tie-break list given as 'BH/C1,BH' or ['BH/C1', 'BH'] (None: none)."""
    if tiebreaks is None:
        return ()
    codes = tiebreaks.split(",") if isinstance(tiebreaks, str) else listed(tiebreaks, "tiebreaks")
    if not all(isinstance(c, str) for c in codes):
        raise BuilderError(f"tiebreaks {tiebreaks!r} must be codes: 'BH/C1,BH' or ['BH/C1', 'BH']")
    return tuple(c.strip() for c in codes if c.strip())


def match_point_values(match_points: object) -> dict[str, Fraction]:
    """A team event's match points for a won, drawn and lost match, by TRF-2026 362 key."""
    if not isinstance(match_points, tuple | list) or len(match_points) != 3:
        raise BuilderError(f"match_points {match_points!r} must be (win, draw, loss)")
    win, draw, loss = (exact(v, "match points") for v in match_points)
    return {"TW": win, "TD": draw, "TL": loss}


def team_pab_values(team_pab: object) -> tuple[Fraction, Fraction] | None:
    """The match and game points of a team's pairing-allocated bye, if given."""
    if team_pab is None:
        return None
    if not isinstance(team_pab, tuple | list) or len(team_pab) != 2:
        raise BuilderError(f"team_pab {team_pab!r} must be (match points, game points)")
    return exact(team_pab[0], "team_pab"), exact(team_pab[1], "team_pab")
