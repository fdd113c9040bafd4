"""The endorsement tools: the standings checker (check --standings) on planted rank errors
and unknown codes, and the generator's byte-identical regeneration from a seed."""

from __future__ import annotations

import json
import os
from fractions import Fraction
from pathlib import Path

from conftest import run_cli
from planted_programs import BROKEN

# Four players, two rounds, list BH (fide-2024 by the end date), every game played:
#   round 1: 1-2 1-0, 3-4 ½-½;  round 2: 3-1 1-0, 2-4 1-0
# Points: #1 1, #2 1, #3 1.5, #4 0.5.
# BH (no unplayed rounds: the opponents' scores): #1 = s2 + s3 = 1 + 1.5 = 2.5;
# #2 = s1 + s4 = 1 + 0.5 = 1.5; #3 = s4 + s1 = 0.5 + 1 = 1.5; #4 = s3 + s2 = 1.5 + 1 = 2.5.
# Right ranks: #3 1st (1.5 points), #1 2nd and #2 3rd (1 point each, BH 2.5 > 1.5), #4 4th.
HEAD = "012 Planted\n042 2025/05/01\n052 2025/05/02\n142 2\n202 {codes}\n"
ROWS = (
    (1, 1800, "1.0", "     2 w 1     3 b 0"),
    (2, 1700, "1.0", "     1 b 0     4 w 1"),
    (3, 1600, "1.5", "     4 w =     1 w 1"),
    (4, 1500, "0.5", "     3 b =     2 b 0"),
)


def planted(tmp_path: Path, ranks: dict[int, int], codes: str = "BH", name: str = "p.trf") -> str:
    lines = [HEAD.format(codes=codes)]
    for pid, rating, pts, rounds in ROWS:
        lines.append(
            f"001 {pid:4d}      {'Player ' + str(pid):<33} {rating:>4}"
            f"{'':28}{pts:>4} {ranks[pid]:>4}{rounds}\n"
        )
    path = tmp_path / name
    path.write_text("".join(lines))
    return str(path)


def checked(*args: str) -> tuple[int, list[dict]]:
    done = run_cli("check", "--standings", *args)
    assert "Traceback" not in done.stderr
    return done.returncode, [json.loads(x) for x in done.stdout.splitlines()]


def test_right_ranks_conform(tmp_path):
    code, [report] = checked(planted(tmp_path, {3: 1, 1: 2, 2: 3, 4: 4}))
    assert code == 0
    assert report["status"] == "conforms"
    assert report["pairs"] == 3 and report["violations"] == []


def test_a_swap_decided_by_bh_names_the_position_code_values_and_article(tmp_path):
    code, [report] = checked(planted(tmp_path, {3: 1, 2: 2, 1: 3, 4: 4}))
    assert code == 1
    assert report["violations"] == [
        {
            "kind": "order",
            "position": 3,
            "better": 1,
            "worse": 2,
            "better_rank": 3,
            "worse_rank": 2,
            "code": "BH",
            "better_value": "2.5",
            "worse_value": "1.5",
            "article": "C.07 (2024) 8.1",
        }
    ]


def test_a_swap_decided_by_points(tmp_path):
    # #4 (0.5 points) declared 1st above #3 (1.5 points): points decide, C.07 4.2.
    code, [report] = checked(planted(tmp_path, {4: 1, 3: 2, 1: 3, 2: 4}))
    assert code == 1
    [v] = report["violations"]
    assert (v["position"], v["better"], v["worse"], v["code"]) == (2, 3, 4, "PTS")
    assert (v["better_value"], v["worse_value"]) == ("1.5", "0.5")


def test_a_declared_tie_that_bh_breaks(tmp_path):
    # #1 and #2 both 2nd: BH separates them (2.5 against 1.5); #4 is then 4th, as it should.
    code, [report] = checked(planted(tmp_path, {3: 1, 1: 2, 2: 2, 4: 4}))
    assert code == 1
    [v] = report["violations"]
    assert (v["kind"], v["better"], v["worse"], v["code"]) == ("tie", 1, 2, "BH")
    assert (v["better_value"], v["worse_value"]) == ("2.5", "1.5")


def test_a_rank_number_out_of_place(tmp_path):
    # The right order, but #2 declared 4th and #4 4th: position 3 holds rank 4.
    code, [report] = checked(planted(tmp_path, {3: 1, 1: 2, 2: 4, 4: 4}))
    assert code == 1
    kinds = [(v["kind"], v["better"]) for v in report["violations"]]
    assert ("number", 2) in kinds  # its place is 3
    assert ("tie", 2) in kinds  # and #2 (1 point) is not tied with #4 (0.5)


