"""A decoded Swiss-Manager event as the equivalent TRF-2026 text, read by the TRF reader so
that a Swiss-Manager file gets every check a TRF file gets.

The decoder is ``chess-results-api`` (its records are typed in ``chess_results_api.models``);
this module reads only the fields it names and never imports it at run time (the caller
passes the decoded event). Result codes are Swiss-Manager's board codes as the decoder
names them (``GameResult``): 1 white wins, 2 draw, 3 black wins, 4 / 5 won by forfeit
by white / black, 6 double forfeit, 9 bye, 10 double zero, 0 not reported yet.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, NamedTuple

from ...numbers import clip
from .codes import map_codes

if TYPE_CHECKING:
    from chess_results_api.models import Game as SmGame
    from chess_results_api.models import Player as SmPlayer
    from chess_results_api.models import Tournament as SmTournament

BYE = -1  # the decoder's black player of a pairing-allocated bye
NOT_PAIRED = -2  # the decoder's black player of a player not paired in the round

# A pairing's board code -> (white's TRF result, black's TRF result). A double zero is a
# game both lost (over the board, 0-0); a double forfeit is two forfeit losses.
PAIRED = {
    0: (" ", " "),  # paired, no result yet: the TRF reader reads the round as not played yet
    1: ("1", "0"),
    2: ("=", "="),
    3: ("0", "1"),
    4: ("+", "-"),
    5: ("-", "+"),
    6: ("-", "-"),
    10: ("0", "0"),
}
# The code of a bye (black -1): the pairing-allocated bye, also before its round is scored.
BYES = {0: "U", 9: "U"}
# The code of a player not paired (black -2): the points the player was given for the round
# (white's side of the code): 1 a full-point bye, 2 a half-point bye, 3 a zero-point bye,
# 0 nothing (absent, withdrawn).
UNPAIRED = {0: " ", 1: "F", 2: "H", 3: "Z"}
# Swiss-Manager's sex field: 1 is a woman (every such name in the 30 shared files); 0 is
# also "not given", so it is read as not given.
SEX = {1: "w"}


class BadEvent(ValueError):
    """What the decoder read but the model cannot hold as it is: the reader says it, exit 2."""


class Translation(NamedTuple):
    """The TRF text, what each TRF line was (for messages) and warnings about what could
    not be carried whole."""

    text: str
    where: dict[int, str]
    notes: list[str]


@dataclass
class _Trf:
    lines: list[str] = field(default_factory=list)
    where: dict[int, str] = field(default_factory=dict)

    def emit(self, text: str, what: str = "") -> None:
        # Text fields are free text: a line end inside one must not start a record.
        self.lines.append(text.replace("\r", " ").replace("\n", " "))
        self.where[len(self.lines)] = what


def to_trf(event: SmTournament) -> Translation:
    """The TRF-2026 text of *event*; raises :class:`BadEvent` for a result code the
    model has no reading of."""
    trf, notes = _Trf(), list[str]()
    _header(event, trf, notes)
    pending = unplayed_note(event)
    if pending:
        notes.append(pending)
    blocks = _round_blocks(event)
    for p in event.players:
        trf.emit(_player_line(p, blocks.get(p.number, {}), notes), f"player {p.number}")
    return Translation(text="\n".join(trf.lines) + "\n", where=trf.where, notes=notes)


def _header(event: SmTournament, trf: _Trf, notes: list[str]) -> None:
    m, c = event.metadata, event.configuration
    trf.emit(f"012 {m.name}", "the tournament's name")
    for code, text in (("022", m.location), ("032", m.federation), ("102", m.chief_arbiter)):
        if text.strip():
            trf.emit(f"{code} {text}", "the tournament's header")
    for code, day in (("042", c.start_date), ("052", c.end_date)):
        if day is not None:
            trf.emit(f"{code} {day:%Y/%m/%d}", "the tournament's dates")
    round_robin = event.tournament_type.name == "ROUND_ROBIN"
    trf.emit("092 " + ("Individual: Round-Robin" if round_robin else "Individual: Swiss-System"))
    if m.time_control.strip():
        trf.emit(f"122 {m.time_control}", "the time control")
    dates = [r.scheduled_date for r in event.rounds[: _played_rounds(event)]]
    if any(dates):
        cells = "".join(f"{d:%y/%m/%d}  " if d else " " * 10 for d in dates)
        trf.emit(f"132 {'':87}{cells}".rstrip(), "the round dates")
    trf.emit(f"142 {c.round_count}", "the number of rounds")
    mapped = map_codes(tuple(c.tie_break_codes))
    notes.extend(mapped.warnings)
    if mapped.codes:
        trf.emit("202 " + ",".join(mapped.codes), "the organiser's tie-break list")


def _played_rounds(event: SmTournament) -> int:
    """The rounds read: up to the last round with any pairing, and before the first round
    paired without a single board result (such rounds have not been played yet)."""
    last = max((r.number for r in event.rounds if r.games), default=0)
    for r in event.rounds[:last]:
        boards = [g for g in r.games if g.black_player > 0]
        if boards and not any(g.result_code for g in boards):
            return r.number - 1
    return last


def unplayed_note(event: SmTournament) -> str | None:
    """The warning for rounds paired but not played yet, which are not read."""
    read = _played_rounds(event)
    paired = max((r.number for r in event.rounds if r.games), default=0)
    if paired <= read:
        return None
    which = f"round {paired}" if paired == read + 1 else f"rounds {read + 1}-{paired}"
    return f"{which} paired without results (not played yet); read as after round {read}"


def _round_blocks(event: SmTournament) -> dict[int, dict[int, str]]:
    """Each player's TRF round blocks (opponent, colour, result) by round."""
    out: dict[int, dict[int, str]] = {}
    for rnd in event.rounds[: _played_rounds(event)]:
        for g in rnd.games:
            for player, block in _blocks(g, rnd.number):
                out.setdefault(player, {})[rnd.number] = block
    return out


