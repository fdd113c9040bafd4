"""One date grammar (fide_tiebreaks/dates.py) for every reader and field: a full date year
first or day first with four digits, the same in 042/052 and in a birth date; ASCII digits
only; XML's xs:date with its timezone; the public helpers refuse wrong types and ranges with
the package's argument errors. Expected values by hand: 3 February 1978; April has 30 days;
2024 is a leap year; month 13 does not exist."""

from __future__ import annotations

from datetime import date

import pytest
from trfbuild import block

from fide_tiebreaks.dates import (
    Birth,
    calendar_problem,
    days_in_month,
    read_birth,
    read_date,
    read_round_date,
)
from fide_tiebreaks.diagnostics import InputError, Severity
from fide_tiebreaks.errors import ArgumentTypeError, ArgumentValueError
from fide_tiebreaks.formats import parse_any
from fide_tiebreaks.formats.trf.reader import parse_trf


def _player(pid: int, birth: str, rnd: tuple[int, str, str]) -> str:
    head = f"001 {pid:4d}      {'P' + str(pid):<33} {'':>4} {'':<3} {'':>11} {birth:<10}"
    return f"{head} {'':>4} {'':>4}" + block(rnd)


def trf(*headers: str, birth: str = "") -> bytes:
    lines = ["012 G", *headers, _player(1, birth, (2, "w", "1")), _player(2, "", (1, "b", "0"))]
    return ("\n".join(lines) + "\n").encode()


def shown(data: bytes, name: str = "e.trf") -> list[str]:
    try:
        result = parse_any(data, name)
    except InputError as e:
        return [str(d) for d in e.diagnostics]
    return [str(d) for d in result.diagnostics if d.severity >= Severity.WARNING]


def test_a_day_first_birth_date_reads_as_a_day_first_header_date_does():
    # 042 took 31.04.2024 as a date (then off the calendar); a birth 03.02.1978 was "not
    # understood": both are day first with a four-digit year
    assert read_birth("03.02.1978").birth == Birth(date(1978, 2, 3), date(1978, 2, 3))
    assert read_date("03.02.1978").day == date(1978, 2, 3)
    assert read_birth("00.05.2014").birth == Birth(date(2014, 5, 1), date(2014, 5, 31))
    t = parse_trf(trf("042 2024/03/01", "052 2024/03/05", birth="03.02.1978"), "e.trf")
    assert [d for d in t.diagnostics if d.severity >= Severity.WARNING] == []
    assert shown(trf("042 2024/03/01", birth="31.04.2010")) == [
        "e.trf:3:70: error: birth date '31.04.2010' is not a calendar date (April has 30 days)"
    ]


def test_only_ascii_digits_are_date_digits():
    arabic = "\u0662\u0660\u0662\u0664/\u0660\u0661/\u0660\u0661"  # 2024/01/01 in Arabic-Indic
    assert read_date(arabic).day is None
    assert read_birth(arabic).understood is False
    assert read_round_date("\u0662\u0664/01/01").day is None
    assert shown(trf(f"042 {arabic}")) == [
        f"e.trf:2:5: warning: start date '{arabic}' not understood (expected YYYY/MM/DD)"
    ]


XML = '<?xml version="1.0"?>\n<tournament name="X" end-date="{end}">\n{players}</tournament>\n'
PLAYERS = (
    '  <player id="1" name="A"><round n="1" opponent="2" colour="w" result="1"/></player>\n'
    '  <player id="2" name="B"><round n="1" opponent="1" colour="b" result="0"/></player>\n'
)


@pytest.mark.parametrize("end", ["2024-01-01Z", "2024-01-01+02:00", "2024-01-01"])
def test_an_xml_date_with_a_timezone_is_the_day_it_writes(end):
    result = parse_any(XML.format(end=end, players=PLAYERS).encode(), "t.xml")
    assert [d for d in result.diagnostics if d.severity >= Severity.WARNING] == []
    assert result.tournament.end_date == date(2024, 1, 1)


def test_an_xml_date_off_the_calendar_is_named_in_xml_form():
    found = shown(XML.format(end="2024-02-30", players=PLAYERS).encode(), "t.xml")
    assert len(found) == 1 and found[0].startswith("t.xml:2:")
    assert "2024/02/30" not in found[0] and "YYYY/MM/DD" not in found[0]
    assert "'2024-02-30'" in found[0]


def test_the_public_helpers_refuse_wrong_types_and_ranges():
    for call in (
        lambda: read_date(None),
        lambda: read_birth(1978),
        lambda: read_round_date(b"24/01/01"),
        lambda: calendar_problem("2024", 1, 1),
        lambda: days_in_month(2024.0, 1),
    ):
        with pytest.raises(ArgumentTypeError):
            call()
    with pytest.raises(ArgumentValueError, match="a month 1 to 12, not 2024, 13"):
        days_in_month(2024, 13)
    assert days_in_month(2024, 2) == 29 and days_in_month(2023, 2) == 28
    assert calendar_problem(-5, 1, 1) == "a year is 0001 to 9999, not -5"
    assert calendar_problem(0, 1, 1) == "a year is 0001 to 9999, not 0000"
    assert calendar_problem(2024, 13, 1) == "a month is 01 to 12, not 13"


def test_a_chess_json_date_in_no_form_names_chess_jsons_form():
    from test_dates import chess_json

    data = chess_json({"W": "1.0"}, end="next week")
    text = data.decode()
    line = text.count("\n", 0, text.index('"endDate"')) + 1
    assert shown(data, "e.json") == [
        f"e.json:{line}:1: warning: \"eventInfo.endDate\": end date 'next week' not understood "
        "(expected YYYY-MM-DD)"
    ]
