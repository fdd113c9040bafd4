"""Swiss-Manager files made for tests, in a real file's layout (tests/fixtures/swiss-manager/
sample.TUNX's header, configuration and record tails) with the records the decoder
``chess-results-api`` reads. The files are made in that decoder's layout, so what it decodes
from them is no independent reading: tests take their expected values from the contents
they write out, worked by hand."""

from __future__ import annotations

import struct
from typing import NamedTuple

import chess_results_api
from conftest import ROOT

SAMPLE = ROOT / "tests" / "fixtures" / "swiss-manager" / "sample.TUNX"


def _strings(*texts: str) -> bytes:
    """Swiss-Manager strings: a U16 count of UTF-16 units, then the text."""
    return b"".join(
        struct.pack("<H", len(t.encode("utf-16-le")) // 2) + t.encode("utf-16-le") for t in texts
    )


class TeamRound(NamedTuple):
    """One round of a made team file: its board games (white, black, Swiss-Manager's code;
    0 an empty board) and its team pairings (first, second: -1 the PAB, -2 not paired;
    the board points Swiss-Manager stores for each, in halves)."""

    games: list[tuple[int, int, int]]
    matches: list[tuple[int, int, int, int]]


#: Two teams of two boards: team 1 (players 1, 2) against team 2 (3, 4), board 1 won by
#: white (1), board 2 drawn.
TWO_TEAMS = [TeamRound([(1, 3, 1), (4, 2, 2)], [(1, 2, 3, 1)])]


def _team_file(rounds: list[TeamRound] = TWO_TEAMS, teams: int = 2, kind: int = 3) -> bytes:
    """A team Swiss (TUMX) of *teams* teams of two boards (team t: players 2t - 1 on board
    1 and 2t on board 2) in sample.TUNX's layout (its header, configuration and record
    tails) with the two team sections the decoder reads (teams B5 FF 89 44: 5 strings and
    96 bytes each; team pairings C3 FF 89 44: 15 bytes each, the two team numbers first)."""
    parts = {
        s.name: s.data for s in chess_results_api.decode_tournament(SAMPLE.read_bytes()).sections
    }
    u16 = 65536
    config = bytearray(parts["configuration"])
    struct.pack_into("<H", config, 15, kind)  # the tournament type: 3 team Swiss, 2 round robin
    struct.pack_into("<HH", config, 23, 2 * teams, 0)  # players
    struct.pack_into("<H", config, 27, len(rounds))
    struct.pack_into("<H", config, 31, 0)  # no tie-break list
    struct.pack_into("<HH", config, 51, teams, 2)  # teams, boards per match
    one_round = _strings(*[""] * 16)
    numeric = bytearray(parts["schedule"][4 + len(one_round) : 4 + len(one_round) + 76])
    schedule = bytearray(parts["schedule"][:4])
    for r in rounds:
        struct.pack_into("<IHHH", numeric, 0, 0, 0, len(r.games), len(r.matches))  # no date
        schedule += one_round + numeric
    at = 4
    for _ in range(18):
        (n,) = struct.unpack_from("<H", parts["players"], at)
        at += 2 + 2 * n
    tail = bytearray(parts["players"][at : at + 134])
    struct.pack_into("<H", tail, 34, 0)  # no national rating
    players = bytearray(parts["players"][:4])
    for number in range(1, 2 * teams + 1):
        struct.pack_into("<HH", tail, 52, (number + 1) // 2, 2 - number % 2)  # team, board
        players += _strings(f"P{number}", "", "", "", "", *[""] * 13) + tail
    games = parts["player_pairings"][:4] + b"".join(
        struct.pack("<HHB", w, b, code) + bytes(16) for r in rounds for w, b, code in r.games
    )
    names = [chr(ord("A") + i) for i in range(teams)]
    section = b"\xb5\xff\x89\x44" + b"".join(_strings(n, n, "", "", "") + bytes(96) for n in names)
    matches = b"\xc3\xff\x89\x44" + b"".join(
        struct.pack("<HHHH", a, b % u16, x, y) + bytes(7)
        for r in rounds
        for a, b, x, y in r.matches
    )
    head = parts["header"] + bytes(config)
    offsets = [len(head)]
    for part in (schedule, players, games, section, matches):
        offsets.append(offsets[-1] + len(part))
    directory = parts["directory"][:4] + struct.pack("<7I", *offsets, 0) + parts["directory"][-4:]
    return head + bytes(schedule) + bytes(players) + games + section + matches + directory
