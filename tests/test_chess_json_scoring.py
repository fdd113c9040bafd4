"""Chess-JSON's scoring reaches the model whole or is refused where it stands: the values of
``scoreSystem`` must be what JaVaFo's XXS record (which carries them to the TRF reader) can
hold, a decimal number; a key that is no letter (``"w"``, ``"Win"``) and a key of
``other.scoring`` that is no result would lose their value and are refused, naming the key
and the keys there are; ``other.scoring`` of another JSON type too.

The letters are gacrux's (its ``chessjson.py`` default system: W D L F H Z P A U; in
``match`` also FG HG ZG PG); the expected messages and points are written out by hand."""

from __future__ import annotations

import json

import pytest

from fide_tiebreaks.diagnostics import InputError, Severity
from fide_tiebreaks.formats.chessjson.reader import read_chess_json


def document(game: object = None, other: object = None, system: object = None) -> bytes:
    """Two players, one round: 1 beats 2 with White."""
    tournament: dict[str, object] = {
        "name": "Scoring",
        "numRounds": 1,
        "scoreSystem": system if system is not None else {"game": game},
        "competitors": [{"cid": 1, "profileId": 1}, {"cid": 2, "profileId": 2}],
        "gameList": [
            {"round": 1, "white": {"cid": 1, "result": "W"}, "black": {"cid": 2, "result": "L"}}
        ],
    }
    if other is not None:
        tournament["other"] = other
    doc = {
        "filetype": "Chess-JSON",
        "version": "1.0",
        "event": {
            "eventName": "Scoring",
            "profiles": [{"id": 1, "lastName": "Alpha"}, {"id": 2, "lastName": "Beta"}],
            "tournaments": [tournament],
        },
    }
    return json.dumps(doc, indent=1).encode()


def line_of(data: bytes, needle: str) -> int:
    text = data.decode()
    return text.count("\n", 0, text.index(needle)) + 1


def error(data: bytes) -> str:
    with pytest.raises(InputError) as e:
        read_chess_json(data, "m.json")
    return "\n".join(str(d) for d in e.value.diagnostics)


def warnings(data: bytes) -> list[str]:
    result = read_chess_json(data, "m.json")
    return [str(d) for d in result.diagnostics if d.severity >= Severity.WARNING]


def test_a_fraction_is_refused_at_its_key_with_what_is_expected():
    # before: "1/3" passed, became "XXS WW=1/3", and the TRF reader ignored it (no line)
    data = document({"W": "1/3", "D": "0.5", "L": "0"})
    at = line_of(data, '"W": "1/3"')
    assert error(data) == (
        f'm.json:{at}:1: error: "scoreSystem.game.W" is "1/3": the '
        'points of a result are a number from 0 (at most 30 digits, e.g. 1, "0.5") or '
        'another letter of the score system (e.g. "F": "W"); a fraction cannot be carried '
        "(JaVaFo's XXS record, which holds the score system, takes decimal numbers)"
    )


@pytest.mark.parametrize(
    ("game", "key"),
    [({"w": "3", "d": "1", "l": "0"}, '"w"'), ({"Win": "3"}, '"Win"')],
)
def test_a_key_that_is_no_letter_is_refused_naming_the_letters(game, key):
    # before: read with the default 1 / 0.5 / 0, exit 0, nothing said
    data = document(game)
    at = line_of(data, key)
    assert error(data) == (
        f'm.json:{at}:1: error: "scoreSystem.game" has the key {key}, which '
        "is no letter of the score system: the letters are W D L F H Z P A U (upper case)"
    )


def test_a_match_key_that_is_no_letter_is_refused():
    data = document(system={"game": {"W": "1"}, "match": {"W": "2", "Draw": "1"}})
    at = line_of(data, '"Draw"')
    assert error(data) == (
        f'm.json:{at}:1: error: "scoreSystem.match" has the key "Draw", '
        "which is no letter of the score system: the letters are W D L F H Z P A U FG HG ZG "
        "PG (upper case)"
    )


def test_a_score_system_key_that_is_unknown_is_a_located_warning():
    # the letters put straight into scoreSystem, without "game": their values are not read
    data = document(system={"W": "3"})
    at = line_of(data, '"W": "3"')
    assert warnings(data) == [
        f'm.json:{at}:1: warning: "scoreSystem" has the key "W", which '
        "is not one of game, match, primary, secondary, secondaryUsed (the points per letter "
        'are in "scoreSystem.game"); ignored'
    ]


def test_other_scoring_with_an_unknown_key_is_refused_naming_the_keys():
    data = document({"W": "1"}, other={"scoring": {"win_white": "3", "win": "3"}})
    at = line_of(data, '"win":')
    assert error(data) == (
        f'm.json:{at}:1: error: "other.scoring" has the key "win", which '
        "is no result; the keys are win_white, win_black, draw_white, draw_black, "
        "loss_white, loss_black, forfeit_win, forfeit_loss, pab, full_bye, half_bye, zero_bye"
    )


@pytest.mark.parametrize(("value", "shown"), [([3, 1, 0], "[3, 1, 0]"), ("3-1-0", '"3-1-0"')])
def test_other_scoring_of_the_wrong_type_is_refused_at_its_line(value, shown):
    data = document({"W": "1"}, other={"scoring": value})
    at = line_of(data, '"scoring"')
    assert error(data) == (
        f'm.json:{at}:1: error: "other.scoring" is {shown}: it must '
        'be an object of points by result (e.g. {"win_white": "1", "draw_black": "0.5"})'
    )


@pytest.mark.parametrize(("value", "shown"), [("2/3", '"2/3"'), (None, "null"), ("-1", '"-1"')])
def test_other_scoring_values_are_decimal_points(value, shown):
    # null was read as 0 points; "2/3" was written to XXS and ignored there
    data = document({"W": "1"}, other={"scoring": {"win_black": value}})
    at = line_of(data, '"win_black"')
    assert error(data) == (
        f'm.json:{at}:1: error: "other.scoring.win_black" is '
        f"{shown}: the points of a result are a decimal number from 0 (at most 30 digits, "
        'e.g. 1, "0.5")'
    )


def test_other_scoring_values_reach_the_model():
    # a win with Black worth 1.25 (and a win with White 3): player 1 won with White
    data = document({"W": "1"}, other={"scoring": {"win_white": "3", "win_black": "1.25"}})
    t = read_chess_json(data, "m.json").tournament
    assert (str(t.scoring.win_white), str(t.scoring.win_black)) == ("3", "5/4")
    assert [str(p.points) for p in t.participants] == ["3", "0"]


def test_other_scoring_null_is_none_given_and_the_letters_count():
    data = document({"W": "3"}, other={"scoring": None})  # a win worth 3
    t = read_chess_json(data, "m.json").tournament
    assert [str(p.points) for p in t.participants] == ["3", "0"]
