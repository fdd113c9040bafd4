"""Standings: points, then the tie-break list per still-tied group (C.07 4.2)."""

from __future__ import annotations

import json
from fractions import Fraction

import pytest
from conftest import ROOT, TEC, expected
from trfbuild import player_line, tournament

from fide_tiebreaks import Tiebreak, compute_standings, hookimpl, parse_trf, read_trf
from fide_tiebreaks.editions import choose_edition
from fide_tiebreaks.formats.json import to_dict, to_json
from fide_tiebreaks.host import load_registry, registry


@pytest.fixture(scope="module")
def tec():
    return read_trf(TEC / "tournament.trf").tournament


def test_order_follows_the_published_values(tec):
    """The order is what sorting the published values gives (points, BH-C1, BH, SB)."""
    rows = expected("expected-2024.csv")
    want = sorted(
        rows,
        key=lambda i: (-rows[i]["points"], -rows[i]["BH/C1"], -rows[i]["BH"], -rows[i]["SB"], i),
    )
    s = compute_standings(tec, "BH/C1,BH,SB", "fide-2024")
    assert [r.participant.id for r in s.rows] == want
    assert [r.rank for r in s.rows] == list(range(1, 17))  # the list separates everyone


def test_shared_places_when_the_list_is_exhausted(tec):
    s = compute_standings(tec, "BH", "fide-2024")
    ranks = {r.participant.id: r.rank for r in s.rows}
    # 3.5 points: #3 BH 15.5, #4 15, then #1 and #16 both 12.5 -> both 4th; #6 is 6th.
    assert [ranks[i] for i in (2, 3, 4, 1, 16, 6)] == [1, 2, 3, 4, 4, 6]
    everyone = compute_standings(tec, [], "fide-2024")
    assert [r.rank for r in everyone.rows if r.participant.points == Fraction(7, 2)] == [2] * 4


def test_after_round_two(tec):
    """By hand from the crosstable, rounds 1-2 only.
    #1: beat 9 (0 after R2), drew 13 (1.5): BH 1.5, SB 0.75.
    #4: beat 12 (1), HPB in R2 (now the last round: 16.2.5, a VUR; dummy = own 1.5):
        BH 2.5, BH-C1 cuts the VUR: 1; SB 1x1 + 1.5x0.5 = 1.75.
    #12: lost to 4 (1.5), PAB in R2 (16.2.1, dummy = own 1): BH 2.5.
    #2 is alone on 2 points."""
    s = compute_standings(tec, "BH,BH/C1,SB", "fide-2024", after_round=2)
    assert s.tournament.rounds == 2
    bh, bh1, sb = s.values("BH"), s.values("BH/C1"), s.values("SB")
    assert (bh[1], sb[1]) == (Fraction(3, 2), Fraction(3, 4))
    assert (bh[4], bh1[4], sb[4]) == (Fraction(5, 2), 1, Fraction(7, 4))
    assert bh[12] == Fraction(5, 2)
    assert s.rows[0].participant.id == 2 and s.rows[0].participant.points == 2


class _GroupPlugin:
    """A type-A (group) tie-break: prefers the lower start rank, and records its groups."""

    def __init__(self):
        self.groups: list[frozenset[int]] = []

    def compute(self, ctx):
        self.groups.append(ctx.group)
        return {pid: -pid for pid in ctx.group}

    @hookimpl
    def fide_tiebreaks_register(self):
        return [Tiebreak(code="XGRP", name="group test", compute=self.compute, group=True)]


def test_group_tiebreaks_are_recomputed_for_each_tied_group(tec):
    plugin = _GroupPlugin()
    reg = load_registry(entry_points=False, extra=[("grouptest", plugin)])
    s = compute_standings(tec, "BH,XGRP", "fide-2024", reg=reg)
    # Only groups still tied after points and BH reach it: #1 and #16 (3.5 pts, BH 12.5),
    # #8 and #11 (2.5 pts, BH 13.5).
    assert sorted(map(sorted, plugin.groups)) == [[1, 16], [8, 11]]
    order = [r.participant.id for r in s.rows]
    assert order.index(1) < order.index(16) and order.index(8) < order.index(11)


