"""The plugin's own tests, run in an environment with fide-tiebreaks and this distribution
installed (``tox -e uschess`` in the fide-tiebreaks checkout, or ``pytest`` here).

Expected values are hand computations written out beside them, or the rulebook's own
examples (US Chess, Official Rules of Chess, 7th edition, rule 34)."""

from __future__ import annotations

import subprocess
import sys
from fractions import Fraction
from importlib.resources import files
from pathlib import Path

import fide_tiebreaks_uschess
import pytest
from fide_tiebreaks_uschess.edition import adjusted_units

from fide_tiebreaks import CodeError, compute_standings, read_tournament, read_trf
from fide_tiebreaks.explain import Line, Step, explain
from fide_tiebreaks.host import load_registry

CASES = Path(fide_tiebreaks_uschess.__file__).parent / "cases"
TEC = files("fide_tiebreaks.conformance") / "fixtures" / "tec-exercise-2024" / "tournament.trf"
CLI = [sys.executable, "-m", "fide_tiebreaks"]


def registry():
    """This plugin alone, registered in-process (no entry point needed)."""
    return load_registry(entry_points=False, extra=[("uschess", fide_tiebreaks_uschess)])


def event(tmp_path: Path, case: str):
    """The tournament of one of the shipped cases, as its own document."""
    text = (CASES / case).read_text()
    body = text[text.index("<tournament") : text.index("</tournament>") + len("</tournament>")]
    path = tmp_path / "event.xml"
    path.write_text('<?xml version="1.0" encoding="UTF-8"?>\n' + body)
    return read_tournament(str(path)).tournament


def test_the_entry_point_registers_the_plugin_with_its_distribution():
    reg = load_registry()
    (mine,) = [p for p in reg.providers if p.name == "uschess"]
    assert mine.distribution == "fide-tiebreaks-uschess"
    assert mine.version == fide_tiebreaks_uschess.__version__
    assert set(mine.codes) == {
        "MM", "MED", "SOLK", "CUM", "OCUM", "USDE", "MBLK", "KASH", "USSB", "USARO", "USAT",
    }  # fmt: skip
    assert mine.editions == ("uschess-7",)
    assert set(mine.presets) == {"uschess-swiss", "uschess-team"}


def test_every_code_names_its_article_of_rule_34():
    # The 7th edition's numbering of 34E, as listed article by article in the open-source
    # pairing program Coronate's rulebook checklist (johnridesabike/coronate, "34E1.
    # Modified Median ... 34E4. Median system (not modified) ... 34E9. Cumulative scores of
    # opposition ... 34E11. Average rating of opposition"), and 34G2 for the team system.
    expected = {
        "MM": "34E1", "MED": "34E4", "SOLK": "34E2", "CUM": "34E3", "OCUM": "34E9",
        "USDE": "34E5", "MBLK": "34E6", "KASH": "34E7", "USSB": "34E8", "USARO": "34E11",
        "USAT": "34G2",
    }  # fmt: skip
    codes = {t.code: t for t in fide_tiebreaks_uschess.CODES}
    for code, article in expected.items():
        assert codes[code].article.endswith(f" {article}"), (code, codes[code].article)


def test_34e1_adjusted_score_of_an_opponent_who_withdrew(tmp_path):
    # 34E1's example: won the first two games, lost the third, withdrew before rounds 4 and
    # 5: 1 + 1 + 0 + 1/2 + 1/2 = 3. Player 4 of rulebook-examples.xml is that player.
    t = event(tmp_path, "rulebook-examples.xml")
    assert t.participant(4).points == 2
    assert Fraction(adjusted_units(t)[t.index[4]], t.scale) == 3


def test_34e3_cumulative_examples(tmp_path):
    t = event(tmp_path, "rulebook-examples.xml")
    cum = compute_standings(t, "CUM", reg=registry(), strict=True).values("CUM")
    assert cum[1] == 9  # W L W D L: 1 + 1 + 2 + 2.5 + 2.5
    assert cum[2] == Fraction(21, 2)  # 1 + 2 + 2.5 + 2.5 + 2.5
    assert cum[3] == 10  # bye W L D W: 1 + 2 + 2 + 2.5 + 3.5 - 1 for the bye


