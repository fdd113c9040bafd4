"""Buchholz and Sonneborn-Berger under C.07 (2024, and 2026 where it differs) with Art. 16.

Expected values come from FIDE TEC's published exercise answers and reference program
(conformance/fixtures/tec-exercise-2024/expected-2024.csv), the worked numbers of
spec/fide-tiebreak-rules.md 5.2, and the official examples of the 2026 Arbiters' Manual
annex (5.3) in their "OLD" (2024) column.
"""

from __future__ import annotations

import sys
from fractions import Fraction

import pytest
from conftest import ROOT, TEC, expected
from fide_tiebreaks.plugins import unplayed
from trfbuild import against_fixed_scores

from fide_tiebreaks import compute_standings, parse_trf, read_trf

CODES = ["BH", "BH/C1", "BH/C2", "BH/M1", "BH/M2", "SB", "SB/C1"]


@pytest.fixture(scope="module")
def tec():
    return read_trf(TEC / "tournament.trf").tournament


def values(t, code: str, edition: str = "fide-2024") -> dict[int, Fraction]:
    return compute_standings(t, [code], edition).values(code)


@pytest.mark.parametrize("code", CODES)
def test_tec_exercise_every_value(tec, code):
    want = {pid: row[code] for pid, row in expected("expected-2024.csv").items()}
    assert values(tec, code) == want


def test_tec_exercise_points_and_adjusted_scores(tec):
    rows = expected("expected-2024.csv")
    assert {p.id: p.points for p in tec.participants} == {k: r["points"] for k, r in rows.items()}
    adjusted = unplayed.adjusted_units(tec)
    assert {
        p.id: Fraction(a, tec.scale) for p, a in zip(tec.participants, adjusted, strict=True)
    } == {k: r["adjusted_score"] for k, r in rows.items()}


def test_categories_of_the_tec_exercise(tec):
    """The 16.2 table: Nick #12 (PAB, forfeit win, then absent twice), Paul #14 (forfeit
    loss, ZPB, then plays), Jessica #9 (HPB, forfeit loss, PAB), David #4 (HPB in R2)."""
    cats = {p.id: unplayed.categories(p) for p in tec.participants}
    assert cats[12] == ["played", "16.2.1", "16.2.2", "16.2.5", "16.2.5"]
    assert cats[14] == ["played", "played", "16.2.4", "16.2.3", "played"]
    assert cats[9] == ["played", "played", "16.2.3", "16.2.4", "16.2.1"]
    assert cats[4] == ["played", "16.2.3", "played", "played", "played"]


def test_worked_numbers_of_section_5_2(tec):
    bh, bh1 = values(tec, "BH"), values(tec, "BH/C1")
    sb, sb1 = values(tec, "SB"), values(tec, "SB/C1")
    # David #4: HPB R2 is a VUR with dummy 3.5: BH 3+3.5+1.5+3.5+3.5; C1 cuts the VUR.
    assert (bh[4], bh1[4]) == (15, Fraction(23, 2))
    # SB-C1: VUR product 1.75 is not below the least significant product 1.5 -> cut 1.75.
    assert (sb[4], sb1[4]) == (Fraction(39, 4), 8)
    # Maria #11: forfeit win (not a VUR) counts the dummy 2.5; C1 cuts the lowest, 1.5.
    assert (bh[11], bh1[11]) == (Fraction(27, 2), 12)
    # Nick #12: raw 2.0 (dummies count 2.0), opponents see 3.0.
    assert (bh[12], bh1[12], sb[12], sb1[12]) == (Fraction(23, 2), Fraction(19, 2), 4, 4)
    # Paul #14: BH-C1 cuts the VUR 2.0; SB-C1: VUR products 0 < 1.5 -> cut the 1.5.
    assert (bh[14], bh1[14], sb1[14]) == (11, 9, 3)
    # Jessica #9: BH 9.0, BH-C1 7.5.
    assert (bh[9], bh1[9]) == (9, Fraction(15, 2))
    # Stephan #16: SB-C1 cuts the lowest-scoring opponent (1.5 x 1), not the smallest
    # product (4.0 x 0): 7.25 -> 5.75.
    assert (sb[16], sb1[16]) == (Fraction(29, 4), Fraction(23, 4))


