"""The state the TRF reader's record handlers share, and the small helpers they all use."""

from __future__ import annotations

import re
from dataclasses import field
from fractions import Fraction
from typing import TYPE_CHECKING

from ...constructors import fast_constructor
from ...data_classes import NamedTuple, dataclass
from ...dates import BirthRead
from ...diagnostics import Collector
from ...model import (
    Acceleration,
    Colour,
    Game,
    ResultKind,
    Scoring,
    Team,
)
from ...model import new_participant as new_participant  # the readers' shared maker
from ...numbers import NumberError, parse_int
from ...source_text import SourceFile

if TYPE_CHECKING:
    from ...teams.records import TeamRecords

MAX_PLAYERS = 9999  # four columns for the start rank
PREFIX = "### fide-tiebreaks "  # our comment records (extras.py reads them)
MAX_ROUNDS = 99


def digits(text: str) -> bool:
    """ASCII digits only: str.isdigit() also accepts '²' and others that int() refuses."""
    return text.isascii() and text.isdigit()


def not_a_rating(text: str, what: str = "rating") -> str:
    """Why *text* (columns 49-52, not all digits) is no rating: what a warning says."""
    if text[:1] in ("-", "+") and digits(text[1:]):  # '-150': a number, but signed
        return (
            f"{what} '{text}' has a sign: a rating is a whole number 1-9999 (0 or blank: unrated)"
        )
    return f"{what} '{text}' is not a rating: a whole number 1-9999 (0 or blank: unrated)"


def record_value(line: str) -> str:
    """The free value of a header record: column 5 onwards."""
    return line[4:].strip()


#: ``new_game((round, kind, opponent, colour, points, units))``: a :class:`Game` made without
#: the named tuple's Python-level ``__new__``: one is made per player and round, and a keyword
#: call of ``Game`` takes over twice as long.
new_game = fast_constructor(Game)


# The result each result kind has on the opponent's line of the same game.
MIRROR = {
    ResultKind.WIN: ResultKind.LOSS,
    ResultKind.LOSS: ResultKind.WIN,
    ResultKind.DRAW: ResultKind.DRAW,
    ResultKind.UNRATED_WIN: ResultKind.UNRATED_LOSS,
    ResultKind.UNRATED_LOSS: ResultKind.UNRATED_WIN,
    ResultKind.UNRATED_DRAW: ResultKind.UNRATED_DRAW,
    ResultKind.FORFEIT_WIN: ResultKind.FORFEIT_LOSS,
    ResultKind.FORFEIT_LOSS: ResultKind.FORFEIT_WIN,
    ResultKind.DOUBLE_FORFEIT: ResultKind.DOUBLE_FORFEIT,
}


class MirrorProof:
    """A cheap proof, made as the 001 lines are read, that every game has its mirror on the
    opponent's line (C.04 Annex 2): each pair is looked at once, from whichever of its two
    lines comes second. ``players.cross_check`` trusts a complete proof and otherwise walks
    every game the careful way, saying what is wrong; so the proof only has to be sound,
    never to explain."""

    def __init__(self) -> None:
        self.read: dict[int, list[Game]] = {}  # start rank -> games, first line of each
        self.paired = 0  # games read with an opponent
        self.matched = 0  # of those, games whose mirror was found
        self.broken = False  # a pair that does not mirror, or a start rank used twice
        # FL against FL: both become double forfeits once the proof is complete
        self.double_forfeits: list[tuple[list[Game], int]] = []
        self.with_pab: set[int] = set()  # start ranks with a PAB as read

    def add(self, pid: int, games: list[Game]) -> None:
        """The games of the line of *pid*, checked against the lines read before it."""
        read = self.read
        if pid in read:
            self.broken = True
            return
        read[pid] = games
        paired = matched = 0  # counted here, added to the proof's at the end (hot loop)
        for game in games:
            rnd, kind, opp, colour, _points, _units = game  # Game fields, unpacked
            if opp is None:
                if kind is ResultKind.PAB:
                    self.with_pab.add(pid)
                continue
            paired += 1
            theirs = read.get(opp)
            if theirs is None or opp == pid:
                continue  # not read yet: its line proves the pair (or the count tells)
            try:
                _, o_kind, o_opp, o_colour, _, _ = theirs[rnd - 1]
            except IndexError:  # a shorter line
                self.broken = True
                continue
            if o_opp != pid or (colour is o_colour and colour is not Colour.NONE):
                self.broken = True
            elif MIRROR.get(kind) is o_kind:
                matched += 2
            elif kind is ResultKind.FORFEIT_LOSS and o_kind is ResultKind.FORFEIT_LOSS:
                self.double_forfeits.append((games, rnd - 1))
                self.double_forfeits.append((theirs, rnd - 1))
                matched += 2
            else:
                self.broken = True
        self.paired += paired
        self.matched += matched

    def complete(self, players: dict[int, PlayerLine]) -> bool:
        """Every game with an opponent in *players* has its mirror: nothing to report."""
        return not self.broken and self.matched == self.paired and len(players) == len(self.read)


