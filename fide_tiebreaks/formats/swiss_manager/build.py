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

from collections.abc import Iterable
from typing import TYPE_CHECKING

from ...data_classes import NamedTuple
from ...model import (
    Colour,
    Game,
    Participant,
    Scoring,
    Tournament,
    TournamentType,
    fast_constructor,
    infer_type,
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


class BadEvent(ValueError):
    """What the decoder read but the model cannot hold: the reader says it, exit 2."""


class Built(NamedTuple):
    """The model of a Swiss-Manager event and warnings about what it could not hold whole."""

    tournament: Tournament
    notes: list[str]


def played_rounds(event: SmTournament) -> int:
    """The rounds read: up to the last round with any pairing, and before the first round
    paired without a single board result (such rounds have not been played yet)."""
    last = max((r.number for r in event.rounds if r.games), default=0)
    for r in event.rounds[:last]:
        boards = [g for g in r.games if g.black_player > 0]
        if boards and not any(g.result_code for g in boards):
            return r.number - 1
    return last


def build(event: SmTournament) -> Built:
    """The tournament *event* holds; raises :class:`BadEvent` for a result code the
    model has no reading of, or a rating TRF cannot hold."""
    notes: list[str] = []
    read = played_rounds(event)
    paired = max((r.number for r in event.rounds if r.games), default=0)
    if paired > read:
        which = f"round {paired}" if paired == read + 1 else f"rounds {read + 1}-{paired}"
        notes.append(f"{which} paired without results (not played yet); read as after round {read}")
    games = _games(event.rounds[:read], len(event.players), notes)
    people = tuple(_participant(p, games[p.number - 1], notes) for p in event.players)
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
        info=_info(event, mapped.codes),
    )
    if event.tournament_type.name == "ROUND_ROBIN":
        return Built(t.with_type(TournamentType.ROUND_ROBIN, "file"), notes)
    if event.tournament_type.name == "SWISS":
        return Built(t.with_type(TournamentType.SWISS, "file"), notes)
    return Built(t.with_type(infer_type(t), "inferred"), notes)


def _info(event: SmTournament, codes: Iterable[str]) -> dict[str, str]:
    """The header records a TRF of the event would have, for the doors that show them."""
    m = event.metadata
    info = {"012": m.name, "022": m.location, "032": m.federation, "102": m.chief_arbiter}
    info |= {"122": m.time_control, "142": str(event.configuration.round_count)}
    info["202"] = ",".join(codes)
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


def _games(rounds: Iterable[SmRound], players: int, notes: list[str]) -> list[list[Game]]:
    """Every player's games, round by round: a player with no entry in a round is not
    paired; a pairing without a result (in a round with results) is said, and counts
    nothing, as the TRF reader counts such a pairing."""
    out: list[list[Game]] = [[] for _ in range(players)]
    for r in rounds:
        n = r.number
        absent = _game(n, K.NOT_PAIRED, None, Colour.NONE)
        seen: dict[int, Game] = {}
        for g in r.games:
            if g.black_player > 0 and g.result_code == PENDING:
                notes.append(
                    f"round {n}: players {g.white_player} and {g.black_player} are paired "
                    "without a result; counted as not paired"
                )
            seen.update(_pairing(n, g.number, g.white_player, g.black_player, g.result_code))
        for pid, games in enumerate(out, 1):
            games.append(seen.get(pid, absent))
    return out


def _pairing(rnd: int, number: int, white: int, black: int, code: int) -> list[tuple[int, Game]]:
    """The games one pairing gives its players."""
    where = f"round {rnd}, pairing {number}"
    if black > 0:
        if code == PENDING:
            return [
                (white, _game(rnd, K.NOT_PAIRED, None, Colour.WHITE)),
                (black, _game(rnd, K.NOT_PAIRED, None, Colour.BLACK)),
            ]
        if code not in PAIRED:
            raise BadEvent(f"{where}: board result code {code} is not one Swiss-Manager uses")
        w, b = PAIRED[code]
        return [
            (white, _game(rnd, w, black, Colour.WHITE)),
            (black, _game(rnd, b, white, Colour.BLACK)),
        ]
    table, what = (BYES, "bye") if black == BYE else (UNPAIRED, "unpaired player")
    if code not in table:
        raise BadEvent(f"{where}: result code {code} of a {what} is not one Swiss-Manager uses")
    return [(white, _game(rnd, table[code], None, Colour.NONE))]


def _cut(p: SmPlayer, what: str, text: str, width: int, notes: list[str]) -> str:
    """*text* as TRF's columns hold it; a longer one is cut, with a warning."""
    if len(text) > width:
        notes.append(
            f"player {p.number}: {what} '{clip(text, 40)}' is longer than TRF's {width} "
            f"columns; read as '{text[:width]}'"
        )
    return text[:width]


def _participant(p: SmPlayer, games: list[Game], notes: list[str]) -> Participant:
    if p.rating > 9999:
        raise BadEvent(f"player {p.number}: rating {p.rating} is outside 0..9999")
    name = ", ".join(x for x in (p.last_name.strip(), p.first_name.strip()) if x)
    units = sum(g.units for g in games)
    return Participant(
        id=p.number,
        name=_cut(p, "name", name, 33, notes).strip(),
        points=from_units(units, SCALE),
        results=tuple(games),
        units=units,
        rating=p.rating or None,
        federation=_cut(p, "federation", p.federation.strip(), 3, notes),
        fide_id=str(p.fide_id) if p.fide_id else "",
        title=_cut(p, "title", p.title.strip(), 3, notes),
        sex=SEX.get(p.sex_code, ""),
        birth_date=_birth(p),
    )


def _birth(p: SmPlayer) -> str:
    b = p.birth_date
    if b is None:
        return ""
    return f"{b.year:04d}/{b.month or 0:02d}/{b.day or 0:02d}"
