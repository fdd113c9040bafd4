"""What the fourth pass of issue #30 left open, found by auditing every finding and message
of the issue against the code: each test here failed before its fix."""

from __future__ import annotations

import io
import json
import sys
from fractions import Fraction

import pytest
from conftest import TEC

import fide_tiebreaks as ft
from fide_tiebreaks.cli import main
from fide_tiebreaks.diagnostics import InputError, Severity
from fide_tiebreaks.errors import ArgumentTypeError
from fide_tiebreaks.formats import parse_any
from fide_tiebreaks.formats.chessjson import read_chess_json
from fide_tiebreaks.formats.pgn import read_pgn
from fide_tiebreaks.formats.xml import read_xml

TRF = TEC / "tournament.trf"


def _first_player_line(edit) -> bytes:  # type: ignore[no-untyped-def]
    lines = TRF.read_text(encoding="utf-8").splitlines()
    i = next(n for n, line in enumerate(lines) if line.startswith("001"))
    lines[i] = edit(lines[i])
    return ("\n".join(lines) + "\n").encode("utf-8")


def _said(data: bytes, name: str = "t.trf") -> list[str]:
    result = parse_any(data, name, lenient=True)
    return [str(d) for d in result.diagnostics if d.severity >= Severity.WARNING]


# -- TRF: one bad round block ---------------------------------------------------------------


def test_one_bad_round_block_keeps_its_player_and_no_opponent_is_told_it_is_missing():
    # Player 1's round-1 opponent 'XX 9' (columns 92-95) is not a start rank. The player was
    # dropped, and five opponents were told "opponent 1 does not exist" (player 1 is there)
    # and two of them that their points disagreed.
    data = _first_player_line(lambda row: row[:91] + "XX" + row[93:])
    said = _said(data)
    assert said == ["t.trf:6:92: error: round 1: opponent 'XX 9' is not a start rank"]


def test_shifted_columns_stop_the_line_once_and_keep_the_player():
    data = _first_player_line(lambda row: row[:95] + "x" + row[96:])  # column 96: a blank
    said = _said(data)
    assert said == [
        "t.trf:6:96: error: round 1: unexpected 'x' between fields (columns shifted?); "
        "the rest of the line is not read"
    ]


@pytest.mark.parametrize("column", [90, 91])
def test_a_stray_just_before_round_one_is_a_shifted_line_too(column):
    # TRF16: rank in columns 86-89, round 1's block from 92 (spec 1.2); 90-91 are blanks.
    # An 'x' there was read without a word, while the same stray at column 100 is an error.
    data = _first_player_line(lambda row: row[: column - 1] + "x" + row[column:])
    assert _said(data) == [
        f"t.trf:6:{column}: error: round 1: unexpected 'x' between fields (columns "
        "shifted?); the rest of the line is not read"
    ]


def test_a_signed_rating_is_said_to_have_a_sign_not_to_be_no_number():
    # columns 49-52: '-150' is a number; what is wrong is that a rating has no sign
    data = _first_player_line(lambda row: row[:48] + "-150" + row[52:])
    assert _said(data) == [
        "t.trf:6:49: warning: rating '-150' has a sign: a rating is a whole number 1-9999 "
        "(0 or blank: unrated); treated as unrated"
    ]
    data = _first_player_line(lambda row: row[:48] + "12a4" + row[52:])
    assert "rating '12a4' is not a rating: a whole number 1-9999" in _said(data)[0]


# -- what the data is: told from its first bytes --------------------------------------------


def _refusal(data: bytes, name: str) -> list[str]:
    with pytest.raises(InputError) as e:
        parse_any(data, name)
    return [str(d) for d in e.value.diagnostics]


def test_utf32_text_is_named_utf32_not_utf16():
    text = TRF.read_text(encoding="utf-8")
    for encoding in ("utf-32", "utf-32-le", "utf-32-be"):  # with and without the mark
        assert _refusal(text.encode(encoding), "t.trf") == [
            "t.trf: error: the file is UTF-32 text; save it as UTF-8 (or cp1252) and read it again"
        ], encoding
    # UTF-16 stays UTF-16, and zero-filled data is binary data, located at its first NUL
    assert "is UTF-16 text" in _refusal(text.encode("utf-16-le"), "t.trf")[0]
    assert _refusal(b"\x00" * 200, "z.trf") == [
        "z.trf:1:1: error: binary data (NUL bytes): this is not a TRF text file"
    ]


def _game(rnd: str, white: str, black: str, result: str, moves: str = "") -> str:
    tags = f'[Event "E"]\n[Round "{rnd}"]\n[White "{white}"]\n[Black "{black}"]\n'
    return f'{tags}[Result "{result}"]\n\n{moves or result}\n\n'


