"""Optional (``tox -e certify-peers``): certify finds the known bugs of the two peers and
shrinks them. Nothing here is an expected value of ours: each test names the rule the peer
breaks, checks the peer's value differs from ours on the shrunk event in the way the bug
predicts, and (for gacrux) that the peer agrees with us once the trigger is removed.

- gacrux 1.11.65: with FB listed before BH, computing FB overwrites a per-player field, so a
  zero-point bye followed only by a last-round forfeit loss is treated as 16.2.3 instead of
  16.2.5 (C.07 (2024) 16.2.5 counts it as a draw for the opponents' BH).
- tiebreak-core 1.2.0: PTP adds the B.02 expected scores in floats and misses the rating
  where the sum reaches the score exactly (C.07 (2024) 10.3: the lowest such rating); FB
  draws only the over-the-board games of the last round (8.3 draws every paired game,
  forfeits included); DE counts a pairing lost or won by forfeit as a game met, so it
  ranks a group by 6.2 where 6.1.1 leaves Swiss forfeits out and 6.3 applies.
"""

from __future__ import annotations

from dataclasses import replace

import pytest

pytest.importorskip("hypothesis")

from fide_tiebreaks.certify.adapters import ADAPTERS
from fide_tiebreaks.certify.engine import Config, check
from fide_tiebreaks.certify.generate import Profile
from fide_tiebreaks.certify.session import certify

SWISS = Profile(players=(4, 20), kinds=("swiss",))


def test_gacrux_fb_listed_before_bh_changes_bh():
    pytest.importorskip("gacrux")
    config = Config(
        adapter=ADAPTERS["gacrux"], codes=("FB", "BH"), edition="fide-2024", seed=1, profile=SWISS
    )
    summary = certify(config, 300, jobs=2, shrink_seconds=90)
    bh = [g for g in summary.groups if g.code == "BH"]
    assert bh, [g.code for g in summary.groups]
    smallest = min(bh, key=lambda g: g.example.size)
    assert smallest.example.size <= 6
    # The trigger: a zero-point bye followed only by a forfeit loss in the last round.
    rows = smallest.example.rounds
    assert any(
        row[-1] is not None and row[-1][2] == "-" and any(b and b[2] == "Z" for b in row[:-1])
        for row in rows
    )
    # gacrux is 16.2.5 away from our BH only because FB came first: BH alone agrees.
    alone, _, _ = check(replace(config, codes=("BH",)), smallest.example)
    assert [d for d in alone if d.code == "BH"] == []


def test_tiebreak_core_ptp_float_sum_and_fb_forfeits():
    pytest.importorskip("tiebreak_core")
    config = Config(
        adapter=ADAPTERS["tiebreak-core"],
        codes=("FB", "PTP"),
        edition="fide-2024",
        seed=1,
        profile=SWISS,
    )
    summary = certify(config, 300, jobs=2, shrink_seconds=60)
    ptp = [g for g in summary.groups if g.code == "PTP"]
    fb = [g for g in summary.groups if g.code == "FB"]
    assert ptp and fb, [g.code for g in summary.groups]
    # PTP: a float sum that should reach the score at our rating falls short, so the peer
    # goes on to a higher rating.
    for g in ptp:
        assert int(g.discrepancy.theirs) > int(g.discrepancy.ours)
    assert min(g.example.size for g in ptp) <= 6
    # FB: some shrunk example has a forfeit in the last round, which 8.3 draws as well.
    assert any(any(row[-1] and row[-1][2] in "+-" for row in g.example.rounds) for g in fb)
    assert min(g.example.size for g in fb) <= 6


def test_tiebreak_core_de_counts_a_forfeit_as_a_game_met():
    pytest.importorskip("tiebreak_core")
    profile = Profile(players=(4, 10), kinds=("swiss",), forfeit=0.2)
    config = Config(
        adapter=ADAPTERS["tiebreak-core"],
        codes=("DE",),
        edition="fide-2024",
        seed=2,
        profile=profile,
    )
    summary = certify(config, 1500, jobs=2, shrink_seconds=30)
    order = [g for g in summary.groups if g.code == "order"]
    assert order, [g.code for g in summary.groups]
    # It separates a group we leave tied, and the group's pairings include a forfeit.
    assert any("we leave" in g.discrepancy.detail for g in order)
    assert min(g.example.size for g in order) <= 6
    assert all(any(b and b[2] in "+-" for row in g.example.rounds for b in row) for g in order)
