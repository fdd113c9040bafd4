"""PGN as broadcast platforms export it (formats/pgn_scan.py): every tag block is a game, with
or without movetext; what would hide games (an unclosed comment, a missing blank line) and
what would change results (a Result tag against the movetext, a round past TRF's columns) is
an error at its line and column."""

from __future__ import annotations

import inspect
import re
import subprocess
import sys
from datetime import date
from fractions import Fraction
from pathlib import Path

import pytest
from conftest import run_cli

from fide_tiebreaks import compute_standings
from fide_tiebreaks.diagnostics import InputError
from fide_tiebreaks.formats import parse_any
from fide_tiebreaks.formats.chessjson.reader import read_chess_json
from fide_tiebreaks.formats.pgn import PgnOptions, read_pgn

ROOT = Path(__file__).resolve().parents[1]


def read(text: str, **options: object):
    return parse_any(text.encode(), "t.pgn", pgn=PgnOptions(**options))  # type: ignore[arg-type]


def tags(**pairs: str) -> str:
    return "".join(f'[{k} "{v}"]\n' for k, v in pairs.items())


def errors(text: str) -> list[str]:
    with pytest.raises(InputError) as e:
        read(text)
    return [str(d) for d in e.value.diagnostics]


# -- FIDE TEC's TRF-2026 sample as a broadcast export ----------------------------------------
# No real event in the repository or in ../shared/fixtures has 500 games (the 30 real
# Swiss-Manager files hold 125 at most), so the export is built from the largest published
# event file there is: FIDE TEC's TRF-2026 sample "Grandmommy's Cup" (50 teams of 4 boards,
# 14 rounds; provenance in ../shared/fixtures/tec-trf2026-sample/README.md: TEC's
# GrandMommysCup03_trf.txt, anonymised players and simulated results). Its 001 lines are read
# here by their columns (TRF16: name 15-47, rating 49-52, FIDE id 58-68, points 81-84, and a
# 10-column block per round from column 92), not by our reader: 1,030 games over the board.
# The published values are the file's own points column, less one point for each round a
# player won by forfeit with no opponent named ("0000 - +": 98 of them), for which a PGN has
# no game; the two players who never played (0 points) are in no game, so not in the PGN.
def tec_sample() -> Path:
    places = [
        *sorted(ROOT.glob("tests/**/grandmommyscup.trf")),
        *sorted(ROOT.glob("conformance/**/grandmommyscup.trf")),
        ROOT.parent / "shared/fixtures/tec-trf2026-sample/grandmommyscup.trf",
        ROOT.parents[1] / "shared/fixtures/tec-trf2026-sample/grandmommyscup.trf",
    ]
    for place in places:
        if place.is_file():
            return place
    pytest.fail("FIDE TEC's TRF-2026 sample (grandmommyscup.trf) is not in the repository")


class SampleGame:
    def __init__(
        self, rnd: int, white: tuple[str, str, str], black: tuple[str, str, str], code: str
    ):
        self.rnd, self.white, self.black = rnd, white, black
        self.result = {"1": "1-0", "+": "1-0", "0": "0-1", "-": "0-1", "=": "1/2-1/2"}[code]


def sample_games() -> tuple[list[SampleGame], dict[str, Fraction]]:
    lines = [
        line.rstrip("\n")
        for line in tec_sample().read_text(encoding="utf-8").splitlines()
        if line.startswith("001")
    ]
    people = {
        line[4:8].strip(): (line[14:47].strip(), line[48:52].strip(), line[57:68].strip())
        for line in lines
    }
    games, expected = [], {}
    for line in lines:
        me = people[line[4:8].strip()]
        forfeits_won = 0
        for r in range(14):
            block = line[91 + 10 * r : 99 + 10 * r]
            opponent, colour, code = block[:4].strip(), block[5], block[7]
            if opponent == "0000":
                forfeits_won += code == "+"
            elif colour == "w":
                games.append(SampleGame(rnd=r + 1, white=me, black=people[opponent], code=code))
        expected[me[0]] = Fraction(line[80:84].strip()) - forfeits_won
    in_a_game = {name for g in games for name in (g.white[0], g.black[0])}
    return games, {name: points for name, points in expected.items() if name in in_a_game}


def sample_export(movetext: bool) -> str:
    games, _ = sample_games()
    out = []
    for g in games:
        head = tags(
            Event="Grandmommy's Cup",
            Round=f"{g.rnd}.1",
            White=g.white[0],
            Black=g.black[0],
            Result=g.result,
            WhiteElo=g.white[1],
            BlackElo=g.black[1],
            WhiteFideId=g.white[2],
            BlackFideId=g.black[2],
        )
        out.append(head + (f"\n{g.result}\n\n" if movetext else "\n"))
    return "".join(out)


