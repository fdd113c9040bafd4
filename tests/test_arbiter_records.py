"""The builder's arbiter records (per-round and national ratings, decisions, lots, a changed
tie-break list) and audit --sequence noticing a list changed between an event's files."""

from __future__ import annotations

import subprocess
import sys

import pytest
from trfbuild import tournament

from fide_tiebreaks import EventBuilder, compute_standings
from fide_tiebreaks.builder import BuilderError
from fide_tiebreaks.builder.arbiter import ListChange, TiebreakListChanged


def event():
    # As tests/test_unrated_and_round_ratings.py: R1 1-2 1-0, 3-4 draw; R2 3-1 draw, 4 beats 2.
    ev = EventBuilder(rounds=2, edition="fide-2026", tiebreaks="ARO")
    for pid, rating in [(1, 2000), (2, None), (3, 1800), (4, 2200)]:
        ev.add_player(pid, f"Player {pid}", rating=rating)
    ev.national_rating(2, 1600)
    ev.record_round(1, games=[(1, 2, "1-0"), (3, 4, "1/2-1/2")])
    ev.rating_from(3, 2, 1900)  # a new rating list from round 2
    return ev


def test_builder_per_round_and_national_ratings():
    ev = event()
    ev.record_round(2, games=[(3, 1, "1/2-1/2"), (2, 4, "0-1")])
    t = ev.tournament()
    assert t.participant(3).round_ratings == (None, 1900)
    assert t.participant(2).national_rating == 1600
    options = {"national_ratings": True, "ratings": "per-round"}
    # 1: (1600 + 1900) / 2 = 1750; 4: (1800 + 1600) / 2 = 1700; 2: (2000+2200)/2; 3: (2200+2000)/2
    assert compute_standings(t, options=options).values("ARO") == {
        1: 1750,
        2: 2100,
        3: 2100,
        4: 1700,
    }


def test_a_changed_list_is_warned_and_recorded():
    ev = event()
    with pytest.warns(TiebreakListChanged, match="after round 1: ARO -> ARO,BH"):
        ev.set_tiebreaks("ARO,BH")
    assert ev.tiebreak_changes == [ListChange(1, ("ARO",), ("ARO", "BH"))]


def test_builder_decisions_and_lots():
    ev = EventBuilder(rounds=1, edition="fide-2026")
    for pid in (1, 2, 3, 4):
        ev.add_player(pid, f"Player {pid}")
    ev.record_round(1, games=[(1, 2, "1/2-1/2"), (3, 4, "1/2-1/2")])
    ev.decide([4], by="arbiter", note="ruling 12")
    ev.draw_lots("abc")
    s = compute_standings(ev.tournament(), "PTS")
    # 4 first by the ruling; 1, 2, 3 by lots: sha256 abc:3 0ffa < abc:2 1645 < abc:1 bfcf
    assert [(r.rank, r.participant.id) for r in s.rows] == [(1, 4), (2, 3), (3, 2), (4, 1)]
    with pytest.raises(BuilderError, match="player 9 is unknown"):
        ev.decide([9, 1])
    with pytest.raises(BuilderError, match="'judge'"):
        ev.decide([1], by="judge")


def test_audit_sequence_reports_a_changed_list(tmp_path):
    rounds = {1: [(2, "w", "1")], 2: [(1, "b", "0")], 3: [(4, "w", "1")], 4: [(3, "b", "0")]}
    first = tournament(
        rounds, headers=("092 Individual: Swiss-System", "052 2026/05/01", "202 BH/C1,BH,SB")
    )
    later = {k: [*v, (None, "-", "H")] for k, v in rounds.items()}
    second = tournament(
        later, headers=("092 Individual: Swiss-System", "052 2026/05/02", "202 SB,BH")
    )
    (tmp_path / "r1.trf").write_text(first)
    (tmp_path / "r2.trf").write_text(second)
    cmd = [sys.executable, "-m", "fide_tiebreaks", "audit", "--allow-empty", "-j", "1"]
    files = [str(tmp_path / "r1.trf"), str(tmp_path / "r2.trf")]
    plain = subprocess.run([*cmd, *files], capture_output=True, text=True)
    assert plain.returncode == 0, plain.stderr
    seq = subprocess.run([*cmd, "--sequence", *files], capture_output=True, text=True)
    assert seq.returncode == 1
    assert "the tie-break list changed after round 1: BH/C1,BH,SB in" in seq.stderr
    assert "SB,BH in round 2" in seq.stderr
