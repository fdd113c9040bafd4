"""A decoded Swiss-Manager event as the model, built directly from the decoder's records
(reading a TUNX costs little more than reading the same event as TRF: benchmarks/
swiss_manager.py). What TRF could not hold is cut with a warning here too, so that the
event always writes as TRF-2026 and reads back to the same standings.

The decoder is ``chess-results-api`` (its records are typed in ``chess_results_api.models``);
this module reads only the fields it names and never imports it at run time (the caller
passes the decoded event). Result codes are Swiss-Manager's board codes as the decoder
names them (``GameResult``): 1 white wins, 2 draw, 3 black wins, 4 / 5 won by forfeit by
white / black, 6 double forfeit, 9 bye, 10 double zero, 0 not reported yet.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from fractions import Fraction
from typing import TYPE_CHECKING

from ...constructors import fast_constructor
from ...data_classes import NamedTuple
from ...model import (
    Colour,
    Game,
    Participant,
    Scoring,
    Tournament,
    TournamentType,
    infer_type,
    new_participant,
)
from ...model import ResultKind as K
from ...numbers import clip, from_units
from .codes import map_codes

if TYPE_CHECKING:
    from chess_results_api.models import Player as SmPlayer
    from chess_results_api.models import Round as SmRound
    from chess_results_api.models import Tournament as SmTournament

BYE = -1  # the decoder's black player of a pairing-allocated bye
NOT_PAIRED = -2  # the decoder's black player of a player not paired in the round
PENDING = 0  # a pairing's code before its result is entered

# A pairing's board code -> (white's kind, black's kind). A double zero is a game both
# lost (over the board, 0-0); a double forfeit is two forfeit losses.
PAIRED = {
    1: (K.WIN, K.LOSS),
    2: (K.DRAW, K.DRAW),
    3: (K.LOSS, K.WIN),
    4: (K.FORFEIT_WIN, K.FORFEIT_LOSS),
    5: (K.FORFEIT_LOSS, K.FORFEIT_WIN),
    6: (K.DOUBLE_FORFEIT, K.DOUBLE_FORFEIT),
    10: (K.LOSS, K.LOSS),
}
# The code of a bye (black -1): the pairing-allocated bye, also before its round is scored.
BYES = {0: K.PAB, 9: K.PAB}
# The code of a player not paired (black -2): the points the player was given for the round
# (white's side of the code): 1 a full-point bye, 2 a half-point bye, 3 a zero-point bye,
# 0 nothing (absent, withdrawn).
UNPAIRED = {0: K.NOT_PAIRED, 1: K.FULL_BYE, 2: K.HALF_BYE, 3: K.ZERO_BYE}
# Swiss-Manager's sex field: 1 is a woman (every such name in the 30 shared files); 0 is
# also "not given", so it is read as not given.
SEX = {1: "w"}
SCALE = 2  # 1 / ½ / 0: every score is a whole number of half points
# The national rating: a U16 at byte 34 of the player record's numeric part, which the
# decoder keeps whole (``Player.numeric_data``) but does not name. The MIT decoder
# echecsjs/tunx reads it two bytes after the FIDE rating (its offsets 0x08 and 0x0a);
# chess-results-api reads the FIDE rating at byte 32, so the national rating is at 34. In
# the 30 shared files it is the FIDE rating where a federation rates with FIDE's list
# (ROU), a national list's own value elsewhere (AUT, RUS, IND), 0 where none is kept.
NATIONAL_RATING_AT = 34
MAX_RATING = 9999  # TRF's four columns
_LIST_FEDERATION = re.compile(r"[A-Z]{3}")  # what a TRF-2026 national rating line starts with


class BadEvent(ValueError):
    """What the decoder read but the model cannot hold: the reader says it, exit 2."""


class Built(NamedTuple):
    """The model of a Swiss-Manager event and warnings about what it could not hold whole."""

    tournament: Tournament
    notes: list[str]


def _has_board_result(r: SmRound) -> bool:
    """Whether round *r* has a result on a board (two players, or a player against an
    empty board of a team match): a bye or an absence entered is no sign of play, as
    Swiss-Manager stores those ahead for rounds not played yet."""
    return any(g.result_code for g in r.games if g.black_player not in (BYE, NOT_PAIRED))


def played_rounds(event: SmTournament) -> int:
    """The rounds read: every round up to the last with a board result. Later rounds have
    not been played yet, whether paired (boards without results) or holding only what was
    entered ahead: the byes requested and the absences of players who withdrew
    (Swiss-Manager stores them as entries of those rounds). A round before that last one
    without a board result is read as it is (:func:`_silent_rounds` says it): dropping it
    would drop the results of every round after it."""
    return max((i for i, r in enumerate(event.rounds, 1) if _has_board_result(r)), default=0)


def _silent_rounds(rounds: Iterable[SmRound]) -> list[int]:
    """The numbers of the rounds read that hold no board result (a later round has one)."""
    return [r.number for r in rounds if not _has_board_result(r)]


def _silent_note(numbers: list[int]) -> str:
    """The warning for rounds read without a single board result."""
    which = f"round {numbers[0]}" if len(numbers) == 1 else f"rounds {_listed(numbers)}"
    return (
        f"{which} {'has' if len(numbers) == 1 else 'have'} no board result, though a later "
        "round has: read as stored, each pairing without a result counted as not paired "
        "(its byes and absences as entered)"
    )


def _listed(numbers: list[int]) -> str:
    return ", ".join(map(str, numbers[:-1])) + f" and {numbers[-1]}"


#: A lone entry's code in a round not played yet -> the TRF-2026 bye (240) it announces:
#: a full-point, half-point or zero-point bye requested; 0, not paired (the absence of a
#: player who withdrew), is a known absence, which TRF-2026 writes as a zero-point bye.
AHEAD = {1: "F", 2: "H", 3: "Z", 0: "Z"}


def _ahead(rounds: Iterable[SmRound]) -> dict[tuple[str, int], list[int]]:
    """The byes and absences entered for rounds not played yet: (letter, round) -> the
    players, as TRF-2026 240 records give them."""
    out: dict[tuple[str, int], list[int]] = {}
    for r in rounds:
        for g in r.games:
            if g.black_player == NOT_PAIRED and g.result_code in AHEAD:
                out.setdefault((AHEAD[g.result_code], r.number), []).append(g.white_player)
    return out


def _not_read(event: SmTournament, read: int, ahead: dict[tuple[str, int], list[int]]) -> str:
    """The warning for the rounds after the last one played."""
    later = [r for r in event.rounds[read:] if r.games]
    last = later[-1].number
    which = f"round {last}" if last == read + 1 else f"rounds {read + 1}-{last}"
    boards = any(g.black_player > 0 for r in later for g in r.games)
    what = "paired without results" if boards else "hold only byes and absences entered ahead"
    note = f"{which} {what} (not played yet); read as after round {read}"
    if ahead:
        byes = "; ".join(
            f"round {rnd} {letter}: {', '.join(map(str, sorted(ids)))}"
            for (letter, rnd), ids in sorted(ahead.items(), key=lambda kv: kv[0][::-1])
        )
        note += f"; the byes and absences entered for them kept as TRF-2026 byes (240): {byes}"
    return note


def build(event: SmTournament) -> Built:
    """The tournament *event* holds (for a team file, its players' tournament, which
    :func:`.teams.team_event` makes the team event); raises :class:`BadEvent` for a result
    code the model has no reading of, or a rating TRF cannot hold."""
    notes: list[str] = []
    read = played_rounds(event)
    ahead = _ahead(event.rounds[read:])
    if any(r.games for r in event.rounds[read:]):
        notes.append(_not_read(event, read, ahead))
    silent = _silent_rounds(event.rounds[:read])
    if silent:
        notes.append(_silent_note(silent))
    grid = _games(event.rounds[:read], len(event.players), notes, quiet=frozenset(silent))
    # zip(*rounds): each player's games in round order (no round read: none)
    results = zip(*grid.rounds, strict=True) if grid.rounds else [()] * len(event.players)
    people = tuple(
        _participant(p, games, units, notes)
        for p, games, units in zip(event.players, results, grid.units, strict=True)
    )
    c, m = event.configuration, event.metadata
    mapped = map_codes(tuple(c.tie_break_codes))
    notes.extend(mapped.warnings)
    dates = [r.scheduled_date for r in event.rounds[:read] if r.scheduled_date]
    t = Tournament(
        name=m.name,
        participants=people,
        rounds=read,
        scoring=Scoring(),
        scale=SCALE,
        start_date=c.start_date,
        end_date=c.end_date or max(dates, default=None),
        planned_rounds=c.round_count or None,
        declared_tiebreaks=mapped.codes,
        info=_info(event, mapped.codes, ahead),
    )
    kind = event.tournament_type.name
    if kind in ("ROUND_ROBIN", "TEAM_ROUND_ROBIN"):
        t = t.with_type(TournamentType.ROUND_ROBIN, "file")
    elif kind in ("SWISS", "TEAM_SWISS"):
        t = t.with_type(TournamentType.SWISS, "file")
    else:
        t = t.with_type(infer_type(t), "inferred")
    return Built(t, notes)


def _info(
    event: SmTournament, codes: Iterable[str], ahead: dict[tuple[str, int], list[int]]
) -> dict[str, str]:
    """The header records a TRF of the event would have, for the doors that show them,
    and the byes of rounds not played yet (240: col 5 the letter, 7-9 the round, the
    start ranks from col 11), which a TRF-2026 of the event carries."""
    m = event.metadata
    info = {"012": m.name, "022": m.location, "032": m.federation, "102": m.chief_arbiter}
    info |= {"122": m.time_control, "142": str(event.configuration.round_count)}
    info["202"] = ",".join(codes)
    info["240"] = "\n".join(
        f"{letter} {rnd:3d} " + " ".join(f"{pid:4d}" for pid in sorted(ids))
        for (letter, rnd), ids in sorted(ahead.items(), key=lambda kv: kv[0][::-1])
    )
    return {k: v for k, v in info.items() if v.strip()}


# (kind, colour) -> the points and units of the round, for 1 / ½ / 0 scoring: worked out
# once, as every game of a large event is built from them.
_VALUE = {
    (kind, colour): (Scoring().points(kind, colour), int(Scoring().points(kind, colour) * SCALE))
    for kind in K
    for colour in Colour
}
_make_game = fast_constructor(Game)  # one per player and round: the named tuple's fast path


def _game(rnd: int, kind: K, opponent: int | None, colour: Colour) -> Game:
    points, units = _VALUE[kind, colour]
    return _make_game((rnd, kind, opponent, colour, points, units))


class _Side(NamedTuple):
    """One side of a board code, worked out once: its kind, points and units."""

    kind: K
    points: Fraction
    units: int


def _side(kind: K, colour: Colour) -> _Side:
    points, units = _VALUE[kind, colour]
    return _Side(kind, points, units)


# A board code -> white's side and black's side; a lone entry's code -> its one side.
_BOARD = {code: (_side(w, Colour.WHITE), _side(b, Colour.BLACK)) for code, (w, b) in PAIRED.items()}
_BYE = {code: _side(kind, Colour.NONE) for code, kind in BYES.items()}
_UNPAIRED = {code: _side(kind, Colour.NONE) for code, kind in UNPAIRED.items()}


class _Grid(NamedTuple):
    """Every player's games, round by round (``rounds[r][i]``: player *i + 1*'s game in
    round *r + 1*), and every player's total in units."""

    rounds: list[list[Game]]
    units: list[int]


