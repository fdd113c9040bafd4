"""Chess-JSON (FIDE TEC's JSON model): reading, writing and round trips.

Independent sources: the TEC exercise as FIDE TEC's reference program writes it in
Chess-JSON (its published values must come back), a small document written out here with
its results worked by hand, and round trips that must give back what was read.
"""

from __future__ import annotations

import json
import sys
from fractions import Fraction
from pathlib import Path

import pytest
from conftest import ROOT, TEC, expected, run_cli
from test_teams import as_trf16

from fide_tiebreaks import compute_standings, parse_trf
from fide_tiebreaks.diagnostics import InputError
from fide_tiebreaks.formats import parse_any
from fide_tiebreaks.formats.chessjson import dumps, event, read_chess_json, to_trf
from fide_tiebreaks.model import ResultKind as K
from fide_tiebreaks.model import Tournament

sys.path.insert(0, str(ROOT / "benchmarks"))
from generate import generate, generate_teams

CODES = ["BH", "BH/C1", "BH/C2", "BH/M1", "SB", "SB/C1", "PS", "WIN", "WON", "BPG", "BWG", "REP"]


def test_the_reference_programs_json_of_the_tec_exercise_gives_the_published_values():
    data = (TEC / "tournament.chess.json").read_bytes()
    t = read_chess_json(data, "tec.json").tournament
    want = expected("expected-2024.csv")
    s = compute_standings(t, CODES, "fide-2024")
    for code in CODES:
        assert s.values(code) == {pid: row[code] for pid, row in want.items()}, code
    assert {p.id: p.points for p in t} == {pid: row["points"] for pid, row in want.items()}


# Five players, three rounds, written here by hand:
#   R1: 1-2 1-0 (played), 3-4 draw, 5 gets the pairing-allocated bye
#   R2: 5-1 0-1, 2-3 won by 2 by forfeit, 4 takes a half-point bye
#   R3: 1-3 draw, 4-5 1-0, 2 takes a zero-point bye
# Points: 1: 1+1+1/2 = 2.5; 2: 0+1+0 = 1; 3: 1/2+0+1/2 = 1; 4: 1/2+1/2+1 = 2; 5: 1+0+0 = 1
HAND = {
    "filetype": "Event",
    "version": "1.0",
    "origin": "hand",
    "published": "",
    "event": {
        "eventName": "Hand-made",
        "profiles": [
            {
                "id": 10 + i,
                "lastName": f"Last{i}",
                "firstName": f"First{i}",
                "sex": "m",
                "federation": "NOR",
                "fideId": 1000 + i,
                "rating": [{"list": "TRF", "rating": 1500 + 100 * i}],
                "fideTitle": "IM" if i == 1 else "",
            }
            for i in range(1, 6)
        ],
        "tournaments": [
            {
                "numRounds": 3,
                "rankOrder": ["PTS", "BH", "SB"],
                "competitors": [
                    {"cid": i, "profileId": 10 + i, "gamePoints": pts, "rank": rank}
                    for i, pts, rank in (
                        (1, "2.5", 1),
                        (2, "1.0", 3),
                        (3, 1, 4),
                        (4, 2, 2),
                        (5, "1", 5),
                    )
                ],
                "gameList": [
                    {
                        "round": 1,
                        "white": {"cid": 1, "result": "W"},
                        "black": {"cid": 2, "result": "L"},
                        "played": True,
                        "rated": True,
                    },
                    {
                        "round": 1,
                        "white": {"cid": 3, "result": "D"},
                        "black": {"cid": 4, "result": "D"},
                        "played": True,
                    },
                    {
                        "round": 1,
                        "white": {"cid": 5, "result": "P"},
                        "black": None,
                        "played": True,
                        "rated": False,
                    },
                    {
                        "round": 2,
                        "white": {"cid": 5, "result": "L"},
                        "black": {"cid": 1, "result": "W"},
                        "played": True,
                        "rated": True,
                    },
                    {
                        "round": 2,
                        "white": {"cid": 2, "result": "W"},
                        "black": {"cid": 3, "result": "Z"},
                        "played": False,
                        "rated": False,
                    },
                    {
                        "round": 2,
                        "white": {"cid": 4, "result": "D"},
                        "black": None,
                        "played": False,
                    },
                    {
                        "round": 3,
                        "white": {"cid": 1, "result": "D"},
                        "black": {"cid": 3},
                        "played": True,
                        "rated": True,
                    },
                    {
                        "round": 3,
                        "white": {"cid": 4, "result": "W"},
                        "black": {"cid": 5, "result": "L"},
                        "played": True,
                        "rated": True,
                    },
                    {
                        "round": 3,
                        "white": {"cid": 2, "result": "Z"},
                        "black": None,
                        "played": False,
                    },
                ],
            }
        ],
    },
}