def _one_line_game(rnd: str, white: str, black: str, result: str, moves: str) -> str:
    tags = f'[Event "E"] [Round "{rnd}"] [White "{white}"] [Black "{black}"]'
    return f'{tags} [Result "{result}"]\n\n{moves}\n\n'


DOUBLE_ROUND_ROBIN = _game("1", "A", "B", "1-0") + _game("2", "B", "A", "1/2-1/2")


@pytest.mark.parametrize(
    "preamble",
    [
        "{ Annotated export, 2026 }\n",  # a comment before the first game (PGN 8.2.5)
        "{ a comment\nover two lines }\n",
        "% exported by a broadcast tool\n",  # an escape line (PGN 6): ignored
        "; a comment to the end of the line\n",
    ],
)
def test_a_pgn_that_opens_with_a_comment_or_an_escape_line_is_read_as_pgn(preamble):
    # It was read as Chess-JSON ('{': "not JSON: Expecting property name") or as TRF ('%').
    result = parse_any((preamble + DOUBLE_ROUND_ROBIN).encode(), "t.pgn")
    points = {p.name: p.points for p in result.tournament.participants}
    assert points == {"A": Fraction(3, 2), "B": Fraction(1, 2)}  # 1 + 1/2, 0 + 1/2


@pytest.mark.parametrize(
    "preamble",
    [
        '{ "quoted" note }\n',  # was read as Chess-JSON: "1:12: error: not JSON"
        '{"Exported" by "a tool"}\n',
        # a brace comment runs to its first "}" (PGN 8.2.5): a tag pair in it is its text;
        # it was refused as an unclosed comment
        '{ Corrected header, was:\n[Event "x"]\n[Round "9"]\n}\n',
    ],
)
def test_a_comment_with_quotes_or_a_tag_pair_line_before_the_games_is_pgn_comment_text(
    preamble,
):
    result = parse_any((preamble + DOUBLE_ROUND_ROBIN).encode(), "t.pgn")
    points = {p.name: p.points for p in result.tournament.participants}
    assert points == {"A": Fraction(3, 2), "B": Fraction(1, 2)}  # 1 + 1/2, 0 + 1/2
    assert result.tournament.rounds == 2


def test_a_tag_pair_line_inside_a_game_comment_is_comment_text():
    text = _game("1", "A", "B", "1-0", '1. e4 { as the\n[Event "E"]\nsays } 1-0') + _game(
        "2", "B", "A", "1/2-1/2"
    )
    points = {p.name: p.points for p in parse_any(text.encode(), "t.pgn").tournament}
    assert points == {"A": Fraction(3, 2), "B": Fraction(1, 2)}


def test_json_that_is_not_json_is_still_said_not_to_be_json():
    assert "not JSON" in _refusal(b"{ event: 1 }", "x.json")[0]


def test_a_pgn_with_a_nul_byte_is_binary_data_at_the_byte_and_utf16_is_named():
    data = DOUBLE_ROUND_ROBIN.encode()
    at = data.index(b'"B"')  # line 4, column 8
    assert _refusal(data[:at] + b"\x00" + data[at:], "t.pgn") == [
        "t.pgn:4:8: error: binary data (NUL bytes): this is not a PGN text file"
    ]
    for encoding in ("utf-16-le", "utf-16-be"):  # no byte-order mark
        assert _refusal(DOUBLE_ROUND_ROBIN.encode(encoding), "t.pgn") == [
            "t.pgn: error: the file is UTF-16 text; save it as UTF-8 (or cp1252) and read it again"
        ], encoding


def test_an_unclosed_comment_before_one_line_tag_blocks_is_an_error_where_it_opens():
    # Game 1's comment is never closed; games 2 and 3 give their tags on one line each, and
    # game 3's own comment closes game 1's: games 2 and 3 vanished, and 1 round was ranked.
    text = (
        _game("1", "A", "B", "1-0", "1. e4 { unclosed")
        + _one_line_game("2", "B", "A", "0-1", "0-1")
        + _one_line_game("3", "A", "B", "1-0", "{ closed } 1-0")
    )
    assert _refusal(text.encode(), "t.pgn") == [
        "t.pgn:7:7: error: the comment opened with '{' at 7:7 holds the tag pair on line 9: "
        "is its '}' missing?"
    ]