def _games(
    rounds: Iterable[SmRound], players: int, notes: list[str], quiet: frozenset[int] = frozenset()
) -> _Grid:
    """Every player's games, round by round: a player with no entry in a round is not
    paired; a pairing without a result is said (once for a round in *quiet*, which has
    none: the caller says it), and counts nothing, as the TRF reader counts such a pairing.
    The decoder has checked that every number names a player and that nobody is in two
    entries of a round.

    One list per round filled by player number (rather than per-player lookups) and the
    sides of each code worked out once: a 200 x 9 TUNX reads in about 1.3 x its TRF."""
    # tuple.__new__(Game, ...) skips the named tuple's Python-level __new__ (hot loop; as
    # the TRF reader builds its games)
    new, white_, black_, none_ = tuple.__new__, Colour.WHITE, Colour.BLACK, Colour.NONE
    grid: list[list[Game]] = []
    units = [0] * players
    for r in rounds:
        n = r.number
        row = [_game(n, K.NOT_PAIRED, None, none_)] * players
        for g in r.games:
            white, black, code = g.white_player - 1, g.black_player, g.result_code
            if white < 0 or black == 0:  # an empty board of a team match
                _empty_board(row, n, white + 1, black, code, units)
            elif black > 0:
                sides = _BOARD.get(code)
                if sides is None:  # no result yet: counted as not paired, as TRF counts it
                    _pending(n, g.number, white + 1, black, code, None if n in quiet else notes)
                    row[white] = _game(n, K.NOT_PAIRED, None, white_)
                    row[black - 1] = _game(n, K.NOT_PAIRED, None, black_)
                    continue
                (wk, wp, wu), (bk, bp, bu) = sides
                row[white] = new(Game, (n, wk, black, white_, wp, wu))
                row[black - 1] = new(Game, (n, bk, white + 1, black_, bp, bu))
                units[white] += wu
                units[black - 1] += bu
            else:
                table, what = (_BYE, "bye") if black == BYE else (_UNPAIRED, "unpaired player")
                one = table.get(code)
                if one is None:
                    raise BadEvent(
                        f"round {n}, pairing {g.number}: result code {code} of a {what} "
                        "is not one Swiss-Manager uses"
                    )
                kind, points, value = one
                row[white] = new(Game, (n, kind, None, none_, points, value))
                units[white] += value
        grid.append(row)
    return _Grid(grid, units)


