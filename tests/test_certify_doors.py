"""certify as a door: hostile and careless options, programs and outputs end in a usage
error (2) or a finding (1), never an internal error (3), a hang or unbounded memory."""

from __future__ import annotations

import sys
import time
from collections.abc import Callable

import pytest

from fide_tiebreaks.cli import main

SMALL = ["--events", "2", "--players", "4-5", "--jobs", "1", "--shrink-seconds", "0"]


@pytest.mark.parametrize("timeout", ["nan", "inf", "-inf", "0", "1e9"])
def test_a_timeout_that_is_not_a_finite_number_of_seconds_is_a_usage_error(timeout, capsys):
    code = main(["certify", "--program", "true", f"--timeout={timeout}", *SMALL])
    assert code == 2
    assert "--timeout" in capsys.readouterr().err


def test_unrated_rating_keeps_rating_tiebreaks_in_events_with_unrated_players(capsys):
    # Seed 1's first events hold unrated players; with a rating for them (C.07 Art. 10) ARO
    # is computed for every participant of every event: 4 + 5 values here.
    args = [
        "certify",
        "--tiebreaks",
        "ARO",
        "--seed",
        "1",
        "--events",
        "12",
        "--players",
        "4-4",
        "--jobs",
        "1",
        "--shrink-seconds",
        "0",
    ]
    assert main([*args, "--unrated-rating", "1000"]) == 0
    out = capsys.readouterr().out
    assert "values of ARO                       48" in out
    assert main([*args, "--unrated-rating", "-5"]) == 2
    assert "--unrated-rating" in capsys.readouterr().err


def test_jobs_far_beyond_the_cores_do_not_fork_a_process_each(monkeypatch):
    # --jobs 10000 for 2 events once forked 10,000 workers; the pool is capped at the events
    # and the cores, as audit's is.
    from concurrent import futures

    from fide_tiebreaks.certify import engine
    from fide_tiebreaks.certify.adapters import ADAPTERS
    from fide_tiebreaks.certify.generate import Profile

    sizes = []

    class Pool(futures.ThreadPoolExecutor):
        def __init__(self, max_workers: int) -> None:
            sizes.append(max_workers)
            super().__init__(max_workers)

    monkeypatch.setattr(futures, "ProcessPoolExecutor", Pool)
    monkeypatch.setattr("fide_tiebreaks.audit.default_jobs", lambda: 2)
    config = engine.Config(
        adapter=ADAPTERS["builtin"],
        codes=("BH",),
        edition="fide-2024",
        seed=1,
        profile=Profile(players=(4, 5)),
    )
    assert len(list(engine.run_local(config, 3, 10000))) == 3
    assert sizes == [2]


@pytest.mark.parametrize("template", ["cat {trf:>99999999999}", "cat {trf!r}"])
def test_a_placeholder_with_a_format_is_a_usage_error(template, capsys):
    assert main(["certify", "--program", template, *SMALL]) == 2
    assert "takes no format" in capsys.readouterr().err


def _run(template: str, *more: str) -> tuple[int, str]:
    import contextlib
    import io

    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        code = main(
            [
                "certify",
                "--program",
                template,
                "--events",
                "1",
                "--players",
                "4-4",
                "--jobs",
                "1",
                "--shrink-seconds",
                "0",
                "--tiebreaks",
                "BH",
                *more,
            ]
        )
    return code, out.getvalue()


def test_a_program_that_floods_its_output_is_stopped_at_the_limit(monkeypatch):
    # It once read everything into memory (2.5 GB in 3 s, then MemoryError: exit 3).
    monkeypatch.setattr("fide_tiebreaks.certify.adapters.OUTPUT_LIMIT", 1 << 20)
    flood = f"{sys.executable} -c \"import sys\nwhile True: sys.stdout.write('x' * 65536)\""
    code, out = _run(flood, "--timeout", "20")
    assert code == 1 and "File too large" in out
    to_file = f"{sys.executable} -c \"open('{{out}}'.strip(), 'w').write('x' * (2 << 20))\""
    code, out = _run(to_file, "--timeout", "20")
    assert code == 1 and "File too large" in out


def test_a_child_that_keeps_running_is_killed_and_does_not_hold_the_answer(tmp_path):
    # The program answers and exits; a child it started keeps its standard output open. The
    # answer was lost ("no answer within 3 s") and the child outlived the run.
    marker = tmp_path / "alive"
    child = f"import time, pathlib; time.sleep(1.5); pathlib.Path({str(marker)!r}).write_text('x')"
    prog = tmp_path / "prog.py"
    prog.write_text(
        "import json, subprocess, sys\n"
        f"subprocess.Popen([sys.executable, '-c', {child!r}])\n"
        "print(json.dumps({'standings': []}))\n"
    )
    code, out = _run(f"{sys.executable} {prog}", "--timeout", "3")
    assert code == 1 and "no answer" not in out and "theirs -" in out
    import time

    time.sleep(2.5)
    assert not marker.exists()


