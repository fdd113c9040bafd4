"""What a reader found about teams (named records), and what the team builder found."""

from __future__ import annotations

import enum
from collections.abc import Mapping
from dataclasses import field
from fractions import Fraction

from ..data_classes import NamedTuple, dataclass
from ..diagnostics import Severity
from ..model import (
    ResultKind,
    Team,
    Tournament,
)


class Forfeit(NamedTuple):
    """A forfeited match (TRF-2026 ``330``): ``+-``, ``-+`` or ``--`` for white, black."""

    line: int
    code: str
    round: int
    white: int
    black: int


class Lineup(NamedTuple):
    """A team's line-up in a round (TRF-2026 ``300``): players by board (0: an empty board)."""

    line: int
    round: int
    team: int
    opponent: int
    players: list[int]


class TeamBye(NamedTuple):
    """A bye for teams in a round (TRF-2026 ``240`` in a team file)."""

    line: int
    kind: ResultKind
    round: int
    teams: list[int]


class TeamPab(NamedTuple):
    """The pairing-allocated bye of a team file (TRF-2026 ``320``): its MP and GP, and which
    team had it in each round."""

    line: int
    mp: Fraction
    gp: Fraction
    team_by_round: dict[int, int]


class AbnormalPoints(NamedTuple):
    """TRF-2026 ``299`` in a team file: the MP and GP the matches of a result letter (``""``:
    a bonus or penalty) get, in a round (``None``: every round), for these teams."""

    line: int
    letter: str
    mp: Fraction | None
    gp: Fraction
    round: int | None
    teams: list[int]


#: A match's result kind -> the ``299`` letter that names it (column 5: ``W D L F H Z + -``),
#: shared by the team reader and the TRF team writer. A double forfeit is a forfeit loss, a
#: round not paired a zero-point bye: 299 has no letter of their own for them.
MATCH_LETTER = {
    ResultKind.WIN: "W",
    ResultKind.DRAW: "D",
    ResultKind.LOSS: "L",
    ResultKind.FORFEIT_WIN: "+",
    ResultKind.FORFEIT_LOSS: "-",
    ResultKind.DOUBLE_FORFEIT: "-",
    ResultKind.FULL_BYE: "F",
    ResultKind.HALF_BYE: "H",
    ResultKind.ZERO_BYE: "Z",
    ResultKind.NOT_PAIRED: "Z",
}


#: The match points of a match won, drawn and lost when the event gives none (C.07 2-1-0):
#: TRF-2026 362's TW, TD and TL.
DEFAULT_MATCH_POINTS: Mapping[str, Fraction] = {
    "TW": Fraction(2),
    "TD": Fraction(1),
    "TL": Fraction(0),
}


@dataclass
class TeamRecords:
    """What a reader found about teams, before the matches are built."""

    teams: list[Team] = field(default_factory=list)
    pab: TeamPab | None = None
    forfeits: list[Forfeit] = field(default_factory=list)
    lineups: list[Lineup] = field(default_factory=list)
    byes: list[TeamBye] = field(default_factory=list)
    boards: int | None = None  # from the board colours (TRF-2026 352)
    match_points: dict[str, Fraction] = field(default_factory=dict)  # TW, TD, TL (362)
    primary: str = "MP"
    pab_override: tuple[Fraction, Fraction] | None = None  # the caller's (MP, GP) of a PAB
    abnormal: list[AbnormalPoints] = field(default_factory=list)


class FindingKind(enum.Enum):
    """What a finding of the team builder is about, so that a reader can place it."""

    TEAM = "a team or its matches"
    RECORD = "a team record as a whole"
    PLAYER_WITHOUT_TEAM = "a player on no team's roster"
    DECLARED_MP = "a team's declared match points"
    DECLARED_GP = "a team's declared game points"
    UNKNOWN_TEAM = "a team number that names no team"
    NO_SUCH_MATCH = "a result letter that no match has"


class TeamFinding(NamedTuple):
    """Something odd the team builder found; *line* is the source line of the record."""

    severity: Severity
    kind: FindingKind
    line: int
    message: str


class TeamEvent(NamedTuple):
    """The team event built, and what was found on the way."""

    tournament: Tournament
    findings: list[TeamFinding]


class Provisional(NamedTuple):
    """A team's round before both sides are known: the kind (``None``: no games, decided
    later), the opposing team and the team's game points on the boards."""

    kind: ResultKind | None
    opponent: int | None
    gp: Fraction
