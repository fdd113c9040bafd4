"""Dates are read as dates: a date that is not on the calendar (30 February, month 13) is a
located error wherever a TRF file (and so Chess-JSON, XML and PGN, read through it) gives one;
a birth date after the event's end is an impossible event (an error, a warning with
--lenient) and never puts a player into an age category; an end date before the start date
too, and the edition is then never picked from that range without a word. Chess-JSON's
``scoreSystem`` values must be points (non-negative numbers within the model's limits) or
another letter.

The expected messages and numbers are written out by hand: February 2010 has 28 days (2010 is
not a leap year), February 2024 has 29 (2024 is one), April has 30 days."""

from __future__ import annotations

import contextlib
import io
import json
from datetime import date

import pytest
from trfbuild import block

from fide_tiebreaks import EventBuilder
from fide_tiebreaks.builder import BuilderError
from fide_tiebreaks.categories import CategoryError, parse_category, placed
from fide_tiebreaks.cli import main
from fide_tiebreaks.diagnostics import InputError, Kind, Severity
from fide_tiebreaks.editions import choose_edition
from fide_tiebreaks.formats.chessjson.reader import read_chess_json
from fide_tiebreaks.formats.trf.reader import parse_trf
from fide_tiebreaks.host import registry


def _player(pid: int, name: str, birth: str, rnd: tuple[int, str, str]) -> str:
    head = f"001 {pid:4d}      {name:<33} {'':>4} {'':<3} {'':>11} {birth:<10} {'':>4} {'':>4}"
    assert len(head) == 89
    return head + block(rnd)


def trf(*headers: str, births: tuple[str, str] = ("", "")) -> str:
    """012 is line 1, the headers lines 2.., then players 1 and 2 (1 beat 2 in round 1)."""
    lines = [
        "012 Dates",
        *headers,
        _player(1, "Alpha", births[0], (2, "w", "1")),
        _player(2, "Beta", births[1], (1, "b", "0")),
    ]
    return "\n".join(lines) + "\n"


def messages(text: str, **kw: object) -> list[str]:
    try:
        result = parse_trf(text.encode(), "e.trf", **kw)  # type: ignore[arg-type]
    except InputError as e:
        return [str(d) for d in e.diagnostics]
    return [str(d) for d in result.diagnostics if d.severity >= Severity.WARNING]


def _cli(*args: str) -> tuple[int, str]:
    out = io.TextIOWrapper(io.BytesIO(), encoding="utf-8")
    err = io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        code = main(list(args))
    return code, err.getvalue()


DATES = ("042 2024/03/01", "052 2024/03/05")


# --- calendar dates --------------------------------------------------------------------


@pytest.mark.parametrize(
    ("header", "expected"),
    [
        (
            "052 2024/02/30",
            "e.trf:2:5: error: end date '2024/02/30' is not a calendar date "
            "(February has 29 days in 2024)",
        ),
        (
            "042 2010/02/30",
            "e.trf:2:5: error: start date '2010/02/30' is not a calendar date "
            "(February has 28 days in 2010)",
        ),
        (
            "052 2024/13/05",
            "e.trf:2:5: error: end date '2024/13/05' is not a calendar date "
            "(a month is 01 to 12, not 13)",
        ),
        (
            "042 2999/99/99",
            "e.trf:2:5: error: start date '2999/99/99' is not a calendar date "
            "(a month is 01 to 12, not 99)",
        ),
        (
            "052 31.04.2024",
            "e.trf:2:5: error: end date '31.04.2024' is not a calendar date (April has 30 days)",
        ),
    ],
)
def test_a_header_date_off_the_calendar_is_a_located_error(header, expected):
    assert messages(trf(header)) == [expected]


def test_a_header_date_in_no_known_form_still_says_what_form_is_expected():
    assert messages(trf("052 next week")) == [
        "e.trf:2:5: warning: end date 'next week' not understood (expected YYYY/MM/DD)"
    ]


@pytest.mark.parametrize(
    ("birth", "expected"),
    [
        ("2010/02/30", "date '2010/02/30' is not a calendar date (February has 28 days in 2010)"),
        ("2999/99/99", "date '2999/99/99' is not a calendar date (a month is 01 to 12, not 99)"),
        ("2010/13/01", "date '2010/13/01' is not a calendar date (a month is 01 to 12, not 13)"),
        ("2010/04/31", "date '2010/04/31' is not a calendar date (April has 30 days)"),
    ],
)
def test_a_birth_date_off_the_calendar_is_a_located_error(birth, expected):
    # player 1 is line 4 (012, 042, 052 before it); the birth date is columns 70-79
    assert messages(trf(*DATES, births=(birth, ""))) == [f"e.trf:4:70: error: birth {expected}"]


