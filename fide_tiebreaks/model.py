"""The one immutable tournament model that every reader produces and every tie-break reads.

Readers (TRF today, more later) build a :class:`Tournament`; tie-breaks read only it;
writers and the CLI only present results (DEVELOPERS.md, principle 4).

Points are exact: :class:`fractions.Fraction` in the public fields, and the same values as
integers on the tournament's grid (``Tournament.scale`` units per point) in the ``units``
fields, which the built-in tie-breaks use in their hot loops.
"""

from __future__ import annotations

import enum
from collections import Counter
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field, replace
from datetime import date
from fractions import Fraction
from functools import cached_property
from typing import Any, NamedTuple

from .numbers import from_units


class ResultKind(enum.Enum):
    """What happened to a participant in one round (TRF result codes in brackets)."""

    WIN = "1"
    DRAW = "="
    LOSS = "0"
    UNRATED_WIN = "W"  # played, less than one move: counts as played, not rated
    UNRATED_DRAW = "D"
    UNRATED_LOSS = "L"
    FORFEIT_WIN = "+"
    FORFEIT_LOSS = "-"
    DOUBLE_FORFEIT = "--"  # both sides carry "-" against each other
    PAB = "U"  # pairing-allocated bye
    FULL_BYE = "F"
    HALF_BYE = "H"
    ZERO_BYE = "Z"
    NOT_PAIRED = " "  # absent, withdrawn, or no entry for the round

    # Members are singletons: identity hashing is correct and runs in C, where Enum's own
    # __hash__ is Python code; kinds are hashed about a million times for a large event.
    __hash__ = object.__hash__

    @property
    def played(self) -> bool:
        """A game was played over the board (rated or not)."""
        return self in _PLAYED

    @property
    def forfeit(self) -> bool:
        return self in _FORFEITS

    @property
    def description(self) -> str:
        """The kind in words, for explanations: "win", "half bye", "pairing-allocated bye"."""
        return self.name.lower().replace("_", " ").replace("pab", "pairing-allocated bye")

    @property
    def has_opponent(self) -> bool:
        """A scheduled opponent exists (played games and forfeits)."""
        return self in _PLAYED or self in _FORFEITS


_PLAYED = frozenset(
    {
        ResultKind.WIN,
        ResultKind.DRAW,
        ResultKind.LOSS,
        ResultKind.UNRATED_WIN,
        ResultKind.UNRATED_DRAW,
        ResultKind.UNRATED_LOSS,
    }
)
_FORFEITS = frozenset({ResultKind.FORFEIT_WIN, ResultKind.FORFEIT_LOSS, ResultKind.DOUBLE_FORFEIT})
# For hot loops: ``kind in PLAYED`` is a set lookup in C, ``kind.played`` a Python call.
PLAYED = _PLAYED
FORFEITS = _FORFEITS


class Colour(enum.Enum):
    WHITE = "w"
    BLACK = "b"
    NONE = "-"

    __hash__ = object.__hash__  # see ResultKind


class TournamentType(enum.Enum):
    SWISS = "swiss"
    ROUND_ROBIN = "round-robin"


