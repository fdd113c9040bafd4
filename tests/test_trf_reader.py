"""The TRF reader: fields, result kinds, scoring records, encodings and located diagnostics."""

from __future__ import annotations

from datetime import date
from fractions import Fraction

import pytest
from conftest import TEC
from trfbuild import player_line, tournament

from fide_tiebreaks import InputError, ResultKind, Severity, TournamentType, parse_trf, read_trf
from fide_tiebreaks.model import Colour


def parse(text: str | bytes):
    return parse_trf(text.encode() if isinstance(text, str) else text, "t.trf")


def messages(result, severity=None):
    return [str(d) for d in result.diagnostics if severity is None or d.severity is severity]


def test_tec_fixture_reads_cleanly():
    result = read_trf(TEC / "tournament.trf")
    t = result.tournament
    assert result.diagnostics == ()
    assert (len(t), t.rounds, t.type, t.type_source) == (16, 5, TournamentType.SWISS, "file")
    nick = t.participant(12)
    assert nick.name == "Nick"
    assert [g.kind for g in nick.results] == [
        ResultKind.LOSS,
        ResultKind.PAB,
        ResultKind.FORFEIT_WIN,
        ResultKind.ZERO_BYE,
        ResultKind.ZERO_BYE,
    ]
    assert nick.results[2].opponent == 14  # the scheduled opponent is kept for forfeits
    assert nick.points == 2 and nick.declared_points == 2
    assert t.participant(4).results[1].kind is ResultKind.HALF_BYE
    assert t.participant(1).results[0] == (1, ResultKind.WIN, 9, Colour.WHITE, 1, 2)


def test_player_fields_by_column():
    # columns: 5-8 rank, 10 sex, 11-13 title, 15-47 name, 49-52 rating, 54-56 federation,
    # 58-68 FIDE id, 70-79 birth date, 81-84 points, 86-89 rank, 92-99 round 1
    line = (
        "001   12 m GM " + "Carlsen, Magnus".ljust(33) + " 2831 NOR     1503014 "
        "1990/11/30  7.5    1     5 w 1"
    )
    assert line.index("2831") == 48 and line.index("7.5") == 81 and line.index("5 w 1") == 94
    t = parse(
        f"012 X\n{line}\n001    5                                                  "
        "                            0.0          12 b 0\n"
    ).tournament
    p = t.participant(12)
    assert (p.sex, p.title, p.name, p.rating, p.federation, p.fide_id, p.birth_date) == (
        "m",
        "GM",
        "Carlsen, Magnus",
        2831,
        "NOR",
        "1503014",
        "1990/11/30",
    )
    assert (p.declared_points, p.declared_rank) == (Fraction(15, 2), 1)


@pytest.mark.parametrize("eol", ["\n", "\r\n", "\r"])
def test_line_ends(eol):
    text = (TEC / "tournament.trf").read_text().replace("\n", eol)
    result = parse(text)
    assert result.diagnostics == ()
    assert len(result.tournament) == 16


def test_cp1252_names_with_a_warning():
    text = tournament(
        {1: [(2, "w", "1")], 2: [(1, "b", "0")]}, names={1: "Müller, Jörg", 2: "Šimon, Ana"}
    )
    result = parse(text.encode("cp1252"))
    assert result.tournament.participant(1).name == "Müller, Jörg"
    assert result.tournament.participant(2).name == "Šimon, Ana"
    warning = messages(result, Severity.WARNING)
    assert len(warning) == 1 and "not valid UTF-8" in warning[0] and "cp1252" in warning[0]
    assert warning[0].startswith("t.trf:3:16:")  # where the first bad byte (ü) is


def test_utf8_bom_and_comments():
    text = "###  a comment\n" + (TEC / "tournament.trf").read_text()
    result = parse(b"\xef\xbb\xbf" + text.encode())
    assert result.diagnostics == () and result.tournament.source.bom


def test_unknown_records_are_kept_and_reported():
    text = "ABC something\nDAT    1 EMAIL x@y\n" + (TEC / "tournament.trf").read_text()
    result = parse(text)
    assert messages(result) == [
        "t.trf:1:1: warning: unknown record 'ABC'; kept, not used",
        "t.trf:2:1: note: 'DAT' is another program's private record; kept, not used",
    ]
    assert result.tournament.source.lines[0].text == "ABC something"


def test_shifted_columns_are_located():
    good = player_line(1, "A", [(2, "w", "1")])
    shifted = " " + player_line(2, "B", [(1, "b", "0")])[:-8] + "1 b 0"
    result = parse(f"012 X\n{good}\n001{shifted[3:]}\n")
    assert any(m.startswith("t.trf:3:") and "error" in m for m in messages(result))


