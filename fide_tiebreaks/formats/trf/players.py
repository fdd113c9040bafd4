"""TRF player records (001) and their round blocks: results, colours, opponents, and the
checks that hold them together (C.04 Annex 2: results mirror, opponents exist)."""

from __future__ import annotations

import re
from datetime import date
from fractions import Fraction

from ...data_classes import NamedTuple
from ...dates import read_birth
from ...diagnostics import InputError, first_control
from ...model import Colour, Game, Participant, ResultKind, Scoring, participant_from
from ...numbers import clip, exact_str, from_units, parse_decimal
from ..base import fatal
from .state import (
    MAX_PLAYERS,
    MAX_ROUNDS,
    MIRROR,
    OPPONENT_COLUMNS,
    FastBlocks,
    ParserState,
    PlayerLine,
    column_of,
    digits,
    not_a_rating,
)

# Result codes of the round blocks (TRF16 C.04 Annex 2; letters are case-insensitive).
WITH_OPPONENT = {
    "1": ResultKind.WIN,
    "=": ResultKind.DRAW,
    "0": ResultKind.LOSS,
    "W": ResultKind.UNRATED_WIN,
    "D": ResultKind.UNRATED_DRAW,
    "L": ResultKind.UNRATED_LOSS,
    "+": ResultKind.FORFEIT_WIN,
    "-": ResultKind.FORFEIT_LOSS,
}
BYES = {
    "U": ResultKind.PAB,
    "F": ResultKind.FULL_BYE,
    "H": ResultKind.HALF_BYE,
    "Z": ResultKind.ZERO_BYE,
    " ": ResultKind.NOT_PAIRED,
}
# A game result written without an opponent: what it can only mean, said in a warning.
ORPHAN = {
    "1": (ResultKind.PAB, "pairing-allocated bye (U)"),
    "W": (ResultKind.PAB, "pairing-allocated bye (U)"),
    "+": (ResultKind.FULL_BYE, "full-point bye (F)"),
    "=": (ResultKind.HALF_BYE, "half-point bye (H)"),
    "D": (ResultKind.HALF_BYE, "half-point bye (H)"),
    "0": (ResultKind.ZERO_BYE, "zero-point bye (Z)"),
    "L": (ResultKind.ZERO_BYE, "zero-point bye (Z)"),
}
LOSSES_BY_FORFEIT = (ResultKind.FORFEIT_LOSS, ResultKind.DOUBLE_FORFEIT)

_new = tuple.__new__
COLOURS = {
    "w": Colour.WHITE,
    "W": Colour.WHITE,
    "b": Colour.BLACK,
    "B": Colour.BLACK,
    "-": Colour.NONE,
    " ": Colour.NONE,
}
# One round block, columns 90-99 for round 1: two blanks, opponent, colour, result.
# (The second group keeps the blank before the colour: FastBlocks' keys are four columns.)
BLOCK = re.compile(OPPONENT_COLUMNS + r"( [wbWB \-] [10=+\-WDLHFUZwdlhfuz ])")


def code_letter(kind: ResultKind) -> str:
    """The TRF letter of a result kind (a double forfeit is '-', no entry is 'Z')."""
    return {ResultKind.DOUBLE_FORFEIT: "-", ResultKind.NOT_PAIRED: "Z"}.get(kind, kind.value)