@dataclass(frozen=True)
class Scoring:
    """Points per result (TRF ``162``, JaVaFo ``XXS``, bbpPairings ``BB?``).

    Defaults are 1 / ½ / 0 with the pairing-allocated bye worth a win (C.04.1.c).
    """

    win_white: Fraction = Fraction(1)
    win_black: Fraction = Fraction(1)
    draw_white: Fraction = Fraction(1, 2)
    draw_black: Fraction = Fraction(1, 2)
    loss_white: Fraction = Fraction(0)
    loss_black: Fraction = Fraction(0)
    forfeit_win: Fraction = Fraction(1)
    forfeit_loss: Fraction = Fraction(0)
    pab: Fraction = Fraction(1)
    full_bye: Fraction = Fraction(1)
    half_bye: Fraction = Fraction(1, 2)
    zero_bye: Fraction = Fraction(0)

    @property
    def win(self) -> Fraction:
        return self.win_white

    @property
    def draw(self) -> Fraction:
        """The points of a draw (``d`` in C.07 16.3 and 16.4)."""
        return self.draw_white

    @property
    def loss(self) -> Fraction:
        return self.loss_white

    def points(self, kind: ResultKind, colour: Colour) -> Fraction:
        """Points for *kind*; colour matters only where ``XXS`` gives per-colour values."""
        black = colour is Colour.BLACK
        match kind:
            case ResultKind.WIN | ResultKind.UNRATED_WIN:
                return self.win_black if black else self.win_white
            case ResultKind.DRAW | ResultKind.UNRATED_DRAW:
                return self.draw_black if black else self.draw_white
            case ResultKind.LOSS | ResultKind.UNRATED_LOSS:
                return self.loss_black if black else self.loss_white
            case ResultKind.FORFEIT_WIN:
                return self.forfeit_win
            case ResultKind.FORFEIT_LOSS | ResultKind.DOUBLE_FORFEIT:
                return self.forfeit_loss
            case ResultKind.PAB:
                return self.pab
            case ResultKind.FULL_BYE:
                return self.full_bye
            case ResultKind.HALF_BYE:
                return self.half_bye
            case ResultKind.ZERO_BYE | ResultKind.NOT_PAIRED:
                return self.zero_bye
        raise AssertionError(kind)  # pragma: no cover

    def values(self) -> list[Fraction]:
        return [getattr(self, f) for f in self.__dataclass_fields__]

    def describe(self) -> str:
        return (
            f"win {self.win}, draw {self.draw}, loss {self.loss}, PAB {self.pab}, "
            f"forfeit win {self.forfeit_win}, half-point bye {self.half_bye}"
        )


class Game(NamedTuple):
    """One participant's round: its kind, the scheduled opponent (kept for forfeits),
    the colour and the points scored (exact, and as ``units`` on the tournament grid).

    A named tuple rather than a frozen dataclass: a large event has over 100,000 of them,
    and tuples are several times cheaper to create. Immutable either way."""

    round: int
    kind: ResultKind
    opponent: int | None
    colour: Colour
    points: Fraction
    units: int


@dataclass(frozen=True)
class Participant:
    """A player (or, later, a team). ``id`` is the start rank (team number for teams)."""

    id: int
    name: str
    points: Fraction
    results: tuple[Game, ...]
    units: int = 0
    rating: int | None = None
    federation: str = ""
    fide_id: str = ""
    title: str = ""
    sex: str = ""
    birth_date: str = ""
    # What the source claims (TRF columns 81-84 and 86-89), for checks: not compared either.
    declared_points: Fraction | None = field(default=None, compare=False)
    declared_rank: int | None = field(default=None, compare=False)
    adjustment_units: int = 0  # bonus or penalty outside the rounds (TRF 299)
    # Where the participant was read (for messages): provenance, not data, so two
    # tournaments of the same event compare equal whichever door they came through.
    line: int | None = field(default=None, compare=False)


class SourceLine(NamedTuple):
    """A line of the source file exactly as read: text without its end, and the end.
    A named tuple, as :class:`Game`: there is one per line of the file."""

    text: str
    eol: str


@dataclass(frozen=True)
class SourceFile:
    """What a writer needs to give back the same bytes: lines, encoding, byte-order mark."""

    path: str
    lines: tuple[SourceLine, ...]
    encoding: str
    bom: bool = False


# -- team events: the teams, their matches and line-ups (teams.py builds them) ------------


@dataclass(frozen=True)
class Team:
    id: int
    name: str
    players: tuple[int, ...]  # the roster, in board order (start ranks)
    nickname: str = ""
    # What the source claims (TRF-2026 310), for checks: not compared (see Participant).
    declared_mp: Fraction | None = field(default=None, compare=False)
    declared_gp: Fraction | None = field(default=None, compare=False)
    declared_rank: int | None = field(default=None, compare=False)
    line: int | None = field(default=None, compare=False)  # provenance (see Participant.line)


class Match(NamedTuple):
    """One team's round: the kind (WIN/DRAW/LOSS for a match played; forfeits; byes), the
    opponent team, and the match and game points the team got."""

    round: int
    kind: ResultKind
    opponent: int | None
    mp: Fraction
    gp: Fraction