@pytest.mark.parametrize(
    "birth", ["", "2010", "2010/00/00", "2010/05/00", "0000/00/00", "2008/02/29"]
)
def test_partial_and_unknown_birth_dates_are_read_as_before(birth):
    # file-formats.md: real files write "2014/00/00", "1978" or blank; 2008 is a leap year
    assert messages(trf(*DATES, births=(birth, birth))) == []


def test_a_round_date_off_the_calendar_is_a_located_error():
    # 132's round dates stand over the round blocks: round 1 at columns 92-99
    line = "132" + " " * 88 + "24/02/30"
    assert messages(trf(line)) == [
        "e.trf:2:92: error: round 1 date '24/02/30' is not a calendar date "
        "(February has 29 days in 2024)"
    ]


def test_a_calendar_error_fails_check_and_standings():
    with_error = trf("042 2024/03/01", "052 2024/02/30")
    code, err = _cli_on(with_error, "check")
    assert code == 1 and "e.trf:3:5: error: end date '2024/02/30' is not a calendar date" in err


def _cli_on(text: str, command: str, *extra: str) -> tuple[int, str]:
    import os
    import tempfile

    folder = tempfile.mkdtemp()
    path = os.path.join(folder, "e.trf")
    with open(path, "w", encoding="utf-8") as f:
        f.write(text)
    code, err = _cli(command, path, *extra)
    return code, err.replace(path, "e.trf")


# --- a birth date after the event -------------------------------------------------------


def test_a_birth_date_after_the_end_date_is_an_impossible_event():
    text = trf(*DATES, births=("2025/01/01", "2000/01/01"))
    assert messages(text) == [
        "e.trf:4:70: error: player 1 was born on 2025/01/01, after the event ended "
        "(2024-03-05) (--lenient reads it as written, with a warning)"
    ]
    code, err = _cli_on(text, "standings")
    assert code == 2 and "born on 2025/01/01, after the event ended" in err
    lenient = parse_trf(text.encode(), "e.trf", lenient=True)
    [d] = [d for d in lenient.diagnostics if d.severity is Severity.WARNING]
    assert d.kind is Kind.IMPOSSIBLE and d.message.endswith("; read on (--lenient)")


def test_a_year_alone_is_after_the_event_only_when_the_year_is():
    # "2024" may be any day of 2024, so in an event ending 2024-03-05 it is possible
    assert messages(trf(*DATES, births=("2024", "2024/00/00"))) == []
    assert messages(trf(*DATES, births=("2025", ""))) == [
        "e.trf:4:70: error: player 1 was born on 2025, after the event ended "
        "(2024-03-05) (--lenient reads it as written, with a warning)"
    ]


def test_a_future_birth_date_never_puts_a_player_into_an_age_category():
    # read leniently, the player born 2025/01/01 has no age on 2024-01-01: the category
    # says so instead of counting an age of -1 (under 16)
    text = trf(*DATES, births=("2025/01/01", "2000/01/01"))
    t = parse_trf(text.encode(), "e.trf", lenient=True).tournament
    rows = [type("Row", (), {"participant": p, "rank": p.id})() for p in t.participants]
    with pytest.raises(CategoryError, match=r"player 1 \(Alpha\) was born on 2025/01/01"):
        placed(rows, parse_category("U16:age<16"), t)


def test_an_age_date_before_a_birth_is_refused_not_counted_negative():
    # the event is in 2024; age@2000-01-01 is before player 2 (born 2010) was born
    t = parse_trf(trf(*DATES, births=("1990/01/01", "2010/06/01")).encode(), "e.trf").tournament
    rows = [type("Row", (), {"participant": p, "rank": p.id})() for p in t.participants]
    with pytest.raises(CategoryError, match=r"player 2 \(Beta\) was born on 2010/06/01, after"):
        placed(rows, parse_category("U16:age@2000-01-01<16"), t)
    # and a date after both births counts ages as before: 2010-06-01 to 2024-07-01 is 14
    assert [
        p.row.participant.id for p in placed(rows, parse_category("U16:age@2024-07-01<16"), t)
    ] == [2]


# --- an end date before the start date -----------------------------------------------


REVERSED = trf("042 2024/09/01", "052 2024/07/05")


