"""explain: DE / EDE mini-tables and the step that separated the group, and the rating
tie-breaks' ratings, roundings and table lookups. Expected values are worked by hand from
the crosstables below (or the case file's own hand working)."""

from __future__ import annotations

import json
from fractions import Fraction

from conftest import ROOT, TEC, run_cli

from fide_tiebreaks import parse_trf
from fide_tiebreaks.explain import Step, Table, explain
from fide_tiebreaks.formats.xml import read_xml


def test_de_shows_the_mini_table_of_the_tied_group_and_the_rule():
    """TEC exercise, DE alone: the 3.5-point group is #1, #3, #4, #16. Inside it, from the
    crosstable, only #1-#4 (R5, draw) and #3-#4 (R4, draw) were played; #16 met none of
    them. So the mini-table gives #1 0.5, #3 0.5, #4 1, #16 0, with 2, 2, 1, 3 not met:
    6.3 applies. #4 leads by 0.5 but #1 could add a win for each of its two missing games,
    so nobody is placed alone: all four share place 1."""
    t = parse_trf((TEC / "tournament.trf").read_bytes()).tournament
    _, [de] = explain(t, 4, "DE", "fide-2024")
    table = next(s for s in de.steps if isinstance(s, Table))
    assert table.header == ("", "#1", "#3", "#4", "#16", "points", "not met")
    assert table.rows == (
        ("#1", "x", "not met", "0.5", "not met", "0.5", "2"),
        ("#3", "not met", "x", "0.5", "not met", "0.5", "2"),
        ("#4", "0.5", "0.5", "x", "not met", "1", "1"),
        ("#16", "not met", "not met", "not met", "x", "0", "3"),
    )
    texts = [s.text for s in de.steps if isinstance(s, Step)]
    assert any(x.startswith("C.07 (2024) 6.3:") for x in texts)
    assert "order: #1 = #3 = #4 = #16; '=' joins those DE cannot separate" in texts
    assert de.value == 1 and texts[-1] == "#4: place 1 of 4"


def test_de_for_a_participant_not_tied():
    t = parse_trf((TEC / "tournament.trf").read_bytes()).tournament
    _, [de] = explain(t, 2, "DE", "fide-2024")  # Player02 alone on 4 points
    assert [s.text for s in de.steps] == ["not tied with anyone when the list reached DE: place 1"]


def test_edebt_shows_both_mini_tables_and_the_knock_out_step():
    """The hand-worked case team-tied-edebt: teams 1 and 2 drew 1-1 (MP 1 each, GP 1 each),
    so DE separates nobody on MP nor on GP; their match by board: team 1 won board 1 and
    lost board 2 (1, 0), team 2 the reverse (0, 1); BC = 1x1 = 1 against 2x1 = 2: team 1
    first (C.07 13.3.2)."""
    from lxml import etree

    case = etree.parse(str(ROOT / "conformance/cases/team-tied-edebt.xml")).getroot()
    t = read_xml(etree.tostring(case.find("tournament")), "edebt").tournament
    _, [ede] = explain(t, 1, "EDEBT", "fide-2026")
    tables = [s for s in ede.steps if isinstance(s, Table)]
    assert [x.caption.split(":")[0] for x in tables] == ["MP", "GP"]
    assert all(x.rows == (("#1", "x", "1", "1", "0"), ("#2", "1", "x", "1", "0")) for x in tables)
    texts = [s.text for s in ede.steps if isinstance(s, Step)]
    assert "C.07 (2026) 13.3: DE on MP separates nobody; DE on GP" in texts
    assert (
        "C.07 (2026) 13.3.2: #1 and #2 still tied: BC then TBR on their direct "
        "encounter: #1 1, 1, 0; #2 2, 0, 1"
    ) in texts
    assert ede.value == 1 and texts[-1] == "#1: place 1 of 2"


def rated() -> bytes:
    """The TEC exercise with made-up ratings: 1500 + (37 x start rank mod 400)."""
    return (ROOT / "conformance/fixtures/rated-example/tournament.trf").read_bytes()


