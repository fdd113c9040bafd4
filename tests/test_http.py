"""``serve --http`` on a real server (uvicorn on a free port of 127.0.0.1): every endpoint gets
a real request, answered as the command-line run on the same file answers, and hostile
ones, answered with problem documents (RFC 9457), never a traceback or a 500."""

from __future__ import annotations

import json
import socket
import subprocess
import sys
from urllib.parse import quote

import pytest
from conftest import ROOT, TEC
from http_service import assert_problem, cli_bytes, running

T = TEC / "tournament.trf"
TRF = T.read_bytes()
CHESS_JSON = TEC / "tournament.chess.json"
LIMIT = 200_000  # the --max-body of the server under test


@pytest.fixture(scope="module")
def server():
    with running("--max-body", str(LIMIT), "--workers", "4") as s:
        yield s


# Each: the query string, and the same options on the command line.
STANDINGS = [
    ("tiebreaks=BH/C1,BH,SB&edition=fide-2024", ["-t", "BH/C1,BH,SB", "-e", "fide-2024"]),
    (
        "tiebreaks=BH,SB&edition=fide-2026&after-round=3",
        ["-t", "BH,SB", "-e", "fide-2026", "--after-round", "3"],
    ),
    ("tiebreaks=BH/C1,BH&lots=seed-7", ["-t", "BH/C1,BH", "--lots", "seed-7"]),
    ("tiebreaks=BH/C1,BH&decided=play-off:16>1", ["-t", "BH/C1,BH", "--decided", "play-off:16>1"]),
    (
        "tiebreaks=ARO,BH&unrated-rating=1500&ratings=initial",
        ["-t", "ARO,BH", "--unrated-rating", "1500", "--ratings", "initial"],
    ),
    ("category=Club:ids%3D3,8&strict=false", ["--category", "Club:ids=3,8"]),
    (
        "categories=" + quote("Club:ids=3,8\n# a comment\nTop:ids=2"),
        ["--category", "Club:ids=3,8", "--category", "Top:ids=2"],
    ),
    ("preset=fide-swiss&type=swiss", ["--preset", "fide-swiss", "--type", "swiss"]),
]


@pytest.mark.parametrize(("query", "options"), STANDINGS)
def test_standings_answers_the_json_the_cli_prints_byte_for_byte(server, query, options):
    reply = server.post(f"/standings?{query}", TRF)
    cli = cli_bytes("standings", str(T), "-f", "json", *options)
    assert cli.returncode == 0, cli.stderr
    assert reply.status == 200 and reply.media == "application/json"
    assert reply.body == cli.stdout
    assert reply.headers["fide-tiebreaks-exit"] == "0"


@pytest.mark.parametrize(
    ("accept", "fmt", "media"),
    [
        ("text/csv", "csv", "text/csv"),
        ("text/html", "html", "text/html"),
        ("application/xml", "xml", "application/xml"),
        ("text/plain", "table", "text/plain"),
        ("application/vnd.fide.trf", "trf", "application/vnd.fide.trf"),
    ],
)
def test_the_accept_header_or_format_chooses_what_the_cli_writes(server, accept, fmt, media):
    cli = cli_bytes("standings", str(T), "-f", fmt, "-t", "BH/C1,BH,SB")
    by_accept = server.post("/standings?tiebreaks=BH/C1,BH,SB", TRF, accept=accept)
    by_format = server.post(f"/standings?tiebreaks=BH/C1,BH,SB&format={fmt}", TRF)
    assert by_accept.status == by_format.status == 200
    assert by_accept.media == by_format.media == media
    assert by_accept.body == by_format.body == cli.stdout


def test_a_chess_json_body_is_read_as_the_cli_reads_the_file(server):
    reply = server.post("/standings?edition=fide-2024", CHESS_JSON.read_bytes())
    assert (
        reply.body
        == cli_bytes("standings", str(CHESS_JSON), "-f", "json", "-e", "fide-2024").stdout
    )
    assert reply.json()["standings"][0]["start_rank"] == 2  # the TEC exercise: Player02 first


def test_a_json_request_is_answered_as_serve_answers_it(server):
    request = json.dumps({"id": 9, "trf": TRF.decode(), "tiebreaks": ["BH/C1", "BH"]})
    stdio = subprocess.run(
        [sys.executable, "-m", "fide_tiebreaks", "serve"],
        input=(request + "\n").encode(),
        capture_output=True,
        timeout=120,
        env={"FIDE_TIEBREAKS_LOAD_PLUGINS": "", "PATH": ""},
    )
    reply = server.post("/standings", request.encode())
    assert reply.status == 200 and reply.body == stdio.stdout
    assert reply.json()["id"] == 9


