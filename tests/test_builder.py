"""EventBuilder: the in-memory door for pairing programs.

The oracle for equivalence is the TRF reader on the same event written as TRF text by
tests/trfbuild.py (which knows nothing of the library); other expected values are worked
out by hand in the tests."""

from __future__ import annotations

import dataclasses
import random
import re
import sys
from datetime import date
from fractions import Fraction

import pytest
from conftest import ROOT, TEC
from hypothesis import given, settings
from hypothesis import strategies as st
from trfbuild import player_line
from trfbuild import tournament as trf_text

from fide_tiebreaks import (
    BuilderError,
    EventBuilder,
    ResultKind,
    Scoring,
    Tournament,
    TournamentType,
    compute_standings,
    parse_trf,
    read_trf,
)
from fide_tiebreaks.host import registry

sys.path.insert(0, str(ROOT / "benchmarks"))

F = Fraction
H = Fraction(1, 2)
CODES = "BH/C1,BH,SB,DE,WIN,BPG,REP,PS,ARO,TPR,KS"


def players(ev: EventBuilder, n: int) -> EventBuilder:
    for i in range(1, n + 1):
        ev.add_player(i, f"Player {i}", rating=2000 + 10 * i)
    return ev


def players_of(ev: EventBuilder, n: int) -> EventBuilder:
    """Players as tests/trfbuild.py writes them (no rating)."""
    for i in range(1, n + 1):
        ev.add_player(i, f"Player {i}")
    return ev


# -- the surface of the issue -------------------------------------------------------------
def test_the_issue_example_runs_and_scores_every_code():
    ev = EventBuilder(rounds=9, edition="fide-2024")
    ev.add_player(1, "Carlsen, Magnus", rating=2830, federation="NOR", fide_id=1503014)
    for i in range(2, 13):
        ev.add_player(i, f"Player {i}", rating=2000 + i)
    ev.record_round(
        1,
        games=[(1, 5, "1-0"), (2, 6, "1/2-1/2"), (3, 7, "+-"), (4, 8, "--")],
        byes={9: "U", 10: "H", 11: "Z"},
    )
    ev.withdraw(12, from_round=4)
    t = ev.tournament()
    assert isinstance(t, Tournament) and t.edition == "fide-2024" and t.planned_rounds == 9
    # C.04 Annex 2 codes and the default points (1 / ½ / 0, PAB a win, C.04.1.c).
    expected = {
        1: (ResultKind.WIN, 5, 1),
        5: (ResultKind.LOSS, 1, 0),
        2: (ResultKind.DRAW, 6, H),
        6: (ResultKind.DRAW, 2, H),
        3: (ResultKind.FORFEIT_WIN, 7, 1),
        7: (ResultKind.FORFEIT_LOSS, 3, 0),
        4: (ResultKind.DOUBLE_FORFEIT, 8, 0),
        8: (ResultKind.DOUBLE_FORFEIT, 4, 0),
        9: (ResultKind.PAB, None, 1),
        10: (ResultKind.HALF_BYE, None, H),
        11: (ResultKind.ZERO_BYE, None, 0),
        12: (ResultKind.NOT_PAIRED, None, 0),
    }
    for pid, (kind, opp, pts) in expected.items():
        p = t.participant(pid)
        assert (p.results[0].kind, p.results[0].opponent, p.points) == (kind, opp, pts), pid
    assert t.participant(1).fide_id == "1503014" and t.participant(1).federation == "NOR"
    s = compute_standings(t, "BH/C1,BH,SB")
    assert s.edition.name == "fide-2024"


@pytest.mark.parametrize(
    ("result", "white", "black"),
    [
        ("1-0", ResultKind.WIN, ResultKind.LOSS),
        ("0-1", ResultKind.LOSS, ResultKind.WIN),
        ("1/2-1/2", ResultKind.DRAW, ResultKind.DRAW),
        ("½-½", ResultKind.DRAW, ResultKind.DRAW),
        ("=-=", ResultKind.DRAW, ResultKind.DRAW),
        ("+-", ResultKind.FORFEIT_WIN, ResultKind.FORFEIT_LOSS),
        ("-+", ResultKind.FORFEIT_LOSS, ResultKind.FORFEIT_WIN),
        ("--", ResultKind.DOUBLE_FORFEIT, ResultKind.DOUBLE_FORFEIT),
        ("W-L", ResultKind.UNRATED_WIN, ResultKind.UNRATED_LOSS),
        ("l-w", ResultKind.UNRATED_LOSS, ResultKind.UNRATED_WIN),
        ("D-D", ResultKind.UNRATED_DRAW, ResultKind.UNRATED_DRAW),
    ],
)
def test_every_game_result(result: str, white: ResultKind, black: ResultKind):
    ev = players(EventBuilder(edition="fide-2024"), 2)
    ev.record_round(1, games=[(1, 2, result)])
    t = ev.tournament()
    assert (t.participant(1).results[0].kind, t.participant(2).results[0].kind) == (white, black)


