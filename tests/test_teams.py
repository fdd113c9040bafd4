"""Team events: the team model from TRF16 and TRF-2026 records, match and game points, and the
team tie-breaks. Expected values: the hand-worked 4-team fixture (conformance/fixtures/
team-4x4, from the rules note 9.2) and hand computations written out here."""

from __future__ import annotations

import json
from fractions import Fraction

import pytest
from conftest import ROOT, run_cli
from trfbuild import tournament

from fide_tiebreaks import compute_standings, parse_code, parse_trf, read_trf
from fide_tiebreaks.formats.trf.writer import encode
from fide_tiebreaks.host import registry
from fide_tiebreaks.teams import team_view
from fide_tiebreaks.tiebreak import Context

FIXTURE = ROOT / "conformance" / "fixtures" / "team-4x4" / "tournament.trf"
# The fixture's table: MP, GP, BH:MP, BH:GP, EMMSB, EMGSB, EGMSB, EGGSB, EMGSB/C1, BH:MP/C1,
# BC, SSSC (K = floor(6 / 4) = 1).
TABLE = {
    1: (5, 9.0, 7, 15.0, 10, 18.0, 23.0, 41.5, 14.0, 6, 21.5, 16.0),
    2: (2, 4.5, 10, 19.5, 2, 11.5, 7.0, 24.75, 9.0, 9, 12.5, 14.5),
    3: (4, 7.0, 8, 17.0, 10, 18.0, 21.5, 38.5, 16.0, 7, 15.5, 15.0),
    4: (1, 3.5, 11, 20.5, 4, 11.0, 7.0, 20.75, 8.0, 9, 10.5, 14.5),
}
CODES = ["BH:MP", "BH:GP", "EMMSB", "EMGSB", "EGMSB", "EGGSB", "EMGSB/C1", "BH:MP/C1", "BC", "SSSC"]


def as_trf16(text: str) -> str:
    """The same event with TRF16 team records (013: name at 5-36, players from 37)."""
    out = []
    for line in text.splitlines():
        if line.startswith("310"):
            name, players = line[8:40].strip(), line[73:].split()
            line = f"013 {name:<32}" + "".join(f"{int(p):4d} " for p in players).rstrip()
        elif line[:3] in ("352", "362", "192"):
            continue
        out.append(line)
    return "\n".join(out) + "\n"


@pytest.mark.parametrize("form", ["trf2026", "trf16"])
def test_fixture_every_value(form):
    text = FIXTURE.read_text()
    result = parse_trf((text if form == "trf2026" else as_trf16(text)).encode())
    assert [d for d in result.diagnostics if d.severity.name != "NOTE"] == []
    t = result.tournament
    mp = {p.id: p.points for p in team_view(t, "MP").participants}
    gp = {p.id: p.points for p in team_view(t, "GP").participants}
    s = compute_standings(t, ["MPvGP", *CODES], "fide-2024")
    for tid, row in TABLE.items():
        assert (mp[tid], gp[tid]) == (Fraction(row[0]), Fraction(row[1]))
        assert s.values("MPvGP")[tid] == Fraction(row[1])
        assert [s.values(c)[tid] for c in CODES] == [Fraction(x) for x in row[2:]], tid


def test_team_file_round_trips_and_ranks():
    data = FIXTURE.read_bytes()
    assert encode(parse_trf(data).tournament.source) == data
    done = run_cli("standings", str(FIXTURE), "-e", "fide-2024", "-f", "json")
    out = json.loads(done.stdout)
    assert out["tournament"]["kind"] == "team" and out["tournament"]["primary"] == "MP"
    first = out["standings"][0]
    assert {
        k: first[k] for k in ("rank", "team", "name", "match_points", "game_points", "points")
    } == {
        "rank": 1,
        "team": 1,
        "name": "Team One",
        "match_points": "5",
        "game_points": "9",
        "points": "5",
    }
    assert [r["team"] for r in out["standings"]] == [1, 3, 2, 4]  # MP 5, 4, 2, 1
    players = run_cli("standings", str(FIXTURE), "-e", "fide-2024", "--individual", "-f", "json")
    assert json.loads(players.stdout)["tournament"]["kind"] == "individual"


def group(code, members):
    t = read_trf(FIXTURE).tournament
    ctx = Context(
        tournament=t,
        spec=parse_code(code),
        edition=registry().edition("fide-2024"),
        group=frozenset(members),
    )
    tb = registry().resolve(parse_code(code).name)
    return tb.compute(ctx)


