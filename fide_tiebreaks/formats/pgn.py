"""A tournament PGN read as a tournament: the games' tag pairs only, never the moves.

The games are told apart by :mod:`.pgn_scan` (every tag block is a game, with or without
movetext; nothing else is needed to read a PGN). Tags used: ``Event`` and ``EventDate`` (from
the first game that has them), ``Round``, ``White``, ``Black``, ``Result``, ``WhiteElo``,
``BlackElo``, ``WhiteFideId``, ``BlackFideId``, ``Date`` (else ``UTCDate``: the dates of the
games give the end date).

What PGN does not say is said, never guessed (docs/formats.md, "PGN"):

- PGN has no start ranks: players are numbered by rating, highest first (unrated last), then
  by name; a note says so.
- PGN has no byes or forfeits: a player without a game in a round has an unplayed round of
  unknown kind, reported per player and round and read as not paired, unless
  ``absent_as`` chooses (``ZPB``, ``HPB``, ``FPB``, ``PAB``, ``NONE``). Every game is read as
  played over the board.
- ``Result "*"`` is an unfinished game: refused unless ``after_round`` stops before it. A
  ``Result`` tag and a movetext result that disagree are an error (which one is true, the
  file cannot say); a game with no ``Result`` tag takes the movetext's.
- ``Round "3.1"`` (broadcasts: round 3, board 1) is round 3; with ``round_format="game"``,
  ``"3.1"`` and ``"3.2"`` are the two games of match round 3, each read as a round of its
  own. A pair meeting twice in one round is refused, naming that option. TRF's columns hold
  :data:`MAX_ROUNDS` rounds: a game past them is an error naming the limit.

The games become the equivalent TRF, read by the TRF reader (one set of checks), whose
messages point back at the PGN's lines.
"""

from __future__ import annotations

import re
from collections.abc import Mapping

from .. import arguments
from ..data_classes import NamedTuple
from ..diagnostics import Collector, Diagnostic, InputError, Severity
from .base import (
    ABSENT_KINDS,
    DEFAULT_SETTINGS,
    MAX_BYTES,
    PgnOptions,
    ReadResult,
    ReadSettings,
    fatal,
    not_text,
)
from .pgn_dates import EventSpan, event_span, trf_date
from .pgn_scan import MAX_GAMES, PgnGame, split_games
from .trf.state import MAX_ROUNDS

__all__ = ["MAX_GAMES", "MAX_PLAYERS", "MAX_ROUNDS", "PgnGame", "PgnOptions", "read_pgn"]

# The TRF letter of each kind --absent-as may name (the options check the name).
ABSENT_CODES = dict(zip(ABSENT_KINDS, ("Z", "H", "F", "U", " "), strict=True))
_ROUND = re.compile(r"^(\d{1,9})(?:\.(\d{1,9}))?$")  # the limits are checked by name
MAX_BOARDS = 9999  # four digits: more than a round of TRF's 9,999 players has boards
_RESULTS = {"1-0": ("1", "0"), "0-1": ("0", "1"), "1/2-1/2": ("=", "="), "*": None}
MAX_PLAYERS = 9999  # TRF's start-rank columns, through which a PGN is read


class Side(NamedTuple):
    name: str
    rating: int | None
    fide_id: str


class EquivalentTrf(NamedTuple):
    """The games as TRF text, and for each TRF line (1-based) the PGN line it came from."""

    text: str
    origin: dict[int, int]
    dates: frozenset[int] = frozenset()  # the lines of 042 and 052 (pgn_dates checks them)


def read_pgn(
    data: bytes, name: str = "<input>", *, settings: ReadSettings = DEFAULT_SETTINGS
) -> ReadResult:
    """Read a tournament PGN (see the module docstring), called as every reader is:
    ``settings.pgn`` (:class:`~.base.PgnOptions`) says what the file cannot. InputError with
    located messages (``file:line:column``) when it cannot give a tournament."""
    arguments.file_data(data, name)
    options = settings.pgn or PgnOptions()
    if len(data) > MAX_BYTES:
        raise InputError([fatal(name, f"input is {len(data)} bytes; the limit is {MAX_BYTES}")])
    out = Collector(name, lenient=settings.lenient)
    text = _decode(data, out)
    games = split_games(text, out)
    trf = _Builder(games, options, out).trf()
    from .trf.reader import parse_trf

    try:
        result = parse_trf(trf.text, name, lenient=settings.lenient)
    except InputError as e:  # pragma: no cover - our own TRF; reported where it points
        raise InputError(_relocate(e.diagnostics, trf.origin, name)) from None
    # 042 and 052 hold dates checked against each other already, each message at its tag
    kept = tuple(d for d in result.diagnostics if d.line not in trf.dates)
    found = _relocate(kept, trf.origin, name)
    return ReadResult(result.tournament, (*out.items, *found))


