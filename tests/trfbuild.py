"""Build TRF16 text for tests, independently of the library (columns per C.04 Annex 2).

A round is written as ``(opponent, colour, code)``, e.g. ``(5, "w", "1")``, or as a bye
``(None, "-", "U")``; ``None`` alone is an empty block (not paired).
"""

from __future__ import annotations

from collections.abc import Sequence

Round = tuple[int | None, str, str] | None


def block(r: Round) -> str:
    if r is None:
        return "  " + " " * 8
    opp, colour, code = r
    return f"  {opp or 0:4d} {colour} {code}"


def player_line(
    pid: int,
    name: str,
    rounds: Sequence[Round],
    points: str = "",
    rating: int = 0,
    fed: str = "",
    fide_id: str = "",
    rank: str = "",
) -> str:
    head = (
        f"001 {pid:4d}      {name:<33} {rating or '':>4} {fed:<3} {fide_id:>11} "
        f"{'':10} {points:>4} {rank:>4}"
    )
    assert len(head) == 89, len(head)
    return (head + "".join(block(r) for r in rounds)).rstrip()


def tournament(
    players: dict[int, Sequence[Round]],
    *,
    name: str = "Test event",
    headers: Sequence[str] = ("092 Individual: Swiss-System",),
    names: dict[int, str] | None = None,
) -> str:
    lines = [f"012 {name}", *headers]
    for pid in sorted(players):
        lines.append(player_line(pid, (names or {}).get(pid, f"Player {pid}"), players[pid]))
    return "\n".join(lines) + "\n"


_OPPOSITE = {"1": "0", "0": "1", "=": "=", "+": "-", "-": "+"}


def against_fixed_scores(
    subject: Sequence[tuple[str, float | None]],
    rounds: int,
    special: dict[int, Sequence[Round]] | None = None,
    extra: dict[int, Sequence[Round]] | None = None,
) -> str:
    """A Swiss where player 1 (the subject) meets, in round k, an opponent who finishes on
    a chosen score: ``subject[k] = (code, opponent_score)``; a bye code (H, Z, U, F) or
    ``""`` (not paired) takes ``None`` as score. Opponents reach their score by playing
    fresh filler players in every other round, so they have no unplayed rounds and their
    adjusted score equals their final score. *special* replaces an opponent's rounds
    (round k's opponent has id k + 1) for opponents with unplayed rounds of their own;
    *extra* adds players (e.g. the special opponents' own opponents).
    """
    players: dict[int, list[Round]] = {1: []}
    filler = 1000
    value = {"1": 1.0, "=": 0.5, "0": 0.0, "+": 1.0, "-": 0.0}
    for k, (code, score) in enumerate(subject, start=1):
        opp = k + 1
        if score is None and (special is None or opp not in special):
            players[1].append((None, "-", code) if code else None)
            continue
        players[1].append((opp, "w", code))
        if special and opp in special:
            players[opp] = list(special[opp])
            continue
        mine = _OPPOSITE[code]
        remaining = score - value[mine]
        rounds_of_opp: list[Round] = []
        for r in range(1, rounds + 1):
            if r == k:
                rounds_of_opp.append((1, "b", mine))
                continue
            filler += 1
            res = "1" if remaining >= 1 else ("=" if remaining == 0.5 else "0")
            remaining -= value[res]
            rounds_of_opp.append((filler, "w", res))
            players[filler] = [None] * (r - 1) + [(opp, "b", _OPPOSITE[res])]
        assert remaining == 0, f"score {score} is out of reach in {rounds} rounds"
        players[opp] = rounds_of_opp
    players.update(extra or {})
    return tournament(players)
