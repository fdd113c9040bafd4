"""The individual C.07 catalogue in every modern edition, and the historical SB family.

Expected values: FIDE TEC's exercise (published answers and reference program, in
conformance/fixtures), the origin document's Sloth number, and hand computations written
out next to each assertion.
"""

from __future__ import annotations

from decimal import ROUND_HALF_UP, Decimal
from fractions import Fraction

import pytest
from conftest import ROOT, TEC, expected
from fide_tiebreaks.plugins import direct_encounter
from trfbuild import against_fixed_scores, player_line, tournament

from fide_tiebreaks import CodeError, compute_standings, parse_code, parse_trf, read_trf
from fide_tiebreaks.host import registry
from fide_tiebreaks.tiebreak import Context

EXACT = ["FB", "PS", "PS/C1", "WIN", "WON", "BPG", "BWG", "REP"]


@pytest.fixture(scope="module")
def tec():
    return read_trf(TEC / "tournament.trf").tournament


def build(players, headers=("092 Swiss",), **kw):
    result = parse_trf(tournament(players, headers=headers, **kw).encode())
    assert [str(d) for d in result.diagnostics if d.severity.name != "NOTE"] == []
    return result.tournament


def vals(t, code, edition="fide-2024", **options):
    return compute_standings(t, [code], edition, options=options).values(code)


# -- the published table, in both editions it was written for ------------------------------
@pytest.mark.parametrize("edition", ["fide-2023", "fide-2024"])
@pytest.mark.parametrize("code", EXACT)
def test_tec_exercise_exact_columns(tec, code, edition):
    """The exercise was set for C.07 (2023); its answers hold for 2024 as well."""
    assert vals(tec, code, edition) == {
        k: r[code] for k, r in expected("expected-2024.csv").items()
    }


def test_tec_exercise_aob_to_two_decimals(tec):
    aob = vals(tec, "AOB")
    assert aob[4] == Fraction(107, 8)  # exact mean; the table shows 13.38
    shown = {k: Decimal(v.numerator) / Decimal(v.denominator) for k, v in aob.items()}
    assert {k: v.quantize(Decimal("0.01"), ROUND_HALF_UP) for k, v in shown.items()} == {
        k: Decimal(str(r["AOB"]))
        for k, r in (
            (k, {"AOB": float(r["AOB"])}) for k, r in expected("expected-2024.csv").items()
        )
    }


@pytest.mark.parametrize("code", ["BH", "BH/C1", "SB", "SB/C1"])
def test_tec_exercise_2026(tec, code):
    assert vals(tec, code, "fide-2026") == {
        k: r[code] for k, r in expected("expected-2026.csv").items()
    }


# -- edition differences: the same tournament, different numbers ---------------------------
def test_2026_caps_the_dummy(tec):
    """David #4's HPB: 2024 dummy 3.5 (own score), 2026 capped at 0.5 x 5 = 2.5 (16.4.2).
    Maria #11's forfeit win: 2024 dummy 2.5, 2026 capped at Jessica's adjusted 1.5 (16.4.1)."""
    assert (vals(tec, "BH")[4], vals(tec, "BH", "fide-2026")[4]) == (15, 14)
    assert (vals(tec, "BH")[11], vals(tec, "BH", "fide-2026")[11]) == (
        Fraction(27, 2),
        Fraction(25, 2),
    )


ROUND_ROBIN_WITH_FORFEIT = {
    # 4 players, 3 rounds; in R3 player 4 forfeits with Black against player 1.
    1: [(2, "w", "1"), (3, "w", "1"), (4, "w", "+")],
    2: [(1, "b", "0"), (4, "w", "="), (3, "b", "1")],
    3: [(4, "w", "1"), (1, "b", "0"), (2, "w", "0")],
    4: [(3, "b", "0"), (2, "b", "="), (1, "b", "-")],
}


def test_2026_round_robin_forfeit_losses_stay_unplayed_for_art_7():
    """15.2: in 2024 a round-robin forfeit is a regular game for every tie-break; in 2026 a
    forfeit loss stays unplayed for Art. 7. Player 4 lost by forfeit with Black in R3:
    BPG 3 (2024) vs 2 (2026); REP 3 vs 2."""
    t = build(ROUND_ROBIN_WITH_FORFEIT, headers=("092 Round Robin",))
    assert (vals(t, "BPG")[4], vals(t, "BPG", "fide-2026")[4]) == (3, 2)
    assert (vals(t, "REP")[4], vals(t, "REP", "fide-2026")[4]) == (3, 2)
    # WON counts games won over the board only, in every edition: player 1 has 2.
    assert vals(t, "WON")[1] == vals(t, "WON", "fide-2026")[1] == 2


