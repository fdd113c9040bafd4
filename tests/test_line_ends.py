"""Every reader counts lines as the TRF reader does: CR LF, CR alone (old Mac) and LF each end
a line, so a message names the same line:column whatever the file's line ends. Chess-JSON and
XML counted LF only, and a CR-only file put every message at line 1.

The expected lines are counted by hand in the texts below."""

from __future__ import annotations

import pytest

from fide_tiebreaks.diagnostics import InputError
from fide_tiebreaks.formats import parse_any
from fide_tiebreaks.formats.xml import read_xml
from fide_tiebreaks.source_text import line_and_column, line_ends

ENDS = pytest.mark.parametrize("eol", ["\n", "\r\n", "\r"], ids=["LF", "CRLF", "CR"])


def test_line_ends_count_each_form_once():
    assert line_ends("a\r\nb\rc\nd") == 3  # CR LF, CR, LF
    assert line_ends("\r\r\n\n") == 3  # CR, CR LF, LF
    assert line_and_column("a\r\nb\rcd", 6) == (3, 2)  # the "d": line 3, column 2
    assert line_and_column("xy", 1) == (1, 2)


def messages(data: bytes, read=parse_any) -> list[str]:
    try:
        result = read(data, "f")
    except InputError as e:
        return [str(d) for d in e.diagnostics]
    return [str(d) for d in result.diagnostics if d.severity >= 1]


# Line 6 holds the game list's bad result, line 4 competitor 2's "cid".
JSON_LINES = [
    '{"event": {"tournaments": [{',
    '"numRounds": 1,',
    '"competitors": [{"cid": 1},',
    '{"cid": 2}],',
    '"gameList": [{"round": 1, "white": {"cid": 1, "result": "W"},',
    '"black": {"cid": 2, "result": "Q"}, "played": true}]}]}}',
]


@ENDS
def test_chess_json_messages_are_at_the_same_line_whatever_the_ends(eol):
    # the game's message is placed at competitor 2's "cid" (line 4), as with LF ends
    found = messages(eol.join(JSON_LINES).encode())
    assert found and all(m.startswith("f:4:") for m in found), found


@ENDS
def test_chess_json_syntax_errors_and_score_keys_are_located_by_the_same_lines(eol):
    bad = eol.join(["{", '"event":', "[1,,]", "}"]).encode()
    assert messages(bad) == ["f:3:4: error: not JSON: Expecting value"]
    twice = eol.join(["{", '"a": 1,', '"b": {"x": 1,', '"x": 2}', "}"]).encode()
    assert messages(twice)[0].startswith('f:3:6: error: the key "x" is given twice')
    lines = [*JSON_LINES[:2], '"scoreSystem": {"game":', '{"W": "x"}},', *JSON_LINES[2:]]
    lines[-1] = lines[-1].replace('"Q"', '"L"')
    assert messages(eol.join(lines).encode())[0].startswith(
        'f:4:1: error: "scoreSystem.game.W" is "x"'
    )


XML_LINES = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<tournament name="Ends" type="swiss">',
    '  <player id="1" name="A"><round n="1" opponent="2" colour="w" result="1"/></player>',
    '  <player id="2" name="B"><round n="1" opponent="1" colour="b" result="="/></player>',
    "</tournament>",
]


@ENDS
def test_xml_messages_are_at_the_same_line_whatever_the_ends(eol):
    assert messages(eol.join(XML_LINES).encode())[0].startswith(
        "f:3:1: error: round 1: results do not mirror: 1 has '1' against 2"
    )
    broken = eol.join([*XML_LINES[:3], "  <player id=>", *XML_LINES[3:]]).encode()
    assert messages(broken)[0].startswith("f:4:")


@ENDS
def test_utf16_xml_lines_are_counted_the_same(eol):
    text = eol.join(XML_LINES).replace('encoding="UTF-8"', 'encoding="UTF-16"')
    assert messages(text.encode("utf-16"), read_xml)[0].startswith(
        "f:3:1: error: round 1: results do not mirror"
    )


# -- UTF-16 and UTF-32 told from their characters ------------------------------------------


def test_utf16_xml_with_its_mark_is_read_as_xml():
    # it went to the TRF reader, refused "save it as UTF-8": the XML reader takes UTF-16
    text = "\n".join(XML_LINES).replace('encoding="UTF-8"', 'encoding="UTF-16"')
    text = text.replace('result="="', 'result="0"')  # a game that mirrors
    t = parse_any(text.encode("utf-16"), "f.xml").tournament
    assert (t.name, [str(p.points) for p in t.participants]) == ("Ends", ["1", "0"])


