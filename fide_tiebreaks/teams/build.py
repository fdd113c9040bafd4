"""The team event built from an individual tournament and its team records (C.07 Art. 11),
in stages: rosters, boards, scorings, line-ups, provisional matches, seating, match kinds,
abnormal points and declared totals."""

from __future__ import annotations

from dataclasses import field, replace
from fractions import Fraction

from ..data_classes import NamedTuple, dataclass
from ..diagnostics import Severity
from ..model import (
    Board,
    Colour,
    Game,
    Match,
    ResultKind,
    Scoring,
    Team,
    TeamData,
    Tournament,
)
from .records import (
    DEFAULT_MATCH_POINTS,
    MATCH_LETTER,
    FindingKind,
    Lineup,
    Provisional,
    TeamEvent,
    TeamFinding,
    TeamRecords,
)
from .views import match_scoring, participants_for, scoring_for, team_view


class _ForfeitSide(NamedTuple):
    """One side of a forfeited match: its kind for the team, and the other team."""

    kind: ResultKind
    opponent: int


_FORFEIT_KINDS = {"+": ResultKind.FORFEIT_WIN, "-": ResultKind.FORFEIT_LOSS}
_FORFEITED = (ResultKind.FORFEIT_WIN, ResultKind.FORFEIT_LOSS, ResultKind.DOUBLE_FORFEIT)


@dataclass
class _Event:
    """The state the stages of :func:`build_team_event` share."""

    ind: Tournament
    recs: TeamRecords
    teams: tuple[Team, ...]
    findings: list[TeamFinding] = field(default_factory=list)
    team_of: dict[int, int] = field(default_factory=dict)
    boards: int = 1
    forfeited: dict[tuple[int, int], _ForfeitSide] = field(default_factory=dict)
    byes: dict[tuple[int, int], ResultKind] = field(default_factory=dict)
    explicit: dict[tuple[int, int], Lineup] = field(default_factory=dict)
    provisional: dict[int, list[Provisional]] = field(default_factory=dict)
    seated_by: dict[tuple[int, int], list[int]] = field(default_factory=dict)
    lineups: dict[tuple[int, int], tuple[Board, ...]] = field(default_factory=dict)
    matches: dict[int, tuple[Match, ...]] = field(default_factory=dict)

    def warn(self, line: int | None, message: str, kind: FindingKind = FindingKind.TEAM) -> None:
        self.findings.append(
            TeamFinding(severity=Severity.WARNING, kind=kind, line=line or 0, message=message)
        )

    def error(self, line: int | None, message: str) -> None:
        self.findings.append(
            TeamFinding(
                severity=Severity.ERROR, kind=FindingKind.TEAM, line=line or 0, message=message
            )
        )

    def games(self, team: Team, r: int) -> dict[int, Game]:
        """Round *r*'s games of the team's players who have a player record."""
        index = self.ind.index
        return {
            pid: self.ind.participant(pid).results[r - 1] for pid in team.players if pid in index
        }


def build_team_event(ind: Tournament, recs: TeamRecords) -> TeamEvent:
    """The team event of an individual tournament and its team records (C.07 Art. 11).

    Each match's game points are the sum of the team's board points; its match points follow
    from comparing them (a forfeited match, ``330``, scores a win's MP and every board for the
    winner). The findings say what was odd; the caller locates them in its own source."""
    event = _Event(ind, recs, tuple(sorted(recs.teams, key=lambda t: t.id)))
    _rosters(event)
    event.boards = _board_count(event)
    mps, gps = _scorings(event)
    _record_tables(event)
    _check_lineups(event)
    for team in event.teams:
        event.provisional[team.id] = [
            _provisional(event, team, r) for r in range(1, ind.rounds + 1)
        ]
    _seating(event)
    _match_kinds(event, mps, gps)
    _abnormal(event)
    _declared_totals(event)
    # The players' own ranking must not take the file's team tie-break list.
    players = replace(ind, declared_tiebreaks=(), declared_standings=())
    data = TeamData(
        teams=event.teams,
        players=players,
        match_scoring=mps,
        game_scoring=gps,
        primary=recs.primary,
        boards=event.boards,
        matches=event.matches,
        lineups=event.lineups,
    )
    provisional_t = replace(
        ind,
        participants=participants_for(event.teams, event.matches, recs.primary),
        team=data,
        scoring=scoring_for(data, recs.primary),
    )
    return TeamEvent(team_view(provisional_t, recs.primary), event.findings)


