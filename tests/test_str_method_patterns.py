"""Patterns read by str methods instead of compiled at start-up (docs/architecture.md,
"Start-up"): each helper accepts exactly what the pattern it replaces matches."""

from __future__ import annotations

import re

from hypothesis import given
from hypothesis import strategies as st

from fide_tiebreaks.codes import _is_modifier
from fide_tiebreaks.dates import _year_first

MODIFIER = re.compile(r"^(?:[CM][0-9]+|L[+-]?[0-9]+|K[0-9]+(?:[.,][0-9]+)?|P|F|R)$", re.IGNORECASE)
YEAR_FIRST = re.compile(r"(\d{4})[/.-](\d{1,2})[/.-](\d{1,2})", re.ASCII)

# digits (ASCII and other), separators, signs, the modifiers' letters in both cases, the
# KELVIN SIGN (a K to a case-insensitive pattern), a newline ($ matches before a final one)
_ALPHABET = "0123456789\u0661\u00b2/.-,+\n xCMLKPFRcmlkpfr\u212a"
_PIECES = ["2024", "12", "1", "/", ".", "-", ",", "+", "\n", "K", "\u212a", "c", "L", "P", "x"]


def _texts() -> st.SearchStrategy[str]:
    return st.text(_ALPHABET, max_size=12) | st.lists(st.sampled_from(_PIECES), max_size=6).map(
        "".join
    )


def _ymd(text: str) -> tuple[int, int, int] | None:
    m = YEAR_FIRST.fullmatch(text)
    return (int(m[1]), int(m[2]), int(m[3])) if m else None


@given(_texts())
def test_is_modifier_accepts_what_the_pattern_matches(text):
    assert _is_modifier(text) == bool(MODIFIER.match(text))


def test_is_modifier_for_every_character_in_a_modifier():
    for cp in range(0x3000):
        c = chr(cp)
        for text in (c, c + "1", c + "+1", c + "1.5", c + "\n", "K1" + c + "5", "L" + c + "1"):
            assert _is_modifier(text) == bool(MODIFIER.match(text)), repr(text)


@given(_texts())
def test_year_first_reads_what_the_pattern_matches(text):
    assert _year_first(text) == _ymd(text)


def test_year_first_examples():
    for text in ("2024/08/01", "2024-8-1", "2024.12.31", "2024/1/2\n", "2024//1/2", "202/1/2"):
        assert _year_first(text) == _ymd(text), repr(text)


def test_a_kelvin_sign_modifier_is_the_factor_it_matches_as():
    # The case-insensitive grammar takes U+212A for a K; it upper-cases to itself, and was
    # read as a Median (KS/\u212a1 gave median=1).
    from fide_tiebreaks.codes import parse_code

    assert parse_code("KS/\u212a1") == parse_code("KS/K1")
    assert parse_code("BH/\u212a0,5") == parse_code("BH/K0.5")
    assert parse_code("KS/\u212a1").median == 0
