"""audit: each file counted once, and its JSON Lines report strict JSON whatever the file holds."""

from __future__ import annotations

import json
import os
import subprocess
import sys

from conftest import TEC, run_cli

T = str(TEC / "tournament.trf")


def test_audit_counts_a_file_reached_twice_once(tmp_path):
    """`audit reports reports/a.trf ./reports` audited a.trf three times: '3 files: 3 read,
    3 conform' for one file."""
    folder = tmp_path / "reports"
    folder.mkdir()
    ranked = folder / "a.trf"
    made = run_cli("standings", T, "-f", "trf", "-o", str(ranked))
    assert made.returncode == 0, made.stderr
    (folder / "latest.trf").symlink_to("a.trf")
    run = run_cli("audit", str(folder), str(ranked), str(tmp_path / "." / "reports"), "-j", "1")
    assert run.returncode == 0, run.stdout + run.stderr
    assert run.stdout.count("conforms") == 1
    assert "1 file: 1 read, 1 conform" in run.stdout


def test_audit_jsonl_names_a_file_that_is_not_utf8_in_strict_json(tmp_path):
    """A file name of bytes that are not UTF-8 came out as a lone surrogate escape (\\udcff),
    which strict JSON readers (and json.loads of the UTF-8 bytes) refuse."""
    name = os.fsdecode(b"caf\xe9.trf")  # Latin-1, as an old Windows share may hold
    (tmp_path / name).write_bytes((TEC / "tournament.trf").read_bytes())
    done = subprocess.run(
        [
            sys.executable,
            "-m",
            "fide_tiebreaks",
            "audit",
            str(tmp_path),
            "-f",
            "jsonl",
            "--allow-empty",
        ],
        capture_output=True,
        timeout=120,
    )
    line = done.stdout.decode("utf-8").splitlines()[0]  # strict UTF-8
    record = json.loads(line)
    assert record["file"].endswith("caf\ufffd.trf") and "\\udc" not in line
