"""A decoded Swiss-Manager team event (TUMX team Swiss, TUTX team round robin) as the model:
the players' games become the individual tournament (:mod:`.build`), and the teams, their
rosters and each match's line-up become the team records the TRF team reader also gives
:func:`~fide_tiebreaks.teams.build.build_team_event`, which scores the matches (C.07 Art.
11-13) the same way whichever door the event came through.

What the decoder gives (``chess_results_api.models``): each player's team and board
number; per round the team matches (``TeamMatch``: the two team numbers, -1 for the
pairing-allocated bye, -2 for a team not paired, the board points Swiss-Manager stored)
and their board games in board order, a player number 0 being an empty board.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from fractions import Fraction
from typing import TYPE_CHECKING

from ...diagnostics import Severity
from ...model import ResultKind, Team, Tournament
from ...teams.records import DEFAULT_MATCH_POINTS, Lineup, TeamBye, TeamPab, TeamRecords
from .build import BadEvent

if TYPE_CHECKING:
    from chess_results_api.models import Round as SmRound
    from chess_results_api.models import TeamMatch as SmMatch
    from chess_results_api.models import Tournament as SmTournament

#: The event's match scoring: Swiss-Manager stores it among its settings, which no decoder
#: reads (chess-results-api keeps the configuration's bytes uninterpreted), so it is C.07's
#: 2 / 1 / 0 (docs/interpretations.md).
MATCH_POINTS = DEFAULT_MATCH_POINTS

PAB_TEAM = -1  # the decoder's second team of a pairing-allocated bye
UNPAIRED_TEAM = -2  # the decoder's second team of a team not paired in the round


def team_records(
    event: SmTournament,
    rounds: Iterable[SmRound],
    pab: tuple[Fraction, Fraction] | None,
    notes: list[str],
    match_points: Mapping[str, Fraction] = MATCH_POINTS,
) -> TeamRecords:
    """The teams (rosters in board order), each match's line-ups, the byes and absences of
    the rounds read. *match_points*: the event's match scoring (TW, TD, TL), which scores
    every match and the PAB alike. *pab*: the caller's match and game points of a team's
    PAB, else the points Swiss-Manager stored for it (game points; its match points those
    of the match the stored board points give). A team not paired gets nothing (spec/swiss-
    manager.md, rule 4); one stored with points is refused, as nobody knows its kind."""
    boards = event.configuration.boards_per_match
    team_of = {p.number: p.team_number for p in event.players}
    recs = TeamRecords(
        teams=_teams(event, boards),
        boards=boards or None,
        pab_override=pab,
        match_points=dict(match_points),
    )
    pab_rounds: dict[int, int] = {}
    pab_points: set[tuple[Fraction, Fraction]] = set()
    for r in rounds:
        absent: list[int] = []
        for m in r.matches:
            where = f"round {r.number}, match {m.number}"
            if m.second_team == PAB_TEAM:
                pab_rounds[r.number] = m.first_team
                pab_points.add(_pab_points(m.stored_board_points, recs.match_points))
            elif m.second_team == UNPAIRED_TEAM:
                _check_unpaired(m, where)
                absent.append(m.first_team)
            else:
                _check_stored(m, where, notes)
                recs.lineups.extend(_lineups(m, r.number, boards, team_of))
        if absent:
            recs.byes.append(
                TeamBye(line=0, kind=ResultKind.NOT_PAIRED, round=r.number, teams=absent)
            )
    recs.pab = _pab_record(pab_points, pab_rounds, boards)
    return recs


def _teams(event: SmTournament, boards: int) -> list[Team]:
    """Every team with its roster in board order (a player without a board number last)."""
    rosters: dict[int, list[tuple[int, int]]] = {}
    for p in event.players:
        if p.team_number:
            rosters.setdefault(p.team_number, []).append((p.board_number or boards + 1, p.number))
    return [
        Team(
            id=t.number,
            name=t.name.strip() or f"team {t.number}",
            players=tuple(pid for _, pid in sorted(rosters.get(t.number, []))),
        )
        for t in event.teams
    ]


def _check_unpaired(m: SmMatch, where: str) -> None:
    """A team not paired but stored with board points is refused: a bye of no known kind."""
    if any(m.stored_board_points):
        raise BadEvent(
            f"{where}: team {m.first_team} is not paired but stored with "
            f"{m.stored_board_points[0]:g} board points: a bye of a kind this "
            "reader does not know"
        )


def _lineups(m: SmMatch, rnd: int, boards: int, team_of: dict[int, int]) -> list[Lineup]:
    """The two line-ups of match *m* in round *rnd*: each board's player of that team, 0 for
    an empty board."""
    lineups = []
    for team, opponent in ((m.first_team, m.second_team), (m.second_team, m.first_team)):
        seats = [0] * max(boards, len(m.games))
        for board, g in enumerate(m.games):
            for pid in (g.white_player, g.black_player):
                if pid > 0 and team_of.get(pid) == team:
                    seats[board] = pid
        lineups.append(Lineup(line=0, round=rnd, team=team, opponent=opponent, players=seats))
    return lineups


def _pab_record(
    pab_points: set[tuple[Fraction, Fraction]], pab_rounds: dict[int, int], boards: int
) -> TeamPab:
    """The PAB record, always given, so that the team builder never takes a team left alone
    for a PAB (what it does for TRF16, which cannot say): Swiss-Manager says it. Byes stored
    with different points are refused: nobody knows which is meant."""
    if len(pab_points) > 1:
        raise BadEvent(
            "the teams' pairing-allocated byes are stored with different board points "
            f"({', '.join(sorted(f'{gp}-{other}' for gp, other in pab_points))}): give "
            "the PAB's points with --team-pab"
        )
    mp, gp = next(iter(pab_points), (Fraction(1), Fraction(boards, 2)))
    return TeamPab(line=0, mp=mp, gp=gp, team_by_round=pab_rounds)


def _check_stored(m: SmMatch, where: str, notes: list[str]) -> None:
    """A match whose stored board points differ from its boards' is said: the boards are
    read (a match score Swiss-Manager was given by hand is not followed silently)."""
    given, boards = m.stored_board_points, m.board_points
    if boards is not None and tuple(given) != tuple(boards):
        notes.append(
            f"{where}: teams {m.first_team} and {m.second_team} are stored with "
            f"{given[0]:g}-{given[1]:g} board points, their boards give "
            f"{boards[0]:g}-{boards[1]:g}; the boards are read"
        )


def _pab_points(
    stored: tuple[float, float], match_points: Mapping[str, Fraction]
) -> tuple[Fraction, Fraction]:
    """A PAB's match and game points from the board points stored for it (halves, as the
    decoder reads them): the match points *match_points* (TW, TD, TL) give the match
    those board points make."""
    mine, theirs = (Fraction(x).limit_denominator(2) for x in stored)
    outcome = "TW" if mine > theirs else "TD" if mine == theirs else "TL"
    return match_points[outcome], mine


def team_event(
    ind: Tournament,
    event: SmTournament,
    rounds: Iterable[SmRound],
    pab: tuple[Fraction, Fraction] | None,
    notes: list[str],
) -> Tournament:
    """The team event of *ind* (the players' games); the builder's warnings join *notes*,
    its errors refuse the event (exit 2), as they do for a TRF team file."""
    from ...teams.build import build_team_event

    built = build_team_event(ind, team_records(event, rounds, pab, notes))
    errors = [f.message for f in built.findings if f.severity >= Severity.ERROR]
    if errors:
        raise BadEvent("; ".join(errors))
    notes.extend(f.message for f in built.findings if f.severity < Severity.ERROR)
    return built.tournament
