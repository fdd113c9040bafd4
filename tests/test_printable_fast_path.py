"""``printable()`` and the JSON escaping skip ASCII text without compiling their patterns;
what they return is what the patterns give (written out here from the character sets the
functions document: C0/C1 controls, DEL, surrogates, U+FFFE/U+FFFF and the bidirectional
controls become U+FFFD; JSON escapes C1 controls, the bidirectional marks and controls and
the line and paragraph separators)."""

from __future__ import annotations

import re

import pytest

from fide_tiebreaks.diagnostics import printable
from fide_tiebreaks.formats.jsonkeys import escaped

CONTROLS = re.compile("[\x00-\x1f\x7f-\x9f\ud800-\udfff\ufffe\uffff\u202a-\u202e\u2066-\u2069]")
CONTROLS_BUT_NEWLINE = re.compile(
    "[\x00-\x09\x0b-\x1f\x7f-\x9f\ud800-\udfff\ufffe\uffff\u202a-\u202e\u2066-\u2069]"
)
ACTIVE = re.compile("[\x80-\x9f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069\u2028\u2029]")

SAMPLES = [
    "",
    "Carlsen, Magnus",
    "a\nb",
    "a\r\nb",
    "tab\there",
    "bell\x07",
    "del\x7f",
    "Müller",
    "\u202eevil",
    "\u200emark",
    "x\x9by",
    "\ud800",
    "line\u2028sep",
    *[chr(c) for c in range(0x80)],
    *[f"a{chr(c)}b\n" for c in range(0x80)],
]


@pytest.mark.parametrize("lines", [False, True])
def test_printable_gives_what_its_pattern_gives(lines):
    pattern = CONTROLS_BUT_NEWLINE if lines else CONTROLS
    for text in SAMPLES:
        assert printable(text, lines=lines) == pattern.sub("\ufffd", text), repr(text)


def test_json_escaping_gives_what_its_pattern_gives():
    for text in SAMPLES:
        expected = ACTIVE.sub(lambda m: f"\\u{ord(m[0]):04x}", text)
        assert escaped(text) == expected, repr(text)
    assert printable("\x1b[31mred") == "\ufffd[31mred"
    assert escaped('"\u202e"') == '"\\u202e"'
