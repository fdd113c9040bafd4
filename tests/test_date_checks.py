"""Dates read one way in every reader, and checked against each other.

TRF16 writes round dates (132) as YY/MM/DD: the century is the start date's (042, else the
end date's, 052), since a round is played within the event. A two-digit year in 042/052
(``20/03/26``: YY/MM/DD or DD/MM/YY?) is not guessed. A round dated before the start, after
the end, or before an earlier round is a located warning naming the round and the dates.

Every expected value is written out by hand from the calendar."""

from __future__ import annotations

from datetime import date

import pytest
from trfbuild import block

from fide_tiebreaks.diagnostics import InputError, Severity
from fide_tiebreaks.formats.trf.reader import parse_trf


def _player(pid: int, name: str, birth: str, rounds: list[tuple[int, str, str]]) -> str:
    head = f"001 {pid:4d}      {name:<33} {'':>4} {'':<3} {'':>11} {birth:<10} {'':>4} {'':>4}"
    return head + "".join(block(r) for r in rounds)


def trf(*headers: str, rounds: int = 1, births: tuple[str, str] = ("", "")) -> str:
    """012 is line 1, the headers lines 2.., then players 1 and 2 (1 beats 2 each round)."""
    one = [(2, "w" if r % 2 == 0 else "b", "1") for r in range(rounds)]
    two = [(1, "b" if r % 2 == 0 else "w", "0") for r in range(rounds)]
    lines = ["012 Dates", *headers, _player(1, "Alpha", births[0], one)]
    lines.append(_player(2, "Beta", births[1], two))
    return "\n".join(lines) + "\n"


def round_dates(*dates: str) -> str:
    """132 with round 1's date at columns 92-99, round 2's at 102-109, ..."""
    return "132" + " " * 88 + "  ".join(dates)


def read(text: str, **kw: object) -> tuple[object, list[str]]:
    try:
        result = parse_trf(text.encode(), "e.trf", **kw)  # type: ignore[arg-type]
    except InputError as e:
        return None, [str(d) for d in e.diagnostics]
    shown = [str(d) for d in result.diagnostics if d.severity >= Severity.WARNING]
    return result.tournament, shown


# --- the century of a round date ------------------------------------------------------


def test_a_round_date_takes_its_century_from_the_start_date():
    # 042 1999/05/01 and rounds 99/05/01, 99/05/05: the event ended 1999-05-05, not 2099
    t, shown = read(trf("042 1999/05/01", round_dates("99/05/01", "99/05/05"), rounds=2))
    assert shown == []
    assert (t.start_date, t.end_date) == (date(1999, 5, 1), date(1999, 5, 5))


def test_a_round_date_across_a_century_takes_the_nearest_one():
    # an event 1999/12/30 - 2000/01/02: round 2's "00" is 2000, nearest to 1999
    text = trf("042 1999/12/30", round_dates("99/12/30", "00/01/02"), rounds=2)
    t, shown = read(text)
    assert shown == [] and t.end_date == date(2000, 1, 2)


def test_without_a_start_date_the_end_date_gives_the_century():
    text = trf("052 1998/07/10", round_dates("98/07/09", "98/07/10"), rounds=2)
    t, shown = read(text)
    assert shown == [] and t.end_date == date(1998, 7, 10)


def test_without_any_four_digit_date_round_dates_are_20yy_with_a_warning():
    # a warning, at round 1's date (column 92): the year read decides the rules edition, so
    # a 1999 event read as 2099 would be ranked by the newest rules without a word
    result = parse_trf(trf(round_dates("24/01/05")).encode(), "e.trf")
    assert result.tournament.end_date == date(2024, 1, 5)
    (said,) = [d for d in result.diagnostics if "century" in d.message]
    assert (said.severity, said.column) == (Severity.WARNING, 92)
    assert said.message == (
        "the round dates have two-digit years and no start or end date (042, 052) gives "
        "the century: read as 20YY, which decides the rules edition; give the start "
        "date (042) or the edition (--edition)"
    )


@pytest.mark.parametrize(("code", "what", "line"), [("042", "start", 2), ("052", "end", 3)])
def test_a_two_digit_year_in_a_header_date_is_never_guessed(code, what, line):
    # 20/03/26 is 2020-03-26 read as YY/MM/DD and 2026-03-20 read as DD/MM/YY
    headers = {"042": "042 2026/03/20", "052": "052 2026/03/28"}
    headers[code] = f"{code} 20/03/26" if code == "042" else f"{code} 28/03/26"
    t, shown = read(trf(*headers.values()))
    written = "20/03/26" if code == "042" else "28/03/26"
    assert shown == [
        f"e.trf:{line}:5: warning: {what} date '{written}' not understood (a two-digit year "
        "could be YY/MM/DD or DD/MM/YY; write YYYY/MM/DD)"
    ]
    kept = date(2026, 3, 28) if code == "042" else date(2026, 3, 20)
    assert (t.end_date if code == "042" else t.start_date) == kept
    assert (t.start_date if code == "042" else t.end_date) is None


def test_both_header_dates_day_first_with_two_digit_years_are_no_eight_year_event():
    t, shown = read(trf("042 20/03/26", "052 28/03/26"))
    assert (t.start_date, t.end_date) == (None, None)
    assert len(shown) == 2 and all("two-digit year" in s for s in shown)


# --- round dates against the event and each other -------------------------------------


def test_round_dates_outside_the_event_or_out_of_order_are_located_warnings():
    # 042 2024/01/05, 052 2024/01/09; rounds: 1 on 01-09, 2 on 01-03 (before the start and
    # before round 1), 3 on 01-02 (the same), 4 on 2025-06-01 (after the end), 5 on 01-06
    # (in the event, but before round 4's date)
    dates = round_dates("24/01/09", "24/01/03", "24/01/02", "25/06/01", "24/01/06")
    _, shown = read(trf("042 2024/01/05", "052 2024/01/09", dates, rounds=5))
    r2 = "e.trf:4:102: warning: round 2 date '24/01/03' (2024-01-03)"
    r3 = "e.trf:4:112: warning: round 3 date '24/01/02' (2024-01-02)"
    assert shown == [
        f"{r2} is before the start date, 2024/01/05",
        f"{r2} is before the round 1 date, '24/01/09'",
        f"{r3} is before the start date, 2024/01/05",
        f"{r3} is before the round 1 date, '24/01/09'",
        "e.trf:4:122: warning: round 4 date '25/06/01' (2025-06-01) is after the end date, "
        "2024/01/09",
        "e.trf:4:132: warning: round 5 date '24/01/06' (2024-01-06) is before the round 4 "
        "date, '25/06/01'",
    ]


def test_round_dates_in_order_within_the_event_say_nothing():
    # two rounds on one day are in order
    dates = round_dates("24/01/05", "24/01/05", "24/01/09")
    assert read(trf("042 2024/01/05", "052 2024/01/09", dates, rounds=3))[1] == []