def test_a_minus_score_discards_the_highest_not_the_lowest(tmp_path):
    # 34E1 (7th edition): "the highest-scoring [discarded] for tied players with minus
    # scores". Player 4 (2 of 5) met opponents scoring 2, 2.5, 3 and had two own unplayed
    # rounds (0, 0): 2 + 2.5 + 0 + 0 = 4.5; the other reading (drop the lowest) gives 7.5.
    t = event(tmp_path, "rulebook-examples.xml")
    assert compute_standings(t, "MM", reg=registry()).values("MM")[4] == Fraction(9, 2)


def test_the_us_codes_keep_their_rules_under_any_run_edition(tmp_path):
    t = event(tmp_path, "event1-every-code.xml")
    reg = registry()
    for edition in ("fide-2024", "fide-2026", "fide-2012", "uschess-7"):
        s = compute_standings(t, "SOLK,MM", edition, reg=reg, strict=True)
        # event 1 by hand (the case's source): Solkoff 9, 11.5, 9.5, 9.5, 14.5, 4
        assert s.values("SOLK") == {1: 9, 2: Fraction(23, 2), 3: Fraction(19, 2),
                                    4: Fraction(19, 2), 5: Fraction(29, 2), 6: 4}  # fmt: skip


def test_explain_says_what_modified_median_discarded_and_why(tmp_path):
    t = event(tmp_path, "event1-every-code.xml")
    _, (mm,) = explain(t, 4, "MM", reg=registry(), strict=True)
    lines = {x.round: x for x in mm.steps + mm.lines if isinstance(x, Line)}
    # Player 4: 2.5 of 5 is an even score: the highest (3.5, round 5) and the lowest (an
    # own half-point bye in round 2, an opponent scoring 0) are discarded.
    assert lines[2].removed == "lowest discarded" and lines[2].opponent_score == 0
    assert lines[5].removed == "highest discarded" and lines[5].opponent_score == Fraction(7, 2)
    assert all(not lines[r].removed for r in (1, 3, 4))
    why = [s.text for s in mm.steps if isinstance(s, Step)]
    assert any("even score" in w and "34E1" in w for w in why)
    assert mm.value == 6


def test_explain_of_cumulative_shows_the_deduction(tmp_path):
    t = event(tmp_path, "rulebook-examples.xml")
    _, (cum,) = explain(t, 3, "CUM", reg=registry(), strict=True)
    texts = [s.text for s in cum.steps]
    assert any("pairing-allocated bye: 1 deducted" in x for x in texts)
    assert texts[-1] == "sum 11 - 1 = 10 (34E3)"


def test_result_between_tied_players_counts_plus_or_minus(tmp_path):
    t = event(tmp_path, "event1-result-between-tied.xml")
    s = compute_standings(t, "USDE", reg=registry(), strict=True)
    # 1 and 2 tied on 3.5; 2 beat 1 in round 2
    assert [r.participant.id for r in s.rows[:2]] == [2, 1]


def test_the_team_system_refuses_an_individual_event(tmp_path):
    t = event(tmp_path, "event1-every-code.xml")
    with pytest.raises(CodeError, match="34G2"):
        compute_standings(t, "USAT", reg=registry())


def test_the_preset_ranks_a_trf_under_the_us_rules():
    t = read_trf(str(TEC)).tournament
    s = compute_standings(t, "preset:uschess-swiss", reg=registry(), strict=True)
    assert s.edition.name == "uschess-7"
    assert [spec.code for spec in s.specs] == ["MM", "SOLK", "CUM", "OCUM"]


def test_the_command_runs_the_cases_and_the_preset():
    done = subprocess.run(
        [*CLI, "conformance", "--provider", "uschess"], capture_output=True, text=True, check=False
    )
    assert done.returncode == 0, done.stdout + done.stderr
    assert (
        done.stdout.strip()
        .splitlines()[-1]
        .startswith(f"{len(list(CASES.glob('*.xml')))} passed, 0 failed")
    )
    listed = subprocess.run([*CLI, "plugins"], capture_output=True, text=True, check=True)
    assert "fide-tiebreaks-uschess" in listed.stdout
    ranked = subprocess.run(
        [*CLI, "standings", str(TEC), "--preset", "uschess-swiss"],
        capture_output=True,
        text=True,
        check=True,
    )
    assert "edition uschess-7" in ranked.stdout and "MM  SOLK   CUM  OCUM" in ranked.stdout


def test_the_other_reading_of_a_minus_score_is_a_switch(tmp_path):
    # Player 4 of the rulebook examples (minus, opponents 2, 2.5, 3, 0, 0): dropping the
    # lowest (0) instead of the highest (3) gives 7.5 instead of 4.5.
    t = event(tmp_path, "rulebook-examples.xml")
    s = compute_standings(t, "MM", reg=registry(), options={"uschess_minus_discard": "lowest"})
    assert s.values("MM")[4] == Fraction(15, 2)


