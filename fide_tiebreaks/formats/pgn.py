"""A tournament PGN read as a tournament: the games' tag pairs only, never the moves.

Read with python-chess (the ``pgn`` extra: ``pip install 'fide-tiebreaks[pgn]'``), imported
only when a PGN is read. Tags used: ``Event``, ``Round``, ``White``, ``Black``, ``Result``,
``WhiteElo``, ``BlackElo``, ``WhiteFideId``, ``BlackFideId``, ``Date`` and ``EventDate``.

What PGN does not say is said, never guessed (docs/formats.md, "PGN"):

- PGN has no start ranks: players are numbered by rating, highest first (unrated last), then
  by name; a note says so.
- PGN has no byes or forfeits: a player without a game in a round has an unplayed round of
  unknown kind, reported per player and round and read as not paired, unless
  ``absent_as`` chooses (``ZPB``, ``HPB``, ``FPB``, ``PAB``, ``NONE``). Every game is read as
  played over the board.
- ``Result "*"`` is an unfinished game: refused unless ``after_round`` stops before it.
- ``Round "3.1"`` (broadcasts: round 3, board 1) is round 3; with ``round_format="game"``,
  ``"3.1"`` and ``"3.2"`` are the two games of match round 3, each read as a round of its
  own. A pair meeting twice in one round is refused, naming that option.

The games become the equivalent TRF, read by the TRF reader (one set of checks), whose
messages point back at the PGN's lines.
"""

from __future__ import annotations

import io
import re
from bisect import bisect_right
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any, NamedTuple

from ..diagnostics import Collector, Diagnostic, InputError, Severity
from .base import MAX_BYTES, PgnOptions, ReadResult, fatal

ABSENT_CODES = {"ZPB": "Z", "HPB": "H", "FPB": "F", "PAB": "U", "NONE": " "}
ROUND_FORMATS = ("board", "game")
_ROUND = re.compile(r"^(\d{1,3})(?:\.(\d{1,3}))?$")
_RESULTS = {"1-0": ("1", "0"), "0-1": ("0", "1"), "1/2-1/2": ("=", "="), "*": None}
_TAG = re.compile(r'\[\s*([A-Za-z0-9_]+)\s+"')
_DATE = re.compile(r"^(\d{4})\.(\d{2})\.(\d{2})$")
MAX_GAMES = 200_000
MAX_PLAYERS = 9999  # TRF's start-rank columns, through which a PGN is read


class Side(NamedTuple):
    name: str
    rating: int | None
    fide_id: str


@dataclass
class PgnGame:
    """One game's tags and where each tag is (line, column), for messages."""

    line: int
    tags: Mapping[str, str]
    where: dict[str, tuple[int, int]] = field(default_factory=dict)

    def at(self, tag: str) -> tuple[int, int]:
        return self.where.get(tag, (self.line, 1))


def read_pgn(data: bytes, path: str = "<input>", options: PgnOptions | None = None) -> ReadResult:
    """Read a tournament PGN (see the module docstring); InputError with located messages
    (``file:line:column``) when it cannot give a tournament."""
    options = options or PgnOptions()
    if len(data) > MAX_BYTES:
        raise InputError([fatal(path, f"input is {len(data)} bytes; the limit is {MAX_BYTES}")])
    out = Collector(path)
    text = _decode(data, out)
    games = _games(text, path)
    trf, lines = _Builder(games, options, out).trf()
    from .trf.reader import parse_trf

    try:
        result = parse_trf(trf, path)
    except InputError as e:  # pragma: no cover - our own TRF; reported where it points
        raise InputError(_relocate(e.diagnostics, lines, path)) from None
    return ReadResult(result.tournament, (*out.items, *_relocate(result.diagnostics, lines, path)))


def _relocate(
    diags: tuple[Diagnostic, ...], lines: Mapping[int, int], path: str
) -> list[Diagnostic]:
    return [Diagnostic(d.severity, d.message, path, lines.get(d.line, 0), 0) for d in diags]


def _decode(data: bytes, out: Collector) -> str:
    body = data[3:] if data.startswith(b"\xef\xbb\xbf") else data
    try:
        return body.decode("utf-8")
    except UnicodeDecodeError as e:
        line = body[: e.start].count(b"\n") + 1
        out.warning(line, 0, f"not valid UTF-8 (byte 0x{body[e.start]:02X}); read as latin-1")
        return body.decode("latin-1")


def _chess() -> Any:
    try:
        import chess.pgn
    except ImportError:
        raise InputError(
            [
                Diagnostic(
                    Severity.ERROR,
                    "reading PGN needs python-chess: pip install 'fide-tiebreaks[pgn]'",
                    "<pgn>",
                )
            ]
        ) from None
    return chess.pgn


