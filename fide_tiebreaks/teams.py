"""Team tournaments: teams built from their players' games, matches, match and game points.

A team event is a :class:`~fide_tiebreaks.model.Tournament` whose participants are the teams
(``id`` = team number) and whose ``Game`` objects are matches, scored with the primary score
(C.07 Art. 11: match points or game points). ``tournament.team`` (:class:`TeamData`) keeps the
players' own tournament, the rosters, every match's MP and GP and the line-ups, and
:func:`team_view` gives the same event scored with MP or with GP, so that any tie-break built
on points (Buchholz, Fore Buchholz, progressive scores, Art. 16 with its dummy on both scores)
works on ``:MP`` and ``:GP`` unchanged.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from fractions import Fraction
from typing import Any

from .model import (
    Board,
    Colour,
    Game,
    Match,
    Participant,
    ResultKind,
    Scoring,
    Team,
    TeamData,
    Tournament,
)
from .numbers import from_units, grid_scale


def scoring_for(team: TeamData, score: str) -> Scoring:
    return team.match_scoring if score == "MP" else team.game_scoring


def team_view(t: Tournament, score: str | None) -> Tournament:
    """The team event scored with ``"MP"`` or ``"GP"`` (``None``: the primary score), over the
    rounds *t* has (so standings after round N work for both views)."""
    data = t.team
    if data is None:
        return t
    score = score or data.primary
    key = (score, t.rounds)
    if key in data.cache:
        return data.cache[key]
    scoring = scoring_for(data, score)
    values = [getattr(m, score.lower()) for ms in data.matches.values() for m in ms[: t.rounds]]
    scale = grid_scale([*values, *scoring.values()])
    people = []
    for p in t.participants:
        games = []
        for m in data.matches[p.id][: t.rounds]:
            pts = m.mp if score == "MP" else m.gp
            games.append(Game(m.round, m.kind, m.opponent, Colour.NONE, pts, int(pts * scale)))
        units = sum(g.units for g in games)
        people.append(replace(p, results=tuple(games), units=units,
                              points=from_units(units, scale)))  # fmt: skip
    view = replace(t, participants=tuple(people), scoring=scoring, scale=scale)
    data.cache[key] = view
    return view


def match_scoring(win: Fraction, draw: Fraction, loss: Fraction, pab: Fraction) -> Scoring:
    """Scoring for a team score: a played or forfeited match and the byes take the win /
    draw / loss values; the pairing-allocated bye its own value."""
    return Scoring(
        win_white=win, win_black=win, draw_white=draw, draw_black=draw, loss_white=loss,
        loss_black=loss, forfeit_win=win, forfeit_loss=loss, pab=pab, full_bye=win,
        half_bye=draw, zero_bye=loss,
    )  # fmt: skip


def participants_for(teams: tuple[Team, ...], matches: Mapping[int, tuple[Match, ...]],
                     primary: str) -> tuple[Participant, ...]:  # fmt: skip
    """Teams as participants scored with the primary score (grid set by the caller's view)."""
    out = []
    for team in teams:
        games = tuple(
            Game(m.round, m.kind, m.opponent, Colour.NONE, m.mp if primary == "MP" else m.gp, 0)
            for m in matches[team.id]
        )
        total = sum((g.points for g in games), Fraction(0))
        out.append(Participant(id=team.id, name=team.name, points=total, results=games,
                               line=team.line))  # fmt: skip
    return tuple(out)


@dataclass
class TeamRecords:
    """What the TRF reader found about teams, before the matches are built."""

    teams: list[Team] = field(default_factory=list)
    pab: tuple[int, Fraction, Fraction, dict[int, int]] | None = (
        None  # 320: line, MP, GP, round->team
    )
    forfeits: list[tuple[int, str, int, int, int]] = field(default_factory=list)  # 330
    lineups: list[tuple[int, int, int, int, list[int]]] = field(default_factory=list)  # 300
    byes: list[tuple[int, ResultKind, int, list[int]]] = field(default_factory=list)  # 240
    boards: int | None = None  # 352
    match_points: dict[str, Fraction] = field(default_factory=dict)  # 362: TW, TD, TL
    primary: str = "MP"
    pab_override: tuple[Fraction, Fraction] | None = None  # reader option (MP, GP)
    # 299: line, result letter ("" for a bonus/penalty), MP, GP, round (None: all), team ids
    abnormal: list[tuple[int, str, Fraction | None, Fraction, int | None, list[int]]] = field(
        default_factory=list
    )


_FORFEIT_KINDS = {"+": ResultKind.FORFEIT_WIN, "-": ResultKind.FORFEIT_LOSS}


def build_team_event(ind: Tournament, recs: TeamRecords, out: Any) -> Tournament:
    """The team event of an individual tournament and its team records (C.07 Art. 11).

    *out* is the reader's diagnostics collector. Each match's game points are the sum of the
    team's board points; its match points follow from comparing them (a forfeited match,
    ``330``, scores a win's MP and every board for the winner)."""
    teams = tuple(sorted(recs.teams, key=lambda t: t.id))
    team_of: dict[int, int] = {}
    for team in teams:
        for pid in team.players:
            if pid in team_of and team_of[pid] != team.id:
                out.error(team.line or 0, 1, f"player {pid} is in team {team_of[pid]} and in "
                          f"team {team.id}")  # fmt: skip
            elif pid not in ind.index:
                out.warning(team.line or 0, 1, f"team {team.id} lists player {pid}, who has no "
                            "001 line")  # fmt: skip
            team_of.setdefault(pid, team.id)
    for p in ind.participants:  # every record is somewhere: say so when a player is in no team
        if p.id not in team_of:
            out.warning(p.line or 0, 5, f"player {p.id} is on no team's roster (013 / 310): "
                        "the team standings leave their games out; --individual ranks "
                        "them")  # fmt: skip
    rounds = ind.rounds
    per_round_boards = [
        sum(1 for pid in team.players if pid in ind.index
            and _on_board(ind.participant(pid).results[r - 1]))
        for team in teams for r in range(1, rounds + 1)
    ]  # fmt: skip
    boards = recs.boards or max([*per_round_boards, 1])
    g = ind.scoring
    mp_win = recs.match_points.get("TW", Fraction(2))
    mp_draw = recs.match_points.get("TD", Fraction(1))
    mp_loss = recs.match_points.get("TL", Fraction(0))
    pab_mp, pab_gp = (recs.pab[1], recs.pab[2]) if recs.pab else (mp_draw, boards * g.draw)
    if recs.pab_override:
        pab_mp, pab_gp = recs.pab_override
    mps = match_scoring(mp_win, mp_draw, mp_loss, pab_mp)
    gps = match_scoring(boards * g.win, boards * g.draw, boards * g.loss, pab_gp)

    forfeited: dict[tuple[int, int], tuple[ResultKind, int]] = {}
    for _, code, rnd, white, black in recs.forfeits:
        if code == "--":
            forfeited[rnd, white] = (ResultKind.DOUBLE_FORFEIT, black)
            forfeited[rnd, black] = (ResultKind.DOUBLE_FORFEIT, white)
        else:
            forfeited[rnd, white] = (_FORFEIT_KINDS[code[0]], black)
            forfeited[rnd, black] = (_FORFEIT_KINDS[code[1]], white)
    byes = {(rnd, tid): kind for _, kind, rnd, ids in recs.byes for tid in ids}
    pab_rounds = recs.pab[3] if recs.pab else {}
    explicit = {(rnd, tid): (opp, ids) for _, rnd, tid, opp, ids in recs.lineups}
    roster = {t.id: set(t.players) for t in teams}
    for line, rnd, tid, _, ids in recs.lineups:  # a line-up seats the team's own players once
        named = [pid for pid in ids if pid]
        where = f"round {rnd}: the line-up of team {tid}"
        outside = sorted({pid for pid in named if pid not in roster.get(tid, ())})
        if outside:
            out.warning(line or 0, 1, f"{where} seats player(s) {', '.join(map(str, outside))}, "
                        "who are not on its roster")  # fmt: skip
        twice = sorted({pid for pid in named if named.count(pid) > 1})
        if twice:
            out.warning(line or 0, 1, f"{where} seats player(s) {', '.join(map(str, twice))} "
                        "on two boards")  # fmt: skip
        if len(ids) > boards:
            out.warning(line or 0, 1, f"{where} has {len(ids)} boards; the event has {boards}")

    provisional: dict[int, list[tuple[ResultKind | None, int | None, Fraction]]] = {}
    lineups: dict[tuple[int, int], tuple[Board, ...]] = {}
    seated_by: dict[tuple[int, int], list[int]] = {}
    for team in teams:
        row: list[tuple[ResultKind | None, int | None, Fraction]] = []
        for r in range(1, rounds + 1):
            games = {pid: ind.participant(pid).results[r - 1] for pid in team.players
                     if pid in ind.index}  # fmt: skip
            seated = [pid for pid in team.players if pid in games and _on_board(games[pid])]
            seated_by[team.id, r] = seated
            if len(seated) > boards:
                out.warning(team.line or 0, 1, f"round {r}: team {team.id} fielded {len(seated)} "
                            f"players on {boards} boards")  # fmt: skip
            if (r, team.id) in forfeited:
                forfeit_kind, other_team = forfeited[r, team.id]
                row.append((forfeit_kind, other_team, Fraction(0)))
                on_boards = sum((games[pid].points for pid in seated), Fraction(0))
                expected = boards * g.win if forfeit_kind is ResultKind.FORFEIT_WIN else 0
                if on_boards != expected:
                    out.warning(team.line or 0, 1, f"round {r}: 330 forfeits the match of team "
                                f"{team.id}, but its players' lines give {on_boards} game points, "
                                f"not {expected}; the 330 record is followed")  # fmt: skip
                continue
            if (r, team.id) in byes:
                row.append((byes[r, team.id], None, Fraction(0)))
                continue
            if pab_rounds.get(r) == team.id:
                row.append((ResultKind.PAB, None, Fraction(0)))
                continue
            opponents = [team_of[g.opponent] for g in games.values()
                         if g.opponent is not None and g.opponent in team_of]  # fmt: skip
            mates = sorted(
                pid
                for pid, g in games.items()
                if g.opponent is not None and team_of.get(g.opponent) == team.id
            )
            if mates:  # the team would meet itself: said, never taken as a match silently
                out.warning(team.line or 0, 1, f"round {r}: players {', '.join(map(str, mates))} "
                            f"of team {team.id} are paired with each other, so the team meets "
                            "itself; pair them with players of the opposing team")  # fmt: skip
            if not opponents and (r, team.id) in explicit:
                opponents = [explicit[r, team.id][0]]
            gp = sum((games[pid].points for pid in seated), Fraction(0))
            if not opponents and not seated:
                row.append((None, None, Fraction(0)))  # decided below: PAB or absent
                continue
            opp = max(set(opponents), key=opponents.count) if opponents else None
            if len(set(opponents)) > 1:
                teams_met = sorted(set(opponents))
                out.warning(team.line or 0, 1, f"round {r}: team {team.id}'s players met players "
                            f"of teams {teams_met}; counted against team {opp}")  # fmt: skip
            row.append((ResultKind.WIN, opp, gp))  # kind settled once both sides are known
        provisional[team.id] = row

    for (tid, r), seated in seated_by.items():
        if (r, tid) in explicit:
            board_ids = [pid or None for pid in explicit[r, tid][1]]
        else:
            opp = provisional[tid][r - 1][1]
            board_ids = _seats(ind, r, seated, seated_by.get((opp, r), []) if opp else [], boards)
        lineups[tid, r] = tuple(
            Board(b, pid, ind.participant(pid).results[r - 1].points if pid else Fraction(0))
            for b, pid in enumerate(board_ids, start=1)
        )

    matches: dict[int, tuple[Match, ...]] = {}
    odd = len(teams) % 2 == 1
    for team in teams:
        played: list[Match] = []
        for r, (maybe, opp, gp) in enumerate(provisional[team.id], start=1):
            kind: ResultKind
            if maybe is not None:
                kind = maybe
            else:
                # No games: a PAB when the file cannot say so (TRF16) and this is the one team
                # left without a match in a round with an odd number of teams; else absent.
                alone = [t for t in teams if provisional[t.id][r - 1][0] is None]
                kind = ResultKind.PAB if recs.pab is None and odd and len(alone) == 1 else (
                    ResultKind.NOT_PAIRED
                )  # fmt: skip
            if kind is ResultKind.WIN and opp is not None:
                facing = provisional[opp][r - 1] if opp in provisional else None
                theirs = facing[2] if facing else Fraction(0)
                if facing and facing[1] not in (team.id, None):
                    out.warning(team.line or 0, 1, f"round {r}: team {team.id} played team {opp}, "
                                f"whose players met team {facing[1]}")  # fmt: skip
                if gp + theirs > boards * g.win:
                    out.warning(team.line or 0, 1, f"round {r}: match {team.id}-{opp} has "
                                f"{gp} + {theirs} game points on {boards} boards")  # fmt: skip
                kind = ResultKind.WIN if gp > theirs else ResultKind.DRAW if gp == theirs else (
                    ResultKind.LOSS)  # fmt: skip
            elif kind is ResultKind.WIN:  # board results, but no opponent team to be found
                won = gp > boards * g.draw
                out.warning(team.line or 0, 1, f"round {r}: team {team.id} has board results "
                            "but no opponent team (no 300 or 330 record); counted as "
                            f"{'a forfeit win' if won else 'not paired'}")  # fmt: skip
                kind = ResultKind.FORFEIT_WIN if won else ResultKind.NOT_PAIRED
            mp = mps.points(kind, Colour.NONE)
            if kind in (ResultKind.FORFEIT_WIN, ResultKind.FORFEIT_LOSS,
                        ResultKind.DOUBLE_FORFEIT) or kind in _BYE_KINDS:  # fmt: skip
                gp = gps.points(kind, Colour.NONE)
            played.append(Match(r, kind, opp if kind.has_opponent else None, mp, gp))
            if kind is ResultKind.PAB:  # Art. 12: a PAB is a win on every board
                lineups[team.id, r] = tuple(Board(b, None, g.win) for b in range(1, boards + 1))
        matches[team.id] = tuple(played)

    _abnormal(matches, recs, out)

    for team in teams:
        total_mp = sum((m.mp for m in matches[team.id]), Fraction(0))
        total_gp = sum((m.gp for m in matches[team.id]), Fraction(0))
        for declared, total, what in ((team.declared_mp, total_mp, "match points"),
                                      (team.declared_gp, total_gp, "game points")):  # fmt: skip
            if declared is not None and declared != total:
                column = 55 if what[0] == "m" else 62
                out.warning(team.line or 0, column, f"team {team.id}: {what} column says "
                            f"{declared} but the matches give {total}")  # fmt: skip

    # The players' own ranking (--individual) must not take the file's team tie-break list.
    players = replace(ind, declared_tiebreaks=(), declared_standings=())
    data = TeamData(teams, players, mps, gps, recs.primary, boards, matches, lineups)
    provisional_t = replace(ind, participants=participants_for(teams, matches, recs.primary),
                            team=data, scoring=scoring_for(data, recs.primary))  # fmt: skip
    return team_view(provisional_t, recs.primary)


_LETTER = {ResultKind.WIN: "W", ResultKind.DRAW: "D", ResultKind.LOSS: "L",
           ResultKind.FORFEIT_WIN: "+", ResultKind.FORFEIT_LOSS: "-",
           ResultKind.DOUBLE_FORFEIT: "-", ResultKind.FULL_BYE: "F", ResultKind.HALF_BYE: "H",
           ResultKind.ZERO_BYE: "Z", ResultKind.NOT_PAIRED: "Z"}  # fmt: skip


def _abnormal(matches: dict[int, tuple[Match, ...]], recs: TeamRecords, out: Any) -> None:
    """TRF-2026 299 in a team file: a record with a result letter gives the matching matches
    of those teams (in its round, or in every round) the match and game points it states."""
    for line, letter, mp, gp, rnd, ids in recs.abnormal:
        if not letter:
            out.warning(line, 1, "299 without a result letter (a team bonus or penalty) is "
                        "not applied to team scores")  # fmt: skip
            continue
        for tid in ids:
            if tid not in matches:
                out.warning(line, 24, f"299: no team {tid}")
                continue
            hits = [m for m in matches[tid] if (rnd is None or m.round == rnd)
                    and _LETTER.get(m.kind) == letter]  # fmt: skip
            if not hits:
                out.warning(line, 5, f"299: team {tid} has no '{letter}' match "
                            f"{'in round ' + str(rnd) if rnd else 'in any round'}")  # fmt: skip
            row = list(matches[tid])
            for m in hits:
                row[m.round - 1] = m._replace(mp=m.mp if mp is None else mp, gp=gp)
            matches[tid] = tuple(row)


_BYE_KINDS = frozenset({ResultKind.PAB, ResultKind.FULL_BYE, ResultKind.HALF_BYE,
                        ResultKind.ZERO_BYE, ResultKind.NOT_PAIRED})  # fmt: skip


def _seats(ind: Tournament, r: int, mine: list[int], theirs: list[int],
           boards: int) -> list[int | None]:  # fmt: skip
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


def team_scores(t: Tournament) -> tuple[dict[int, Fraction], dict[int, Fraction]]:
    """Each team's match points and game points (for the writers' MP and GP columns)."""
    mp = {p.id: p.points for p in team_view(t, "MP").participants}
    gp = {p.id: p.points for p in team_view(t, "GP").participants}
    return mp, gp
