"""The regular expressions the package no longer compiles at import (patterns.py): each str
replacement answers exactly as the pattern it replaced, on every short string over an
alphabet of tricky characters (non-ASCII letters, digits and white space, a final newline,
which ``$`` lets through) and on random text; a LazyPattern answers as the compiled one."""

from __future__ import annotations

import itertools
import re
import sys
from fractions import Fraction

from hypothesis import given
from hypothesis import strategies as st

from fide_tiebreaks import codes
from fide_tiebreaks.formats.trf import settings
from fide_tiebreaks.numbers import NumberError, parse_int, read_decimal
from fide_tiebreaks.patterns import DIGITS, LETTERS, LOWER, LazyPattern, spelled
from fide_tiebreaks.registered import _option_name
from fide_tiebreaks.source_text import lf_ends

# The patterns as they were, and what replaced each.
OLD_NAME = re.compile(r"^[A-Za-z][A-Za-z0-9_]*$")
OLD_CODE_NAME = re.compile(r"^[A-Za-z][A-Za-z0-9_:]*$")
OLD_PRESET_NAME = re.compile(r"^[a-z0-9][a-z0-9-]{0,39}$")
OLD_OPTION_NAME = re.compile(r"^[a-z][a-z0-9]*(_[a-z0-9]+)*$")
OLD_RR = re.compile(r"round[- ]?robin|berger|rundenturnier|scheveningen|all[- ]play[- ]all")
OLD_SWISS = re.compile(r"swiss|schweizer|suisse|suizo|svizzero")
OLD_NONSPACE = re.compile(r"\S")
OLD_CR_BYTES = re.compile(rb"\r\n?")

NEW = {
    "name": lambda s: spelled(s, LETTERS, codes._NAME_CHARS),
    "code name": lambda s: spelled(s, LETTERS, LETTERS + DIGITS + "_:"),
    "preset name": lambda s: spelled(s, LOWER + DIGITS, LOWER + DIGITS + "-", longest=40),
    "option name": _option_name,
}
OLD = {
    "name": OLD_NAME,
    "code name": OLD_CODE_NAME,
    "preset name": OLD_PRESET_NAME,
    "option name": OLD_OPTION_NAME,
}

# 'K' (Kelvin sign) and 'ſ' fold to ASCII letters; '٣' and '²' are digits to str.isdigit();
# '\x1c' and '\x85' are white space to str.isspace(); 'é' and 'ß' are letters to isalpha().
TRICKY = "aZ0_9-:\n \t\r\x0b\x1c\x85\xa0\u3000\u212aſéß٣²İ"


def _short_strings(alphabet: str, longest: int) -> list[str]:
    return ["".join(p) for n in range(longest + 1) for p in itertools.product(alphabet, repeat=n)]


SHORT = _short_strings(TRICKY, 3)


def test_tricky_inputs_are_tried():
    # what the comparisons below rely on: the final newline is let through by each pattern
    assert OLD_NAME.match("BH\n") and NEW["name"]("BH\n")
    assert not OLD_NAME.match("BH\n\n") and not NEW["name"]("BH\n\n")
    assert not OLD_NAME.match("\u212a") and not NEW["name"]("\u212a")


def test_name_checks_answer_as_the_patterns_did():
    for what, new in NEW.items():
        old = OLD[what]
        wrong = [s for s in SHORT if bool(old.match(s)) != new(s)]
        assert not wrong, (what, wrong[:5])


def test_name_checks_of_longer_words():
    words = _short_strings("a_-0\n", 6)
    for what, new in NEW.items():
        wrong = [s for s in words if bool(OLD[what].match(s)) != new(s)]
        assert not wrong, (what, wrong[:5])
    for n in (39, 40, 41):  # the preset name's limit
        for name in ("a" * n, "a" * n + "\n", "a" * (n - 1) + "-\n"):
            assert bool(OLD_PRESET_NAME.match(name)) == NEW["preset name"](name)


@given(st.text(alphabet=st.sampled_from(TRICKY + "bcxyz19ABQ~é")))
def test_name_checks_on_random_text(text):
    for what, new in NEW.items():
        assert bool(OLD[what].match(text)) == new(text), what


def test_blank_is_what_strip_leaves_nothing_of():
    # records() keeps a line whose str.strip() is not empty, where it kept a line with a
    # \S: the same set of characters for the whole of Unicode
    for i in range(sys.maxunicode + 1):
        c = chr(i)
        assert bool(OLD_NONSPACE.search(c)) == bool(c.strip()), hex(i)
        assert bool(re.fullmatch(r"\s", c)) == c.isspace(), hex(i)  # separator_hint's test


def test_lf_ends_as_the_pattern_made_them():
    for data in _short_strings("\r\na", 6):
        raw = data.encode()
        assert lf_ends(raw) == OLD_CR_BYTES.sub(b"\n", raw)