@pytest.mark.parametrize(
    ("code", "kind", "points"),
    [
        ("U", ResultKind.PAB, 1),
        ("F", ResultKind.FULL_BYE, 1),
        ("h", ResultKind.HALF_BYE, H),
        ("Z", ResultKind.ZERO_BYE, 0),
        (ResultKind.HALF_BYE, ResultKind.HALF_BYE, H),
    ],
)
def test_every_bye(code: str, kind: ResultKind, points: Fraction):
    ev = players(EventBuilder(edition="fide-2024"), 3)
    ev.record_round(1, games=[(1, 2, "1-0")], byes={3: code})
    g = ev.tournament().participant(3).results[0]
    assert (g.kind, g.points, g.opponent) == (kind, points, None)


# -- bad data: a typed error naming round and participant, nothing changed ----------------
@pytest.mark.parametrize(
    ("call", "round_", "who", "words"),
    [
        (lambda ev: ev.record_round(2, games=[(1, 2, "1-0"), (3, 1, "0-1")]), 2, 1, "twice"),
        (lambda ev: ev.record_round(2, games=[(1, 2, "1-0")], byes={2: "H"}), 2, 2, "twice"),
        (lambda ev: ev.record_round(2, games=[(1, 99, "1-0")]), 2, 99, "unknown"),
        (lambda ev: ev.record_round(2, byes={42: "U"}), 2, 42, "unknown"),
        (lambda ev: ev.record_round(3, games=[(1, 2, "1-0")]), 3, None, "round 2 must"),
        (lambda ev: ev.record_round(1, games=[(1, 2, "1-0")]), 1, None, "already recorded"),
        (lambda ev: ev.record_round(2, games=[(1, 2, "2-0")]), 2, 1, "not understood"),
        (lambda ev: ev.record_round(2, games=[(1, 2, "1-1")]), 2, 1, "do not mirror"),
        (lambda ev: ev.record_round(2, games=[(1, 2, 1)]), 2, 1, "not a string"),
        (lambda ev: ev.record_round(2, games=[(1, 1, "1-0")]), 2, 1, "itself"),
        (lambda ev: ev.record_round(2, games=[(1, 2)]), 2, None, "not (white, black"),
        (lambda ev: ev.record_round(2, byes={3: "X"}), 2, 3, "bye"),
        (lambda ev: ev.record_round(2, byes={3: "+"}), 2, 3, "bye"),
        (lambda ev: ev.record_round(2), 2, None, "no games"),
        (lambda ev: ev.record_round(4, games=[(1, 2, "1-0")]), 4, None, "round 2 must"),
        (lambda ev: ev.correct_result(1, 2, 1, "1-0"), 1, 2, "not white against 1"),
        (lambda ev: ev.correct_result(2, 1, 2, "1-0"), 2, None, "not recorded"),
        (lambda ev: ev.correct_bye(1, 1, "H"), 1, 1, "no bye"),
        (lambda ev: ev.withdraw(1, from_round=1), 1, 1, "withdraws"),
        (lambda ev: ev.add_player(3, "Again"), None, 3, "already"),
        (lambda ev: ev.add_player(0, "Zero"), None, None, "player id"),
        (lambda ev: ev.record_round(2, games=[("1", 2, "1-0")]), 2, None, "'1' is not"),
    ],
)
def test_bad_data_is_a_typed_error_that_says_where(call, round_, who, words):
    ev = players(EventBuilder(rounds=3, edition="fide-2024"), 4)
    ev.record_round(1, games=[(1, 2, "1-0"), (3, 4, "1/2-1/2")])
    before = ev.tournament()
    with pytest.raises(BuilderError) as info:
        call(ev)
    e = info.value
    assert (e.round, e.participant) == (round_, who)
    assert words in str(e)
    if round_ is not None:
        assert str(e).startswith(f"round {round_}: ")
    if who is not None:
        assert f"player {who} " in str(e)
    assert ev.tournament() == before  # nothing was accepted


def test_a_round_is_checked_whole_before_anything_changes():
    ev = players(EventBuilder(edition="fide-2024"), 4)
    with pytest.raises(BuilderError, match="round 1: player 3 is paired twice"):
        ev.record_round(1, games=[(1, 2, "1-0"), (3, 4, "1-0")], byes={3: "H"})
    assert ev.rounds == 0
    with pytest.raises(BuilderError, match="no round is recorded"):
        ev.tournament()