def test_a_relative_program_path_is_the_users_not_the_temporary_folders(tmp_path, monkeypatch):
    prog = tmp_path / "tool"
    prog.write_text(f"#!{sys.executable}\nprint('[]')\n")
    prog.chmod(0o755)
    monkeypatch.chdir(tmp_path)
    code, out = _run("./tool")
    assert code == 1 and "cannot run" not in out and "theirs -" in out


@pytest.mark.parametrize(
    ("reader", "output", "message"),
    [
        ("csv", "start_rank,BH\n1," + "x" * 200_000 + "\n", "not readable as CSV"),
        ("json", "[" * 100_000 + "]" * 100_000, "nested too deeply"),
    ],
)
def test_output_the_readers_cannot_take_is_a_run_finding(tmp_path, reader, output, message):
    # Once exit 3 (csv.Error) and exit 2, ending the whole run (RecursionError).
    (tmp_path / "out.txt").write_text(output)
    cat = f'{sys.executable} -c "import sys; sys.stdout.write(open(sys.argv[1]).read())"'
    code, out = _run(f"{cat} {tmp_path / 'out.txt'}", "--reader", reader)
    assert code == 1 and message in out and out.rstrip().endswith("1 event, 1 discrepancy")


@pytest.mark.parametrize("first", [True, False])
def test_a_participant_given_two_rows_is_not_judged_on_one_of_them(tmp_path, first):
    # A second row for #1 with BH 999 was silently dropped when it came first: a wrong value
    # the program printed went unseen.
    where = "0" if first else "len(d['standings'])"
    prog = tmp_path / "prog.py"
    prog.write_text(
        "import json, subprocess, sys\n"
        "out = subprocess.run([sys.executable, '-m', 'fide_tiebreaks', 'standings', sys.argv[1],"
        " '-t', 'BH', '-f', 'json'], capture_output=True, text=True).stdout\n"
        "d = json.loads(out)\n"
        "bad = dict(d['standings'][0], tiebreaks={'BH': '999'})\n"
        f"d['standings'].insert({where}, bad)\n"
        "print(json.dumps(d))\n"
    )
    code, out = _run(f"{sys.executable} {prog} {{trf}}")
    assert code == 1 and "has a second row" in out


def test_conformance_against_an_unreadable_export_is_not_an_internal_error(tmp_path, capsys):
    from pathlib import Path

    trf = Path(__file__).parent.parent / "conformance" / "cases"
    case = next(trf.rglob("*.trf"))
    (tmp_path / "big.csv").write_text("start_rank,BH\n1," + "x" * 200_000 + "\n")
    (tmp_path / "deep.json").write_text("[" * 100_000 + "]" * 100_000)
    for name in ("big.csv", "deep.json"):
        code = main(["conformance", str(case), "--against", str(tmp_path / name), "-t", "BH"])
        assert code not in (0, 3), name
        assert "internal error" not in capsys.readouterr().err


ENTRIES = """
from fide_tiebreaks.certify.adapters import Answer
def floats(request): return Answer({1: {"BH": 1.5}})
def nothing(request): return Answer(None)
def text_ranks(request): return Answer({1: {"BH": "1"}}, {1: "first"})
def leaves(request): raise SystemExit(5)
"""


@pytest.mark.parametrize(
    ("entry", "message"),
    [
        ("floats", "whose values are not"),
        ("nothing", "whose values are not"),
        ("text_ranks", "whose ranks are not"),
        ("leaves", "SystemExit: 5"),
    ],
)
def test_an_entry_point_answering_the_wrong_shape_is_a_run_finding(
    tmp_path, monkeypatch, capsys, entry, message
):
    # These were exit 3 (AttributeError deep in the comparison) or exit 5 (SystemExit).
    (tmp_path / "shapes.py").write_text(ENTRIES)
    monkeypatch.syspath_prepend(str(tmp_path))
    assert main(["certify", "--entry", f"shapes:{entry}", *SMALL]) == 1
    out = capsys.readouterr().out
    assert message in out and out.rstrip().endswith("2 events, 2 discrepancies")


@pytest.mark.parametrize("body", ["raise SyntaxError('bad')", "1 / 0", "import sys; sys.exit(4)"])
def test_an_entry_module_that_fails_to_import_is_a_usage_error(tmp_path, monkeypatch, capsys, body):
    (tmp_path / "broken_mod.py").write_text(body + "\n")
    monkeypatch.syspath_prepend(str(tmp_path))
    assert main(["certify", "--entry", "broken_mod:f", *SMALL]) == 2
    assert "cannot be loaded" in capsys.readouterr().err