def test_an_end_date_before_the_start_date_is_an_impossible_event():
    assert messages(REVERSED) == [
        "e.trf:3:5: error: the end date, 2024/07/05, is before the start date, 2024/09/01 "
        "(--lenient reads it as written, with a warning)"
    ]
    for command, exit_code in (("check", 1), ("standings", 2)):  # as every impossible event
        code, err = _cli_on(REVERSED, command)
        assert code == exit_code, (command, err)
        assert "e.trf:3:5: error: the end date, 2024/07/05, is before the start date" in err


def test_with_lenient_the_edition_is_picked_with_a_warning_naming_the_range():
    code, err = _cli_on(REVERSED, "standings", "--lenient")
    assert code == 0, err
    assert "before the start date, 2024/09/01; read on (--lenient)" in err
    assert (
        "warning: the tournament's end date, 2024-07-05, is before its start date, "
        "2024-09-01: fide-2023 is used, by the end date (--edition-by end); "
        "--edition chooses otherwise"
    ) in err


def test_choose_edition_says_so_when_the_range_is_reversed():
    editions = list(registry().editions.values())
    choice = choose_edition(editions, date(2024, 7, 5), start=date(2024, 9, 1))
    assert choice.edition.name == "fide-2023"  # 2024-07-05 is under C.07 (2023)
    assert choice.straddle == (
        "the tournament's end date, 2024-07-05, is before its start date, 2024-09-01: "
        "fide-2023 is used, by the end date (--edition-by end); --edition chooses otherwise"
    )


def test_the_builder_refuses_an_end_date_before_the_start_date():
    with pytest.raises(BuilderError, match="end_date 2024-07-05 is before start_date 2024-09-01"):
        EventBuilder(end_date="2024-07-05", start_date="2024-09-01")
    EventBuilder(end_date="2024-09-01", start_date="2024-09-01")  # a one-day event


# --- Chess-JSON ------------------------------------------------------------------------


def chess_json(
    game: dict[str, object], *, start: str = "2024-03-01", end: str = "2024-03-05", birth: str = ""
) -> bytes:
    doc = {
        "filetype": "Chess-JSON",
        "version": "1.0",
        "event": {
            "eventName": "Dates",
            "eventInfo": {"startDate": start, "endDate": end},
            "profiles": [
                {"id": 1, "lastName": "Alpha", "birth": birth},
                {"id": 2, "lastName": "Beta"},
            ],
            "tournaments": [
                {
                    "name": "Dates",
                    "numRounds": 1,
                    "scoreSystem": {"game": game},
                    "competitors": [{"cid": 1, "profileId": 1}, {"cid": 2, "profileId": 2}],
                    "gameList": [
                        {
                            "round": 1,
                            "white": {"cid": 1, "result": "W"},
                            "black": {"cid": 2, "result": "L"},
                        }
                    ],
                }
            ],
        },
    }
    return json.dumps(doc, indent=1).encode()


def json_error(data: bytes) -> str:
    with pytest.raises(InputError) as e:
        read_chess_json(data, "e.json")
    return "\n".join(str(d) for d in e.value.diagnostics)


def _line_of(data: bytes, key: str) -> int:
    text = data.decode()
    at = text.index('"scoreSystem"')
    return text.count("\n", 0, text.index(f'"{key}"', at)) + 1


@pytest.mark.parametrize(
    ("value", "shown"),
    [
        ("x", '"x"'),
        ("-1", '"-1"'),
        (-1, "-1"),
        (True, "true"),
        ("NaN", '"NaN"'),
        ("1e400", '"1e400"'),
        (None, "null"),
        ([1], "[1]"),
        (float("nan"), "NaN"),
        (float("inf"), "Infinity"),
        ("1" + "0" * 40, '"1' + "0" * 40 + '"'),  # 41 digits: the model holds at most 30
    ],
)
def test_a_score_system_value_that_is_not_points_is_a_located_error(value, shown):
    data = chess_json({"W": value, "D": "0.5", "L": "0.0"})
    line = _line_of(data, "W")
    assert json_error(data) == (
        f'e.json:{line}:1: error: "scoreSystem.game.W" is {shown}: the points of a '
        'result are a number from 0 (at most 30 digits, e.g. 1, "0.5") or another '
        'letter of the score system (e.g. "F": "W")'
    )


def test_a_score_system_letter_naming_no_letter_is_a_located_error():
    data = chess_json({"W": "1.0", "D": "0.5", "L": "0.0", "F": "Q"})
    line = _line_of(data, "F")
    assert json_error(data) == (
        f'e.json:{line}:1: error: "scoreSystem.game.F" is "Q": the points of a '
        'result are a number from 0 (at most 30 digits, e.g. 1, "0.5") or another '
        'letter of the score system (e.g. "F": "W")'
    )


