"""What a FIDE rating report needs beyond the games (TRF16 C.04 Annex 2 header records and
TRF-2026 ``192``/``222``), checked where the pairing program gives it, and kept in
``Tournament.info`` by record code, where the TRF writer finds it."""

from __future__ import annotations

import re
from collections.abc import Sequence
from datetime import date
from typing import Any

from ..model import TournamentType
from .results import BuilderError, as_date, listed

# TRF-2026 222: "d[:d]" or "Wd[:d]-Bd[:d]"; a period is M/S, M/S+I, S or S+I (seconds).
_PERIOD = r"\d+/\d+(?:\+\d+)?|\d+(?:\+\d+)?"
_PERIODS = rf"(?:{_PERIOD})(?::(?:{_PERIOD}))*"
TIME_CONTROL = re.compile(rf"^(?:{_PERIODS}|W{_PERIODS}-B{_PERIODS})$")
# TRF-2026 192: FIDE's codes, BERGER_* and the organiser's own CUSTOM_* ones.
PAIRING_SYSTEM = re.compile(r"^(?:FIDE|BERGER|CUSTOM)_[A-Z0-9_]+$")
_FEDERATION = re.compile(r"^[A-Z]{3}$")


def _line(value: object, what: str, width: int = 200) -> str:
    """One line of text (a TRF record holds no line end), at most *width* characters."""
    if not isinstance(value, str):
        raise BuilderError(f"{what} {value!r} must be text")
    text = value.strip()
    if "\r" in text or "\n" in text:
        raise BuilderError(f"{what} {text[:40]!r} must be one line")
    if len(text) > width:
        raise BuilderError(f"{what} is {len(text)} characters; a TRF record holds {width}")
    return text


def round_dates_record(dates: Sequence[Any]) -> str:
    """TRF 132: each round's date as YY/MM/DD at columns 92-99, 102-109, ... (C.04 Annex 2)."""
    days = [as_date(d, f"round_dates[{i}]") for i, d in enumerate(dates)]
    text = " " * 85  # the value starts at column 5; round 1 is "  YY/MM/DD" at columns 90-99
    for i, day in enumerate(days):
        if day is None:
            raise BuilderError(f"round_dates[{i}] must be a date")
        text += f"  {day.year % 100:02d}/{day.month:02d}/{day.day:02d}"
    return text


def report_info(
    *,
    city: str = "",
    federation: str = "",
    round_dates: Sequence[date | str] = (),
    chief_arbiter: str = "",
    deputy_arbiters: Sequence[str] = (),
    time_control: str = "",
    pairing_system: str = "",
    type: TournamentType = TournamentType.SWISS,
    primary: str = "MP",
    rounds: int | None = None,
) -> dict[str, str]:
    """The report fields by TRF record code (``Tournament.info``), checked: a federation of
    three capital letters (032), round dates no more than the rounds planned (132), a time
    control in TRF-2026's 222 code, a pairing system code (192) that agrees with the type
    and the primary team score."""
    info: dict[str, str] = {}
    if city:
        info["022"] = _line(city, "city")
    if federation:
        fed = _line(federation, "federation")
        if not _FEDERATION.match(fed):
            raise BuilderError(f"federation {fed!r} must be three capital letters, e.g. 'NOR'")
        info["032"] = fed
    dates = listed(round_dates, "round_dates")
    if dates:
        if rounds is not None and len(dates) > rounds:
            raise BuilderError(f"round_dates gives {len(dates)} dates for {rounds} rounds")
        info["132"] = round_dates_record(dates)
    if chief_arbiter:
        info["102"] = _line(chief_arbiter, "chief_arbiter")
    deputies = [_line(d, "deputy_arbiters") for d in listed(deputy_arbiters, "deputy_arbiters")]
    if deputies:
        info["112"] = "\n".join(d for d in deputies if d)  # one 112 record each
    if time_control:
        tc = _line(time_control, "time_control")
        if not TIME_CONTROL.match(tc):
            raise BuilderError(
                f"time_control {tc!r} is not TRF-2026's 222 code: periods "
                "'moves/seconds+increment' joined by ':', e.g. "
                "'40/6000+30:900+30', or 'W300-B240'"
            )
        info["222"] = tc
    if pairing_system:
        info["192"] = _pairing_system(pairing_system, type, primary)
    return info


def _pairing_system(code: str, kind: TournamentType, primary: str) -> str:
    text = _line(code, "pairing_system").upper()
    if not PAIRING_SYSTEM.match(text):
        raise BuilderError(
            f"pairing_system {code!r} is not a TRF-2026 192 code such as "
            "'FIDE_DUTCH_2025', 'FIDE_ROUNDROBIN' or 'CUSTOM_...'"
        )
    round_robin = "ROUNDROBIN" in text or "SCHEVENINGEN" in text
    if round_robin != (kind is TournamentType.ROUND_ROBIN) and not text.startswith("CUSTOM"):
        raise BuilderError(f"pairing_system {text} contradicts type '{kind.value}'")
    if "_GP_MP" in text and primary != "GP":
        raise BuilderError(f"pairing_system {text} makes game points primary; give primary='GP'")
    return text