def _rosters(event: _Event) -> None:
    """Each player is in one team, and every player record is in some team."""
    team_of = event.team_of
    for team in event.teams:
        for pid in team.players:
            if pid in team_of and team_of[pid] != team.id:
                event.error(
                    team.line, f"player {pid} is in team {team_of[pid]} and in team {team.id}"
                )
            elif pid not in event.ind.index:
                event.warn(team.line, f"team {team.id} lists player {pid}, who has no 001 line")
            team_of.setdefault(pid, team.id)
    for p in event.ind.participants:  # every record is somewhere: say so when it is in no team
        if p.id not in team_of:
            event.warn(
                p.line,
                f"player {p.id} is on no team's roster (013 / 310): the team "
                "standings leave their games out",
                FindingKind.PLAYER_WITHOUT_TEAM,
            )


def _board_count(event: _Event) -> int:
    """The boards of a match: the file's (352), else the most players a team fielded."""
    ind = event.ind
    per_round = [
        sum(
            1
            for pid in team.players
            if pid in ind.index and _on_board(ind.participant(pid).results[r - 1])
        )
        for team in event.teams
        for r in range(1, ind.rounds + 1)
    ]
    return event.recs.boards or max([*per_round, 1])


def _scorings(event: _Event) -> tuple[Scoring, Scoring]:
    """The match-point and game-point scorings (362; a PAB from 320 or the caller)."""
    recs, boards, g = event.recs, event.boards, event.ind.scoring
    mp = {**DEFAULT_MATCH_POINTS, **recs.match_points}
    mp_win, mp_draw, mp_loss = mp["TW"], mp["TD"], mp["TL"]
    pab_mp, pab_gp = (recs.pab.mp, recs.pab.gp) if recs.pab else (mp_draw, boards * g.draw)
    if recs.pab_override:
        pab_mp, pab_gp = recs.pab_override
    mps = match_scoring(mp_win, mp_draw, mp_loss, pab_mp)
    gps = match_scoring(boards * g.win, boards * g.draw, boards * g.loss, pab_gp)
    return mps, gps


def _record_tables(event: _Event) -> None:
    """The forfeits, byes and line-ups by (round, team)."""
    for f in event.recs.forfeits:
        if f.code == "--":
            event.forfeited[f.round, f.white] = _ForfeitSide(ResultKind.DOUBLE_FORFEIT, f.black)
            event.forfeited[f.round, f.black] = _ForfeitSide(ResultKind.DOUBLE_FORFEIT, f.white)
        else:
            event.forfeited[f.round, f.white] = _ForfeitSide(_FORFEIT_KINDS[f.code[0]], f.black)
            event.forfeited[f.round, f.black] = _ForfeitSide(_FORFEIT_KINDS[f.code[1]], f.white)
    event.byes = {(b.round, tid): b.kind for b in event.recs.byes for tid in b.teams}
    event.explicit = {(x.round, x.team): x for x in event.recs.lineups}


def _check_lineups(event: _Event) -> None:
    """A line-up seats the team's own players, each once, on the event's boards."""
    roster = {t.id: set(t.players) for t in event.teams}
    for x in event.recs.lineups:
        named = [pid for pid in x.players if pid]
        where = f"round {x.round}: the line-up of team {x.team}"
        outside = sorted({pid for pid in named if pid not in roster.get(x.team, ())})
        if outside:
            event.warn(
                x.line,
                f"{where} seats player(s) {', '.join(map(str, outside))}, who "
                "are not on its roster",
            )
        twice = sorted({pid for pid in named if named.count(pid) > 1})
        if twice:
            event.warn(
                x.line, f"{where} seats player(s) {', '.join(map(str, twice))} on two boards"
            )
        if len(x.players) > event.boards:
            event.warn(x.line, f"{where} has {len(x.players)} boards; the event has {event.boards}")


def _provisional(event: _Event, team: Team, r: int) -> Provisional:
    """Round *r* of *team* from its records (330, 240, 320) or its players' games."""
    games = event.games(team, r)
    seated = [pid for pid in team.players if pid in games and _on_board(games[pid])]
    event.seated_by[team.id, r] = seated
    if len(seated) > event.boards:
        event.warn(
            team.line,
            f"round {r}: team {team.id} fielded {len(seated)} players on {event.boards} boards",
        )
    if (r, team.id) in event.forfeited:
        return _forfeited(event, team, r, games, seated)
    if (r, team.id) in event.byes:
        return Provisional(event.byes[r, team.id], None, Fraction(0))
    pab = event.recs.pab
    if pab is not None and pab.team_by_round.get(r) == team.id:
        return Provisional(ResultKind.PAB, None, Fraction(0))
    return _from_games(event, team, r, games, seated)


