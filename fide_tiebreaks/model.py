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
from dataclasses import field, replace
from datetime import date
from fractions import Fraction
from functools import cached_property
from operator import attrgetter
from typing import Any

from .constructors import frozen_from_fields, frozen_maker
from .data_classes import NamedTuple, dataclass
from .numbers import from_units

# A file's lines (source_text.py), re-exported: the model's names before they moved there.
from .source_text import SourceFile as SourceFile
from .source_text import SourceLine as SourceLine
from .source_text import SourceLines as SourceLines


class ResultKind(enum.Enum):
    """What happened to a participant in one round (TRF result codes in brackets)."""

    WIN = "1"  # a game won over the board
    DRAW = "="  # a game drawn over the board
    LOSS = "0"  # a game lost over the board
    UNRATED_WIN = "W"  # played, less than one move: counts as played, not rated
    UNRATED_DRAW = "D"  # drawn in less than one move: played, not rated
    UNRATED_LOSS = "L"  # lost in less than one move: played, not rated
    FORFEIT_WIN = "+"  # won by forfeit: the opponent is kept, the game was not played
    FORFEIT_LOSS = "-"  # lost by forfeit
    DOUBLE_FORFEIT = "--"  # both sides carry "-" against each other
    PAB = "U"  # pairing-allocated bye
    FULL_BYE = "F"  # a requested bye worth a win (full-point bye)
    HALF_BYE = "H"  # a requested half-point bye
    ZERO_BYE = "Z"  # a requested zero-point bye
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
        """Won or lost by forfeit, or a double forfeit: scheduled, not played."""
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
# For hot loops: ``kind in PLAYED_KINDS`` is a set lookup in C, ``kind.played`` a Python call.
PLAYED_KINDS = _PLAYED
FORFEIT_KINDS = _FORFEITS


class Colour(enum.Enum):
    """The colour a participant had in a round (TRF ``w``, ``b``, ``-``)."""

    WHITE = "w"  # white
    BLACK = "b"  # black
    NONE = "-"  # no colour: a bye, an absence, or a forfeit written without one

    __hash__ = object.__hash__  # see ResultKind


class TournamentType(enum.Enum):
    """Swiss or round robin: some tie-breaks and rules differ (e.g. C.07 (2026) 15.2)."""

    SWISS = "swiss"  # a Swiss system
    ROUND_ROBIN = "round-robin"  # everyone meets everyone (double round robins too)


@dataclass(frozen=True)
class Scoring:
    """Points per result (TRF ``162``, JaVaFo ``XXS``, bbpPairings ``BB?``).

    Defaults are 1 / ½ / 0 with the pairing-allocated bye worth a win (C.04.1.c).
    """

    win_white: Fraction = Fraction(1)  # a win with white
    win_black: Fraction = Fraction(1)  # a win with black (JaVaFo XXS may differ)
    draw_white: Fraction = Fraction(1, 2)  # a draw with white
    draw_black: Fraction = Fraction(1, 2)  # a draw with black
    loss_white: Fraction = Fraction(0)  # a loss with white
    loss_black: Fraction = Fraction(0)  # a loss with black
    forfeit_win: Fraction = Fraction(1)  # a win by forfeit
    forfeit_loss: Fraction = Fraction(0)  # a loss by forfeit (also each side of a double one)
    pab: Fraction = Fraction(1)  # the pairing-allocated bye
    full_bye: Fraction = Fraction(1)  # a requested full-point bye
    half_bye: Fraction = Fraction(1, 2)  # a requested half-point bye
    zero_bye: Fraction = Fraction(0)  # a requested zero-point bye; also an absence

    @property
    def win(self) -> Fraction:
        """The points of a win (with white, where the colours differ)."""
        return self.win_white

    @property
    def draw(self) -> Fraction:
        """The points of a draw (``d`` in C.07 16.3 and 16.4)."""
        return self.draw_white

    @property
    def loss(self) -> Fraction:
        """The points of a loss (with white, where the colours differ)."""
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
        """Every field's value, in field order (to find the grid they all fit on)."""
        return [getattr(self, f) for f in self.__dataclass_fields__]

    def describe(self) -> str:
        """The values in words, for messages: "win 1, draw 1/2, loss 0, PAB 1, ..."."""
        return (
            f"win {self.win}, draw {self.draw}, loss {self.loss}, PAB {self.pab}, "
            f"forfeit win {self.forfeit_win}, half-point bye {self.half_bye}"
        )


class Game(NamedTuple):
    """One participant's round: its kind, the scheduled opponent (kept for forfeits),
    the colour and the points scored (exact, and as ``units`` on the tournament grid).

    A named tuple rather than a frozen dataclass: a large event has over 100,000 of them,
    and tuples are several times cheaper to create. Immutable either way."""

    round: int  # 1-based
    kind: ResultKind  # what happened: played, forfeit, bye, not paired
    opponent: int | None  # the scheduled opponent's id (forfeits too); None for byes
    colour: Colour  # WHITE, BLACK, or NONE for byes and absences
    points: Fraction  # the points scored in the round, under the tournament's Scoring
    units: int  # the same points on the grid: points * Tournament.scale


