"""Swiss-Manager files that are damaged, of another version, or not there at all: a located
clear error (exit 2) or a named warning, never a traceback, never a silently different
event. Every damaged file is made here from a real one (tests/fixtures/swiss-manager)."""

from __future__ import annotations

import random
import struct
import sys
from pathlib import Path

import pytest
from conftest import ROOT, run_cli

from fide_tiebreaks.diagnostics import InputError
from fide_tiebreaks.formats import parse_any
from fide_tiebreaks.formats.trf.reader import parse_trf

SAMPLE = ROOT / "tests" / "fixtures" / "swiss-manager" / "sample.TUNX"
MAGIC = b"\x93\xff\x89\x44"
HAS_DECODER = sys.version_info >= (3, 12)
if HAS_DECODER:
    try:
        import chess_results_api
    except ImportError:
        HAS_DECODER = False
needs_decoder = pytest.mark.skipif(
    not HAS_DECODER, reason="the swiss-manager extra (Python 3.12+) is absent"
)


def _configuration(data: bytes) -> int:
    """Where the configuration section starts: after the four bytes of its marker."""
    return data.index(b"\x95\xff\x89\x44")


def _refused(data: bytes, name: str = "bad.TUNX") -> str:
    with pytest.raises(InputError) as e:
        parse_any(data, name)
    (d,) = e.value.diagnostics
    assert d.path == name
    return d.message


def test_without_the_decoder_the_message_says_swiss_manager_and_what_to_install(monkeypatch):
    monkeypatch.setitem(sys.modules, "chess_results_api", None)  # import fails, as on 3.11
    message = _refused(SAMPLE.read_bytes())
    assert "Swiss-Manager file" in message and "swiss-manager" in message
    assert "pip install 'fide-tiebreaks[swiss-manager]'" in message
    if sys.version_info < (3, 12):
        assert "needs Python 3.12 or newer" in message


def test_the_command_says_it_too_without_the_decoder(tmp_path: Path):
    if HAS_DECODER:
        pytest.skip("the decoder is installed here; the message is tested with it hidden")
    done = run_cli("standings", str(SAMPLE))
    assert done.returncode == 2 and "Traceback" not in done.stderr
    assert "Swiss-Manager file" in done.stderr and "[swiss-manager]" in done.stderr


def test_the_trf_reader_names_a_swiss_manager_file_given_as_trf():
    with pytest.raises(InputError) as e:
        parse_trf(SAMPLE.read_bytes(), "sample.TUNX")
    assert "Swiss-Manager file" in str(e.value)
    assert "binary data" not in str(e.value)


@needs_decoder
@pytest.mark.parametrize("keep", [4, 100, 143, 144, 900, 5000, 12000, 18000, 18092])
def test_a_truncated_file_is_refused(keep: int):
    message = _refused(SAMPLE.read_bytes()[:keep])
    assert "not a Swiss-Manager file this reader understands" in message


@needs_decoder
def test_a_zero_filled_file_is_refused_as_a_damaged_swiss_manager_file():
    zeros = bytes(len(SAMPLE.read_bytes()))
    assert "does not start with Swiss-Manager's header" in _refused(zeros, "zeros.TUNX")
    # without the name, it is binary data (not UTF-16 text: it holds no character at all)
    with pytest.raises(InputError, match="binary data"):
        parse_any(zeros, "zeros.bin")


@needs_decoder
def test_random_bytes_after_the_header_are_refused():
    rng = random.Random(32)
    for _ in range(50):
        size = rng.randrange(4, 20000)
        data = MAGIC + bytes(rng.randrange(256) for _ in range(size))
        _refused(data)


@needs_decoder
def test_random_damage_inside_a_real_file_is_refused_or_read_never_a_traceback():
    original = SAMPLE.read_bytes()
    rng = random.Random(2026)
    for _ in range(200):
        data = bytearray(original)
        for _ in range(rng.randrange(1, 8)):
            data[rng.randrange(len(data))] = rng.randrange(256)
        try:
            parse_any(bytes(data), "damaged.TUNX")
        except InputError as e:
            assert all(d.path == "damaged.TUNX" for d in e.diagnostics)


@needs_decoder
def test_another_versions_layout_is_refused():
    data = bytearray(SAMPLE.read_bytes())
    at = _configuration(bytes(data))
    struct.pack_into("<H", data, at + 15, 7)  # a tournament type no known version writes
    assert "Unsupported tournament type 7" in _refused(bytes(data))
    data = bytearray(SAMPLE.read_bytes())
    data[at : at + 4] = b"\x96\xff\x89\x44"  # another header marker
    assert "header layout" in _refused(bytes(data))


@needs_decoder
def test_a_tiebreak_code_out_of_range_is_named_in_a_warning_and_left_out():
    data = bytearray(SAMPLE.read_bytes())
    at = _configuration(bytes(data))
    (count,) = struct.unpack_from("<H", data, at + 31)
    assert count == 5  # sample.TUNX: 11, 84, 84, 85, 61
    struct.pack_into("<H", data, at + 33, 40000)
    struct.pack_into("<H", data, at + 35, 2)  # Buchholz, all results, in the old name list
    r = parse_any(bytes(data), "codes.TUNX")
    messages = [d.message for d in r.diagnostics]
    assert any("code 40000 is outside Swiss-Manager's codes" in m for m in messages)
    assert r.tournament.declared_tiebreaks == ("BH",)