def test_no_edition_by_accident():
    ev = players(EventBuilder(rounds=5), 2)
    ev.record_round(1, games=[(1, 2, "1-0")])
    with pytest.raises(BuilderError, match="no rules edition"):
        ev.tournament()
    ev.end_date = date(2024, 11, 24)
    # 24 Nov 2024 falls in the fide-2024 period (1 Aug 2024 - 28 Feb 2026).
    assert compute_standings(ev.tournament(), "BH").edition.name == "fide-2024"
    ev.edition = "fide-2026"  # settings changed after a snapshot: the next one has them
    assert ev.tournament().edition == "fide-2026"
    ev.end_date = "2024-13-01"
    with pytest.raises(BuilderError, match="end_date '2024-13-01' is not a date"):
        ev.tournament()


def test_the_edition_given_wins_over_the_date_and_over_nothing():
    ev = players(EventBuilder(edition="fide-2023", end_date=date(2026, 5, 1)), 2)
    ev.record_round(1, games=[(1, 2, "1-0")])
    assert compute_standings(ev.tournament(), "BH").edition.name == "fide-2023"
    assert compute_standings(ev.tournament(), "BH", "fide-2026").edition.name == "fide-2026"


@pytest.mark.parametrize(
    ("kwargs", "words"),
    [
        ({"rounds": 0}, "rounds"),
        ({"edition": ""}, "edition"),
        ({"type": "knockout"}, "type"),
        ({"end_date": "24.11.2024"}, "date"),
        ({"scoring": {"win": 3}}, "Scoring"),
        ({"primary": "XP"}, "primary"),
        ({"match_points": (2, 1)}, "win, draw, loss"),
        ({"match_points": (2, 0.5, 0)}, "exact points"),
        ({"team_pab": (1, "x")}, "team_pab"),
    ],
)
def test_bad_settings(kwargs, words):
    with pytest.raises(BuilderError, match=words):
        EventBuilder(**kwargs)


def test_planned_rounds_bound_the_event():
    ev = players(EventBuilder(rounds=1, edition="fide-2024"), 2)
    ev.record_round(1, games=[(1, 2, "1-0")])
    with pytest.raises(BuilderError, match="round 2: the event has 1 rounds"):
        ev.record_round(2, games=[(2, 1, "1-0")])


# -- late entry, withdrawal, corrections --------------------------------------------------
def test_late_entry_and_withdrawal():
    ev = players(EventBuilder(rounds=4, edition="fide-2024"), 4)
    ev.record_round(1, games=[(1, 2, "1-0"), (3, 4, "0-1")])
    ev.add_player(5, "Late")  # enters in round 2
    ev.withdraw(4, from_round=3)
    ev.record_round(2, games=[(5, 1, "0-1"), (2, 4, "1/2-1/2")], byes={3: "U"})
    with pytest.raises(BuilderError, match="round 3: player 4 withdrew from round 3"):
        ev.record_round(3, games=[(4, 1, "1-0")])
    ev.record_round(3, games=[(1, 3, "1-0"), (2, 5, "1-0")])
    t = ev.tournament()
    late = t.participant(5)
    assert [g.kind for g in late.results] == [
        ResultKind.NOT_PAIRED,
        ResultKind.LOSS,
        ResultKind.LOSS,
    ]
    assert t.participant(4).results[2].kind is ResultKind.NOT_PAIRED
    assert t.participant(4).points == 1 + H
    with pytest.raises(BuilderError, match="round 1: player 6 enters the event in round 2"):
        ev.add_player(6, "Announced", from_round=2)
        ev.record_round(1, games=[(6, 4, "1-0"), (1, 2, "1-0"), (3, 5, "1-0")], replace=True)


def test_corrections_change_only_what_they_say():
    ev = players(EventBuilder(edition="fide-2024"), 4)
    ev.record_round(1, games=[(1, 2, "1-0"), (3, 4, "1-0")])
    ev.record_round(2, games=[(1, 3, "1/2-1/2")], byes={2: "H", 4: "Z"})
    first = ev.tournament()
    ev.correct_result(1, 1, 2, "0-1")
    ev.correct_bye(2, 4, "F")
    t = ev.tournament()
    assert first.participant(1).points == 1 + H  # the snapshot did not move
    # By hand: 1 lost to 2 (0) and drew 3 (½); 2 won (1) and took a half-point bye (½);
    # 4 lost (0) and has a full-point bye now (1).
    assert [t.participant(i).points for i in (1, 2, 3, 4)] == [H, 1 + H, 1 + H, 1]
    # A whole round recorded again.
    ev.record_round(2, games=[(1, 4, "1-0"), (2, 3, "0-1")], replace=True)
    t = ev.tournament()
    assert [t.participant(i).points for i in (1, 2, 3, 4)] == [1, 1, 2, 0]


