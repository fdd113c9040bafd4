"""A tournament PGN's dates: every game's Date (else UTCDate) checked where its tag stands,
named as the PGN writes it, each bad date said once. Expected messages written by hand: 2024
is a leap year (February has 29 days), 2023 is not (28); the tags' lines and columns counted
from the game text below (each tag starts at column 1)."""

from __future__ import annotations

from datetime import date

from fide_tiebreaks.diagnostics import InputError, Severity
from fide_tiebreaks.formats import parse_any


def game(rnd: int, white: str, black: str, **tags: str) -> str:
    """Lines: Event, Round, White, Black, Result, then *tags* one a line, blank, moves, blank."""
    extra = "".join(f'[{k} "{v}"]\n' for k, v in tags.items())
    head = f'[Event "T"]\n[Round "{rnd}"]\n[White "{white}"]\n[Black "{black}"]\n'
    return f'{head}[Result "1-0"]\n{extra}\n1. e4 1-0\n\n'


def three(d1: dict[str, str], d2: dict[str, str], d3: dict[str, str]) -> bytes:
    # each game is 5 + len(tags) + 3 lines; with one tag each: lines 6, 15 and 24
    return (game(1, "A", "B", **d1) + game(2, "B", "C", **d2) + game(3, "C", "A", **d3)).encode()


def messages(data: bytes, **kw: object) -> list[str]:
    try:
        result = parse_any(data, "p.pgn", **kw)  # type: ignore[arg-type]
    except InputError as e:
        found = e.diagnostics
    else:
        found = tuple(d for d in result.diagnostics if d.severity >= Severity.WARNING)
    # a three-player round robin has a player without a game each round: not dates
    return [str(d) for d in sorted(found, key=lambda d: d.line) if "no game" not in d.message]


def test_a_bad_date_between_the_first_and_the_last_is_an_error_at_its_tag():
    data = three({"Date": "2024.02.28"}, {"Date": "2024.02.30"}, {"Date": "2024.03.01"})
    assert messages(data) == [
        'p.pgn:15:1: error: Date "2024.02.30" is not a calendar date (February has 29 days in 2024)'
    ]


def test_a_single_bad_date_is_said_once_as_the_pgn_writes_it():
    data = three({"Date": "2023.02.10"}, {"UTCDate": "2023.02.29"}, {"Date": "2023.02.12"})
    assert messages(data) == [
        'p.pgn:15:1: error: UTCDate "2023.02.29" is not a calendar date '
        "(February has 28 days in 2023)"
    ]
    zero = three({"Date": "0000.00.00"}, {"Date": "2023.02.11"}, {"Date": "2023.02.12"})
    assert messages(zero) == [
        'p.pgn:6:1: error: Date "0000.00.00" is not a calendar date (a year is 0001 to 9999, '
        'not 0000; PGN writes a date not known as "????.??.??")'
    ]


def test_an_event_date_after_the_last_game_is_an_impossible_event_at_its_tag():
    dated = {"EventDate": "2024.04.05", "Date": "2024.04.01"}
    data = (game(1, "A", "B", **dated) + game(2, "B", "A", Date="2024.04.02")).encode()
    # game 1: EventDate line 6, Date line 7; game 2 starts at line 11, its Date at line 16
    assert messages(data) == [
        'p.pgn:6:1: error: EventDate "2024.04.05" (6:1) is after the last game\'s date, '
        'Date "2024.04.02" (16:1) (--lenient reads it as written, with a warning)'
    ]
    lenient = messages(data, lenient=True)
    assert lenient == [
        'p.pgn:6:1: warning: EventDate "2024.04.05" (6:1) is after the last game\'s date, '
        'Date "2024.04.02" (16:1); read on (--lenient)'
    ]


def test_a_game_before_the_event_date_and_a_date_in_no_form_are_warnings():
    # game 1 has two tags (lines 6, 7), so game 2's is at line 16 and game 3's at 25
    data = three(
        {"EventDate": "2024.05.02", "Date": "2024.05.04"},
        {"Date": "2024.05.01"},
        {"Date": "the third of May"},
    )
    assert messages(data) == [
        'p.pgn:16:1: warning: Date "2024.05.01" is before EventDate "2024.05.02" (6:1)',
        'p.pgn:25:1: warning: Date "the third of May" not understood (expected YYYY.MM.DD, '
        '"??" for a part not known)',
    ]


def test_good_and_partly_known_dates_give_the_event_its_dates():
    data = three({"Date": "2024.??.??"}, {"Date": "2024.05.03"}, {"UTCDate": "2024.05.04"})
    result = parse_any(data, "p.pgn")
    assert messages(data) == []
    t = result.tournament
    assert (t.start_date, t.end_date) == (date(2024, 5, 3), date(2024, 5, 4))