def test_ede_and_its_board_chains():
    """Teams 3 and 4 drew 2-2 in round 1 (boards for 3: 1, 0, 1, 0): EDE cannot separate
    them on MP or GP. The chains look at that match: TBR board 1 (1 against 0) and BBE
    boards 1-3 (2 against 1) favour team 3; BC 1+3 = 4 against 2+4 = 6 (lower is better)
    too. Team 2 beat team 4: EDE alone decides."""
    assert group("EDE", {3, 4}) == {3: 1, 4: 1}
    for code in ("EDET", "EDEB", "EDEBT", "EDEBB"):
        assert group(code, {3, 4}) == {3: 1, 4: 2}, code
    assert group("EDE", {2, 4}) == {2: 1, 4: 2}
    # Teams 1 and 3 drew with four drawn boards: nothing separates them.
    assert group("EDEBT", {1, 3}) == {1: 1, 3: 1}


def test_board_tiebreaks_over_the_event():
    """Board totals: team 1: 2.5, 2.5, 2, 2; team 3: 2.5, 1.5, 2, 1. TBR: equal on board 1,
    team 1 ahead on board 2. BBE: boards 1-3: 7 against 6."""
    assert group("TBR", {1, 3}) == {1: 1, 3: 2}
    assert group("BBE", {1, 3}) == {1: 1, 3: 2}


def test_olympiad_sonneborn_berger():
    """OSB = EMGSB without the lowest-MP opponent (the fixture's EMGSB/C1 column); in a
    3-round event without a PAB the 2026 variant keeps the best 2 opponents: the same."""
    t = read_trf(FIXTURE).tournament
    s = compute_standings(t, "OSB,OSB26", "fide-2024")
    assert s.values("OSB") == s.values("OSB26") == {1: 14, 2: 9, 3: 16, 4: 8}


def _three_teams(c_second: int = 6) -> str:
    """Teams A (players 1, 2), B (3, 4), C (5, 6), two boards, one round: A beats B 2-0;
    C's players show '0000 - -' (TRF16 cannot say more)."""
    players = {
        1: [(3, "w", "1")],
        2: [(4, "b", "1")],
        3: [(1, "b", "0")],
        4: [(2, "w", "0")],
        5: [(None, "-", "-")],
        6: [(None, "-", "-")],
    }
    text = tournament(players, name="Three teams", headers=("092 Team Swiss",))
    teams = {"Team A": (1, 2), "Team B": (3, 4), "Team C": (5, c_second)}
    for name, ids in teams.items():
        text += f"013 {name:<32}" + " ".join(f"{i:4d}" for i in ids) + "\n"
    return text


THREE_TEAMS = _three_teams()


def test_trf16_team_bye_is_a_drawn_match_by_default():
    """TRF16 cannot say which team had the bye: C, the only team without a match in a round
    with an odd number of teams, gets a PAB worth a drawn match (1 MP, half of 2 boards = 1
    GP). Its BH:MP counts the dummy: its own 1 MP (C.07 16.4). --team-pab 2:2 changes it."""
    t = parse_trf(THREE_TEAMS.encode()).tournament
    match = t.team.matches[3][0]
    assert (match.kind.name, match.mp, match.gp) == ("PAB", 1, 1)
    assert compute_standings(t, "BH:MP", "fide-2024").values("BH:MP")[3] == 1
    win = parse_trf(THREE_TEAMS.encode(), team_pab=(Fraction(2), Fraction(2))).tournament
    assert win.team.matches[3][0].mp == 2


def test_inconsistencies_are_reported():
    result = parse_trf(_three_teams(c_second=1).encode(), "t.trf")
    assert any("player 1 is in team 1 and in team 3" in str(d) for d in result.diagnostics)
    wrong = FIXTURE.read_text().replace(
        "310   1 Team One                         T1                5    9.0",
        "310   1 Team One                         T1                6    9.0",
    )
    result = parse_trf(wrong.encode(), "t.trf")
    assert any(
        "team 1: match points column says 6 but the matches give 5" in str(d)
        for d in result.diagnostics
    )


def test_team_codes_need_a_team_event():
    from fide_tiebreaks import CodeError

    tec = read_trf(ROOT / "conformance" / "fixtures" / "tec-exercise-2024" / "tournament.trf")
    with pytest.raises(CodeError, match="team tie-break"):
        compute_standings(tec.tournament, "EMGSB", "fide-2024")
    with pytest.raises(CodeError, match=":MP applies to team events only"):
        compute_standings(tec.tournament, "BH:MP", "fide-2024")


GRANDMOMMY = ROOT / "conformance" / "fixtures" / "tec-trf2026-sample" / "grandmommyscup.trf"