@dataclass
class PlayerLine:
    """A 001 line as read: its games, the rounds paired but without a result, and the
    rounds whose block could not be read (an error already said; they are read as not
    paired, and the player is kept, so that no opponent is reported missing for it)."""

    id: int
    line: int
    text: str
    games: list[Game]
    pending: dict[int, int]  # round -> the opponent named without a result
    unread: set[int] = field(default_factory=set)
    unread_from: int = 0  # the first round of a line read no further (0: none)

    def was_read(self, rnd: int) -> bool:
        """Whether round *rnd*'s block was read (an unreadable one is not compared)."""
        return rnd not in self.unread and not (self.unread_from and rnd >= self.unread_from)

    @property
    def read_whole(self) -> bool:
        """Whether every round block of the line was read."""
        return not self.unread and not self.unread_from


def column_of(rnd: int) -> int:
    """1-based column where the block of round *rnd* starts (92 for round 1)."""
    return 92 + 10 * (rnd - 1)


class BlockResult(NamedTuple):
    """What a common round block ("colour result") reads as, precomputed for the fast path."""

    kind: ResultKind
    colour: Colour
    points: Fraction
    units: int


class OpponentNumbers(dict[str, int]):
    """The opponent columns of round blocks (``"  12"``, ``"0012"``, blank) as numbers, each
    text converted once: ``int()`` of a padded text costs several lookups of this table,
    and a large event repeats each opponent's text about once per round."""

    def __missing__(self, text: str) -> int:
        number = self[text] = int(text) if text.strip() else 0
        return number


#: A round block's first six columns: two blanks and the opponent, right-aligned ASCII digits
#: or blanks ('\d' alone takes other scripts' digits, which a start rank never is).
OPPONENT_COLUMNS = r"(?a)  (\d{4}| \d{3}|  \d\d|   \d|    )"
_OPPONENT_COLUMNS = re.compile(OPPONENT_COLUMNS)


class OpponentColumns(dict[str, "int | None"]):
    """A round block's first six columns (two blanks and the opponent's four: ``"    12"``)
    by their text: the opponent's start rank (0: none), or None when the columns are not a
    block's. Each text is read once per file."""

    def __missing__(self, text: str) -> int | None:
        m = _OPPONENT_COLUMNS.fullmatch(text)
        number = None if m is None else int(m[1]) if m[1].strip() else 0
        self[text] = number
        return number


@dataclass
class FastBlocks:
    """The common round blocks by their text (" colour result", the four columns after the
    opponent: ``" w 1"``): with an opponent, and without one."""

    with_opponent: dict[str, BlockResult] = field(default_factory=dict)
    without: dict[str, BlockResult] = field(default_factory=dict)
    opponents: OpponentNumbers = field(default_factory=OpponentNumbers)
    columns: OpponentColumns = field(default_factory=OpponentColumns)


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
    points, the round (``None``: every round) and the start ranks; in a team file the ids
    are team numbers, the points game points and *mp* the match points (columns 8-11)."""

    line: int
    letter: str
    points: Fraction
    round: int | None
    ids: list[int]
    mp: Fraction | None


@dataclass
class ParserState:
    """What has been read so far: the record handlers (players.py, team_records.py,
    settings.py) are functions over this state; reader.py calls them line by line."""

    source: SourceFile
    out: Collector
    pab_override: tuple[Fraction, Fraction] | None = None  # the caller's MP and GP of a team PAB
    info: dict[str, str] = field(default_factory=dict)
    header_lines: dict[str, int] = field(default_factory=dict)  # the line of each info record
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
    team_records: TeamRecords | None = None  # made by the first team record (``teams``)
    legacy_teams: list[Team] = field(default_factory=list)  # TRF16 013, until settled
    accelerations: list[Accelerated] = field(default_factory=list)  # XXA, 250
    mirrors: MirrorProof = field(default_factory=MirrorProof)
    births: dict[str, BirthRead] = field(default_factory=dict)  # text -> read_birth(text)

    @property
    def teams(self) -> TeamRecords:
        """The team records read so far, made when the first is read (team_records.py): an
        individual file never loads the team records' classes."""
        if self.team_records is None:
            from ...teams.records import TeamRecords

            self.team_records = TeamRecords()
        return self.team_records

    @property
    def team_file(self) -> bool:
        """Whether the file has teams (310 or 013 records): then 240 and 299 name teams."""
        return self.team_records is not None and bool(self.team_records.teams)

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
        return new_game((rnd, kind, opponent, colour, pts, units))
