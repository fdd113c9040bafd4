"""The PGN options are checked where they are declared, and the standings formats are one table.

The accepted values come from docs/formats.md ("PGN"): --absent-as names one of ZPB, HPB, FPB,
PAB or NONE, --round-format is board or game; the formats are the seven --format lists in
docs/commands.md.
"""

from __future__ import annotations

import pytest

from fide_tiebreaks.formats import FORMATS, WRITERS, render
from fide_tiebreaks.formats.base import PgnOptions


@pytest.mark.parametrize("kind", ["ZPB", "HPB", "FPB", "PAB", "NONE", "hpb"])
def test_pgn_options_accept_every_unplayed_kind(kind: str) -> None:
    assert PgnOptions(absent_as=kind).absent_as == kind


@pytest.mark.parametrize("kind", ["XYZ", "", "BYE", 3])
def test_pgn_options_refuse_an_unknown_kind_when_built(kind: object) -> None:
    with pytest.raises(ValueError, match=r"absent_as .* must be one of ZPB HPB FPB PAB NONE"):
        PgnOptions(absent_as=kind)  # type: ignore[arg-type]


def test_pgn_options_refuse_an_unknown_round_format_when_built() -> None:
    assert PgnOptions(round_format="game").round_format == "game"
    with pytest.raises(ValueError, match="round_format 'match' must be 'board' or 'game'"):
        PgnOptions(round_format="match")


def test_the_command_line_offers_what_the_options_accept() -> None:
    import argparse

    from fide_tiebreaks.commands.common import add_pgn_arguments

    p = argparse.ArgumentParser()
    add_pgn_arguments(p)
    choices = {a.dest: tuple(a.choices or ()) for a in p._actions}
    assert choices["absent_as"] == ("ZPB", "HPB", "FPB", "PAB", "NONE")
    assert choices["round_format"] == ("board", "game")


def test_formats_are_the_writer_table() -> None:
    assert FORMATS == ("table", "json", "csv", "trf", "xml", "html", "chess-json")
    assert tuple(WRITERS) == FORMATS


def test_render_refuses_a_format_it_has_no_writer_for() -> None:
    with pytest.raises(ValueError, match="format 'pdf' is not one of: table, json"):
        render(None, "pdf")  # type: ignore[arg-type]
