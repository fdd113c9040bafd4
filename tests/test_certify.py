"""``fide-tiebreaks certify``: the harness end to end (our own command line as an external
program), a deliberately broken program whose planted bug must be found and shrunk, and the
pieces (generator, readers, comparison) on hand-made inputs."""

from __future__ import annotations

import json
import sys
from collections import Counter
from fractions import Fraction
from pathlib import Path

import pytest
from lxml import etree
from planted_programs import BROKEN
from trfbuild import tournament

from fide_tiebreaks import parse_trf
from fide_tiebreaks.certify.adapters import Adapter, Answer
from fide_tiebreaks.certify.compare import agrees, compare
from fide_tiebreaks.certify.generate import Profile, coverage, generate, to_trf
from fide_tiebreaks.certify.shrink import cut
from fide_tiebreaks.cli import main
from fide_tiebreaks.diagnostics import Severity

pytest.importorskip("hypothesis")

OURS = "{python} -m fide_tiebreaks standings {trf} -t {codes} -e {edition} -f json"


def test_our_command_line_as_the_program_under_test(tmp_path, capsys):
    code = main(
        [
            "certify",
            "--program",
            OURS,
            "--reader",
            "json",
            "--events",
            "6",
            "--players",
            "4-9",
            "--jobs",
            "1",
            "--tiebreaks",
            "BH/C1,BH,SB,DE,WIN,ARO",
            "--report",
            str(tmp_path / "r"),
        ]
    )
    out = capsys.readouterr().out
    assert out.rstrip().endswith("6 events, 0 discrepancies"), out[-600:]
    assert code == 0
    summary = json.loads((tmp_path / "r" / "summary.json").read_text())
    assert summary["events"] == 6 and summary["discrepancies"] == 0 and summary["groups"] == []
    assert summary["compared"] > 6 * 4 * 5  # every participant's values, not nothing


def test_the_event_as_chess_json_reaches_the_program(capsys):
    template = "{python} -m fide_tiebreaks standings {json} -t {codes} -e {edition} -f json"
    code = main(
        [
            "certify",
            "--program",
            template,
            "--events",
            "3",
            "--players",
            "4-8",
            "--jobs",
            "1",
            "--tiebreaks",
            "BH,SB,WIN",
        ]
    )
    assert code == 0
    assert capsys.readouterr().out.rstrip().endswith("3 events, 0 discrepancies")


def test_a_planted_bug_is_found_and_shrunk(tmp_path, monkeypatch, capsys):
    (tmp_path / "brokenprog.py").write_text(BROKEN)
    monkeypatch.syspath_prepend(str(tmp_path))
    report = tmp_path / "report"
    code = main(
        [
            "certify",
            "--entry",
            "brokenprog:program",
            "--events",
            "12",
            "--players",
            "6-12",
            "--kinds",
            "swiss",
            "--tiebreaks",
            "BH,SB",
            "--jobs",
            "1",
            "--shrink-seconds",
            "900",
            "--report",
            str(report),
        ]
    )
    out = capsys.readouterr().out
    assert code == 1
    summary = json.loads((report / "summary.json").read_text())
    assert summary["discrepancies"] > 0
    assert {g["code"] for g in summary["groups"]} == {"BH"}  # SB is untouched
    for g in summary["groups"]:
        # The planted bug: exactly half a point more, for someone with a zero-point bye.
        assert Fraction(g["theirs"]) - Fraction(g["ours"]) == Fraction(1, 2)
        example = (report / g["example"]).read_text()
        assert " - Z" in example
        # Shrunk: two participants and one round are enough to show it.
        assert g["participants"] <= 3 and g["rounds"] <= 2, example
        assert g["explanation"].startswith("Player")
    assert out.rstrip().endswith(f"12 events, {summary['discrepancies']} discrepancies")
    junit = etree.fromstring((report / "junit.xml").read_bytes())
    assert int(junit[0].get("failures")) >= 2  # the BH code and its group
    assert "<pre>" in (report / "report.html").read_text()


TEAM_BUG = """
from fractions import Fraction
from fide_tiebreaks.certify.adapters import Answer, builtin

def program(request):
    good = builtin(request)
    values = {pid: dict(row) for pid, row in good.values.items()}
    if values.get(1, {}).get("BH:MP") is not None:
        values[1]["BH:MP"] = str(Fraction(values[1]["BH:MP"]) + 1)
    return Answer(values, good.ranks)
"""


