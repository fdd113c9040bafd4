"""Tournament PGN in (formats/pgn.py): tags only, what PGN cannot say stated, located errors.

Needs nothing beyond the package: PGN is read without python-chess (formats/pgn_scan.py).
"""

from __future__ import annotations

from fractions import Fraction

import pytest
from conftest import run_cli

from fide_tiebreaks import compute_standings
from fide_tiebreaks.diagnostics import InputError
from fide_tiebreaks.formats import parse_any
from fide_tiebreaks.formats.pgn import PgnOptions
from fide_tiebreaks.formats.trf.model_writer import write_tournament_trf
from fide_tiebreaks.formats.trf.reader import parse_trf


def game(rnd: str, white: str, black: str, result: str, **tags: str) -> str:
    extra = "".join(f'[{k} "{v}"]\n' for k, v in tags.items())
    return (
        f'[Event "Test"]\n[Round "{rnd}"]\n[White "{white}"]\n[Black "{black}"]\n'
        f'[Result "{result}"]\n{extra}\n1. e4 e5 {result}\n\n'
    )


def read(text: str, **options: object):
    return parse_any(text.encode(), "t.pgn", pgn=PgnOptions(**options))  # type: ignore[arg-type]


# FIDE World Championship match 2023, Astana (Ding Liren - Ian Nepomniachtchi): the 14 games
# at classical time control, results as published (FIDE's match site; Wikipedia, "World Chess
# Championship 2023"): Nepomniachtchi won games 2, 5 and 7, Ding games 4, 6 and 12, the other
# eight were drawn, 7-7 (Ding won the rapid tie-break). Colours alternate from Nepomniachtchi
# with White in game 1, as the match did (the standings do not depend on them).
WCH_2023 = {
    1: "1/2-1/2",
    2: "1-0",
    3: "1/2-1/2",
    4: "0-1",
    5: "1-0",
    6: "0-1",
    7: "1-0",
    8: "1/2-1/2",
    9: "1/2-1/2",
    10: "1/2-1/2",
    11: "1/2-1/2",
    12: "0-1",
    13: "1/2-1/2",
    14: "1/2-1/2",
}  # results from the White side of each line below


def wch_2023() -> str:
    out = []
    for n, result in WCH_2023.items():
        nepo_white = n % 2 == 1
        if not nepo_white:  # even games: Ding White; the result above is Nepomniachtchi's side
            result = {"1-0": "0-1", "0-1": "1-0"}.get(result, result)
        white, black = (
            ("Nepomniachtchi, Ian", "Ding, Liren")
            if nepo_white
            else ("Ding, Liren", "Nepomniachtchi, Ian")
        )
        welo, belo = ("2795", "2788") if nepo_white else ("2788", "2795")
        out.append(
            game(
                str(n),
                white,
                black,
                result,
                WhiteElo=welo,
                BlackElo=belo,
                Date=f"2023.04.{8 + n:02d}",
                EventDate="2023.04.09",
            ).replace('"Test"', '"FIDE World Championship Match 2023"')
        )
    return "".join(out)


def test_a_real_event_the_2023_world_championship_match_ends_7_7():
    result = read(wch_2023())
    t = result.tournament
    assert t.name == "FIDE World Championship Match 2023" and t.rounds == 14
    # numbered by rating: Nepomniachtchi 2795 is 1, Ding 2788 is 2
    assert [p.name for p in t.participants] == ["Nepomniachtchi, Ian", "Ding, Liren"]
    assert [p.points for p in t.participants] == [7, 7]
    wins = {p.name: sum(g.kind.name == "WIN" for g in p.results) for p in t.participants}
    assert wins == {"Nepomniachtchi, Ian": 3, "Ding, Liren": 3}
    assert str(t.start_date) == "2023-04-09" and str(t.end_date) == "2023-04-22"
    s = compute_standings(t, "PTS")
    assert [row.rank for row in s.rows] == [1, 1]  # shared: points alone cannot part them
    assert any("numbered by rating" in d.message for d in result.diagnostics)


# A 4-player round robin as a broadcast writes it (Round "r.b": round r, board b).
# Round 1: A-D 1-0, B-C 1/2; round 2: D-C 0-1, A-B 1/2; round 3: B-D 1-0, C-A 0-1.
# Points: A 1 + 1/2 + 1 = 2.5; B 1/2 + 1/2 + 1 = 2; C 1/2 + 1 + 0 = 1.5; D 0.
# SB: A beat D (0) and C (1.5), drew B (2 / 2 = 1): 2.5; B drew C (0.75) and A (1.25), beat
# D (0): 2; C drew B (1), beat D (0): 1; D 0.
ROUND_ROBIN = "".join(
    [
        game("1.1", "A", "D", "1-0", WhiteElo="2400"),
        game("1.2", "B", "C", "1/2-1/2", WhiteElo="2300", BlackElo="2200"),
        game("2.1", "D", "C", "0-1", WhiteElo="2100"),
        game("2.2", "A", "B", "1/2-1/2"),
        game("3.1", "B", "D", "1-0"),
        game("3.2", "C", "A", "0-1"),
    ]
)