def test_buchholz_by_hand_with_unplayed_rounds():
    """C.07 (2024) 16.3-16.4: a requested bye in the last round is category 16.2.5 (its owner
    is scored a draw for its opponents); forfeits are never converted."""
    ev = players(EventBuilder(rounds=3, edition="fide-2024"), 4)
    ev.record_round(1, games=[(1, 2, "1-0"), (3, 4, "1/2-1/2")])
    ev.record_round(2, games=[(1, 3, "1-0"), (2, 4, "+-")])
    ev.record_round(3, games=[(1, 4, "0-1")], byes={2: "H", 3: "U"})
    s = compute_standings(ev.tournament(), "BH")
    bh = s.values("BH")
    # Scores: 1 = 2, 2 = 1.5, 3 = 1.5, 4 = 1.5. Player 2's last-round HPB (16.2.5) counts
    # for its opponents as a draw: adjusted score 1 + 0.5 = 1.5 (unchanged here). Player 4's
    # forfeit loss is 16.2.4 (points received, no conversion): 4 stays at 1.5.
    # BH(1) = 2 + 3 + 4 = 1.5 + 1.5 + 1.5 = 4.5.
    assert bh[1] == F(9, 2)
    # BH(3): opponents 4 (1.5), 1 (2); round 3 PAB is unplayed: dummy = own score 1.5
    # (C.07 (2024) 16.4) -> 1.5 + 2 + 1.5 = 5.
    assert bh[3] == 5


def test_points_outside_the_scoring_system_as_trf_2026_299():
    """A bonus or penalty (299 without a letter) and a result worth other points (299 with
    a letter and a round): the builder equals the reader on the 299 records. A quarter
    point makes the grid finer (4 units per point) for every result."""
    players = {
        1: [(2, "w", "1"), (None, "-", "U")],
        2: [(1, "b", "0"), (3, "w", "=")],
        3: [(None, "-", "U"), (2, "b", "=")],
    }
    # 299: letter col 5, points 14-17, round 20-22, ids from col 24 (TRF-2026).
    records = [
        "299 U" + " " * 8 + "0.75" + "  002" + "    1",
        "299" + " " * 10 + "-1.0" + "     " + "    2",
    ]
    text = trf_text(players, headers=("092 Individual: Swiss-System", "052 2025/05/01"))
    read = parse_trf(text + "\n".join(records) + "\n")
    assert [d for d in read.diagnostics if d.severity.name != "NOTE"] == []
    ev = players_of(EventBuilder(end_date=date(2025, 5, 1), name="Test event"), 3)
    ev.record_round(1, games=[(1, 2, "1-0")], byes={3: "U"})
    ev.record_round(2, games=[(2, 3, "1/2-1/2")], byes={1: "U"})
    ev.set_points(2, 1, "0.75")
    ev.adjust_points(2, -1)
    t = ev.tournament()
    assert t == read.tournament and t.scale == 4
    # By hand: 1 = 1 + 0.75; 2 = 0 + 0.5 - 1; 3 = 1 + 0.5.
    assert [p.points for p in t] == [F(7, 4), F(-1, 2), F(3, 2)]
    ev.correct_bye(2, 1, "U")  # a correction gives the scoring system's points back
    assert ev.tournament().participant(1).points == 2


# -- equivalence with the TRF reader ------------------------------------------------------
TEAM_CODES = {
    ResultKind.FORFEIT_WIN: "+-",
    ResultKind.FORFEIT_LOSS: "-+",
    ResultKind.DOUBLE_FORFEIT: "--",
}