def _games(text: str, path: str) -> list[PgnGame]:
    """Every game's tags (python-chess reads them; the moves are skipped, not parsed)."""
    pgn = _chess()
    starts = [0] + [m.end() for m in re.finditer(r"\r\n|\r|\n", text)]

    def line_col(offset: int) -> tuple[int, int]:
        n = bisect_right(starts, offset)
        return n, offset - starts[n - 1] + 1

    handle = io.StringIO(text)
    games: list[PgnGame] = []
    while True:
        before = handle.tell()
        headers = pgn.read_headers(handle)
        if headers is None:
            break
        after = handle.tell()
        chunk = text[before:after]
        first = chunk.find("[")
        game = PgnGame(line_col(before + max(first, 0))[0], dict(headers))
        for m in _TAG.finditer(chunk):
            game.where.setdefault(m.group(1), line_col(before + m.start()))
        _check_tag_lines(path, chunk, before, line_col)
        games.append(game)
        if len(games) > MAX_GAMES:
            raise InputError([fatal(path, f"more than {MAX_GAMES} games", game.line, 1)])
    if not games:
        raise InputError([fatal(path, 'no PGN game (no tag pairs such as [Event "..."])')])
    return games


# A whole tag pair: [Name "value"], the value's quotes and backslashes escaped (PGN 8.1.1).
_TAG_LINE = re.compile(r'\[\s*[A-Za-z0-9_]+\s+"(?:[^"\\]|\\.)*"\s*\]\s*')


def _check_tag_lines(
    path: str, chunk: str, before: int, line_col: Callable[[int], tuple[int, int]]
) -> None:
    """python-chess skips a malformed tag pair without a word ([Event "x" without its
    bracket): the tag would be silently lost, so the header lines are checked here."""
    offset = before
    for text in chunk.splitlines(keepends=True):
        stripped = text.strip()
        if stripped and not stripped.startswith("["):
            return  # the movetext: a "[" there is a comment's business, not a tag
        if stripped and not _TAG_LINE.fullmatch(stripped):
            line, _ = line_col(offset)
            raise InputError(
                [
                    fatal(
                        path, f'malformed tag pair {stripped[:40]!r}: write [Name "value"]', line, 1
                    )
                ]
            )
        offset += len(text)


