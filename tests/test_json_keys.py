"""JSON that Python's decoder would read wrongly: a key given twice (the last one wins
silently), an id that does not come back as sent, a key of another program's vocabulary."""

from __future__ import annotations

import json

import pytest
from conftest import TEC

from fide_tiebreaks import InputError
from fide_tiebreaks.formats.chessjson import read_chess_json
from fide_tiebreaks.formats.jsonkeys import DuplicateKey, loads
from fide_tiebreaks.serve import answer

TRF = (TEC / "tournament.trf").read_text()


def test_a_key_given_twice_is_located_at_its_object():
    text = '{"a": 1,\n  "b": {"x": 1, "y": 2, "x": 3}}'
    with pytest.raises(DuplicateKey) as e:
        loads(text)
    # The inner object opens at line 2, column 8 (two spaces, "b", colon, space: 7 characters).
    assert (e.value.key, e.value.line, e.value.column) == ("x", 2, 8)
    assert loads('{"a": [{"x": 1}, {"x": 2}]}') == {"a": [{"x": 1}, {"x": 2}]}  # not twice


def test_a_chess_json_with_two_tournaments_keys_is_refused_where_it_stands():
    doc = (TEC / "tournament.chess.json").read_text()
    # A second "tournaments" after the real one: json.loads would keep only the empty one.
    text = doc.replace('"event": {', '"event": {\n"tournaments": [],', 1)
    with pytest.raises(InputError) as e:
        read_chess_json(text.encode(), "two.json")
    message = str(e.value)
    assert message.startswith("two.json:")
    assert 'the key "tournaments" is given twice' in message


def test_serve_refuses_a_request_with_a_key_given_twice():
    line = json.dumps({"id": 5, "trf": TRF, "tiebreaks": "BH"})[:-1] + ', "tiebreaks": "SB"}'
    response = answer(line)
    assert 'the key "tiebreaks" is given twice' in response["error"]["message"]
    assert "standings" not in response


@pytest.mark.parametrize("raw", ["1e-400", "0.5", "1.0", "true", "[1]", "{}"])
def test_serve_runs_no_request_whose_id_would_come_back_altered(raw):
    response = answer('{"id": ' + raw + ', "trf": ' + json.dumps(TRF) + "}")
    assert response["id"] is None
    assert "must be a whole number, a string or null" in response["error"]["message"]


@pytest.mark.parametrize("given", [0, 12345678901234567890, "req-1", "", None])
def test_serve_echoes_whole_number_string_and_null_ids_exactly(given):
    response = answer(json.dumps({"id": given, "trf": TRF, "tiebreaks": "BH"}))
    assert "error" not in response
    assert response["id"] == given and type(response["id"]) is type(given)


def test_a_key_chess_json_does_not_have_is_named_in_a_warning():
    """Another program's file with its games under "rounds": without the warning it gave
    empty standings and 0 warnings."""
    doc = {
        "event": {
            "profiles": [{"id": 1, "fideName": "A"}, {"id": 2, "fideName": "B"}],
            "tournaments": [
                {
                    "name": "X",
                    "competitors": [{"cid": 1}, {"cid": 2}],
                    "rounds": [{"white": 1, "black": 2}],
                }
            ],
        }
    }
    result = read_chess_json(json.dumps(doc).encode(), "other.json")
    warnings = [d.message for d in result.diagnostics if d.severity.name == "WARNING"]
    assert warnings == [
        '"event.tournaments[0]" has the key "rounds", which is not Chess-JSON '
        'as fide-tiebreaks reads it (games are in "gameList"); ignored'
    ]
    ours = read_chess_json((TEC / "tournament.chess.json").read_bytes(), "tec.json")
    assert not [d for d in ours.diagnostics if "which is not Chess-JSON" in d.message]
