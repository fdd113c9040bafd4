"""TRF team records: TRF16 013 (rosters) and TRF-2026 310, 320, 330, 300, 352, 362.

Loaded by the reader with the first team record it reads (an individual file never needs
them), together with the team records' classes.
"""

from __future__ import annotations

import re
from collections.abc import Collection, Iterable
from dataclasses import replace

from ...diagnostics import Collector
from ...model import Team
from ...numbers import clip, parse_decimal
from ...teams.records import (
    AbnormalPoints,
    FindingKind,
    Forfeit,
    Lineup,
    TeamBye,
    TeamFinding,
    TeamPab,
)
from .state import ParserState, digits, record_value


def team_013(st: ParserState, number: int, line: str) -> None:
    players = st.numbers(number, line[36:], 36)
    if players is None:
        return
    tid = len(st.legacy_teams) + 1  # TRF16 numbers teams by their order
    st.legacy_teams.append(
        Team(tid, line[4:36].strip(), tuple(p for p in players if p), line=number)
    )


def settle_legacy_teams(st: ParserState) -> None:
    """The teams of a file: its TRF-2026 310 records, else its TRF16 013 ones. A file may
    carry both generations (FIDE TEC's own TRF-2026 sample does); the teams are then read
    once, from 310, and a 013 record that disagrees with the 310 record of its number (013
    numbers teams by their order) is a warning at the 013 line."""
    legacy, st.legacy_teams = st.legacy_teams, []
    if not st.teams.teams:
        st.teams.teams.extend(legacy)
        return
    by_id = {t.id: t for t in st.teams.teams}
    for old in legacy:
        new = by_id.get(old.id)
        if new is None:
            what = "no 310 record gives that number"
        elif set(new.players) != set(old.players):
            what = (
                f"its players {' '.join(map(str, old.players))} are not those of the 310 "
                f"record on line {new.line} ({' '.join(map(str, new.players))})"
            )
        elif old.name and new.name and old.name != new.name:
            what = (
                f"it names '{clip(old.name)}', the 310 record on line {new.line} '{clip(new.name)}'"
            )
        else:
            continue
        st.out.warning(
            old.line or 0,
            1,
            f"013 team {old.id} (the {_ordinal(old.id)} 013 record): {what}; the file has "
            "310 records, which are read (the 013 records are not)",
        )