def test_boards_past_999_are_read_and_past_9999_refused_by_name():
    # A round of 2,000 players has 1,000 boards: '1.1000' was "not a round number".
    text = _game("1.1000", "A", "B", "1-0") + _game("1.1", "C", "D", "0-1")
    assert len(parse_any(text.encode(), "t.pgn").tournament.participants) == 4
    text = _game("1.10000", "A", "B", "1-0")
    assert _refusal(text.encode(), "t.pgn") == [
        "t.pgn:2:1: error: Round '1.10000': board 10000 is past the limit of 9999 boards "
        "('3.1' to '3.9999' for the boards of round 3)"
    ]


# -- the readers take bytes and a name; text or a path is refused by parameter --------------


@pytest.mark.parametrize(
    ("call", "message"),
    [
        (lambda: read_pgn(DOUBLE_ROUND_ROBIN), r"data must be bytes, not a str"),
        (lambda: read_pgn(b"", 5), r"name must be a str, not int 5"),
        (lambda: read_chess_json("{}"), r"data must be bytes, not str '\{\}'"),
        (lambda: read_xml("<tournament/>"), r"data must be bytes, not str"),
    ],
)  # fmt: skip
def test_a_reader_given_text_raises_a_type_error_naming_the_parameter(call, message):
    # read_pgn(str) failed inside ("'in <string>' requires string as left operand").
    with pytest.raises(ArgumentTypeError, match=message) as caught:
        call()
    assert isinstance(caught.value, TypeError)


def test_read_tournament_given_a_files_content_says_so_and_a_path_with_a_line_break_reads(
    tmp_path, capsys
):
    # It said "<the whole content>: error: cannot read the file: No such file or directory".
    with pytest.raises(InputError) as e:
        ft.read_tournament(DOUBLE_ROUND_ROBIN)
    (said,) = (str(d) for d in e.value.diagnostics)
    assert said.startswith('\'[Event "E"]\\n[Round "1"]\\n... (')
    assert "no such file, and this path holds a line break: is it a file's content" in said
    # A real file may have a line break in its name (Linux allows it): read as any other.
    odd = tmp_path / "new\nline.pgn"
    odd.write_text(DOUBLE_ROUND_ROBIN, encoding="utf-8")
    assert len(ft.read_tournament(str(odd)).tournament.participants) == 2
    assert main(["standings", str(odd)]) == 0
    assert main(["standings", str(tmp_path / "no\nsuch.trf")]) == 2  # not an internal error
    assert "internal error" not in capsys.readouterr().err


def test_reprs_count_in_the_singular_too():
    t = parse_any(_game("1", "A", "B", "1-0").encode(), "t.pgn").tournament
    assert repr(t) == "<Tournament 'E': 2 participants, 1 round>"  # was "1 rounds"


# -- options ---------------------------------------------------------------------------------


def test_a_preset_among_other_codes_is_refused_with_the_list_written_out(capsys):
    # -t PTS,preset:fide-swiss read 'preset' as a code with the score ':fide-swiss' and said
    # "':fide-swiss' must be :MP or :GP". fide-swiss is BH/C1,BH,SB (`fide-tiebreaks presets`).
    assert main(["standings", str(TRF), "-t", "PTS,preset:fide-swiss"]) == 2
    err = capsys.readouterr().err
    assert "must be :MP or :GP" not in err
    assert (
        "'PTS,preset:fide-swiss': preset:fide-swiss names a whole tie-break list (BH/C1,BH,SB) "
        "and is not joined with other codes; give it alone (-t preset:fide-swiss or --preset "
        "fide-swiss), or write its codes in the list: PTS,BH/C1,BH,SB"
    ) in err
    assert main(["standings", str(TRF), "-t", "preset:fide-swiss"]) == 0  # alone, as before


def test_check_help_and_the_not_a_tournament_message_name_pgn(tmp_path, capsys):
    assert main(["check", "--help"]) == 0
    assert "a TRF16, TRF-2026, XML, Chess-JSON or PGN file" in " ".join(
        capsys.readouterr().out.split()
    )
    readme = tmp_path / "README.txt"
    readme.write_text("Round 1 results\nsee the web page\n", encoding="utf-8")
    assert main(["standings", str(readme)]) == 2
    assert "the XML tournament form, Chess-JSON or a PGN (its games' tag pairs)" in (
        capsys.readouterr().err
    )


def test_categories_names_a_missing_file_as_missing(tmp_path, capsys):
    # "--categories nofile: not a regular file" (there is no file at all)
    missing = tmp_path / "nofile"
    assert main(["standings", str(TRF), "--categories", str(missing)]) == 2
    assert f"--categories {missing}: no such file" in capsys.readouterr().err
    assert main(["standings", str(TRF), "--categories", "U16:age<16"]) == 2
    assert "use --category U16:age<16" in capsys.readouterr().err
    assert main(["standings", str(TRF), "--categories", str(tmp_path)]) == 2
    assert "a directory, not a file of category definitions" in capsys.readouterr().err