def test_forfeits_as_played_modifier(tec):
    """/P: Jessica's forfeit loss to Maria (adjusted 2.5) replaces the dummy 1.5:
    BH/P = 10.0 instead of 9.0 (reference program, rules note 4.6)."""
    assert values(tec, "BH/P")[9] == 10
    assert values(tec, "BH")[9] == 9


def _bh(text: str, code: str = "BH", edition: str = "fide-2024") -> Fraction:
    result = parse_trf(text.encode())
    assert not result.diagnostics  # the built tournament is consistent
    return values(result.tournament, code, edition)[1]


def test_laxman_2024():
    """Arbiters' Manual 2026 annex, Laxman (1st SOA GM 2024), 7.0/10, absent in R4 only
    (a ZPB followed by played rounds: 16.2.3, a VUR). OLD column: BH 57, BH-C1 50 (the
    VUR is cut), SB 37.25. The event is the corpus case tools/build_corpus.py writes from
    the annex's game list; these are the annex's values for it."""
    text = (ROOT / "conformance" / "cases" / "am2026-laxman.trf").read_text()
    assert _bh(text) == 57
    assert _bh(text, "BH/C1") == 50
    assert _bh(text, "SB") == Fraction(149, 4)
    # NEW (2026) column: the dummy is capped at a draw x 10 rounds = 5 (16.4.2): 55, 50,
    # and SB unchanged (the dummy scores 0 x 5).
    assert [_bh(text, c, "fide-2026") for c in ("BH", "BH/C1", "SB")] == [55, 50, 37.25]


def test_example_01_forfeit_win_counts_own_score():
    """Annex example 01: 7.0/9 with a forfeit win in R7 against Leo Dubois (4.5, then two
    unpaired rounds). 2024: the dummy scores the player's own 7: 51."""
    results = "1111=0"  # Leo's first six rounds against fresh players: 4.5 points
    leo = [(2001 + i, "w", r) for i, r in enumerate(results)] + [(1, "b", "-"), None, None]
    opposite = {"1": "0", "=": "=", "0": "1"}
    fillers = {2001 + i: [None] * i + [(8, "b", opposite[r])] for i, r in enumerate(results)}
    text = against_fixed_scores(
        [
            ("1", 5.0),
            ("1", 5.5),
            ("1", 5.0),
            ("1", 4.5),
            ("=", 6.0),
            ("=", 5.5),
            ("+", None),
            ("0", 6.5),
            ("1", 6.0),
        ],
        rounds=9,
        special={8: leo},
        extra=fillers,
    )
    assert not parse_trf(text.encode()).diagnostics
    t = parse_trf(text.encode()).tournament
    leo_adjusted = unplayed.adjusted_units(t)[t.index[8]]
    assert Fraction(leo_adjusted, t.scale) == Fraction(11, 2)  # 4.5 + two draws (16.3)
    assert values(t, "BH")[1] == 51
    # 2026: the forfeit's dummy is capped at Leo's adjusted 5.5 (16.4.1): 49.5.
    assert values(t, "BH", "fide-2026")[1] == Fraction(99, 2)


def test_example_03_forfeit_loss_then_withdrawal():
    """Annex example 03: 6.5/10, forfeit loss in R9 against an opponent on 7.5, withdrawn
    for R10. 2024: 3.5+6+6.5+7.5+6.5+8+6.5+7 and two dummies of 6.5 = 64.5."""
    text = against_fixed_scores(
        [
            ("1", 3.5),
            ("1", 6.0),
            ("1", 6.5),
            ("1", 7.5),
            ("1", 6.5),
            ("=", 8.0),
            ("0", 6.5),
            ("1", 7.0),
            ("-", 7.5),
            ("", None),
        ],
        rounds=10,
    )
    assert _bh(text) == Fraction(129, 2)
    # Hand computation (16.5.1): both unplayed rounds are VURs worth 6.5, not below the
    # least significant 3.5, so Cut-1 removes one of them: 64.5 - 6.5 = 58.
    assert _bh(text, "BH/C1") == 58
    # 2026: R9 capped at the opponent's 7.5 (no change), R10 at 0.5 x 10 = 5: 63.
    assert _bh(text, "BH", "fide-2026") == 63


