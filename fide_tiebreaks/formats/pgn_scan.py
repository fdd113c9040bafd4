"""A PGN file split into its games, and each game's tag pairs: where each is, what it says.

Every tag block is a game, with or without movetext: broadcast platforms export a round as
tag blocks separated by blank lines and no moves (``[Round "1.1"] ... [Result "0-1"]``, a
blank line, the next game's tags). The movetext is scanned only as far as the game's
structure needs: comments (``{...}``, which may span lines, and ``;`` to the end of the
line), escape lines (``%`` in column 1), variations (``(...)``) and the termination marker
(``1-0``, ``0-1``, ``1/2-1/2``, ``*``; PGN standard 8.2.6). The moves themselves are never
read. What would silently hide games is an error at its line and column: a ``{`` that is
never closed, a tag pair inside a comment (the sign of a missing ``}``), a tag given twice
in one block (the sign of a missing blank line), text after a game's result.
"""

from __future__ import annotations

import re
from dataclasses import field

from ..data_classes import dataclass
from ..diagnostics import Collector, Diagnostic, InputError, Severity
from .base import fatal

MAX_GAMES = 200_000
RESULT_TOKENS = frozenset({"1-0", "0-1", "1/2-1/2", "*"})
# A whole tag pair: [Name "value"], the value's quotes and backslashes escaped (PGN 8.1.1).
_TAG_PAIR = re.compile(r'\[\s*([A-Za-z0-9_]+)\s+"((?:[^"\\]|\\.)*)"\s*\]\s*')
# A line of tag pairs only: one, or a game's whole tag section on one line.
_TAG_LINE = re.compile(rf"(?:{_TAG_PAIR.pattern})+")
_TOKEN = re.compile(r"[{};()]|[^\s{};()]+")
_ESCAPED = re.compile(r'\\([\\"])')  # \" and \\, the two escapes (PGN 8.1.1)
_LINE_END = re.compile(r"\r\n|\r|\n")

# Where the scanner is in a game.
_OUTSIDE, _TAGS, _MOVES = "outside", "tags", "moves"  # _OUTSIDE: before a game, after a result


@dataclass
class PgnGame:
    """One game's tags, where each tag is (line, column), and the movetext's result."""

    line: int
    tags: dict[str, str] = field(default_factory=dict)
    where: dict[str, tuple[int, int]] = field(default_factory=dict)
    result: str = ""  # the movetext's termination marker; "" when the game has none
    result_at: tuple[int, int] = (0, 0)

    def at(self, tag: str) -> tuple[int, int]:
        return self.where.get(tag, (self.line, 1))


def split_games(text: str, out: Collector) -> list[PgnGame]:
    """Every game of *text*; InputError (located) where the games cannot be told apart."""
    scanner = _Scanner(out)
    for number, line in enumerate(_LINE_END.split(text), start=1):
        scanner.line(number, line)
    return scanner.finish()


