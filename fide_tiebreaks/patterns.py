"""Regular expressions at start-up: compiled on first use (:class:`LazyPattern`), or not
needed at all (:func:`spelled`).

Compiling a pattern costs a few hundred thousand instructions of the start-up a pairing
program pays on every call (docs/architecture.md, "Start-up"). Most of the package's
patterns are for inputs a standings run of a TRF file never has (day-first dates, XML line
ends, decision files), so they wait until one does; a name check that every run makes
(a code, a preset, an option) is made by str methods.
"""

from __future__ import annotations

import re
import sys
from typing import Any, AnyStr, Generic


class LazyPattern(Generic[AnyStr]):
    """``re.compile(pattern, flags)``, compiled when one of its methods is first called;
    the methods are those of :class:`re.Pattern` that the package calls."""

    __slots__ = ("_compiled", "_flags", "_pattern")

    def __init__(self, pattern: AnyStr, flags: int = 0) -> None:
        self._pattern: AnyStr = pattern
        self._flags = flags
        self._compiled: re.Pattern[AnyStr] | None = None

    @property
    def compiled(self) -> re.Pattern[AnyStr]:
        """The compiled pattern (compiled now if it was not yet)."""
        if self._compiled is None:
            self._compiled = re.compile(self._pattern, self._flags)
        return self._compiled

    def match(
        self, string: AnyStr, pos: int = 0, endpos: int = sys.maxsize
    ) -> re.Match[AnyStr] | None:
        return self.compiled.match(string, pos, endpos)

    def fullmatch(
        self, string: AnyStr, pos: int = 0, endpos: int = sys.maxsize
    ) -> re.Match[AnyStr] | None:
        return self.compiled.fullmatch(string, pos, endpos)

    def search(
        self, string: AnyStr, pos: int = 0, endpos: int = sys.maxsize
    ) -> re.Match[AnyStr] | None:
        return self.compiled.search(string, pos, endpos)

    def split(self, string: AnyStr, maxsplit: int = 0) -> list[AnyStr | Any]:  # as re.Pattern's
        return self.compiled.split(string, maxsplit)


LOWER = "abcdefghijklmnopqrstuvwxyz"
LETTERS = LOWER + LOWER.upper()  # ASCII only: str.isalpha() also takes 'é' and 'ß'
DIGITS = "0123456789"  # ASCII only: str.isdigit() also takes '٣' and '²'


def spelled(text: str, first: str, rest: str, longest: int = sys.maxsize) -> bool:
    """Whether *text* is one character of *first*, then characters of *rest* only, at most
    *longest* in all: what ``re.match(f"^[{first}][{rest}]{{0,{longest - 1}}}$", text)``
    answers, a final newline let through as ``$`` lets it through, without compiling a
    pattern. ``rest`` holds the characters themselves (no ranges); stripping them off leaves
    nothing exactly when every character is one of them."""
    body = text[:-1] if text.endswith("\n") else text
    return 0 < len(body) <= longest and body[0] in first and not body[1:].strip(rest)