@pytest.mark.parametrize(
    ("block", "column", "text"),
    [
        ((2, "x", "1"), 97, "colour 'x' must be w, b or -"),
        ((2, "w", "Q"), 99, "unknown result code 'Q'"),
        ((7, "w", "1"), 92, "opponent 7 does not exist"),
        ((1, "w", "1"), 92, "player 1 is paired with itself"),
    ],
)
def test_bad_blocks_are_errors_with_their_column(block, column, text):
    lines = [player_line(1, "A", [block]), player_line(2, "B", [(1, "b", "0")])]
    result = parse("012 X\n" + "\n".join(lines) + "\n")
    errors = messages(result, Severity.ERROR)
    assert errors and errors[0].startswith(f"t.trf:2:{column}: error: ") and text in errors[0]


def test_results_that_do_not_mirror_and_wrong_points():
    lines = [
        player_line(1, "A", [(2, "w", "1")], points="0.0"),
        player_line(2, "B", [(1, "b", "1")]),
        player_line(3, "C", [(1, "b", "0")]),
    ]
    result = parse("012 X\n" + "\n".join(lines) + "\n")
    got = messages(result, Severity.WARNING)
    # Both claim the win: one game cannot give 2 points, an error (a warning when lenient).
    assert messages(result, Severity.ERROR) == [
        "t.trf:2:99: error: round 1: results do not mirror: 1 has '1' against 2, who has "
        "'1' against 1 (line 3): one game cannot end so (--lenient reads it as written, with "
        "a warning)"
    ]
    assert any("3 played 1, whose line says opponent 2" in m for m in got)
    assert any(
        m.startswith("t.trf:2:81:") and "points column says 0 but the results give 1" in m
        for m in got
    )


def test_duplicate_start_rank_and_missing_players():
    lines = [player_line(1, "A", []), player_line(1, "B", [])]
    result = parse("012 X\n" + "\n".join(lines) + "\n")
    assert "t.trf:3:5: error: start rank 1 used again (first on line 2)" in messages(result)
    with pytest.raises(InputError, match="no player records"):
        parse("012 Only a name\n")


def test_unreadable_input():
    with pytest.raises(InputError, match="binary data"):
        parse(b"001\x00\x01")
    with pytest.raises(InputError, match="cannot read the file"):
        read_trf(TEC / "missing.trf")


def test_double_forfeit_and_forfeit_colours():
    lines = [player_line(1, "A", [(2, "-", "-")]), player_line(2, "B", [(1, "-", "-")])]
    t = parse("012 X\n" + "\n".join(lines) + "\n").tournament
    assert [p.results[0].kind for p in t] == [ResultKind.DOUBLE_FORFEIT] * 2
    assert [p.points for p in t] == [0, 0]


def test_lines_in_any_order_are_checked_as_read():
    # The pairs are proven as the lines come (each from its second line): lines out of
    # start-rank order, a double forfeit between lines 2 and 4, nothing to report.
    lines = [
        player_line(3, "C", [(4, "w", "1"), (2, "w", "-")]),
        player_line(1, "A", [(2, "b", "="), (4, "b", "0")]),
        player_line(4, "D", [(3, "b", "0"), (1, "w", "1")]),
        player_line(2, "B", [(1, "w", "="), (3, "b", "-")]),
    ]
    result = parse("012 X\n" + "\n".join(lines) + "\n")
    assert messages(result, Severity.WARNING) == messages(result, Severity.ERROR) == []
    t = result.tournament
    assert [g.kind for g in t.participant(2).results] == [
        ResultKind.DRAW,
        ResultKind.DOUBLE_FORFEIT,
    ]
    assert t.participant(3).results[1].kind is ResultKind.DOUBLE_FORFEIT
    # 1: a draw and a loss; 2: a draw and a double forfeit; 3: a win; 4: a loss, a win
    assert [p.points for p in t] == [Fraction(1, 2), Fraction(1, 2), 1, 1]


def test_a_pairing_that_does_not_mirror_is_found_from_either_line():
    # Line 2 (player 1) names 2 in round 1; 2 and 3 name each other, 3's line comes first.
    lines = [
        player_line(3, "C", [(2, "w", "1")]),
        player_line(1, "A", [(2, "b", "0")]),
        player_line(2, "B", [(3, "b", "0")]),
    ]
    result = parse("012 X\n" + "\n".join(lines) + "\n")
    assert [m for m in messages(result) if "mirror" in m] == [
        "t.trf:3:92: warning: round 1: results do not mirror: 1 played 2, whose line says "
        "opponent 3"
    ]


