"""Swiss-Manager's numeric tie-break codes (the TUNX configuration's list) and ours.

Evidence (shared/spec/swiss-manager.md): Swiss-Manager's own names for the older numbers
(a published list of 71 names with their numbers), and the MIT TypeScript decoder
``echecsjs/tunx`` for the numbers stored in 2025-2026 files. The two disagree on 11, 37, 52,
61 and 68, and neither was checked against a printout of the same file; the spec lists 81,
84, 85 and 88 as still to be established. A code is mapped only when the sources that name
it agree and the name says one of our codes without a parameter we cannot read (the
per-code parameters, cut or game/match points, sit where no decoder reads them). Every
other code is named in a warning and left out, never guessed.
"""

from __future__ import annotations

from ...data_classes import NamedTuple


class SmCode(NamedTuple):
    """One Swiss-Manager tie-break number: what the sources call it, and our code."""

    ours: str | None  # our code, or None when it is not mapped
    names: str  # what the sources call it, for the warning and docs/formats.md


#: Stored codes are U16 values; Swiss-Manager's numbers run 1..99 in every source.
HIGHEST = 99

_OLD = "Swiss-Manager's name list"
_NEW = "echecsjs/tunx"
# 5, 8, 9 and 33 share three names, which is which not known: only a guess at a family.
_CUMULATIVE = (
    f"progressive score, 'Fide Tie-Break (fine)' or no points for dropped players ({_OLD}, "
    "which code is which not known); a cumulative score family only guessed"
)

CODES: dict[int, SmCode] = {
    2: SmCode("BH", f"Buchholz, all results ({_OLD})"),
    3: SmCode("BH/C1", f"Buchholz, 1 Streichresultat ({_OLD})"),
    4: SmCode("BH/M1", f"Buchholz, without two results = middle ({_OLD})"),
    5: SmCode(None, _CUMULATIVE),
    8: SmCode(None, _CUMULATIVE),
    9: SmCode(None, _CUMULATIVE),
    11: SmCode(None, f"direct encounter ({_OLD}) or progressive score ({_NEW})"),
    12: SmCode("WIN", f"the greater number of victories ({_OLD})"),
    20: SmCode("ARO/C1", f"rating average of the opponents without one result ({_OLD})"),
    21: SmCode("TPR", f"rating performance ({_OLD})"),
    33: SmCode(None, _CUMULATIVE),
    35: SmCode("SB", f"FIDE Sonneborn-Berger ({_OLD})"),
    36: SmCode(None, f"rating average of the opponents, variable with a parameter ({_OLD})"),
    37: SmCode(None, f"Buchholz, variable with a parameter ({_OLD}) or performance ({_NEW})"),
    45: SmCode("KS", f"Koya ({_OLD})"),
    52: SmCode(None, f"Sonneborn-Berger, variable ({_OLD}) or median Buchholz ({_NEW})"),
    61: SmCode(None, f"Berlin ({_OLD}) or number of wins ({_NEW})"),
    68: SmCode(None, f"number of victories ({_OLD}) or direct encounter ({_NEW})"),
    81: SmCode(None, f"Sonneborn-Berger ({_NEW}); to be established from a printout"),
    84: SmCode(None, f"Buchholz ({_NEW}); to be established from a printout"),
    85: SmCode(None, f"Buchholz Cut 1 ({_NEW}); to be established from a printout"),
    86: SmCode(None, f"Buchholz Cut 2 ({_NEW}); its family 84-87 is not established"),
    87: SmCode(None, f"Buchholz Cut 3 ({_NEW}); its family 84-87 is not established"),
    88: SmCode(None, f"average rating ({_NEW}); to be established from a printout"),
}


class Mapped(NamedTuple):
    """A Swiss-Manager tie-break list read: our codes in order, and a warning per code
    left out."""

    codes: tuple[str, ...]
    warnings: tuple[str, ...]


def map_codes(stored: tuple[int, ...]) -> Mapped:
    """Our codes for the organiser's list *stored*; each code left out is said: one out of
    Swiss-Manager's range, one nobody has mapped, one the sources disagree on."""
    codes: list[str] = []
    warnings: list[str] = []
    for position, number in enumerate(stored, 1):
        where = f"tie-break {position} of the organiser's list: Swiss-Manager code {number}"
        known = CODES.get(number)
        if not 1 <= number <= HIGHEST:
            warnings.append(f"{where} is outside Swiss-Manager's codes (1-{HIGHEST}); left out")
        elif known is None:
            warnings.append(f"{where} has no known meaning; left out")
        elif known.ours is None:
            warnings.append(f"{where} ({known.names}) is not mapped; left out")
        elif known.ours in codes:
            warnings.append(f"{where} repeats {known.ours}; left out")
        else:
            codes.append(known.ours)
    return Mapped(codes=tuple(codes), warnings=tuple(warnings))
