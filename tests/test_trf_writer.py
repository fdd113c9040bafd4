"""Writing TRF: byte-identical round trips, ranks and 212 for standings, atomic output."""

from __future__ import annotations

import os

import pytest
from conftest import TEC, run_cli

from fide_tiebreaks import compute_standings, parse_trf
from fide_tiebreaks.atomic import write_atomic
from fide_tiebreaks.formats import to_trf
from fide_tiebreaks.formats.trf.writer import encode

BASE = (TEC / "tournament.trf").read_bytes()


@pytest.mark.parametrize(
    "data",
    [
        BASE,
        BASE.replace(b"\n", b"\r\n"),
        BASE.replace(b"\n", b"\r"),
        BASE.rstrip(b"\n"),  # no final line end
        b"\xef\xbb\xbf" + BASE,
        BASE.replace(b"\n", b"\r\n", 3),  # mixed line ends
        b"### comment\nZZZ unknown record\nDAT    1 EMAIL a@b\n" + BASE + b"\n\n",
        BASE.replace(b"Jessica", "Jéssica".encode("cp1252")),
        BASE.replace(b"Jessica", "Jéssica".encode()),
        BASE.replace(b"Maria  ", b"Maria\t "),
    ],
    ids=[
        "lf",
        "crlf",
        "cr",
        "no-final-eol",
        "bom",
        "mixed",
        "unknown-records",
        "cp1252",
        "utf8",
        "tab",
    ],
)
def test_unchanged_file_round_trips_byte_for_byte(data):
    t = parse_trf(data).tournament
    assert encode(t.source) == data


def test_standings_fill_rank_column_and_212():
    t = parse_trf(BASE.replace(b"\n", b"\r\n")).tournament
    out = to_trf(compute_standings(t, "BH/C1,BH,SB", "fide-2024"))
    lines = out.split(b"\r\n")
    # after the headers (012, 042, 052, 092, XXR), before the players
    assert lines[5] == b"212 PTS,BH/C1,BH,SB"
    ranks = {int(line[4:8]): int(line[85:89]) for line in lines if line.startswith(b"001")}
    # Independent ranking from the published values: 4 points first; then the 3.5 group by
    # BH-C1 (13, 11.5, 11, 11) and BH/SB for the two on 11 (#1 SB 8 over #16 SB 7.25).
    assert [ranks[i] for i in (2, 3, 4, 1, 16)] == [1, 2, 3, 4, 5]
    # Everything else is unchanged, line ends included.
    before = BASE.replace(b"\n", b"\r\n").split(b"\r\n")
    assert lines[:5] == before[:5]
    changed = [i for i, (a, b) in enumerate(zip(before[5:], lines[6:], strict=True)) if a != b]
    assert all(
        before[5 + i][:85] == lines[6 + i][:85] and before[5 + i][89:] == lines[6 + i][89:]
        for i in changed
    )


def test_existing_212_is_replaced_and_the_result_reads_back():
    data = BASE.replace(b"XXR 5\n", b"XXR 5\n212 PTS,SB\n")
    out = to_trf(compute_standings(parse_trf(data).tournament, "BH", "fide-2024"))
    assert out.count(b"212 ") == 1 and b"212 PTS,BH\n" in out
    again = parse_trf(out)
    assert again.diagnostics == ()
    ranks = {p.id: p.declared_rank for p in again.tournament}
    # By points then BH alone (published BH): #2 (4 pts); then 3.5 points: #3 15.5, #4 15,
    # and #1 and #16 both 12.5, sharing 4th place; #6 (3 pts) is 6th.
    assert [ranks[i] for i in (2, 3, 4, 1, 16, 6)] == [1, 2, 3, 4, 4, 6]


def test_atomic_write_keeps_the_old_file_when_the_write_fails(tmp_path, monkeypatch):
    target = tmp_path / "out.json"
    target.write_bytes(b"old contents")

    def broken_replace(src, dst):
        raise OSError("disk full")

    monkeypatch.setattr(os, "replace", broken_replace)
    with pytest.raises(OSError):
        write_atomic(target, b"new contents")
    assert target.read_bytes() == b"old contents"
    assert os.listdir(tmp_path) == ["out.json"]  # no temporary file left behind


def test_atomic_write_replaces_and_keeps_permissions(tmp_path):
    target = tmp_path / "out.trf"
    target.write_bytes(b"old")
    target.chmod(0o640)
    write_atomic(target, b"new")
    assert target.read_bytes() == b"new"
    assert target.stat().st_mode & 0o777 == 0o640


def test_cli_trf_output_to_a_file(tmp_path):
    out = tmp_path / "ranked.trf"
    done = run_cli("standings", str(TEC / "tournament.trf"), "--format", "trf", "-o", str(out))
    assert done.returncode == 0, done.stderr
    assert done.stdout == ""
    assert b"212 PTS,BH/C1,BH,SB\n" in out.read_bytes()