HOSTILE = """
from fide_tiebreaks.certify.adapters import Answer, builtin
def program(request):
    right = builtin(request)
    values = {p: dict(row) for p, row in right.values.items()}
    values[1]["BH"] = "<script>alert(1)</script>]]>\\x01\\x1b[2J\\ud800"
    return Answer(values, right.ranks)
"""


def test_a_hostile_value_is_escaped_in_every_report(tmp_path, monkeypatch, capsys):
    # Control characters made junit.xml not well-formed XML, reached the terminal raw (ESC
    # [2J clears it), and a lone surrogate could not be written at all.
    import json

    from lxml import etree

    (tmp_path / "hostile.py").write_text(HOSTILE)
    monkeypatch.syspath_prepend(str(tmp_path))
    report = tmp_path / "report"
    args = ["certify", "--entry", "hostile:program", "--tiebreaks", "BH", *SMALL]
    assert main([*args, "--report", str(report)]) == 1
    out = capsys.readouterr().out
    assert "\x1b" not in out and "\x01" not in out and "\\x1b[2J" in out
    suite = etree.parse(str(report / "junit.xml")).getroot()
    failures = [f.get("message") for f in suite.iter("failure")]
    assert any("<script>alert(1)</script>]]>\\x01" in (m or "") for m in failures)
    html = (report / "report.html").read_text(encoding="utf-8")
    assert "<script>" not in html and "&lt;script&gt;alert(1)&lt;/script&gt;]]&gt;" in html
    groups = json.loads((report / "summary.json").read_text())["groups"]
    assert groups[0]["theirs"].startswith("<script>alert(1)</script>]]>")


def test_a_report_that_cannot_be_a_folder_is_refused_before_the_run(tmp_path, capsys):
    # It was found out after the whole run, with "File exists" for a message.
    import os

    (tmp_path / "file").write_text("keep")
    os.mkfifo(tmp_path / "fifo")
    for target in (tmp_path / "file", tmp_path / "fifo", tmp_path / "file" / "sub"):
        code = main(["certify", "--program", "false", *SMALL, "--report", str(target)])
        captured = capsys.readouterr()
        assert code == 2 and captured.out == "", target
        assert "--report" in captured.err or "cannot write the report" in captured.err
    assert (tmp_path / "file").read_text() == "keep"


def _alive(pid: int) -> bool:
    """Whether process *pid* still runs (a zombie waiting to be reaped has ended)."""
    import os
    from pathlib import Path

    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    stat = Path(f"/proc/{pid}/stat")
    try:
        return stat.read_text().rsplit(")", 1)[1].split()[0] != "Z"
    except (OSError, IndexError):
        return not stat.parent.parent.is_dir()  # no /proc: os.kill's answer


def _within(seconds: float, done: Callable[[], bool]) -> bool:
    """Whether *done* holds within *seconds* (a bound on a loaded machine, not a timing)."""
    import time

    end = time.monotonic() + seconds
    while not done():
        if time.monotonic() > end:
            return False
        time.sleep(0.05)
    return True


@pytest.mark.parametrize(("jobs", "how"), [("2", "TERM"), ("2", "INT")])
def test_an_interrupted_run_leaves_no_program_and_no_temporary_folder(tmp_path, jobs, how):
    # kill PID (SIGTERM) once left the workers orphaned, each still running the program; Ctrl-C
    # with --jobs 2 waited for every queued batch (6 x 20 s here). The signal goes when both
    # workers' programs run (each says so in a file), not after a guessed delay: on a loaded
    # machine the run may not have got that far, or a worker may be starting its program.
    import os
    import signal
    import subprocess

    marker = tmp_path / "still-running"
    started = tmp_path / "started"
    started.mkdir()
    slow = tmp_path / "slow.py"
    slow.write_text(
        "import os, time, pathlib\n"
        f"pathlib.Path({str(started)!r}, str(os.getpid())).touch()\n"
        f"time.sleep(20)\npathlib.Path({str(marker)!r}).touch()\n"
    )
    temp = tmp_path / "tmp"
    temp.mkdir()
    run = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "fide_tiebreaks",
            "certify",
            "--program",
            f"{{python}} {slow}",
            "--events",
            "6",
            "--players",
            "4-4",
            "--jobs",
            jobs,
            "--timeout",
            "30",
        ],
        env={**os.environ, "TMPDIR": str(temp)},
        start_new_session=True,
        # Ctrl-C as a terminal delivers it: a test run started in the background (nohup,
        # `&` in a script, some CI runners) ignores SIGINT, and its children inherit that
        preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL),
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    try:
        both = int(jobs)
        assert _within(120, lambda: len(list(started.iterdir())) >= both), "no programs ran"
        if how == "TERM":
            run.send_signal(signal.SIGTERM)  # the main process alone, as kill PID does
        else:
            os.killpg(run.pid, signal.SIGINT)  # the whole group, as Ctrl-C does
        assert run.wait(timeout=120) != 0
    finally:  # never leave the run behind for a later test to trip over
        if run.poll() is None:
            os.killpg(run.pid, signal.SIGKILL)
            run.wait()
    programs = [int(p.name) for p in started.iterdir()]
    # a program the signal did not end sleeps its 20 s out and leaves the marker
    assert _within(60, lambda: not any(_alive(pid) for pid in programs)), "a program outlived"
    assert not marker.exists()
    assert list(temp.iterdir()) == []


