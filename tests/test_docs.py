"""docs/commands.md is generated from real runs (tools/build_docs.py); it must match what the
program prints now."""

from __future__ import annotations

import sys

from conftest import ROOT

sys.path.insert(0, str(ROOT / "tools"))
import build_docs


def test_the_commands_page_is_up_to_date():
    assert build_docs.PAGE.read_text() == build_docs.build(), (
        "docs/commands.md is out of date: run python tools/build_docs.py"
    )
