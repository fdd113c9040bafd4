"""The state the TRF reader's record handlers share, and the small helpers they all use."""

from __future__ import annotations

import re
from dataclasses import dataclass
from fractions import Fraction

from ...diagnostics import Collector
from ...model import Acceleration, Colour, Game, ResultKind, Scoring, SourceFile
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


class ParserState:
    """What has been read so far. The record handlers (players.py, team_records.py,
    settings.py) are mixins over this state; reader.py puts them together."""

    def __init__(
        self, source: SourceFile, out: Collector, team_pab: tuple[Fraction, Fraction] | None = None
    ):
        self.source = source
        self.out = out
        self.team_pab = team_pab
        self.info: dict[str, str] = {}
        self.player_lines: list[tuple[int, str]] = []
        self.players: list[PlayerLine] = []
        self.points: dict[tuple[ResultKind, Colour], tuple[Fraction, int]] = {}
        _Fast = dict[str, tuple[ResultKind, Colour, Fraction, int]]
        self.fast: tuple[_Fast, _Fast] = ({}, {})
        self.scoring = Scoring()
        self.scale = 2
        self.scoring_settings: list[tuple[int, str, dict[str, Fraction]]] = []
        self.abnormal: list[tuple[int, str, Fraction, int | None, list[int]]] = []
        self.byes: list[tuple[int, ResultKind, int, list[int]]] = []
        self.rounds_declared: list[tuple[int, int, str]] = []
        self.tiebreaks: tuple[str, ...] = ()
        self.standings: tuple[str, ...] = ()
        self.teams = TeamRecords()
        # acceleration.py: (line, column, from a 250 range, Acceleration)
        self.accelerations: list[tuple[int, int, bool, Acceleration]] = []

    def _ids(self, number: int, text: str, offset: int) -> list[int]:
        ids = []
        for m in re.finditer(r"\S+", text):
            try:
                ids.append(parse_int(m.group(), "start rank", 0, MAX_PLAYERS))
            except NumberError as e:
                self.out.warning(number, offset + m.start() + 1, str(e))
        return ids

    def _numbers(self, number: int, text: str, offset: int) -> list[int] | None:
        """Free-width numbers (rounds, team and player numbers), each at most 9999."""
        out = []
        for m in re.finditer(r"\S+", text):
            try:
                out.append(parse_int(m.group(), "number", 0, MAX_PLAYERS))
            except NumberError as e:
                self.out.warning(number, offset + m.start() + 1, f"{e}; ignored")
                return None
        return out

    def _game(self, rnd: int, kind: ResultKind, opponent: int | None, colour: Colour) -> Game:
        pts, units = self.points[kind, colour]
        return Game(rnd, kind, opponent, colour, pts, units)
