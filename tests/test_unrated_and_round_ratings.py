"""Unrated players (C.07 Art. 10: the regulations' two methods, a fixed rating and the
national rating) and ratings that change during the event (ARO per game)."""

from __future__ import annotations

from fractions import Fraction

from trfbuild import player_line

from fide_tiebreaks import compute_standings, parse_trf

# Four players, two rounds. R1: 1-2 1-0, 3-4 draw. R2: 1-3 draw, 4 beats 2.
# Ratings: 1: 2000, 2: unrated (national 1600), 3: 1800, 4: 2200.
ROUNDS = {
    1: [(2, "w", "1"), (3, "b", "=")],
    2: [(1, "b", "0"), (4, "w", "0")],
    3: [(4, "w", "="), (1, "w", "=")],
    4: [(3, "b", "="), (2, "b", "1")],
}
RATINGS = {1: 2000, 2: 0, 3: 1800, 4: 2200}
PLAYERS = [player_line(i, f"Player {i}", ROUNDS[i], rating=RATINGS[i]) for i in range(1, 5)]
NATIONAL = "NOR" + player_line(2, "Player 2", [], rating=1600)[3:]  # TRF-2026 national line
TEXT = "\n".join(["012 Ratings", "052 2026/05/20", *PLAYERS, NATIONAL]) + "\n"


def aro(text, **options):
    s = compute_standings(parse_trf(text, "r.trf").tournament, "ARO", options=options)
    return s.values("ARO") if "ARO" in s.codes else None, s


def test_without_a_method_the_rating_tiebreaks_are_dropped():
    values, s = aro(TEXT)
    assert values is None
    assert any("--national-ratings" in d.message for d in s.diagnostics)


def test_national_ratings_where_fide_ratings_are_missing():
    p2 = parse_trf(TEXT, "r.trf").tournament.participant(2)
    assert (p2.rating, p2.national_rating) == (None, 1600)
    values, _ = aro(TEXT, national_ratings=True)
    # 1: (1600 + 1800) / 2 = 1700; 2: (2000 + 2200) / 2 = 2100;
    # 3: (2200 + 2000) / 2 = 2100; 4: (1800 + 1600) / 2 = 1700
    assert values == {1: 1700, 2: 2100, 3: 2100, 4: 1700}


def test_a_fixed_rating_for_the_unrated():
    values, _ = aro(TEXT, unrated_rating=1000)
    # 1: (1000 + 1800) / 2 = 1400; 4: (1800 + 1000) / 2 = 1400
    assert (values[1], values[4]) == (1400, 1400)


def test_per_round_ratings_change_aro_when_the_regulations_say_so():
    # Player 3 is rated 1900 from round 2 (a new list): only 1's game in round 2 sees it.
    text = TEXT + "### fide-tiebreaks round-ratings: 3 - 1900\n"
    p3 = parse_trf(text, "r.trf").tournament.participant(3)
    assert (p3.rating_in_round(1), p3.rating_in_round(2)) == (1800, 1900)
    initial, _ = aro(text, national_ratings=True)
    assert initial[1] == 1700  # the initial ratings, the default: (1600 + 1800) / 2
    per_round, _ = aro(text, national_ratings=True, ratings="per-round")
    # 1: (1600 + 1900) / 2 = 1750; 4 met 3 in round 1, at 1800: (1800 + 1600) / 2 = 1700
    assert per_round == {1: 1750, 2: 2100, 3: 2100, 4: 1700}
    assert isinstance(per_round[1], Fraction)


def test_a_bad_round_ratings_record_is_located():
    text = TEXT + "### fide-tiebreaks round-ratings: 3 - 19x0\n"
    errors = [d for d in parse_trf(text, "r.trf").diagnostics if d.severity.name == "ERROR"]
    assert [(d.line, d.column) for d in errors] == [(8, 20)]
    assert "'19x0' is not a rating" in errors[0].message


def test_our_xml_carries_national_and_per_round_ratings():
    from fide_tiebreaks.formats import parse_any

    xml = b"""<?xml version="1.0"?>
<tournament name="Ratings" end-date="2026-05-20">
  <player id="1" name="Player 1" rating="2000">
    <round n="1" opponent="2" colour="w" result="1"/>
    <round n="2" opponent="3" colour="b" result="="/>
  </player>
  <player id="2" name="Player 2" national-rating="1600" federation="NOR">
    <round n="1" opponent="1" colour="b" result="0"/>
    <round n="2" opponent="4" colour="w" result="0"/>
  </player>
  <player id="3" name="Player 3" rating="1800">
    <round n="1" opponent="4" colour="w" result="="/>
    <round n="2" opponent="1" colour="w" result="=" rating="1900"/>
  </player>
  <player id="4" name="Player 4" rating="2200">
    <round n="1" opponent="3" colour="b" result="="/>
    <round n="2" opponent="2" colour="b" result="1"/>
  </player>
</tournament>
"""
    result = parse_any(xml, "r.xml")
    assert not [d for d in result.diagnostics if d.severity.name == "ERROR"]
    t = result.tournament
    assert t.participant(2).national_rating == 1600
    assert t.participant(3).round_ratings == (None, 1900)
    s = compute_standings(t, "ARO", options={"national_ratings": True, "ratings": "per-round"})
    assert s.values("ARO") == {1: 1750, 2: 2100, 3: 2100, 4: 1700}  # as worked above
