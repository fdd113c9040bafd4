"""Swisses paired by a real FIDE Dutch engine (caissify-pairings), recorded round by round
with EventBuilder: the final standings against FIDE TEC's reference program (gacrux) on
caissify's own TRF export. Optional (``tox -e differential`` installs both)."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

pytest.importorskip("gacrux")
pytest.importorskip("caissify_pairings")

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "integration"))
from caissify_run import play
from test_gacrux import BUCHHOLZ, COMMON, agrees, gacrux

from fide_tiebreaks import compute_standings


@pytest.mark.parametrize("year", ["2024", "2026"])
@pytest.mark.parametrize("seed", range(1, 7))
def test_final_standings_agree_with_gacrux(seed, year, tmp_path):
    ev, snapshots = play(10 + 5 * seed, 5 + seed % 4, seed)
    path = tmp_path / "caissify.trf"
    path.write_text(snapshots[-1].trf)
    codes = COMMON + BUCHHOLZ
    theirs = gacrux(path, codes, "-s", year)
    t = ev.tournament()
    ours = compute_standings(t, [c for c in codes if c != "DE"], f"fide-{year}")
    de = compute_standings(t, ["DE"], f"fide-{year}").values("DE")
    wrong = [
        f"{c} #{pid}: ours {v}, gacrux {theirs[pid][c]}"
        for c in codes
        for pid, v in (de if c == "DE" else ours.values(c)).items()
        if not agrees(c, v, theirs[pid][c])
    ]
    assert wrong == []