def builder_from(t: Tournament, **kwargs: object) -> EventBuilder:
    """Record a tournament read from a file again through the builder."""
    ind = t.team.players if t.team else t
    if t.team:
        m, g = t.team.match_scoring, t.team.game_scoring
        kwargs = {
            "boards": t.team.boards,
            "match_points": (m.win, m.draw, m.loss),
            "primary": t.team.primary,
            "team_pab": (m.pab, g.pab),
            **kwargs,
        }
    ev = EventBuilder(
        rounds=t.planned_rounds,
        end_date=t.end_date,
        start_date=t.start_date,
        type=t.type,
        scoring=ind.scoring,
        name=t.name,
        tiebreaks=t.declared_tiebreaks,
        **kwargs,
    )  # type: ignore[arg-type]
    for p in ind:
        ev.add_player(
            p.id,
            p.name,
            rating=p.rating,
            federation=p.federation,
            fide_id=p.fide_id or None,
            title=p.title,
            sex=p.sex,
            birth_date=p.birth_date,
        )
    if t.team:
        for team in t.team.teams:
            ev.add_team(team.id, team.name, team.players, nickname=team.nickname)
    for r in range(1, ind.rounds + 1):
        games, byes = [], {}
        for p in ind:
            g = p.results[r - 1]
            if g.opponent is not None and g.colour.value == "w":
                theirs = ind.participant(g.opponent).results[r - 1].kind
                code = (
                    "--"
                    if theirs is ResultKind.DOUBLE_FORFEIT
                    else (g.kind.value + "-" + theirs.value)
                )
                games.append((p.id, g.opponent, code))
            elif g.opponent is None and g.kind is not ResultKind.NOT_PAIRED:
                byes[p.id] = "+" if g.kind is ResultKind.FORFEIT_WIN else g.kind.value
        forfeits, team_byes = [], {}
        for tid, matches in (t.team.matches if t.team else {}).items():
            match = matches[r - 1]
            if match.kind in TEAM_CODES and (match.opponent or 0) > tid:
                forfeits.append((tid, match.opponent, TEAM_CODES[match.kind]))
            elif match.opponent is None and match.kind is not ResultKind.NOT_PAIRED:
                team_byes[tid] = match.kind.value
        ev.record_round(r, games=games, byes=byes, team_forfeits=forfeits, team_byes=team_byes)
    return ev


@settings(max_examples=40, deadline=None)
@given(st.integers(min_value=0, max_value=10**6))
def test_generated_team_events_built_equal_read(seed):
    """Team Swisses (benchmarks/generate.py): PABs (320), forfeited matches (330),
    reserves, empty boards won by forfeit. Recorded through the builder, they equal the
    file, and rank alike with the team tie-breaks."""
    from generate import generate_teams

    rng = random.Random(seed)
    text = generate_teams(
        rng.randint(3, 9),
        rng.randint(2, 4),
        rng.randint(1, 6),
        seed,
        forfeit=0.15,
        reserve=0.3,
        empty_board=0.1,
    )
    read = parse_trf(text)
    assert [d for d in read.diagnostics if d.severity.name != "NOTE"] == []
    built = builder_from(read.tournament).tournament()
    assert built == read.tournament
    codes = "MPvGP,EMGSB/C1,BH:MP/C1,BH:GP,SB"
    assert compute_standings(built, codes).rows == compute_standings(read.tournament, codes).rows


@pytest.mark.parametrize(
    "path",
    [
        TEC / "tournament.trf",
        ROOT / "conformance/fixtures/rated-example/tournament.trf",
        ROOT / "conformance/fixtures/team-4x4/tournament.trf",
    ],
)
def test_the_bundled_fixtures_built_equal_read(path):
    read = read_trf(path).tournament
    ev = builder_from(read)  # with the file's dates (the TEC exercise ends on 2024/08/05)
    if read.end_date is None:  # an undated fixture: the builder needs an edition
        ev.edition = "fide-2024"
    built = ev.tournament()
    assert without_edition(built) == read
    for edition in ("fide-2023", "fide-2024", "fide-2026"):
        ours = compute_standings(built, None, edition)
        theirs = compute_standings(read, None, edition)
        assert ours.rows == theirs.rows and ours.codes == theirs.codes


def without_edition(t: Tournament) -> Tournament:
    team = t.team and dataclasses.replace(t.team, players=without_edition(t.team.players))
    return dataclasses.replace(t, edition=None, team=team)


# Game results as both sides' TRF codes, with the spellings a pairing program may use.
GAMES = [
    ("1", "0", ["1-0", "1:0"]),
    ("0", "1", ["0-1"]),
    ("=", "=", ["1/2-1/2", "½-½", "=-="]),
    ("W", "L", ["W-L"]),
    ("L", "W", ["L-W"]),
    ("D", "D", ["D-D"]),
    ("+", "-", ["+-"]),
    ("-", "+", ["-+"]),
    ("-", "-", ["--"]),
]
SCORINGS = [
    ((), Scoring()),
    # TRF-2026 162: W D L A P, fanned out as the reader documents (docs/formats.md).
    (
        ("162 W 3 D 1 L 0 A 0 P 3",),
        Scoring(
            win_white=F(3),
            win_black=F(3),
            forfeit_win=F(3),
            full_bye=F(3),
            pab=F(3),
            draw_white=F(1),
            draw_black=F(1),
            half_bye=F(1),
        ),
    ),
]


