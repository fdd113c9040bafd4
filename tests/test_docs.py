"""docs/commands.md and docs/tiebreaks.md are generated from real runs and the plugins'
metadata (tools/build_docs.py, tools/build_tiebreaks_page.py), docs/model.md from the code
(tools/build_model_doc.py); the example outputs of the hand-written pages (README.md,
docs/tutorial.md, docs/plugins.md) come from real runs too, and their Python snippets run
as printed. They must match what the program prints now."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import types
from fractions import Fraction

import pytest
from conftest import ROOT, TEC, expected

sys.path.insert(0, str(ROOT / "tools"))
import build_docs
import build_model_doc
import build_tiebreaks_page


def test_the_command_pages_are_up_to_date():
    pages = build_docs.build()
    for path, text in pages.items():
        assert path.exists() and path.read_text() == text, (
            f"{path.name} is out of date: run python tools/build_docs.py"
        )
    stale = set(build_docs.PAGES.glob("*.md")) - set(pages)
    assert not stale, f"pages of commands that no longer exist: {sorted(stale)}"
    commands = {c for c, _, _ in build_docs.SECTIONS}
    from fide_tiebreaks.cli import build_parser

    sub = next(a for a in build_parser()._actions if a.dest == "command")
    assert commands == set(sub.choices), "every command has a page"


def test_the_tiebreaks_page_is_up_to_date():
    assert build_tiebreaks_page.PAGE.read_text() == build_tiebreaks_page.build(), (
        "docs/tiebreaks.md is out of date: run python tools/build_tiebreaks_page.py"
    )


def test_the_tiebreaks_page_has_every_code_with_an_example():
    from fide_tiebreaks.host import registry

    text = build_tiebreaks_page.PAGE.read_text()
    for tbs in registry().tiebreaks.values():
        code = tbs[0].code
        section = text.split(f"### `{code}`:", 1)[1].split("\n### ", 1)[0]
        assert "$ fide-tiebreaks explain " in section and f"-t {code} " in section, code
        assert f"\n{code} = " in section, code  # the example ran and printed a value


# -- the hand-written pages: README.md, docs/tutorial.md, docs/plugins.md ----------------------

README = ROOT / "README.md"
PLUGINS = ROOT / "docs" / "plugins.md"


def test_the_hand_written_pages_show_the_output_of_real_runs():
    for path, text in build_docs.build_hand_written().items():
        assert path.read_text() == text, (
            f"{path.name}: an example's output differs from a real run: run "
            "python tools/build_docs.py"
        )


def test_every_console_example_of_the_hand_written_pages_is_a_command_that_is_run():
    # a block without "$ fide-tiebreaks" would be kept as written, unchecked
    for path in build_docs.HAND_WRITTEN:
        for block in build_docs.code_blocks(path.read_text(), "console"):
            assert block.startswith("$ fide-tiebreaks "), (path.name, block[:80])


def test_the_example_outputs_are_the_tutorials_published_values():
    # FIDE TEC's published answers for David (#4) under the 2024 rules: BH 15, SB 9.75
    # (conformance/fixtures/tec-exercise-2024/expected-2024.csv); the file's dates choose it.
    for path in (README, ROOT / "docs" / "tutorial.md"):
        text = path.read_text()
        assert "edition fide-2024 (C.07 (2024))" in text
        assert "   3    4  David               3.5   11.5    15  9.75" in text, path.name


def _snippets():
    for path in build_docs.HAND_WRITTEN:
        for i, block in enumerate(build_docs.code_blocks(path.read_text(), "python"), 1):
            yield pytest.param(path, block, id=f"{path.name}-{i}")


@pytest.mark.parametrize(("path", "block"), list(_snippets()))
def test_every_python_snippet_runs_as_printed(path, block, tmp_path):
    """Each snippet on its own, pasted into a file: the page's plugin modules importable,
    and event.trf a real tournament (FIDE TEC's exercise). A test file runs under pytest."""
    site = tmp_path / "site"
    site.mkdir()
    build_docs.install_page_plugins(path.read_text(), site)
    shutil.copy(TEC / "tournament.trf", tmp_path / "event.trf")
    script = tmp_path / "test_snippet.py"
    script.write_text(block)
    if block.startswith("# tests/"):
        argv = ["-m", "pytest", "-q", "-p", "no:cacheprovider", "-W", "error", str(script)]
    else:
        argv = ["-W", "error", str(script)]
    done = subprocess.run(
        [sys.executable, *argv],
        cwd=tmp_path,
        capture_output=True,
        text=True,
        timeout=120,
        env={**os.environ, "PYTHONPATH": str(site)},
    )
    assert done.returncode == 0, done.stdout + done.stderr
    if not block.startswith("# tests/"):
        assert done.stderr == "", done.stderr  # not even a warning


def _module(name, source):
    module = types.ModuleType(name)
    exec(compile(source, f"<{name}>", "exec"), module.__dict__)
    return module


def _buchholz_snippet():
    blocks = build_docs.code_blocks(PLUGINS.read_text(), "python")
    return next(b for b in blocks if b.startswith("# my_buchholz.py"))


def test_the_plugin_pages_buchholz_gives_fide_tecs_published_values():
    from fide_tiebreaks import compute_standings, read_trf
    from fide_tiebreaks.host import load_registry

    plugin = _module("my_buchholz", _buchholz_snippet())
    reg = load_registry(entry_points=False, extra=[("my_buchholz", plugin)])
    t = read_trf(TEC / "tournament.trf").tournament
    s = compute_standings(t, "XBH/C1,XBH", "fide-2024", reg=reg, strict=True)
    want = expected("expected-2024.csv")
    assert s.values("XBH/C1") == {pid: row["BH/C1"] for pid, row in want.items()}
    assert s.values("XBH") == {pid: row["BH"] for pid, row in want.items()}
    assert s.values("XBH")[4] == Fraction(15)  # David, as published


def test_a_code_dropped_from_the_standings_says_why_as_the_plugin_page_shows():
    """The snippet pasted without its Fraction import: the tie-break fails, is left out with a
    warning, and asking for its values names the failure rather than 'not in list'."""
    from fide_tiebreaks import compute_standings, read_trf
    from fide_tiebreaks.host import load_registry

    source = _buchholz_snippet().replace("from fractions import Fraction\n", "")
    reg = load_registry(entry_points=False, extra=[("my_buchholz", _module("my_buchholz", source))])
    t = read_trf(TEC / "tournament.trf").tournament
    s = compute_standings(t, "XBH/C1,BH", reg=reg)
    with pytest.raises(ValueError) as e:
        s.values("XBH/C1")
    message = str(e.value)
    assert "NameError: name 'Fraction' is not defined" in message
    assert "XBH/C1 is left out" in message
    assert f"ValueError: {message}\n" in PLUGINS.read_text()
    assert s.values("bh") == s.values("BH")  # another spelling of a code in the list
    with pytest.raises(ValueError, match=r"'SB' is not in the tie-break list \(BH\)"):
        s.values("SB")


def test_the_readme_commands_are_what_ci_runs():
    sh = build_docs.code_blocks(README.read_text(), "sh")[0]
    install, test = [line for line in sh.splitlines() if line and not line.startswith("#")]
    # PEP 668: nothing is installed into the system python3, only into a virtual environment
    for command in (install, test):
        assert command.startswith("python3 -m venv .venv && .venv/bin/pip install ")
        assert "python3 -m pip" not in command
    ci = [
        line
        for line in (ROOT / ".ci" / "run").read_text().splitlines()
        if line.strip() and not line.lstrip().startswith("#")
    ]
    assert ci[-1] == test, ".ci/run must end with the README's test command, as printed"
    shown = build_docs.code_blocks(README.read_text(), "console")[0].splitlines()[0]
    assert install.endswith("/" + shown.removeprefix("$ ")), "the output shown is the command's"


def test_the_model_reference_is_up_to_date():
    assert build_model_doc.PAGE.read_text() == build_model_doc.build(), (
        "docs/model.md is out of date: run python tools/build_model_doc.py"
    )


def test_the_model_reference_explains_every_field_and_member():
    text = build_model_doc.build()
    assert "|  |\n" not in text, "a field without a comment or docstring in the code"
    for name in ("Tournament", "Participant", "Game", "ResultKind", "Colour", "Context"):
        assert f"\n## `{name}`\n" in text
    assert "- `participant(pid: 'int') -> 'Participant'`: The participant whose id" in text