def test_valid_score_systems_read_as_before():
    # JSON numbers, decimal strings, letters naming letters (gacrux's default system) and
    # gacrux's "W*" form in a match system all read; 3 points a win ranks 3 points
    gacrux = {
        "W": "3",
        "D": 1,
        "L": "0.0",
        "F": "W",
        "H": "D",
        "Z": "0.0",
        "P": "W",
        "A": "D",
        "U": "Z",
    }
    t = read_chess_json(chess_json(gacrux), "e.json").tournament
    assert [str(p.points) for p in t.participants] == ["3", "0"]


def json_messages(data: bytes) -> list[str]:
    try:
        result = read_chess_json(data, "e.json")
    except InputError as e:
        return [str(d) for d in e.diagnostics]
    return [str(d) for d in result.diagnostics if d.severity >= Severity.WARNING]


def test_json_dates_are_validated_where_they_stand():
    data = chess_json({"W": "1.0"}, end="2024-02-30")
    text = data.decode()
    line = text.count("\n", 0, text.index('"endDate"')) + 1
    assert json_messages(data) == [
        f"e.json:{line}:1: error: \"eventInfo.endDate\": end date '2024-02-30' is not a "
        "calendar date (February has 29 days in 2024)"
    ]
    born = chess_json({"W": "1.0"}, birth="2010-02-30")
    line = born.decode().count("\n", 0, born.decode().index('"cid": 1')) + 1
    assert json_messages(born) == [
        f"e.json:{line}:1: error: competitor 1 (competitors[0]): birth date '2010-02-30' is "
        "not a calendar date (February has 28 days in 2010)"
    ]


def test_a_json_end_date_before_its_start_is_an_impossible_event():
    data = chess_json({"W": "1.0"}, start="2024-09-01", end="2024-07-05")
    text = data.decode()
    line = text.count("\n", 0, text.index('"endDate"')) + 1
    assert json_messages(data) == [
        f'e.json:{line}:1: error: "eventInfo.endDate": the end date, 2024-07-05, is before '
        "the start date, 2024-09-01 (--lenient reads it as written, with a warning)"
    ]


def test_negative_points_in_a_trf_scoring_record_are_refused_as_in_chess_json():
    # TRF-2026 162 has no sign; JaVaFo's XXS and bbpPairings' BBW took "-1" (the scoring
    # system Chess-JSON's "W": "-1" became): each is ignored with a warning, as any XXS
    # value that is not points
    assert messages(trf("XXS WW=-1 BW=1")) == [
        "e.trf:2:5: warning: XXS WW '-1' is negative (points are from 0); ignored"
    ]
    assert messages(trf("BBW -1.0")) == [
        "e.trf:2:5: warning: 'BBW' points '-1.0' are negative (points are from 0); ignored"
    ]


def test_a_month_without_its_day_counts_by_its_youngest_reading():
    # 2010/05/00 may be any day of May 2010; the youngest reading is 31 May (as a year alone
    # is 31 December), so on 2026-05-15 the player is 15: under 16 (born 1 May, 16)
    t = parse_trf(trf(*DATES, births=("2010/05/00", "2010/05/01")).encode(), "e.trf").tournament
    rows = [type("Row", (), {"participant": p, "rank": p.id})() for p in t.participants]
    found = placed(rows, parse_category("U16:age@2026-05-15<16"), t)
    assert [p.row.participant.id for p in found] == [1]


def test_score_system_match_values_are_checked_in_any_event():
    # an individual event's match system is not used, but a value that is not points is
    # still a mistake in the file, said where it stands; gacrux's default reads
    doc = json.loads(chess_json({"W": "1.0"}))
    system = doc["event"]["tournaments"][0]["scoreSystem"]
    system["match"] = {"W": "2.0", "D": "1.0", "L": "0.0", "FG": "W*", "P": "D"}
    assert json_messages(json.dumps(doc, indent=1).encode()) == []
    system["match"] = {"W": "two", "D": "1.0"}
    data = json.dumps(doc, indent=1).encode()
    text = data.decode()
    line = text.count("\n", 0, text.index('"W": "two"')) + 1
    assert json_messages(data) == [
        f'e.json:{line}:1: error: "scoreSystem.match.W" is "two": the points of a result are a '
        'number from 0 (at most 30 digits, e.g. 1, "0.5") or another letter of the score '
        'system (e.g. "F": "W")'
    ]
