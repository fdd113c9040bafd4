"""Fuzzing the readers and the whole standings pipeline: whatever the bytes, reading gives
diagnostics or InputError, and ranking gives values or CodeError; never another exception.

The mutation fuzz uses fixed seeds (reproducible) and runs a few hundred cases;
``FUZZ_CASES=100000`` (``tox -e fuzz``) runs a long one. The hypothesis tests draw the same
inputs on every machine (tests/conftest.py); ``tox -e fuzz`` draws fresh ones."""

from __future__ import annotations

import json
import os
import random
import sys

import pytest
from conftest import ROOT, TEC, run_cli

sys.path.insert(0, str(ROOT / "benchmarks"))
from fide_tiebreaks.conformance import runner
from generate import generate, generate_teams
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from fide_tiebreaks import CodeError, InputError, compute_standings, parse_trf
from fide_tiebreaks.formats import parse_any
from fide_tiebreaks.formats.chessjson import dumps, event
from fide_tiebreaks.formats.xml import read_xml

CASES = int(os.environ.get("FUZZ_CASES", "360"))

SEEDS = [
    generate(12, 5, 1, withdraw=0.05, bye=0.08, forfeit=0.08).encode(),
    generate_teams(5, 4, 4, 2, forfeit=0.1, empty_board=0.1).encode(),
    (TEC / "tournament.trf").read_bytes(),
    (ROOT / "conformance" / "fixtures" / "team-4x4" / "tournament.trf").read_bytes(),
]
ALPHABET = b" 0123456789+-=wbUHFZWDL\r\n.\xb2\xc3\xa9\x00"


def mutate(rng: random.Random) -> bytes:
    data = bytearray(rng.choice(SEEDS))
    for _ in range(rng.randint(1, 8)):
        pos = rng.randrange(len(data))
        op = rng.random()
        if op < 0.3:
            data[pos] = rng.randrange(256)  # stray byte
        elif op < 0.5:
            del data[pos : pos + rng.randint(1, 20)]  # truncation
        elif op < 0.7:
            data[pos:pos] = bytes(rng.choice(ALPHABET) for _ in range(rng.randint(1, 12)))
        elif op < 0.85:  # duplicated or shifted line
            lines = bytes(data).split(b"\n")
            k = rng.randrange(len(lines))
            lines.insert(k, lines[k] if op < 0.78 else b" " + lines[k])
            data = bytearray(b"\n".join(lines))
        else:  # absurd numbers, past Python's 4,300-digit int conversion limit too
            data[pos:pos] = rng.choice(
                [
                    b"0",
                    b"-1",
                    b"99999",
                    str(10**12).encode(),
                    b"0" * 5000 + b"1",
                    b"9" * 5000,
                    b"1." + b"5" * 5000,
                ]
            )
    return bytes(data)


def rank_everything(data: bytes) -> None:
    try:
        result = parse_any(data)
    except InputError:
        return
    if any(d.severity.name == "ERROR" for d in result.diagnostics):
        return  # the CLI refuses standings then
    t = result.tournament
    codes = (
        "MPvGP,EMGSB/C1,BH:MP/C1,EDET,SSSC,BC,TBR"
        if t.team
        else "BH/C1,BH,SB,DE,WIN,ARO/C1,TPR,PTP,KS,FB,AOB,PS,STD"
    )
    for edition in ("fide-2024", "fide-2026", "fide-2012"):
        try:
            compute_standings(t, codes, edition, options={"unrated_rating": 1000}, strict=True)
        except CodeError:
            pass


@pytest.mark.parametrize("seed", range(6))
def test_no_exception_escapes(seed):
    rng = random.Random(seed)
    for _ in range(CASES // 6):
        rank_everything(mutate(rng))


# TRF-shaped lines from fragments: record names, numbers at the wrong widths, stray bytes.
FRAGMENTS = st.sampled_from(
    [
        "001",
        "013",
        "310",
        "320",
        "330",
        "300",
        "012",
        "092",
        "142",
        "162",
        "202",
        "212",
        "XXR",
        "XXS",
        "BBW",
        "    1",
        "   2",
        "9999",
        "10000",
        "-1",
        " w ",
        " b ",
        " - ",
        "1",
        "0",
        "=",
        "+",
        "-",
        "H",
        "U",
        "Z",
        "F",
        "0000",
        "  ",
        "\t",
        "\r",
        "é",
        "\x00",
        "2024/13/45",
    ]
)
LINES = st.lists(FRAGMENTS, min_size=1, max_size=25).map("".join)


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    st.lists(LINES, min_size=1, max_size=12),
    st.sampled_from(["\n", "\r\n"]),
    st.sampled_from(["utf-8", "cp1252", "utf-16"]),
)
def test_trf_shaped_input_never_escapes(lines, eol, encoding):
    rank_everything(eol.join(lines).encode(encoding, errors="replace"))


