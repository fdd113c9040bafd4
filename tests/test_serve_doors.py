"""`serve --stdio` with hostile requests (issue 16, part A): every line gets one response
line, the next request an answer, and nothing a client sends stops the service or is read
in a way it did not mean (bytes, lone surrogates, long lines, special files, wrong types,
paths outside --root)."""

from __future__ import annotations

import io
import json
import os
import subprocess
import sys

from conftest import ROOT, TEC
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from fide_tiebreaks import serve

T = str(TEC / "tournament.trf")
GOOD = json.dumps({"id": "last", "path": T, "tiebreaks": "BH", "edition": "fide-2024"})


def converse(lines: list[bytes], *args: str) -> list[dict]:
    proc = subprocess.run(
        [sys.executable, "-m", "fide_tiebreaks", "serve", "--stdio", *args],
        input=b"".join(line + b"\n" for line in lines),
        capture_output=True,
        timeout=120,
        cwd=ROOT,
        env={**os.environ, "FIDE_TIEBREAKS_LOAD_PLUGINS": ""},
    )
    assert proc.returncode == 0, proc.stderr
    assert b"Traceback" not in proc.stderr
    return [json.loads(line) for line in proc.stdout.decode("utf-8").splitlines()]


def test_bad_bytes_and_lone_surrogates_get_an_error_and_the_next_request_an_answer(tmp_path):
    chess = tmp_path / "name.json"
    chess.write_text(
        '{"event": {"profiles": [{"id": 1, "fideName": "A\\ud800"}], '
        '"tournaments": [{"competitors": [{"cid": 1}]}]}}'
    )
    replies = converse(
        [
            b'{"id": "\\ud800", "path": "' + T.encode() + b'"}',  # a lone surrogate as the id
            b"\xff\xfe not UTF-8",
            b'{"id": 3, "chess_json": {"event": {"eventName": "\\udc00"}}}',
            b'{"id": 4, "path": "' + str(chess).encode() + b'"}',
            b'{"id": 5, "trf": "012 \\ud83d\\ude00 is a pair\\n001    1      A"}',
            GOOD.encode(),
        ]
    )
    assert len(replies) == 6
    assert replies[0]["id"] == "\ud800"  # echoed exactly (as JSON's ASCII escape)
    assert "lone surrogate" in replies[0]["error"]["message"]
    assert replies[1]["error"]["message"] == "not UTF-8: byte 1 of the line (0xff)"
    assert "lone surrogate" in replies[2]["error"]["message"]
    assert "chess_json.event.eventName" in replies[2]["error"]["message"]
    assert "lone surrogate" in replies[3]["error"]["diagnostics"][0]
    assert "name.json:1:" in replies[3]["error"]["diagnostics"][0]
    assert "error" not in replies[4] or "surrogate" not in replies[4]["error"]["message"]
    assert replies[5]["id"] == "last" and replies[5]["standings"][0]["start_rank"] == 2


def test_special_files_are_refused_without_blocking_the_service(tmp_path):
    fifo = tmp_path / "fifo"
    os.mkfifo(fifo)
    replies = converse(
        [
            json.dumps({"id": 1, "path": "/dev/zero"}).encode(),
            json.dumps({"id": 2, "path": str(fifo)}).encode(),
            json.dumps({"id": 3, "path": str(tmp_path)}).encode(),
            json.dumps({"id": 4, "path": "a\u0000b"}).encode(),
            GOOD.encode(),
        ]
    )
    assert "it is a character device" in replies[0]["error"]["diagnostics"][0]
    assert "it is a FIFO" in replies[1]["error"]["diagnostics"][0]
    assert "it is a directory" in replies[2]["error"]["diagnostics"][0]
    assert "NUL" in replies[3]["error"]["message"]
    assert replies[4]["id"] == "last" and "standings" in replies[4]


def test_a_line_over_the_limit_is_answered_and_dropped_unread():
    lines = b"".join([b'{"id": 1, "trf": "' + b"x" * 5000 + b'"}\n', b"\n", GOOD.encode() + b"\n"])
    out = io.BytesIO()
    serve.serve_stdio(io.BufferedReader(io.BytesIO(lines)), out, limit=1000)
    replies = [json.loads(x) for x in out.getvalue().splitlines()]
    assert len(replies) == 2
    assert replies[0]["error"]["message"].startswith("a request line is longer than 1000 bytes")
    assert replies[1]["id"] == "last"