def player_line(st: ParserState, number: int, line: str) -> None:
    rank_text = line[4:8].strip()
    if not digits(rank_text) or not 1 <= int(rank_text) <= MAX_PLAYERS:
        st.out.error(number, 5, f"start rank '{rank_text}' in columns 5-8 must be 1-{MAX_PLAYERS}")
        return
    if line[8:9].isdigit():
        # A fifth digit: more players than TRF's four columns hold (or a shifted line).
        st.out.error(
            number,
            5,
            f"start rank '{line[4:9]}' does not fit columns 5-8: "
            f"TRF holds at most {MAX_PLAYERS} players",
        )
        return
    tail = line[89:].rstrip()
    tail = tail.ljust(-(-len(tail) // 10) * 10)
    common = common_games(st.fast, tail)
    player = PlayerLine(id=int(rank_text), line=number, text=line, games=common or [], pending={})
    if common is None:
        _uncommon_blocks(st, player, tail)
    st.players.append(player)
    st.mirrors.add(player.id, player.games)


def common_games(fast: FastBlocks, tail: str) -> list[Game] | None:
    """The games of a line whose every round block (*tail*: column 90 on, in whole blocks)
    is a common one (:class:`~.state.FastBlocks`), else None: read them the careful way.

    Why slices and look-ups: a large event has a block per player and round; cutting each
    block's two parts out and looking them up (each opponent's columns converted once per
    file) costs a third less than a regular expression's groups, and nothing is said
    here, so a line with an odd block is read again from its start by
    :func:`_uncommon_blocks`."""
    opponents, with_opponent, without = fast.columns, fast.with_opponent, fast.without
    games: list[Game] = []
    append = games.append
    for rnd, at in enumerate(range(0, len(tail), 10), start=1):
        opponent = opponents[tail[at : at + 6]]  # None: not a block's opponent columns
        found = (with_opponent if opponent else without).get(tail[at + 6 : at + 10])
        if found is None or opponent is None:
            return None
        kind, colour, points, units = found
        # tuple.__new__ skips the named tuple's Python-level __new__ (hot loop)
        append(_new(Game, (rnd, kind, opponent or None, colour, points, units)))
    return games


def _uncommon_blocks(st: ParserState, player: PlayerLine, tail: str) -> None:
    """The round blocks of a line with a block that is not common: the well-formed common
    ones as :func:`common_games` reads them, the others the careful way."""
    games = player.games
    blocks = BLOCK.findall(tail)
    if len(blocks) * 10 == len(tail):
        # Fast path: every block is well formed (matches are 10 characters each and do
        # not overlap, so as many as the tail holds cover it from its start); unusual
        # blocks still go the careful way.
        with_opponent, without, numbers = st.fast.with_opponent, st.fast.without, st.fast.opponents
        append = games.append
        for i, (opp, colour_and_code) in enumerate(blocks, start=1):
            opponent = numbers[opp]  # BLOCK matched digits or blanks: int() would read it
            found = (with_opponent if opponent else without).get(colour_and_code)
            if found is not None:
                kind, colour, points, units = found
                # tuple.__new__ skips the named tuple's Python-level __new__ (hot loop)
                append(_new(Game, (i, kind, opponent or None, colour, points, units)))
            elif not _block(st, player, 91 + 10 * (i - 1)):
                break
    elif not _shifted_before_rounds(st, player):
        for start in range(91, len(player.text), 10):
            if not _block(st, player, start):
                break


def _block(st: ParserState, player: PlayerLine, start: int) -> bool:
    """Read one round block the careful way, saying what is odd about it; False when the
    line cannot be read further (its columns are shifted). A block that cannot be read is
    an error and the round is read as not paired: the player stays, so the opponents
    whose lines name them are not told that they do not exist."""
    rnd = (start - 91) // 10 + 1
    if _shifted(st, player, start, rnd):
        player.unread_from = rnd
        return False
    block = _fields(st, player, start, rnd)
    if block is None:
        player.unread.add(rnd)
        player.games.append(st.game(rnd, ResultKind.NOT_PAIRED, None, Colour.NONE))
    else:
        player.games.append(_game(st, player, block))
    return True


class _Block(NamedTuple):
    """One round block's fields, checked: the round, its first column (1-based), the
    opponent's start rank (0: none), the colour and the result code (upper case)."""

    rnd: int
    column: int
    opponent: int
    colour: Colour
    code: str


def _shifted(st: ParserState, player: PlayerLine, start: int, rnd: int) -> bool:
    """True (with the error said) when something stands between the block's fields: its
    columns are shifted, and so are the rest of the line's."""
    chunk = player.text[start : start + 10].ljust(10)
    stray = [i for i in (4, 6, 8, 9) if chunk[i] != " "]
    if stray:
        st.out.error(
            player.line,
            start + 1 + stray[0],
            f"round {rnd}: unexpected '{chunk[stray[0]]}' between fields (columns shifted?); "
            "the rest of the line is not read",
        )
    return bool(stray)


def _shifted_before_rounds(st: ParserState, player: PlayerLine) -> bool:
    """True (with the error said, as :func:`_shifted` says it) when columns 90-91, the blanks
    between the rank (86-89) and round 1's block (92-101), hold a character: the round
    blocks are shifted, and none of them is read."""
    gap = player.text[89:91]
    stray = [i for i, c in enumerate(gap) if c != " "]
    if stray:
        st.out.error(
            player.line,
            90 + stray[0],
            f"round 1: unexpected '{gap[stray[0]]}' between fields (columns shifted?); "
            "the rest of the line is not read",
        )
        player.unread_from = 1
    return bool(stray)


def _fields(st: ParserState, player: PlayerLine, start: int, rnd: int) -> _Block | None:
    """The block at *start* of the player's line, or None (with the error said) when a field
    cannot be read: an opponent, colour or code unknown."""
    number = player.line
    chunk = player.text[start : start + 10].ljust(10)
    column = start + 1
    opp_text, code = chunk[0:4].strip(), chunk[7].upper()
    colour = COLOURS.get(chunk[5])
    if opp_text and not digits(opp_text):
        st.out.error(number, column, f"round {rnd}: opponent '{opp_text}' is not a start rank")
        return None
    if colour is None:
        st.out.error(number, column + 5, f"round {rnd}: colour '{chunk[5]}' must be w, b or -")
        return None
    if code not in WITH_OPPONENT and code not in BYES:
        st.out.error(number, column + 7, f"round {rnd}: unknown result code '{chunk[7]}'")
        return None
    opponent = int(opp_text) if opp_text else 0
    return _Block(rnd=rnd, column=column, opponent=opponent, colour=colour, code=code)


def _game(st: ParserState, player: PlayerLine, b: _Block) -> Game:
    """The game a checked block records, with a warning or note where the block is odd (a
    bye with an opponent, a result without one)."""
    number, rnd, code, opponent = player.line, b.rnd, b.code, b.opponent
    if opponent and code in WITH_OPPONENT:
        return st.game(rnd, WITH_OPPONENT[code], opponent, b.colour)
    if opponent and code == " ":
        player.pending[rnd] = opponent
        return st.game(rnd, ResultKind.NOT_PAIRED, None, b.colour)
    if opponent:
        st.out.warning(
            number,
            b.column,
            f"round {rnd}: a bye ('{code}') with opponent {opponent}; the opponent is ignored",
        )
        return st.game(rnd, BYES[code], None, Colour.NONE)
    if code in BYES:
        return st.game(rnd, BYES[code], None, Colour.NONE)
    if code == "-":
        if not st.team_file:  # in team files: a reserve who did not play
            st.out.note(
                number, b.column + 7, f"round {rnd}: '-' without an opponent read as absent"
            )
        return st.game(rnd, ResultKind.NOT_PAIRED, None, Colour.NONE)
    if code == "+" and st.team_file:
        # a board won by forfeit against an empty board of the other team
        return st.game(rnd, ResultKind.FORFEIT_WIN, None, b.colour)
    kind, meaning = ORPHAN[code]
    st.out.warning(
        number,
        b.column + 7,
        f"round {rnd}: result '{code}' without an opponent read as a {meaning}",
    )
    return st.game(rnd, kind, None, Colour.NONE)


def participant(
    st: ParserState,
    p: PlayerLine,
    games: tuple[Game, ...],
    units: int,
    scale: int,
    adjustment: int,
    *,
    ended: date | None = None,
) -> Participant:
    line, n = p.text, p.line
    birth_text = line[69:79].strip()
    if birth_text:
        check_birth(st, p, birth_text, ended)
    rating_text = line[48:52].strip()
    rating = None
    if rating_text and digits(rating_text):
        rating = int(rating_text) or None
    elif rating_text:
        st.out.warning(n, 49, f"{not_a_rating(rating_text)}; treated as unrated")
    declared = None
    points_text = line[80:84].strip()
    if points_text:
        declared = parse_decimal(points_text)
        if declared is None:
            st.out.warning(n, 81, f"points '{points_text}' in columns 81-84 is not a number")
    rank_text = line[85:89].strip()
    rank = None
    if digits(rank_text):
        rank = int(rank_text)
    elif rank_text:
        st.out.warning(n, 86, f"rank '{rank_text}' in columns 86-89 is not a number")
    name = line[14:47].strip()
    if (control := first_control(name)) is not None:
        _control_in_name(st, n, 15 + line[14:47].index(control.group()), control.group())
    return participant_from(
        {
            "id": p.id,
            "name": name,
            "points": from_units(units, scale),
            "results": games,
            "units": units,
            "rating": rating,
            "federation": line[53:56].strip(),
            "fide_id": line[57:68].strip(),
            "title": line[10:13].strip(),
            "sex": line[9:10].strip(),
            "birth_date": birth_text,
            "declared_points": declared,
            "declared_rank": rank,
            "adjustment_units": adjustment,
            "national_rating": None,
            "round_ratings": (),
            "line": n,
        }
    )


def check_birth(st: ParserState, p: PlayerLine, text: str, ended: date | None) -> None:
    """The birth date (columns 70-79) is a date of the calendar, or a partial or unknown one
    as real files write them (dates.read_birth); born after the event ended is an impossible
    event: an age counted from it would put the player into every under-N category."""
    read = st.births.get(text)
    if read is None:  # each text read once per file: birth dates repeat (a year alone, say)
        read = st.births[text] = read_birth(text)
    if read.problem:
        report = st.out.error if read.understood else st.out.warning
        report(p.line, 70, f"birth date '{clip(text)}' {read.problem}")
    elif read.birth is not None and ended is not None and read.birth.earliest > ended:
        st.out.impossible(
            p.line, 70, f"player {p.id} was born on {text}, after the event ended ({ended})"
        )


def settle_rounds(st: ParserState, players: dict[int, PlayerLine]) -> int:
    found = max((len(p.games) for p in players.values()), default=0)
    # A trailing round that is only paired (no result anywhere) has not been played yet.
    while (
        found
        and any(found in p.pending for p in players.values())
        and all(
            len(p.games) < found or p.games[found - 1].kind is ResultKind.NOT_PAIRED
            for p in players.values()
        )
    ):
        st.out.note(
            0,
            0,
            f"round {found} is paired but has no results; standings are after round {found - 1}",
        )
        for p in players.values():
            del p.games[found - 1 :]
            p.pending.pop(found, None)
        found -= 1
    if found > MAX_ROUNDS:
        raise InputError(
            [
                *st.out.items,
                fatal(st.source.path, f"{found} rounds; the limit is {MAX_ROUNDS}"),
            ]
        )
    for record in st.rounds_declared:
        declared = record.rounds
        if declared < found:
            st.out.warning(
                record.line,
                5,
                f"{record.code} says {declared} rounds but results go to round {found}",
            )
        elif declared > found:
            st.out.note(
                record.line,
                5,
                f"{declared} rounds planned, results for {found}: "
                f"standings are after round {found}",
            )
    for p in players.values():
        while len(p.games) < found:
            p.games.append(st.game(len(p.games) + 1, ResultKind.NOT_PAIRED, None, Colour.NONE))
        for r, opponent in sorted(p.pending.items()) if p.pending else ():
            st.out.warning(
                p.line,
                column_of(r),
                f"round {r}: paired with {opponent} but no "
                "result; counted as a zero-point bye (TRF16: blank = Z)",
            )
    return found


def apply_byes(st: ParserState, players: dict[int, PlayerLine], rounds: int) -> None:
    """TRF-2026 240: byes for players whose round block is empty."""
    for bye in st.byes:
        number, kind, rnd = bye.line, bye.kind, bye.round
        for pid in bye.ids:
            p = players.get(pid)
            if p is None:
                st.out.warning(number, 11, f"240: no player with start rank {pid}")
            elif rnd < 1:
                st.out.warning(number, 7, f"240: there is no round {rnd}; ignored")
                break
            elif rnd > rounds:
                continue  # a bye for a round still to be paired
            elif p.games[rnd - 1].kind is ResultKind.NOT_PAIRED and rnd not in p.pending:
                p.games[rnd - 1] = st.game(rnd, kind, None, Colour.NONE)
            elif p.games[rnd - 1].kind is not kind:
                st.out.warning(
                    number,
                    5,
                    f"240 gives player {pid} a {kind.name.lower()} "
                    f"in round {rnd}, but the 001 line says "
                    f"'{p.games[rnd - 1].kind.value}'",
                )


def cross_check(st: ParserState, players: dict[int, PlayerLine]) -> None:
    """Opponents exist, are not oneself, and results mirror (C.04 Annex 2)."""
    if st.mirrors.complete(players):  # proven as the lines were read: nothing to say
        for games, i in st.mirrors.double_forfeits:
            games[i] = games[i]._replace(kind=ResultKind.DOUBLE_FORFEIT)
        return
    out = st.out
    for pid, p in players.items():
        for g in p.games:
            r, kind, opp, colour, _points, _units = g  # Game fields, unpacked (hot loop)
            if opp is None:
                continue
            o = players.get(opp)
            if o is None or opp == pid:
                what = (
                    f"player {pid} is paired with itself"
                    if opp == pid
                    else (f"opponent {opp} does not exist")
                )
                out.error(
                    p.line, column_of(r), f"round {r}: {what}; the round is read as not paired"
                )
                # The model never holds a game without its opponent (errors stop the CLI).
                p.games[r - 1] = st.game(r, ResultKind.NOT_PAIRED, None, Colour.NONE)
                continue
            og = o.games[r - 1]
            _, o_kind, o_opp, o_colour, _, _ = og
            if o_opp != pid and not o.was_read(r):
                continue  # the opponent's block for the round is unreadable: said there
            if o_opp != pid:
                said = "nothing" if o_opp is None else f"opponent {o_opp}"
                out.warning(
                    p.line,
                    column_of(r),
                    f"round {r}: results do not mirror: {pid} played {opp}, whose line says {said}",
                )
                continue
            if kind is ResultKind.FORFEIT_LOSS and o_kind in LOSSES_BY_FORFEIT:
                p.games[r - 1] = g._replace(kind=ResultKind.DOUBLE_FORFEIT)
                o.games[r - 1] = og._replace(kind=ResultKind.DOUBLE_FORFEIT)
                continue
            if pid > opp:
                continue  # each pair checked once
            if MIRROR.get(kind) is not o_kind:  # one game cannot give both
                out.impossible(
                    p.line,
                    column_of(r) + 7,
                    f"round {r}: results do not mirror: {pid} "
                    f"has '{kind.value}' against {opp}, who has '{o_kind.value}' "
                    f"against {pid} (line {o.line}): one game cannot end so",
                )
            if colour is o_colour and colour is not Colour.NONE:
                out.warning(
                    p.line,
                    column_of(r) + 5,
                    f"round {r}: {pid} and {opp} both have colour '{colour.value}'",
                )


def one_pab_per_round(st: ParserState, players: dict[int, PlayerLine]) -> None:
    """At most one pairing-allocated bye in a round: the one player left over when the number
    is odd (C.04.1 c). Each further one is an impossible event (an error unless lenient)."""
    first: dict[int, PlayerLine] = {}
    # Only a player read with a PAB can have a second one (240 gives F, H and Z byes only).
    for pid in sorted(players.keys() & st.mirrors.with_pab):
        p = players[pid]
        for g in p.games:
            if g.kind is not ResultKind.PAB:
                continue
            before = first.setdefault(g.round, p)
            if before is not p:
                st.out.impossible(
                    p.line,
                    column_of(g.round) + 7,
                    f"round {g.round}: player {pid} has a pairing-allocated bye (U), and so "
                    f"has player {before.id} (line {before.line}): a round has at most one "
                    "(C.04.1 c: the one player left over)",
                )


def abnormal_points(st: ParserState, players: dict[int, PlayerLine]) -> dict[int, Fraction]:
    """TRF-2026 299: a typed record replaces the points of the matching results; an
    untyped one is a bonus or penalty on the total (returned)."""
    bonus: dict[int, Fraction] = {}
    for record in st.abnormal:
        number, letter, points, rnd = record.line, record.letter, record.points, record.round
        for pid in record.ids:
            p = players.get(pid)
            if p is None:
                st.out.warning(number, 24, f"299: no player with start rank {pid}")
                continue
            if not letter:
                bonus[pid] = bonus.get(pid, Fraction(0)) + points
                continue
            hits = [
                g
                for g in p.games
                if (rnd is None or g.round == rnd) and code_letter(g.kind) == letter
            ]
            for g in hits:
                p.games[g.round - 1] = g._replace(points=points, units=int(points * st.scale))
            if not hits:
                st.out.warning(
                    number,
                    5,
                    f"299: player {pid} has no '{letter}' result "
                    f"{'in round ' + str(rnd) if rnd else 'in any round'}",
                )
    return bonus


def check_points(st: ParserState, people: list[Participant], scale: int, scoring: Scoring) -> None:
    for p in people:
        if p.declared_points is not None and p.declared_points != p.points:
            st.out.warning(
                p.line or 0,
                81,
                f"player {p.id}: points column says "
                f"{exact_str(p.declared_points)} but the results give {exact_str(p.points)} "
                f"({scoring.describe()})",
            )


def _control_in_name(st: ParserState, line: int, column: int, char: str) -> None:
    """A control character in a name: a right-to-left override turns the rest of a table's
    line around, a C1 control starts a terminal's escape sequence. Kept in the model (TRF
    writes it back, JSON escapes it); every format a person reads shows U+FFFD."""
    import unicodedata

    what = unicodedata.name(char, "a control character")
    st.out.warning(
        line,
        column,
        f"the name holds U+{ord(char):04X} ({what}): shown as U+FFFD in the table, CSV, HTML "
        "and XML, kept in TRF and escaped in JSON",
    )
