"""docs/commands.md and docs/tiebreaks.md are generated from real runs and the plugins'
metadata (tools/build_docs.py, tools/build_tiebreaks_page.py); they must match what the
program prints now."""

from __future__ import annotations

import sys

from conftest import ROOT

sys.path.insert(0, str(ROOT / "tools"))
import build_docs
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