def test_a_second_pab_in_a_round_is_found_when_the_pairs_mirror():
    lines = [
        player_line(1, "A", [(None, "-", "U")]),
        player_line(2, "B", [(3, "w", "1")]),
        player_line(3, "C", [(2, "b", "0")]),
        player_line(4, "D", [(None, "-", "U")]),
    ]
    result = parse("012 X\n" + "\n".join(lines) + "\n")
    assert [m for m in messages(result, Severity.ERROR) if "pairing-allocated" in m] == [
        "t.trf:5:99: error: round 1: player 4 has a pairing-allocated bye (U), and so has "
        "player 1 (line 2): a round has at most one (C.04.1 c: the one player left over) "
        "(--lenient reads it as written, with a warning)"
    ]


def test_odd_blocks_are_read_with_a_message():
    lines = [
        player_line(1, "A", [(None, "-", "1"), (3, "-", "H"), (None, "-", "-")]),
        player_line(2, "B", [(None, "-", "=")]),
    ]
    result = parse("012 X\n" + "\n".join(lines) + "\n")
    a, b = result.tournament.participants
    assert [g.kind for g in a.results] == [
        ResultKind.PAB,
        ResultKind.HALF_BYE,
        ResultKind.NOT_PAIRED,
    ]
    assert b.results[0].kind is ResultKind.HALF_BYE
    text = "\n".join(messages(result))
    assert "result '1' without an opponent read as a pairing-allocated bye (U)" in text
    assert "a bye ('H') with opponent 3; the opponent is ignored" in text


def test_scoring_162_xxs_and_bbp():
    players = {1: [(2, "w", "1"), (None, "-", "U")], 2: [(1, "b", "0"), (None, "-", "H")]}
    base = tournament(players)
    three = parse(base + "162 W 3.0 D 1.0 L 0.0 A 0.0 P 1.0\n").tournament
    assert [p.points for p in three] == [4, 1]  # PAB worth 1 while a win is worth 3
    assert three.scoring.draw == 1
    xxs = parse(base + "XXS W=2 D=1 PAB=1.5\n").tournament
    assert [p.points for p in xxs] == [Fraction(7, 2), 1]
    bbp = parse(base + "BBW  3.0\nBBD  1.0\n").tournament
    assert [p.points for p in bbp] == [6, 1]  # BBU defaults to the win value
    halves = parse(base + "162 W 1.0 D 0.5 L 0.0 A 0.0 P 0.5\n").tournament
    assert [p.points for p in halves] == [Fraction(3, 2), Fraction(1, 2)]


def test_byes_240_and_abnormal_points_299():
    players = {
        1: [(2, "w", "1"), None, (2, "w", "1")],
        2: [(1, "b", "0"), (None, "-", "U"), (1, "b", "0")],
    }
    # 240: type col 5, round 7-9, ids from col 11; 299: type col 5, points 14-17,
    # round 20-22, ids from col 24.
    bye = "240 H   2    1"
    abnormal = "299 U" + " " * 8 + " 0.0" + "  002" + "    2"
    penalty_line = "299" + " " * 10 + "-1.0" + "     " + "    1"
    assert abnormal[13:17] == " 0.0" and abnormal[19:22] == "002" and abnormal[23:27] == "   2"
    text = tournament(players) + f"{bye}\n{abnormal}\n"
    t = parse(text).tournament
    assert t.participant(1).results[1].kind is ResultKind.HALF_BYE
    assert t.participant(1).points == Fraction(5, 2)
    assert t.participant(2).points == 0  # the PAB worth nothing by 299
    penalty = parse(tournament(players) + penalty_line + "\n").tournament
    assert penalty.participant(1).points == 1


def test_rounds_dates_lists_and_type():
    text = tournament(
        {1: [(2, "w", "1")], 2: [(1, "b", "0")]},
        headers=(
            "042 2025/03/01",
            "052 09.03.2025",
            "XXR 9",
            "202 BH/C1, BH ,SB",
            "212 PTS,BH/C1,BH,SB",
            "192 FIDE_DUTCH_2025",
        ),
    )
    result = parse(text)
    t = result.tournament
    assert (t.start_date, t.end_date) == (date(2025, 3, 1), date(2025, 3, 9))
    assert (t.rounds, t.planned_rounds) == (1, 9)
    assert t.declared_tiebreaks == ("BH/C1", "BH", "SB")
    assert t.declared_standings == ("PTS", "BH/C1", "BH", "SB")
    assert (t.type, t.type_source) == (TournamentType.SWISS, "file")
    assert any("9 rounds planned, results for 1" in m for m in messages(result, Severity.NOTE))


