"""Optional (``tox -e endorsement`` installs gacrux): the cross-check drives gacrux's checker
and generator inside its worker processes (tools/gacrux_inprocess.py). What they give there
must be what gacrux's own command lines give: the reference is gacrux run as a program."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

pytest.importorskip("gacrux")

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "tools"))

import gacrux_inprocess

GENERATE = ["-p", "12", "-N", "5", "-m", "dutch"]
CHECK = ["-s", "-t", "PTS", "BH/V2024", "SB/V2024", "DE/V2024", "-d", "T", "-c"]


def _program(module: str, args: list[str], cwd: Path) -> tuple[int, str]:
    done = subprocess.run(
        [sys.executable, "-m", module, *args],
        capture_output=True,
        text=True,
        cwd=cwd,
        timeout=300,
    )
    return done.returncode, done.stdout


def test_one_file_made_in_process_is_the_file_its_generator_writes_in_a_group(tmp_path):
    group, alone = tmp_path / "group", tmp_path / "alone"
    _program(
        "gacrux.tournamentgenerator",
        ["-g", "3", "2", *GENERATE, "-o", str(group / "ev%d.trf")],
        tmp_path,
    )
    for index in (3, 4):
        done = gacrux_inprocess.generate(
            ["-g", str(index), "1", *GENERATE, "-o", str(alone / "ev%d.trf")]
        )
        assert done.error == ""
    names = ["ev0003.trf", "ev0004.trf"]
    assert sorted(p.name for p in group.iterdir()) == names
    for name in names:
        assert (alone / name).read_bytes() == (group / name).read_bytes()


def test_the_checker_in_process_prints_what_its_command_line_prints(tmp_path):
    gacrux_inprocess.generate(["-g", "0", "1", *GENERATE, "-o", str(tmp_path / "ev%d.trf")])
    path = tmp_path / "ev0000.trf"
    argv_before, stdout_before = list(sys.argv), sys.stdout
    done = gacrux_inprocess.check(["-i", str(path), *CHECK])
    assert (sys.argv, sys.stdout) == (argv_before, stdout_before)  # both given back
    code, expected = _program("gacrux.tiebreakchecker", ["-i", str(path), *CHECK], tmp_path)
    assert "StartNo" in expected and "Check: False" in expected  # -c: the strength order
    assert (done.code, done.error, done.stdout) == (code, "", expected)
    again = gacrux_inprocess.check(["-i", str(path), *CHECK])
    assert again == done  # nothing carried over from the first call


def test_a_file_gacrux_cannot_read_is_an_answer_not_an_exception(tmp_path):
    path = tmp_path / "nothing.trf"
    path.write_text("this is not a TRF file\n")
    done = gacrux_inprocess.check(["-i", str(path), *CHECK])
    assert done.code != 0 or done.error