@pytest.mark.parametrize("events", ["100001", "1000000000", "99999999999999999999999"])
def test_a_number_of_events_beyond_the_bound_is_a_usage_error(events, capsys):
    # 10**9 events took 2.8 GB in a minute before a single event ran.
    assert main(["certify", "--events", events, "--jobs", "1"]) == 2
    assert "--events must be from 1 to 100,000" in capsys.readouterr().err


@pytest.mark.parametrize(
    ("kind", "players"),
    [
        ("round-robin", "200-200"),
        ("round-robin", "51-60"),
        ("team-swiss", "200-200"),
    ],
)
def test_large_events_stay_within_the_generators_limits(kind, players, capsys):
    # A round robin of 200 gave a 199-round table with 3-digit scores that shifted TRF
    # columns (our own reader refused it: exit 3); a team Swiss of 200 players asked for 50
    # to 40 teams (randrange: exit 3).
    args = [
        "certify",
        "--kinds",
        kind,
        "--players",
        players,
        "--tiebreaks",
        "BH",
        "--events",
        "3",
        "--jobs",
        "1",
        "--shrink-seconds",
        "0",
    ]
    assert main(args) == 0
    assert capsys.readouterr().out.rstrip().endswith("3 events, 0 discrepancies")


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["--tiebreaks", ""], "--tiebreaks is empty"),
        (["--tiebreaks", " , "], "--tiebreaks is empty"),
        (["--players", "4-"], "--players"),
        (["--players", "\u0664-\u0665"], "--players"),
        (["--tiebreaks", "AOB", "--rounded", "AOV"], "--rounded: AOV not in the tie-break list"),
        (["--tiebreaks", "BH", "--order-only", "de"], "--order-only: de not in the tie-break list"),
    ],
)
def test_careless_options_are_not_silently_reinterpreted(argv, message, capsys):
    # An empty list ran the 23 default codes, "4-" ran 4-4, Arabic-Indic digits passed, and
    # a misspelt --rounded code was ignored (its values then compared exactly).
    assert main(["certify", *SMALL, *argv]) == 2
    assert message in capsys.readouterr().err


def test_a_symlinked_cases_folder_is_not_written_through(tmp_path, capsys):
    # cases -> elsewhere put the reproductions outside the report folder.
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    report = tmp_path / "report"
    report.mkdir()
    (report / "cases").symlink_to(elsewhere)
    assert main(["certify", "--program", "false", *SMALL, "--report", str(report)]) == 2
    assert "symbolic link" in capsys.readouterr().err
    assert list(elsewhere.iterdir()) == []


def test_an_unreadable_output_is_named_as_the_output_not_a_vanished_temporary_file():
    code, out = _run(
        f"{sys.executable} -c \"print('start_rank,BH'); print('x,1')\"", "--reader", "csv"
    )
    assert code == 1 and "unreadable output (csv reader): output:2:" in out
    assert "certify-read-" not in out


def test_a_run_that_compares_nothing_fails_and_says_why(tmp_path, monkeypatch, capsys):
    (tmp_path / "offers.py").write_text(
        "from fide_tiebreaks.certify.adapters import Answer\n"
        "def nothing(request): return Answer({}, {}, ())\n"
    )
    monkeypatch.syspath_prepend(str(tmp_path))
    assert main(["certify", "--entry", "offers:nothing", *SMALL]) == 1
    err = capsys.readouterr().err
    assert "no value and no order was compared" in err and "refused" not in err


def test_the_gacrux_adapter_runs_gacrux_under_the_time_out(tmp_path, monkeypatch):
    """The gacrux adapter ran the reference program with a fixed 120 s, whatever --timeout
    said, and read its output whole; it now runs it as --program runs a program."""
    from fide_tiebreaks.certify.adapters import Request, gacrux

    slow = tmp_path / "python"
    slow.write_text("#!/bin/sh\nsleep 30\n")
    slow.chmod(0o755)
    monkeypatch.setenv("FIDE_TIEBREAKS_GACRUX_PYTHON", str(slow))
    started = time.monotonic()
    answer = gacrux(
        Request(
            trf="012 x\n", codes=("BH",), edition="fide-2024", type="swiss", options={}, timeout=1.0
        )
    )
    assert time.monotonic() - started < 10
    assert answer.error == "gacrux: no answer within 1 s"