def random_event(rng: random.Random) -> tuple[str, EventBuilder]:
    """A Swiss with every C.07 16.2 category likely: late entries, withdrawals, requested
    byes (H, Z, F) before and after played rounds, absences, PABs, forfeits both ways,
    double forfeits and games of less than one move. The same event as TRF text and as
    builder calls."""
    n, rounds = rng.randint(2, 11), rng.randint(1, 6)
    headers, scoring = rng.choice(SCORINGS)
    year = rng.choice([2023, 2024, 2025, 2026])
    end = date(year, rng.randint(1, 12), 15)
    ev = EventBuilder(rounds=rounds, end_date=end, scoring=scoring, name="Test event")
    entry = {i: 1 if rng.random() < 0.8 else rng.randint(2, rounds + 1) for i in range(1, n + 1)}
    gone = {
        i: rng.randint(entry[i] + 1, rounds + 2) if rng.random() < 0.2 else rounds + 9
        for i in entry
    }
    entry[1] = entry[2] = 1  # someone to pair in every round
    gone[1] = gone[2] = rounds + 9
    blocks: dict[int, list] = {i: [] for i in entry}
    added: set[int] = set()
    for r in range(1, rounds + 1):
        _enter_and_withdraw(rng, ev, r, entry, gone, added)
        playing, byes = _attendance(rng, r, entry, gone)
        games = _pair_and_play(rng, playing, byes, blocks)
        for i, code in byes.items():
            blocks[i].append((None, "-", code))
        for i in entry:
            if len(blocks[i]) < r:
                blocks[i].append(None)
        ev.record_round(r, games=games, byes=byes)
    for i in entry:  # a player who enters after the last round is still on the list
        if i not in added:
            ev.add_player(i, f"Player {i}", rating=0)
    ratings = {p.id: p.rating or 0 for p in ev.tournament()}
    head = [
        "012 Test event",
        "092 Individual: Swiss-System",
        f"XXR {rounds}",
        f"052 {end:%Y/%m/%d}",
        *headers,
    ]
    lines = [player_line(i, f"Player {i}", blocks[i], rating=ratings[i]) for i in sorted(blocks)]
    text = "\n".join(head + lines) + "\n"
    return text, ev


def _enter_and_withdraw(rng, ev, r, entry, gone, added) -> None:
    """Round *r*'s late entries are added (with a rating drawn), its withdrawals recorded."""
    for i in entry:
        if entry[i] <= r and i not in added:
            ev.add_player(i, f"Player {i}", rating=rng.choice([0, 1500, 2100, 2500]))
            added.add(i)
        if gone[i] == r and i in added:
            ev.withdraw(i, from_round=r)


def _attendance(rng, r, entry, gone) -> tuple[list[int], dict[int, str]]:
    """Who plays round *r* and who asked for a bye (H, Z, F); 1 and 2 always play, and
    some others are simply absent."""
    playing, byes = [], {}
    for i in sorted(entry):
        if i in (1, 2) or not entry[i] <= r < gone[i]:
            playing += [i] if i in (1, 2) else []
            continue
        roll = rng.random()
        if roll < 0.1:
            byes[i] = rng.choice("HZF")
        elif roll > 0.9:
            continue  # absent
        else:
            playing.append(i)
    return playing, byes


def _pair_and_play(rng, playing, byes, blocks) -> list:
    """The round's games, paired at random (the odd one out takes the PAB, in *byes*),
    each with a result drawn from GAMES; every game also goes into both TRF *blocks*."""
    rng.shuffle(playing)
    if len(playing) % 2:
        byes[playing.pop()] = "U"
    games = []
    for w, b in zip(playing[0::2], playing[1::2], strict=True):
        cw, cb, spellings = rng.choice(GAMES)
        games.append((w, b, rng.choice(spellings)))
        blocks[w].append((b, "w", cw))
        blocks[b].append((w, "b", cb))
    return games


@settings(max_examples=150, deadline=None)
@given(st.randoms(use_true_random=False))
def test_generated_events_built_equal_read_and_rank_alike_in_every_edition(rng):
    text, ev = random_event(rng)
    result = parse_trf(text.encode())
    assert [d for d in result.diagnostics if d.severity.name != "NOTE"] == []
    read, built = result.tournament, ev.tournament()
    assert built == read
    for name in registry().editions:
        ours = compute_standings(built, CODES, name)
        theirs = compute_standings(read, CODES, name)
        assert ours.rows == theirs.rows, name


def test_the_generator_covers_every_unplayed_category():
    """The property test above sees every kind of round (C.07 16.2.1-16.2.5 included)."""
    seen: set[ResultKind] = set()
    rng = random.Random(7)
    for _ in range(60):
        _, ev = random_event(rng)
        seen |= {g.kind for p in ev.tournament() for g in p.results}
    assert seen == set(ResultKind)