def test_round_robin_is_inferred():
    rr = {1: [(2, "w", "1"), (3, "b", "=")], 2: [(1, "b", "0"), None], 3: [None, (1, "w", "=")]}
    rr[2][1] = (3, "w", "1")
    rr[3][0] = (2, "b", "0")
    text = tournament(rr, headers=())
    t = parse(text).tournament
    assert (t.type, t.type_source) == (TournamentType.ROUND_ROBIN, "inferred")


def test_a_trailing_round_that_is_only_paired():
    players = {1: [(2, "w", "1"), (2, "b", " ")], 2: [(1, "b", "0"), (1, "w", " ")]}
    result = parse(tournament(players))
    assert result.tournament.rounds == 1
    assert any("round 2 is paired but has no results" in m for m in messages(result))


def test_trf2026_headers_read_cleanly_and_drive_the_defaults():
    """Every TRF-2026 header record in one file (layouts per the TRF-2026 text): nothing to
    warn about, the 202 list and the end date pick the defaults, 162 sets the scoring."""
    headers = "\n".join(
        [
            "012 Sample Open 2025",
            "022 Oslo",
            "032 NOR",
            "042 2025/06/01",
            "052 2025/06/05",
            "062 16",
            "072 16",
            "082 0",
            "092 Individual: Swiss-System",
            "102 IA Some Arbiter (1234567)",
            "112 FA A Deputy (7654321)",
            "122 90'/40+30'+30\"",
            "132" + " " * 88 + "25/06/01  25/06/02  25/06/03  25/06/04  25/06/05",
            "142 5",
            "152 W",
            "162  W 1.0    D 0.5    L 0.0    A 0.0    P 1.0    X 0.5",
            "172 NOR FIDE",
            "182 SomePairingProgram 1.2",
            "192 FIDE_DUTCH_2025",
            "202 BH/C1,BH,SB",
            "212 PTS,BH/C1,BH,SB",
            "222 5400+30",
            "240 H   6    3",
            "250    0  1.0   1   2    1    8",
            "260   1   5    1    2",
            "NOR    1 m    Nordmann, Ola                      1800 NOR     12345678 2000/01/01",
        ]
    )
    players = "".join(
        line
        for line in (TEC / "tournament.trf").read_text().splitlines(keepends=True)
        if line.startswith("001")
    )
    result = parse(headers + "\n" + players)
    assert [d for d in result.diagnostics if d.severity is not Severity.NOTE] == []
    t = result.tournament
    assert (t.end_date, t.planned_rounds, t.rounds) == (date(2025, 6, 5), 5, 5)
    assert (t.type, t.type_source) == (TournamentType.SWISS, "file")
    assert t.info["102"] == "IA Some Arbiter (1234567)"
    from fide_tiebreaks import compute_standings

    s = compute_standings(t)
    assert (s.codes, s.edition.name) == (["BH/C1", "BH", "SB"], "fide-2024")
    # after the list's note, only the edition's: C.07 (2024) was in force on 5 Jun 2025
    assert [d.message for d in s.diagnostics[1:]] == [
        "rules edition fide-2024: in force on the tournament's end date, 2025-06-05 "
        "(--edition-by end, the default)"
    ]
    assert s.values("BH/C1")[4] == Fraction(23, 2)


def test_text_as_str_reads_as_its_utf8_bytes():
    """A pairing program (or a JSON request) holds the TRF as text: parse_trf takes a str
    and gives what the same text's UTF-8 bytes give, and writes those bytes back."""
    from fide_tiebreaks.formats.trf.writer import encode

    raw = (TEC / "tournament.trf").read_bytes()
    text = raw.decode("utf-8").replace("012 ", "012 Zürich ", 1)
    from_str, from_bytes = parse_trf(text, "t.trf"), parse_trf(text.encode("utf-8"), "t.trf")
    assert from_str.tournament == from_bytes.tournament and from_str.diagnostics == ()
    assert from_str.tournament.source == from_bytes.tournament.source
    assert from_str.tournament.name.startswith("Zürich")
    assert encode(from_str.tournament.source) == text.encode("utf-8")
    with_bom = parse_trf("\ufeff" + text)
    assert with_bom.tournament.source.bom and encode(with_bom.tournament.source)[:3] == (
        b"\xef\xbb\xbf"
    )


def test_text_with_a_lone_surrogate_is_refused_with_its_place():
    text = tournament({1: [(2, "w", "1")], 2: [(1, "b", "0")]}, names={2: "Bad \ud800 name"})
    with pytest.raises(InputError) as info:
        parse_trf(text, "t.trf")
    assert str(info.value.diagnostics[0]).startswith("t.trf:4:19: error: U+D800")


def test_parse_trf_says_what_it_takes():
    with pytest.raises(TypeError, match="bytes or str, not "):
        parse_trf(TEC / "tournament.trf")  # type: ignore[arg-type]
