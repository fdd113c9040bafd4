"""The state the TRF reader's record handlers share, and the small helpers they all use."""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import MISSING, field, fields
from fractions import Fraction
from typing import TypeVar

from ...data_classes import NamedTuple, dataclass
from ...diagnostics import Collector
from ...model import Acceleration, Colour, Game, Participant, ResultKind, Scoring, SourceFile, Team
from ...numbers import NumberError, parse_int
from ...teams import TeamRecords

MAX_PLAYERS = 9999  # four columns for the start rank
MAX_ROUNDS = 99


def digits(text: str) -> bool:
    """ASCII digits only: str.isdigit() also accepts '²' and others that int() refuses."""
    return text.isascii() and text.isdigit()


def record_value(line: str) -> str:
    """The free value of a header record: column 5 onwards."""
    return line[4:].strip()


_Frozen = TypeVar("_Frozen")


def frozen_maker(cls: type[_Frozen]) -> Callable[..., _Frozen]:
    """A keyword constructor of the frozen data class *cls* that fills the instance's
    ``__dict__`` at once: a frozen class's ``__init__`` sets each field through
    ``object.__setattr__``, a call per field. For the loop that builds one per participant
    of a large event: every field without a default must be given by name, and a field
    with a ``default_factory`` is refused (when the constructor is made)."""
    defaults = {}
    for f in fields(cls):  # type: ignore[arg-type]
        if f.default_factory is not MISSING:
            raise TypeError(f"{cls.__name__}.{f.name}: a default factory needs __init__")
        if f.default is not MISSING:
            defaults[f.name] = f.default
    new = object.__new__

    def make(**values: object) -> _Frozen:
        made = new(cls)
        made.__dict__.update(defaults, **values)
        return made

    return make


#: ``new_participant(id=..., name=..., ...)``: the :class:`Participant` its constructor makes.
new_participant = frozen_maker(Participant)


@dataclass
class PlayerLine:
    """A 001 line as read: its games, and the rounds paired but without a result."""

    id: int
    line: int
    text: str
    games: list[Game]
    pending: dict[int, int]  # round -> the opponent named without a result


def column_of(rnd: int) -> int:
    """1-based column where the block of round *rnd* starts (92 for round 1)."""
    return 92 + 10 * (rnd - 1)


class BlockResult(NamedTuple):
    """What a common round block ("colour result") reads as, precomputed for the fast path."""

    kind: ResultKind
    colour: Colour
    points: Fraction
    units: int


@dataclass
class FastBlocks:
    """The common round blocks by their text: with an opponent, and without one."""

    with_opponent: dict[str, BlockResult] = field(default_factory=dict)
    without: dict[str, BlockResult] = field(default_factory=dict)


class Accelerated(NamedTuple):
    """Virtual points as read (acceleration.py), before the players are known."""

    line: int
    ranged: bool  # from a 250 range (which may name start ranks not in the file)
    acceleration: Acceleration


class ScoringSetting(NamedTuple):
    """Points a scoring record gives (by field name); *precedence* orders the sources."""

    precedence: int
    source: str
    values: dict[str, Fraction]


class RoundsDeclared(NamedTuple):
    """The number of rounds a record (142, XXR) declares."""

    line: int
    rounds: int
    code: str


class PlayerBye(NamedTuple):
    """A 240 record: a bye of a kind in a round for these start ranks (team numbers in a
    team file)."""

    line: int
    kind: ResultKind
    round: int
    ids: list[int]


class PlayerAbnormal(NamedTuple):
    """A 299 record read for players: the result letter (``""``: a bonus or penalty), the
    points, the round (``None``: every round) and the start ranks."""

    line: int
    letter: str
    points: Fraction
    round: int | None
    ids: list[int]


@dataclass
class ParserState:
    """What has been read so far: the record handlers (players.py, team_records.py,
    settings.py) are functions over this state; reader.py calls them line by line."""

    source: SourceFile
    out: Collector
    pab_override: tuple[Fraction, Fraction] | None = None  # the caller's MP and GP of a team PAB
    info: dict[str, str] = field(default_factory=dict)
    player_lines: list[tuple[int, str]] = field(default_factory=list)
    players: list[PlayerLine] = field(default_factory=list)
    points: dict[tuple[ResultKind, Colour], tuple[Fraction, int]] = field(default_factory=dict)
    fast: FastBlocks = field(default_factory=FastBlocks)
    scoring: Scoring = field(default_factory=Scoring)
    scale: int = 2
    scoring_settings: list[ScoringSetting] = field(default_factory=list)
    abnormal: list[PlayerAbnormal] = field(default_factory=list)
    byes: list[PlayerBye] = field(default_factory=list)
    rounds_declared: list[RoundsDeclared] = field(default_factory=list)
    tiebreaks: tuple[str, ...] = ()
    standings: tuple[str, ...] = ()
    teams: TeamRecords = field(default_factory=TeamRecords)
    legacy_teams: list[Team] = field(default_factory=list)  # TRF16 013, until settled
    accelerations: list[Accelerated] = field(default_factory=list)  # XXA, 250

    def ids(self, number: int, text: str, offset: int) -> list[int]:
        ids = []
        for m in re.finditer(r"\S+", text):
            try:
                ids.append(parse_int(m.group(), "start rank", 0, MAX_PLAYERS))
            except NumberError as e:
                self.out.warning(number, offset + m.start() + 1, str(e))
        return ids

    def numbers(self, number: int, text: str, offset: int) -> list[int] | None:
        """Free-width numbers (rounds, team and player numbers), each at most 9999."""
        out = []
        for m in re.finditer(r"\S+", text):
            try:
                out.append(parse_int(m.group(), "number", 0, MAX_PLAYERS))
            except NumberError as e:
                self.out.warning(number, offset + m.start() + 1, f"{e}; ignored")
                return None
        return out

    def game(self, rnd: int, kind: ResultKind, opponent: int | None, colour: Colour) -> Game:
        pts, units = self.points[kind, colour]
        return Game(rnd, kind, opponent, colour, pts, units)
