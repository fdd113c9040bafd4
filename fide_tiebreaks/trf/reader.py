"""TRF reader: TRF16 and TRF-2026 individual files plus the JaVaFo and bbpPairings extensions.

Sources: FIDE C.04 Annex 2 (TRF16), TRF-2026 (FIDE Council 12/05/2025), JaVaFo Advanced
User Manual (``XX?`` records), bbpPairings README (``BB?`` records); column numbers below are
1-based as in those documents (see docs/formats.md).

Nothing is dropped: every line is kept verbatim in ``Tournament.source`` so the writer can give
the same bytes back, and every record the reader cannot use is reported with its location.
"""

from __future__ import annotations

import os
import re
from collections.abc import Callable
from dataclasses import dataclass
from datetime import date
from fractions import Fraction

from ..diagnostics import Collector, Diagnostic, InputError, Severity
from ..model import (
    Colour,
    Game,
    Participant,
    ResultKind,
    Scoring,
    SourceFile,
    SourceLine,
    Tournament,
    TournamentType,
    infer_type,
)
from ..numbers import exact_str, from_units, grid_scale, parse_decimal
from ..teams import Team, TeamRecords, build_team_event

MAX_BYTES = 64 * 1024 * 1024  # far above any real TRF; refuses before exhausting memory
MAX_PLAYERS = 9999  # four columns for the start rank
MAX_ROUNDS = 99

_EOL = re.compile(r"\r\n|\r|\n")
_EOL_SPLIT = re.compile(r"(\r\n|\r|\n)")

# Result codes of the round blocks (TRF16 C.04 Annex 2; letters are case-insensitive).
_WITH_OPPONENT = {
    "1": ResultKind.WIN,
    "=": ResultKind.DRAW,
    "0": ResultKind.LOSS,
    "W": ResultKind.UNRATED_WIN,
    "D": ResultKind.UNRATED_DRAW,
    "L": ResultKind.UNRATED_LOSS,
    "+": ResultKind.FORFEIT_WIN,
    "-": ResultKind.FORFEIT_LOSS,
}
_BYES = {
    "U": ResultKind.PAB,
    "F": ResultKind.FULL_BYE,
    "H": ResultKind.HALF_BYE,
    "Z": ResultKind.ZERO_BYE,
    " ": ResultKind.NOT_PAIRED,
}
# A game result written without an opponent: what it can only mean, said in a warning.
_ORPHAN = {
    "1": (ResultKind.PAB, "pairing-allocated bye (U)"),
    "W": (ResultKind.PAB, "pairing-allocated bye (U)"),
    "+": (ResultKind.FULL_BYE, "full-point bye (F)"),
    "=": (ResultKind.HALF_BYE, "half-point bye (H)"),
    "D": (ResultKind.HALF_BYE, "half-point bye (H)"),
    "0": (ResultKind.ZERO_BYE, "zero-point bye (Z)"),
    "L": (ResultKind.ZERO_BYE, "zero-point bye (Z)"),
}
_LOSSES_BY_FORFEIT = (ResultKind.FORFEIT_LOSS, ResultKind.DOUBLE_FORFEIT)
_MIRROR = {
    ResultKind.WIN: ResultKind.LOSS,
    ResultKind.LOSS: ResultKind.WIN,
    ResultKind.DRAW: ResultKind.DRAW,
    ResultKind.UNRATED_WIN: ResultKind.UNRATED_LOSS,
    ResultKind.UNRATED_LOSS: ResultKind.UNRATED_WIN,
    ResultKind.UNRATED_DRAW: ResultKind.UNRATED_DRAW,
    ResultKind.FORFEIT_WIN: ResultKind.FORFEIT_LOSS,
    ResultKind.FORFEIT_LOSS: ResultKind.FORFEIT_WIN,
    ResultKind.DOUBLE_FORFEIT: ResultKind.DOUBLE_FORFEIT,
}

_new = tuple.__new__
_COLOURS = {
    "w": Colour.WHITE,
    "W": Colour.WHITE,
    "b": Colour.BLACK,
    "B": Colour.BLACK,
    "-": Colour.NONE,
    " ": Colour.NONE,
}
# One round block, columns 90-99 for round 1: two blanks, opponent, colour, result.
_BLOCK = re.compile(r"  (\d{4}| \d{3}|  \d\d|   \d|    ) ([wbWB \-] [10=+\-WDLHFUZwdlhfuz ])")

HEADER_NAMES = {
    "012": "name",
    "022": "city",
    "032": "federation",
    "042": "start date",
    "052": "end date",
    "062": "number of players",
    "072": "number of rated players",
    "082": "number of teams",
    "092": "type of tournament",
    "102": "chief arbiter",
    "112": "deputy chief arbiter",
    "122": "time control",
    "132": "round dates",
    "142": "number of rounds",
    "152": "initial colour",
    "162": "scoring system",
    "172": "starting-rank method",
    "182": "pairing controller",
    "192": "encoded tournament type",
    "202": "tie-breaks",
    "212": "standings tie-breaks",
    "222": "encoded time control",
    "240": "byes",
    "250": "accelerated rounds",
    "260": "prohibited pairings",
    "299": "abnormal points",
}
_TEAM_INFO = {"801", "802"}  # human-readable team round lines: kept, not used
_KEPT_EXTENSIONS = {"XXC", "XXA", "XXP", "250", "260", "172", "182", "222", "152"}
# Private records of other programs that we know of but do not use (file-formats.md 3.3).
_KNOWN_PRIVATE = {"DAT", "ACC", "TSE", "PAB", "FPB", "HPB", "ZPB", "MFO", "DFM"}
_BB_RECORDS = {"BBW", "BBD", "BBL", "BBZ", "BBF", "BBU"}
_NRS = re.compile(r"^[A-Z]{3} [ \d]{3}\d")  # national rating support line (TRF-2026)