# An empty board's code -> the side that sat there, and its game: a forfeit win (4 white,
# 5 black), as the TRF team reader reads "+" against an empty board; 0, no result yet.
_EMPTY_BOARD = {4: Colour.WHITE, 5: Colour.BLACK}


def _empty_board(
    row: list[Game], rnd: int, white: int, black: int, code: int, units: list[int]
) -> None:
    """A board of a team match with one side empty (player number 0) or both."""
    present = [
        (pid, colour) for pid, colour in ((white, Colour.WHITE), (black, Colour.BLACK)) if pid > 0
    ]
    if not present:
        if code:
            raise BadEvent(f"round {rnd}: an empty board has result code {code}")
        return
    ((pid, colour),) = present
    if code == PENDING:
        row[pid - 1] = _game(rnd, K.NOT_PAIRED, None, colour)
    elif _EMPTY_BOARD.get(code) is colour:
        row[pid - 1] = game = _game(rnd, K.FORFEIT_WIN, None, colour)
        units[pid - 1] += game.units
    else:
        raise BadEvent(
            f"round {rnd}: player {pid} sits opposite an empty board with result code "
            f"{code}, which this reader has no reading of for such a board"
        )


def _pending(
    rnd: int, number: int, white: int, black: int, code: int, notes: list[str] | None
) -> None:
    """A pairing whose code is no board result: one without a result yet is said (in
    *notes*, unless None: its round is said as a whole); any other code is refused."""
    if code != PENDING:
        raise BadEvent(
            f"round {rnd}, pairing {number}: board result code {code} is not one Swiss-Manager uses"
        )
    if notes is None:
        return
    notes.append(
        f"round {rnd}: players {white} and {black} are paired without a result; "
        "counted as not paired"
    )


