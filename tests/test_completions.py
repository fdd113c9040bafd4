"""Shell completions (completions/, written by tools/build_completions.py from the parser with
shtab): up to date with the parser, working in bash, and no cost at start-up (shtab is never
imported by the program)."""

from __future__ import annotations

import shutil
import subprocess
import sys

import pytest
from conftest import ROOT

sys.path.insert(0, str(ROOT / "tools"))
import build_completions


def test_the_completion_files_are_up_to_date():
    pytest.importorskip("shtab", reason="tox installs shtab for this test")
    for path, text in build_completions.build().items():
        assert path.exists() and path.read_text() == text, (
            f"{path.name} is out of date: run python tools/build_completions.py"
        )


def test_every_command_is_in_the_completions():
    from fide_tiebreaks.cli import build_parser

    sub = next(a for a in build_parser()._actions if a.dest == "command")
    for path in build_completions.FILES.values():
        text = path.read_text()
        for command in sub.choices:
            assert command in text, (path.name, command)
    assert build_completions.FILES["zsh"].read_text().startswith("#compdef fide-tiebreaks")


@pytest.mark.skipif(shutil.which("bash") is None, reason="bash is not installed")
@pytest.mark.parametrize(
    ("line", "expected"),
    [
        ("fide-tiebreaks sta", ["standings"]),
        ("fide-tiebreaks ed", ["editions"]),
        ("fide-tiebreaks standings --ed", ["--edition", "--edition-by"]),
        (
            "fide-tiebreaks standings x.trf --edition fide-202",
            ["fide-2023", "fide-2024", "fide-2026"],
        ),
        (
            "fide-tiebreaks standings x.trf -f ",
            ["table", "json", "csv", "trf", "xml", "html", "chess-json"],
        ),
        ("fide-tiebreaks audit --format j", ["jsonl"]),
    ],
)
def test_bash_completes_commands_options_and_values(line, expected):
    words = line.split() + ([""] if line.endswith(" ") else [])
    script = f"""
source {build_completions.FILES["bash"]}
COMP_LINE={line!r}; COMP_POINT=${{#COMP_LINE}}
COMP_WORDS=({" ".join(repr(w) for w in words)}); COMP_CWORD={len(words) - 1}
_shtab_fide_tiebreaks fide-tiebreaks {words[-1]!r} {words[-2]!r}
printf '%s\\n' "${{COMPREPLY[@]}}"
"""
    done = subprocess.run(
        ["bash", "--norc", "-c", script], capture_output=True, text=True, timeout=30
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.split() == expected


def test_the_program_never_imports_shtab():
    code = (
        "import sys; from fide_tiebreaks.cli import build_parser; build_parser(); "
        "assert 'shtab' not in sys.modules"
    )
    assert subprocess.run([sys.executable, "-c", code], timeout=60).returncode == 0
    assert "shtab" not in (ROOT / "pyproject.toml").read_text().split("[project.optional")[0]
