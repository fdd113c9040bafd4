"""The readers refuse or warn about what a TRF cannot hold (ratings that are no ratings, fields
longer than their column, UTF-16 files), never cutting or misreading silently."""

from __future__ import annotations

import json
import re

import pytest
from conftest import ROOT, TEC, run_cli

from fide_tiebreaks.diagnostics import InputError
from fide_tiebreaks.formats.chessjson import read_chess_json


def chess_json_with(where: str, rating: object) -> bytes:
    doc = json.loads((TEC / "tournament.chess.json").read_text())
    if where == "competitor":
        doc["event"]["tournaments"][0]["competitors"][0]["rating"] = rating
    else:
        doc["event"]["profiles"][0]["rating"] = rating
    return json.dumps(doc).encode()


@pytest.mark.parametrize(
    ("where", "rating"),
    [
        ("competitor", "2500"),
        ("competitor", -2500),
        ("competitor", 2500.5),
        ("competitor", True),
        ("profile", [{"rating": "abc"}]),
        ("profile", [float("nan")]),
    ],
)
def test_a_chess_json_rating_that_is_no_rating_is_refused_not_read_as_unrated(where, rating):
    """'2500', -2500, 2500.5, NaN... were read as unrated: the player's rating tie-breaks
    (ARO, TPR) were dropped or given --unrated-rating without a word."""
    with pytest.raises(InputError, match="is not a rating") as raised:
        read_chess_json(chess_json_with(where, rating), "t.json")
    assert "t.json:" in str(raised.value)


@pytest.mark.parametrize("rating", [None, 0, [], {}, [{"rating": None}]])
def test_a_chess_json_without_a_rating_is_unrated(rating):
    t = read_chess_json(chess_json_with("competitor", rating), "t.json").tournament
    assert t.participant(1).rating is None


def test_a_chess_json_rating_in_a_list_is_read():
    t = read_chess_json(chess_json_with("competitor", [2345]), "t.json").tournament
    assert t.participant(1).rating == 2345


def test_a_chess_json_field_longer_than_its_trf_column_is_a_warning_not_a_silent_cut():
    """A 46-character fideName came out as its first 33 characters in the standings and in
    `convert --to chess-json`, with nothing said (TRF's name field is columns 15-47)."""
    doc = json.loads((TEC / "tournament.chess.json").read_text())
    profile = doc["event"]["profiles"][0]
    profile["fideName"] = "Vachier-Lagrave, Maxime Christophe-Jean Pierre"
    profile["federation"] = "FRA2"
    result = read_chess_json(json.dumps(doc).encode(), "t.json")
    warnings = [d.message for d in result.diagnostics if d.severity.name == "WARNING"]
    assert any(
        "fideName 'Vachier-Lagrave, Maxime Christophe-Jean ... (46 characters)' is "
        "longer than TRF's 33 columns; read as 'Vachier-Lagrave, Maxime Christoph'" in w
        for w in warnings
    ), warnings
    assert any(
        "federation 'FRA2' is longer than TRF's 3 columns; read as 'FRA'" in w for w in warnings
    ), warnings
    clean = read_chess_json((TEC / "tournament.chess.json").read_bytes(), "t.json")
    assert not [d for d in clean.diagnostics if "columns" in d.message]


@pytest.mark.parametrize("encoding", ["utf-16", "utf-16-le", "utf-16-be"])
def test_a_utf16_file_is_named_as_such_not_as_binary_data(encoding, tmp_path):
    """Windows Notepad saves 'Unicode' as UTF-16: the message was 'binary data (NUL bytes):
    this is not a TRF text file', which names neither the problem nor the fix."""
    path = tmp_path / "notepad.trf"
    path.write_bytes((TEC / "tournament.trf").read_text(encoding="utf-8").encode(encoding))
    run = run_cli("check", str(path))
    assert run.returncode == 2
    assert "the file is UTF-16 text; save it as UTF-8 (or cp1252) and read it again" in run.stderr
    path.write_bytes(b"001    1 \x00\x01\x02 binary")
    assert "binary data (NUL bytes)" in run_cli("check", str(path)).stderr


@pytest.mark.parametrize(
    ("old", "new", "message"),
    [
        (
            'name="Player 1"',
            'name="Vachier-Lagrave, Maxime Christophe-Jean Pierre"',
            "attribute 'name': [facet 'maxLength']",
        ),
        (
            'name="Player 1"',
            'name="Player 1" federation="FRA2"',
            "attribute 'federation': [facet 'maxLength']",
        ),
        (
            'name="Player 1"',
            'name="Player 1" fide-id="123456789012"',
            "attribute 'fide-id': [facet 'maxLength']",
        ),
    ],
)
def test_an_xml_field_longer_than_trf_holds_is_refused_not_cut(old, new, message):
    """A 46-character player name was read as its first 33 characters without a word (the
    XML form is refused where it says more than TRF can carry: docs/reliability.md)."""
    from fide_tiebreaks.formats import parse_any

    xml = (ROOT / "conformance/fixtures/team-tied/tournament.xml").read_text()
    assert old in xml
    with pytest.raises(InputError, match=re.escape(message)):
        parse_any(xml.replace(old, new, 1).encode(), "t.xml")


def test_a_chess_json_team_name_longer_than_trf_holds_is_a_warning(tmp_path):
    """A 47-character team name came out as its first 32 characters without a word."""
    out = tmp_path / "team.json"
    made = run_cli(
        "convert",
        str(ROOT / "conformance/fixtures/team-4x4/tournament.trf"),
        "--to",
        "chess-json",
        "-o",
        str(out),
    )
    assert made.returncode == 0, made.stderr
    doc = json.loads(out.read_text())
    doc["event"]["teams"][0]["teamName"] = "The Extremely Long Team Name Of Chess Club Nr 1"
    result = read_chess_json(json.dumps(doc).encode(), "t.json")
    assert any(
        "team 1: name 'The Extremely Long Team Name Of Chess Cl... (47 characters)' is "
        "longer than TRF's 32 columns; read as 'The Extremely Long Team Name Of '" in d.message
        for d in result.diagnostics
    )