def test_tpr_shows_the_ratings_the_rounding_and_the_table_lookup():
    """Player02 met #10, #7, #1, #16, #3 over the board: ratings 1870, 1759, 1537, 1692,
    1611 (sum 8469). ARO = 8469 / 5 = 1693.8, rounded half up 1694 (10.1). Score 4 of 5:
    p = 0.80; B.02 table 8.1(a) gives dp(0.80) = 240; TPR = 1694 + 240 = 1934 (10.2)."""
    t = parse_trf(rated()).tournament
    assert {p.id: p.rating for p in t}[16] == 1500 + 37 * 16 % 400 == 1692
    _, [tpr] = explain(t, 2, "TPR", "fide-2026")
    ratings = [s.value for s in tpr.steps if s.round is not None]
    assert ratings == [1870, 1759, 1537, 1692, 1611]
    texts = [s.text for s in tpr.steps]
    assert (
        "mean of 5 opponents' ratings: 8469 / 5 = 1693.8, rounded half up (C.07 (2026) 10.1): 1694"
    ) in texts
    assert (
        "score 4 in 5 games: p = 0.8, to hundredths (half up) 0.80; FIDE B.02 table "
        "8.1(a): dp(0.80) = +240"
    ) in texts
    assert texts[-1] == "TPR = ARO 1694 + dp +240 = 1934 (C.07 (2026) 10.2)"
    assert tpr.value == 1934


def test_aro_cut_and_unplayed_rounds():
    """Jessica (#9) played only #1 (1537) and #10 (1870); R3 half bye, R4 forfeit loss, R5
    PAB do not count. ARO/C1 removes the lowest, 1537: ARO = 1870."""
    t = parse_trf(rated()).tournament
    _, [aro] = explain(t, 9, "ARO/C1", "fide-2026")
    texts = [s.text for s in aro.steps]
    assert texts[2:5] == [
        "R3: half bye, not a game over the board: not counted",
        "R4: forfeit loss, not a game over the board: not counted",
        "R5: pairing-allocated bye, not a game over the board: not counted",
    ]
    assert "C.07 (2026) 14.1-14.4: ratings removed by the cut or median: 1537" in texts
    assert aro.value == 1870 == aro.steps[-1].value


def test_ptp_names_the_expected_scores_either_side():
    """PTP (10.3) for a zero score: the lowest opponent's rating minus 800. Jessica scored 0
    in her two games (against 1537 and 1870): 1537 - 800 = 737."""
    t = parse_trf(rated()).tournament
    _, [ptp] = explain(t, 9, "PTP", "fide-2026")
    assert (
        ptp.steps[-1].text
        == "score 0: the lowest opponent's rating 1537 - 800 = 737 (C.07 (2026) 10.3)"
    )
    assert ptp.value == 737


def test_explain_json_and_text_carry_the_steps(tmp_path):
    path = tmp_path / "rated.trf"
    path.write_bytes(rated())
    done = run_cli("explain", str(path), "4", "-t", "DE,TPR", "-e", "fide-2026", "-f", "json")
    assert done.returncode == 0, done.stderr
    data = json.loads(done.stdout)
    de, tpr = data["tiebreaks"]
    assert de["steps"][0]["type"] == "table" and de["steps"][0]["header"][1] == "#1"
    assert tpr["steps"][-1]["type"] == "step" and Fraction(tpr["steps"][-1]["value"]) == Fraction(
        tpr["value"]
    )
    text = run_cli("explain", str(path), "4", "-t", "DE", "-e", "fide-2026").stdout
    assert "mini-table of the tied group (C.07 (2026) 6.1):" in text


def test_aob_and_koya_of_david():
    """David (#4) of the TEC exercise. AOB: his over-the-board opponents #12, #13, #3, #1
    have BH 11.5, 14, 15.5 and 12.5 (expected-2024.csv), mean 53.5 / 4 = 107/8, the exact
    value the fixture's README gives. KS: 5 rounds, half the maximum 2.5; of his opponents
    only #3 and #1 (3.5 each) reach it, and he drew both: KS = 1."""
    t = parse_trf((TEC / "tournament.trf").read_bytes()).tournament
    _, [aob, ks] = explain(t, 4, "AOB,KS", "fide-2024")
    assert [s.value for s in aob.steps if s.opponent] == [
        Fraction(23, 2),
        14,
        Fraction(31, 2),
        Fraction(25, 2),
    ]
    assert aob.value == Fraction(107, 8) == aob.steps[-1].value
    assert ks.steps[0].value == Fraction(5, 2)
    assert [s.value for s in ks.steps if s.opponent] == [None, None, Fraction(1, 2), Fraction(1, 2)]
    assert ks.value == 1


