"""What each TRF form holds: the records of TRF16 (C.04 Annex 2) and TRF-2026 (FIDE Council
12/05/2025), the engine extensions that travel in both, and how a value is written into a
fixed-width column (or refused when it does not fit)."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import field
from fractions import Fraction
from typing import Literal, Protocol

from ...data_classes import dataclass
from ...model import Participant, Tournament
from ..base import Unwritable

Form = Literal["trf16", "trf26"]
FORM_NAMES = {"trf16": "TRF16", "trf26": "TRF-2026"}

# Records the model writer makes from the model itself; a source line of these codes is
# never copied (the model's value is written instead).
REGENERATED = frozenset(
    {
        "001",
        "012",
        "042",
        "052",
        "062",
        "072",
        "082",
        "142",
        "XXR",
        "162",
        "XXS",
        "BBW",
        "BBD",
        "BBL",
        "BBZ",
        "BBF",
        "BBU",
        "202",
        "212",
        "299",
        "013",
        "310",
        "320",
        "330",
        "300",
        "352",
        "362",
        "801",
        "802",
        "250",
        "XXA",
    }
)
# TRF-2026 records that TRF16 has no place for (some have an engine extension: 142 is
# JaVaFo XXR, 162 XXS, 152 XXC white1/black1, 310 is TRF16 013).
TRF26_ONLY = frozenset(
    {
        "142",
        "152",
        "162",
        "172",
        "182",
        "192",
        "202",
        "212",
        "222",
        "240",
        "250",
        "260",
        "299",
        "310",
        "320",
        "330",
        "300",
        "352",
        "362",
    }
)
# Header records, written first and in this order (C.04 Annex 2, TRF-2026).
HEADER_ORDER = (
    "012",
    "022",
    "032",
    "042",
    "052",
    "062",
    "072",
    "082",
    "092",
    "102",
    "112",
    "122",
    "132",
    "142",
    "XXR",
    "152",
    "XXC",
    "162",
    "XXS",
    "172",
    "182",
    "192",
    "202",
    "212",
    "222",
)
MAX_ID = 9999  # TRF 001 columns 5-8: start ranks 1-9,999
MAX_TEAM = 999  # TRF-2026 310 columns 5-7


class _Row(Protocol):
    @property
    def participant(self) -> Participant: ...
    @property
    def rank(self) -> int: ...


class Standings(Protocol):
    """What the writer reads of :class:`fide_tiebreaks.standings.Standings` (a reader's
    package never imports the ranking layer: pyproject's import contracts)."""

    @property
    def tournament(self) -> Tournament: ...
    @property
    def rows(self) -> Sequence[_Row]: ...
    @property
    def codes(self) -> list[str]: ...


class TrfFormError(Unwritable):
    """The tournament holds something the TRF form asked for cannot (a value that does not
    fit its columns, a record the form lacks). ``reasons`` names each one; nothing is ever
    dropped silently. The CLI reports it and exits 2."""

    def __init__(self, form: Form, reasons: Iterable[str]) -> None:
        self.form = form
        self.reasons = tuple(dict.fromkeys(reasons))
        shown = "; ".join(self.reasons[:8])
        more = f" (and {len(self.reasons) - 8} more)" if len(self.reasons) > 8 else ""
        super().__init__(f"{FORM_NAMES[form]} cannot hold this event: {shown}{more}")


def points_text(value: Fraction) -> str | None:
    """Points as TRF writes them (``11.5``, ``4.0``, ``2.25``), or None for a value no
    decimal writes exactly (a third)."""
    den = value.denominator
    while den % 2 == 0:
        den //= 2
    while den % 5 == 0:
        den //= 5
    if den != 1:
        return None
    if value.denominator == 1:
        return f"{value.numerator}.0"
    from ...numbers import exact_str

    return exact_str(value)


def fit(text: str, width: int, what: str, problems: list[str]) -> str:
    """*text* when it fits *width* columns (and holds no line end), else a problem named."""
    if len(text) > width:
        problems.append(f"{what} '{text[:40]}' is longer than its {width} columns")
        return text[:width]
    if "\r" in text or "\n" in text or "\x00" in text:
        problems.append(f"{what} holds a line end or a NUL (no TRF reader reads it back)")
        return text.replace("\r", " ").replace("\n", " ").replace("\x00", " ")
    return text


def points_field(value: Fraction, width: int, what: str, problems: list[str]) -> str:
    """Points right-aligned in *width* columns, or a problem named."""
    text = points_text(value)
    if text is None:
        problems.append(f"{what} {value} has no exact decimal form")
        return " " * width
    if len(text) > width:
        problems.append(f"{what} {text} does not fit its {width} columns")
        return " " * width
    return text.rjust(width)


@dataclass
class Output:
    """What is being written: the event, its form, and the problems found on the way."""

    t: Tournament  # the event (teams as participants for a team event)
    ind: Tournament  # its players (the same as t for an individual event)
    form: Form
    drop: frozenset[str]
    ranks: dict[int, int] = field(default_factory=dict)  # computed ranks, by participant id
    codes: tuple[str, ...] | None = None  # the standings' tie-break codes (212)
    problems: list[str] = field(default_factory=list)

    def refuse(self, code: str, reason: str) -> None:
        """*reason* is a problem unless the caller asked to leave record *code* out."""
        if code not in self.drop:
            self.problems.append(reason)

    def only_trf26(self, code: str, what: str) -> bool:
        """True when record *code* may be written; in TRF16 it is refused (or dropped)."""
        if self.form == "trf26":
            return True
        self.refuse(code, f"{what} (TRF-2026 {code}; TRF16 has no such record)")
        return False
