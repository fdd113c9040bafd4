"""No command overwrites one of its inputs or files already in its output folder unasked: the
same file (by device and inode, so through a symbolic or a hard link, and as standard input or
output) is refused before anything is read (exit 2, naming both), and ``generate`` refuses a
folder that holds files unless ``--force``."""

from __future__ import annotations

import hashlib
import os
import subprocess
import sys

import pytest
from conftest import TEC, run_cli

SAME = "is the same file as"


def digest(path):
    return hashlib.sha256(path.read_bytes()).hexdigest()


@pytest.fixture
def event(tmp_path):
    path = tmp_path / "in.trf"
    path.write_bytes((TEC / "tournament.trf").read_bytes())
    return path


@pytest.mark.parametrize(
    "command",
    [
        ["standings", "{in}", "-f", "csv", "-o", "{out}"],
        ["standings", "{in}", "-o", "{out}"],
        ["convert", "{in}", "--to", "chess-json", "-o", "{out}"],
        ["convert", "{in}", "--to", "trf26", "-o", "{out}"],
    ],
)
@pytest.mark.parametrize("via", ["itself", "symlink", "hardlink"])
def test_an_output_that_is_the_input_is_refused_before_reading(tmp_path, event, command, via):
    """Before: `standings in.trf -f csv -o in.trf` exited 0 and the file held the CSV."""
    out = {"itself": event, "symlink": tmp_path / "l.trf", "hardlink": tmp_path / "h.trf"}[via]
    if via == "symlink":
        out.symlink_to(event.name)
    elif via == "hardlink":
        os.link(event, out)
    before = digest(event)
    done = run_cli(*(a.format(**{"in": event, "out": out}) for a in command))
    assert done.returncode == 2, done.stderr
    assert f"the output {out} {SAME} the input {event}" in done.stderr
    assert "Traceback" not in done.stderr
    assert digest(event) == before
    assert sorted(p.name for p in tmp_path.iterdir()) == sorted(
        {"in.trf", out.name}
    )  # no temporary file left either


def test_the_categories_file_is_an_input_too(tmp_path, event):
    cats = tmp_path / "cats.txt"
    cats.write_text("U16:age<16\n")
    before = digest(cats)
    done = run_cli("standings", str(event), "--categories", str(cats), "-o", str(cats))
    assert done.returncode == 2 and f"{SAME} the input {cats}" in done.stderr
    assert digest(cats) == before


def test_standard_input_redirected_from_the_output_file_is_refused(tmp_path, event):
    before = digest(event)
    with open(event, "rb") as stdin:
        done = subprocess.run(
            [sys.executable, "-m", "fide_tiebreaks", "standings", "-", "-o", str(event)],
            stdin=stdin,
            capture_output=True,
            text=True,
            timeout=120,
            env={**os.environ, "FIDE_TIEBREAKS_LOAD_PLUGINS": ""},
        )
    assert done.returncode == 2
    assert f"the output {event} {SAME} standard input" in done.stderr
    assert digest(event) == before


def test_standard_output_appended_to_the_input_is_refused(tmp_path, event):
    before = digest(event)
    with open(event, "ab") as stdout:
        done = subprocess.run(
            [sys.executable, "-m", "fide_tiebreaks", "standings", str(event)],
            stdout=stdout,
            stderr=subprocess.PIPE,
            text=True,
            timeout=120,
            env={**os.environ, "FIDE_TIEBREAKS_LOAD_PLUGINS": ""},
        )
    assert done.returncode == 2
    assert f"standard output {SAME} the input {event}" in done.stderr
    assert digest(event) == before


def test_conformance_junit_over_its_results_file_is_refused(tmp_path, event):
    results = tmp_path / "theirs.csv"
    results.write_text("start_rank,BH\n1,12.5\n")
    before = digest(results)
    done = run_cli("conformance", str(event), "--against", str(results), "--junit", str(results))
    assert done.returncode == 2 and f"{SAME} the input {results}" in done.stderr
    assert digest(results) == before


def test_a_different_file_is_still_written(tmp_path, event):
    out = tmp_path / "out.csv"
    done = run_cli("standings", str(event), "-e", "fide-2024", "-o", str(out))
    assert done.returncode == 0, done.stderr
    assert out.read_text().startswith("rank,")


@pytest.mark.parametrize("kind", ["dir", "fifo"])
def test_only_a_regular_file_is_replaced(tmp_path, event, kind):
    out = tmp_path / "out"
    if kind == "dir":
        out.mkdir()
    else:
        os.mkfifo(out)
    done = run_cli("standings", str(event), "-f", "csv", "-o", str(out))
    assert done.returncode == 2
    assert ("a directory" if kind == "dir" else "a FIFO") in done.stderr


def test_generate_refuses_a_folder_that_holds_files_unless_forced(tmp_path):
    """Before: a second `generate DIR` replaced the files already in DIR without a word."""
    folder = tmp_path / "out"
    folder.mkdir()
    mine = folder / "event-000000.trf"
    mine.write_text("012 my own event\n")
    done = run_cli("generate", str(folder), "-n", "1")
    assert done.returncode == 2
    assert f"{folder} is not empty (it holds 1 entry: event-000000.trf)" in done.stderr
    assert "--force" in done.stderr
    assert mine.read_text() == "012 my own event\n"
    forced = run_cli("generate", str(folder), "-n", "1", "--force")
    assert forced.returncode == 0, forced.stderr
    assert mine.read_text() != "012 my own event\n"


def test_generate_writes_into_a_new_or_empty_folder(tmp_path):
    assert run_cli("generate", str(tmp_path / "new"), "-n", "1").returncode == 0
    (tmp_path / "empty").mkdir()
    assert run_cli("generate", str(tmp_path / "empty"), "-n", "1").returncode == 0
