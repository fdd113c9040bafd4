"""conformance --against: judging another program's exported standings, and the JUnit report of a
run."""

from __future__ import annotations

import json

from conftest import TEC, run_cli

T = str(TEC / "tournament.trf")


def against(tmp_path, text: str, *extra: str):
    path = tmp_path / "theirs.csv"
    path.write_text(text)
    return run_cli("conformance", T, "--against", str(path), "--edition", "fide-2024", *extra)


def test_against_refuses_a_results_file_with_two_rows_for_one_participant(tmp_path):
    """`start_rank,BH / 1,99 / 1,12.5` passed: the last row won and the wrong value was
    never compared. The file contradicts itself, so it is refused at its line."""
    bad = against(tmp_path, "start_rank,BH\n1,99\n1,12.5\n")
    assert bad.returncode == 2, bad.stdout + bad.stderr
    assert "theirs.csv:3: participant 1 has a second row (the first is line 2)" in bad.stderr
    path = tmp_path / "theirs.json"
    path.write_text(
        json.dumps(
            {
                "standings": [
                    {"start_rank": 1, "tiebreaks": {"BH": "99"}},
                    {"start_rank": 1, "tiebreaks": {"BH": "12.5"}},
                ]
            }
        )
    )
    bad = run_cli("conformance", T, "--against", str(path))
    assert bad.returncode == 2 and "participant 1 has a second row" in bad.stderr


def test_against_judges_ranks_alone_on_the_events_own_list(tmp_path):
    """A results file with ranks and no tie-break column failed a correct file ('rules rank
    it 2'): the ranks were computed on an empty list, every 3.5 sharing 2nd place. By
    hand, from FIDE TEC's published 2024 values (expected-2024.csv) and the default list
    BH/C1, BH, SB: Player02 alone has 4 points (1st); of the 3.5s, 3 (BH/C1 13) and 4
    (11.5) come first, then 1 and 16 tie on BH/C1 11 and BH 12.5, and SB 8 > 7.25 puts
    1 fourth."""
    good = against(tmp_path, "start_rank,rank\n1,4\n2,1\n3,2\n4,3\n16,5\n")
    assert good.returncode == 0, good.stdout + good.stderr
    assert "1 passed, 0 failed" in good.stdout
    bad = against(tmp_path, "start_rank,rank\n1,3\n")
    assert bad.returncode == 1
    assert (
        "participant 1: rules rank it 4, theirs.csv ranks it 3 (tie-breaks BH/C1, BH, SB, "
        "edition fide-2024)"
    ) in bad.stdout


def test_against_skips_a_pts_column_instead_of_a_zip_error(tmp_path):
    """gacrux and TRF 212 lists start with PTS; a CSV with a PTS column ended in
    'error: zip() argument 2 is shorter than argument 1' (exit 2)."""
    run = against(tmp_path, "start_rank,PTS,BH\n1,3.5,12.5\n")
    assert run.returncode == 0, run.stdout + run.stderr
    assert "the points (PTS), not a tie-break; column ignored" in run.stdout
    assert "1 passed, 0 failed, 1 skipped" in run.stdout
    only = against(tmp_path, "start_rank,PTS\n1,3.5\n", "-t", "PTS")
    assert only.returncode == 1 and "nothing was compared" in only.stderr


def test_against_a_trf_export_with_t_compares_its_ranks(tmp_path):
    """docs/conformance.md's own example, `conformance event.trf --against their-export.trf
    -t BH/C1,BH,SB`, failed on a correct export ('their-export.trf has no BH/C1 values',
    exit 1): a TRF holds ranks, not values, so -t is the list to rank by."""
    export = tmp_path / "their-export.trf"
    assert run_cli("standings", T, "-f", "trf", "-o", str(export)).returncode == 0
    good = run_cli("conformance", T, "--against", str(export), "-t", "BH/C1,BH,SB")
    assert good.returncode == 0, good.stdout + good.stderr
    assert good.stdout.strip().endswith("1 passed, 0 failed")
    # Ranked on SB, BH instead: Paul (14) and Player15 (15), both on 2 points, swap places
    # (TEC's 2024 values: Paul BH/C1 9, SB 4.5; Player15 BH/C1 11, SB 3.5).
    other = tmp_path / "by-sb.trf"
    assert run_cli("standings", T, "-f", "trf", "-t", "SB,BH", "-o", str(other)).returncode == 0
    bad = run_cli("conformance", T, "--against", str(other), "-t", "BH/C1,BH,SB")
    assert bad.returncode == 1
    assert "participant 15: rules rank it 10, by-sb.trf ranks it 12" in bad.stdout


def test_junit_carries_a_control_character_from_the_results_as_a_replacement(tmp_path):
    """A CSV cell holding ESC: the text report showed it replaced, and --junit ended in
    'internal error: ValueError: All strings must be XML compatible' (exit 3)."""
    from lxml import etree

    path = tmp_path / "r\x1b.csv"
    path.write_text("start_rank,BH\n1,\x1b[31m12\x01\n")
    out = tmp_path / "j.xml"
    run = run_cli("conformance", T, "--against", str(path), "--junit", str(out))
    assert run.returncode == 1, run.stderr
    failure = etree.parse(str(out)).find("testcase/failure")
    assert failure is not None and "\ufffd[31m12\ufffd" in failure.get("message", "")


def test_junit_to_standard_output_is_refused_not_mixed_with_the_report():
    done = run_cli("conformance", "--junit", "-")
    assert done.returncode == 2 and "--junit needs a file name" in done.stderr
    assert done.stdout == ""