@given(st.text(alphabet=st.sampled_from("round-robin allplay swiss berger-\u3000")))
def test_tournament_type_words_as_the_patterns_found_them(text):
    assert any(w in text for w in settings._ROUND_ROBIN_WORDS) == bool(OLD_RR.search(text))
    assert any(w in text for w in settings._SWISS_WORDS) == bool(OLD_SWISS.search(text))


def test_tournament_type_words_each_alternative():
    for text in (
        "round robin", "round-robin", "roundrobin", "round  robin", "round_robin",
        "all play all", "all-play-all", "all play-all", "all-play all", "allplayall",
        "the scheveningen", "berger", "rundenturnier", "swiss", "open suizo", "svizzero",
    ):  # fmt: skip
        assert any(w in text for w in settings._ROUND_ROBIN_WORDS) == bool(OLD_RR.search(text))
        assert any(w in text for w in settings._SWISS_WORDS) == bool(OLD_SWISS.search(text))


def _old_separator_hint(text: str) -> str | None:
    tidy = re.sub(r"\s*,\s*", ",", text.strip())
    if not re.search(r"[;|\s]", tidy):
        return None
    parts = [p for p in re.split(r"[;|\s,]+", tidy) if p]
    heads = [re.split(r"[/:-]", p, maxsplit=1)[0] for p in parts]
    if len(parts) > 1 and all(OLD_NAME.match(h) for h in heads):
        return ",".join(parts)
    return None


def test_separator_hint_as_before():
    for text in _short_strings("B,;|/ \n\xa0\u3000é", 4):
        assert codes.separator_hint(text) == _old_separator_hint(text), repr(text)


@given(st.text(alphabet=st.sampled_from("BHSC1/,;| \t\n\x1c\u2028é:-")))
def test_separator_hint_on_random_text(text):
    assert codes.separator_hint(text) == _old_separator_hint(text)


def test_a_lazy_pattern_compiles_once_on_first_use_and_answers_as_the_pattern():
    lazy = LazyPattern(r"(\d{1,2})[/.-](\d{4})", re.ASCII)
    assert lazy._compiled is None
    old = re.compile(r"(\d{1,2})[/.-](\d{4})", re.ASCII)
    for text in ("3/2024", "03.2024x", "٣/2024", " 3/2024"):
        for method in ("match", "fullmatch", "search"):
            got, want = getattr(lazy, method)(text), getattr(old, method)(text)
            assert (got and got.groups()) == (want and want.groups())
        assert lazy.split(text) == old.split(text)
    assert lazy.search("x 3/2024", 2, 8).span() == old.search("x 3/2024", 2, 8).span()
    assert lazy.compiled is lazy.compiled
    binary = LazyPattern(rb"^a", re.MULTILINE)
    assert binary.search(b"b\na").start() == 2


OLD_DECIMAL = re.compile(r"^\s*([+-]?)([0-9]*)(?:[.,]([0-9]*))?\s*$")
OLD_INTEGER = re.compile(r"^\s*([+-]?)([0-9]+)\s*$")
NUMBER_CHARS = "+-0159.,\n \x1c\xa0\u3000٣²x"


def _old_int(text: str) -> tuple[str, str] | None:
    m = OLD_INTEGER.match(text)
    return (m.group(1), m.group(2).lstrip("0") or "0") if m else None


def _old_decimal(text: str) -> Fraction | None:
    m = OLD_DECIMAL.match(text)
    if not m or not (m.group(2) or m.group(3)):
        return None
    sign, whole, frac = m.group(1), m.group(2).lstrip("0"), (m.group(3) or "").rstrip("0")
    value = Fraction(int(whole + frac or "0"), 10 ** len(frac))
    return -value if sign == "-" else value


def _outcome(read, text):
    try:
        return read(text)
    except NumberError as e:
        return str(e)


def _compare_numbers(text: str) -> None:
    want = _old_int(text)
    got = _outcome(lambda t: parse_int(t, "number", -(10**30 - 1)), text)
    if want is None:
        assert isinstance(got, str) and "is not a whole number" in got, repr(text)
    else:
        sign, digits = want
        assert got == (-int(digits) if sign == "-" else int(digits)), repr(text)
    want_decimal = _old_decimal(text)
    got_decimal = _outcome(read_decimal, text)
    if want_decimal is None:
        assert isinstance(got_decimal, str), repr(text)
        assert "is not a decimal number" in got_decimal, repr(text)
    else:
        assert got_decimal == want_decimal, repr(text)


def test_numbers_read_as_the_patterns_read_them():
    for text in _short_strings(NUMBER_CHARS, 4):
        _compare_numbers(text)


@given(st.text(alphabet=st.sampled_from(NUMBER_CHARS + "23467\t\r")))
def test_numbers_on_random_text(text):
    _compare_numbers(text)
