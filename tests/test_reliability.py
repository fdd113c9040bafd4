"""Faults around the computation: killed writes, failed runs, several threads at once."""

from __future__ import annotations

import json
import signal
import subprocess
import sys
import threading
from concurrent.futures import ThreadPoolExecutor

import pytest
from conftest import ROOT, TEC, run_cli
from hypothesis import given, settings
from hypothesis import strategies as st
from lxml import etree
from trfbuild import player_line

from fide_tiebreaks import compute_standings, host, read_trf

KILL_MID_WRITE = """
import os, signal, sys
from fide_tiebreaks import atomic

def die(fd):  # the data is in the temporary file, not yet renamed into place
    os.kill(os.getpid(), signal.SIGKILL)

atomic.os.fsync = die
atomic.write_atomic(sys.argv[1], b"NEW " * 1_000_000)
"""


def test_a_write_killed_mid_way_leaves_the_old_file(tmp_path):
    target = tmp_path / "standings.json"
    target.write_bytes(b"OLD standings\n")
    done = subprocess.run(
        [sys.executable, "-c", KILL_MID_WRITE, str(target)], capture_output=True, cwd=ROOT
    )
    assert done.returncode == -signal.SIGKILL
    assert target.read_bytes() == b"OLD standings\n"
    # Only the abandoned temporary file is left beside it, never a truncated target; it is
    # recognisable (atomic.is_temporary), and audit never reads it.
    leftovers = [p.name for p in tmp_path.iterdir() if p != target]
    assert len(leftovers) == 1
    assert leftovers[0].startswith(".standings.json.")
    assert leftovers[0].endswith(".fide-tiebreaks-tmp")


def test_a_failed_run_never_truncates_the_output_or_touches_the_input(tmp_path):
    source = tmp_path / "event.trf"
    source.write_bytes((TEC / "tournament.trf").read_bytes())
    out = tmp_path / "out.csv"
    out.write_bytes(b"previous\n")
    bad = run_cli("standings", str(source), "-t", "NOPE", "--output", str(out))
    assert bad.returncode == 2 and out.read_bytes() == b"previous\n"
    # --format trf writes to stdout (or --output), never back into the file it read.
    good = run_cli("standings", str(source), "-f", "trf")
    assert good.returncode == 0
    assert source.read_bytes() == (TEC / "tournament.trf").read_bytes()


def test_the_api_is_safe_from_several_threads(monkeypatch):
    """The plugins load once however many threads ask first, and concurrent standings
    equal the serial ones (the model is immutable; caches are per call)."""
    loads = []
    real = host.load_registry

    def counting(*a, **k):
        loads.append(threading.get_ident())
        return real(*a, **k)

    monkeypatch.setattr(host, "_registry", None)
    monkeypatch.setattr(host, "load_registry", counting)
    jobs = [
        (read_trf(TEC / "tournament.trf").tournament, "BH/C1,BH,SB,FB,AOB,PS", "fide-2024"),
        (read_trf(TEC / "tournament.trf").tournament, "BH,SB,WIN", "fide-2026"),
        (read_trf(TEC / "tournament.trf").tournament, "BH,SB", "fide-2012"),
        (
            read_trf(ROOT / "conformance/fixtures/team-4x4/tournament.trf").tournament,
            "MPvGP,EMGSB/C1,BH:MP/C1,BC,SSSC",
            "fide-2024",
        ),
    ] * 6
    barrier = threading.Barrier(8)

    def rank(job):
        t, codes, edition = job
        if barrier.n_waiting < 8:
            try:
                barrier.wait(timeout=2)  # start together, so the first calls race
            except threading.BrokenBarrierError:
                pass
        s = compute_standings(t, codes, edition)
        return [(r.rank, r.participant.id, r.values) for r in s.rows]

    with ThreadPoolExecutor(max_workers=8) as pool:
        together = list(pool.map(rank, jobs))
    assert len(loads) == 1
    for job, result in zip(jobs, together, strict=True):
        t, codes, edition = job
        alone = compute_standings(t, codes, edition)
        assert result == [(r.rank, r.participant.id, r.values) for r in alone.rows]


def test_output_is_deterministic_across_hash_seeds():
    outs = set()
    for seed in ("0", "1", "12345"):
        done = run_cli(
            "standings",
            str(TEC / "tournament.trf"),
            "-t",
            "BH/C1,BH,SB,DE,FB",
            "-f",
            "json",
            env={"PYTHONHASHSEED": seed},
        )
        assert done.returncode == 0
        json.loads(done.stdout)
        outs.add(done.stdout)
    assert len(outs) == 1