@dataclass(frozen=True)
class ReadResult:
    tournament: Tournament
    diagnostics: tuple[Diagnostic, ...]


def read_trf(
    path: str | os.PathLike[str], *, team_pab: tuple[Fraction, Fraction] | None = None
) -> ReadResult:
    """Read a TRF file (or the XML tournament form of fide-tiebreaks.xsd). Raises
    :class:`InputError` only when it cannot be read at all.

    *team_pab* sets the match and game points of a team's pairing-allocated bye where the
    file cannot (TRF16: default a drawn match, half the boards)."""
    name = str(path)
    try:
        size = os.stat(path).st_size
        if size > MAX_BYTES:
            raise InputError(
                [_fatal(name, f"file is {size} bytes; the limit is {MAX_BYTES} bytes")]
            )
        with open(path, "rb") as f:
            data = f.read()
    except OSError as e:
        raise InputError([_fatal(name, f"cannot read the file: {e.strerror or e}")]) from None
    return parse_any(data, name, team_pab=team_pab)


def parse_any(
    data: bytes, path: str = "<input>", *, team_pab: tuple[Fraction, Fraction] | None = None
) -> ReadResult:
    """Parse TRF bytes, the XML tournament form (fide-tiebreaks.xsd) when the data starts
    with ``<``, or Chess-JSON when it starts with ``{``. lxml is imported only for XML."""
    first = data.lstrip(b"\xef\xbb\xbf \t\r\n")[:1]
    if first == b"<":
        from ..xmlformat import read_xml

        return read_xml(data, path, team_pab=team_pab)
    if first == b"{":
        from ..chessjson import read_chess_json

        return read_chess_json(data, path, team_pab=team_pab)
    return parse_trf(data, path, team_pab=team_pab)


def parse_trf(
    data: bytes, path: str = "<input>", *, team_pab: tuple[Fraction, Fraction] | None = None
) -> ReadResult:
    """Parse TRF bytes. See :func:`read_trf`."""
    out = Collector(path)
    if len(data) > MAX_BYTES:
        raise InputError([_fatal(path, f"input is {len(data)} bytes; the limit is {MAX_BYTES}")])
    text, encoding, bom = _decode(data, out)
    if "\x00" in text:
        raise InputError([_fatal(path, "binary data (NUL bytes): this is not a TRF text file")])
    lines = _split_lines(text)
    source = SourceFile(path=path, lines=tuple(lines), encoding=encoding, bom=bom)
    return _Parser(source, out, team_pab).parse()


def _fatal(path: str, message: str, line: int = 0, column: int = 0) -> Diagnostic:
    return Diagnostic(Severity.ERROR, message, path, line, column)


def _decode(data: bytes, out: Collector) -> tuple[str, str, bool]:
    bom = data.startswith(b"\xef\xbb\xbf")
    body = data[3:] if bom else data
    try:
        return body.decode("utf-8"), "utf-8", bom
    except UnicodeDecodeError as e:
        before = body[: e.start]
        line = len(_EOL.findall(before.decode("latin-1"))) + 1
        last = max(before.rfind(b"\n"), before.rfind(b"\r"))
        column = len(before) - last
        for codec in ("cp1252", "latin-1"):
            try:
                text = body.decode(codec)
            except UnicodeDecodeError:
                continue
            out.warning(
                line, column, f"not valid UTF-8 (byte 0x{body[e.start]:02X}); read as {codec}"
            )
            return text, codec, bom
    raise AssertionError("latin-1 decodes every byte")  # pragma: no cover


def _split_lines(text: str) -> list[SourceLine]:
    """Lines and their ends (CR LF, CR or LF), as read. Not str.splitlines: it also splits
    at form feeds, vertical tabs and other separators a TRF line may hold as text."""
    parts = _EOL_SPLIT.split(text)  # text, end, text, end, ..., text after the last end
    lines = list(map(SourceLine, parts[0::2], parts[1::2]))
    if parts[-1]:
        lines.append(SourceLine(parts[-1], ""))
    return lines


def _digits(text: str) -> bool:
    """ASCII digits only: str.isdigit() also accepts '²' and others that int() refuses."""
    return text.isascii() and text.isdigit()


def _code_letter(kind: ResultKind) -> str:
    """The TRF letter of a result kind (a double forfeit is '-', no entry is 'Z')."""
    return {ResultKind.DOUBLE_FORFEIT: "-", ResultKind.NOT_PAIRED: "Z"}.get(kind, kind.value)


