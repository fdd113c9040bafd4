"""Dates at the builder's door, and in a Swiss-Manager file, as the TRF reader takes them: a
birth date off the calendar or in no date form is a BuilderError naming birth_date; born
after the event ended an impossible event (the builder has no lenient reading: an error; a
Swiss-Manager file: an error unless lenient). Expected values by hand: February 2010 has 28
days; 2030/01/01 is after 2026-03-28."""

from __future__ import annotations

import pytest
from trfbuild import block

from fide_tiebreaks import BuilderError, EventBuilder
from fide_tiebreaks.diagnostics import Kind, Severity
from fide_tiebreaks.formats.swiss_manager import impossible_dates
from fide_tiebreaks.formats.trf.reader import parse_trf


@pytest.mark.parametrize(
    ("birth", "message"),
    [
        (
            "2030/01/01",
            "player 1 birth_date '2030/01/01' is after end_date 2026-03-28: born "
            "after the event ended",
        ),
        (
            "2010/02/30",
            "player 1 birth_date '2010/02/30' is not a calendar date (February "
            "has 28 days in 2010)",
        ),
        (
            "tomorrow",
            "player 1 birth_date 'tomorrow' not understood (expected YYYY/MM/DD; "
            "YYYY or YYYY/00/00 for a year alone, blank or 0000/00/00 unknown)",
        ),
    ],
)
def test_a_birth_date_is_checked_at_the_door(birth, message):
    with pytest.raises(BuilderError) as e:
        EventBuilder(end_date="2026-03-28").add_player(1, "A", birth_date=birth)
    assert str(e.value) == message


def test_a_birth_after_an_end_date_set_later_is_refused_by_tournament():
    ev = EventBuilder(edition="fide-2024")
    ev.add_player(1, "A", birth_date="2030/01/01")
    ev.add_player(2, "B", birth_date="1978")
    ev.record_round(1, [(1, 2, "1-0")])
    ev.end_date = "2026-03-28"
    with pytest.raises(BuilderError, match="player 1 birth_date '2030/01/01' is after end_date"):
        ev.tournament()


@pytest.mark.parametrize("birth", ["", "1978", "2014/00/00", "2014/05/00", "2026/03/28"])
def test_partial_unknown_and_same_day_births_are_taken(birth):
    EventBuilder(end_date="2026-03-28").add_player(1, "A", birth_date=birth)


def _player(pid: int, name: str, birth: str, rnd: tuple[int, str, str]) -> str:
    head = f"001 {pid:4d}      {name:<33} {'':>4} {'':<3} {'':>11} {birth:<10} {'':>4} {'':>4}"
    return head + block(rnd)


def _trf(birth: str) -> bytes:
    one, two = _player(1, "Alpha", birth, (2, "w", "1")), _player(2, "Beta", "", (1, "b", "0"))
    return f"012 E\n042 2024/03/01\n052 2024/03/05\n{one}\n{two}\n".encode()


def test_swiss_manager_born_after_the_end_is_an_impossible_event():
    # the model the Swiss-Manager reader builds, here from a TRF read leniently
    t = parse_trf(_trf("2025/01/01"), "e.trf", lenient=True).tournament
    assert t.participants[0].birth_date == "2025/01/01"
    [d] = impossible_dates(t, "e.TUNX", lenient=False)
    assert (d.severity, d.kind) == (Severity.ERROR, Kind.IMPOSSIBLE)
    assert str(d) == (
        "e.TUNX: error: player 1 was born on 2025/01/01, after the event ended (2024-03-05) "
        "(--lenient reads it as written, with a warning)"
    )
    [w] = impossible_dates(t, "e.TUNX", lenient=True)
    assert w.severity is Severity.WARNING and w.message.endswith("; read on (--lenient)")
    assert impossible_dates(parse_trf(_trf("2024"), "e.trf").tournament, "e", lenient=False) == []


def test_the_lenient_row_of_the_command_docs_names_the_date_impossibilities():
    from conftest import ROOT

    row = next(
        line
        for line in (ROOT / "docs" / "commands.md").read_text(encoding="utf-8").splitlines()
        if line.startswith("| `--lenient` |")
    )
    for event in (
        "a player born after the event's end date",
        "an end date before the start date",
        "a PGN `EventDate` after its last game",
    ):
        assert event in row, event
