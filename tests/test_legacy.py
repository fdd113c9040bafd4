"""Unplayed games before C.07 (2023): FIDE's virtual opponent (fide-2012), the draw against
oneself (pre-2012) and Swiss-Manager's other settings.

Expected values: the Handbook's two official examples, the 2009 Kallithea SPP minutes'
examples, and the rules note's table for the TEC crosstable computed from the published
formula (spec/fide-tiebreak-rules.md 9.3, not official), plus hand computations.
"""

from __future__ import annotations

from fractions import Fraction

import pytest
from conftest import TEC, run_cli
from fide_tiebreaks.plugins.virtual_opponent import drawn_units
from trfbuild import tournament

from fide_tiebreaks import compute_standings, parse_trf, read_trf
from fide_tiebreaks.explain import explain


@pytest.fixture(scope="module")
def tec():
    return read_trf(TEC / "tournament.trf").tournament


def lines(t, pid, code="BH", edition="fide-2012", **options):
    _, (ex,) = explain(t, pid, code, edition, options=options)
    return {ln.round: ln for ln in ex.lines}


def nine_rounds(subject):
    """Player 1 plays the given rounds; every opponent is a fresh player present once."""
    players = {1: list(subject)}
    for r, block in enumerate(subject, start=1):
        if block and block[0]:
            opp, colour, code = block
            mirror = {"1": "0", "0": "1", "=": "=", "+": "-", "-": "+"}[code]
            players[opp] = [None] * (r - 1) + [(1, "b" if colour == "w" else "w", mirror)]
    return parse_trf(tournament(players).encode()).tournament


def test_official_example_1_absent_player():
    """Handbook: 9 rounds, absent in round 3 with 1.5 after 2 rounds: the virtual opponent
    has 1.5 + 1 + 0 = 2.5 after round 3 and 1.5 + 1 + 3 = 5.5 at the end."""
    t = nine_rounds([(11, "w", "1"), (12, "b", "="), None] + [(13 + i, "w", "0") for i in range(6)])
    assert lines(t, 1)[3].opponent_score == Fraction(11, 2)


def test_official_example_2_opponent_does_not_show():
    """Handbook: P's opponent does not show up in round 6; P has 3.5 after 5 rounds: the
    virtual opponent has 3.5 + 0 + 0 = 3.5 after round 6 and 3.5 + 0 + 1.5 = 5.0 at the end."""
    rounds = [
        (11, "w", "1"),
        (12, "b", "1"),
        (13, "w", "1"),
        (14, "b", "="),
        (15, "w", "0"),
        (16, "b", "+"),
        (17, "w", "0"),
        (18, "b", "0"),
        (19, "w", "0"),
    ]
    assert lines(nine_rounds(rounds), 1)[6].opponent_score == 5


def test_2009_minutes_examples():
    """A scores 6/9 with a default win in round 3 and 2 points after round 2: own
    contribution 2 + 0 + 6 x 0.5 = 5; A counts 5.5 for opponents (the default win as a draw).
    B is absent in round 7 with 4 after round 6 and finishes on 6: own contribution
    4 + 1 + 2 x 0.5 = 6; B counts 6.5 for opponents."""
    a = nine_rounds(
        [
            (11, "w", "1"),
            (12, "b", "1"),
            (13, "w", "+"),
            (14, "b", "1"),
            (15, "w", "1"),
            (16, "b", "1"),
            (17, "w", "0"),
            (18, "b", "0"),
            (19, "w", "0"),
        ]
    )
    assert a.participant(1).points == 6
    assert lines(a, 1)[3].opponent_score == 5
    assert drawn_units(a, {})[a.index[1]] == 11  # 5.5 on the half-point grid
    b = nine_rounds(
        [
            (11, "w", "1"),
            (12, "b", "1"),
            (13, "w", "1"),
            (14, "b", "1"),
            (15, "w", "0"),
            (16, "b", "0"),
            None,
            (18, "b", "1"),
            (19, "w", "1"),
        ]
    )
    assert b.participant(1).points == 6
    assert lines(b, 1)[7].opponent_score == 6
    assert drawn_units(b, {})[b.index[1]] == 13  # 6.5