# -- team events --------------------------------------------------------------------------
TEAM_PLAYERS = {
    1: [(3, "w", "1"), (5, "w", "=")],
    2: [(4, "b", "="), (6, "b", "1")],
    3: [(1, "b", "0"), None],
    4: [(2, "w", "="), None],
    5: [None, (1, "b", "=")],
    6: [None, (2, "w", "0")],
}
TEAM_TRF = (
    trf_text(
        TEAM_PLAYERS,
        name="Team builder check",
        headers=(
            "092 Team Swiss System",
            "052 2024/10/01",
            "142 2",
            "352 WB",
            "362 TW 2.0  TD 1.0  TL 0.0",
        ),
        names={1: "A1", 2: "A2", 3: "B1", 4: "B2", 5: "C1", 6: "C2"},
    )
    + "".join(
        f"{'310 ' + f'{tid:>3} ' + name:<73}{a:>5}{b:>5}\n"
        for tid, name, a, b in ((1, "Alpha", 1, 2), (2, "Beta", 3, 4), (3, "Gamma", 5, 6))
    )
    + "320 1.0  1.0    3\n240 H   2    2\n"
)  # 320: Gamma's PAB in round 1; 240: Beta's HPB in 2


def test_a_team_event_built_equals_the_team_file():
    read = parse_trf(TEAM_TRF.encode())
    assert [d for d in read.diagnostics if d.severity.name != "NOTE"] == []
    ev = EventBuilder(
        rounds=2, end_date=date(2024, 10, 1), name="Team builder check", boards=2, team_pab=(1, 1)
    )
    for pid, name in enumerate(["A1", "A2", "B1", "B2", "C1", "C2"], start=1):
        ev.add_player(pid, name)
    ev.add_team(1, "Alpha", [1, 2])
    ev.add_team(2, "Beta", [3, 4])
    ev.add_team(3, "Gamma", [5, 6])
    ev.record_round(1, games=[(1, 3, "1-0"), (4, 2, "1/2-1/2")], team_byes={3: "U"})
    ev.record_round(2, games=[(1, 5, "1/2-1/2"), (6, 2, "0-1")], team_byes={2: "H"})
    t = ev.tournament()
    assert t == read.tournament
    # By hand: Alpha beat Beta 1.5-0.5 (2 MP) and Gamma 1.5-0.5 (2 MP); Beta lost (0) and
    # took a half-point bye (a drawn match, 1 MP; 2 boards x ½ = 1 GP); Gamma had the PAB
    # (320: 1 MP, 1 GP) and lost (0).
    assert [(p.id, p.points) for p in t] == [(1, 4), (2, 1), (3, 1)]
    mp = {m.round: (m.kind, m.mp, m.gp) for m in t.team.matches[2]}
    assert mp == {1: (ResultKind.LOSS, 0, H), 2: (ResultKind.HALF_BYE, 1, 1)}


def test_team_errors_name_round_and_team():
    ev = EventBuilder(edition="fide-2024", boards=1)
    for pid in (1, 2, 3):
        ev.add_player(pid, f"P{pid}")
    ev.add_team(1, "A", [1])
    ev.add_team(2, "B", [2])
    with pytest.raises(BuilderError, match="player 1 is in team 1 and in team 3"):
        ev.add_team(3, "C", [1, 3])
    with pytest.raises(BuilderError, match="round 1: team 1 is paired twice"):
        ev.record_round(1, team_forfeits=[(1, 2, "+-")], team_byes={1: "H"})
    with pytest.raises(BuilderError, match="round 1: unknown team 9"):
        ev.record_round(1, team_byes={9: "H"})
    ev2 = players(EventBuilder(edition="fide-2024"), 2)
    with pytest.raises(
        BuilderError, match="round 1: team_forfeits, team_byes and lineups need teams"
    ):
        ev2.record_round(1, games=[(1, 2, "1-0")], team_byes={1: "U"})


def test_team_forfeit_and_lineup():
    """A forfeited match (TRF-2026 330) scores the win's MP and every board for the winner
    (C.07 Art. 11 with the file's boards); a lineup puts players on boards (300)."""
    ev = EventBuilder(edition="fide-2024", boards=2)
    for pid in range(1, 9):
        ev.add_player(pid, f"P{pid}")
    for tid in range(1, 5):
        ev.add_team(tid, f"T{tid}", [2 * tid - 1, 2 * tid])
    # The forfeit's board results are recorded too, as a TRF file holds them.
    ev.record_round(
        1,
        games=[(6, 8, "1-0"), (5, 7, "0-1")],
        byes={1: "+", 2: "+"},
        team_forfeits=[(1, 2, "+-")],
        lineups={3: [6, 5], 4: [8, 7]},
    )
    t = ev.tournament()
    m1 = t.team.matches[1][0]
    assert (m1.kind, m1.mp, m1.gp) == (ResultKind.FORFEIT_WIN, 2, 2)
    m3 = t.team.matches[3][0]
    assert (m3.kind, m3.mp, m3.gp) == (ResultKind.DRAW, 1, 1)
    assert [b.player for b in t.team.lineups[3, 1]] == [6, 5]