# -- XML and conformance cases ---------------------------------------------------------------


def test_an_invalid_value_under_a_unique_constraint_is_said_once_without_libxml2s_guess():
    # Each round once per player (xs:unique on round/@n): libxml2 followed the value's error
    # with "Warning: No precomputed value available, the value was either invalid or
    # something strange happened".
    xml = (
        '<tournament name="X" type="swiss">\n'
        '<player id="1" name="A"><round n="x" opponent="2" colour="w" result="1"/></player>\n'
        '<player id="2" name="B"><round n="1" opponent="1" colour="b" result="0"/></player>\n'
        "</tournament>\n"
    )
    assert _refusal(xml.encode(), "t.xml") == [
        "t.xml:2:1: error: Element 'round', attribute 'n': 'x' is not a valid value of the "
        "atomic type 'roundNumber'."
    ]


def test_xml_with_a_nul_byte_is_binary_data_at_the_byte():
    assert _refusal(b"<tournament>\n<x\x00/></tournament>", "t.xml") == [
        "t.xml:2:3: error: binary data (NUL bytes): this is not an XML document"
    ]


def test_conformance_on_a_binary_or_a_tournament_file_says_it_is_no_case(tmp_path, capsys):
    # Both were "not well-formed XML: Start tag expected, '<' not found".
    binary = tmp_path / "ls.bin"
    binary.write_bytes(b"\x7fELF\x02\x01\x01\x00" * 20)
    assert main(["conformance", str(binary)]) == 1
    out = capsys.readouterr().out
    assert "binary data (NUL bytes), not a case file: a conformance case is an XML <case>" in out
    assert main(["conformance", str(TRF)]) == 1
    out = capsys.readouterr().out
    assert "not well-formed XML" not in out
    assert "not a case file: a conformance case is an XML <case> document" in out
    assert "give conformance FILE --against RESULTS" in out


# -- control characters in names --------------------------------------------------------------


def test_a_control_character_in_a_name_is_a_located_warning():
    # 'Evil' + U+202E: the override is at column 15 + 4 = 19 of line 6 (the first 001 line).
    data = _first_player_line(lambda row: row[:14] + "Evil\u202eKcab".ljust(33) + row[47:])
    assert _said(data) == [
        "t.trf:6:19: warning: the name holds U+202E (RIGHT-TO-LEFT OVERRIDE): shown as U+FFFD "
        "in the table, CSV, HTML and XML, kept in TRF and escaped in JSON"
    ]
    data = _first_player_line(lambda row: row[:14] + "Ab\x9b31m".ljust(33) + row[47:])
    assert _said(data)[0].startswith("t.trf:6:17: warning: the name holds U+009B (a control")


def test_chess_json_past_9999_start_ranks_says_why_there_is_a_cap(tmp_path):
    # The cap is TRF's (columns 5-8 hold 1-9999, in TRF-2026 as in TRF16): the message said
    # only "(TRF start ranks)", not that Chess-JSON is read through TRF.
    path = tmp_path / "t.json"
    assert main(["convert", str(TRF), "--to", "chess-json", "-o", str(path)]) == 0
    doc = json.loads(path.read_text(encoding="utf-8"))
    doc["event"]["tournaments"][0]["competitors"][0]["cid"] = 10000
    with pytest.raises(InputError) as e:
        parse_any(json.dumps(doc).encode(), "t.json")
    message = str(e.value.diagnostics[0])
    assert '"competitors[0].cid" 10000 is outside 1..9999: fide-tiebreaks reads Chess-JSON ' \
        "through TRF, whose start ranks (TRF16 and TRF-2026 alike, columns 5-8) go to 9,999" \
        in message  # fmt: skip


# -- progress --------------------------------------------------------------------------------


class _Terminal(io.StringIO):
    def isatty(self) -> bool:
        return True


def test_certify_shows_progress_on_a_terminal_and_nothing_when_redirected(monkeypatch, capsys):
    argv = ["certify", "--adapter", "builtin", "-n", "2", "--jobs", "1"]
    terminal = _Terminal()
    monkeypatch.setattr(sys, "stderr", terminal)
    assert main(argv) == 0
    assert "\r[" in terminal.getvalue() and "2/2 events" in terminal.getvalue()
    piped = io.StringIO()
    monkeypatch.setattr(sys, "stderr", piped)
    assert main(argv) == 0
    assert "\r" not in piped.getvalue() and "events/s" not in piped.getvalue()