def test_example_04_first_round_forfeit_win():
    """Annex example 04: 9.5/10, forfeit win in R1 (scheduled opponent adjusted 4.5), the
    other nine opponents sum to 64.5. 2024: 64.5 + 9.5 = 74."""
    others = [7.0, 7.0, 7.0, 7.0, 7.0, 7.0, 7.5, 7.5, 7.5]
    text = against_fixed_scores(
        [("+", 4.5)] + [("=" if i == 0 else "1", s) for i, s in enumerate(others)], rounds=10
    )
    assert _bh(text) == 74
    assert _bh(text, "BH", "fide-2026") == 69  # capped at the scheduled opponent's 4.5


def test_round_robin_forfeit_is_a_regular_game():
    """15.2: in a round robin a forfeit counts as a game against the scheduled opponent,
    and a bye adds nothing. Three players, double round robin with a forfeit:
    1 beat 2, 2 forfeited to 3 in R3. Final scores: 1: 1+0+... (written out below)."""
    from trfbuild import tournament

    text = tournament(
        {
            1: [(2, "w", "1"), (3, "b", "="), None, (2, "b", "1"), (3, "w", "0"), None],
            2: [(1, "b", "0"), None, (3, "w", "-"), (1, "w", "0"), None, (3, "b", "=")],
            3: [None, (1, "w", "="), (2, "b", "+"), None, (1, "b", "1"), (2, "w", "=")],
        },
        headers=("092 Round Robin",),
    )
    result = parse_trf(text.encode())
    assert not result.diagnostics
    t = result.tournament
    # Scores: 1 = 1+.5+1+0 = 2.5; 2 = 0+0+0+.5 = 0.5; 3 = .5+1+1+.5 = 3.
    # BH(3) = 2.5 + 0.5 (forfeit win counts 2's score) + 2.5 + 0.5 = 6.
    # SB(3) = 2.5x.5 + 0.5x1 + 2.5x1 + 0.5x.5 = 1.25 + .5 + 2.5 + .25 = 4.5.
    assert values(t, "BH")[3] == 6
    assert values(t, "SB")[3] == Fraction(9, 2)


def test_sb_c2_2026_cuts_the_least_significant_vur_first():
    """A generated 14-player Swiss (benchmarks/generate.py, seed 4), fide-2026. Player 6
    (4.5 points) has forfeit losses in R3 (vs #10, adjusted score 5), R4 (vs #8, 4) and R6
    (vs #13, 2), all VURs whose dummies are capped by the opponent's score (16.4.1):
    R1 #7 4.5 x 1, R2 #4 8 x 0, R3 dummy 4.5 x 0, R4 dummy 4 x 0, R5 PAB dummy 4.5 x 1,
    R6 dummy 2 x 0, R7 #12 4 x 0.5, R8 #13 2 x 1, R9 #5 5.5 x 1: SB = 18.5.
    Cut 1: the least significant entry is R6 (score 2, product 0), itself a VUR: it goes.
    Cut 2: the least significant is now R8 (score 2, product 2); the lowest VUR contribution
    (0) is lower than it, so 16.5.1 does not apply and R8 goes: SB/C2 = 18.5 - 2 = 16.5,
    as FIDE TEC's reference program also gives. (Cutting R3 first, as this code did before,
    left R6 as the least significant and cut a second 0: 18.5.)"""
    sys.path.insert(0, str(ROOT / "benchmarks"))
    from generate import generate

    text = generate(14, 9, 4, withdraw=0.05, bye=0.08, forfeit=0.08)
    t = parse_trf(text.encode()).tournament
    s = compute_standings(t, "SB,SB/C2", "fide-2026")
    assert s.values("SB")[6] == Fraction(37, 2)
    assert s.values("SB/C2")[6] == Fraction(33, 2)