def test_the_team_system_after_round_2_counts_only_the_rounds_ranked(tmp_path):
    # team-usat.xml after round 2: match points 1: 3, 2: 2, 3: 2, 4: 1.
    # 1: 2 x 2 + 1 x 2 = 6; 2: 0 x 1 + 1.5 x 1 = 1.5; 3: 1 x 1 + 1 x 3 = 4; 4: 1 x 2 + 0.5 x 2 = 3
    t = event(tmp_path, "team-usat.xml")
    s = compute_standings(t, "USAT", reg=registry(), after_round=2, strict=True)
    assert s.values("USAT") == {1: 6, 2: Fraction(3, 2), 3: 4, 4: 3}


def test_the_table_heading_says_which_columns_keep_the_us_edition():
    # MM and KASH name uschess-7 (Tiebreak.edition), so in a run under fide-2024 the heading
    # that says "edition fide-2024" must also say that those two columns are not under it;
    # BH and SB are FIDE's and follow the run's edition.
    done = subprocess.run(
        [*CLI, "standings", str(TEC), "--tiebreaks", "MM,BH,SB,KASH", "--edition", "fide-2024"],
        capture_output=True,
        text=True,
        check=True,
    )
    heading = done.stdout.splitlines()[1]
    assert heading.endswith(
        "tie-breaks MM, BH, SB, KASH; MM, KASH under edition uschess-7 (their own rules)"
    )
    alone = subprocess.run(
        [*CLI, "standings", str(TEC), "--preset", "uschess-swiss"],
        capture_output=True,
        text=True,
        check=True,
    )
    assert alone.stdout.splitlines()[1].endswith("tie-breaks MM, SOLK, CUM, OCUM")


FORFEITS = Path(__file__).parent / "forfeits.trf"  # TRF16, hand-written for the test


def test_forfeits_on_both_sides_and_a_player_never_present(tmp_path):
    # Round 1: #1 v #2 double forfeit, #3 wins by forfeit against #4; rounds 2 and 3 played
    # (#1 and #2 beat #3 and #4); #5 absent every round. 34E1 adjusted scores (each unplayed
    # round 1/2): #1 1/2+1+1 = 2.5, #2 2.5, #3 1/2+0+0 = 0.5, #4 0.5. Own unplayed rounds
    # count 0. #1 (plus, 2 of 3): opponents 0, 0.5, 0.5; SOLK 1, MM drops the 0: 1, MED
    # drops 0 and one 0.5: 0.5. #3 (minus, 1 of 3): 0, 2.5, 2.5; SOLK 5, MM drops a 2.5:
    # 2.5. CUM (34E3): #1 0+1+2 = 3 (a double forfeit is no unplayed win: nothing deducted);
    # #3 1+1+1 - 1 (forfeit win) = 2. OCUM (34E9): #1 meets #3 (2) and #4 (0) = 2; #3 meets
    # #1 (3) and #2 (3) = 6. KASH (34E7): #1 0+4+4 = 8, #3 0+1+1 = 2. MBLK (34E6): a forfeit
    # has no colour played: #4 1 (round 2). USSB (34E8): #1 beat #3 and #4: 0.5+0.5 = 1.
    # USARO (34E11): #1 (1700+1800)/2 = 1750. USDE (34E5): #1 and #2 never played: 0.
    t = read_trf(str(FORFEITS)).tournament
    s = compute_standings(
        t, "MM,MED,SOLK,CUM,OCUM,KASH,MBLK,USSB,USARO,USDE", None, reg=registry(), strict=True
    )
    half = Fraction(1, 2)
    assert s.values("SOLK") == {1: 1, 2: 1, 3: 5, 4: 5, 5: 0}
    assert s.values("MM") == {1: 1, 2: 1, 3: 5 * half, 4: 5 * half, 5: 0}
    assert s.values("MED")[1] == half
    assert s.values("CUM") == {1: 3, 2: 3, 3: 2, 4: 0, 5: 0}
    assert s.values("OCUM") == {1: 2, 2: 2, 3: 6, 4: 6, 5: 0}
    assert s.values("KASH") == {1: 8, 2: 8, 3: 2, 4: 2, 5: 0}
    assert s.values("MBLK")[4] == 1
    assert s.values("USSB")[1] == 1
    assert s.values("USARO")[1] == 1750
    assert s.values("USDE")[1] == 0