@pytest.mark.parametrize("encoding", ["utf-16-le", "utf-16-be", "utf-16"])
def test_utf16_json_is_named_utf16_with_what_to_do(encoding):
    # without a mark it was "not JSON" (NULs are valid UTF-8, so the decoder took them)
    data = "\n".join(JSON_LINES).encode(encoding)
    assert messages(data) == [
        "f: error: the file is UTF-16 text; save it as UTF-8, as Chess-JSON is, and read it again"
    ]


@pytest.mark.parametrize("encoding", ["utf-16-le", "utf-16-be"])
def test_utf16_cyrillic_without_a_mark_is_utf16_not_binary_data(encoding):
    # "012 Турнир": the NULs are the high bytes of the ASCII only; it was "binary data" at 1:2
    data = "012 Турнир\n001    1      Иванов, Иван".encode(encoding)
    assert messages(data) == [
        "f: error: the file is UTF-16 text; save it as UTF-8 (or cp1252) and read it again"
    ]


@pytest.mark.parametrize("encoding", ["utf-16-le", "utf-16-be", "utf-32-le", "utf-32-be"])
@pytest.mark.parametrize(
    "title", ["Open\u00a02024", "Soft\u00adhyphen", "\fOpen", "Zero\u200bwidth"]
)
def test_wide_text_without_a_mark_may_hold_any_character_but_controls(encoding, title):
    # a no-break space, a soft hyphen, a form feed or a zero-width space in a title is
    # text; asking every character to be "printable" called such a file binary data at 1:2
    data = f"012 {title}\n001    1      Ivanov, Ivan".encode(encoding)
    wide = encoding[:6].upper()
    assert messages(data) == [
        f"f: error: the file is {wide} text; save it as UTF-8 (or cp1252) and read it again"
    ]


@pytest.mark.parametrize("end", ["\n", "\r\n", "\r"])
def test_binary_data_is_placed_whatever_the_line_ends(end):
    # the NUL is on line 3, the 4th character: with CR-only ends it was placed on line 1
    data = end.join(["012 x", "022 y", "abc\x00def"]).encode("ascii")
    assert messages(data) == ["f:3:4: error: binary data (NUL bytes): this is not a TRF text file"]


@pytest.mark.parametrize("encoding", ["utf-16-le", "utf-16-be"])
@pytest.mark.parametrize(
    "title",
    [
        "Открытый чемпионат Москвы по шахматам",
        "国际象棋公开赛" * 8,
        "Open \U0001f3c6\U0001f3c6" * 6,
    ],
)
def test_wide_text_without_a_mark_may_be_mostly_other_scripts(encoding, title):
    # after "012 " a title in Cyrillic, CJK or emoji leaves little ASCII in the head: such a
    # file was "binary data" at 1:2 (1:1 big-endian), though its record code is ASCII
    data = f"012 {title}\n001    1      Ivanov, Ivan".encode(encoding)
    assert messages(data) == [
        "f: error: the file is UTF-16 text; save it as UTF-8 (or cp1252) and read it again"
    ]


def test_a_utf8_byte_order_mark_is_utf8_whatever_follows():
    # a NUL after UTF-8's mark is binary data in a UTF-8 file, not UTF-16 text
    assert messages(b"\xef\xbb\xbf012\x00abc\n") == [
        "f:1:7: error: binary data (NUL bytes): this is not a TRF text file"
    ]


def test_ascii_with_a_stray_nul_is_still_binary_data():
    # read as UTF-16 it would be CJK: a quarter of ASCII characters at least is asked for
    assert messages(b"012 x\x00yz abcdefghijk\n") == [
        "f:1:6: error: binary data (NUL bytes): this is not a TRF text file"
    ]


def test_a_doctype_in_utf16_xml_is_refused_as_in_utf8():
    # the byte check looked for b"<!DOCTYPE", which UTF-16 writes with NULs between
    lines = [XML_LINES[0], '<!DOCTYPE tournament [<!ENTITY x "y">]>', *XML_LINES[1:]]
    text = "\n".join(lines).replace('encoding="UTF-8"', 'encoding="UTF-16"')
    assert messages(text.encode("utf-16")) == [
        "f:2:1: error: a DOCTYPE or entity declaration is not allowed in these files"
    ]