def test_grandmommys_cup():
    """FIDE TEC's TRF-2026 sample (50 teams, 14 rounds, both 013 and 310 team records): every
    team's MP and GP as its 310 record publishes them (a difference would be a warning), and
    its 202 list computed. Before: every team was read twice (013 as teams 51-100), 249
    errors and 548 warnings, and its team 250 records (match points only) were refused."""
    result = read_trf(GRANDMOMMY)
    assert [d for d in result.diagnostics if d.severity.name != "NOTE"] == []
    t = result.tournament
    assert t.team is not None and len(t.team.teams) == 50 and t.rounds == 14
    s = compute_standings(result.tournament)
    assert s.codes == ["EDET/P", "EMGSB/C1/P", "BH:MP/C1/P", "MPvGP"]
    assert [r.participant.id for r in s.rows[:3]] == [16, 22, 19]


def test_a_013_record_that_disagrees_with_310_is_a_located_warning(tmp_path):
    """The sample's line 655 is the 2nd 013 record (Ukraine: 2 4 20 27 22, as its 310 record
    on line 296 says); one player changed, the 310 roster is still the one read."""
    lines = GRANDMOMMY.read_bytes().decode("latin-1").split("\r\n")
    assert lines[654].startswith("013 Ukraine") and lines[295].startswith("310   2 Ukraine")
    lines[654] = lines[654].replace("2    4   20", "2    7   20")
    path = tmp_path / "gm.trf"
    path.write_bytes("\r\n".join(lines).encode("latin-1"))
    result = read_trf(path)
    found = [str(d) for d in result.diagnostics if d.severity.name != "NOTE"]
    assert found == [
        f"{path}:655:1: warning: 013 team 2 (the 2nd 013 record): its players 2 7 20 27 22 "
        "are not those of the 310 record on line 296 (2 4 20 27 22); the file has 310 "
        "records, which are read (the 013 records are not)"
    ]
    assert result.tournament.team.teams[1].players == (2, 4, 20, 27, 22)


def test_013_alone_still_gives_the_teams():
    text = "\n".join(
        [
            "012 legacy teams",
            "001    1      A".ljust(91) + "   2 w 1",
            "001    2      B".ljust(91) + "   1 b 0",
            "013 One".ljust(36) + "    1",
            "013 Two".ljust(36) + "    2",
        ]
    )
    t = parse_trf((text + "\n").encode()).tournament
    assert [(team.id, team.name, team.players) for team in t.team.teams] == [
        (1, "One", (1,)),
        (2, "Two", (2,)),
    ]


def test_abnormal_points_for_teams():
    """299 in a team file names teams: team 4 lost round 3 to team 1 0-4, and a 299 record
    makes that loss worth 1 MP and 0.5 GP: 1 + 1 = 2 MP, 3.5 + 0.5 = 4 GP."""
    record = "299 L  " + " 1.0" + "  " + " 0.5" + "  " + "  3" + " " + "   4"
    assert record[7:11] == " 1.0" and record[13:17] == " 0.5" and record[19:22] == "  3"
    t = parse_trf((FIXTURE.read_text() + record + "\n").encode()).tournament
    assert team_view(t, "MP").participant(4).points == 2
    assert team_view(t, "GP").participant(4).points == 4
    assert t.team.players.participant(4).points == 2  # player 4 (team 1, board 4): ½ + ½ + 1


def test_sssc_when_a_won_game_scores_nothing():
    """A scoring that gives a won game 0 points (found by fuzzing Chess-JSON) makes the
    maximum secondary score of a match 0; K falls back to 1 instead of dividing by zero.
    Two teams of one board, one round: team 1's player wins, worth 0 game points, so the
    match is 0-0 on game points, a drawn match (Art. 11 compares game points): MP 1 each.
    SSSC = GP + BH(MP)/K = 0 + 1/1 = 1 for both."""
    text = (
        "\n".join(
            [
                "012 zero-point wins",
                "XXS WW=0 BW=0",
                "352 W",
                "362 TW 2.0  TD 1.0  TL 0.0",
                "001    1      A".ljust(91) + "   2 w 1",
                "001    2      B".ljust(91) + "   1 b 0",
                "310   1 One".ljust(73) + "   1",
                "310   2 Two".ljust(73) + "   2",
            ]
        )
        + "\n"
    )
    t = parse_trf(text.encode()).tournament
    values = compute_standings(t, "SSSC", "fide-2024", strict=True).values("SSSC")
    assert values == {1: 1, 2: 1}