def test_explain_pairing_index_and_convert_answer_what_their_commands_print(server):
    cases = [
        (
            "/explain?participant=4&tiebreaks=BH/C1,SB",
            ["explain", str(T), "4", "-t", "BH/C1,SB", "-f", "json"],
        ),
        ("/explain?participant=David&format=text", ["explain", str(T), "David"]),
        (
            "/pairing-index?system=burstein&after-round=3",
            ["pairing-index", str(T), "--system", "burstein", "-r", "3", "-f", "json"],
        ),
        (
            "/pairing-index?system=dubov&format=table&"
            + "&".join(f"rating={i}={1400 + 10 * i}" for i in range(1, 17)),
            [
                "pairing-index",
                str(T),
                "--system",
                "dubov",
                *(f"--rating={i}={1400 + 10 * i}" for i in range(1, 17)),
            ],
        ),
        ("/convert?to=trf26", ["convert", str(T), "--to", "trf26"]),
        ("/convert", ["convert", str(T), "--to", "chess-json"]),
    ]
    for path, argv in cases:
        reply = server.post(path, TRF)
        cli = cli_bytes(*argv)
        assert cli.returncode == 0, (argv, cli.stderr)
        assert reply.status == 200 and reply.body == cli.stdout, path


def test_check_answers_what_check_standings_prints(server, tmp_path):
    ranked = server.post("/standings?format=trf&tiebreaks=BH/C1,BH,SB", TRF).body
    (tmp_path / "ranked.trf").write_bytes(ranked)
    cli = cli_bytes("check", "--standings", str(tmp_path / "ranked.trf"))
    expected = json.loads(cli.stdout)
    reply = server.post("/check", ranked)
    assert reply.status == 200
    assert reply.json() == {**expected, "file": "<body>"}
    assert expected["status"] == "conforms" and expected["pairs"] > 0
    # The ranks declared the wrong way round: the checker names the pair and the rule.
    lines = ranked.decode().splitlines(keepends=True)
    first = next(i for i, x in enumerate(lines) if x.startswith("001") and x[84:89].strip() == "1")
    second = next(i for i, x in enumerate(lines) if x.startswith("001") and x[84:89].strip() == "2")
    lines[first] = lines[first][:84] + "    2" + lines[first][89:]
    lines[second] = lines[second][:84] + "    1" + lines[second][89:]
    swapped = server.post("/check", "".join(lines).encode()).json()
    assert swapped["status"] == "violations" and swapped["violations"]


def test_a_file_with_errors_is_a_problem_with_the_located_message(server):
    lines = TRF.decode().splitlines(keepends=True)
    i = next(i for i, x in enumerate(lines) if x.startswith("001"))
    lines.insert(i + 1, lines[i])  # the same start rank twice
    doc = assert_problem(server.post("/standings", "".join(lines).encode()), 400, 422)
    assert doc["detail"].startswith(f"<body>:{i + 2}:")  # file:line:column
    assert doc["diagnostics"] and doc["exit_code"] in (1, 2)


HOSTILE = [
    b"",
    b"\xff\xfe\x00garbage" * 50,
    b"[" * 100_000,
    b'{"trf": 5}',
    b'{"path": "/etc/passwd"}',
    b'{"trf": "x", "tiebreak": "BH"}',
    b"012 x\n001 " + b"9" * 5000 + b"\n",
    b"\x00" * 1000,
]


@pytest.mark.parametrize(
    "path",
    [
        "/standings",
        "/explain?participant=1",
        "/pairing-index?system=burstein",
        "/convert",
        "/check",
        "/tiebreak",
    ],
)
@pytest.mark.parametrize("body", HOSTILE, ids=range(len(HOSTILE)))
def test_every_endpoint_answers_hostile_bodies_with_a_problem(server, path, body):
    assert_problem(server.post(path, body), 400, 422)


@pytest.mark.parametrize(
    "query",
    [
        "output={tmp}/written",  # nothing is written to disk
        "file=/etc/passwd",
        "categories-file=/etc/passwd",
        "after_round=3",  # the long option's spelling is the name
        "after-round=x",
        "after-round=3&after-round=4",
        "strict=maybe",
        "tiebreaks=NOPE",
        "edition=fide-1066",
        "format=exe",
        "jobs=4",
    ],
)
def test_a_wrong_parameter_is_a_problem_naming_it(server, query, tmp_path):
    query = query.format(tmp=tmp_path)
    doc = assert_problem(server.post(f"/standings?{query}", TRF), 400)
    assert not (tmp_path / "written").exists()
    name = query.split("=")[0]
    assert name.replace("_", "-").split("-")[0] in doc["detail"] or "tie-break" in doc["detail"]