def _value(line: str) -> str:
    """The free value of a header record: column 5 onwards."""
    return line[4:].strip()


@dataclass
class _Player:
    """A 001 line as read: its games, and the rounds paired but without a result."""

    id: int
    line: int
    text: str
    games: list[Game]
    pending: dict[int, int]  # round -> the opponent named without a result


def _column(rnd: int) -> int:
    """1-based column where the block of round *rnd* starts (92 for round 1)."""
    return 92 + 10 * (rnd - 1)


class _Parser:
    def __init__(
        self, source: SourceFile, out: Collector, team_pab: tuple[Fraction, Fraction] | None = None
    ):
        self.source = source
        self.out = out
        self.team_pab = team_pab
        self.info: dict[str, str] = {}
        self.player_lines: list[tuple[int, str]] = []
        self.players: list[_Player] = []
        self.points: dict[tuple[ResultKind, Colour], tuple[Fraction, int]] = {}
        _Fast = dict[str, tuple[ResultKind, Colour, Fraction, int]]
        self.fast: tuple[_Fast, _Fast] = ({}, {})
        self.scoring = Scoring()
        self.scale = 2
        self.scoring_settings: list[tuple[int, str, dict[str, Fraction]]] = []
        self.abnormal: list[tuple[int, str, Fraction, int | None, list[int]]] = []
        self.byes: list[tuple[int, ResultKind, int, list[int]]] = []
        self.rounds_declared: list[tuple[int, int, str]] = []
        self.tiebreaks: tuple[str, ...] = ()
        self.standings: tuple[str, ...] = ()
        self.teams = TeamRecords()

    # -- records --------------------------------------------------------------------------
    def parse(self) -> ReadResult:
        handlers: dict[str, Callable[[int, str], None]] = {
            "001": lambda number, line: self.player_lines.append((number, line)),
            "142": self._rounds,
            "XXR": self._rounds,
            "162": self._scoring_162,
            "XXS": self._scoring_xxs,
            "202": self._tiebreak_list,
            "212": self._tiebreak_list,
            "240": self._byes_240,
            "299": self._abnormal_299,
            "XXZ": self._id_list,
            "013": self._team_013,
            "310": self._team_310,
            "320": self._team_pab,
            "330": self._team_forfeit,
            "300": self._team_lineup,
            "352": self._team_boards,
            "362": self._team_points,
        }
        for number, sl in enumerate(self.source.lines, start=1):
            line = sl.text
            if not line.strip() or line.startswith("###"):
                continue
            code = line[:3].upper()
            handler = handlers.get(code)
            if handler is not None:
                handler(number, line)
            elif code in HEADER_NAMES:
                self.info.setdefault(code, _value(line))
            elif code in _KEPT_EXTENSIONS:
                pass
            elif code in _BB_RECORDS:
                self._scoring_bb(number, line)
            elif code in _TEAM_INFO:
                pass
            elif code in _KNOWN_PRIVATE:
                self.out.note(
                    number, 1, f"'{code}' is another program's private record; kept, not used"
                )
            elif _NRS.match(line):
                pass  # TRF-2026 national rating line: kept, not used for tie-breaks
            else:
                self.out.warning(number, 1, f"unknown record '{line[:3]}'; kept, not used")
        return self._build()

    def _rounds(self, number: int, line: str) -> None:
        text = _value(line)
        try:
            value = int(text)
        except ValueError:
            self.out.warning(number, 5, f"number of rounds '{text}' is not a whole number; ignored")
            return
        if not 1 <= value <= MAX_ROUNDS:
            self.out.warning(
                number, 5, f"number of rounds {value} is outside 1..{MAX_ROUNDS}; ignored"
            )
            return
        self.rounds_declared.append((number, value, line[:3]))

    def _scoring_162(self, number: int, line: str) -> None:
        # TRF-2026: symbol, then points; W D L A P X (bbpPairings also writes Z for A).
        names = {"W": "win", "D": "draw", "L": "loss", "A": "absence", "Z": "absence", "P": "pab"}
        settings: dict[str, Fraction] = {}
        rest = line[4:]
        for m in re.finditer(r"(\S)\s*([0-9]+(?:[.,][0-9]+)?)?", rest):
            symbol, value = m.group(1).upper(), m.group(2)
            column = 5 + m.start()
            if value is None:
                self.out.warning(
                    number, column, f"scoring symbol '{symbol}' has no points; ignored"
                )
            elif symbol == "X":
                continue  # unknown result (adjourned): never reaches a final standing
            elif symbol in names:
                settings[names[symbol]] = parse_decimal(value) or Fraction(0)
            else:
                self.out.warning(number, column, f"unknown scoring symbol '{symbol}'; ignored")
        self.scoring_settings.append((3, "162", settings))

    def _scoring_xxs(self, number: int, line: str) -> None:
        # JaVaFo XXS: CODE=VALUE; W and D are shortcuts (W = WW BW FW FPB; D = WD BD HPB).
        names = {
            "WW": "win_white",
            "BW": "win_black",
            "WD": "draw_white",
            "BD": "draw_black",
            "WL": "loss_white",
            "BL": "loss_black",
            "ZPB": "zero_bye",
            "HPB": "half_bye",
            "FPB": "full_bye",
            "PAB": "pab",
            "FW": "forfeit_win",
            "FL": "forfeit_loss",
            "W": "win",
            "D": "draw",
        }
        settings: dict[str, Fraction] = {}
        for m in re.finditer(r"\S+", line[4:]):
            token = m.group()
            key, _, value = token.partition("=")
            number_value = parse_decimal(value)
            if key.upper() not in names or number_value is None:
                self.out.warning(
                    number, 5 + m.start(), f"XXS entry '{token}' not understood; ignored"
                )
                continue
            settings[names[key.upper()]] = number_value
        self.scoring_settings.append((2, "XXS", settings))

    def _scoring_bb(self, number: int, line: str) -> None:
        names = {
            "BBW": "win",
            "BBD": "draw",
            "BBL": "loss",
            "BBZ": "zero_bye",
            "BBF": "forfeit_loss",
            "BBU": "pab",
        }
        value = parse_decimal(line[4:8])
        if value is None:
            self.out.warning(number, 5, f"'{line[:3]}' needs points in columns 5-8; ignored")
            return
        self.scoring_settings.append((1, line[:3].upper(), {names[line[:3].upper()]: value}))

    def _tiebreak_list(self, number: int, line: str) -> None:
        codes = tuple(c.strip() for c in _value(line).split(",") if c.strip())
        if line.startswith("202"):
            self.tiebreaks = codes
        else:
            self.standings = codes
        self.info.setdefault(line[:3], _value(line))

    def _ids(self, number: int, text: str, offset: int) -> list[int]:
        ids = []
        for m in re.finditer(r"\S+", text):
            if _digits(m.group()):
                ids.append(int(m.group()))
            else:
                self.out.warning(
                    number, offset + m.start() + 1, f"'{m.group()}' is not a start rank"
                )
        return ids

    def _id_list(self, number: int, line: str) -> None:
        self._ids(number, line[3:], 3)  # validated only: absences for the round to be paired

    def _byes_240(self, number: int, line: str) -> None:
        kind = {"F": ResultKind.FULL_BYE, "H": ResultKind.HALF_BYE, "Z": ResultKind.ZERO_BYE}
        letter = line[4:5].upper()
        round_text = line[6:9].strip()
        if letter not in kind or not _digits(round_text):
            self.out.warning(
                number,
                5,
                "240 needs a bye type (F, H or Z) in column 5 and a round in columns 7-9; ignored",
            )
            return
        self.byes.append((number, kind[letter], int(round_text), self._ids(number, line[10:], 10)))
        self.teams.byes.append(self.byes[-1])

    # -- team records (TRF16 013; TRF-2026 310, 320, 330, 300, 352, 362) ------------------
    def _numbers(self, number: int, text: str, offset: int) -> list[int] | None:
        out = []
        for m in re.finditer(r"\S+", text):
            if not _digits(m.group()):
                column = offset + m.start() + 1
                self.out.warning(number, column, f"'{m.group()}' is not a number; ignored")
                return None
            out.append(int(m.group()))
        return out

    def _team_013(self, number: int, line: str) -> None:
        players = self._numbers(number, line[36:], 36)
        if players is None:
            return
        tid = len([t for t in self.teams.teams]) + 1  # TRF16 numbers teams by their order
        self.teams.teams.append(Team(tid, line[4:36].strip(), tuple(p for p in players if p),
                                     line=number))  # fmt: skip

    def _team_310(self, number: int, line: str) -> None:
        tid_text = line[4:7].strip()
        players = self._numbers(number, line[72:], 72)
        if not _digits(tid_text) or players is None:
            self.out.warning(number, 5, "310 needs a team number in columns 5-7 and player "
                             "numbers from column 74; ignored")  # fmt: skip
            return
        if line[7:8].isdigit():
            self.out.error(number, 5, f"team number '{line[4:8]}' does not fit columns 5-7: "
                           "TRF holds at most 999 teams")  # fmt: skip
            return
        rank = line[68:71].strip()
        self.teams.teams.append(Team(
            int(tid_text), line[8:40].strip(), tuple(p for p in players if p),
            nickname=line[41:46].strip(), declared_mp=parse_decimal(line[54:60]),
            declared_gp=parse_decimal(line[61:67]),
            declared_rank=int(rank) if _digits(rank) else None, line=number,
        ))  # fmt: skip

    def _team_pab(self, number: int, line: str) -> None:
        mp, gp = parse_decimal(line[4:8]), parse_decimal(line[9:13])
        if mp is None or gp is None:
            self.out.warning(number, 5, "320 needs the PAB's match points in columns 5-8 and "
                             "game points in 10-13; ignored")  # fmt: skip
            return
        teams = {}
        for r, start in enumerate(range(14, len(line), 4), start=1):
            text = line[start : start + 3].strip()
            if _digits(text) and int(text):
                teams[r] = int(text)
            elif text and not _digits(text):
                self.out.warning(number, start + 1, f"320: '{text}' is not a team number")
        self.teams.pab = (number, mp, gp, teams)

    def _team_forfeit(self, number: int, line: str) -> None:
        code = line[4:6]
        values = self._numbers(number, line[6:], 6)
        if code not in ("+-", "-+", "--") or values is None or len(values) != 3:
            self.out.warning(number, 5, "330 needs +-, -+ or -- in columns 5-6, then the round "
                             "and the two teams; ignored")  # fmt: skip
            return
        self.teams.forfeits.append((number, code, *values))  # type: ignore[arg-type]

    def _team_lineup(self, number: int, line: str) -> None:
        values = self._numbers(number, line[4:], 4)
        if values is None or len(values) < 3:
            self.out.warning(number, 5, "300 needs a round, a team, the opponent team and the "
                             "players by board; ignored")  # fmt: skip
            return
        self.teams.lineups.append((number, values[0], values[1], values[2], values[3:]))

    def _team_boards(self, number: int, line: str) -> None:
        colours = _value(line)
        if colours and set(colours.upper()) <= {"W", "B"}:
            self.teams.boards = len(colours)
        else:
            self.out.warning(number, 5, f"352 '{colours}' is not a sequence of W and B; ignored")

    def _team_points(self, number: int, line: str) -> None:
        for m in re.finditer(r"(T[WDLWF]|\S+)\s+([0-9]+(?:[.,][0-9]+)?)", line[4:]):
            value = parse_decimal(m.group(2))
            if m.group(1).upper() in ("TW", "TD", "TL") and value is not None:
                self.teams.match_points[m.group(1).upper()] = value
            else:
                self.out.warning(number, 5 + m.start(), f"362: '{m.group(1)}' not understood")

    def _abnormal_299(self, number: int, line: str) -> None:
        letter = line[4:5].upper()
        points = parse_decimal(line[13:17])
        round_text = line[19:22].strip()
        if points is None or (round_text and not _digits(round_text)):
            self.out.warning(
                number,
                14,
                "299 needs points in columns 14-17 and a round in columns 20-22; ignored",
            )
            return
        rnd = int(round_text) if round_text and int(round_text) else None
        ids = self._ids(number, line[23:], 23)
        self.abnormal.append((number, letter.strip(), points, rnd, ids))
        # In team files the ids are team numbers and columns 8-11 give match points.
        self.teams.abnormal.append((number, letter.strip(), parse_decimal(line[7:11]), points,
                                    rnd, ids))  # fmt: skip

    # -- player lines ---------------------------------------------------------------------
    def _game(self, rnd: int, kind: ResultKind, opponent: int | None, colour: Colour) -> Game:
        pts, units = self.points[kind, colour]
        return Game(rnd, kind, opponent, colour, pts, units)

    def _player(self, number: int, line: str) -> None:
        rank_text = line[4:8].strip()
        if not _digits(rank_text) or not 1 <= int(rank_text) <= MAX_PLAYERS:
            self.out.error(
                number, 5, f"start rank '{rank_text}' in columns 5-8 must be 1-{MAX_PLAYERS}"
            )
            return
        if line[8:9].isdigit():
            # A fifth digit: more players than TRF's four columns hold (or a shifted line).
            self.out.error(number, 5, f"start rank '{line[4:9]}' does not fit columns 5-8: "
                           f"TRF holds at most {MAX_PLAYERS} players")  # fmt: skip
            return
        player = _Player(int(rank_text), number, line, [], {})
        games = player.games
        tail = line[89:].rstrip()
        tail = tail.ljust(-(-len(tail) // 10) * 10)
        blocks = _BLOCK.findall(tail)
        if len(blocks) * 10 == len(tail):
            # Fast path: every block is well formed (matches are 10 characters each and do
            # not overlap, so as many as the tail holds cover it from its start); unusual
            # blocks still go the careful way.
            with_opponent, without = self.fast
            append = games.append
            for i, (opp, colour_and_code) in enumerate(blocks, start=1):
                opponent = int(opp) if opp != "    " else 0
                found = (with_opponent if opponent else without).get(colour_and_code)
                if found is not None:
                    kind, colour, pts, units = found
                    # tuple.__new__ skips the named tuple's Python-level __new__ (hot loop)
                    append(_new(Game, (i, kind, opponent or None, colour, pts, units)))
                elif not self._block(player, 91 + 10 * (i - 1)):
                    return
        else:
            for start in range(91, len(line), 10):
                if not self._block(player, start):
                    return
        self.players.append(player)

    def _block(self, player: _Player, start: int) -> bool:
        """Read one round block the careful way, saying what is odd about it; False when the
        line cannot be read further."""
        number, line = player.line, player.text
        chunk = line[start : start + 10].ljust(10)
        column = start + 1
        rnd = (start - 91) // 10 + 1
        stray = [i for i in (4, 6, 8, 9) if chunk[i] != " "]
        if stray:
            self.out.error(
                number,
                column + stray[0],
                f"round {rnd}: unexpected '{chunk[stray[0]]}' between fields (columns shifted?)",
            )
            return False
        opp_text, code = chunk[0:4].strip(), chunk[7].upper()
        if opp_text and not _digits(opp_text):
            self.out.error(
                number, column, f"round {rnd}: opponent '{opp_text}' is not a start rank"
            )
            return False
        opponent = int(opp_text) if opp_text else 0
        colour = _COLOURS.get(chunk[5])
        if colour is None:
            self.out.error(
                number, column + 5, f"round {rnd}: colour '{chunk[5]}' must be w, b or -"
            )
            return False
        if code not in _WITH_OPPONENT and code not in _BYES:
            self.out.error(number, column + 7, f"round {rnd}: unknown result code '{chunk[7]}'")
            return False
        games = player.games
        if opponent and code in _WITH_OPPONENT:
            games.append(self._game(rnd, _WITH_OPPONENT[code], opponent, colour))
        elif opponent and code == " ":
            player.pending[rnd] = opponent
            games.append(self._game(rnd, ResultKind.NOT_PAIRED, None, colour))
        elif opponent:
            self.out.warning(
                number,
                column,
                f"round {rnd}: a bye ('{code}') with opponent {opponent}; the opponent is ignored",
            )
            games.append(self._game(rnd, _BYES[code], None, Colour.NONE))
        elif code in _BYES:
            games.append(self._game(rnd, _BYES[code], None, Colour.NONE))
        elif code == "-":
            if not self.teams.teams:  # in team files: a reserve who did not play
                self.out.note(number, column + 7,
                              f"round {rnd}: '-' without an opponent read as absent")  # fmt: skip
            games.append(self._game(rnd, ResultKind.NOT_PAIRED, None, Colour.NONE))
        elif code == "+" and self.teams.teams:
            # a board won by forfeit against an empty board of the other team
            games.append(self._game(rnd, ResultKind.FORFEIT_WIN, None, colour))
        else:
            kind, meaning = _ORPHAN[code]
            self.out.warning(
                number,
                column + 7,
                f"round {rnd}: result '{code}' without an opponent read as a {meaning}",
            )
            games.append(self._game(rnd, kind, None, Colour.NONE))
        return True

    # -- the model --------------------------------------------------------------------------
    def _build(self) -> ReadResult:
        out = self.out
        self.scoring = scoring = self._scoring()
        self.scale = scale = grid_scale(scoring.values() + [v for _, _, v, _, _ in self.abnormal])
        for kind in ResultKind:
            for colour in Colour:
                pts = scoring.points(kind, colour)
                self.points[kind, colour] = (pts, int(pts * scale))
        # "colour result" (e.g. "w 1") -> kind, colour, points, units: the common blocks
        with_opponent, without = self.fast
        for code, kind in _WITH_OPPONENT.items():
            for char, colour in _COLOURS.items():
                for c in {code, code.lower()}:
                    with_opponent[f"{char} {c}"] = (kind, colour, *self.points[kind, colour])
        for code, kind in _BYES.items():
            for char in " -":
                for c in {code, code.lower()}:
                    without[f"{char} {c}"] = (kind, Colour.NONE, *self.points[kind, Colour.NONE])
        for number, line in self.player_lines:
            self._player(number, line)
        if not self.players:
            if not any(d.severity is Severity.ERROR for d in out.items):
                out.error(0, 0, "no player records ('001' lines): is this a TRF file?")
            raise InputError(out.items)
        players: dict[int, _Player] = {}
        for p in self.players:
            if p.id in players:
                out.error(
                    p.line, 5, f"start rank {p.id} used again (first on line {players[p.id].line})"
                )
            else:
                players[p.id] = p
        rounds = self._settle_rounds(players)
        team_file = bool(self.teams.teams)
        if not team_file:
            self._apply_byes(players, rounds)  # in team files 240 names teams
        self._cross_check(players)
        bonus = {} if team_file else self._abnormal_points(players)
        people: list[Participant] = []
        for pid in sorted(players):
            p = players[pid]
            adjustment = int(bonus.get(pid, 0) * scale)
            total = sum([g.units for g in p.games]) + adjustment
            people.append(self._participant(p, tuple(p.games), total, scale, adjustment))
        self._check_points(people, scale, scoring)
        tournament = Tournament(
            name=self.info.get("012", ""),
            participants=tuple(people),
            rounds=rounds,
            scoring=scoring,
            scale=scale,
            start_date=self._date("042"),
            end_date=self._date("052") or self._last_round_date(),
            planned_rounds=self.rounds_declared[-1][1] if self.rounds_declared else None,
            declared_tiebreaks=self.tiebreaks,
            declared_standings=self.standings,
            info=dict(self.info),
            source=self.source,
        )
        tournament_type, how = self._type(tournament)
        tournament = tournament.with_type(tournament_type, how)
        if team_file:
            self.teams.primary = "GP" if "_GP_MP" in self.info.get("192", "").upper() else "MP"
            self.teams.pab_override = self.team_pab
            tournament = build_team_event(tournament, self.teams, out)
            if how == "inferred":
                tournament = tournament.with_type(infer_type(tournament), how)
        return ReadResult(tournament, tuple(out.items))

    def _participant(
        self, p: _Player, games: tuple[Game, ...], units: int, scale: int, adjustment: int
    ) -> Participant:
        line, n = p.text, p.line
        rating_text = line[48:52].strip()
        rating = None
        if rating_text and _digits(rating_text):
            rating = int(rating_text) or None
        elif rating_text:
            self.out.warning(n, 49, f"rating '{rating_text}' is not a number; treated as unrated")
        declared = None
        points_text = line[80:84].strip()
        if points_text:
            declared = parse_decimal(points_text)
            if declared is None:
                self.out.warning(n, 81, f"points '{points_text}' in columns 81-84 is not a number")
        rank_text = line[85:89].strip()
        rank = None
        if _digits(rank_text):
            rank = int(rank_text)
        elif rank_text:
            self.out.warning(n, 86, f"rank '{rank_text}' in columns 86-89 is not a number")
        return Participant(
            id=p.id,
            name=line[14:47].strip(),
            points=from_units(units, scale),
            results=games,
            units=units,
            rating=rating,
            federation=line[53:56].strip(),
            fide_id=line[57:68].strip(),
            title=line[10:13].strip(),
            sex=line[9:10].strip(),
            birth_date=line[69:79].strip(),
            declared_points=declared,
            declared_rank=rank,
            adjustment_units=adjustment,
            line=n,
        )

    def _scoring(self) -> Scoring:
        fields: dict[str, Fraction] = {}
        # Generic names fan out; precedence: bbpPairings < XXS < TRF-2026 162.
        fan = {
            "win": ("win_white", "win_black", "forfeit_win", "full_bye", "pab"),
            "draw": ("draw_white", "draw_black", "half_bye"),
            "loss": ("loss_white", "loss_black"),
            "absence": ("forfeit_loss", "zero_bye"),
        }
        sources = sorted(self.scoring_settings, key=lambda s: s[0])
        explicit_pab = any("pab" in s for _, _, s in sources)
        for _, _, settings in sources:
            for key, value in settings.items():
                for name in fan.get(key, (key,)):
                    if name == "pab" and key == "win" and explicit_pab:
                        continue
                    fields[name] = value
        if len({s[1] for s in sources if s[1] in ("162", "XXS")}) > 1:
            self.out.note(0, 0, "both 162 and XXS give a scoring system; 162 takes precedence")
        return Scoring(**fields)

    def _settle_rounds(self, players: dict[int, _Player]) -> int:
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
            self.out.note(
                0,
                0,
                f"round {found} is paired but has no results; "
                f"standings are after round {found - 1}",
            )
            for p in players.values():
                del p.games[found - 1 :]
                p.pending.pop(found, None)
            found -= 1
        if found > MAX_ROUNDS:
            raise InputError(
                [
                    *self.out.items,
                    _fatal(self.source.path, f"{found} rounds; the limit is {MAX_ROUNDS}"),
                ]
            )
        for number, declared, code in self.rounds_declared:
            if declared < found:
                self.out.warning(
                    number, 5, f"{code} says {declared} rounds but results go to round {found}"
                )
            elif declared > found:
                self.out.note(
                    number,
                    5,
                    f"{declared} rounds planned, results for {found}: "
                    f"standings are after round {found}",
                )
        for p in players.values():
            while len(p.games) < found:
                p.games.append(
                    self._game(len(p.games) + 1, ResultKind.NOT_PAIRED, None, Colour.NONE)
                )
            for r, opponent in sorted(p.pending.items()):
                self.out.warning(
                    p.line,
                    _column(r),
                    f"round {r}: paired with {opponent} but no "
                    "result; counted as a zero-point bye (TRF16: blank = Z)",
                )
        return found

    def _apply_byes(self, players: dict[int, _Player], rounds: int) -> None:
        """TRF-2026 240: byes for players whose round block is empty."""
        for number, kind, rnd, ids in self.byes:
            for pid in ids:
                p = players.get(pid)
                if p is None:
                    self.out.warning(number, 11, f"240: no player with start rank {pid}")
                elif rnd > rounds or rnd < 1:
                    continue  # a bye for a round still to be paired
                elif p.games[rnd - 1].kind is ResultKind.NOT_PAIRED and rnd not in p.pending:
                    p.games[rnd - 1] = self._game(rnd, kind, None, Colour.NONE)
                elif p.games[rnd - 1].kind is not kind:
                    self.out.warning(
                        number,
                        5,
                        f"240 gives player {pid} a {kind.name.lower()} "
                        f"in round {rnd}, but the 001 line says "
                        f"'{p.games[rnd - 1].kind.value}'",
                    )

    def _cross_check(self, players: dict[int, _Player]) -> None:
        """Opponents exist, are not oneself, and results mirror (C.04 Annex 2)."""
        out = self.out
        for pid, p in players.items():
            for g in p.games:
                opp = g.opponent
                if opp is None:
                    continue
                r = g.round
                o = players.get(opp)
                if o is None or opp == pid:
                    what = (
                        f"player {pid} is paired with itself"
                        if opp == pid
                        else (f"opponent {opp} does not exist")
                    )
                    out.error(
                        p.line, _column(r), f"round {r}: {what}; the round is read as not paired"
                    )
                    # The model never holds a game without its opponent (errors stop the CLI).
                    p.games[r - 1] = self._game(r, ResultKind.NOT_PAIRED, None, Colour.NONE)
                    continue
                og = o.games[r - 1]
                if og.opponent != pid:
                    said = "nothing" if og.opponent is None else f"opponent {og.opponent}"
                    out.warning(
                        p.line,
                        _column(r),
                        f"round {r}: results do not mirror: {pid} "
                        f"played {opp}, whose line says {said}",
                    )
                    continue
                if g.kind is ResultKind.FORFEIT_LOSS and og.kind in _LOSSES_BY_FORFEIT:
                    p.games[r - 1] = g._replace(kind=ResultKind.DOUBLE_FORFEIT)
                    o.games[r - 1] = og._replace(kind=ResultKind.DOUBLE_FORFEIT)
                    continue
                if pid > opp:
                    continue  # each pair checked once
                if _MIRROR.get(g.kind) is not og.kind:
                    out.warning(
                        p.line,
                        _column(r) + 7,
                        f"round {r}: results do not mirror: {pid} "
                        f"has '{g.kind.value}' against {opp}, who has '{og.kind.value}' "
                        f"against {pid}",
                    )
                if g.colour is og.colour and g.colour is not Colour.NONE:
                    out.warning(
                        p.line,
                        _column(r) + 5,
                        f"round {r}: {pid} and {opp} both have colour '{g.colour.value}'",
                    )

    def _abnormal_points(self, players: dict[int, _Player]) -> dict[int, Fraction]:
        """TRF-2026 299: a typed record replaces the points of the matching results; an
        untyped one is a bonus or penalty on the total (returned)."""
        bonus: dict[int, Fraction] = {}
        for number, letter, points, rnd, ids in self.abnormal:
            for pid in ids:
                p = players.get(pid)
                if p is None:
                    self.out.warning(number, 24, f"299: no player with start rank {pid}")
                    continue
                if not letter:
                    bonus[pid] = bonus.get(pid, Fraction(0)) + points
                    continue
                hits = [
                    g
                    for g in p.games
                    if (rnd is None or g.round == rnd) and _code_letter(g.kind) == letter
                ]
                for g in hits:
                    p.games[g.round - 1] = g._replace(points=points, units=int(points * self.scale))
                if not hits:
                    self.out.warning(
                        number,
                        5,
                        f"299: player {pid} has no '{letter}' result "
                        f"{'in round ' + str(rnd) if rnd else 'in any round'}",
                    )
        return bonus

    def _check_points(self, people: list[Participant], scale: int, scoring: Scoring) -> None:
        for p in people:
            if p.declared_points is not None and p.declared_points != p.points:
                self.out.warning(
                    p.line or 0,
                    81,
                    f"player {p.id}: points column says "
                    f"{exact_str(p.declared_points)} but the results give {exact_str(p.points)} "
                    f"({scoring.describe()})",
                )

    def _date(self, code: str) -> date | None:
        text = self.info.get(code, "")
        if not text:
            return None
        parsed = parse_date(text)
        if parsed is None:
            line = next((i for i, sl in enumerate(self.source.lines, 1) if sl.text[:3] == code), 0)
            self.out.warning(line, 5, f"date '{text}' not understood (expected YYYY/MM/DD)")
        return parsed

    def _last_round_date(self) -> date | None:
        text = self.info.get("132", "")
        dates = [parse_date(t) for t in text.split()]
        return max((d for d in dates if d), default=None)

    def _type(self, t: Tournament) -> tuple[TournamentType, str]:
        code = self.info.get("192", "").upper()
        if "ROUNDROBIN" in code or "SCHEVENINGEN" in code:
            return TournamentType.ROUND_ROBIN, "file"
        if code and "TEAM" not in code and not code.startswith("CUSTOM"):
            return TournamentType.SWISS, "file"
        text = self.info.get("092", "").lower()
        if re.search(r"round[- ]?robin|berger|rundenturnier|scheveningen|all[- ]play[- ]all", text):
            return TournamentType.ROUND_ROBIN, "file"
        if re.search(r"swiss|schweizer|suisse|suizo|svizzero", text):
            return TournamentType.SWISS, "file"
        return infer_type(t), "inferred"


_DATE_PATTERNS = (
    (re.compile(r"^(\d{4})[/.-](\d{1,2})[/.-](\d{1,2})$"), "ymd"),
    (re.compile(r"^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})$"), "dmy"),
    (re.compile(r"^(\d{2})[/.-](\d{2})[/.-](\d{2})$"), "yy"),  # TRF 132 form YY/MM/DD
)


def parse_date(text: str) -> date | None:
    """Dates as real TRF files write them: ``2024/11/23``, ``24/09/2010``, ``24.09.2010``,
    ``2024-11-23`` and the TRF16 round-date form ``24/11/23`` (YY/MM/DD)."""
    text = text.strip()
    for pattern, order in _DATE_PATTERNS:
        m = pattern.match(text)
        if not m:
            continue
        a, b, c = (int(g) for g in m.groups())
        y, mo, d = {"ymd": (a, b, c), "dmy": (c, b, a), "yy": (2000 + a, b, c)}[order]
        if order == "dmy" and b > 12 and a <= 12:
            mo, d = a, b  # month first (US order) when the middle number cannot be a month
        try:
            return date(y, mo, d)
        except ValueError:
            return None
    return None
