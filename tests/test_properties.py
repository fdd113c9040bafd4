"""Invariants on generated tournaments (hypothesis, derandomized: tests/conftest.py).

Each property is a fact about the rules, not about our code: renumbering the participants or
swapping every colour cannot change a value that does not depend on numbers or colours; a cut
can only lower Buchholz; with 1 / 1/2 / 0 scoring a game adds at most the opponent's score to
SB and exactly that to BH; the points in the table are the points the results award.
"""

from __future__ import annotations

import sys
from fractions import Fraction

from conftest import ROOT
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from fide_tiebreaks import compute_standings, parse_trf
from fide_tiebreaks.formats.trf.writer import encode

sys.path.insert(0, str(ROOT / "benchmarks"))
from generate import generate

SETTINGS = settings(max_examples=100, deadline=None, suppress_health_check=[HealthCheck.too_slow])
CODES = "BH,BH/C1,BH/C2,BH/M1,SB,FB,AOB,PS,WIN,WON,REP,ARO,TPR,DE"
COLOURED = {"BPG", "BWG"}
AWARDS = {
    "1": 1,
    "+": 1,
    "W": 1,
    "F": 1,
    "U": 1,
    "=": Fraction(1, 2),
    "D": Fraction(1, 2),
    "H": Fraction(1, 2),
}  # C.04 Annex 2 result codes, default scoring


@st.composite
def events(draw: st.DrawFn) -> str:
    players = draw(st.integers(2, 30))
    rounds = draw(st.integers(1, 9))
    rate = st.sampled_from([0.0, 0.02, 0.1, 0.3])
    return generate(
        players,
        rounds,
        draw(st.integers(0, 10**6)),
        withdraw=draw(rate),
        bye=draw(rate),
        forfeit=draw(rate),
    )


def blocks(line: str) -> list[tuple[int, str]]:
    """Start index of each round block (opponent at +0..4, colour +5, result +7)."""
    return [(i, line[i : i + 10]) for i in range(91, len(line), 10)]


def rewrite(text: str, pid=lambda n: n, colour=lambda c: c) -> str:
    out = []
    for line in text.splitlines():
        if line.startswith("001"):
            chars = list(line.ljust(91))
            chars[4:8] = f"{pid(int(line[4:8])):4d}"
            for i, block in blocks(line):
                opp = block[0:4]
                if opp.strip() and opp != "0000":
                    chars[i : i + 4] = f"{pid(int(opp)):4d}"
                chars[i + 5] = colour(block[5])
            line = "".join(chars).rstrip()
        out.append(line)
    return "\n".join(out) + "\n"


def values(text: str, edition: str, codes: str = CODES) -> dict[str, dict[int, Fraction]]:
    t = parse_trf(text.encode()).tournament
    s = compute_standings(t, codes, edition, strict=True)
    return {code: {k: v for k, v in s.values(code).items() if v is not None} for code in s.codes}


editions = st.sampled_from(["fide-2023", "fide-2024", "fide-2026", "fide-2012"])


@SETTINGS
@given(events(), editions, st.randoms(use_true_random=False))
def test_renumbering_changes_no_value(text, edition, rnd):
    ids = [int(line[4:8]) for line in text.splitlines() if line.startswith("001")]
    shuffled = ids[:]
    rnd.shuffle(shuffled)
    perm = dict(zip(ids, shuffled, strict=True))
    before = values(text, edition)
    after = values(rewrite(text, pid=perm.__getitem__), edition)
    for code, by_id in before.items():
        assert {perm[k]: v for k, v in by_id.items()} == after[code], code


@SETTINGS
@given(events(), editions)
def test_swapping_colours_changes_no_colour_free_value(text, edition):
    swap = {"w": "b", "b": "w"}
    before = values(text, edition, CODES + ",BPG,BWG")
    after = values(rewrite(text, colour=lambda c: swap.get(c, c)), edition, CODES + ",BPG,BWG")
    for code in before:
        if code not in COLOURED:
            assert before[code] == after[code], code


@SETTINGS
@given(events(), editions)
def test_cuts_only_lower_buchholz_and_sb_never_exceeds_bh(text, edition):
    v = values(text, edition, "BH,BH/C1,BH/C2,BH/M1,SB")
    for pid, bh in v["BH"].items():
        assert bh >= v["BH/C1"][pid] >= v["BH/C2"][pid]
        assert v["BH/M1"][pid] <= v["BH/C1"][pid]
        assert v["SB"][pid] <= bh


@SETTINGS
@given(events())
def test_points_are_the_points_the_results_award(text):
    t = parse_trf(text.encode()).tournament
    awarded = sum(
        (
            AWARDS.get(block[7], 0)
            for line in text.splitlines()
            if line.startswith("001")
            for _, block in blocks(line)
            if len(block) > 7
        ),
        Fraction(0),
    )
    assert sum((p.points for p in t.participants), Fraction(0)) == awarded


@SETTINGS
@given(events(), st.sampled_from(["\n", "\r\n", "\r"]))
def test_reading_then_writing_is_identity(text, eol):
    data = text.replace("\n", eol).encode()
    assert encode(parse_trf(data).tournament.source) == data


@SETTINGS
@given(events(), editions)
def test_standings_are_deterministic(text, edition):
    t = parse_trf(text.encode()).tournament
    first = compute_standings(t, CODES, edition)
    again = compute_standings(parse_trf(text.encode()).tournament, CODES, edition)
    assert [(r.rank, r.participant.id, r.values) for r in first.rows] == [
        (r.rank, r.participant.id, r.values) for r in again.rows
    ]