class _Scanner:
    def __init__(self, out: Collector) -> None:
        self.out = out
        self.games: list[PgnGame] = []
        self.state = _OUTSIDE
        self.comment: tuple[int, int] | None = None  # where an open "{" is
        self.comment_tag = 0  # the line of the first tag pair in the open comment (0: none)
        self.depth = 0  # open variations
        self.errors: list[Diagnostic] = []
        self.stray = False  # text outside a game already reported since the last game

    def error(self, line: int, column: int, message: str) -> None:
        self.errors.append(
            Diagnostic(
                severity=Severity.ERROR,
                message=message,
                path=self.out.path,
                line=line,
                column=column,
            )
        )

    def line(self, number: int, text: str) -> None:
        stripped = text.strip()
        if self.comment is not None:
            self.in_comment(number, text, stripped)
            return
        if text.startswith("%") or not stripped:  # an escape line (PGN 6), a blank line
            if not stripped and self.state == _TAGS:
                self.state = _MOVES  # the tag section ends at a blank line
            return
        if stripped.startswith("["):
            self.tags(number, text)
        else:
            self.moves(number, text, 0)

    def in_comment(self, number: int, text: str, stripped: str) -> None:
        """A line of an open ``{`` comment, which runs to its first ``}`` (PGN 8.2.5), any
        text in it, a tag pair too. But a tag pair that a blank line follows, the comment
        still open, is a game's tag section: a ``}`` forgotten, and every game up to the
        next ``}`` would vanish into the comment. That is an error where the comment opens."""
        if _TAG_LINE.fullmatch(stripped) and not self.comment_tag:
            self.comment_tag = number
        if not stripped and self.comment_tag:
            line, column = self.comment or (0, 0)
            raise InputError(
                [
                    fatal(
                        self.out.path,
                        f"the comment opened with '{{' at {line}:{column} holds the tag "
                        f"pair on line {self.comment_tag}: is its '}}' missing?",
                        line,
                        column,
                    )
                ]
            )
        end = text.find("}")
        if end >= 0:
            self.comment, self.comment_tag = None, 0
            self.moves(number, text, end + 1)

    def tags(self, number: int, text: str) -> None:
        if self.state != _TAGS:
            self.end_game()
            self.games.append(PgnGame(number))
            if len(self.games) > MAX_GAMES:
                raise InputError([fatal(self.out.path, f"more than {MAX_GAMES} games", number, 1)])
            self.state, self.stray = _TAGS, False
        game = self.games[-1]
        pos = len(text) - len(text.lstrip())
        while pos < len(text):
            m = _TAG_PAIR.match(text, pos)
            if m is None:
                shown = text.strip()[:40]
                raise InputError(
                    [
                        fatal(
                            self.out.path,
                            f'malformed tag pair {shown!r}: write [Name "value"]',
                            number,
                            1,
                        )
                    ]
                )
            name = m.group(1)
            if name in game.tags:
                self.error(
                    number,
                    m.start() + 1,
                    f"tag {name} is given twice in one game (lines {game.where[name][0]} and "
                    f"{number}): is the blank line between two games missing?",
                )
            else:
                game.tags[name] = _ESCAPED.sub(r"\1", m.group(2))
                game.where[name] = (number, m.start() + 1)
            pos = m.end()

    def moves(self, number: int, text: str, pos: int) -> None:
        """The movetext of *text* from *pos*: comments, variations, the result."""
        while (m := _TOKEN.search(text, pos)) is not None:
            token, pos = m.group(), m.end()
            if token == "{":
                close = text.find("}", pos)
                if close < 0:
                    self.comment = (number, m.start() + 1)
                    return
                pos = close + 1
            elif token == ";":
                return  # a comment to the end of the line
            elif self.state == _OUTSIDE:
                self.outside(number, m.start() + 1, token)
                return
            else:
                self.state = _MOVES
                self.token(number, m.start() + 1, token)

    def token(self, number: int, column: int, token: str) -> None:
        if token == "(":
            self.depth += 1
        elif token == ")":
            self.depth = max(self.depth - 1, 0)
        elif self.depth == 0 and token in RESULT_TOKENS:
            game = self.games[-1]
            game.result, game.result_at = token, (number, column)
            self.state = _OUTSIDE  # PGN 8.2.6: the marker ends the game

    def outside(self, number: int, column: int, token: str) -> None:
        if self.stray:
            return
        self.stray = True
        if not self.games:
            self.error(
                number,
                column,
                f"'{token[:20]}' before the first tag pair: a game starts with its tags "
                '([Event "..."], [Round "1"], ...)',
            )
            return
        game = self.games[-1]
        line, col = game.result_at
        self.error(
            number,
            column,
            f"'{token[:20]}' after the result {game.result} at {line}:{col} that ends the game "
            f"of line {game.line}: a game starts with its tag pairs",
        )

    def end_game(self) -> None:
        if self.games and self.depth:
            line = self.games[-1].line
            self.out.warning(line, 1, f"the game of line {line} leaves a variation '(' open")
        self.depth = 0

    def finish(self) -> list[PgnGame]:
        if self.comment is not None:
            line, column = self.comment
            self.error(
                line,
                column,
                "this comment '{' is never closed: it runs to the end of the file, "
                "and every game after it would be lost; close it with '}'",
            )
        self.end_game()
        if self.errors:
            raise InputError(self.errors)
        if not self.games:
            raise InputError(
                [fatal(self.out.path, 'no PGN game (no tag pairs such as [Event "..."])')]
            )
        return self.games