# -- the documentation's examples run -----------------------------------------------------
def python_blocks(path: str, section: str | None = None) -> list[str]:
    text = (ROOT / path).read_text()
    if section is not None:
        text = text.split(f"\n## {section}\n", 1)[1].split("\n## ", 1)[0]
    return re.findall(r"```python\n(.*?)```", text, flags=re.S)


@pytest.mark.parametrize(
    ("path", "section"), [("docs/builder.md", None), ("docs/tutorial.md", "In a pairing program")]
)
def test_the_documentation_examples_run(path, section, capsys):
    blocks = python_blocks(path, section)
    assert blocks, f"{path} has python examples"
    scope: dict[str, object] = {"__name__": "docs"}
    for block in blocks:  # in order, sharing names, as a reader would type them
        exec(compile(block, path, "exec"), scope)
    # What the examples say they print, they print.
    printed = capsys.readouterr().out
    for said in re.findall(r"print\(e\)  # (.*)", "".join(blocks)):
        assert said in printed


def test_types_are_those_of_the_model():
    ev = players(EventBuilder(edition="fide-2024", type="round-robin"), 2)
    ev.record_round(1, games=[(1, 2, "1-0")])
    assert ev.tournament().type is TournamentType.ROUND_ROBIN


# -- hostile input: only BuilderError, never another exception -----------------------------
JUNK = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(-3, 12),
    st.floats(allow_nan=True),
    st.text(max_size=6),
    st.sampled_from(["1-0", "--", "½-½", "U", "H", "+", "W-L", "1/2"]),
    st.lists(st.integers(0, 12), max_size=3),
    st.dictionaries(st.integers(0, 12), st.text(max_size=2)),
    st.tuples(st.integers(0, 12), st.integers(0, 12), st.text(max_size=4)),
)
GAME = st.tuples(
    st.integers(0, 12),
    st.integers(0, 12),
    st.sampled_from(["1-0", "0-1", "1/2-1/2", "+-", "-+", "--", "D-D", "x"]),
)
OPERATIONS = st.lists(
    st.one_of(
        st.tuples(
            st.just("record_round"),
            st.integers(0, 5),
            st.one_of(st.lists(GAME, max_size=6), JUNK),
            st.one_of(st.dictionaries(st.integers(0, 12), st.sampled_from("UFHZX+")), JUNK),
            st.booleans(),
        ),
        st.tuples(st.just("add_player"), st.one_of(st.integers(-1, 12), JUNK), JUNK),
        st.tuples(st.just("withdraw"), st.integers(0, 12), st.one_of(st.integers(0, 6), JUNK)),
        st.tuples(
            st.just("correct_result"),
            st.integers(0, 5),
            st.integers(0, 12),
            st.integers(0, 12),
            JUNK,
        ),
        st.tuples(st.just("correct_bye"), st.integers(0, 5), st.integers(0, 12), JUNK),
        st.tuples(st.just("add_team"), st.integers(0, 4), JUNK, JUNK),
        st.tuples(st.just("adjust_points"), st.integers(0, 12), JUNK),
        st.tuples(st.just("set_points"), st.integers(0, 5), st.integers(0, 12), JUNK),
        st.tuples(st.just("tournament")),
    ),
    max_size=25,
)


@settings(max_examples=300, deadline=None)
@given(OPERATIONS, st.one_of(st.just("fide-2024"), JUNK))
def test_hostile_calls_raise_builder_error_or_nothing(operations, edition):
    try:
        ev = players(EventBuilder(edition=edition), 8)
    except BuilderError:
        return
    for name, *args in operations:
        try:
            if name == "record_round":
                n, games, byes, replace = args
                ev.record_round(n, games=games, byes=byes, replace=replace)
            else:
                getattr(ev, name)(*args)
        except BuilderError as e:
            assert str(e)
        t = None
        try:
            t = ev.tournament()
        except BuilderError:
            continue
        if t.team is None:  # what was accepted ranks (an individual event)
            compute_standings(t, "BH/C1,BH,SB,DE,WIN")
