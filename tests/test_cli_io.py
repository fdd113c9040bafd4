"""The CLI's standard input and output, option spelling and singular counts: a dash means stdin or
stdout, a closed stdin is a located error, a misspelt option gets a suggestion."""

from __future__ import annotations

import subprocess
import sys

from conftest import TEC, run_cli
from trfbuild import tournament

T = str(TEC / "tournament.trf")


def test_dash_as_output_is_standard_output_not_a_file_named_dash(tmp_path):
    """`standings T -o -` wrote a file named '-' in the current folder (exit 0), where
    every other tool writes to standard output; `standings -` then read that table."""
    for args in (["standings", T, "-o", "-"], ["convert", T, "--to", "trf", "-o", "-"]):
        run = run_cli(*args, cwd=tmp_path)
        assert run.returncode == 0, run.stderr
        assert run.stdout.startswith(("TEC tie-break exercise 2024", "012 TEC tie-break"))
        assert not (tmp_path / "-").exists()


PAIR = {1: [(2, "w", "1")], 2: [(1, "b", "0")]}


def test_a_misspelt_option_gets_a_suggestion():
    done = run_cli("standings", "--edtion", "fide-2024", str(TEC / "tournament.trf"))
    assert done.returncode == 2
    assert done.stderr.splitlines()[-1] == (
        f"fide-tiebreaks: error: unrecognized arguments: --edtion {TEC / 'tournament.trf'}; "
        "did you mean --edition? (see 'fide-tiebreaks --help')"
    )
    done = run_cli("certify", "--evnts=3")
    assert done.stderr.splitlines()[-1] == (
        "fide-tiebreaks: error: unrecognized arguments: --evnts=3; did you mean --events? "
        "(see 'fide-tiebreaks --help')"
    )
    done = run_cli("check", "--zzzzzz", str(TEC / "tournament.trf"))
    assert done.stderr.splitlines()[-1] == (
        "fide-tiebreaks: error: unrecognized arguments: --zzzzzz (see 'fide-tiebreaks --help')"
    )


def test_standard_input_is_read_for_a_dash_and_located_as_stdin():
    trf = (TEC / "tournament.trf").read_text()
    by_file = run_cli("standings", str(TEC / "tournament.trf"), "-t", "BH", "-e", "fide-2024")
    piped = run_cli("standings", "-", "-t", "BH", "-e", "fide-2024", input=trf)
    assert piped.returncode == 0 and piped.stdout == by_file.stdout
    as_json = (TEC / "tournament.chess.json").read_text()
    checked = run_cli("check", "-", input=as_json)
    assert checked.stdout.startswith("<stdin>: 16 players, 5 rounds, swiss (file); 0 errors")
    bad = run_cli("standings", "-", input="012 x\n001 bad\n")
    assert bad.returncode == 2
    assert "<stdin>:2:5: error: start rank 'bad' in columns 5-8 must be 1-9999" in bad.stderr
    shown = run_cli("explain", "-", "1", "-t", "BH", "-e", "fide-2024", input=trf)
    assert "BH = 12.5" in shown.stdout  # the TEC table: start rank 1, BH 12.5
    converted = run_cli("convert", "-", "--to", "chess-json", input=trf)
    assert converted.returncode == 0 and '"filetype": "Event"' in converted.stdout


def test_a_count_of_one_takes_the_singular(tmp_path):
    path = tmp_path / "one.trf"
    path.write_text(tournament(PAIR))
    done = run_cli("check", str(path))
    assert done.stdout.splitlines()[-1].startswith(f"{path}: 2 players, 1 round, swiss (")
    # two notes: the default list, and the edition used and why
    tec = run_cli("check", str(TEC / "tournament.trf"))
    assert tec.stdout.splitlines()[-1].endswith("; 0 errors, 0 warnings, 2 notes"), tec.stdout
    table = run_cli("standings", str(path), "-t", "BH", "-e", "fide-2024")
    assert table.stdout.splitlines()[1].startswith("swiss, 1 round; edition fide-2024")
    late = run_cli("standings", str(path), "--after-round", "2")
    assert "(the file has 1 round), not 2" in late.stderr


def test_a_closed_standard_input_is_a_located_error_not_an_internal_one():

    done = subprocess.run(
        f"'{sys.executable}' -m fide_tiebreaks standings - <&-",
        shell=True,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode == 2
    assert done.stderr == "<stdin>: error: cannot read standard input: it is closed\n"