# spec/fide-tiebreak-rules.md 9.3: adj(old), BH, BH-C1, SB on the TEC crosstable, computed
# from the formula (not official; a PAB counts as unplayed, BH-C1 a plain cut).
TABLE_9_3 = {
    1: (3.5, 12.5, 11.0, 8.0),
    2: (4.0, 13.0, 12.0, 9.5),
    3: (3.5, 14.5, 12.5, 9.75),
    4: (3.5, 13.5, 12.0, 8.5),
    5: (2.5, 8.0, 7.0, 3.75),
    6: (2.5, 11.0, 10.0, 4.5),
    7: (1.5, 14.0, 12.0, 3.25),
    8: (2.5, 14.0, 12.5, 6.25),
    9: (1.5, 8.5, 8.0, 1.25),
    10: (1.0, 12.5, 11.0, 1.5),
    11: (2.0, 12.0, 11.0, 4.25),
    12: (2.0, 13.5, 12.0, 3.5),
    13: (1.5, 15.0, 12.5, 4.25),
    14: (3.0, 12.0, 10.5, 4.0),
    15: (2.0, 12.0, 11.0, 3.5),
    16: (3.5, 12.0, 10.5, 6.75),
}


def test_tec_crosstable_under_the_virtual_opponent_rule(tec):
    s = compute_standings(tec, "BH,BH/C1,SB", "fide-2012")
    assert {
        pid: (
            Fraction(drawn_units(tec, {})[tec.index[pid]], 2),
            s.values("BH")[pid],
            s.values("BH/C1")[pid],
            s.values("SB")[pid],
        )
        for pid in TABLE_9_3
    } == {pid: tuple(Fraction(x) for x in row) for pid, row in TABLE_9_3.items()}


def test_jessica_virtual_opponents_and_sb(tec):
    """Rules note 9.3: R3 HPB 0 + 0.5 + 2 x 0.5 = 1.5; R4 forfeit loss 0.5 + 1 + 0.5 = 2.0;
    R5 PAB 0.5 + 0 + 0 = 0.5. SB: a forfeit loss earns nothing (2009 minutes, note)."""
    got = lines(tec, 9, "SB")
    assert [got[r].opponent_score for r in (3, 4, 5)] == [Fraction(3, 2), 2, Fraction(1, 2)]
    assert got[4].contribution == 0


def test_pab_switch(tec):
    """Franck #6 had a PAB in R3. Counted as unplayed (default) he shows 2.5 to opponents; as
    played, his real 3.0. Paul #14 met him in R1: BH 12.0 vs 12.5."""
    assert compute_standings(tec, "BH", "fide-2012").values("BH")[14] == 12
    kept = compute_standings(tec, "BH", "fide-2012", options={"legacy_pab_unplayed": False})
    assert kept.values("BH")[14] == Fraction(25, 2)


def test_draw_against_oneself_before_2012(tec):
    """Jessica #9 under pre-2012: her score with unplayed games as draws is 0 + 0 + 3 x 0.5
    = 1.5; each unplayed round is a draw against herself: BH 3.5 + 1 + 3 x 1.5 = 9,
    SB 3 x 1.5 x 0.5 = 2.25."""
    s = compute_standings(tec, "BH,SB", "pre-2012")
    assert (s.values("BH")[9], s.values("SB")[9]) == (9, Fraction(9, 4))


def test_the_swiss_manager_settings_defined_by_name_alone_are_retired(tec):
    """sm-real-points and sm-half-point were defined from Swiss-Manager's names only and
    reproduce no real printout (shared/spec/swiss-manager.md); sm-2012 replaces them."""
    from fide_tiebreaks.codes import CodeError

    for name in ("sm-real-points", "sm-half-point"):
        with pytest.raises(CodeError, match=r"is retired: .* sm-2012 reproduces"):
            compute_standings(tec, "BH", name)


@pytest.mark.parametrize(
    ("end", "edition"),
    [
        ("2019/06/30", "fide-2012"),
        ("2011/05/01", "pre-2012"),
        ("2023/08/31", "fide-2012"),
        ("2023/09/01", "fide-2023"),
    ],
)
def test_default_edition_by_end_date(tmp_path, end, edition):
    text = (TEC / "tournament.trf").read_text().replace("052 2024/08/05", f"052 {end}")
    text = text.replace("042 2024/08/01\n", "")  # the start date would be after the end
    path = tmp_path / "t.trf"
    path.write_text(text)
    done = run_cli("standings", str(path), "-f", "json")
    assert done.returncode == 0 and done.stderr == ""
    assert f'"edition": "{edition}"' in done.stdout


def test_explain_on_the_command_line():
    done = run_cli("explain", str(TEC / "tournament.trf"), "Jessica", "-t", "BH", "-e", "fide-2012")
    assert done.returncode == 0, done.stderr
    assert "virtual opponent 0.5 + 1 + 0.5×1 = 2" in done.stdout
    assert run_cli("explain", str(TEC / "tournament.trf"), "Nobody").returncode == 2