def test_outputs_escape_markup_and_neutralise_controls_and_formulas(tmp_path):
    # A name with markup, a terminal escape and a NUL-like control; another that a
    # spreadsheet would run as a formula.
    lines = [
        "012 T",
        player_line(1, '<b>&"x\x1b[2J\x01', [(2, "w", "1")]),
        player_line(2, '=HYPERLINK("http://x")', [(1, "b", "0")]),
    ]
    path = tmp_path / "names.trf"
    path.write_text("\n".join(lines) + "\n")
    xml = run_cli("standings", str(path), "-f", "xml")
    assert xml.returncode == 0, xml.stderr
    names = [p.get("name") for p in etree.fromstring(xml.stdout.encode()).iter("participant")]
    assert names == ['<b>&"x\ufffd[2J\ufffd', '=HYPERLINK("http://x")']
    table = run_cli("standings", str(path))
    assert "\x1b" not in table.stdout and '<b>&"x\ufffd[2J' in table.stdout
    csv_out = run_cli("standings", str(path), "-f", "csv").stdout
    assert "'=HYPERLINK" in csv_out
    data = json.loads(run_cli("standings", str(path), "-f", "json").stdout)
    assert data["standings"][0]["name"] == '<b>&"x\x1b[2J\x01'  # JSON carries it, escaped


def test_limits_are_refused_clearly(tmp_path, monkeypatch):
    """Documented limits (docs/reliability.md): over them, a located refusal, not a crash
    or exhaustion. The byte limits are lowered here so the test stays small."""
    from fide_tiebreaks.diagnostics import InputError
    from fide_tiebreaks.formats import base, read_trf, xmlsafe
    from fide_tiebreaks.formats.trf import reader

    many_rounds = player_line(1, "A", [(None, "-", "H")] * 100)
    with pytest.raises(InputError, match="100 rounds; the limit is 99"):
        reader.parse_trf((many_rounds + "\n").encode())
    monkeypatch.setattr(base, "MAX_BYTES", 1000)
    big = tmp_path / "big.trf"
    big.write_bytes(b"012 x\n" + b"### padding\n" * 100)
    with pytest.raises(InputError, match="the limit is 1000 bytes"):
        read_trf(big)
    monkeypatch.setattr(xmlsafe, "MAX_XML_BYTES", 100)
    with pytest.raises(InputError, match="the limit for XML is 100"):
        xmlsafe.parse(b"<tournament name='x'>" + b" " * 200 + b"</tournament>", "big.xml")


CONTROLS = "".join(chr(c) for c in (*range(0x00, 0x09), *range(0x0B, 0x20), *range(0x7F, 0xA0)))


def _no_controls(text: str) -> bool:
    return not any(c in CONTROLS for c in text)


def test_control_characters_never_reach_the_terminal(tmp_path):
    """#16 item 17: an ESC or BEL in a name (explain) or a file name (audit) is shown as
    U+FFFD; the JSON output keeps it, escaped."""
    lines = [
        "012 T",
        player_line(1, "Ev\x1b[2Jil\x07", [(2, "w", "1")]),
        player_line(2, "B", [(1, "b", "0")]),
    ]
    folder = tmp_path / "in"
    folder.mkdir()
    path = folder / "bell\x07\x1b[31m.trf"
    path.write_text("\n".join(lines) + "\n")
    explained = run_cli("explain", str(path), "1", "-t", "SB")
    assert explained.returncode == 0, explained.stderr
    assert "Ev\ufffd[2Jil\ufffd" in explained.stdout
    assert _no_controls(explained.stdout) and _no_controls(explained.stderr)
    assert (
        json.loads(run_cli("explain", str(path), "1", "-f", "json").stdout)["participant"]["name"]
        == "Ev\x1b[2Jil\x07"
    )
    audited = run_cli("audit", str(folder))
    assert "bell\ufffd\ufffd[31m.trf" in audited.stdout
    assert _no_controls(audited.stdout) and _no_controls(audited.stderr)
    missing = run_cli("explain", str(path), "No\x1bbody")  # the argument echoed in the error
    assert missing.returncode == 2 and _no_controls(missing.stderr)


@settings(max_examples=40, deadline=None)
@given(st.text(alphabet=st.sampled_from(CONTROLS + "abc \ufffd"), min_size=1, max_size=12))
def test_any_control_in_a_name_is_neutralised_for_the_terminal(name):
    from fide_tiebreaks.diagnostics import InputError, printable
    from fide_tiebreaks.explain import explain, render_text
    from fide_tiebreaks.formats import parse_trf

    name = name.replace("\r", " ").replace("\x00", " ").strip() or "x"
    text = (
        "\n".join(
            [
                "012 T",
                player_line(1, name[:33], [(2, "w", "1")]),
                player_line(2, "B", [(1, "b", "0")]),
            ]
        )
        + "\n"
    )
    try:
        t = parse_trf(text.encode()).tournament
    except InputError:
        return
    standings, items = explain(t, 1, "SB", "fide-2024")
    assert _no_controls(printable(render_text(standings, 1, items), lines=True))


def test_the_conformance_report_neutralises_a_results_file_name(tmp_path):
    path = tmp_path / "their\x1b[2J.csv"
    path.write_text("start_rank,BH\n1,99\n")
    done = run_cli("conformance", str(TEC / "tournament.trf"), "--against", str(path))
    assert done.returncode == 1 and "their\ufffd[2J.csv" in done.stdout
    assert _no_controls(done.stdout) and _no_controls(done.stderr)
