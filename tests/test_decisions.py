"""After the tie-break list (C.07 4.2): the drawing of lots, play-offs and the arbiter's
rulings, and how every output records them. Expected orders are worked by hand below."""

from __future__ import annotations

import hashlib
import json
import subprocess
import sys

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from trfbuild import tournament

from fide_tiebreaks import compute_standings, parse_trf
from fide_tiebreaks.decisions import DecisionError, draw_lots, parse_decided
from fide_tiebreaks.formats import render

# Four players, a round robin of draws: equal on points, SB (2.25), DE (1) and WIN (0), so
# only lots can order them.
DRAWS = tournament(
    {
        1: [(2, "w", "="), (3, "b", "="), (4, "w", "=")],
        2: [(1, "b", "="), (4, "w", "="), (3, "b", "=")],
        3: [(4, "b", "="), (1, "w", "="), (2, "w", "=")],
        4: [(3, "w", "="), (2, "b", "="), (1, "b", "=")],
    },
    headers=("092 Individual: Round-Robin", "052 2026/06/01"),
)

# R1 1-0 over 2, 3-4 drawn; R2 1-3 and 2-4 drawn; R3 4 beats 1, 2 beats 3.
# Points: 4: 1/2+1/2+1 = 2; 1: 1+1/2+0 = 1.5; 2: 0+1/2+1 = 1.5; 3: 1/2+1/2+0 = 1.
# SB: 1 = 1.5 (beat 2) + 1/2 x 1 (drew 3) = 2; 2 = 1/2 x 2 (drew 4) + 1 (beat 3) = 2: equal.
# DE between 1 and 2: 1 won their game, so DE ranks #1 first (value 1) and #2 second (2).
DE_DECIDES = tournament(
    {
        1: [(2, "w", "1"), (3, "b", "="), (4, "w", "0")],
        2: [(1, "b", "0"), (4, "w", "="), (3, "b", "1")],
        3: [(4, "b", "="), (1, "w", "="), (2, "w", "0")],
        4: [(3, "w", "="), (2, "b", "="), (1, "b", "1")],
    },
    headers=("092 Individual: Round-Robin", "052 2026/06/01"),
)


def order(s):
    return [(row.rank, row.participant.id) for row in s.rows]


def ranked(text, **kw):
    return compute_standings(parse_trf(text, "e.trf").tournament, "SB,DE,WIN", **kw)


def test_lots_order_is_sha256_of_seed_and_start_rank():
    # Worked independently of the library: the key is sha256(b"<seed>:<start rank>").
    #   abc:1 -> bfcf0b9c...   abc:2 -> 16455f08...   abc:3 -> 0ffad30e...   abc:4 -> 21ac199c...
    # ascending: 0ffa (3) < 1645 (2) < 21ac (4) < bfcf (1)
    keys = {i: hashlib.sha256(f"abc:{i}".encode()).hexdigest() for i in range(1, 5)}
    assert keys[1].startswith("bfcf0b9c") and keys[3].startswith("0ffad30e")
    assert keys[2].startswith("16455f08") and keys[4].startswith("21ac199c")
    s = ranked(DRAWS, lots="abc")
    assert order(s) == [(1, 3), (2, 2), (3, 4), (4, 1)]
    assert draw_lots("abc", [1, 2, 3, 4]) == [3, 2, 4, 1]
    (a,) = s.settlement.applied
    assert (a.place, a.by, a.order, a.seed) == (1, "lots", (3, 2, 4, 1), "abc")


def test_another_seed_draws_another_order():
    # 2026:1 -> 3abf1d15..., 2026:2 -> 6c2e40ba..., 2026:3 -> 63222d05..., 2026:4 -> 47c4d8f5...
    # ascending: 3abf (1) < 47c4 (4) < 6322 (3) < 6c2e (2)
    keys = {i: hashlib.sha256(f"2026:{i}".encode()).hexdigest()[:8] for i in range(1, 5)}
    assert keys == {1: "3abf1d15", 2: "6c2e40ba", 3: "63222d05", 4: "47c4d8f5"}
    assert [pid for _, pid in order(ranked(DRAWS, lots="2026"))] == [1, 4, 3, 2]


def test_without_lots_the_tie_is_shared_and_reported():
    s = ranked(DRAWS)
    assert order(s) == [(1, 1), (1, 2), (1, 3), (1, 4)]
    (tie,) = s.settlement.open_ties
    assert (tie.place, tie.members) == (1, (1, 2, 3, 4))
    data = json.loads(render(s, "json"))
    assert data["after_list"]["lots_needed"] == [{"place": 1, "members": [1, 2, 3, 4]}]
    assert "lots are needed" in render(s, "table").decode()


def test_lots_and_decisions_round_trip_through_trf():
    s = ranked(DRAWS, decided=[parse_decided("play-off:3>1 blitz")], lots="abc")
    # 3 then 1 by the play-off; 2 and 4 left for lots: 1645 (2) < 21ac (4)
    assert order(s) == [(1, 3), (2, 1), (3, 2), (4, 4)]
    text = render(s, "trf").decode()
    assert "### fide-tiebreaks decided: play-off:3>1 blitz\n" in text
    assert "### fide-tiebreaks lots: abc\n" in text
    assert "### fide-tiebreaks drawn: place 3: 2>4\n" in text
    again = parse_trf(text, "again.trf")
    assert not [d for d in again.diagnostics if d.severity.name != "NOTE"]
    assert order(compute_standings(again.tournament, "SB,DE,WIN")) == order(s)