def test_a_planted_team_bug_is_shrunk_to_two_teams(tmp_path, monkeypatch, capsys):
    (tmp_path / "teambug.py").write_text(TEAM_BUG)
    monkeypatch.syspath_prepend(str(tmp_path))
    report = tmp_path / "report"
    code = main(
        [
            "certify",
            "--entry",
            "teambug:program",
            "--kinds",
            "team-swiss",
            "--events",
            "2",
            "--players",
            "16-24",
            "--tiebreaks",
            "MPvGP,BH:MP",
            "--jobs",
            "1",
            "--shrink-seconds",
            "900",
            "--report",
            str(report),
        ]
    )
    capsys.readouterr()
    assert code == 1
    groups = json.loads((report / "summary.json").read_text())["groups"]
    assert {g["code"] for g in groups} == {"BH:MP"}
    for g in groups:
        assert Fraction(g["theirs"]) - Fraction(g["ours"]) == 1  # the planted point
        assert g["participants"] == 2 and g["rounds"] == 1, g
        example = (report / g["example"]).read_text()
        assert example.count("\n310 ") == 2  # two teams, each with its roster


def test_the_allowance_of_discrepancies_sets_the_exit_status(tmp_path, monkeypatch, capsys):
    (tmp_path / "brokenprog.py").write_text(BROKEN)
    monkeypatch.syspath_prepend(str(tmp_path))
    args = [
        "certify",
        "--entry",
        "brokenprog:program",
        "--events",
        "3",
        "--players",
        "6-8",
        "--kinds",
        "swiss",
        "--tiebreaks",
        "BH",
        "--jobs",
        "1",
        "--shrink-seconds",
        "0",
    ]
    main(args)
    found = int(capsys.readouterr().out.rstrip().rsplit(", ", 1)[1].split()[0])
    assert found > 0
    assert main([*args, "--max-discrepancies", str(found)]) == 0
    assert main([*args, "--max-discrepancies", str(found - 1)]) == 1


def test_a_program_that_fails_is_a_finding_not_a_crash(tmp_path, capsys):
    failing = f'{sys.executable} -c "import sys; sys.exit(5)"'
    code = main(
        [
            "certify",
            "--program",
            failing,
            "--events",
            "2",
            "--players",
            "4-5",
            "--jobs",
            "1",
            "--shrink-seconds",
            "0",
        ]
    )
    out = capsys.readouterr().out
    assert code == 1
    assert "exit status 5" in out and out.rstrip().endswith("2 events, 2 discrepancies")
    slow = f'{sys.executable} -c "import time; time.sleep(5)"'
    assert (
        main(
            [
                "certify",
                "--program",
                slow,
                "--timeout",
                "0.2",
                "--events",
                "1",
                "--players",
                "4-4",
                "--jobs",
                "1",
                "--shrink-seconds",
                "0",
            ]
        )
        == 1
    )
    assert "no answer within 0.2 s" in capsys.readouterr().out


@pytest.mark.parametrize(
    "argv",
    [
        ["--program", "tool {nonsense}"],
        ["--program", ""],
        ["--entry", "no.such.module:f"],
        ["--players", "2-5"],
        ["--players", "10-300"],
        ["--players", "ten"],
        ["--kinds", "blitz"],
        ["--events", "0"],
        ["--tiebreaks", "BH,XYZ"],
        ["--edition", "fide-1800"],
    ],
)
def test_usage_errors_exit_2(argv, capsys):
    assert main(["certify", *argv]) == 2
    assert "error:" in capsys.readouterr().err


def test_events_are_reproducible_valid_and_cover_every_category():
    profile = Profile(players=(4, 30))
    assert to_trf(generate(7, 3, profile)) == to_trf(generate(7, 3, profile))
    assert to_trf(generate(7, 3, profile)) != to_trf(generate(8, 3, profile))
    seen: Counter[str] = Counter()
    for i in range(150):
        event = generate(11, i, profile)
        read = parse_trf(to_trf(event).encode())
        assert not [d for d in read.diagnostics if d.severity >= Severity.WARNING], i
        assert 4 <= event.size <= 30
        seen += coverage(event)
    for what in ("1", "=", "0", "+", "-", "--", "U", "F", "H", "Z", "W", "D", "L"):
        assert seen[f"code {what}"] > 0, what
    for what in ("late entry", "withdrawn"):
        assert seen[f"not paired ({what})"] > 0
    assert seen["event: round-robin"] > 0 and seen["unrated players"] > 0


def test_cut_drops_participants_rounds_and_games_and_keeps_pairings_mirrored():
    event = generate(3, 0, Profile(players=(8, 8), rounds=4, kinds=("swiss",)))
    games = list(event.games())
    sub = cut(event, [1, 0, 1, 1, 1, 1, 1, 1], [1, 1, 0, 1], [1] * len(games))
    assert sub is not None and sub.size == 7 and sub.round_count == 3
    read = parse_trf(to_trf(sub).encode())
    assert not [d for d in read.diagnostics if d.severity >= Severity.WARNING]
    assert cut(event, [1] + [0] * 7, [1] * 4, [1] * len(games)) is None


