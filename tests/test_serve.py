"""`fide-tiebreaks serve --stdio`, driven as a pairing program would: one process, a stream
of good and bad requests, one response line each, in order."""

from __future__ import annotations

import json
import shutil
import subprocess
import sys

import pytest
from conftest import ROOT, TEC

TEAMS = ROOT / "conformance" / "fixtures" / "team-4x4" / "tournament.trf"


def converse(requests: list[str]) -> list[dict]:
    proc = subprocess.Popen(
        [sys.executable, "-m", "fide_tiebreaks", "serve", "--stdio"],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        cwd=ROOT,
    )
    out, err = proc.communicate("\n".join(requests) + "\n", timeout=120)
    assert proc.returncode == 0, err
    assert "Traceback" not in err
    return [json.loads(line) for line in out.splitlines()]


def test_a_stream_of_good_and_bad_requests():
    tec = str(TEC / "tournament.trf")
    text = (TEC / "tournament.trf").read_text(encoding="utf-8")
    chess = (TEC / "tournament.chess.json").read_text(encoding="utf-8")  # the TEC's own JSON
    replies = converse(
        [
            json.dumps({"id": 1, "path": tec, "tiebreaks": "BH/C1,BH,SB", "edition": "fide-2024"}),
            "{not json",
            json.dumps({"id": 3, "trf": text, "tiebreaks": ["SB"], "edition": "fide-2024"}),
            json.dumps({"id": 4, "path": tec, "tiebreaks": "NOPE"}),
            "",  # blank lines are skipped, not answered
            json.dumps({"id": 5, "path": str(ROOT / "missing.trf")}),
            json.dumps({"id": 6, "trf": "001    x      broken\n"}),
            json.dumps({"id": 7, "path": tec, "after_round": 99}),
            json.dumps({"id": 8, "path": tec, "colour": "w"}),
            json.dumps([1, 2]),
            json.dumps({"id": 10, "path": tec, "trf": text}),
            json.dumps(
                {"id": 11, "path": str(TEAMS), "edition": "fide-2024", "tiebreaks": "MPvGP,BH:MP"}
            ),
            json.dumps(
                {"id": 12, "path": tec, "tiebreaks": "BH", "edition": "fide-2024", "after_round": 1}
            ),
            json.dumps(
                {
                    "id": 13,
                    "chess_json": json.loads(chess),
                    "tiebreaks": "BH/C1,BH,SB",
                    "edition": "fide-2024",
                }
            ),
            json.dumps({"id": 14, "chess_json": chess[:200]}),
            json.dumps({"id": 15, "chess_json": 7}),
        ]
    )
    assert len(replies) == 15
    by_id = {r.get("id"): r for r in replies}
    # Official TEC exercise values (2024 table): Player02 BH/C1 12, BH 13, SB 9.5, first.
    first = by_id[1]["standings"][0]
    assert first["start_rank"] == 2 and first["rank"] == 1
    assert first["tiebreaks"] == {"BH/C1": "12", "BH": "13", "SB": "9.5"}
    sb = {r["start_rank"]: r["tiebreaks"]["SB"] for r in by_id[3]["standings"]}
    assert sb[9] == "2.25"  # Player09's SB in the same table
    assert replies[1]["error"]["message"].startswith("not JSON")
    assert "unknown tie-break code 'NOPE'" in by_id[4]["error"]["message"]
    assert "missing.trf: error: cannot read the file" in by_id[5]["error"]["diagnostics"][0]
    assert by_id[6]["error"]["diagnostics"][0].startswith("<trf>:1:5: error: start rank")
    # the request's own field is named, not the command line's option (review finding)
    assert "after_round 99 must be between 1 and 5" in by_id[7]["error"]["message"]
    assert "unknown field(s) colour" in by_id[8]["error"]["message"]
    assert replies[8] == {"error": {"message": "a request is a JSON object", "diagnostics": []}}
    assert "exactly one of" in by_id[10]["error"]["message"]
    # The hand-worked 4-team fixture: team 1 first with 5 MP, 9 GP; BH:MP 7.
    team = by_id[11]["standings"][0]
    assert (team["team"], team["match_points"], team["game_points"]) == (1, "5", "9")
    assert team["tiebreaks"]["BH:MP"] == "7"
    assert by_id[12]["tournament"]["rounds"] == 1
    assert by_id[13]["standings"][0]["tiebreaks"] == {"BH/C1": "12", "BH": "13", "SB": "9.5"}
    assert by_id[14]["error"]["diagnostics"][0].startswith("<chess_json>:")
    assert "not JSON" in by_id[14]["error"]["diagnostics"][0]
    assert "must be the document" in by_id[15]["error"]["message"]


EXAMPLES = ROOT / "examples" / "serve"


def _service_on_path(tmp_path) -> dict[str, str]:
    """PATH with a `fide-tiebreaks` that runs this checkout's interpreter and package."""
    import os

    shim = tmp_path / "bin" / "fide-tiebreaks"
    shim.parent.mkdir()
    shim.write_text(f'#!/bin/sh\nexec "{sys.executable}" -m fide_tiebreaks "$@"\n')
    shim.chmod(0o755)
    return {**os.environ, "PATH": f"{shim.parent}{os.pathsep}{os.environ['PATH']}"}


@pytest.mark.skipif(not shutil.which("javac"), reason="no Java compiler")
def test_the_documented_java_client(tmp_path):
    env = _service_on_path(tmp_path)
    shutil.copy(EXAMPLES / "Client.java", tmp_path)
    subprocess.run(["javac", "Client.java"], cwd=tmp_path, check=True, timeout=300)
    done = subprocess.run(
        ["java", "-cp", str(tmp_path), "Client", str(TEC / "tournament.trf")],
        capture_output=True,
        text=True,
        env=env,
        timeout=300,
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.splitlines() == [
        "round 1: standings received",
        "round 2: standings received",
        "text: standings received",
    ]


@pytest.mark.skipif(not shutil.which("g++"), reason="no C++ compiler")
def test_the_documented_cpp_client(tmp_path):
    env = _service_on_path(tmp_path)
    exe = tmp_path / "client"
    subprocess.run(
        ["g++", "-std=c++17", "-Wall", "-Werror", "-o", str(exe), str(EXAMPLES / "client.cpp")],
        check=True,
        timeout=300,
    )
    done = subprocess.run(
        [str(exe), str(TEC / "tournament.trf")],
        capture_output=True,
        text=True,
        env=env,
        timeout=300,
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.splitlines() == [
        "round 1: standings received",
        "round 2: standings received",
        "text: standings received",
    ]


def test_trf_text_with_a_lone_surrogate_is_a_located_error():
    """JSON can carry a lone surrogate ("\\ud800"); the TRF text is read as a str, so the
    answer is an error naming the place, never an internal error."""
    text = (TEC / "tournament.trf").read_text(encoding="utf-8").replace("Nick", "Ni\ud800k")
    (reply,) = converse([json.dumps({"id": 1, "trf": text, "edition": "fide-2024"})])
    assert reply["id"] == 1 and "U+D800" in reply["error"]["diagnostics"][0]
