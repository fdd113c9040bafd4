"""Reading a Swiss-Manager file (TUNX, the swiss-manager extra) against reading the same
event as TRF, measured in one run. No real file of the size is at hand (the largest of the
30 shared files has 76 players and no round; the largest with rounds, 39 players and 6), so
the event is made: benchmarks/generate.py's Swiss of *players* x *rounds* (seeded), written
into a real file's layout (sample.TUNX's header and configuration, the player, schedule and
pairing records as the decoder reads them) by :func:`encode`. The TRF is the same event as
the TUNX reader reads it, written as TRF-2026; both are checked to rank the same first.

    python benchmarks/swiss_manager.py [players] [rounds] [--repeat N]

Prints the best and median of N interleaved reads of each, in wall time and in this
process's CPU time (on a shared machine the wall time also counts other work's turns on the
cores), and the ratios (the target: TUNX <= 1.5 x TRF, docs/benchmarks.md). No time is
asserted anywhere.
"""

from __future__ import annotations

import argparse
import statistics
import struct
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import NamedTuple

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "benchmarks"))
from generate import generate  # noqa: E402

from fide_tiebreaks import compute_standings  # noqa: E402
from fide_tiebreaks.formats import parse_any  # noqa: E402
from fide_tiebreaks.formats.trf.model_writer import write_tournament_trf  # noqa: E402
from fide_tiebreaks.model import Colour, ResultKind, Tournament  # noqa: E402

TEMPLATE = ROOT / "tests" / "fixtures" / "swiss-manager" / "sample.TUNX"
_K = ResultKind
# The white player's kind -> Swiss-Manager's board code (the decoder's GameResult).
BOARD = {_K.WIN: 1, _K.DRAW: 2, _K.LOSS: 3, _K.FORFEIT_WIN: 4, _K.FORFEIT_LOSS: 5}
BOARD[_K.DOUBLE_FORFEIT] = 6
# A round without an opponent -> (the second player's number, code): -1 a bye, -2 unpaired.
ALONE = {_K.PAB: (0xFFFF, 9), _K.FULL_BYE: (0xFFFE, 1), _K.HALF_BYE: (0xFFFE, 2)}
ALONE |= {_K.ZERO_BYE: (0xFFFE, 3), _K.NOT_PAIRED: (0xFFFE, 0)}


