"""Team rosters and line-ups: teammates paired with each other, a line-up seating a team's own
players once, teams without players."""

from __future__ import annotations

import re

import pytest
from conftest import ROOT

from fide_tiebreaks import (
    BuilderError,
    EventBuilder,
    parse_trf,
)


def test_teammates_paired_with_each_other_are_reported():
    """Players 1 and 2 of team 1 paired together (and 3 with 4): team 1 'met itself', drew
    and got a match point, and neither the builder nor `check` said a word."""
    ev = EventBuilder(rounds=3, edition="fide-2024", boards=2)
    for pid in range(1, 9):
        ev.add_player(pid, f"P{pid}")
    for tid, members in ((1, [1, 2]), (2, [3, 4]), (3, [5, 6]), (4, [7, 8])):
        ev.add_team(tid, f"Team {tid}", members)
    with pytest.raises(
        BuilderError,
        match=re.escape(
            "round 1: players 1, 2 of team 1 are paired with each other, so the team meets itself"
        ),
    ):
        ev.record_round(1, [(1, 2, "1-0"), (3, 4, "1-0"), (5, 7, "1-0"), (6, 8, "1-0")])
        ev.tournament()
    # The same event as a TRF (team-4x4 with round 1 paired inside teams 1 and 2)
    lines = (ROOT / "conformance/fixtures/team-4x4/tournament.trf").read_text().split("\n")
    blocks = {1: (2, "w", "1"), 2: (1, "b", "0"), 5: (6, "w", "="), 6: (5, "b", "=")}
    for i, line in enumerate(lines):
        if line.startswith("001") and int(line[4:8]) in blocks:
            opp, colour, result = blocks[int(line[4:8])]
            lines[i] = line[:91] + f"{opp:4d} {colour} {result}" + line[99:]
    result = parse_trf("\n".join(lines), "mates.trf")
    said = [d.message for d in result.diagnostics]
    assert any("players 1, 2 of team 1 are paired with each other" in m for m in said), said
    assert any("players 5, 6 of team 2 are paired with each other" in m for m in said), said


@pytest.mark.parametrize(
    ("lineup", "message"),
    [
        ([5, 6], "round 1: the line-up of team 1 seats player(s) 5, 6, who are not on its roster"),
        ([1, 1], "round 1: the line-up of team 1 seats player(s) 1 on two boards"),
        ([1, 2, None], "round 1: the line-up of team 1 has 3 boards; the event has 2"),
    ],
)
def test_a_lineup_seats_the_teams_own_players_once(lineup, message):
    """`lineups={1: [5, 6]}` (team 3's players on team 1's boards), a player on two boards,
    or more boards than the event has were accepted without a word (TRF 300 alike)."""
    ev = EventBuilder(rounds=3, edition="fide-2024", boards=2)
    for pid in range(1, 9):
        ev.add_player(pid, f"P{pid}")
    for tid, members in ((1, [1, 2]), (2, [3, 4]), (3, [5, 6]), (4, [7, 8])):
        ev.add_team(tid, f"Team {tid}", members)
    games = [(1, 3, "1-0"), (2, 4, "0-1"), (5, 7, "1-0"), (6, 8, "1-0")]
    with pytest.raises(BuilderError, match=re.escape(message)):
        ev.record_round(1, games, lineups={1: lineup})
        ev.tournament()
    ev.record_round(1, games, lineups={1: [2, 1]}, replace=True)  # board order changed: fine
    assert ev.tournament().team is not None


def test_a_team_without_players_or_with_one_twice_is_refused():
    """`add_team(1, "A", [])` and `add_team(1, "A", [1, 1])` were accepted silently."""
    ev = EventBuilder(rounds=3, edition="fide-2024", boards=2)
    ev.add_player(1, "P1")
    with pytest.raises(BuilderError, match="team 1 has no players"):
        ev.add_team(1, "A", [])
    with pytest.raises(BuilderError, match=re.escape("team 1 lists a player twice: [1, 1]")):
        ev.add_team(1, "A", [1, 1])
