"""What the fourth pass of issue #30 left open, found by auditing every finding and message
of the issue against the code: each test here failed before its fix."""

from __future__ import annotations

from pathlib import Path

from conftest import TEC

import fide_tiebreaks as ft
from fide_tiebreaks.formats import parse_any
from fide_tiebreaks.diagnostics import Severity

TRF = TEC / "tournament.trf"


def _first_player_line(edit) -> bytes:  # type: ignore[no-untyped-def]
    lines = TRF.read_text(encoding="utf-8").splitlines()
    i = next(n for n, line in enumerate(lines) if line.startswith("001"))
    lines[i] = edit(lines[i])
    return ("\n".join(lines) + "\n").encode("utf-8")


def _said(data: bytes, name: str = "t.trf") -> list[str]:
    result = parse_any(data, name, lenient=True)
    return [str(d) for d in result.diagnostics if d.severity >= Severity.WARNING]


# -- TRF: one bad round block ---------------------------------------------------------------


def test_one_bad_round_block_keeps_its_player_and_no_opponent_is_told_it_is_missing():
    # Player 1's round-1 opponent 'XX 9' (columns 92-95) is not a start rank. The player was
    # dropped, and five opponents were told "opponent 1 does not exist" (player 1 is there)
    # and two of them that their points disagreed.
    data = _first_player_line(lambda row: row[:91] + "XX" + row[93:])
    said = _said(data)
    assert said == ["t.trf:6:92: error: round 1: opponent 'XX 9' is not a start rank"]


def test_shifted_columns_stop_the_line_once_and_keep_the_player():
    data = _first_player_line(lambda row: row[:95] + "x" + row[96:])  # column 96: a blank
    said = _said(data)
    assert said == [
        "t.trf:6:96: error: round 1: unexpected 'x' between fields (columns shifted?); "
        "the rest of the line is not read"
    ]


def test_a_signed_rating_is_said_to_have_a_sign_not_to_be_no_number():
    # columns 49-52: '-150' is a number; what is wrong is that a rating has no sign
    data = _first_player_line(lambda row: row[:48] + "-150" + row[52:])
    assert _said(data) == [
        "t.trf:6:49: warning: rating '-150' has a sign: a rating is a whole number 1-9999 "
        "(0 or blank: unrated); treated as unrated"
    ]
    data = _first_player_line(lambda row: row[:48] + "12a4" + row[52:])
    assert "rating '12a4' is not a rating: a whole number 1-9999" in _said(data)[0]
