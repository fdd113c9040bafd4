"""Swiss-Manager team files (TUMX; TUTX alike): teams, rosters by board, line-ups and
matches read from the decoder's records, scored as every team event (C.07 Art. 11-13), and
written as TRF-2026 they read back the same.

No real team file and no second decoder of team files are at hand (the 30 shared files are
individual events), so the files are made in a real file's layout (tests/swiss_manager_files.py)
from contents written out here (THREE_TEAMS). The expected values are hand-worked from those
contents (board points from the board codes; match points 2 for a match won, 1 drawn, 0
lost), never taken from the decoder: where a test asks the decoder, it only checks that the
made file holds what the test says it does.
"""

from __future__ import annotations

import sys
from fractions import Fraction
from pathlib import Path

import pytest
from conftest import run_cli

if sys.version_info < (3, 12):
    pytest.skip("the swiss-manager extra's decoder needs Python 3.12+", allow_module_level=True)
decoder = pytest.importorskip("chess_results_api", reason="the swiss-manager extra is absent")

from swiss_manager_files import TeamRound, _team_file  # noqa: E402

from fide_tiebreaks import compute_standings, read_tournament  # noqa: E402
from fide_tiebreaks.diagnostics import InputError  # noqa: E402
from fide_tiebreaks.formats import parse_any  # noqa: E402
from fide_tiebreaks.formats.trf.model_writer import write_tournament_trf  # noqa: E402
from fide_tiebreaks.formats.trf.reader import parse_trf  # noqa: E402
from fide_tiebreaks.model import ResultKind  # noqa: E402

# Three teams of two boards (team t: players 2t - 1, 2t), two rounds:
# round 1: A-B, A wins board 1 and draws board 2 (1.5-0.5); C has the PAB, stored 2-0;
# round 2: B-C, C wins board 1 by forfeit (code 5: black's forfeit win), board 2 white wins
# (B's 4 against C's 6: 1-1); A is not paired (stored 0-0).
THREE_TEAMS = [
    TeamRound([(1, 3, 1), (4, 2, 2)], [(1, 2, 3, 1), (3, -1, 4, 0)]),
    TeamRound([(3, 5, 5), (4, 6, 1)], [(2, 3, 2, 2), (1, -2, 0, 0)]),
]


def _read(data: bytes, name: str = "teams.TUMX"):  # type: ignore[no-untyped-def]
    return parse_any(data, name)


def test_the_decoder_reads_the_made_file_as_described():
    event = decoder.decode_tournament(_team_file(THREE_TEAMS, teams=3))
    assert [t.name for t in event.teams] == ["A", "B", "C"]
    assert [(p.number, p.team_number, p.board_number) for p in event.players][:3] == [
        (1, 1, 1),
        (2, 1, 2),
        (3, 2, 1),
    ]
    one, two = event.rounds
    assert [(m.first_team, m.second_team, m.board_points) for m in one.matches] == [
        (1, 2, (1.5, 0.5)),
        (3, -1, (2.0, 0.0)),
    ]
    assert [(m.first_team, m.second_team, m.board_points) for m in two.matches] == [
        (2, 3, (1.0, 1.0)),
        (1, -2, (0.0, 0.0)),
    ]


def test_teams_rosters_and_matches_are_read():
    t = _read(_team_file(THREE_TEAMS, teams=3)).tournament
    assert t.team is not None and t.kind == "team"
    assert [(x.id, x.name, x.players) for x in t.team.teams] == [
        (1, "A", (1, 2)),
        (2, "B", (3, 4)),
        (3, "C", (5, 6)),
    ]
    assert t.team.boards == 2
    matches = {
        tid: [(m.kind, m.opponent, m.mp, m.gp) for m in ms] for tid, ms in t.team.matches.items()
    }
    half = Fraction(1, 2)
    assert matches[1] == [
        (ResultKind.WIN, 2, 2, 1 + half),
        (ResultKind.NOT_PAIRED, None, 0, 0),  # not paired: nothing (spec rule 4), no PAB
    ]
    assert matches[2] == [(ResultKind.LOSS, 1, 0, half), (ResultKind.DRAW, 3, 1, 1)]
    # the PAB as stored: 2 board points against 0, so a match won (2 match points)
    assert matches[3] == [(ResultKind.PAB, None, 2, 2), (ResultKind.DRAW, 2, 1, 1)]
    # the team scores: A 2 MP, B 1, C 3
    assert [(p.id, p.points) for p in t] == [(1, 2), (2, 1), (3, 3)]
    # board 1 of round 2: C's player 5 won by forfeit against B's player 3
    players = t.team.players
    assert players.participant(5).results[1].kind is ResultKind.FORFEIT_WIN
    assert players.participant(3).results[1].kind is ResultKind.FORFEIT_LOSS


def test_a_team_file_written_as_trf26_reads_back_to_the_same_standings():
    t = _read(_team_file(THREE_TEAMS, teams=3)).tournament
    back = parse_trf(write_tournament_trf(t, form="trf26").encode("utf-8"), "again.trf").tournament
    one, two = compute_standings(t), compute_standings(back)
    assert [(r.participant.id, r.rank, r.values) for r in one.rows] == [
        (r.participant.id, r.rank, r.values) for r in two.rows
    ]
    assert [(p.id, p.points) for p in back] == [(1, 2), (2, 1), (3, 3)]


def test_the_commands_read_a_team_file(tmp_path: Path):
    path = tmp_path / "teams.TUMX"
    path.write_bytes(_team_file(THREE_TEAMS, teams=3))
    done = run_cli("standings", str(path), "-f", "csv")
    assert done.returncode in (0, 1), done.stderr
    assert "Traceback" not in done.stderr
    out = tmp_path / "teams.trf"
    done = run_cli("convert", str(path), "--to", "trf26", "-o", str(out))
    assert done.returncode in (0, 1), done.stderr
    assert [(p.id, p.points) for p in read_tournament(out).tournament] == [(1, 2), (2, 1), (3, 3)]