def _relocate(
    diags: tuple[Diagnostic, ...], lines: Mapping[int, int], path: str
) -> list[Diagnostic]:
    return [
        Diagnostic(
            severity=d.severity, message=d.message, path=path, line=lines.get(d.line, 0), column=0
        )
        for d in diags
    ]


def _decode(data: bytes, out: Collector) -> str:
    if b"\x00" in data:  # UTF-16 or UTF-32 text, or binary data: never a tag pair
        raise not_text(out.path, data, "a PGN text file")
    body = data[3:] if data.startswith(b"\xef\xbb\xbf") else data
    try:
        return body.decode("utf-8")
    except UnicodeDecodeError as e:
        line = body[: e.start].count(b"\n") + 1
        out.warning(line, 0, f"not valid UTF-8 (byte 0x{body[e.start]:02X}); read as latin-1")
        return body.decode("latin-1")


class _Builder:
    """The games as the equivalent TRF text, and where each TRF line came from."""

    def __init__(self, games: list[PgnGame], options: PgnOptions, out: Collector) -> None:
        self.games, self.options, self.out = games, options, out
        self.errors: list[Diagnostic] = []

    def fail(self, game: PgnGame, tag: str, message: str) -> None:
        self.fail_at(game.at(tag), message)

    def fail_at(self, where: tuple[int, int], message: str) -> None:
        line, column = where
        self.errors.append(
            Diagnostic(
                severity=Severity.ERROR,
                message=message,
                path=self.out.path,
                line=line,
                column=column,
            )
        )

    def trf(self) -> EquivalentTrf:
        event = self._event()
        self.span: EventSpan = event_span(self.games, self.out, self.errors)
        read = [g for g in (self._game(game) for game in self.games) if g is not None]
        if self.errors:  # a game left out would make its round look missing: say only why
            raise InputError(self.errors)
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
        if int(m.group(1)) > MAX_ROUNDS:
            self.fail(
                game,
                "Round",
                f"Round '{round_text}': round {int(m.group(1))} is past the limit of "
                f"{MAX_ROUNDS} rounds (a PGN is read through TRF's round columns)",
            )
            return None
        if int(m.group(2) or 0) > MAX_BOARDS:
            self.fail(
                game,
                "Round",
                f"Round '{round_text}': board {int(m.group(2))} is past the limit of "
                f"{MAX_BOARDS} boards ('3.1' to '3.{MAX_BOARDS}' for the boards of round 3)",
            )
            return None
        result = self._result(game)
        if result is None:
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
        return _Read(
            game=game, major=major, minor=minor, white=sides[0], black=sides[1], result=result
        )

    def _result(self, game: PgnGame) -> str | None:
        """The game's result: the Result tag, which the movetext's result must not contradict
        (a game without the tag takes the movetext's)."""
        if "Result" not in game.tags and game.result:
            return game.result
        result = game.tags.get("Result", "").strip()
        if result not in _RESULTS:
            self.fail(game, "Result", f"Result '{result[:20]}' must be 1-0, 0-1, 1/2-1/2 or *")
            return None
        if game.result and game.result != result:
            line = game.at("Result")[0]
            self.fail_at(
                game.result_at,
                f"the movetext ends in {game.result}, but the Result tag on line {line} says "
                f"{result}: correct the one that is wrong",
            )
            return None
        return result

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
            last = max(present, default=0)
            missing = [r for r in range(1, last + 1) if r not in present]
            if missing:
                self.fail(
                    read[0].game,
                    "Round",
                    f"no game for round(s) {_spans(missing)}, though the file has games of "
                    f"round {last}: rounds are numbered from 1 without gaps",
                )
        elif len(keys) > MAX_ROUNDS:
            self.fail(
                read[0].game,
                "Round",
                f"--round-format game reads {len(keys)} rounds: past the limit of "
                f"{MAX_ROUNDS} rounds (a PGN is read through TRF's round columns)",
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
    ) -> EquivalentTrf:
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
    ) -> EquivalentTrf:
        out: list[str] = [f"012 {event}"]
        for code, given in (("042", self.span.start), ("052", self.span.end)):
            if given is not None:
                out.append(f"{code} {trf_date(given.day)}")
        dates = frozenset(range(2, len(out) + 1))
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
        return EquivalentTrf("\n".join(out) + "\n", where, dates)


class _Read(NamedTuple):
    game: PgnGame
    major: int  # the round (or match round) number
    minor: int  # the board (or game of the match); 0 when not given
    white: Side
    black: Side
    result: str


def _spans(rounds: list[int]) -> str:
    """Round numbers as spans, all of them: [2, 3, 4, 7] is '2-4, 7'."""
    spans: list[list[int]] = []
    for r in rounds:
        if spans and spans[-1][1] == r - 1:
            spans[-1][1] = r
        else:
            spans.append([r, r])
    return ", ".join(str(a) if a == b else f"{a}-{b}" for a, b in spans)