def test_2026_bars_buchholz_in_round_robins():
    t = build(ROUND_ROBIN_WITH_FORFEIT, headers=("092 Round Robin",))
    # 2024: the forfeit counts as a game (15.2): BH(1) = 2's 1.5 + 3's 1 + 4's 0.5 = 3.
    assert vals(t, "BH")[1] == 3
    for code in ("BH", "FB", "AOB"):
        with pytest.raises(CodeError, match="must not be used in round robins"):
            vals(t, code, "fide-2026")


def test_codes_that_exist_only_from_2026(tec):
    for code in ("STD", "TPN", "RTNG/R", "AOB/F"):
        with pytest.raises(CodeError, match=r"from C\.07 \(2026\) on"):
            compute_standings(tec, [code], "fide-2024", options={"unrated_rating": 0})
    # By hand: R1 1 beat 2, 3 beat 4; R2 1 drew 3, 2 beat 4. Scores 1.5, 1, 1.5, 0.
    # BH: 1 -> 1 + 1.5 = 2.5, 2 -> 1.5, 3 -> 1.5, 4 -> 2.5; AOB(1) = (1.5 + 1.5) / 2 = 1.5.
    # FB (R2 drawn: fore scores 1.5, 0.5, 1.5, 0.5) is 2 for everyone: AOB/F(1) = 2.
    t = build(
        {
            1: [(2, "w", "1"), (3, "b", "=")],
            2: [(1, "b", "0"), (4, "w", "1")],
            3: [(4, "w", "1"), (1, "w", "=")],
            4: [(3, "b", "0"), (2, "b", "0")],
        }
    )
    assert vals(t, "AOB", "fide-2026")[1] == Fraction(3, 2)
    assert vals(t, "FB", "fide-2026") == {1: 2, 2: 2, 3: 2, 4: 2}
    assert vals(t, "AOB/F", "fide-2026")[1] == 2


def test_ge_is_the_2023_name_of_rep(tec):
    assert vals(tec, "GE", "fide-2023") == vals(tec, "REP", "fide-2024")


# -- Direct Encounter (Art. 6) ---------------------------------------------------------------
# A, B, C (1, 2, 3) end on 2 points; A beat B and C; B and C never met (6.3).
PARTIAL = {
    1: [(2, "w", "1"), (3, "b", "1"), (4, "w", "0")],
    2: [(1, "b", "0"), (5, "w", "1"), (6, "w", "1")],
    3: [(4, "w", "1"), (1, "w", "0"), (5, "b", "1")],
    4: [(3, "b", "0"), None, (1, "b", "1")],
    5: [None, (2, "b", "0"), (3, "w", "0")],
    6: [None, None, (2, "b", "0")],
}
# Everyone met everyone (6.2): 1 beat 2 and 3, drew 4; 2 beat 3, drew 4; 3 beat 4.
ALL_MET = {
    1: [(2, "w", "1"), (3, "w", "1"), (4, "b", "=")],
    2: [(1, "b", "0"), (4, "w", "="), (3, "w", "1")],
    3: [(4, "w", "1"), (1, "b", "0"), (2, "b", "0")],
    4: [(3, "b", "0"), (2, "b", "="), (1, "w", "=")],
}


def de(t, group, code="DE"):
    ctx = Context(
        tournament=t,
        spec=parse_code(code),
        edition=registry().edition("fide-2024"),
        group=frozenset(group),
    )
    return direct_encounter.direct_encounter(ctx)


def test_de_alone_at_the_top_whatever_the_missing_games():
    """6.3: A has 2 in the mini-table; B and C have 0 and one missing game each, so at most
    1: A is first. Then B and C, who never met, stay tied (shared 2nd)."""
    t = build(PARTIAL)
    assert de(t, {1, 2, 3}) == {1: 1, 2: 2, 3: 2}
    ranks = {r.participant.id: r.rank for r in compute_standings(t, "DE", "fide-2024").rows}
    assert (ranks[1], ranks[2], ranks[3]) == (1, 2, 2)


def test_de_reapplied_to_subgroups_still_tied():
    """6.2: mini-table 1: 2.5, 2: 1.5, 3: 1, 4: 1; the tie 3-4 is re-examined alone: 3 beat 4."""
    t = build(ALL_MET, headers=("092 Round Robin",))
    assert de(t, {1, 2, 3, 4}) == {1: 1, 2: 2, 3: 3, 4: 4}
    s = compute_standings(t, "DE", "fide-2024")
    assert [r.participant.id for r in s.rows] == [1, 2, 3, 4]
    assert s.values("DE") == {1: 1, 2: 1, 3: 1, 4: 2}  # 1 and 2 were not tied; 3-4 were


def test_de_cycle_cannot_separate():
    cycle = {
        1: [(2, "w", "1"), None, (3, "b", "0")],
        2: [(1, "b", "0"), (3, "w", "1"), None],
        3: [None, (2, "b", "0"), (1, "w", "1")],
    }
    t = build(cycle, headers=("092 Round Robin",))
    assert de(t, {1, 2, 3}) == {1: 1, 2: 1, 3: 1}