def test_a_team_not_paired_but_stored_with_points_is_refused():
    rounds = [TeamRound([(1, 3, 1), (4, 2, 2)], [(1, 2, 3, 1), (3, -2, 2, 0)])]
    with pytest.raises(InputError) as e:
        _read(_team_file(rounds, teams=3))
    (d,) = e.value.diagnostics
    assert "team 3 is not paired but stored with 1 board points" in d.message


def test_a_board_opposite_an_empty_one_with_a_code_not_read_is_refused():
    rounds = [TeamRound([(1, 3, 1), (0, 2, 1)], [(1, 2, 3, 1)])]  # white's win, white empty
    with pytest.raises(InputError) as e:
        _read(_team_file(rounds))
    (d,) = e.value.diagnostics
    assert "player 2 sits opposite an empty board with result code 1" in d.message


def test_a_board_won_against_an_empty_one_is_a_forfeit_win():
    # board 2: B fields nobody (white slot 0), A's player 2 (black) wins it: code 5. By
    # hand: board 1 drawn (code 2) 1/2-1/2, board 2 A's 1-0: A 1.5, B 0.5, a match A won
    rounds = [TeamRound([(1, 3, 2), (0, 2, 5)], [(1, 2, 3, 1)])]
    # the made file holds that (the decoder's sum of the boards)
    assert decoder.decode_tournament(_team_file(rounds)).rounds[0].matches[0].board_points == (
        1.5,
        0.5,
    )
    t = _read(_team_file(rounds)).tournament
    assert t.team is not None
    assert t.team.players.participant(2).results[0].kind is ResultKind.FORFEIT_WIN
    (a,), (b,) = t.team.matches[1], t.team.matches[2]
    assert (a.kind, a.mp, a.gp) == (ResultKind.WIN, 2, Fraction(3, 2))
    assert (b.kind, b.mp, b.gp) == (ResultKind.LOSS, 0, Fraction(1, 2))


def test_the_callers_team_pab_points_replace_the_stored_ones():
    # --team-pab 1,1 (the API's team_pab=): C's PAB of round 1 is a drawn match, 1 board point
    r = parse_any(
        _team_file(THREE_TEAMS, teams=3), "teams.TUMX", team_pab=(Fraction(1), Fraction(1))
    )
    t = r.tournament
    assert t.team is not None
    pab = t.team.matches[3][0]
    assert (pab.kind, pab.mp, pab.gp) == (ResultKind.PAB, 1, 1)


def test_a_team_round_robin_reads_as_a_round_robin():
    # the decoder's type 2 (TUTX): every match has its fixed board slots
    data = _team_file(teams=2, kind=2)
    assert decoder.decode_tournament(data).tournament_type.name == "TEAM_ROUND_ROBIN"
    t = _read(data, "teams.TUTX").tournament
    assert t.type.name == "ROUND_ROBIN" and t.team is not None
    assert [(p.id, p.points) for p in t] == [(1, 2), (2, 0)]


def test_a_match_stored_with_other_board_points_than_its_boards_is_said():
    # round 1 of A-B stored 2-0 (halves 4, 0) while its boards give, by hand, 1.5-0.5
    # (board 1 A's white win 1-0, board 2 drawn); the decoder is asked only that the made
    # file holds both
    rounds = [TeamRound([(1, 3, 1), (4, 2, 2)], [(1, 2, 4, 0)])]
    (m,) = decoder.decode_tournament(_team_file(rounds)).rounds[0].matches
    assert (m.stored_board_points, m.board_points) == ((2.0, 0.0), (1.5, 0.5))
    r = _read(_team_file(rounds))
    assert any(
        "round 1, match 1: teams 1 and 2 are stored with 2-0 board points, their boards give "
        "1.5-0.5; the boards are read" in d.message
        for d in r.diagnostics
    )
    assert r.tournament.team is not None
    assert r.tournament.team.matches[1][0].gp == Fraction(3, 2)


def test_a_match_stored_as_its_boards_give_is_not_remarked():
    r = _read(_team_file(THREE_TEAMS, teams=3))
    assert not any("board points, their boards give" in d.message for d in r.diagnostics)


def test_the_pab_follows_the_events_match_scoring_as_every_match_does():
    # Under a 3 / 1 / 0 match scoring (hand-worked from THREE_TEAMS): round 1 A beats B
    # 1.5-0.5 (A 3), C's PAB stored 2-0 is a match won (C 3); round 2 B-C 1-1 (1 each), A
    # not paired (0). Totals A 3, B 1, C 4: the PAB is scored as a won match is, not 2.
    from fide_tiebreaks.formats.swiss_manager.build import build
    from fide_tiebreaks.formats.swiss_manager.teams import team_records
    from fide_tiebreaks.teams.build import build_team_event

    event = decoder.decode_tournament(_team_file(THREE_TEAMS, teams=3))
    scoring = {"TW": Fraction(3), "TD": Fraction(1), "TL": Fraction(0)}
    recs = team_records(event, event.rounds, None, [], match_points=scoring)
    assert recs.pab is not None and (recs.pab.mp, recs.pab.gp) == (3, 2)
    t = build_team_event(build(event).tournament, recs).tournament
    assert t.team is not None
    assert [(m.kind, m.mp) for m in t.team.matches[3]] == [
        (ResultKind.PAB, 3),
        (ResultKind.DRAW, 1),
    ]
    assert [(p.id, p.points) for p in t] == [(1, 3), (2, 1), (3, 4)]