def test_rounded_values_are_compared_at_the_printed_precision():
    assert agrees(Fraction(7, 3), "2.33", rounded=True)
    assert not agrees(Fraction(7, 3), "2.34", rounded=True)
    assert not agrees(Fraction(7, 3), "2.33", rounded=False)
    assert agrees(Fraction(5, 2), "2.5", rounded=False)
    assert agrees(None, "-0", rounded=False) and not agrees(Fraction(0), "-0", rounded=False)
    assert not agrees(Fraction(1), "one", rounded=False)


def test_de_is_compared_by_the_order_it_induces_in_the_tied_group():
    from trfbuild import tournament

    from fide_tiebreaks import compute_standings

    # C beats D and A (2 points); A beats B, B beats D (1 point each); D 0. Only A and B
    # are tied, and A won their game: DE orders A before B (C.07 6.2).
    text = tournament(
        {
            1: [(2, "w", "1"), (3, "b", "0")],
            2: [(1, "b", "0"), (4, "w", "1")],
            3: [(4, "w", "1"), (1, "w", "1")],
            4: [(3, "b", "0"), (2, "b", "0")],
        }
    )
    s = compute_standings(parse_trf(text.encode()).tournament, ["DE"], "fide-2024")
    adapter = Adapter("x")
    # The reference program's notation: 0 for the untied, places inside the group.
    alike = Answer({1: {"DE": "1"}, 2: {"DE": "2"}, 3: {"DE": "0"}, 4: {"DE": "0"}})
    assert compare(s, alike, adapter, "fide-2024")[0] == []
    swapped = Answer({1: {"DE": "2"}, 2: {"DE": "1"}, 3: {"DE": "0"}, 4: {"DE": "0"}})
    assert {d.participant for d in compare(s, swapped, adapter, "fide-2024")[0]} == {1, 2}
    unseparated = Answer({1: {"DE": "0"}, 2: {"DE": "0"}, 3: {"DE": "0"}, 4: {"DE": "0"}})
    assert {d.participant for d in compare(s, unseparated, adapter, "fide-2024")[0]} == {1, 2}


def test_gacrux_text_report_is_read():
    from fide_tiebreaks.results_reader import read_gacrux

    four = parse_trf(
        tournament({1: [(2, "w", "1")], 2: [(1, "b", "0")], 3: [(4, "w", "1")], 4: [(3, "b", "0")]})
    ).tournament
    text = "StartNo\tRank\tPTS\tFB/V2024\tBH/V2024\n1\t1\t2.5\t2.0\t4.0\n4\t4\t0.0\t-0\t0.0\n"
    read = read_gacrux(text, "output", ["FB", "BH"], four)
    assert read.values == {1: {"FB": "2.0", "BH": "4.0"}, 4: {"FB": None, "BH": "0.0"}}
    assert read.ranks == {1: 1, 4: 4}
    with pytest.raises(ValueError) as e:
        read_gacrux("Traceback (most recent call last):\n", "output", ["BH"], four)
    assert str(e.value) == "output:1: expected a StartNo, Rank header"


def test_the_report_paths_are_relative_to_the_report_folder(tmp_path, monkeypatch, capsys):
    (tmp_path / "brokenprog.py").write_text(BROKEN)
    monkeypatch.syspath_prepend(str(tmp_path))
    main(
        [
            "certify",
            "--entry",
            "brokenprog:program",
            "--events",
            "2",
            "--players",
            "8-8",
            "--kinds",
            "swiss",
            "--tiebreaks",
            "BH",
            "--jobs",
            "1",
            "--shrink-seconds",
            "0",
            "--report",
            str(tmp_path / "out"),
        ]
    )
    capsys.readouterr()
    summary = json.loads((tmp_path / "out" / "summary.json").read_text())
    for g in summary["groups"]:
        assert not Path(g["example"]).is_absolute()
        assert (tmp_path / "out" / g["example"]).is_file()
        assert {"code", "edition", "count", "example"} <= set(g)


def test_certify_on_a_local_dask_cluster_matches_the_local_run():
    distributed = pytest.importorskip("distributed", reason="tox -e dask installs Dask")
    from fide_tiebreaks.certify.adapters import ADAPTERS
    from fide_tiebreaks.certify.engine import Config, run_dask, run_local

    config = Config(
        adapter=ADAPTERS["builtin"],
        codes=("BH", "SB", "DE"),
        edition="fide-2024",
        seed=3,
        profile=Profile((4, 12)),
    )
    local = list(run_local(config, 8, 1))
    with distributed.LocalCluster(
        n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None
    ) as cluster:
        remote = list(run_dask(config, 8, cluster.scheduler_address))
    assert remote == local
    assert sum(r.compared for r in local) > 0
