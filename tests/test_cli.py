"""The command line as a user meets it: formats, exit codes, located errors, no tracebacks."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest
from conftest import TEC, run_cli
from trfbuild import player_line, tournament

FILE = str(TEC / "tournament.trf")


def write(tmp_path: Path, text: str | bytes, name: str = "t.trf") -> str:
    path = tmp_path / name
    path.write_bytes(text.encode() if isinstance(text, str) else text)
    return str(path)


def test_table_names_edition_and_list():
    done = run_cli("standings", FILE)
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    # the file ends on 5 Aug 2024: the edition in force then
    assert lines[1] == (
        "swiss, 5 rounds; edition fide-2024 (C.07 (2024)); tie-breaks BH/C1, BH, SB"
    )
    assert lines[3].split() == ["Rank", "SNo", "Name", "Fed", "Rtg", "Pts", "BH/C1", "BH", "SB"]
    assert lines[4].split() == ["1", "2", "Player02", "4", "12", "13", "9.5"]
    assert len(lines) == 4 + 16


def test_json_has_the_documented_shape_and_exact_strings():
    done = run_cli(
        "standings",
        FILE,
        "--tiebreaks",
        "BH-C1,SB/C1,SB",
        "--format",
        "json",
        "--edition",
        "fide-2024",
    )
    assert done.returncode == 0, done.stderr
    data = json.loads(done.stdout)
    t = data["tournament"]
    assert {k: t[k] for k in ("name", "rounds", "edition", "kind", "tiebreaks")} == {
        "name": "TEC tie-break exercise 2024 (C.07-2023 basis) - transcription",
        "rounds": 5,
        "edition": "fide-2024",
        "kind": "individual",
        "tiebreaks": ["BH/C1", "SB/C1", "SB"],
    }
    first = data["standings"][0]
    assert {k: first[k] for k in ("rank", "start_rank", "name", "fide_id", "points")} == {
        "rank": 1,
        "start_rank": 2,
        "name": "Player02",
        "fide_id": None,
        "points": "4",
    }
    assert first["tiebreaks"] == {"BH/C1": "12", "SB/C1": "8.5", "SB": "9.5"}
    david = next(r for r in data["standings"] if r["start_rank"] == 4)
    assert david["tiebreaks"] == {"BH/C1": "11.5", "SB/C1": "8", "SB": "9.75"}


def test_csv():
    done = run_cli("standings", FILE, "-t", "BH", "-f", "csv")
    rows = done.stdout.splitlines()
    assert rows[0] == "rank,start_rank,name,fide_id,federation,rating,points,BH"
    assert rows[1] == "1,2,Player02,,,,4,13"


def test_csv_neutralises_formulas(tmp_path):
    text = tournament(
        {1: [(2, "w", "1")], 2: [(1, "b", "0")]}, names={1: "=HYPERLINK(1)", 2: "@SUM(A1)"}
    )
    done = run_cli("standings", write(tmp_path, text), "-t", "BH", "-f", "csv")
    assert "'=HYPERLINK(1)" in done.stdout and "'@SUM(A1)" in done.stdout


def test_after_round():
    done = run_cli("standings", FILE, "--after-round", "2", "-t", "BH", "-f", "json")
    data = json.loads(done.stdout)
    assert data["tournament"]["rounds"] == 2
    assert data["standings"][0]["start_rank"] == 2 and data["standings"][0]["points"] == "2"
    bad = run_cli("standings", FILE, "--after-round", "9")
    assert bad.returncode == 2 and "between 1 and 5" in bad.stderr


def test_check_exit_codes(tmp_path):
    clean = run_cli("check", FILE)
    assert clean.returncode == 0
    # check reports the notes 'standings -v' prints (the list and edition used, and why)
    verbose = run_cli("standings", FILE, "-v")
    notes = [ln for ln in verbose.stderr.splitlines() if ": note: " in ln]
    assert notes and set(notes) <= set(clean.stderr.splitlines())
    assert clean.stdout.strip().endswith(
        f"0 errors, 0 warnings, {len(notes)} note" + ("s" if len(notes) != 1 else "")
    )
    lines = [player_line(1, "A", [(2, "w", "1")]), player_line(2, "B", [(1, "b", "1")])]
    problems = run_cli("check", write(tmp_path, "012 X\n" + "\n".join(lines) + "\n"))
    assert problems.returncode == 1
    assert "t.trf:2:99: error: round 1: results do not mirror" in problems.stderr
    assert run_cli("check", str(tmp_path / "missing.trf")).returncode == 2
    assert run_cli("check", write(tmp_path, b"\x00\x01\x02", "bin.trf")).returncode == 2
    assert run_cli("check", write(tmp_path, b"", "empty.trf")).returncode == 2


@pytest.mark.parametrize(
    "text",
    [
        "001 abcd",
        "001    1      A" + " " * 80 + "x w 1",
        "001    1" + " " * 83 + "   2 w 1\n001    2" + " " * 83 + "   1 w 1    9 z ?",
        "001    1" + " " * 200 + "junk",
        "\n".join(f"001 {i:4d}" for i in range(1, 50)),
        "XXR nine\n162 W three\n240 Q\n299 x\n" + "001    1",
        "001 99999",
    ],
)
def test_malformed_files_give_located_messages_not_tracebacks(tmp_path, text):
    path = write(tmp_path, text)
    for command in (["check", path], ["standings", path]):
        done = run_cli(*command)
        assert "Traceback" not in done.stderr
        assert done.returncode in (0, 1, 2)
        if done.returncode:
            assert re.search(r"t\.trf(:\d+:\d+)?: (error|warning)", done.stderr), done.stderr


def test_errors_stop_standings_and_strict_stops_on_warnings(tmp_path):
    lines = [player_line(1, "A", [(3, "w", "1")]), player_line(2, "B", [])]
    done = run_cli("standings", write(tmp_path, "012 X\n" + "\n".join(lines) + "\n"))
    assert done.returncode == 1 and "opponent 3 does not exist" in done.stderr
    assert "no standings were computed" in done.stderr
    warn = [
        player_line(1, "A", [(2, "w", "1")], points="9.0"),
        player_line(2, "B", [(1, "b", "0")]),
    ]
    path = write(tmp_path, "012 X\n" + "\n".join(warn) + "\n", "w.trf")
    assert run_cli("standings", path).returncode == 0
    strict = run_cli("standings", path, "--strict")
    assert strict.returncode == 1 and "w.trf:2:81: error: player 1: points column" in strict.stderr


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["-t", "XYZ"], "unknown tie-break code 'XYZ'"),
        (["-t", "BH/Q"], "unknown modifier '/Q'"),
        (
            ["-e", "fide-1999"],
            "unknown edition 'fide-1999' (available: fide-2012, fide-2023, "
            "fide-2024, fide-2026, pre-2012, sm-2012)",
        ),
        (["-t", "STD", "-e", "fide-2024"], "STD exists from C.07 (2026) on"),
        (
            ["-t", "BH", "--type", "round-robin", "-e", "fide-2026"],
            "must not be used in round robins",
        ),
        (["-t", "BH,BH"], "'BH' appears twice"),
        (["--provider", "BH"], "--provider takes CODE=PLUGIN"),
        (["--format", "pdf"], "invalid choice: 'pdf'"),
    ],
)
def test_usage_errors_exit_2(args, message):
    done = run_cli("standings", FILE, *args)
    assert done.returncode == 2 and message in done.stderr
    assert "Traceback" not in done.stderr


def test_default_edition_from_the_end_date_is_reported(tmp_path):
    # the start date moves with the end date: an end before the start is refused
    data = (TEC / "tournament.trf").read_text().replace("052 2024/08/05", "052 2019/06/30")
    data = data.replace("042 2024/08/01", "042 2019/06/26")
    path = write(tmp_path, data)
    done = run_cli("standings", path, "-f", "json")
    assert done.returncode == 0 and done.stderr == ""
    assert json.loads(done.stdout)["tournament"]["edition"] == "fide-2012"
    # without the legacy plugin the newest edition is used, and a warning says why
    bare = run_cli(
        "standings", path, "-f", "json", env={"FIDE_TIEBREAKS_DISABLE_PLUGINS": "virtual_opponent"}
    )
    assert "when fide-2012 (virtual opponent) was in force" in bare.stderr
    assert json.loads(bare.stdout)["tournament"]["edition"] == "fide-2026"
    in_2025 = run_cli(
        "standings",
        write(
            tmp_path,
            data.replace("2019/06/30", "2025/01/12").replace("2019/06/26", "2025/01/08"),
            "b.trf",
        ),
        "-f",
        "json",
    )
    assert in_2025.stderr == ""
    assert json.loads(in_2025.stdout)["tournament"]["edition"] == "fide-2024"


def test_type_override():
    done = run_cli(
        "standings", FILE, "--type", "round-robin", "-t", "BH", "-f", "json", "-e", "fide-2024"
    )
    # As a round robin (15.2) byes add nothing and forfeits count as games: Nick #12
    # has only his R1 opponent (#4, 3.5) and his forfeit win against #14 (2.0): 5.5.
    nick = next(r for r in json.loads(done.stdout)["standings"] if r["start_rank"] == 12)
    assert nick["tiebreaks"]["BH"] == "5.5"


def test_plugins_and_help():
    done = run_cli("plugins")
    assert done.returncode == 0
    assert "buchholz" in done.stdout and "sonneborn_berger" in done.stdout
    assert "edition fide-2023, edition fide-2024, edition fide-2026" in done.stdout
    data = json.loads(run_cli("plugins", "--format", "json").stdout)
    assert {p["name"] for p in data["plugins"]} >= {"buchholz", "sonneborn_berger", "unplayed"}
    for command in ([], ["standings"], ["check"], ["plugins"]):
        assert run_cli(*command, "--help").returncode == 0
    bare = run_cli()  # no command: the help, and exit 2 (a usage error for scripts)
    assert bare.returncode == 2 and "COMMAND" in bare.stdout and "standings" in bare.stdout


def test_console_script_is_installed():
    script = Path(sys.executable).parent / "fide-tiebreaks"
    if not script.exists():  # a plain interpreter without the package installed as a wheel
        pytest.skip("fide-tiebreaks is not installed in this interpreter's environment")
    import subprocess

    done = subprocess.run([str(script), "--version"], capture_output=True, text=True)
    assert done.returncode == 0 and done.stdout.startswith("fide-tiebreaks ")


import re  # noqa: E402  (used by the parametrised malformed-input test)


def test_unrated_rating_and_options_reach_the_standings(tmp_path):
    # Player 1 (2000) beat 1800 and drew 1901; player 4 is unrated and unpaired. Without a
    # rating for unrated players C.07 drops ARO (warning); with --unrated-rating it is
    # kept: (1800 + 1901) / 2 = 1850.5 -> 1851.
    lines = [
        "012 Rated",
        "092 Swiss",
        player_line(1, "P1", [(2, "w", "1"), (3, "b", "=")], rating=2000),
        player_line(2, "P2", [(1, "b", "0"), None], rating=1800),
        player_line(3, "P3", [None, (1, "w", "=")], rating=1901),
        player_line(4, "P4", [None, None]),
    ]
    path = write(tmp_path, "\n".join(lines) + "\n")
    dropped = run_cli("standings", path, "-t", "ARO,WIN", "-e", "fide-2024", "-f", "json")
    assert "ARO is dropped" in dropped.stderr
    kept = run_cli(
        "standings",
        path,
        "-t",
        "ARO,WIN",
        "-e",
        "fide-2024",
        "-f",
        "json",
        "--unrated-rating",
        "1000",
    )
    assert kept.returncode == 0, kept.stderr
    rows = {r["start_rank"]: r for r in json.loads(kept.stdout)["standings"]}
    assert rows[1]["tiebreaks"]["ARO"] == "1851"
    bad = run_cli("standings", path, "--option", "novalue")
    assert bad.returncode == 2 and "--option takes KEY=VALUE" in bad.stderr