def _strings(*texts: str) -> bytes:
    out = bytearray()
    for text in texts:
        raw = text.encode("utf-16-le")
        out += struct.pack("<H", len(raw) // 2) + raw
    return bytes(out)


def _sections(data: bytes) -> dict[str, bytes]:
    """The template's sections by name (the decoder's own split of the file)."""
    from chess_results_api import decode_tournament

    return {s.name: s.data for s in decode_tournament(data).sections}


def _player(p: object, tail: bytes) -> bytes:
    last, _, first = p.name.partition(", ")  # type: ignore[attr-defined]
    fields = [last, first, "", f"{first} {last}".strip(), ""] + [""] * 13
    fields[10] = "NOR"
    raw = bytearray(tail)
    struct.pack_into("<H", raw, 32, p.rating or 0)  # type: ignore[attr-defined]
    struct.pack_into("<H", raw, 34, 0)  # no national rating (the template's first has one)
    struct.pack_into("<I", raw, 48, 0)
    struct.pack_into("<I", raw, 38, 0)
    return _strings(*fields) + bytes(raw)


def _round_games(t: Tournament, rnd: int) -> list[bytes]:
    games = []
    for p in t.participants:
        g = p.results[rnd - 1]
        if g.opponent is not None and g.kind.has_opponent:
            if g.colour is Colour.WHITE:
                code = BOARD[g.kind]
                games.append(struct.pack("<HHB", p.id, g.opponent, code) + bytes(16))
        else:
            second, code = ALONE.get(g.kind, (0xFFFE, 0))
            games.append(struct.pack("<HHB", p.id, second, code) + bytes(16))
    return games


def encode(t: Tournament, template: bytes) -> bytes:
    """*t* (1 / ½ / 0, an individual Swiss) as a TUNX file in *template*'s layout."""
    parts = _sections(template)
    config = bytearray(parts["configuration"])
    struct.pack_into("<HH", config, 23, len(t.participants), 0)
    struct.pack_into("<H", config, 27, t.rounds)
    struct.pack_into("<H", config, 31, 0)  # no tie-break list
    old_round = parts["schedule"][4:]
    one_round = _strings(*[""] * 16)
    numeric = bytearray(old_round[len(one_round) : len(one_round) + 76])
    schedule, pairings = bytearray(parts["schedule"][:4]), bytearray(parts["player_pairings"][:4])
    for rnd in range(1, t.rounds + 1):
        games = _round_games(t, rnd)
        struct.pack_into("<I", numeric, 0, 0)  # no date
        struct.pack_into("<HH", numeric, 6, len(games), 0)
        schedule += one_round + numeric
        pairings += b"".join(games)
    tail = _player_tail(parts["players"])
    players = parts["players"][:4] + b"".join(_player(p, tail) for p in t.participants)
    head = parts["header"] + bytes(config)
    offsets = [len(head)]
    offsets.append(offsets[0] + len(schedule))
    offsets.append(offsets[1] + len(players))
    offsets.append(offsets[2] + len(pairings))
    directory = (
        parts["directory"][:4] + struct.pack("<7I", *offsets, 0, 0, 0) + parts["directory"][-4:]
    )
    return head + bytes(schedule) + players + bytes(pairings) + directory


def _player_tail(players: bytes) -> bytes:
    """The 134 numeric bytes of the template's first player record."""
    at = 4
    for _ in range(18):
        (n,) = struct.unpack_from("<H", players, at)
        at += 2 + 2 * n
    return players[at : at + 134]


class Times(NamedTuple):
    """One read's wall time and the CPU time this process spent on it (seconds)."""

    wall: float
    cpu: float


def timed(read: Callable[[], object]) -> Times:
    """*read* once. On a shared machine the wall time also counts other work's turns on
    the cores; the CPU time counts only this read's."""
    wall, cpu = time.perf_counter(), time.process_time()
    read()
    return Times(time.perf_counter() - wall, time.process_time() - cpu)


def _ms(ts: list[Times], which: str) -> tuple[float, float]:
    values = [getattr(t, which) for t in ts]
    return min(values) * 1000, statistics.median(values) * 1000


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("players", type=int, nargs="?", default=200)
    ap.add_argument("rounds", type=int, nargs="?", default=9)
    ap.add_argument("--repeat", type=int, default=21)
    args = ap.parse_args()
    source = parse_any(generate(args.players, args.rounds).encode(), "event.trf").tournament
    tunx = encode(source, TEMPLATE.read_bytes())
    read = parse_any(tunx, "event.TUNX").tournament
    trf = write_tournament_trf(read, form="trf26").encode("utf-8")
    again = parse_any(trf, "event.trf").tournament
    same = [(r.participant.id, r.rank, r.values) for r in compute_standings(read).rows]
    assert same == [(r.participant.id, r.rank, r.values) for r in compute_standings(again).rows]
    assert [p.points for p in read] == [p.points for p in source]
    print(
        f"{args.players} players x {args.rounds} rounds: TUNX {len(tunx):,} bytes, TRF {len(trf):,}"
    )
    from chess_results_api import decode_tournament

    reads: dict[str, Callable[[], object]] = {
        "TUNX": lambda: parse_any(tunx, "event.TUNX"),
        "TRF": lambda: parse_any(trf, "event.trf"),
        "decoder alone": lambda: decode_tournament(tunx),  # the part that is not ours
    }
    for read_once in reads.values():  # warm the imports and caches
        for _ in range(3):
            read_once()
    runs: dict[str, list[Times]] = {what: [] for what in reads}
    for _ in range(args.repeat):  # interleaved: the machine's noise falls on all alike
        for what, read_once in reads.items():
            runs[what].append(timed(read_once))
    print(f"{args.repeat} interleaved reads each (ms):")
    print(f"{'':14} {'wall best':>10} {'wall median':>12} {'CPU best':>9} {'CPU median':>11}")
    for what, ts in runs.items():
        (wb, wm), (cb, cm) = _ms(ts, "wall"), _ms(ts, "cpu")
        print(f"{what:14} {wb:10.2f} {wm:12.2f} {cb:9.2f} {cm:11.2f}")
    for which in ("wall", "cpu"):
        (tb, tm), (fb, fm) = _ms(runs["TUNX"], which), _ms(runs["TRF"], which)
        db, dm = _ms(runs["decoder alone"], which)
        print(
            f"{which}: TUNX / TRF median {tm / fm:.2f} (best {tb / fb:.2f}); "
            f"decoder alone / TRF median {dm / fm:.2f} (best {db / fb:.2f})"
        )


if __name__ == "__main__":
    main()