def _ordinal(n: int) -> str:
    suffix = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suffix}"


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
    if not int(tid_text):
        st.out.error(
            number, 5, "team number 0: teams are numbered from 1; this team record is ignored"
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
    st.teams.pab = TeamPab(line=number, mp=mp, gp=gp, team_by_round=teams)


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
    st.teams.forfeits.append(Forfeit(line=number, code=code, round=rnd, white=white, black=black))


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
    st.teams.lineups.append(
        Lineup(line=number, round=rnd, team=team, opponent=opponent, players=players)
    )


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


#: The record handlers of this module by record code, as the reader dispatches them.
HANDLERS = {
    "013": team_013,
    "310": team_310,
    "320": team_pab_320,
    "330": team_forfeit_330,
    "300": team_lineup_300,
    "352": team_boards_352,
    "362": team_points_362,
}


def byes_and_points(st: ParserState) -> None:
    """The 240 and 299 records of a team file as team records: settings.py reads them for
    players, before the file is known to be a team file; here their numbers are teams and
    299 gives a match's MP (columns 8-11) and GP (columns 14-17)."""
    st.teams.byes = [TeamBye(line=b.line, kind=b.kind, round=b.round, teams=b.ids) for b in st.byes]
    st.teams.abnormal = [
        AbnormalPoints(
            line=a.line, letter=a.letter, mp=a.mp, gp=a.points, round=a.round, teams=a.ids
        )
        for a in st.abnormal
    ]


def report_team_findings(findings: Iterable[TeamFinding], out: Collector) -> None:
    """The team builder's findings as located messages of a TRF file."""
    for f in findings:
        out.add(f.severity, f.line, _COLUMN[f.kind], f.message + _ADVICE.get(f.kind, ""))


def check_references(st: ParserState, players: Collection[int], rounds: int) -> None:
    """Every team, player and round a team record names exists (C.04 Annex 2 / TRF-2026
    holds them together by number). A record naming a team that is not there is an error,
    a player or round that is not there a warning; either way the reference is left out, so
    that the model never holds one that leads nowhere."""
    recs = st.teams
    recs.teams = _unique_teams(st, recs.teams, players)
    known = {t.id for t in recs.teams}
    recs.forfeits = _one_forfeit_per_match(
        st, [f for f in recs.forfeits if _forfeit_ok(st, f, known, rounds)]
    )
    recs.lineups = [
        _seated(st, x, players) for x in recs.lineups if _lineup_ok(st, x, known, rounds)
    ]
    if recs.pab is not None:
        recs.pab = _pab_checked(st, recs.pab, known)
    recs.byes = [
        _byes_checked(st, b, known)
        for b in recs.byes
        if b.round >= 1 or _round_ok(st, b.line, 7, "240", b.round, rounds)
    ]


def _unique_teams(st: ParserState, teams: list[Team], players: Collection[int]) -> list[Team]:
    """One team per number, each listing only players who have a 001 line."""
    first: dict[int, Team] = {}
    for team in teams:
        if team.id in first:
            st.out.error(
                team.line or 0,
                5,
                f"team number {team.id} used again (first on line "
                f"{first[team.id].line}); this team record is ignored",
            )
            continue
        missing = [pid for pid in team.players if pid not in players]
        for pid in missing:  # its boards would count a player who is not there
            st.out.impossible(
                team.line or 0, 1, f"team {team.id} lists player {pid}, who has no 001 line"
            )
        roster = tuple(dict.fromkeys(p for p in team.players if p in players))
        for pid in sorted({p for p in team.players if team.players.count(p) > 1}):
            st.out.warning(team.line or 0, 1, f"team {team.id} lists player {pid} twice; read once")
        if roster != team.players:
            team = replace(team, players=roster)
        first[team.id] = team
    return list(first.values())


def _round_ok(st: ParserState, line: int, column: int, what: str, rnd: int, rounds: int) -> bool:
    """A round with results: round 0 is an error of the record; a round still to be played
    (a pairing program writes its records ahead) is kept in the file, not used."""
    if rnd < 1:
        st.out.warning(line, column, f"{what}: there is no round {rnd}; ignored")
        return False
    if rnd > rounds:
        st.out.note(
            line,
            column,
            f"{what}: round {rnd} has no results yet (they go to round {rounds}); kept, not used",
        )
        return False
    return True


def _forfeit_ok(st: ParserState, f: Forfeit, known: set[int], rounds: int) -> bool:
    for column, tid in ((12, f.white), (16, f.black)):
        if tid not in known:
            st.out.error(
                f.line,
                column,
                f"330: no team {tid} (no 310 or 013 record gives that "
                "number); the forfeit is ignored",
            )
            return False
    if f.white == f.black:
        st.out.error(
            f.line,
            12,
            f"330: team {f.white} cannot forfeit a match against itself; the forfeit is ignored",
        )
        return False
    return _round_ok(st, f.line, 8, "330", f.round, rounds)


def _one_forfeit_per_match(st: ParserState, forfeits: list[Forfeit]) -> list[Forfeit]:
    """One 330 record per team and round: a second one, whether it repeats the first or
    contradicts it (``+-`` then ``-+``, or another opponent), is an impossible event (an error
    unless lenient, and then the first record is the one read)."""
    first: dict[tuple[int, int], Forfeit] = {}
    kept = []
    for f in forfeits:
        before = first.get((f.round, f.white)) or first.get((f.round, f.black))
        if before is None:
            first[f.round, f.white] = first[f.round, f.black] = f
            kept.append(f)
            continue
        same = (before.code, before.white, before.black) == (f.code, f.white, f.black)
        what = (
            "repeats"
            if same
            else f"contradicts ('{before.code}' {before.white} against {before.black})"
        )
        st.out.impossible(
            f.line,
            5,
            f"330: round {f.round}: this record {what} the 330 record on line {before.line}; "
            "a team plays one match a round, forfeited once (the later record is not read)",
        )
    return kept


def _lineup_ok(st: ParserState, x: Lineup, known: set[int], rounds: int) -> bool:
    for column, tid, what in ((9, x.team, "team"), (13, x.opponent, "opponent team")):
        if tid not in known and (tid or what == "team"):
            st.out.error(
                x.line,
                column,
                f"300: no {what} {tid} (no 310 or 013 record gives "
                "that number); the line-up is ignored",
            )
            return False
    if x.team == x.opponent:
        st.out.error(
            x.line, 13, f"300: team {x.team} cannot be its own opponent; the line-up is ignored"
        )
        return False
    return _round_ok(st, x.line, 5, "300", x.round, rounds)


def _seated(st: ParserState, x: Lineup, players: Collection[int]) -> Lineup:
    """The line-up with a board for a start rank that has no 001 line read as empty."""
    seats = list(x.players)
    for b, pid in enumerate(x.players, start=1):
        if pid and pid not in players:
            st.out.warning(
                x.line,
                17 + 5 * (b - 1),
                f"300: no player with start rank {pid}; board {b} is read as empty",
            )
            seats[b - 1] = 0
    return x._replace(players=seats) if seats != x.players else x


def _pab_checked(st: ParserState, pab: TeamPab, known: set[int]) -> TeamPab:
    teams = {}
    for r, tid in pab.team_by_round.items():
        if tid in known:
            teams[r] = tid
        else:
            st.out.error(
                pab.line,
                15 + 4 * (r - 1),
                f"320: round {r}: no team {tid} (no 310 or 013 record gives that number); ignored",
            )
    return pab._replace(team_by_round=teams)


def _byes_checked(st: ParserState, bye: TeamBye, known: set[int]) -> TeamBye:
    teams = []
    for tid in bye.teams:
        if tid in known:
            teams.append(tid)
        else:
            st.out.warning(bye.line, 11, f"240: no team {tid}; ignored")
    return bye._replace(teams=teams)