def _cut(p: SmPlayer, what: str, text: str, width: int, notes: list[str]) -> str:
    """*text*, longer than TRF's *width* columns, cut to them, with a warning."""
    notes.append(
        f"player {p.number}: {what} '{clip(text, 40)}' is longer than TRF's {width} "
        f"columns; read as '{text[:width]}'"
    )
    return text[:width]


def _participant(p: SmPlayer, games: tuple[Game, ...], units: int, notes: list[str]) -> Participant:
    if p.rating > MAX_RATING:
        raise BadEvent(f"player {p.number}: rating {p.rating} is outside 0..{MAX_RATING}")
    national = int.from_bytes(p.numeric_data[NATIONAL_RATING_AT : NATIONAL_RATING_AT + 2], "little")
    if national > MAX_RATING:
        raise BadEvent(f"player {p.number}: national rating {national} is outside 0..{MAX_RATING}")
    last, first = p.last_name.strip(), p.first_name.strip()
    name = f"{last}, {first}" if last and first else last or first
    federation, title = p.federation.strip(), p.title.strip()
    # TRF's columns: 33 for the name, 3 for the federation and the title
    if len(name) > 33:
        name = _cut(p, "name", name, 33, notes).strip()
    if len(federation) > 3:
        federation = _cut(p, "federation", federation, 3, notes)
    if len(title) > 3:
        title = _cut(p, "title", title, 3, notes)
    if national and not _LIST_FEDERATION.fullmatch(federation):
        notes.append(
            f"player {p.number}: national rating {national} without a federation that "
            "names its list (TRF-2026's national rating line needs one); left out"
        )
        national = 0
    return new_participant(
        id=p.number,
        name=name,
        points=from_units(units, SCALE),
        results=games,
        units=units,
        rating=p.rating or None,
        national_rating=national or None,
        federation=federation,
        fide_id=str(p.fide_id) if p.fide_id else "",
        title=title,
        sex=SEX.get(p.sex_code, ""),
        birth_date=_birth(p) if p.birth_date is not None else "",
    )


def _birth(p: SmPlayer) -> str:
    b = p.birth_date
    if b is None:
        return ""
    return f"{b.year:04d}/{b.month or 0:02d}/{b.day or 0:02d}"