def test_a_hand_written_document():
    result = read_chess_json(json.dumps(HAND).encode(), "hand.json")
    t = result.tournament
    assert [d for d in result.diagnostics if d.severity >= 1] == []
    assert t.name == "Hand-made" and t.rounds == 3
    assert t.declared_standings == ("PTS", "BH", "SB")
    kinds = {p.id: [g.kind for g in p.results] for p in t}
    assert kinds == {
        1: [K.WIN, K.WIN, K.DRAW],
        2: [K.LOSS, K.FORFEIT_WIN, K.ZERO_BYE],
        3: [K.DRAW, K.FORFEIT_LOSS, K.DRAW],  # round 3: only White's side gave the result
        4: [K.DRAW, K.HALF_BYE, K.WIN],
        5: [K.PAB, K.LOSS, K.LOSS],
    }
    assert {p.id: p.points for p in t} == {1: Fraction(5, 2), 2: 1, 3: 1, 4: 2, 5: 1}
    one = t.participant(1)
    assert (one.name, one.rating, one.federation, one.fide_id, one.title, one.sex) == (
        "Last1, First1",
        1600,
        "NOR",
        "1001",
        "m",
        "m",
    )
    assert [p.declared_rank for p in t] == [1, 3, 4, 2, 5]


def _values(t: Tournament) -> object:
    """Everything a tie-break or a writer can see, except the source text. Colours of
    unplayed games are left out: Chess-JSON puts every paired player on a side."""
    people = [
        (
            p.id,
            p.name,
            p.points,
            p.rating,
            p.federation,
            p.fide_id,
            p.title,
            p.sex,
            p.birth_date,
            p.declared_points,
            p.declared_rank,
            p.adjustment_units,
            [
                (g.round, g.kind, g.opponent, g.points, g.colour if g.kind.played else None)
                for g in p.results
            ],
        )
        for p in t
    ]
    team = None
    if t.team is not None:
        d = t.team
        team = (
            [
                (x.id, x.name, x.players, x.declared_mp, x.declared_gp, x.declared_rank)
                for x in d.teams
            ],
            dict(d.matches),
            d.match_scoring,
            d.game_scoring,
            d.primary,
            d.boards,
            _values(d.players),
        )
    return (
        t.name,
        t.rounds,
        t.planned_rounds,
        t.scoring,
        t.type,
        t.declared_tiebreaks,
        t.declared_standings,
        t.start_date,
        t.end_date,
        people,
        team,
    )


def _sources() -> list[tuple[str, bytes]]:
    files = [
        TEC / "tournament.trf",
        ROOT / "conformance/fixtures/team-4x4/tournament.trf",
        *sorted((ROOT / "conformance/cases").glob("*.trf")),
    ]
    out = [(f.name, f.read_bytes()) for f in files]
    out.append(("team-4x4-trf16", as_trf16(files[1].read_text()).encode()))  # 013 records
    for seed in range(8):
        out.append(
            (
                f"swiss-{seed}",
                generate(20 + seed, 7, seed, withdraw=0.05, bye=0.1, forfeit=0.1).encode(),
            )
        )
        teams = generate_teams(6 + seed, 4, 5, seed, forfeit=0.1, reserve=0.3, empty_board=0.05)
        out.append((f"teams-{seed}", teams.encode()))
    return out


@pytest.mark.parametrize(("name", "data"), _sources(), ids=[n for n, _ in _sources()])
def test_trf_to_chess_json_to_trf_keeps_every_value(name, data):
    original = parse_trf(data, name).tournament
    document = dumps(event(original))
    back = read_chess_json(document.encode(), name)
    assert [str(d) for d in back.diagnostics if d.severity >= 2] == []
    assert _values(back.tournament) == _values(original)
    # ... and the TRF written from the JSON reads back to the same values again
    again = parse_trf(to_trf(json.loads(document))[0].encode(), name).tournament
    assert _values(again) == _values(original)
    codes = "BH/C1,BH,SB,WIN" if original.team is None else "BH:MP/C1,EMGSB/C1"
    a = compute_standings(original, codes, "fide-2024")
    b = compute_standings(back.tournament, codes, "fide-2024")
    assert [(r.participant.id, r.rank, r.values) for r in a.rows] == [
        (r.participant.id, r.rank, r.values) for r in b.rows
    ]