def _chess_json(tmp_path, edit) -> bytes:  # type: ignore[no-untyped-def]
    path = tmp_path / "t.json"
    assert main(["convert", str(TRF), "--to", "chess-json", "-o", str(path)]) == 0
    doc = json.loads(path.read_text(encoding="utf-8"))
    edit(doc["event"]["tournaments"][0])
    return json.dumps(doc).encode()


def test_chess_json_competitors_null_is_named_not_asked_whether_it_is_trf(tmp_path):
    # was "no player records ('001' lines): is this a TRF file?"
    data = _chess_json(tmp_path, lambda t: t.update(competitors=None))
    assert _refusal(data, "t.json") == [
        't.json: error: "competitors" is null: a tournament\'s players (or teams) are a list '
        'of objects, {"cid": 1, ...} each'
    ]
    data = _chess_json(tmp_path, lambda t: t.pop("competitors"))
    assert '"competitors" is missing' in _refusal(data, "t.json")[0]


def test_a_negative_count_names_its_real_limit():
    # "numRounds" -3 was "outside 0..999999999999999999999999999999" (30 nines: no limit)
    data = _chess_json_text(numRounds=-3)
    assert _refusal(data, "t.json") == ['t.json: error: "numRounds" -3 is outside 0..99']
    from fide_tiebreaks.numbers import NumberError, parse_int

    with pytest.raises(NumberError, match=r"^count -3 is below 0: it must be 0 or more$"):
        parse_int("-3", "count")


def _chess_json_text(**fields: object) -> bytes:
    from fide_tiebreaks.formats.chessjson import dumps, event

    doc = json.loads(dumps(event(ft.read_tournament(TRF).tournament)))
    doc["event"]["tournaments"][0].update(fields)
    return json.dumps(doc).encode()


# -- the pages the issue names say what changed ----------------------------------------------


def test_the_docs_name_the_switches_pgn_exports_and_trf2026_teams():
    root = TEC.parents[2] / "docs"
    commands = (root / "commands.md").read_text(encoding="utf-8")
    for option in (
        "`--lenient`",
        "`--force`",
        "`--edition-by end`, `--edition-by start`",
        "by inode",
    ):
        assert option in commands, option
    formats = " ".join((root / "formats.md").read_text(encoding="utf-8").split())
    assert "Every tag block is a game" in formats and "`%` escape line" in formats
    assert "reads each team once, from `310`" in formats
    assert "`--edition-by start`" in (root / "interpretations.md").read_text(encoding="utf-8")


def test_a_preset_in_a_list_of_one_is_the_preset():
    # ["preset:fide-swiss"] was "':fide-swiss' must be :MP or :GP"; "preset:fide-swiss" worked
    t = ft.read_tournament(TRF).tournament
    s = ft.compute_standings(t, ["preset:fide-swiss"])
    assert s.codes == ft.compute_standings(t, "BH/C1,BH,SB").codes


@pytest.mark.parametrize(
    "typed", [",preset:fide-swiss", "preset:fide-swiss,", " , preset:fide-swiss"]
)
def test_a_preset_with_empty_items_about_it_is_the_preset(typed, capsys):
    # parse_list skips empty items ("BH,,SB" is BH,SB); the preset guard dropped them and
    # then passed the raw text on: ",preset:fide-swiss" was "':fide-swiss' must be :MP or
    # :GP", "preset:fide-swiss," "unknown preset 'fide-swiss,'". fide-swiss is BH/C1,BH,SB.
    assert main(["standings", str(TRF), "-t", typed]) == 0
    assert capsys.readouterr().err == ""
    t = ft.read_tournament(TRF).tournament
    assert ft.compute_standings(t, typed).codes == ["BH/C1", "BH", "SB"]
    assert ft.compute_standings(t, ["", "preset:fide-swiss", " "]).codes == ["BH/C1", "BH", "SB"]


def test_an_opponent_in_another_scripts_digits_is_refused_on_every_line():
    # Start ranks are ASCII digits. A line whose every round block is otherwise common was
    # read by a pattern whose '\d' took Arabic-Indic digits, silently, as that opponent; a
    # line with any odd block was read the careful way, which refuses them.
    arabic = str.maketrans("0123456789", "٠١٢٣٤٥٦٧٨٩")
    data = _first_player_line(lambda row: row[:91] + row[91:95].translate(arabic) + row[95:])
    first = next(r for r in TRF.read_text(encoding="utf-8").splitlines() if r.startswith("001"))
    opponent = first[91:95].strip().translate(arabic)
    said = _said(data)
    assert said[0] == f"t.trf:6:92: error: round 1: opponent '{opponent}' is not a start rank"