def test_default_list_comes_from_the_file_then_the_type():
    players = {1: [(2, "w", "1")], 2: [(1, "b", "0")]}
    swiss = "092 Swiss"
    declared = parse_trf(tournament(players, headers=(swiss, "202 SB,BH")).encode()).tournament
    assert compute_standings(declared).codes == ["SB", "BH"]
    plain = parse_trf(tournament(players, headers=(swiss,)).encode()).tournament
    assert compute_standings(plain).codes == ["BH/C1", "BH", "SB"]
    rr = parse_trf(tournament(players, headers=("092 Round Robin",)).encode()).tournament
    assert compute_standings(rr).codes == ["SB", "DE", "WIN"]


def test_default_edition_follows_the_end_date():
    players = {1: [(2, "w", "1")], 2: [(1, "b", "0")]}
    in_2025 = parse_trf(tournament(players, headers=("052 2025/01/12",)).encode()).tournament
    s = compute_standings(in_2025, "BH")
    assert s.edition.name == "fide-2024"
    # one note, which says why (fide-2024: 1 Aug 2024 - 28 Feb 2026, C.07 (2024) 1.1)
    assert [str(d) for d in s.diagnostics] == [
        "<input>: note: rules edition fide-2024: in force on the tournament's end date, "
        "2025-01-12 (--edition-by end, the default)"
    ]
    in_2023 = parse_trf(tournament(players, headers=("052 2023/12/01",)).encode()).tournament
    assert compute_standings(in_2023, "BH").edition.name == "fide-2023"
    in_2026 = parse_trf(tournament(players, headers=("052 2026/11/01",)).encode()).tournament
    assert compute_standings(in_2026, "SB").edition.name == "fide-2026"
    in_2019 = parse_trf(tournament(players, headers=("052 2019/05/01",)).encode()).tournament
    assert compute_standings(in_2019, "SB").edition.name == "fide-2012"
    without_legacy = [
        e for name, e in registry().editions.items() if e.provider != "virtual_opponent"
    ]
    choice = choose_edition(without_legacy, in_2019.end_date)
    assert choice.edition.name == "fide-2026" and choice.serious and "fide-2012" in choice.reason


def test_json_rows_are_what_json_dumps_writes(tmp_path):
    """to_json writes individual rows directly (speed); json.dumps of to_dict is the oracle,
    byte for byte, on names that need escaping, missing fields, fractions and Nones."""
    text = (
        "\n".join(
            [
                "012 Escapes",
                "092 Individual: Swiss-System",
                player_line(1, 'Quote "Q", Back\\slash', [(2, "w", "1")], rating=2100),
                player_line(2, "Ümlaut ß ☃", [(1, "b", "0")], fed="GER", fide_id="1234"),
                player_line(3, "", [(None, "-", "H")]),
            ]
        )
        + "\n"
    )
    events = [parse_trf(text.encode()).tournament]
    events += [
        parse_trf((ROOT / f).read_bytes()).tournament
        for f in (
            "conformance/fixtures/tec-exercise-2024/tournament.trf",
            "conformance/fixtures/rated-example/tournament.trf",
        )
    ]
    for t in events:
        for codes in ("BH/C1,BH,SB,DE,WIN,ARO", "GELBFUHS,KS,DE,TPR"):
            s = compute_standings(t, codes, "fide-2024", options={"unrated_rating": 1500})
            expected = to_dict(s)
            written = to_json(s)
            assert json.loads(written) == expected
            lines = written.splitlines()[1:-1]
            assert [line.rstrip(",") for line in lines] == [
                json.dumps(row, ensure_ascii=False) for row in expected["standings"]
            ]
