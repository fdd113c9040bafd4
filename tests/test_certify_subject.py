"""certify stops before the run when the program cannot run at all, and its report names
what it certified (the program, its version, what ran, and our version)."""

from __future__ import annotations

import importlib.util
import json
import sys
from importlib import metadata

import pytest
from lxml import etree

from fide_tiebreaks.cli import main

SMALL = [
    "--events",
    "2",
    "--players",
    "6-6",
    "--kinds",
    "swiss",
    "--tiebreaks",
    "BH",
    "--jobs",
    "1",
    "--shrink-seconds",
    "0",
]
OURS = "{python} -m fide_tiebreaks standings {trf} -t {codes} -e {edition} -f json"
WRONG = """
from fide_tiebreaks.certify.adapters import Answer, builtin

def program(request):
    right = builtin(request)
    return Answer({p: {c: "99" for c in row} for p, row in right.values.items()}, right.ranks)
"""


def test_a_program_not_on_path_stops_at_once(capsys):
    assert main(["certify", "--program", "nosuchtool-xyz {trf}", *SMALL]) == 2
    out = capsys.readouterr()
    assert out.out == ""
    assert out.err == (
        "fide-tiebreaks: error: --program: cannot run 'nosuchtool-xyz': it was "
        "not found on PATH; nothing was run\n"
    )


def test_a_program_that_is_not_executable_stops_at_once(tmp_path, capsys, monkeypatch):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "tool").write_text("#!/bin/sh\n")
    assert main(["certify", "--program", "./tool {trf}", *SMALL]) == 2
    assert capsys.readouterr().err == (
        "fide-tiebreaks: error: --program: cannot run './tool': it is not an executable file; "
        "nothing was run\n"
    )
    assert main(["certify", "--program", "./none {trf}", *SMALL]) == 2
    assert capsys.readouterr().err == (
        "fide-tiebreaks: error: --program: cannot run './none': no such file; nothing was run\n"
    )


@pytest.mark.skipif(importlib.util.find_spec("gacrux") is not None, reason="gacrux installed")
def test_the_gacrux_adapter_without_gacrux_says_how_to_install_it(capsys, monkeypatch):
    monkeypatch.delenv("FIDE_TIEBREAKS_GACRUX_PYTHON", raising=False)
    assert main(["certify", "--adapter", "gacrux", *SMALL]) == 2
    python = sys.executable
    assert capsys.readouterr().err == (
        f"fide-tiebreaks: error: the gacrux adapter needs gacrux, which {python} cannot import "
        f"(ModuleNotFoundError: No module named 'gacrux'); install it with: {python} -m pip "
        "install gacrux; nothing was run\n"
    )


def test_the_gacrux_adapter_probes_the_interpreter_it_runs(capsys, monkeypatch, tmp_path):
    # An interpreter that cannot import gacrux: one that exits 1 whatever it is asked.
    fake = tmp_path / "python"
    fake.write_text("#!/bin/sh\necho 'ModuleNotFoundError: No module named gacrux' >&2\nexit 1\n")
    fake.chmod(0o755)
    monkeypatch.setenv("FIDE_TIEBREAKS_GACRUX_PYTHON", str(fake))
    assert main(["certify", "--adapter", "gacrux", *SMALL]) == 2
    assert capsys.readouterr().err == (
        f"fide-tiebreaks: error: the gacrux adapter needs gacrux, which {fake} cannot import "
        f"(ModuleNotFoundError: No module named gacrux); install it with: {fake} -m pip "
        "install gacrux; nothing was run\n"
    )


def test_the_report_names_the_program_its_version_the_command_and_ours(tmp_path, capsys):
    ours = metadata.version("fide-tiebreaks")
    out = tmp_path / "out"
    assert (
        main(
            ["certify", "--program", OURS, "--program-version", "9.9", *SMALL, "--report", str(out)]
        )
        == 0
    )
    text = capsys.readouterr().out
    assert text.splitlines()[0] == (f"certify python 9.9 ({OURS}), judged by fide-tiebreaks {ours}")
    summary = json.loads((out / "summary.json").read_text())
    assert (
        summary["program"],
        summary["program_version"],
        summary["command"],
        summary["fide_tiebreaks_version"],
    ) == ("python", "9.9", OURS, ours)
    suite = etree.parse(str(out / "junit.xml")).find("testsuite")
    properties = {p.get("name"): p.get("value") for p in suite.iter("property")}
    assert properties == {
        "program": "python",
        "program_version": "9.9",
        "command": OURS,
        "fide_tiebreaks_version": ours,
    }
    page = (out / "report.html").read_text()
    assert (
        f"<p>Certified: python 9.9 ({OURS}), judged by fide-tiebreaks {ours}.</p>"
        in page.replace("&quot;", '"')
    )


def test_an_adapter_names_its_own_version(tmp_path, capsys):
    out = tmp_path / "out"
    assert main(["certify", *SMALL, "--report", str(out)]) == 0
    summary = json.loads((out / "summary.json").read_text())
    assert summary["program"] == "builtin"
    assert summary["program_version"] == metadata.version("fide-tiebreaks")
    assert summary["command"] == "entry point fide_tiebreaks.certify.adapters:builtin"


def test_without_hypothesis_it_says_so_before_the_run_and_still_reports(
    tmp_path, capsys, monkeypatch
):
    import fide_tiebreaks.commands.certify as command

    monkeypatch.setattr(command, "shrinking", lambda: False)
    (tmp_path / "wrongprog.py").write_text(WRONG)
    monkeypatch.syspath_prepend(str(tmp_path))
    args = [a for a in SMALL if a not in ("--shrink-seconds", "0")]
    assert main(["certify", "--entry", "wrongprog:program", *args]) == 1
    out = capsys.readouterr()
    assert out.err.splitlines()[0] == (
        "fide-tiebreaks: warning: Hypothesis is not installed: discrepancies will be reported "
        "but not shrunk (from a checkout: pip install '.[certify]')"
    )
    assert "not shrunk to 6 participants" in out.out
    # BH of 6 participants in each of 2 events, every one printed 99: 6 x 2 = 12 values.
    assert out.out.splitlines()[-1] == "2 events, 12 discrepancies"


def test_the_gacrux_adapter_reads_its_version_in_the_interpreter_it_runs(tmp_path, monkeypatch):
    from fide_tiebreaks.certify.adapters import ADAPTERS, probe

    site = tmp_path / "site"
    (site / "gacrux").mkdir(parents=True)
    (site / "gacrux" / "__init__.py").write_text("")
    (site / "gacrux" / "tiebreakchecker.py").write_text("raise SystemExit('not to be run')\n")
    (site / "gacrux-1.2.3.dist-info").mkdir()
    (site / "gacrux-1.2.3.dist-info" / "METADATA").write_text(
        "Metadata-Version: 2.1\nName: gacrux\nVersion: 1.2.3\n"
    )
    python = tmp_path / "python"
    python.write_text(f"#!/bin/sh\nPYTHONPATH='{site}' exec '{sys.executable}' \"$@\"\n")
    python.chmod(0o755)
    monkeypatch.setenv("FIDE_TIEBREAKS_GACRUX_PYTHON", str(python))
    assert probe(ADAPTERS["gacrux"]).version == "1.2.3"
