"""The games of a Chess-JSON tournament (``gameList``) as TRF round blocks."""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from typing import Any

from ...data_classes import NamedTuple
from .values import Bad, as_int, as_list, as_object


class _Game(NamedTuple):
    """One entry of ``gameList``: where it is, its round and how it was played."""

    what: str
    round: int
    played: bool
    rated: bool
    team_event: bool


class _Block(NamedTuple):
    """One competitor's TRF round block from a game; *guessed* when its result is the
    mirror of the opponent's."""

    cid: int
    round: int
    text: str
    guessed: bool
    line: int


def round_blocks(
    t: Mapping[str, Any], cid_lines: Mapping[int, int], team_event: bool
) -> dict[int, dict[int, str]]:
    """cid -> round -> the 8-character TRF round block ("oooo c r").

    A side without ``"result"`` takes the mirror of its opponent's, unless the competitor has
    an entry of its own in that round; ``"result": null`` says the side has no result here
    (the writer's one-sided pairings: the opponent's own entry, if any, is elsewhere)."""
    blocks: dict[int, dict[int, str]] = {}
    inferred: dict[int, dict[int, str]] = {}
    for i, g in enumerate(as_list(t.get("gameList"), '"gameList"')):
        what = f'"gameList[{i}]"'
        for block in _game_blocks(as_object(g, what), what, cid_lines, team_event):
            mine = (inferred if block.guessed else blocks).setdefault(block.cid, {})
            if block.round in mine:
                raise Bad(
                    f"{what}: competitor {block.cid} has two entries in round {block.round}",
                    block.line,
                )
            mine[block.round] = block.text
    for cid, by_round in inferred.items():
        own = blocks.setdefault(cid, {})
        for rnd, text in by_round.items():
            own.setdefault(rnd, text)
    return blocks


def _game_blocks(
    g: Mapping[str, Any], what: str, cid_lines: Mapping[int, int], team_event: bool
) -> Iterator[_Block]:
    """The round block of each side of a game that names a competitor and has a result
    (lazily: a side's block is taken before the next side is checked)."""
    rnd = as_int(g.get("round"), f"{what}.round")
    if not 1 <= rnd <= 99:
        raise Bad(f"{what}: round {rnd} is outside 1..99")
    pairs = ((g.get("white"), "w"), (g.get("black"), "b"))
    sides = [(s, col) for s, col in pairs if isinstance(s, dict) and s.get("cid")]
    if not sides:
        raise Bad(f"{what}: neither side names a competitor (cid)")
    played = bool(g.get("played", True))
    game = _Game(
        what=what,
        round=rnd,
        played=played,
        rated=bool(g.get("rated", played)),
        team_event=team_event,
    )
    for side, colour in sides:
        other = next((s for s, c in sides if c != colour), None)
        block = _side_block(game, side, colour, other, cid_lines)
        if block is not None:
            yield block


def _side_block(
    game: _Game,
    side: Mapping[str, Any],
    colour: str,
    other: Mapping[str, Any] | None,
    cid_lines: Mapping[int, int],
) -> _Block | None:
    """One side's round block; None when only the other side's result is known."""
    what = game.what
    cid = as_int(side["cid"], f"{what}.{'white' if colour == 'w' else 'black'}.cid")
    line = cid_lines.get(cid, 0)
    opponent = as_int(other["cid"], f"{what} cid") if other is not None else 0
    guessed = "result" not in side
    letter = _mirrored(other, game.played) if guessed else side["result"]
    if letter is None:
        return None
    code = _code(str(letter).upper(), game.played, game.rated, bool(opponent), game.team_event)
    if code is None:
        how = ("played" if game.played else "not played") + (
            ", with an opponent" if opponent else ""
        )
        raise Bad(f"{what}: result '{letter}' of competitor {cid} ({how}) has no TRF code", line)
    if side.get("colour") == "-":  # paired without a colour (our writer's mark)
        colour = "-"
    text = f"{opponent:4d} {colour} {code}" if opponent else f"0000 - {code}"
    return _Block(cid=cid, round=game.round, text=text, guessed=guessed, line=line)


def _mirrored(other: Mapping[str, Any] | None, played: bool) -> str | None:
    """The result of a side that gives none: the mirror of its opponent's (a win not played
    is a forfeit), or None when the opponent gives none either."""
    if other is None or not isinstance(other.get("result"), str):
        return None
    letter = {"W": "L", "L": "W", "D": "D", "Z": "W"}.get(other["result"].upper(), None)
    if letter == "W" and not played:
        letter = "F"
    return letter


def _code(letter: str, played: bool, rated: bool, opponent: bool, team: bool) -> str | None:
    if opponent:
        if played and letter in ("W", "D", "L"):
            return {"W": "1", "D": "=", "L": "0"}[letter] if rated else letter
        if not played:
            return {"W": "+", "F": "+", "L": "-", "Z": "-"}.get(letter)
        return None
    if letter == "P":
        return "U"
    if letter == "W":
        return "+" if team else "F"  # in a team event: a board won against an empty one
    if letter == "F":
        return "F"
    return {"D": "H", "H": "H", "Z": "Z", "L": "Z", "U": "Z"}.get(letter)