def ranking(t):
    s = compute_standings(t, "PTS,BH,SB", "fide-2024")
    return [(row.participant.name, row.rank, row.values) for row in s.rows]


def test_a_header_only_export_of_1030_games_reads_as_the_same_games_with_movetext():
    games, expected = sample_games()
    assert len(games) == 1030 and len(expected) == 247  # well over 500 games
    header_only = read(sample_export(movetext=False), absent_as="NONE").tournament
    with_moves = read(sample_export(movetext=True), absent_as="NONE").tournament
    assert header_only.name == "Grandmommy's Cup" and header_only.rounds == 14
    assert {p.name: p.points for p in header_only.participants} == expected
    assert ranking(header_only) == ranking(with_moves)


def test_the_2023_world_championship_match_as_a_header_only_export():
    # The match of test_pgn.py (FIDE's results: 3 wins each, 8 draws, 7-7), without moves.
    from test_pgn import wch_2023

    # one blank line between two games' tags, as broadcasts write it
    text = re.sub(r"\n1\. e4 e5 \S+\n\n", "\n", wch_2023())
    assert "1. e4" not in text and '"]\n\n[Event' in text and "\n\n\n" not in text
    t = read(text).tournament
    assert t.rounds == 14 and [p.points for p in t.participants] == [7, 7]


# -- an 8-round national cup as a broadcast exports it --------------------------------------
# Four players, eight rounds, each round on two boards: the pairings AB CD, AC BD, AD BC
# repeat (rounds 1-3, 4-6, and 7-8 as 1-2). A wins every game, B beats C and D, C and D draw.
# By hand: A 8 (8 games, 8 wins); B meets A three times (0), C and D five times in all
# (rounds 2, 3, 5, 6, 8: B-D, B-C, B-D, B-C, B-D): 5; C meets A three times (0), B twice (0),
# D three times (rounds 1, 4, 7: draws): 1.5; D: A twice (0), B three times (0), C three
# times (1.5): 1.5. Only the first game names the event; the dates are in UTCDate only, the
# last on 2025.06.08, when C.07 (2024) was in force (fide-2024: 1 Aug 2024 - 28 Feb 2026).
CUP_PAIRS = [("A", "B"), ("C", "D")], [("A", "C"), ("B", "D")], [("A", "D"), ("B", "C")]


def cup_export() -> str:
    out = []
    for rnd in range(1, 9):
        for board, (white, black) in enumerate(CUP_PAIRS[(rnd - 1) % 3], start=1):
            result = "1-0" if white in ("A", "B") else "1/2-1/2"
            event = {"Event": "National Cup 2025"} if (rnd, board) == (1, 1) else {}
            out.append(
                tags(**event, Round=f"{rnd}.{board}", White=white, Black=black, Result=result)
                + tags(UTCDate=f"2025.06.{rnd:02d}", UTCTime="12:00:00")
                + "\n"
            )
    return "".join(out)


def test_an_8_round_header_only_cup_named_by_its_first_game_dated_by_utcdate():
    result = read(cup_export())
    t = result.tournament
    assert t.name == "National Cup 2025" and t.rounds == 8
    assert {p.name: p.points for p in t.participants} == {
        "A": 8,
        "B": 5,
        "C": Fraction(3, 2),
        "D": Fraction(3, 2),
    }
    assert t.start_date == date(2025, 6, 1) and t.end_date == date(2025, 6, 8)
    assert compute_standings(t, "PTS").edition.name == "fide-2024"  # the end date's, not the newest


def test_the_cup_on_the_command_line():
    done = run_cli("standings", "-", "-t", "PTS", "-f", "csv", input=cup_export())
    assert done.returncode == 0, done.stderr
    assert [row.split(",")[2] for row in done.stdout.splitlines()[1:]] == ["A", "B", "C", "D"]


# -- what would hide games --------------------------------------------------------------------
GAME = (
    tags(Event="E", Round="1", White="A", Black="B", Result="1-0") + "\n1. e4 {a comment} 1-0\n\n"
)
NEXT = tags(Event="E", Round="2", White="B", Black="A", Result="1/2-1/2") + "\n1. d4 1/2-1/2\n\n"


def test_an_unclosed_comment_at_the_end_is_an_error_where_it_opens():
    text = GAME + NEXT.replace("1. d4 1/2-1/2", "1. d4 {never closed 1/2-1/2")
    shown = errors(text)
    assert shown == [
        "t.pgn:15:7: error: this comment '{' is never closed: it runs to the end of the "
        "file, and every game after it would be lost; close it with '}'"
    ]