def test_the_text_form_names_each_broken_position(tmp_path):
    done = run_cli(
        "check", "--standings", planted(tmp_path, {3: 1, 2: 2, 1: 3, 4: 4}), "--format", "text"
    )
    assert done.returncode == 1
    assert (
        "rank 3: #1 (rank 3) declared below #2 (rank 2), but BH decides: 2.5 against 1.5"
        in done.stdout
    )


def test_unknown_codes_are_named_and_the_known_part_is_checked(tmp_path):
    # ZZ9 is no installed code. Pairs decided by points are still checked: #4 above #3 is
    # wrong on points; #1 and #2 (1 point each) reach ZZ9 first, so they are not verified.
    path = planted(tmp_path, {4: 1, 3: 2, 1: 3, 2: 4}, codes="ZZ9,BH")
    code, [report] = checked(path)
    assert code == 1
    assert report["unknown"] == ["ZZ9"]
    assert report["tiebreaks"] == []  # nothing before ZZ9
    assert report["unverified"] == 1
    assert [(v["better"], v["worse"], v["code"]) for v in report["violations"]] == [(3, 4, "PTS")]
    right = planted(tmp_path, {3: 1, 1: 2, 2: 3, 4: 4}, codes="BH,ZZ9", name="q.trf")
    code, [report] = checked(right)
    # BH decides #1 against #2 before ZZ9 is reached: nothing is left unverified.
    assert code == 0 and report["status"] == "conforms" and report["unknown"] == ["ZZ9"]


def test_codes_written_wrong_or_with_modifiers_they_do_not_take_are_unknown_too(tmp_path):
    # BH takes no /K (SSSC's factor); SB/C9X is no code at all; OTHER_MINE a program's own.
    path = planted(tmp_path, {3: 1, 1: 2, 2: 3, 4: 4}, codes="BH/K5,OTHER_MINE,BH,SB/C9X")
    code, [report] = checked(path)
    assert code == 1 and report["status"] == "incomplete"
    assert report["unknown"] == ["BH/K5", "OTHER_MINE", "SB/C9X"]
    assert report["unverified"] == 1  # #1 and #2, tied on points, reach BH/K5 first


def test_nothing_compared_fails_and_unreadable_is_a_usage_error(tmp_path):
    path = tmp_path / "bare.trf"
    path.write_text("012 X\n001    1      A                                  1500      1.0\n")
    assert checked(str(path))[0] == 1  # no declared ranks: nothing was compared
    bad = tmp_path / "bad.trf"
    bad.write_bytes(b"\x00\x01")
    assert checked(str(bad))[0] == 2
    assert checked(str(tmp_path / "missing.trf"))[0] == 2


def test_check_without_standings_still_takes_one_file(tmp_path):
    path = planted(tmp_path, {3: 1, 1: 2, 2: 3, 4: 4})
    assert run_cli("check", path, path).returncode == 2


def test_generate_same_seed_same_bytes(tmp_path):
    a, b, c = tmp_path / "a", tmp_path / "b", tmp_path / "c"
    common = ["-n", "12", "--kinds", "swiss,round-robin,team-swiss", "--players", "4-30"]
    assert run_cli("generate", str(a), "--seed", "9", *common).returncode == 0
    assert run_cli("generate", str(b), "--seed", "9", *common, "--jobs", "2").returncode == 0
    assert run_cli("generate", str(c), "--seed", "10", *common).returncode == 0
    names = sorted(p.name for p in a.iterdir())
    assert names == [f"event-{i:06d}.trf" for i in range(12)]
    assert all((a / n).read_bytes() == (b / n).read_bytes() for n in names)
    assert any((a / n).read_bytes() != (c / n).read_bytes() for n in names)


def test_generated_files_are_trf_2026_standings_files(tmp_path):
    out = tmp_path / "o"
    assert (
        run_cli(
            "generate",
            str(out),
            "-n",
            "6",
            "--tiebreaks",
            "BH/C1,SB",
            "--editions",
            "fide-2026",
            "--kinds",
            "swiss",
        ).returncode
        == 0
    )
    text = (out / "event-000000.trf").read_text()
    heads = [line[:3] for line in text.splitlines()]
    assert {"142", "192", "202", "212"} <= set(heads) and "XXR" not in heads
    assert "202 BH/C1,SB" in text and "052 2026/05/09" in text
    ranks = [line[85:89].strip() for line in text.splitlines() if line.startswith("001")]
    assert all(r.isdigit() for r in ranks)
    assert run_cli("check", "--standings", str(out)).returncode == 0
    old = tmp_path / "old"
    assert run_cli("generate", str(old), "-n", "2", "--format", "trf16").returncode == 0
    assert "202 " not in (old / "event-000000.trf").read_text()