def test_board_count_of_the_hand_worked_team_fixture():
    """team-4x4, team 1 (players 1-4) on boards 1-4: R1 1, 1, ½, ½; R2 ½ x 4; R3 1 x 4
    (the crosstable). BC = (1 + 2 + 1.5 + 2) + (0.5 + 1 + 1.5 + 2) + (1 + 2 + 3 + 4)
    = 6.5 + 5 + 10 = 21.5."""
    t = parse_trf((ROOT / "conformance/fixtures/team-4x4/tournament.trf").read_bytes()).tournament
    _, [bc] = explain(t, 1, "BC", "fide-2024")
    assert [s.value for s in bc.steps] == [Fraction(13, 2), 5, 10, Fraction(43, 2)]
    assert bc.value == Fraction(43, 2)


def test_every_explanation_ends_at_the_value_it_explains():
    """For every code with a closing step, on every participant of the fixtures: the last
    step's value is the value in the standings (the working adds up)."""
    from fide_tiebreaks import compute_standings
    from fide_tiebreaks.explain import explain_row

    events = [
        (
            parse_trf(rated()).tournament,
            "BH/C1,SB,AOB,KS,WIN,WON,BPG,BWG,PS/C1,REP,STD,TPN,"
            "ARO/C1,TPR,PTP,APRO,APPO,RTNG,NNSB,GELBFUHS,DE",
            "fide-2026",
        ),
        (
            parse_trf(
                (ROOT / "conformance/fixtures/team-4x4/tournament.trf").read_bytes()
            ).tournament,
            "MPvGP,BC,EMMSB/C1,EGGSB,OSB,OSB26,SSSC,EDE,TBR,BBE,WIN,PS:GP",
            "fide-2026",
        ),
    ]
    checked = 0
    for t, codes, edition in events:
        s = compute_standings(t, codes, edition)
        cache: dict = {}
        for row in s.rows:
            for ex in explain_row(s, row.participant.id, cache=cache):
                last = [x for x in ex.steps if isinstance(x, Step) and x.value is not None]
                if last:
                    assert last[-1].value == ex.value, (ex.code, row.participant.id)
                    checked += 1
    assert checked > 200


def test_performance_counts_game_results_whatever_the_scoring():
    """TPR compares results with expected scores (B.02): a win is 1, a draw 1/2, whatever an
    event's scoring gives for them. Under 3-1-0 scoring Player02 of rated-example still
    scores 4 in 5 games (p = 0.80, dp +240): TPR 1694 + 240 = 1934, as in 1 / 1/2 / 0
    (found by fuzzing: 3-point wins gave p = 2.40, outside table 8.1(a))."""
    from fide_tiebreaks import compute_standings

    text = rated().replace(b"XXR 5\n", b"XXR 5\nXXS WW=3 BW=3 WD=1 BD=1\n")
    t = parse_trf(text).tournament
    assert t.scoring.win == 3
    s = compute_standings(t, "TPR,PTP,APRO", "fide-2026")
    plain = compute_standings(parse_trf(rated()).tournament, "TPR,PTP,APRO", "fide-2026")
    assert s.values("TPR")[2] == 1934
    for code in ("TPR", "PTP", "APRO"):
        assert s.values(code) == plain.values(code), code


def test_lines_give_the_opponents_final_and_adjusted_score():
    """Nick (#12) finished on 2 points but opponents see 3 (C.07 16.3: his zero-point byes
    in rounds 4 and 5 come after his last round that is not a VUR, so they are 16.2.5 and
    count as draws; the rules note's worked numbers). David (#4) met him in round 1."""
    t = parse_trf((TEC / "tournament.trf").read_bytes()).tournament
    _, [bh] = explain(t, 4, "BH", "fide-2024")
    first = bh.lines[0]
    assert (first.opponent, first.opponent_final, first.opponent_score) == (12, 2, 3)
    assert bh.lines[1].opponent is None and bh.lines[1].opponent_final is None  # a dummy
    text = run_cli(
        "explain", str(TEC / "tournament.trf"), "4", "-t", "BH", "-e", "fide-2024"
    ).stdout
    assert "(final score 2, adjusted as shown)" in text
