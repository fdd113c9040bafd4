"""The builder's rating-report fields, written where C.04 Annex 2 and TRF-2026 put them:
022 city, 032 federation, 102 chief arbiter, 112 one deputy each, 132 round dates (YY/MM/DD
at columns 92-99, 102-109, ...), 192 pairing system, 202 tie-breaks, 222 time control."""

from __future__ import annotations

from datetime import date

import pytest

from fide_tiebreaks import BuilderError, EventBuilder, compute_standings, parse_trf
from fide_tiebreaks.formats.trf.model_writer import write_tournament_trf


def report(**changes: object) -> EventBuilder:
    fields: dict[str, object] = dict(
        rounds=2,
        edition="fide-2024",
        name="Club open",
        city="Oslo",
        federation="NOR",
        start_date=date(2025, 5, 1),
        end_date=date(2025, 5, 2),
        round_dates=[date(2025, 5, 1), "2025-05-02"],
        chief_arbiter="IA Ola Nordmann 1500000",
        deputy_arbiters=["FA Kari Hansen 1500001", "Per Berg"],
        time_control="40/6000+30:900+30",
        pairing_system="FIDE_DUTCH_2025",
        tiebreaks="BH/C1,BH,SB",
    )
    fields.update(changes)
    ev = EventBuilder(**fields)  # type: ignore[arg-type]
    for pid in (1, 2, 3, 4):
        ev.add_player(pid, f"Player {pid}", rating=2000 + pid, federation="NOR")
    ev.record_round(1, games=[(1, 3, "1-0"), (4, 2, "1/2-1/2")])
    return ev


def test_the_report_a_pairing_program_submits():
    t = report().tournament()
    lines = write_tournament_trf(t, standings=compute_standings(t)).splitlines()
    assert lines[:16] == [
        "012 Club open",
        "022 Oslo",
        "032 NOR",
        "042 2025/05/01",
        "052 2025/05/02",
        "062 4",
        "072 4",
        "102 IA Ola Nordmann 1500000",
        "112 FA Kari Hansen 1500001",
        "112 Per Berg",
        # 132: round 1's date at columns 92-99 (91 characters before it), round 2 at 102-109
        "132" + " " * 88 + "25/05/01  25/05/02",
        "142 2",
        "192 FIDE_DUTCH_2025",
        "202 BH/C1,BH,SB",
        "212 PTS,BH/C1,BH,SB",
        "222 40/6000+30:900+30",
    ]
    back = parse_trf("\n".join(lines).encode()).tournament
    assert back.end_date == date(2025, 5, 2) and back.info["222"] == "40/6000+30:900+30"
    assert back.info["102"] == "IA Ola Nordmann 1500000"


def test_trf16_keeps_the_time_control_as_122_text():
    t = report().tournament()
    text = write_tournament_trf(t, form="trf16", drop={"192", "202", "212"})
    assert "122 40/6000+30:900+30" in text.splitlines() and "\n222" not in text


@pytest.mark.parametrize(
    ("field", "value", "says"),
    [
        ("federation", "Norway", "three capital letters"),
        ("time_control", "90 min + 30 s", "222 code"),
        ("pairing_system", "dutch", "192 code"),
        ("pairing_system", "FIDE_ROUNDROBIN", "contradicts type 'swiss'"),
        ("round_dates", ["2025-05-01", "2025-05-02", "2025-05-03"], "3 dates for 2 rounds"),
        ("chief_arbiter", "A\nB", "one line"),
    ],
)
def test_report_fields_are_checked(field, value, says):
    with pytest.raises(BuilderError, match=says):
        report(**{field: value})