class _Builder:
    """The games as the equivalent TRF text, and where each TRF line came from."""

    def __init__(self, games: list[PgnGame], options: PgnOptions, out: Collector) -> None:
        self.games, self.options, self.out = games, options, out
        self.errors: list[Diagnostic] = []

    def fail(self, game: PgnGame, tag: str, message: str) -> None:
        line, column = game.at(tag)
        self.errors.append(Diagnostic(Severity.ERROR, message, self.out.path, line, column))

    def trf(self) -> tuple[str, dict[int, int]]:
        options = self.options
        if options.absent_as is not None and options.absent_as.upper() not in ABSENT_CODES:
            raise InputError(
                [
                    fatal(
                        self.out.path,
                        f"--absent-as '{options.absent_as}' must be "
                        f"one of {' '.join(ABSENT_CODES)}",
                    )
                ]
            )
        if options.round_format not in ROUND_FORMATS:
            raise InputError(
                [
                    fatal(
                        self.out.path,
                        f"--round-format '{options.round_format}' must be 'board' or 'game'",
                    )
                ]
            )
        event = self._event()
        read = [g for g in (self._game(game) for game in self.games) if g is not None]
        rounds = self._rounds(read)
        players = self._players(read)
        self._numbers = players
        if self.errors:
            raise InputError(self.errors)
        return self._text(event, read, rounds, players)

    # -- tags ---------------------------------------------------------------------------
    def _event(self) -> str:
        names = {g.tags.get("Event", "").strip() for g in self.games} - {"", "?"}
        if len(names) > 1:
            shown = ", ".join(sorted(repr(n[:30]) for n in names)[:4])
            self.fail(
                self.games[0],
                "Event",
                f"the file holds games of {len(names)} events ({shown}); give one event's games",
            )
        return names.pop() if len(names) == 1 else ""

    def _game(self, game: PgnGame) -> _Read | None:
        tags = game.tags
        round_text = tags.get("Round", "").strip()
        m = _ROUND.match(round_text)
        if not m or int(m.group(1)) < 1:
            self.fail(
                game,
                "Round",
                f"Round '{round_text[:20]}' is not a round number "
                "('3', or '3.1' for round 3, board 1)",
            )
            return None
        result = tags.get("Result", "").strip()
        if result not in _RESULTS:
            self.fail(game, "Result", f"Result '{result[:20]}' must be 1-0, 0-1, 1/2-1/2 or *")
            return None
        sides = []
        for colour in ("White", "Black"):
            name = " ".join(tags.get(colour, "").split())
            if name in ("", "?"):
                self.fail(game, colour, f"{colour} names no player")
                return None
            sides.append(Side(name, self._rating(game, colour), self._fide_id(game, colour)))
        if sides[0].name == sides[1].name:
            self.fail(game, "Black", f"{sides[0].name} plays itself")
            return None
        major, minor = int(m.group(1)), int(m.group(2) or 0)
        return _Read(game, major, minor, sides[0], sides[1], result)

    def _rating(self, game: PgnGame, colour: str) -> int | None:
        text = game.tags.get(f"{colour}Elo", "").strip()
        if text in ("", "-", "?", "0"):
            return None
        if text.isascii() and text.isdigit() and int(text) <= 9999:
            return int(text)
        line, column = game.at(f"{colour}Elo")
        self.out.warning(line, column, f"{colour}Elo '{text[:12]}' is not a rating; unrated")
        return None

    def _fide_id(self, game: PgnGame, colour: str) -> str:
        text = game.tags.get(f"{colour}FideId", "").strip()
        if text in ("", "-", "?", "0"):
            return ""
        if text.isascii() and text.isdigit() and len(text) <= 11:
            return text
        line, column = game.at(f"{colour}FideId")
        self.out.warning(line, column, f"{colour}FideId '{text[:14]}' is not a FIDE id; ignored")
        return ""

    # -- rounds and players ------------------------------------------------------------
    def _rounds(self, read: list[_Read]) -> dict[tuple[int, int], int]:
        """(round, sub-round) -> the round it is read as."""
        game_format = self.options.round_format == "game"
        keys = sorted({(g.major, g.minor if game_format else 0) for g in read})
        numbering = {key: n for n, key in enumerate(keys, start=1)}
        if not game_format:
            present = {k[0] for k in keys}
            missing = [r for r in range(1, max(present, default=0) + 1) if r not in present]
            if missing:
                self.fail(
                    read[0].game,
                    "Round",
                    f"no game for round(s) "
                    f"{', '.join(map(str, missing[:10]))}: rounds are numbered from 1",
                )
        else:
            for key, n in numbering.items():
                if key != (n, 0):
                    self.out.note(
                        0,
                        0,
                        f"round {key[0]}.{key[1]} is read as round {n} "
                        "(--round-format game: each game of a match is a round)",
                    )
        return numbering

    def _players(self, read: list[_Read]) -> dict[str, int]:
        """Each player's key -> start rank: by rating, highest first, then by name."""
        id_of_name: dict[str, str] = {}
        for g in read:
            for side in (g.white, g.black):
                if side.fide_id:
                    other = id_of_name.setdefault(side.name, side.fide_id)
                    if other != side.fide_id:
                        self.fail(
                            g.game,
                            "WhiteFideId",
                            f"{side.name} has FIDE ids {other} and {side.fide_id}",
                        )
        self.id_of_name = id_of_name
        best: dict[str, Side] = {}
        for g in read:
            for side in (g.white, g.black):
                key = self.key(side)
                known = best.get(key)
                if known is None or (side.rating or 0) > (known.rating or 0):
                    if known is not None and known.rating:
                        self.out.note(
                            g.game.line,
                            0,
                            f"{side.name}'s rating differs between "
                            f"games ({known.rating}, {side.rating}); the highest is "
                            "kept",
                        )
                    best[key] = side
        self.sides = best
        if len(best) > MAX_PLAYERS:
            self.fail(
                read[0].game,
                "Event",
                f"the file has {len(best)} players; a PGN is read "
                f"through TRF's columns, which hold {MAX_PLAYERS}",
            )
        order = sorted(best, key=lambda k: (-(best[k].rating or 0), best[k].name.casefold(), k))
        self.out.note(
            0,
            0,
            "PGN has no start ranks: players are numbered by rating (highest "
            "first, unrated last), then by name",
        )
        return {key: n for n, key in enumerate(order, start=1)}

    def key(self, side: Side) -> str:
        fide_id = side.fide_id or self.id_of_name.get(side.name, "")
        return f"id:{fide_id}" if fide_id else f"name:{side.name}"

    # -- the TRF ------------------------------------------------------------------------
    def _text(
        self,
        event: str,
        read: list[_Read],
        numbering: dict[tuple[int, int], int],
        players: dict[str, int],
    ) -> tuple[str, dict[int, int]]:
        game_format = self.options.round_format == "game"
        # A cut before round 1 is no cut: the command refuses it, naming the real count.
        last = self.options.after_round
        if last is not None and last < 1:
            last = None
        blocks: dict[int, dict[int, str]] = {n: {} for n in players.values()}
        first_line: dict[int, int] = {}
        for g in read:
            rnd = numbering[(g.major, g.minor if game_format else 0)]
            if last is not None and rnd > last:
                continue
            w, b = players[self.key(g.white)], players[self.key(g.black)]
            if g.result == "*":
                self.fail(
                    g.game,
                    "Result",
                    f"round {rnd}: {g.white.name} - {g.black.name} is "
                    'unfinished (Result "*"): final standings need every result'
                    + (
                        f"; --after-round {rnd - 1} gives the standings before it"
                        if rnd > 1
                        else ""
                    ),
                )
                continue
            codes = _RESULTS[g.result]
            assert codes is not None
            for pid, opp, colour, code, name in (
                (w, b, "w", codes[0], g.white.name),
                (b, w, "b", codes[1], g.black.name),
            ):
                first_line.setdefault(pid, g.game.line)
                if rnd in blocks[pid]:
                    self._twice(g, rnd, name, opp, blocks[pid][rnd])
                    continue
                blocks[pid][rnd] = f"{opp:4d} {colour} {code}"
        if self.errors:
            raise InputError(self.errors)
        rounds = len(numbering) if last is None else min(last, len(numbering))
        self._absences(blocks, rounds, first_line)
        return self._lines(event, read, blocks, rounds, first_line)

    def _twice(self, g: _Read, rnd: int, name: str, opp: int, before: str) -> None:
        if int(before[:4]) == opp:
            self.fail(
                g.game,
                "Round",
                f"round {g.major}: {g.white.name} and {g.black.name} "
                "meet twice: the sub-rounds look like the games of a match; "
                "--round-format game reads each game as a round of its own",
            )
        else:
            self.fail(g.game, "Round", f"round {rnd}: {name} has two games")

    def _absences(
        self, blocks: dict[int, dict[int, str]], rounds: int, first_line: dict[int, int]
    ) -> None:
        chosen = self.options.absent_as
        code = ABSENT_CODES[chosen.upper()] if chosen else " "
        names = {n: self.sides[k].name for k, n in self._numbers.items()}
        for pid, row in blocks.items():
            for r in range(1, rounds + 1):
                if r in row:
                    continue
                row[r] = f"0000 - {code}"
                if chosen is None:
                    self.out.warning(
                        first_line.get(pid, 0),
                        0,
                        f"round {r}: {names[pid]} has "
                        "no game: an unplayed round of unknown kind (a bye, a "
                        "forfeit or an absence: PGN cannot say), read as not "
                        "paired; --absent-as ZPB|HPB|FPB|PAB chooses",
                    )
        if code == "U":
            for r in range(1, rounds + 1):
                pab = [pid for pid, row in blocks.items() if row[r] == "0000 - U"]
                if len(pab) > 1:
                    raise InputError(
                        [
                            fatal(
                                self.out.path,
                                f"--absent-as PAB: round {r} has "
                                f"{len(pab)} players without a game, and a round "
                                "has at most one pairing-allocated bye",
                            )
                        ]
                    )

    def _lines(
        self,
        event: str,
        read: list[_Read],
        blocks: dict[int, dict[int, str]],
        rounds: int,
        first_line: dict[int, int],
    ) -> tuple[str, dict[int, int]]:
        out: list[str] = [f"012 {event}"]
        dates = sorted(d for d in (_date(g.game.tags.get("Date", "")) for g in read) if d)
        start = _date(read[0].game.tags.get("EventDate", "")) or (dates[0] if dates else "")
        if start:
            out.append(f"042 {start}")
        if dates:
            out.append(f"052 {dates[-1]}")
        where: dict[int, int] = {}
        for key, pid in sorted(self._numbers.items(), key=lambda kv: kv[1]):
            side = self.sides[key]
            name = side.name
            if len(name) > 33:
                self.out.warning(
                    first_line.get(pid, 0),
                    0,
                    f"name '{name[:40]}' is longer than TRF's 33 columns; read as '{name[:33]}'",
                )
            head = (
                f"001 {pid:4d}      {name[:33]:<33} {side.rating or '':>4}     {side.fide_id:>11}"
            )
            row = "".join(f"  {blocks[pid][r]}" for r in range(1, rounds + 1))
            out.append(f"{head:<89}{row}")
            where[len(out)] = first_line.get(pid, 0)
        return "\n".join(out) + "\n", where


class _Read(NamedTuple):
    game: PgnGame
    major: int  # the round (or match round) number
    minor: int  # the board (or game of the match); 0 when not given
    white: Side
    black: Side
    result: str


def _date(text: str) -> str:
    m = _DATE.match(text.strip())
    return f"{m.group(1)}/{m.group(2)}/{m.group(3)}" if m else ""
