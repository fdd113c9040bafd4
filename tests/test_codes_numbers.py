"""The tie-break code grammar (TEC syntax) and exact number text."""

from __future__ import annotations

from fractions import Fraction

import pytest

from fide_tiebreaks import CodeError, exact_str, parse_code, parse_list
from fide_tiebreaks.numbers import parse_decimal


@pytest.mark.parametrize(
    ("text", "canonical"),
    [
        ("BH", "BH"),
        ("bh/c1", "BH/C1"),
        ("BH-C1", "BH/C1"),
        ("BH-M2", "BH/M2"),
        ("BH:GP/M2/P", "BH:GP/M2/P"),
        ("KS/L+1", "KS/L+1"),
        ("KS/L-2", "KS/L-2"),
        ("SSSC/F/P/K5", "SSSC/K5/P/F"),
        ("EMGSB/C1/P", "EMGSB/C1/P"),
        ("OTHER_MINE", "OTHER_MINE"),
    ],
)
def test_codes_parse_to_the_canonical_form(text, canonical):
    assert parse_code(text).code == canonical


def test_code_fields():
    spec = parse_code("BH:MP/C2/P")
    assert (spec.name, spec.score, spec.cut, spec.median, spec.forfeits_as_played) == (
        "BH",
        "MP",
        2,
        0,
        True,
    )
    assert spec.modifiers == frozenset({":", "C", "P"})


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("", "empty"),
        ("BH/X1", "unknown modifier '/X1'"),
        ("BH/C1/M1", "a Cut and a Median cannot be combined"),
        ("BH/C1/C2", "modifier /C given twice"),
        ("BH:XP", ":XP' must be :MP or :GP"),
        ("1BH", "is not a tie-break name"),
        ("BH/C0", "/C0 and /M0 remove nothing"),
    ],
)
def test_bad_codes_say_what_is_wrong(text, message):
    with pytest.raises(CodeError, match=message):
        parse_code(text)


def test_lists_drop_a_leading_pts():
    assert [s.code for s in parse_list("PTS,BH/C1, BH ,SB")] == ["BH/C1", "BH", "SB"]
    assert [s.code for s in parse_list(["BH", "SB/C1"])] == ["BH", "SB/C1"]


@pytest.mark.parametrize(
    ("value", "text"),
    [
        (Fraction(23, 2), "11.5"),
        (Fraction(107, 8), "13.375"),
        (12, "12"),
        (Fraction(12), "12"),
        (Fraction(40, 3), "40/3"),
        (Fraction(-3, 4), "-0.75"),
        (Fraction(1, 20), "0.05"),
        (Fraction(0), "0"),
    ],
)
def test_exact_text(value, text):
    assert exact_str(value) == text


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("11.5", Fraction(23, 2)),
        (" 3.0", 3),
        ("0,5", Fraction(1, 2)),
        ("-1.0", -1),
        (".5", Fraction(1, 2)),
        ("x", None),
        ("", None),
        ("1.2.3", None),
    ],
)
def test_parse_decimal(text, value):
    assert parse_decimal(text) == value


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("yes", True),
        ("True", True),
        ("no", False),
        ("false", False),
        ("1000", 1000),
        ("-3", -3),
        ("0", 0),
        ("fide-2024", "fide-2024"),
        ("", ""),
    ],
)
def test_option_values_from_text(text, value):
    from fide_tiebreaks.tiebreak import option_value

    got = option_value(text)
    assert got == value and type(got) is type(value)