def test_the_header_records_without_a_field_travel_in_other_trf():
    text = (
        (TEC / "tournament.trf")
        .read_text()
        .replace("092 ", "102 Jane Arbiter\n132" + " " * 87 + "24/08/01  24/08/02\n092 ")
    )
    document = event(parse_trf(text.encode()).tournament)
    assert document["event"]["tournaments"][0]["other"]["trf"][:2] == [
        "102 Jane Arbiter",
        "132" + " " * 87 + "24/08/01  24/08/02",
    ]
    assert "102 Jane Arbiter" in to_trf(document)[0]


def test_cli_converts_both_ways_and_standings_write_chess_json(tmp_path: Path):
    trf = TEC / "tournament.trf"
    out = tmp_path / "t.json"
    done = run_cli("convert", str(trf), "--to", "chess-json", "-o", str(out))
    assert done.returncode == 0, done.stderr
    back = run_cli("convert", str(out), "--to", "trf")
    assert back.returncode == 0, back.stderr
    assert _values(parse_trf(back.stdout.encode()).tournament) == _values(
        parse_trf(trf.read_bytes()).tournament
    )
    ranked = run_cli("standings", str(out), "-t", "BH/C1,SB", "-e", "fide-2024", "-f", "chess-json")
    assert ranked.returncode == 0, ranked.stderr
    t = json.loads(ranked.stdout)["event"]["tournaments"][0]
    assert t["rankOrder"] == ["PTS", "BH/C1", "SB"]
    want = expected("expected-2024.csv")
    for c in t["competitors"]:  # the TEC's published BH/C1 and SB
        assert [Fraction(v) for v in c["tieBreakScore"]] == [
            want[c["cid"]]["BH/C1"],
            want[c["cid"]]["SB"],
        ]
    assert sorted(c["rank"] for c in t["competitors"])[:2] == [1, 2]


@pytest.mark.parametrize(
    ("text", "where", "message"),
    [
        ('{\n  "event": [1,,]\n}', "x.json:2:15", "not JSON"),
        ('{"event": {"tournaments": []}}', "x.json", "no tournament"),
        (
            '{"event": {"tournaments": [{"competitors": [{"cid": 0}]}]}}',
            "x.json:1",
            "outside 1..9999",
        ),
        (
            '{"event": {"tournaments": [{"competitors": [\n{"cid": 1},\n{"cid": 2}],\n'
            '"gameList": [{"round": 1, "white": {"cid": 1, "result": "Q"}, "black": {"cid": 2, '
            '"result": "L"}, "played": true}]}]}}',
            "x.json:2",
            "result 'Q'",
        ),
        (
            '{"event": {"tournaments": [{"competitors": [{"cid": 1, "gamePoints": "lots"}]}]}}',
            "x.json:1",
            "must be a number",
        ),
    ],
)
def test_bad_documents_are_refused_with_a_location(text, where, message):
    with pytest.raises(InputError) as e:
        parse_any(text.encode(), "x.json")
    assert str(e.value).startswith(where + ":") and message in str(e.value)


def test_points_that_disagree_with_the_results_are_reported_at_the_competitor():
    doc = json.loads(json.dumps(HAND))
    doc["event"]["tournaments"][0]["competitors"][1]["gamePoints"] = "2.0"
    text = json.dumps(doc, indent=1)
    line = next(n for n, t in enumerate(text.splitlines(), 1) if '"cid": 2,' in t)
    diags = read_chess_json(text.encode(), "h.json").diagnostics
    found = [d for d in diags if "competitor 2" in d.message]
    assert found and found[0].line == line, [str(d) for d in diags]


def test_a_line_end_inside_a_name_does_not_make_a_record():
    doc = json.loads(json.dumps(HAND))
    doc["event"]["eventName"] = "Open\n001    9      Injected"
    doc["event"]["profiles"][0]["fideName"] = "A\r\n001    8      B"
    t = read_chess_json(json.dumps(doc).encode(), "x.json").tournament
    assert sorted(p.id for p in t) == [1, 2, 3, 4, 5]
    assert t.name.startswith("Open ") and t.participant(1).name.startswith("A  ")
