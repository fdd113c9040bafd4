"""``POST /tiebreak``: FIDE TEC's gacrux ``tiebreak request`` on the TEC exercise returns the
values gacrux's checker prints: the exercise's published values (expected-2024.csv, which
match the reference program in its 2024 mode) and, where gacrux is installed (tox -e http),
what its tiebreakchecker prints for the same file and list, run here."""

from __future__ import annotations

import base64
import json
import os
import subprocess
import sys
from fractions import Fraction

import pytest
from conftest import TEC, expected
from http_service import assert_problem, running

T = TEC / "tournament.trf"
CODES = ["PTS", "BH/C1", "BH", "SB", "SB/C1", "WIN"]
OFFICIAL = expected("expected-2024.csv")


@pytest.fixture(scope="module")
def server():
    with running() as s:
        yield s


def tiebreak_request(codes: list[str], **more: object) -> bytes:
    """The request as gacrux's chessserver documents it: base64 "data" lines in "options"."""
    lines = base64.encodebytes(T.read_bytes()).decode().splitlines()
    options = {"service": "tiebreak", "input_filetype": "TRF", "data": lines, "tiebreak": codes}
    return json.dumps(
        {"filetype": "tiebreak request", "version": "1.0", "options": {**options, **more}}
    ).encode()


def scores(response: dict) -> dict[int, list[Fraction]]:
    return {
        c["cid"]: [Fraction(v) for v in c["tiebreakScore"]]
        for c in response["tiebreakResult"]["competitors"]
    }


def test_the_tec_exercise_gives_the_published_values(server):
    reply = server.post("/tiebreak", tiebreak_request(CODES))
    assert reply.status == 200, reply.body
    response = reply.json()
    assert response["filetype"] == "tiebreak response" and response["status"]["code"] == 0
    competitors = response["tiebreakResult"]["competitors"]
    assert [c["cid"] for c in competitors] == list(range(1, 17))  # in list (start-rank) order
    key = {"PTS": "points"}
    for cid, values in scores(response).items():
        assert values == [OFFICIAL[cid][key.get(c, c)] for c in CODES], cid
    # Player02 (4 points) first; Player01 and Stephan tie on BH/C1 and BH, SB parts them.
    ranks = {c["cid"]: c["rank"] for c in competitors}
    assert ranks[2] == 1 and ranks[1] < ranks[16]


def test_the_command_object_gacruxs_server_reads_is_taken_too(server):
    command = {
        "service": "tiebreak",
        "input_format": "TRF",
        "base64": base64.b64encode(T.read_bytes()).decode(),
        "tiebreak": CODES,
        "tournament_number": "1",
    }
    reply = server.post("/tiebreak", json.dumps({"command": command}).encode())
    assert reply.status == 200
    assert scores(reply.json()) == scores(server.post("/tiebreak", tiebreak_request(CODES)).json())


def _gacrux_checker() -> dict:
    pytest.importorskip("gacrux", reason="gacrux is the reference (tox -e http installs it)")
    done = subprocess.run(
        [sys.executable, "-m", "gacrux.tiebreakchecker", "-i", str(T), "-t", *CODES],
        capture_output=True,
        text=True,
        timeout=120,
        env={**os.environ},
    )
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout)


def test_the_values_are_what_gacruxs_checker_prints(server):
    theirs = _gacrux_checker()
    ours = server.post("/tiebreak", tiebreak_request(CODES)).json()
    assert scores(ours) == scores(theirs)
    assert {c["cid"]: c["rank"] for c in ours["tiebreakResult"]["competitors"]} == {
        c["cid"]: c["rank"] for c in theirs["tiebreakResult"]["competitors"]
    }


@pytest.mark.parametrize(
    ("request_", "said"),
    [
        (
            {"options": {"service": "tiebreak", "input_file": "/etc/passwd", "tiebreak": ["PTS"]}},
            "never read",
        ),
        ({"options": {"service": "pairing", "data": []}}, "not offered"),
        ({"options": {"data": ["!!!"], "tiebreak": ["PTS"]}}, "not base64"),
        ({"options": {"data": [], "tiebreak": ["BH", "PTS"]}}, "begins with PTS"),
        ({"options": {}, "command": {}}, "exactly one"),
        ({"options": {"data": [], "frobnicate": 1}}, "frobnicate"),
        ({"options": {"data": [], "current_round": "x"}}, "current_round"),
        ({"options": {"data": [], "tournament_number": 2}}, "tournament_number"),
        ({"options": {"data": [], "input_filetype": "TS"}}, "TS"),
        ([1, 2], "JSON object"),
    ],
)
def test_a_bad_tiebreak_request_is_a_problem_saying_what_is_wrong(server, request_, said):
    doc = assert_problem(server.post("/tiebreak", json.dumps(request_).encode()), 400)
    assert said in doc["detail"]


def test_a_file_gacrux_cannot_rank_is_a_problem_with_its_located_message(server):
    data = base64.b64encode(b"001 garbage\n").decode()
    doc = assert_problem(
        server.post("/tiebreak", json.dumps({"options": {"data": [data]}}).encode()), 400, 422
    )
    assert doc["detail"].startswith("<body>:1:")