@dataclass(frozen=True)
class Participant:
    """A player, or a team in a team event (then ``Tournament.team`` holds the players).

    ``results`` has one :class:`Game` per round, in order (``results[r - 1]`` is round *r*),
    rounds without a pairing included (``ResultKind.NOT_PAIRED``)."""

    id: int  # the start rank (pairing number); the team number for teams
    name: str  # as the file gives it (TRF: "Surname, First name")
    points: Fraction  # the score from the rounds (plus any 299 adjustment), exact
    results: tuple[Game, ...]  # one per round, in round order
    units: int = 0  # points on the grid: points * Tournament.scale
    rating: int | None = None  # the rating in the file; None when unrated
    federation: str = ""  # three letters, e.g. "NOR"; "" when not given
    fide_id: str = ""  # FIDE ID as text; "" when not given
    title: str = ""  # "GM", "IM", "WGM", ...; "" when none
    sex: str = ""  # "m", "w" or ""
    birth_date: str = ""  # as written in the file (TRF: YYYY/MM/DD or a year)
    # What the source claims (TRF columns 81-84 and 86-89), for checks: not compared either.
    declared_points: Fraction | None = field(default=None, compare=False)  # the points column
    declared_rank: int | None = field(default=None, compare=False)  # the rank column
    adjustment_units: int = 0  # bonus or penalty outside the rounds (TRF 299)
    national_rating: int | None = None  # TRF-2026 national rating line, columns 49-52
    # The rating in force in each round (an event spanning two lists): round r at r - 1.
    round_ratings: tuple[int | None, ...] = ()  # empty: one rating for the whole event
    # Where the participant was read (for messages): provenance, not data, so two
    # tournaments of the same event compare equal whichever door they came through.
    line: int | None = field(default=None, compare=False)

    def rating_in_round(self, rnd: int) -> int | None:
        """The rating in force in round *rnd* (1-based): the per-round rating where one is
        given, else the initial :attr:`rating`."""
        if 0 < rnd <= len(self.round_ratings) and self.round_ratings[rnd - 1] is not None:
            return self.round_ratings[rnd - 1]
        return self.rating


#: ``new_participant(id=..., name=..., ...)``: the :class:`Participant` its constructor makes
#: (the readers' loop over the participants of a large event).
new_participant = frozen_maker(Participant)
#: ``participant_from({"id": ..., every field in order})``: the same from a dictionary of
#: every field (the TRF reader's loop; tests/test_column_table.py holds it to the fields).
participant_from = frozen_from_fields(Participant)


class Acceleration(NamedTuple):
    """Virtual (fictitious) points a participant is given for the pairing of one round, as an
    accelerated system (C.04.7, e.g. the Baku acceleration) adds them: JaVaFo ``XXA``,
    TRF-2026 ``250``. They count for forming brackets only, never in the score (C.04.4.2
    1.7.2 leaves them out of the Burstein index)."""

    participant: int  # the participant's id (start rank)
    round: int  # the round being paired with these points, 1-based
    points: Fraction  # the virtual points added for that round


# -- team events: the teams, their matches and line-ups (teams.py builds them) ------------


@dataclass(frozen=True)
class Team:
    """A team of a team event (TRF16 ``013``, TRF-2026 ``310``)."""

    id: int  # the team number: the participant id of the team in the team tournament
    name: str  # the team's name
    players: tuple[int, ...]  # the roster, in board order (start ranks)
    nickname: str = ""  # a short name, where the file gives one
    # What the source claims (TRF-2026 310), for checks: not compared (see Participant).
    declared_mp: Fraction | None = field(default=None, compare=False)  # TRF-2026 310
    declared_gp: Fraction | None = field(default=None, compare=False)  # TRF-2026 310
    declared_rank: int | None = field(default=None, compare=False)  # the file's rank column
    line: int | None = field(default=None, compare=False)  # source line, for messages


class Match(NamedTuple):
    """One team's round: the kind (WIN/DRAW/LOSS for a match played; forfeits; byes), the
    opponent team, and the match and game points the team got."""

    round: int  # 1-based
    kind: ResultKind  # WIN, DRAW, LOSS, a forfeit or a bye, for the team
    opponent: int | None  # the opposing team's number; None for byes
    mp: Fraction  # match points the team got
    gp: Fraction  # game points the team got (the sum of its boards)


class Board(NamedTuple):
    """One board of one team in one round (``player`` None: an empty board)."""

    board: int  # 1-based board number
    player: int | None  # the player's start rank; None for an empty board
    points: Fraction  # the game points the board scored for the team