def test_a_play_off_orders_a_tied_group_and_is_shown():
    s = ranked(DRAWS, decided=[parse_decided("arbiter:4")])
    # 4 takes the group's first place; the other three still share place 2.
    assert order(s) == [(1, 4), (2, 1), (2, 2), (2, 3)]
    html = render(s, "html").decode()
    assert "decided by the arbiter" in html and "After the tie-break list" in html


def test_a_decision_that_contradicts_the_list_is_refused_naming_both():
    assert order(ranked(DE_DECIDES)) == [(1, 4), (2, 1), (3, 2), (4, 3)]
    with pytest.raises(DecisionError) as e:
        ranked(DE_DECIDES, decided=[parse_decided("play-off:2>1")])
    assert "contradicts" in str(e.value) and "#1 is ahead of #2 on DE (1 against 2)" in str(e.value)
    with pytest.raises(DecisionError, match=r"#4 is ahead of #3 on points \(2 against 1\)"):
        ranked(DE_DECIDES, decided=[parse_decided("3>4")])
    with pytest.raises(DecisionError, match="#4 is not tied with anyone"):
        ranked(DE_DECIDES, decided=[parse_decided("4")])


@pytest.mark.parametrize("text", ["5>", "play-off:3>3", "judge:3", ">3", "3>x", "arbiter:"])
def test_malformed_decisions_are_usage_errors(text):
    with pytest.raises(DecisionError):
        parse_decided(text)


def test_cli_lots_and_decided(tmp_path):
    path = tmp_path / "e.trf"
    path.write_text(DRAWS)
    cmd = [sys.executable, "-m", "fide_tiebreaks", "standings", str(path), "-t", "SB,DE,WIN"]
    done = subprocess.run([*cmd, "--lots", "abc", "-f", "json"], capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    assert [r["start_rank"] for r in json.loads(done.stdout)["standings"]] == [3, 2, 4, 1]
    bad = subprocess.run([*cmd, "--decided", "9>1"], capture_output=True, text=True)
    assert bad.returncode == 2 and "no participant 9" in bad.stderr
    assert bad.stderr.startswith("fide-tiebreaks: error: ")


def test_a_file_decision_naming_no_participant_is_located():
    text = DRAWS.replace("001    1", "### fide-tiebreaks decided: play-off:7>1\n001    1", 1)
    errors = [d for d in parse_trf(text, "e.trf").diagnostics if d.severity.name == "ERROR"]
    assert [(d.line, d.message) for d in errors] == [(4, "decided: no participant 7")]


def test_presets_are_the_default_lists_and_a_plugin_adds_one():
    from fide_tiebreaks import hookimpl
    from fide_tiebreaks.host import load_registry
    from fide_tiebreaks.tiebreak import Preset

    class Federation:
        @hookimpl
        def fide_tiebreaks_presets(self):
            return [Preset(name="nor-junior", tiebreaks="SB,WIN", citation="NSF 7.3")]

    reg = load_registry(entry_points=False, extra=[("federation", Federation())])
    assert {n: p.tiebreaks for n, p in reg.presets.items()} == {
        "fide-swiss": "BH/C1,BH,SB",
        "fide-round-robin": "SB,DE,WIN",
        "fide-team-swiss": "MPvGP,EMGSB/C1,BH:MP/C1",
        "fide-team-round-robin": "MPvGP,EDE,EMGSB",
        "nor-junior": "SB,WIN",
    }
    t = parse_trf(DRAWS, "e.trf").tournament
    s = compute_standings(t, "preset:nor-junior", reg=reg)
    assert s.codes == ["SB", "WIN"]
    assert any("preset nor-junior (NSF 7.3)" in d.message for d in s.diagnostics)


def test_explain_shows_what_decided_the_place():
    from fide_tiebreaks.explain import explain, render_text, to_dict

    t = parse_trf(DRAWS, "e.trf").tournament
    s, ex = explain(t, 3, "SB,DE,WIN", decided=[parse_decided("play-off:3>1 blitz")])
    assert (
        "after the tie-break list (C.07 4.2): decided by play-off (blitz), order #3, #1"
        in render_text(s, 3, ex)
    )
    s, ex = explain(t, 2, "SB,DE,WIN")
    assert "shares place 1 with #1, #3, #4" in render_text(s, 2, ex)
    assert to_dict(s, 2, ex)["after_list"].startswith("shares place 1 with #1, #3, #4")


@given(
    st.text(min_size=1, max_size=30).filter(lambda x: x.isprintable() and x == x.strip()),
    st.lists(st.integers(1, 9999), min_size=1, max_size=30, unique=True),
)
@settings(max_examples=50)
def test_lots_are_a_permutation_whatever_the_order_given(seed, ids):
    drawn = draw_lots(seed, ids)
    assert sorted(drawn) == sorted(ids)
    assert draw_lots(seed, list(reversed(ids))) == drawn  # the order given does not matter