def test_unrated_rating_and_options_are_checked_for_type_and_range():
    cases = {
        1: ({"unrated_rating": 1e308}, "unrated_rating must be a whole rating, not float"),
        2: ({"unrated_rating": True}, "not bool True"),
        3: ({"unrated_rating": 2500.5}, "not float 2500.5"),
        4: ({"unrated_rating": "1500"}, "not str '1500'"),
        5: ({"unrated_rating": 10000}, "unrated_rating 10000 is outside 0..9999"),
        6: ({"unrated_rating": -1}, "outside 0..9999"),
        7: (
            {"options": {"legacy_pab_unplayed": [1]}},
            "must be true/false, a whole number or text, not list",
        ),
        8: ({"options": {"legacy_pab_unplayed": {"a": 1}}}, "not dict"),
        9: ({"options": {"x": 1.5}}, "option x must be"),
        10: ({"options": {"x": 10**20}}, "option x: (a huge number) is outside"),
        11: ({"options": []}, '"options" must be an object'),
        12: ({"options": {"unrated_rating": 10**25}}, "outside 0..9999"),
    }
    replies = converse(
        [
            json.dumps({"id": k, "path": T, "tiebreaks": "ARO,BH", **v[0]}).encode()
            for k, v in cases.items()
        ]
        + [GOOD.encode()]
    )
    for reply in replies[:-1]:
        assert cases[reply["id"]][1] in reply["error"]["message"], reply
    assert replies[-1]["id"] == "last"
    ok = converse(
        [
            json.dumps(
                {
                    "id": 1,
                    "path": T,
                    "tiebreaks": "ARO,BH",
                    "unrated_rating": 1500,
                    "options": {"legacy_pab_unplayed": False},
                }
            ).encode()
        ]
    )
    assert ok[0]["tournament"]["tiebreaks"] == ["ARO", "BH"], ok


def test_root_confines_paths(tmp_path):
    root = tmp_path / "events"
    root.mkdir()
    (root / "open.trf").write_bytes((TEC / "tournament.trf").read_bytes())
    (root / "escape.trf").symlink_to(TEC / "tournament.trf")
    (root / "sub").mkdir()
    (root / "sub" / "up.trf").symlink_to("../open.trf")  # a link that stays inside
    outside = tmp_path / "secret.trf"
    outside.write_bytes((TEC / "tournament.trf").read_bytes())
    requests = {
        1: "open.trf",
        2: str(root / "open.trf"),
        3: "sub/up.trf",
        4: "escape.trf",
        5: "../secret.trf",
        6: str(outside),
        7: "sub/../../secret.trf",
    }
    replies = converse(
        [json.dumps({"id": k, "path": v}).encode() for k, v in requests.items()],
        "--root",
        str(root),
    )
    by_id = {r["id"]: r for r in replies}
    for k in (1, 2, 3):
        assert "standings" in by_id[k], by_id[k]
    for k in (4, 5, 6, 7):
        assert "outside the folder this service may read" in by_id[k]["error"]["message"]
    bad = subprocess.run(
        [
            sys.executable,
            "-m",
            "fide_tiebreaks",
            "serve",
            "--stdio",
            "--root",
            str(tmp_path / "nope"),
        ],
        capture_output=True,
        text=True,
        input="",
        timeout=60,
    )
    assert bad.returncode == 2 and "is not a folder" in bad.stderr


json_values = st.recursive(
    st.none()
    | st.booleans()
    | st.integers()
    | st.floats(allow_nan=False)
    | st.text(alphabet=st.characters(), max_size=8),
    lambda inner: (
        st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=4), inner, max_size=3)
    ),
    max_leaves=6,
)
fields = st.sampled_from(
    [
        "id",
        "path",
        "trf",
        "chess_json",
        "tiebreaks",
        "edition",
        "after_round",
        "unrated_rating",
        "options",
    ]
)


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    st.lists(
        st.one_of(
            st.binary(max_size=40).filter(lambda b: b"\n" not in b and b"\r" not in b),
            st.dictionaries(fields, json_values, max_size=4).map(
                lambda d: json.dumps({"trf": (TEC / "tournament.trf").read_text(), **d}).encode()
            ),
            json_values.map(lambda v: json.dumps(v).encode()),
        ),
        min_size=1,
        max_size=5,
    )
)
def test_every_request_line_gets_one_response_and_no_internal_error(lines):
    """Arbitrary bytes, arbitrary JSON and requests with fields of any type (lone
    surrogates included: st.characters() draws them): one JSON response per non-blank line,
    never an internal error, and the service answers a good request after them."""
    data = b"".join(line + b"\n" for line in lines) + GOOD.encode() + b"\n"
    out = io.BytesIO()
    serve.serve_stdio(io.BufferedReader(io.BytesIO(data)), out, limit=100_000)
    replies = [json.loads(x) for x in out.getvalue().splitlines()]
    expected = sum(1 for line in lines if line.strip()) + 1
    assert len(replies) == expected
    assert not any(
        "internal error" in str(r.get("error", {}).get("message", "")) for r in replies
    ), replies
    assert replies[-1]["id"] == "last" and "standings" in replies[-1]