@settings(max_examples=200, deadline=None)
@given(st.binary(max_size=600))
def test_arbitrary_bytes_never_escape(data):
    rank_everything(data)


JSON_SEEDS = [json.loads(dumps(event(parse_trf(seed).tournament))) for seed in SEEDS] + [
    json.loads((TEC / "tournament.chess.json").read_text())
]
JSON_VALUES = [
    None,
    True,
    0,
    -1,
    10**12,
    "",
    "x",
    "1.5",
    "W",
    "Z",
    "P",
    [],
    {},
    [1],
    {"cid": 1},
    1.5,
    float("nan"),
]


def _mutate_json(node: object, rng: random.Random) -> object:
    """*node* with some values swapped for odd ones and some keys or items dropped."""
    if isinstance(node, dict):
        out = {}
        for k, v in node.items():
            if rng.random() < 0.01:
                continue
            out[k] = rng.choice(JSON_VALUES) if rng.random() < 0.02 else _mutate_json(v, rng)
        return out
    if isinstance(node, list):
        items = [_mutate_json(v, rng) for v in node if rng.random() > 0.01]
        if items and rng.random() < 0.05:
            items.append(items[rng.randrange(len(items))])  # a duplicate entry
        return items
    return node


@pytest.mark.parametrize("seed", range(3))
def test_mutated_chess_json_never_escapes(seed):
    """Chess-JSON documents with values of the wrong type, missing fields and duplicates:
    refused with a located message or ranked, never a traceback."""
    rng = random.Random(seed)
    for _ in range(max(CASES // 6, 20)):
        doc = _mutate_json(rng.choice(JSON_SEEDS), rng)
        rank_everything(json.dumps(doc).encode())


XML_SEEDS = [p.read_bytes() for p in sorted(runner.CASES.glob("*.xml"))[:12]]


def test_mutated_xml_is_refused_with_located_messages(tmp_path):
    for trf in runner.CASES.glob("*.trf"):
        (tmp_path / trf.name).write_bytes(trf.read_bytes())
    (tmp_path / "gone.xml").write_bytes(XML_SEEDS[0].replace(b'path="', b'path="gone-'))
    with pytest.raises(InputError, match=r"gone.xml:\d+:1: error: tournament file 'gone-"):
        runner.load_case(tmp_path / "gone.xml")
    rng = random.Random(7)
    for i in range(CASES // 3):
        data = bytearray(rng.choice(XML_SEEDS))
        for _ in range(rng.randint(1, 6)):
            pos = rng.randrange(len(data))
            if rng.random() < 0.5:
                del data[pos : pos + rng.randint(1, 30)]
            else:
                data[pos:pos] = rng.choice(
                    [
                        b"<",
                        b">",
                        b"&",
                        b'"',
                        b"<x>",
                        b"\xff",
                        b"]]>",
                        b"<!ENTITY a 'b'>",
                        b"&a;",
                        b"9" * 30,
                    ]
                )
        path = tmp_path / f"m{i % 8}.xml"
        path.write_bytes(bytes(data))
        try:
            case = runner.load_case(path)
        except InputError as e:
            assert all(d.path == str(path) for d in e.diagnostics), [str(d) for d in e.diagnostics]
            continue
        runner.run_case(case)
        try:
            read_xml(bytes(data), "m.xml")
        except InputError:
            pass


def refused_at_line_9(record: str, message: str) -> None:
    """*record* appended to a generated 3-player file (8 lines) is an error at 9:5."""
    diagnostics = parse_trf((generate(3, 1, 1) + record + "\n").encode()).diagnostics
    assert any(
        d.severity.name == "ERROR" and (d.line, d.column) == (9, 5) and message in d.message
        for d in diagnostics
    ), [str(d) for d in diagnostics]


def test_ten_thousand_players_are_refused_clearly():
    # Start ranks have four columns (C.04 Annex 2): a 10,000th player cannot be written.
    # A fifth digit is refused where it stands, not read as player 1000.
    refused_at_line_9(
        "001 10000      Player 10000" + " " * 63,
        "does not fit columns 5-8: TRF holds at most 9999 players",
    )


def test_a_thousandth_team_is_refused_clearly():
    # Team numbers have three columns in the 310 record (TRF-2026).
    refused_at_line_9(
        "310 1000 Team" + " " * 60 + "1    2",
        "does not fit columns 5-7: TRF holds at most 999 teams",
    )


def test_the_command_line_never_shows_a_traceback(tmp_path):
    rng = random.Random(99)
    for i in range(8):
        path = tmp_path / f"m{i}.trf"
        path.write_bytes(mutate(rng))
        for args in (["check", str(path)], ["standings", str(path), "-f", "json"]):
            done = run_cli(*args)
            assert "Traceback" not in done.stderr and done.returncode in (0, 1, 2), done.stderr
