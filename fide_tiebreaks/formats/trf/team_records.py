"""TRF team records: TRF16 013 (rosters) and TRF-2026 310, 320, 330, 300, 352, 362."""

from __future__ import annotations

import re
from collections.abc import Iterable

from ...diagnostics import Collector
from ...model import Team
from ...numbers import clip, parse_decimal
from ...teams import FindingKind, Forfeit, Lineup, TeamFinding, TeamPab
from .state import ParserState, digits, record_value


def team_013(st: ParserState, number: int, line: str) -> None:
    players = st.numbers(number, line[36:], 36)
    if players is None:
        return
    tid = len([t for t in st.teams.teams]) + 1  # TRF16 numbers teams by their order
    st.teams.teams.append(
        Team(tid, line[4:36].strip(), tuple(p for p in players if p), line=number)
    )


def team_310(st: ParserState, number: int, line: str) -> None:
    tid_text = line[4:7].strip()
    players = st.numbers(number, line[72:], 72)
    if not digits(tid_text) or players is None:
        st.out.warning(
            number,
            5,
            "310 needs a team number in columns 5-7 and player numbers from column 74; ignored",
        )
        return
    if line[7:8].isdigit():
        st.out.error(
            number,
            5,
            f"team number '{line[4:8]}' does not fit columns 5-7: TRF holds at most 999 teams",
        )
        return
    rank = line[68:71].strip()
    st.teams.teams.append(
        Team(
            int(tid_text),
            line[8:40].strip(),
            tuple(p for p in players if p),
            nickname=line[41:46].strip(),
            declared_mp=parse_decimal(line[54:60]),
            declared_gp=parse_decimal(line[61:67]),
            declared_rank=int(rank) if digits(rank) else None,
            line=number,
        )
    )


def team_pab_320(st: ParserState, number: int, line: str) -> None:
    mp, gp = parse_decimal(line[4:8]), parse_decimal(line[9:13])
    if mp is None or gp is None:
        st.out.warning(
            number,
            5,
            "320 needs the PAB's match points in columns 5-8 and game points in 10-13; ignored",
        )
        return
    teams = {}
    for r, start in enumerate(range(14, len(line), 4), start=1):
        text = line[start : start + 3].strip()
        if digits(text) and int(text):
            teams[r] = int(text)
        elif text and not digits(text):
            st.out.warning(number, start + 1, f"320: '{text}' is not a team number")
    st.teams.pab = TeamPab(number, mp, gp, teams)


def team_forfeit_330(st: ParserState, number: int, line: str) -> None:
    code = line[4:6]
    values = st.numbers(number, line[6:], 6)
    if code not in ("+-", "-+", "--") or values is None or len(values) != 3:
        st.out.warning(
            number,
            5,
            "330 needs +-, -+ or -- in columns 5-6, then the round and the two teams; ignored",
        )
        return
    rnd, white, black = values
    st.teams.forfeits.append(Forfeit(number, code, rnd, white, black))


def team_lineup_300(st: ParserState, number: int, line: str) -> None:
    values = st.numbers(number, line[4:], 4)
    if values is None or len(values) < 3:
        st.out.warning(
            number,
            5,
            "300 needs a round, a team, the opponent team and the players by board; ignored",
        )
        return
    rnd, team, opponent, *players = values
    st.teams.lineups.append(Lineup(number, rnd, team, opponent, players))


def team_boards_352(st: ParserState, number: int, line: str) -> None:
    colours = record_value(line)
    if colours and set(colours.upper()) <= {"W", "B"}:
        st.teams.boards = len(colours)
    else:
        st.out.warning(number, 5, f"352 '{clip(colours)}' is not a sequence of W and B; ignored")


def team_points_362(st: ParserState, number: int, line: str) -> None:
    for m in re.finditer(r"(T[WDLWF]|\S+)\s+([0-9]+(?:[.,][0-9]+)?)", line[4:]):
        value = parse_decimal(m.group(2))
        if m.group(1).upper() in ("TW", "TD", "TL") and value is not None:
            st.teams.match_points[m.group(1).upper()] = value
        else:
            st.out.warning(number, 5 + m.start(), f"362: '{clip(m.group(1))}' not understood")


# Where a finding of the team builder sits on its record's line, and what the CLI adds.
_COLUMN = {
    FindingKind.TEAM: 1,
    FindingKind.RECORD: 1,
    FindingKind.PLAYER_WITHOUT_TEAM: 5,
    FindingKind.DECLARED_MP: 55,  # 310: match points, columns 55-60
    FindingKind.DECLARED_GP: 62,  # 310: game points, columns 62-67
    FindingKind.UNKNOWN_TEAM: 24,  # 299: the team numbers from column 24
    FindingKind.NO_SUCH_MATCH: 5,  # 299: the result letter
}
_ADVICE = {FindingKind.PLAYER_WITHOUT_TEAM: "; --individual ranks them"}


def report_team_findings(findings: Iterable[TeamFinding], out: Collector) -> None:
    """The team builder's findings as located messages of a TRF file."""
    for f in findings:
        out.add(f.severity, f.line, _COLUMN[f.kind], f.message + _ADVICE.get(f.kind, ""))