def _blocks(g: SmGame, rnd: int) -> list[tuple[int, str]]:
    """The TRF blocks one pairing gives its players."""
    code, white, black = g.result_code, g.white_player, g.black_player
    where = f"round {rnd}, pairing {g.number}"
    if black > 0:
        if code not in PAIRED:
            raise BadEvent(f"{where}: board result code {code} is not one Swiss-Manager uses")
        w, b = PAIRED[code]
        return [(white, f"{black:4d} w {w}"), (black, f"{white:4d} b {b}")]
    table, what = (BYES, "bye") if black == BYE else (UNPAIRED, "unpaired player")
    if code not in table:
        raise BadEvent(f"{where}: result code {code} of a {what} is not one Swiss-Manager uses")
    return [(white, f"0000 - {table[code]}")]


def _name(p: SmPlayer) -> str:
    return ", ".join(x for x in (p.last_name.strip(), p.first_name.strip()) if x)


def _player_line(p: SmPlayer, blocks: dict[int, str], notes: list[str]) -> str:
    name, title = _name(p), p.title.strip()
    if p.rating > 9999:
        raise BadEvent(f"player {p.number}: rating {p.rating} is outside 0..9999")
    for what, text, width in (
        ("name", name, 33),
        ("title", title, 3),
        ("federation", p.federation, 3),
    ):
        if len(text) > width:
            notes.append(
                f"player {p.number}: {what} '{clip(text, 40)}' is longer than TRF's {width} "
                f"columns; read as '{text[:width]}'"
            )
    fide_id = str(p.fide_id) if p.fide_id else ""
    head = (
        f"001 {p.number:4d} {SEX.get(p.sex_code, ''):1}{title[:3]:>3} {name[:33]:<33} "
        f"{p.rating or '':>4} {p.federation[:3]:<3} {fide_id:>11} {_birth(p):<10} "
        f"{'':>4} {'':>4}"
    )
    last = max(blocks, default=0)
    return (head + "".join(f"  {blocks.get(r, '        ')}" for r in range(1, last + 1))).rstrip()


def _birth(p: SmPlayer) -> str:
    b = p.birth_date
    if b is None:
        return ""
    return f"{b.year:04d}/{b.month or 0:02d}/{b.day or 0:02d}"