@needs_decoder
def test_an_unknown_result_code_is_a_located_error():
    data = bytearray(SAMPLE.read_bytes())
    event = chess_results_api.decode_tournament(bytes(data))
    pairings = next(s for s in event.sections if s.name == "player_pairings")
    struct.pack_into("B", data, pairings.offset + 4 + 4, 7)  # round 1, pairing 1: code 7
    message = _refused(bytes(data))
    assert message == "round 1, pairing 1: board result code 7 is not one Swiss-Manager uses"


@needs_decoder
def test_the_commands_exit_2_without_a_traceback(tmp_path: Path):
    bad = tmp_path / "bad.TUNX"
    bad.write_bytes(SAMPLE.read_bytes()[:5000])
    for command in ("standings", "check", "explain"):
        args = [command, str(bad)] + (["1"] if command == "explain" else [])
        done = run_cli(*args)
        assert done.returncode == 2, (command, done.stderr)
        assert "Traceback" not in done.stderr and f"{bad}: error:" in done.stderr


def _strings(*texts: str) -> bytes:
    """Swiss-Manager strings: a U16 count of UTF-16 units, then the text."""
    return b"".join(
        struct.pack("<H", len(t.encode("utf-16-le")) // 2) + t.encode("utf-16-le") for t in texts
    )


def _team_file() -> bytes:
    """A team Swiss (TUMX) of two teams of two boards and one round, in sample.TUNX's layout
    (its header, configuration and record tails) with the two team sections the decoder
    reads (teams B5 FF 89 44: 5 strings and 96 bytes each; team pairings C3 FF 89 44: 15
    bytes each, the two team numbers first): team 1 (players 1, 2) against team 2 (3, 4),
    board 1 won by white (1), board 2 drawn."""
    parts = {
        s.name: s.data for s in chess_results_api.decode_tournament(SAMPLE.read_bytes()).sections
    }
    config = bytearray(parts["configuration"])
    struct.pack_into("<H", config, 15, 3)  # the tournament type: team Swiss
    struct.pack_into("<HH", config, 23, 4, 0)  # players
    struct.pack_into("<H", config, 27, 1)  # rounds
    struct.pack_into("<H", config, 31, 0)  # no tie-break list
    struct.pack_into("<HH", config, 51, 2, 2)  # teams, boards per match
    one_round = _strings(*[""] * 16)
    numeric = bytearray(parts["schedule"][4 + len(one_round) : 4 + len(one_round) + 76])
    struct.pack_into("<IHHH", numeric, 0, 0, 0, 2, 1)  # no date; 2 games, 1 match
    schedule = parts["schedule"][:4] + one_round + bytes(numeric)
    at = 4
    for _ in range(18):
        (n,) = struct.unpack_from("<H", parts["players"], at)
        at += 2 + 2 * n
    tail = bytearray(parts["players"][at : at + 134])
    players = bytearray(parts["players"][:4])
    for number, (team, board) in enumerate(((1, 1), (1, 2), (2, 1), (2, 2)), 1):
        struct.pack_into("<HHH", tail, 52, team, board, 0)
        players += _strings(f"P{number}", "", "", "", "", *[""] * 13) + tail
    games = parts["player_pairings"][:4] + b"".join(
        struct.pack("<HHB", w, b, code) + bytes(16) for w, b, code in ((1, 3, 1), (4, 2, 2))
    )
    teams = b"\xb5\xff\x89\x44" + b"".join(_strings(n, n, "", "", "") + bytes(96) for n in "AB")
    matches = b"\xc3\xff\x89\x44" + struct.pack("<HHHH", 1, 2, 3, 1) + bytes(7)
    head = parts["header"] + bytes(config)
    offsets = [len(head)]
    for section in (schedule, players, games, teams, matches):
        offsets.append(offsets[-1] + len(section))
    directory = parts["directory"][:4] + struct.pack("<7I", *offsets, 0) + parts["directory"][-4:]
    return head + schedule + bytes(players) + games + teams + matches + directory


@needs_decoder
def test_a_team_file_is_refused_saying_what_the_decoder_read_and_what_to_do():
    data = _team_file()
    event = chess_results_api.decode_tournament(data)  # the decoder reads it whole
    assert [t.name for t in event.teams] == ["A", "B"]
    (match,) = event.rounds[0].matches
    assert (match.first_team, match.second_team, match.board_points) == (1, 2, (1.5, 0.5))
    message = _refused(data, "team.TUMX")
    assert "team Swiss" in message
    assert "the decoder reads its 2 teams, 4 players and 1 round of matches" in message
    assert "this reader does not build a team event from them yet" in message
    assert "export the event from Swiss-Manager as TRF-2026" in message
