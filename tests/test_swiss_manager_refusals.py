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
    # the package is on no registry: 'fide-tiebreaks[swiss-manager]' would install nothing
    assert "from a checkout: pip install '.[swiss-manager]'" in message
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