@dataclass(frozen=True)
class TeamData:
    """A team event's teams, matches and line-ups: ``Tournament.team``. The tournament's
    participants are then the teams, scored with the primary score (match or game points)."""

    teams: tuple[Team, ...]  # in the order of Tournament.participants
    players: Tournament  # the individual tournament of the same event
    match_scoring: Scoring  # match points: win, draw, loss, PAB, byes (TRF-2026 362, 320)
    game_scoring: Scoring  # game points of a match: boards x the game values
    primary: str  # "MP" or "GP"
    boards: int  # boards per match
    matches: Mapping[int, tuple[Match, ...]]  # team id -> one Match per round
    lineups: Mapping[tuple[int, int], tuple[Board, ...]]  # (team, round) -> boards
    # The team tournament scored the other way (":MP"/":GP" codes), built once.
    cache: dict[Any, Tournament] = field(default_factory=dict, compare=False, repr=False)

    @property
    def secondary(self) -> str:
        """The score that is not primary: "GP" when match points come first, else "MP"."""
        return "GP" if self.primary == "MP" else "MP"

    def team(self, tid: int) -> Team:
        """The team with number *tid*."""
        return next(t for t in self.teams if t.id == tid)

    def __repr__(self) -> str:
        return f"<TeamData: {len(self.teams)} teams, {self.boards} boards, {self.primary} first>"


@dataclass(frozen=True)
class Decision:
    """An order fixed outside the tie-break list (C.07 4.2): a play-off's result (blitz,
    Armageddon) or the arbiter's ruling. *order* names participant ids best first; the
    participants of their tied group not named follow them, still tied."""

    order: tuple[int, ...]  # participant ids, best first
    by: str = "play-off"  # "play-off" or "arbiter"
    note: str = ""  # free text: "blitz play-off, 2 games"
    # Where it was given ("event.trf:12", "--decided"): provenance, for messages.
    origin: str = field(default="", compare=False)


_ID = attrgetter("id")  # of a participant: Tournament.index is made in C


@dataclass(frozen=True)
class Tournament:
    """An immutable tournament, as every reader produces it. Build changed ones with
    :meth:`after_round` and :meth:`with_type`; iterate over it for its participants.

    Participants are in the file's order (usually by start rank); find one by id with
    :meth:`participant`, or its position (the index into an opponent table's ``entries``)
    with :attr:`index`."""

    name: str  # the event's name (TRF 012)
    participants: tuple[Participant, ...]  # players, or teams for a team event
    rounds: int  # rounds played or paired so far (each participant has this many Games)
    scoring: Scoring = field(default_factory=Scoring)  # points per result
    type: TournamentType = TournamentType.SWISS  # from the file (092/192), inferred or --type
    # How the type was found: "file", "inferred", "user" or "default" (provenance, see line)
    type_source: str = field(default="default", compare=False)
    scale: int = 2  # units per point: every score times scale is an integer
    start_date: date | None = None  # TRF 042
    end_date: date | None = None  # TRF 052, else the last round date (132)
    planned_rounds: int | None = None  # the rounds the event will have (TRF 142 or XXR)
    declared_tiebreaks: tuple[str, ...] = ()  # TRF 202
    declared_standings: tuple[str, ...] = ()  # TRF 212 (starts with PTS)
    # The header records by code and the source lines as read: provenance of a file, not
    # the event, so a built tournament (EventBuilder) equals the one read from its TRF.
    info: Mapping[str, str] = field(default_factory=dict, compare=False)  # header records
    source: SourceFile | None = field(default=None, compare=False)  # the file's lines
    # Messages name it (see :attr:`where`); a Swiss-Manager file is binary: no source lines.
    path: str | None = field(default=None, compare=False)  # the file, when no lines are kept
    team: TeamData | None = None  # set for team events: participants are then the teams
    # The rules edition the organiser chose ("fide-2024"), when the event says so (the
    # in-memory builder); compute_standings uses it when not given one. Readers leave it
    # None: the edition then follows the end date.
    edition: str | None = None
    # Acceleration's virtual points per participant and round (XXA, 250): brackets only.
    acceleration: tuple[Acceleration, ...] = ()
    # After the tie-break list (C.07 4.2), see fide_tiebreaks.decisions:
    decisions: tuple[Decision, ...] = ()  # play-offs and the arbiter's rulings, in order
    lots_seed: str | None = None  # the seed of the drawing of lots (### fide-tiebreaks lots:)

    @property
    def kind(self) -> str:
        """Either "team" or "individual"."""
        return "team" if self.team is not None else "individual"

    @property
    def where(self) -> str:
        """The file the event was read from, as messages name it; ``<tournament>`` for one
        read from no file (the builder)."""
        if self.source is not None:
            return self.source.path
        return self.path or "<tournament>"

    @cached_property
    def index(self) -> Mapping[int, int]:
        """Participant id → position in :attr:`participants`."""
        return dict(zip(map(_ID, self.participants), range(len(self.participants)), strict=True))

    def participant(self, pid: int) -> Participant:
        """The participant whose id is *pid* (KeyError when there is none)."""
        return self.participants[self.index[pid]]

    def __iter__(self) -> Iterator[Participant]:
        return iter(self.participants)

    def __len__(self) -> int:
        return len(self.participants)

    def __repr__(self) -> str:  # short: the fields of 10,000 participants are not a repr
        who, name = "team" if self.team else "participant", self.name[:60]
        n, rounds = len(self), self.rounds
        return (
            f"<Tournament {name!r}: {n} {who}{'s' * (n != 1)}, {rounds} round{'s' * (rounds != 1)}>"
        )

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
        """The same tournament ranked as *kind* (``--type``)."""
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