class Board(NamedTuple):
    """One board of one team in one round (``player`` None: an empty board)."""

    board: int
    player: int | None
    points: Fraction


@dataclass(frozen=True)
class TeamData:
    teams: tuple[Team, ...]
    players: Tournament  # the individual tournament of the same event
    match_scoring: Scoring  # match points: win, draw, loss, PAB, byes (TRF-2026 362, 320)
    game_scoring: Scoring  # game points of a match: boards x the game values
    primary: str  # "MP" or "GP"
    boards: int
    matches: Mapping[int, tuple[Match, ...]]  # team id -> one Match per round
    lineups: Mapping[tuple[int, int], tuple[Board, ...]]  # (team, round) -> boards
    cache: dict[Any, Tournament] = field(default_factory=dict, compare=False, repr=False)

    @property
    def secondary(self) -> str:
        return "GP" if self.primary == "MP" else "MP"

    def team(self, tid: int) -> Team:
        return next(t for t in self.teams if t.id == tid)


@dataclass(frozen=True)
class Tournament:
    """An immutable tournament. Build new ones with :meth:`after_round` and :meth:`with_type`."""

    name: str
    participants: tuple[Participant, ...]
    rounds: int
    scoring: Scoring = field(default_factory=Scoring)
    type: TournamentType = TournamentType.SWISS
    # How the type was found: "file", "inferred", "user" or "default" (provenance, see line)
    type_source: str = field(default="default", compare=False)
    scale: int = 2
    start_date: date | None = None
    end_date: date | None = None
    planned_rounds: int | None = None
    declared_tiebreaks: tuple[str, ...] = ()  # TRF 202
    declared_standings: tuple[str, ...] = ()  # TRF 212 (starts with PTS)
    # The header records by code and the source lines as read: provenance of a file, not
    # the event, so a built tournament (EventBuilder) equals the one read from its TRF.
    info: Mapping[str, str] = field(default_factory=dict, compare=False)
    source: SourceFile | None = field(default=None, compare=False)
    team: TeamData | None = None  # set for team events: participants are then the teams
    # The rules edition the organiser chose ("fide-2024"), when the event says so (the
    # in-memory builder); compute_standings uses it when not given one. Readers leave it
    # None: the edition then follows the end date.
    edition: str | None = None

    @property
    def kind(self) -> str:
        return "team" if self.team is not None else "individual"

    @cached_property
    def index(self) -> Mapping[int, int]:
        """Participant id → position in :attr:`participants`."""
        return {p.id: i for i, p in enumerate(self.participants)}

    def participant(self, pid: int) -> Participant:
        return self.participants[self.index[pid]]

    def __iter__(self) -> Iterator[Participant]:
        return iter(self.participants)

    def __len__(self) -> int:
        return len(self.participants)

    def after_round(self, n: int) -> Tournament:
        """The tournament as it stood after round *n*: later rounds are ignored."""
        if not 0 <= n <= self.rounds:
            raise ValueError(f"round {n} is outside 0..{self.rounds}")
        if n == self.rounds:
            return self
        people = []
        for p in self.participants:
            results = p.results[:n]
            units = sum(g.units for g in results) + p.adjustment_units
            people.append(
                replace(
                    p,
                    results=results,
                    units=units,
                    points=from_units(units, self.scale),
                    declared_points=None,
                    declared_rank=None,
                )
            )
        return replace(self, participants=tuple(people), rounds=n)

    def with_type(self, kind: TournamentType, source: str = "user") -> Tournament:
        return replace(self, type=kind, type_source=source)


def infer_type(t: Tournament) -> TournamentType:
    """Round robin when every participant met every other the same number of times
    (scheduled opponents, forfeits included); otherwise Swiss."""
    n = len(t.participants)
    if n < 2 or t.rounds < n - 1:
        return TournamentType.SWISS  # too few rounds for everyone to meet everyone
    times = None
    for p in t.participants:
        met = Counter(g.opponent for g in p.results if g.opponent is not None)
        if len(met) != n - 1 or len(set(met.values())) != 1:
            return TournamentType.SWISS
        k = next(iter(met.values()))
        if times is None:
            times = k
        elif k != times:
            return TournamentType.SWISS
    return TournamentType.ROUND_ROBIN