def _forfeited(
    event: _Event, team: Team, r: int, games: dict[int, Game], seated: list[int]
) -> Provisional:
    """A 330 match: followed, with a word where the boards disagree."""
    side = event.forfeited[r, team.id]
    on_boards = sum((games[pid].points for pid in seated), Fraction(0))
    expected = event.boards * event.ind.scoring.win if side.kind is ResultKind.FORFEIT_WIN else 0
    if on_boards != expected:
        event.warn(
            team.line,
            f"round {r}: 330 forfeits the match of team {team.id}, but its "
            f"players' lines give {on_boards} game points, not {expected}; the 330 "
            "record is followed",
        )
    return Provisional(side.kind, side.opponent, Fraction(0))


def _from_games(
    event: _Event, team: Team, r: int, games: dict[int, Game], seated: list[int]
) -> Provisional:
    """The opposing team is the one its players met (else the line-up's); the kind is
    settled once both sides are known."""
    team_of = event.team_of
    opponents = [
        team_of[g.opponent]
        for g in games.values()
        if g.opponent is not None and g.opponent in team_of
    ]
    mates = sorted(
        pid
        for pid, g in games.items()
        if g.opponent is not None and team_of.get(g.opponent) == team.id
    )
    if mates:  # the team would meet itself: said, never taken as a match silently
        event.warn(
            team.line,
            f"round {r}: players {', '.join(map(str, mates))} of team "
            f"{team.id} are paired with each other, so the team meets itself; pair "
            "them with players of the opposing team",
        )
    if not opponents and (r, team.id) in event.explicit:
        opponents = [event.explicit[r, team.id].opponent]
    gp = sum((games[pid].points for pid in seated), Fraction(0))
    if not opponents and not seated:
        return Provisional(None, None, Fraction(0))  # decided later: PAB or absent
    opp = max(set(opponents), key=opponents.count) if opponents else None
    if len(set(opponents)) > 1:
        event.warn(
            team.line,
            f"round {r}: team {team.id}'s players met players of teams "
            f"{sorted(set(opponents))}; counted against team {opp}",
        )
    return Provisional(ResultKind.WIN, opp, gp)


def _seating(event: _Event) -> None:
    """Each team's boards in each round: the 300 line-up, else the players in board order."""
    ind = event.ind
    for (tid, r), seated in event.seated_by.items():
        if (r, tid) in event.explicit:
            board_ids = [pid or None for pid in event.explicit[r, tid].players]
        else:
            opp = event.provisional[tid][r - 1].opponent
            theirs = event.seated_by.get((opp, r), []) if opp else []
            board_ids = _seats(ind, r, seated, theirs, event.boards)
        event.lineups[tid, r] = tuple(
            Board(b, pid, ind.participant(pid).results[r - 1].points if pid else Fraction(0))
            for b, pid in enumerate(board_ids, start=1)
        )


def _match_kinds(event: _Event, mps: Scoring, gps: Scoring) -> None:
    """Every team's matches, their kinds settled from both sides, scored with MP and GP."""
    win = event.ind.scoring.win
    for team in event.teams:
        played: list[Match] = []
        for r, prov in enumerate(event.provisional[team.id], start=1):
            kind = prov.kind if prov.kind is not None else _without_games(event, r)
            gp = prov.gp
            if kind is ResultKind.WIN and prov.opponent is not None:
                kind = _compared(event, team, r, prov)
            elif kind is ResultKind.WIN:  # board results, but no opponent team to be found
                won = gp > event.boards * event.ind.scoring.draw
                event.warn(
                    team.line,
                    f"round {r}: team {team.id} has board results but no "
                    "opponent team (no 300 or 330 record); counted as "
                    f"{'a forfeit win' if won else 'not paired'}",
                )
                kind = ResultKind.FORFEIT_WIN if won else ResultKind.NOT_PAIRED
            mp = mps.points(kind, Colour.NONE)
            if kind in _FORFEITED or kind in _BYE_KINDS:
                gp = gps.points(kind, Colour.NONE)
            played.append(
                Match(
                    round=r,
                    kind=kind,
                    opponent=prov.opponent if kind.has_opponent else None,
                    mp=mp,
                    gp=gp,
                )
            )
            if kind is ResultKind.PAB:  # Art. 12: a PAB is a win on every board
                event.lineups[team.id, r] = tuple(
                    Board(b, None, win) for b in range(1, event.boards + 1)
                )
        event.matches[team.id] = tuple(played)