def test_an_unclosed_comment_before_other_games_is_an_error_not_lost_games(tmp_path):
    # Before: every game after the "{" vanished, and check --strict said 0 errors.
    third = NEXT.replace('"2"', '"3"').replace("1/2-1/2", "0-1")
    text = GAME.replace("1. e4 {a comment} 1-0", "1. e4 {unclosed 1-0") + NEXT + third
    shown = errors(text)
    assert shown == [
        "t.pgn:7:7: error: the comment opened with '{' at 7:7 holds the tag pair on line 9: "
        "is its '}' missing?"
    ]
    path = tmp_path / "cut.pgn"
    path.write_text(text)
    done = run_cli("check", "--strict", str(path))
    assert done.returncode == 2 and f"{path}:7:7: error:" in done.stderr


def test_comments_that_look_like_tags_variations_and_escapes_are_movetext():
    text = (
        GAME.replace(
            "{a comment}", "{[%clk 1:59:00]} ( 1. d4 1-0 ) ; 0-1 here is a comment"
        ).replace("1-0\n\n", "\n%escape line 0-1\n1-0\n\n", 1)
        + NEXT
    )
    t = read(text).tournament
    assert t.rounds == 2 and [p.points for p in t.participants] == [Fraction(3, 2), Fraction(1, 2)]


def test_a_tag_twice_in_a_block_is_a_missing_blank_line():
    text = GAME.replace("\n1. e4 {a comment} 1-0\n\n", "") + NEXT
    shown = errors(text)
    assert shown[0] == (
        "t.pgn:6:1: error: tag Event is given twice in one game (lines 1 and 6): is the blank "
        "line between two games missing?"
    )


def test_text_after_a_result_is_an_error():
    shown = errors(GAME.replace("1-0\n\n", "1-0 2. Nf3\n\n") + NEXT)
    assert shown == [
        "t.pgn:7:23: error: '2.' after the result 1-0 at 7:19 that ends the game of line 1: "
        "a game starts with its tag pairs"
    ]


def test_escaped_quotes_in_a_tag_value():
    text = GAME.replace('"A"', '"A \\"the \\\\ one\\""') + NEXT.replace(
        '"A"', '"A \\"the \\\\ one\\""'
    )
    names = sorted(p.name for p in read(text).tournament.participants)
    assert names == ['A "the \\ one"', "B"]


# -- what would change results ---------------------------------------------------------------
def test_a_result_tag_against_the_movetext_is_an_error_at_the_movetext():
    shown = errors(GAME.replace("{a comment} 1-0", "0-1") + NEXT)
    assert shown == [
        "t.pgn:7:7: error: the movetext ends in 0-1, but the Result tag on line 5 says 1-0: "
        "correct the one that is wrong"
    ]


def test_a_game_without_a_result_tag_takes_the_movetexts():
    t = read(GAME.replace('[Result "1-0"]\n', "") + NEXT).tournament
    assert [p.points for p in t.participants] == [Fraction(3, 2), Fraction(1, 2)]


def test_a_round_past_the_limit_names_the_limit():
    shown = errors(GAME + NEXT.replace('"2"', '"150"'))
    assert shown == [
        "t.pgn:10:1: error: Round '150': round 150 is past the limit of 99 rounds (a PGN is "
        "read through TRF's round columns)"
    ]


def test_missing_rounds_are_all_named():
    # Before: "no game for round(s) 2, 3, 4, 5, 6, 7, 8, 9, 10, 11", as if that were all.
    text = GAME + NEXT.replace('"2"', '"5"') + NEXT.replace('"2"', '"50"')
    assert errors(text) == [
        "t.pgn:2:1: error: no game for round(s) 2-4, 6-49, though the file has games of round "
        "50: rounds are numbered from 1 without gaps"
    ]


def test_an_event_dated_by_the_first_game_that_has_an_event_date():
    text = GAME + NEXT.replace(
        '[Event "E"]\n', '[Event "E"]\n[EventDate "2024.05.01"]\n[Date "2024.05.03"]\n'
    )
    t = read(text).tournament
    assert t.start_date == date(2024, 5, 1) and t.end_date == date(2024, 5, 3)


# -- the reader's signature is the one every reader has --------------------------------------
def test_read_pgn_is_called_as_every_reader_is():
    # docs/architecture.md: a reader takes (data, name, *, settings: ReadSettings)
    assert (
        str(inspect.signature(read_pgn)).split(" ->")[0]
        == str(inspect.signature(read_chess_json)).split(" ->")[0]
    )
    from fide_tiebreaks.formats.base import ReadSettings

    t = read_pgn(GAME.encode(), "g.pgn", settings=ReadSettings(pgn=PgnOptions(absent_as="HPB")))
    assert t.tournament.rounds == 1


def test_a_pgn_is_read_without_python_chess():
    code = (
        "import sys; sys.modules['chess'] = None; from fide_tiebreaks.formats import parse_any; "
        f"print(parse_any({GAME.encode()!r}, 'g.pgn').tournament.rounds)"
    )
    done = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, timeout=120, cwd=ROOT
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "1"