def test_broadcast_rounds_are_round_dot_board():
    t = read(ROUND_ROBIN).tournament
    assert [(p.name, p.points) for p in t.participants] == [
        ("A", Fraction(5, 2)),
        ("B", 2),
        ("C", Fraction(3, 2)),
        ("D", 0),
    ]
    s = compute_standings(t, "SB", "fide-2024")
    assert s.values("SB") == {1: Fraction(5, 2), 2: 2, 3: 1, 4: 0}
    assert t.type.value == "round-robin"  # everyone met everyone once: inferred


def test_pgn_to_trf26_to_standings_equals_pgn_to_standings():
    t = read(ROUND_ROBIN).tournament
    back = parse_trf(write_tournament_trf(t).encode()).tournament
    a, b = compute_standings(t, "SB,DE", "fide-2024"), compute_standings(back, "SB,DE", "fide-2024")
    assert [(r.participant.id, r.rank, r.values) for r in a.rows] == [
        (r.participant.id, r.rank, r.values) for r in b.rows
    ]


def test_a_player_without_a_game_is_reported_per_round_and_absent_as_chooses():
    text = ROUND_ROBIN + game("4.1", "A", "B", "1-0") + game("4.2", "C", "E", "1-0")
    result = read(text)
    said = [d.message for d in result.diagnostics if "has no game" in d.message]
    # D has no game in round 4; E none in rounds 1-3
    assert len(said) == 4 and any("round 4: D" in m for m in said)
    assert all("PGN cannot say" in m for m in said)
    d = result.tournament.participant(4)
    assert d.name == "D" and d.results[3].kind.name == "NOT_PAIRED"
    zpb = read(text, absent_as="HPB").tournament
    assert zpb.participant(4).results[3].kind.name == "HALF_BYE"
    assert zpb.participant(4).points == Fraction(1, 2)  # 0 + the half-point bye


def test_two_game_matches_are_refused_unless_read_as_games():
    text = game("1.1", "A", "B", "1-0") + game("1.2", "B", "A", "1/2-1/2")
    with pytest.raises(InputError) as e:
        read(text)
    message = str(e.value.diagnostics[0])
    assert "meet twice" in message and "--round-format game" in message
    assert message.startswith("t.pgn:10:1:")  # 8 lines a game: the second Round is line 10
    t = read(text, round_format="game").tournament
    assert t.rounds == 2 and t.participant(1).points == Fraction(3, 2)


def test_unfinished_game_is_refused_unless_after_round_stops_before_it():
    text = ROUND_ROBIN.replace(game("3.2", "C", "A", "0-1"), game("3.2", "C", "A", "*"))
    with pytest.raises(InputError) as e:
        read(text)
    assert 'unfinished (Result "*")' in str(e.value.diagnostics[0])
    assert "--after-round 2" in str(e.value.diagnostics[0])
    t = read(text, after_round=2).tournament
    assert t.rounds == 2 and t.participant(1).points == Fraction(3, 2)


def test_located_errors():
    bad = game("x", "A", "B", "1-0") + game("1", "A", "B", "2-0")
    with pytest.raises(InputError) as e:
        read(bad)
    shown = [str(d) for d in e.value.diagnostics]
    assert shown[0].startswith("t.pgn:2:1:") and "Round 'x'" in shown[0]
    assert shown[1].startswith("t.pgn:13:1:")  # line 9 + 4 and "Result '2-0'" in shown[1]


def test_cli_reads_pgn_and_writes_trf(tmp_path):
    path = tmp_path / "rr.pgn"
    path.write_text(ROUND_ROBIN)
    done = run_cli("standings", str(path), "-t", "SB", "-e", "fide-2024", "-f", "csv")
    assert done.returncode == 0, done.stderr
    assert done.stdout.splitlines()[1].split(",")[:3] == ["1", "1", "A"]
    conv = run_cli("convert", str(path), "--to", "trf26")
    assert conv.returncode == 0 and conv.stdout.startswith("012 Test")
    bad = tmp_path / "bad.pgn"
    bad.write_text(game("1", "A", "B", "*"))
    done = run_cli("standings", str(bad))
    assert done.returncode == 2 and "bad.pgn:5:1:" in done.stderr


def test_a_player_against_itself_and_too_many_players_are_refused():
    with pytest.raises(InputError, match="A plays itself"):
        read(game("1", "A", "A", "1-0"))
    many = "".join(game("1", f"W{i}", f"B{i}", "1-0") for i in range(5000))
    with pytest.raises(InputError, match="10000 players"):
        read(many)