def _without_games(event: _Event, r: int) -> ResultKind:
    """No games: a PAB when the file cannot say so (TRF16) and this is the one team left
    without a match in a round with an odd number of teams; else absent."""
    alone = [t for t in event.teams if event.provisional[t.id][r - 1].kind is None]
    odd = len(event.teams) % 2 == 1
    if event.recs.pab is None and odd and len(alone) == 1:
        return ResultKind.PAB
    return ResultKind.NOT_PAIRED


def _compared(event: _Event, team: Team, r: int, prov: Provisional) -> ResultKind:
    """A match played: won, drawn or lost on the game points of both sides."""
    opp = prov.opponent
    facing = event.provisional[opp][r - 1] if opp in event.provisional else None
    theirs = facing.gp if facing else Fraction(0)
    if facing and facing.opponent not in (team.id, None):
        event.warn(
            team.line,
            f"round {r}: team {team.id} played team {opp}, whose players met "
            f"team {facing.opponent}",
        )
    if prov.gp + theirs > event.boards * event.ind.scoring.win:
        event.warn(
            team.line,
            f"round {r}: match {team.id}-{opp} has {prov.gp} + {theirs} game "
            f"points on {event.boards} boards",
        )
    if prov.gp > theirs:
        return ResultKind.WIN
    return ResultKind.DRAW if prov.gp == theirs else ResultKind.LOSS


def _declared_totals(event: _Event) -> None:
    """A team's declared MP and GP (310) agree with its matches."""
    for team in event.teams:
        matches = event.matches[team.id]
        total_mp = sum((m.mp for m in matches), Fraction(0))
        total_gp = sum((m.gp for m in matches), Fraction(0))
        if team.declared_mp is not None and team.declared_mp != total_mp:
            event.warn(
                team.line,
                f"team {team.id}: match points column says "
                f"{team.declared_mp} but the matches give {total_mp}",
                FindingKind.DECLARED_MP,
            )
        if team.declared_gp is not None and team.declared_gp != total_gp:
            event.warn(
                team.line,
                f"team {team.id}: game points column says "
                f"{team.declared_gp} but the matches give {total_gp}",
                FindingKind.DECLARED_GP,
            )


def _abnormal(event: _Event) -> None:
    """TRF-2026 299 in a team file: a record with a result letter gives the matching matches
    of those teams (in its round, or in every round) the match and game points it states."""
    matches = event.matches
    for x in event.recs.abnormal:
        if not x.letter:
            event.warn(
                x.line,
                "299 without a result letter (a team bonus or penalty) is not "
                "applied to team scores",
                FindingKind.RECORD,
            )
            continue
        for tid in x.teams:
            if tid not in matches:
                event.warn(x.line, f"299: no team {tid}", FindingKind.UNKNOWN_TEAM)
                continue
            hits = [
                m
                for m in matches[tid]
                if (x.round is None or m.round == x.round) and MATCH_LETTER.get(m.kind) == x.letter
            ]
            if not hits:
                where = f"in round {x.round}" if x.round else "in any round"
                event.warn(
                    x.line,
                    f"299: team {tid} has no '{x.letter}' match {where}",
                    FindingKind.NO_SUCH_MATCH,
                )
            row = list(matches[tid])
            for m in hits:
                row[m.round - 1] = m._replace(mp=m.mp if x.mp is None else x.mp, gp=x.gp)
            matches[tid] = tuple(row)


_BYE_KINDS = frozenset(
    {
        ResultKind.PAB,
        ResultKind.FULL_BYE,
        ResultKind.HALF_BYE,
        ResultKind.ZERO_BYE,
        ResultKind.NOT_PAIRED,
    }
)


def _seats(
    ind: Tournament, r: int, mine: list[int], theirs: list[int], boards: int
) -> list[int | None]:
    """Board order without a 300 record: players sit in roster order, and a team that cannot
    fill every board leaves the last boards empty (as team regulations require). The other,
    complete team is then seated opposite its opponents; its players who won an empty board by
    forfeit take the boards left over. This is also how FIDE TEC's reference program reads
    such files."""
    if len(mine) != boards or len(theirs) >= boards:
        return list(mine)
    board_of = {pid: b for b, pid in enumerate(theirs)}
    seats: list[int | None] = [None] * boards
    unplaced = []
    for pid in mine:
        opp = ind.participant(pid).results[r - 1].opponent
        if opp in board_of and seats[board_of[opp]] is None:
            seats[board_of[opp]] = pid
        else:
            unplaced.append(pid)
    for pid in unplaced:
        seats[seats.index(None)] = pid
    return seats


def _on_board(g: Game) -> bool:
    """A player who sat at a board: a game played, or a forfeit (also of an empty board)."""
    return g.kind.played or g.kind.forfeit