def test_the_body_limit_refuses_before_reading_the_body(server):
    # A Content-Length over the limit: 413 at once, though not a byte of the body is sent.
    with socket.create_connection((server.host, server.port), timeout=60) as s:
        s.sendall(b"POST /standings HTTP/1.1\r\nHost: x\r\nContent-Length: 999999999\r\n\r\n")
        head = s.recv(65536)
    assert head.startswith(b"HTTP/1.1 413")
    # No length, chunks past the limit: refused while it streams in.
    with socket.create_connection((server.host, server.port), timeout=60) as s:
        s.sendall(b"POST /standings HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n")
        chunk = b"x" * 65536
        try:
            for _ in range(2 * LIMIT // len(chunk) + 2):
                s.sendall(b"%x\r\n%s\r\n" % (len(chunk), chunk))
        except (BrokenPipeError, ConnectionResetError):
            pass  # the server may close before the rest arrives
        head = s.recv(65536)
    assert head.startswith(b"HTTP/1.1 413")


def test_a_body_that_does_not_arrive_is_refused_within_the_time_limit():
    with running("--time-limit", "1") as s:
        with socket.create_connection((s.host, s.port), timeout=60) as conn:
            conn.sendall(b"POST /standings HTTP/1.1\r\nHost: x\r\nContent-Length: 100\r\n\r\n012")
            # The rest of the body is never sent. The reply may arrive in several segments
            # (status line first, then the problem document): read until the server closes.
            head = _read_until_closed(conn)
    assert head.startswith(b"HTTP/1.1 408") and b"request-timeout" in head


def _read_until_closed(conn: socket.socket, limit: int = 1 << 20) -> bytes:
    """Everything the server sends until it closes the connection (at most *limit* bytes)."""
    parts: list[bytes] = []
    size = 0
    while size < limit:
        chunk = conn.recv(65536)
        if not chunk:
            break
        parts.append(chunk)
        size += len(chunk)
    return b"".join(parts)


def test_not_found_and_wrong_methods_are_problems_too(server):
    assert_problem(server.request("GET", "/nowhere"), 404)
    assert_problem(server.request("GET", "/standings"), 405)
    assert_problem(server.request("DELETE", "/"), 405)


def test_an_accept_header_naming_no_format_written_is_406(server):
    assert_problem(server.post("/standings", TRF, accept="image/png"), 406)


# A third-party plugin whose tie-break ends the process (installed as test_plugin_faults does).
EXITING = """
import sys
from fide_tiebreaks import hookimpl, Tiebreak

def _exits(ctx):
    sys.exit(0)

@hookimpl
def fide_tiebreaks_register():
    return [Tiebreak(code="XEXIT", name="Exits", compute=_exits)]
"""


def _install(tmp_path, name: str, source: str) -> dict[str, str]:
    (tmp_path / f"{name}_tb.py").write_text(source)
    info = tmp_path / f"{name}_tb-1.0.dist-info"
    info.mkdir()
    (info / "METADATA").write_text(f"Metadata-Version: 2.1\nName: {name}-tb\nVersion: 1.0\n")
    (info / "entry_points.txt").write_text(f"[fide_tiebreaks]\n{name} = {name}_tb\n")
    return {"PYTHONPATH": str(tmp_path), "FIDE_TIEBREAKS_LOAD_PLUGINS": name}


def test_a_plugin_fault_is_answered_as_the_cli_answers_it(tmp_path):
    env = _install(tmp_path, "faulty", EXITING)
    with running(env=env) as s:
        reply = s.post("/standings?tiebreaks=XEXIT,BH&edition=fide-2024", TRF)
    cli = subprocess.run(
        [
            sys.executable,
            "-m",
            "fide_tiebreaks",
            "standings",
            str(T),
            "-t",
            "XEXIT,BH",
            "-e",
            "fide-2024",
            "-f",
            "json",
        ],
        capture_output=True,
        env={"PATH": "", **env},
        timeout=120,
    )
    assert cli.returncode == 1
    # The standings without XEXIT, its warning, and the exit status the CLI gives.
    assert reply.status == 200 and reply.body == cli.stdout
    assert reply.json()["missing"][0]["kind"] == "plugin-fault"
    assert reply.headers["fide-tiebreaks-exit"] == "1"
    messages = json.loads(reply.headers["fide-tiebreaks-messages"])
    assert any("'XEXIT' from plugin 'faulty' called sys.exit(0)" in m for m in messages)


def test_serve_without_http_imports_nothing_of_it():
    code = (
        "import io, sys\n"
        "sys.stdin = io.TextIOWrapper(io.BytesIO(b''))\n"
        "from fide_tiebreaks.cli import main\n"
        "main(['serve'])\n"
        "names = ('starlette', 'uvicorn', 'anyio', 'fide_tiebreaks.commands.http')\n"
        "print(sorted(m for m in sys.modules if m.startswith(names)))\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, timeout=120, cwd=ROOT
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "[]"


@pytest.mark.parametrize(
    ("argv", "said"),
    [
        (["--http", "nowhere"], "--http takes HOST:PORT"),
        (["--http", "127.0.0.1:99999"], "--http takes HOST:PORT"),
        (["--http", "--root", "."], "never a file on the server"),
        (["--http", "--workers", "0"], "at least 1"),
        (["--http", "--workers", "33"], "1 to 32"),
    ],
)
def test_serve_http_refuses_a_wrong_address_or_limit(argv, said):
    done = cli_bytes("serve", *argv)
    assert done.returncode == 2 and said in done.stderr.decode()