def test_de_forfeits_count_only_with_p_in_a_swiss():
    """6.1.1: 1 beat 2 by forfeit; both end on 1 point. Without /P they never met."""
    t = build(
        {
            1: [(2, "w", "+"), (3, "w", "0")],
            2: [(1, "b", "-"), (4, "w", "1")],
            3: [None, (1, "b", "1")],
            4: [None, (2, "b", "0")],
        }
    )
    assert de(t, {1, 2}) == {1: 1, 2: 1}
    assert de(t, {1, 2}, "DE/P") == {1: 1, 2: 2}


def test_de_averages_repeated_encounters():
    """6.1.2: 1 and 2 met twice (1 won, then lost): the addend is the average, 0.5 each."""
    t = build(
        {1: [(2, "w", "1"), (2, "b", "0")], 2: [(1, "b", "0"), (1, "w", "1")]},
        headers=("092 Round Robin",),
    )
    scores, missing = direct_encounter.mini_table(
        Context(t, parse_code("DE"), registry().edition("fide-2024")), [1, 2]
    )
    assert scores == {1: Fraction(1, 2), 2: Fraction(1, 2)} and missing == {1: 0, 2: 0}


def test_de_may_appear_twice():
    s = compute_standings(build(PARTIAL), "DE,WIN,DE", "fide-2024")
    assert s.codes == ["DE", "WIN", "DE#2"]


# -- Koya (9.2) --------------------------------------------------------------------------------
def test_koya_and_its_limit():
    """ALL_MET: points 1: 2.5, 2: 1.5, 3: 1, 4: 1. Threshold half of 3 = 1.5: strong are 1
    and 2. KS: 1 -> 1 (beat 2); 2 -> 0; 3 -> 0; 4 -> 0.5 + 0.5. With /L+1 the threshold is 2:
    only 1 is strong; KS(4) = 0.5."""
    t = build(ALL_MET, headers=("092 Round Robin",))
    assert vals(t, "KS") == {1: 1, 2: 0, 3: 0, 4: 1}
    assert vals(t, "KS/L+1") == {1: 0, 2: 0, 3: 0, 4: Fraction(1, 2)}


# -- rating-based (Art. 10) --------------------------------------------------------------------
def rated(players, ratings, headers=("092 Swiss",)):
    lines = ["012 Rated", *headers] + [
        player_line(pid, f"P{pid}", rounds, rating=ratings.get(pid, 0))
        for pid, rounds in sorted(players.items())
    ]
    return parse_trf(("\n".join(lines) + "\n").encode()).tournament


RATED = {1: [(2, "w", "1"), (3, "b", "=")], 2: [(1, "b", "0"), None], 3: [None, (1, "w", "=")]}
RATINGS = {1: 2000, 2: 1800, 3: 1901}


def test_aro_tpr_ptp_by_hand():
    """Player 1 (2000) beat 1800 and drew 1901.
    ARO = (1800 + 1901) / 2 = 1850.5 -> 1851 (half up); ARO/C1 drops 1800: 1901.
    TPR = 1851 + dp(1.5 / 2 = 0.75) = 1851 + 193 = 2044 (B.02 table 8.1(a)).
    PTP: 2045 expects 0.80 (D 245) + 0.69 (D 144) = 1.49 < 1.5; 2046 expects 0.81 + 0.69
    = 1.50: PTP 2046 (table 8.1(b)).
    Player 2 scored 0 against 2000: PTP = 2000 - 800 = 1200; TPR = 2000 - 800 = 1200.
    Player 3 drew 2000: TPR = 2000 + dp(0.5) = 2000; PTP: 1997 expects 1 - 0.50, 1996
    expects 1 - 0.51: 1997.
    APRO(1) = (1200 + 2000) / 2 = 1600; APPO(1) = (1200 + 1997) / 2 = 1598.5 -> 1599."""
    t = rated(RATED, RATINGS)
    assert vals(t, "ARO")[1] == 1851 and vals(t, "ARO/C1")[1] == 1901
    assert vals(t, "TPR") == {1: 2044, 2: 1200, 3: 2000}
    assert vals(t, "PTP") == {1: 2046, 2: 1200, 3: 1997}
    assert vals(t, "APRO")[1] == 1600 and vals(t, "APPO")[1] == 1599


def test_perfect_score_ptp():
    """A win against 2000: the lowest rating expecting 1.00 is 2000 + 736 (8.1(b): PD 1.00
    above 735)."""
    t = rated({1: [(2, "w", "1")], 2: [(1, "b", "0")]}, {1: 2100, 2: 2000})
    assert vals(t, "PTP")[1] == 2736


