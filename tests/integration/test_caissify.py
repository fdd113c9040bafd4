"""A real FIDE Dutch engine (caissify-pairings) pairs seeded Swisses; after every round the
builder's standings must equal those of caissify's own TRF export read by our reader.

Optional: ``tox -e integration`` installs caissify-pairings (never a runtime dependency).
There FIDE_TIEBREAKS_REQUIRE_CAISSIFY=1 makes a missing engine a failure, not a skip."""

from __future__ import annotations

import dataclasses
import os

import pytest

if os.environ.get("FIDE_TIEBREAKS_REQUIRE_CAISSIFY") != "1":
    pytest.importorskip("caissify_pairings")

from caissify_run import play

from fide_tiebreaks import ResultKind, Severity, compute_standings, parse_trf
from fide_tiebreaks.host import registry

LIST = "BH/C1,BH,SB,DE,WIN,BPG,REP,PS,ARO,TPR,KS,AOB"
SIZES = [(12, 5), (16, 7), (21, 9), (30, 7), (9, 5), (40, 9)]


@pytest.mark.parametrize(("seed", "size"), list(enumerate(SIZES, start=1)))
def test_every_round_ranks_as_caissify_s_own_trf(seed, size):
    _, snapshots = play(*size, seed=seed)
    assert [s.round for s in snapshots] == list(range(1, size[1] + 1))
    for snap in snapshots:
        read = parse_trf(snap.trf.encode(), f"<caissify round {snap.round}>")
        problems = [str(d) for d in read.diagnostics if d.severity >= Severity.WARNING]
        assert problems == [], snap.trf  # the points column (summed by hand) agrees too
        t = read.tournament
        assert dataclasses.replace(snap.built, edition=None) == t, f"round {snap.round}"
        for edition in registry().editions:
            ours = compute_standings(snap.built, LIST, edition)
            theirs = compute_standings(t, LIST, edition)
            assert ours.rows == theirs.rows, (snap.round, edition)


def test_the_events_had_late_entries_byes_withdrawals_and_forfeits():
    """The seeded events hold what the example promises (checked on caissify's TRF)."""
    kinds, late, withdrawn = set(), 0, 0
    for seed, size in enumerate(SIZES, start=1):
        _, snapshots = play(*size, seed=seed)
        t = parse_trf(snapshots[-1].trf.encode()).tournament
        kinds |= {g.kind for p in t for g in p.results}
        late += sum(p.results[0].kind is ResultKind.NOT_PAIRED for p in t)
        withdrawn += sum(p.results[-1].kind is ResultKind.NOT_PAIRED for p in t)
    wanted = {
        ResultKind.PAB,
        ResultKind.HALF_BYE,
        ResultKind.ZERO_BYE,
        ResultKind.FORFEIT_WIN,
        ResultKind.FORFEIT_LOSS,
        ResultKind.DOUBLE_FORFEIT,
    }
    assert wanted <= kinds and late and withdrawn