def test_generate_refuses_bad_options(tmp_path):
    for bad in (
        ["-n", "0"],
        ["--players", "2-300"],
        ["--editions", "fide-1999"],
        ["--byes", "Q=0.1"],
        ["--byes", "H=0.9,Z=0.9"],
        ["--forfeits", "nan"],
        ["--tiebreaks", "NOPE"],
    ):
        done = run_cli("generate", str(tmp_path / "x"), *bad)
        assert done.returncode == 2, bad
        assert "Traceback" not in done.stderr
    target = tmp_path / "file"
    target.write_text("x")
    assert run_cli("generate", str(target), "-n", "1").returncode == 2


def test_a_participant_without_a_declared_rank_is_named(tmp_path):
    path = Path(planted(tmp_path, {3: 1, 1: 2, 2: 3, 4: 4}))
    lines = path.read_text().splitlines(keepends=True)
    lines[-1] = lines[-1][:85] + "    " + lines[-1][89:]  # #4's rank column left blank
    path.write_text("".join(lines))
    code, [report] = checked(str(path))
    assert code == 1
    assert report["status"] == "incomplete" and report["violations"] == []
    assert any("no declared rank for 4" in m for m in report["messages"])


def test_a_team_file_with_two_ranks_swapped(tmp_path):
    out = tmp_path / "t"
    assert (
        run_cli(
            "generate",
            str(out),
            "-n",
            "1",
            "--kinds",
            "team-swiss",
            "--seed",
            "3",
            "--tiebreaks",
            "BH:MP",
        ).returncode
        == 0
    )
    path = out / "event-000000.trf"
    lines = path.read_text().splitlines(keepends=True)
    teams = {int(x[4:7]): k for k, x in enumerate(lines) if x.startswith("310")}
    mp = {t: x for t, k in teams.items() if (x := lines[k][54:60].strip())}
    rank = {t: int(lines[k][68:71]) for t, k in teams.items()}
    first = min(rank, key=rank.get)
    # the best-placed team whose match points (310 columns 55-60) are lower than the leader's
    second = min((t for t in rank if float(mp[t]) < float(mp[first])), key=rank.get)
    for t, r in ((first, rank[second]), (second, rank[first])):
        k = teams[t]
        lines[k] = lines[k][:68] + f"{r:>3}" + lines[k][71:]
    path.write_text("".join(lines))
    code, [report] = checked(str(path))
    assert code == 1
    decided = [v for v in report["violations"] if v["kind"] == "order" and v["code"] == "PTS"]
    assert decided, report["violations"]
    v = decided[0]
    assert float(v["better_value"]) == float(mp[v["better"]])
    assert float(v["worse_value"]) == float(mp[v["worse"]])


def test_certify_events_from_a_corpus_finds_and_shrinks_a_planted_bug(tmp_path, monkeypatch):
    # A corpus someone else made: files with their own list (202 BH,SB) and dates.
    corpus = tmp_path / "corpus"
    assert (
        run_cli(
            "generate",
            str(corpus),
            "-n",
            "10",
            "--kinds",
            "swiss",
            "--players",
            "6-12",
            "--tiebreaks",
            "BH,SB",
            "--byes",
            "Z=0.1",
        ).returncode
        == 0
    )
    clean = run_cli("certify", "--events-from", str(corpus), "--jobs", "1")
    assert clean.returncode == 0, clean.stderr
    assert clean.stdout.rstrip().endswith("10 events, 0 discrepancies")
    (tmp_path / "brokenprog.py").write_text(BROKEN)
    report = tmp_path / "report"
    done = run_cli(
        "certify",
        "--events-from",
        str(corpus),
        "--entry",
        "brokenprog:program",
        "--jobs",
        "1",
        "--shrink-seconds",
        "20",
        "--report",
        str(report),
        env={"PYTHONPATH": str(tmp_path)},
    )
    assert done.returncode == 1, done.stderr
    summary = json.loads((report / "summary.json").read_text())
    assert {g["code"] for g in summary["groups"]} == {"BH"}
    for g in summary["groups"]:
        # the planted bug: half a point more for someone with a zero-point bye
        assert Fraction(g["theirs"]) - Fraction(g["ours"]) == Fraction(1, 2)
        assert g["participants"] <= 3 and g["rounds"] <= 2
    lines = (report / "files.jsonl").read_text().splitlines()
    assert len(lines) == 10 and all(json.loads(x)["codes"] == ["BH", "SB"] for x in lines)


def test_generate_replaces_only_regular_files_in_its_folder(tmp_path):
    out = tmp_path / "out"
    out.mkdir()
    victim = tmp_path / "victim"
    victim.write_text("keep")
    (out / "event-000000.trf").symlink_to(victim)
    done = run_cli("generate", str(out), "-n", "2", "--force")  # a folder with a file in it
    assert done.returncode == 2 and "symbolic link" in done.stderr
    assert victim.read_text() == "keep"
    os.mkfifo(out / "event-000001.trf")
    (out / "event-000000.trf").unlink()
    done = run_cli("generate", str(out), "-n", "2", "--force")
    assert done.returncode == 2 and "FIFO" in done.stderr