def test_unrated_players_drop_rating_tiebreaks_unless_given_a_rating():
    t = rated({**RATED, 4: [None, None]}, RATINGS)
    s = compute_standings(t, "ARO,WIN", "fide-2024")
    assert s.codes == ["WIN"]
    assert "ARO is dropped: 1 participants are unrated (4)" in s.diagnostics[-1].message
    kept = compute_standings(t, "ARO", "fide-2024", options={"unrated_rating": 1000})
    assert kept.values("ARO")[1] == 1851


def test_rtng_and_tpn_2026():
    """Three players tied on 0 points: RTNG puts the highest rating first, /R the lowest;
    TPN the lowest pairing number first, /R the highest."""
    tied = rated({1: [None], 2: [None], 3: [None]}, {1: 1500, 2: 1700, 3: 1600})

    def order(code: str) -> list[int]:
        return [r.participant.id for r in compute_standings(tied, code, "fide-2026").rows]

    assert (order("RTNG"), order("RTNG/R")) == ([2, 3, 1], [1, 3, 2])
    assert (order("TPN"), order("TPN/R")) == ([1, 2, 3], [3, 2, 1])


def test_std_restores_one_half_zero():
    """3 / 1 / 0 scoring. Player 1: beat 2 (1), drew 3 (1/2), PAB worth 3 > a draw (1) -> 1:
    STD 2.5. Player 2: lost (0), half-point bye worth a draw (1/2), double forfeit with 3
    (a forfeit is obtained without playing: 0 < a draw -> 0): STD 0.5."""
    t = build(
        {
            1: [(2, "w", "1"), (3, "b", "="), (None, "-", "U")],
            2: [(1, "b", "0"), (None, "-", "H"), (3, "w", "-")],
            3: [None, (1, "w", "="), (2, "b", "-")],
        },
        headers=("092 Swiss", "162  W 3.0    D 1.0    L 0.0    A 0.0    P 3.0"),
    )
    std = vals(t, "STD", "fide-2026")
    assert (std[1], std[2]) == (Fraction(5, 2), Fraction(1, 2))


# -- the historical SB family (origin document) ------------------------------------------------
def test_sloth_neustadtl_and_the_weighted_scores():
    """1975-80 World Correspondence Championship final, 14 games: Sloth scored 11 and his
    Neustadtl (SB) score was 69.5 = 0.5x11 + 0.5x10.5 + 1x8.5 + 0.5x8 + 0.5x7 + 1x7 + 1x7
    + 0.5x7 + 1x7 + 0.5x5.5 + 1x5.5 + 1x4.5 + 1x4.5 + 1x1. By hand from that:
    NNSB = 11^2 + 69.5 = 190.5; GELBFUHS = 11 + 69.5 / 14 = 447/28."""
    games = [
        ("=", 11),
        ("=", 10.5),
        ("1", 8.5),
        ("=", 8),
        ("=", 7),
        ("1", 7),
        ("1", 7),
        ("=", 7),
        ("1", 7),
        ("=", 5.5),
        ("1", 5.5),
        ("1", 4.5),
        ("1", 4.5),
        ("1", 1),
    ]
    t = parse_trf(against_fixed_scores(games, rounds=14).encode()).tournament
    assert t.participant(1).points == 11
    assert vals(t, "SB")[1] == Fraction(139, 2)
    assert vals(t, "NNSB")[1] == Fraction(381, 2)
    assert vals(t, "GELBFUHS")[1] == Fraction(447, 28)


def test_the_tiebreak_reference_page_matches_the_registry():
    """docs/tiebreaks.md is generated (tools/build_tiebreaks_page.py); this checks what the
    generator makes of the plugins' metadata: every built-in code has a row that names its
    article and every modifier it takes."""
    import re

    text = (ROOT / "docs" / "tiebreaks.md").read_text()
    rows = {}
    for line in text.splitlines():
        if line.startswith("| `"):
            cells = [c.strip() for c in line.strip("|").split("|")]
            for code in re.findall(r"`([A-Za-z0-9]+)`", cells[0]):
                rows[code] = cells
    shown = {"C": "/Cn", "M": "/Mn", "L": "/L", "K": "/Kx", "P": "/P", "F": "/F", "R": "/R"}
    for offered in registry().tiebreaks.values():
        tb = offered[0]  # third-party plugins are not loaded in the tests (conftest)
        assert tb.code in rows, f"{tb.code} is missing from docs/tiebreaks.md"
        cells = rows[tb.code]
        if tb.article and cells[1] != "(history)":
            assert (
                tb.article.split()[0].startswith(cells[1].split()[0].rstrip(","))
                or cells[1].split()[0] in tb.article
            ), (tb.code, tb.article, cells[1])
        for m in tb.modifiers - {":"}:
            assert shown[m] in " ".join(cells) or "as SB" in " ".join(cells), (tb.code, m)
