"""Located messages about input: ``file:line:column: severity: what is wrong``.

Readers never raise on bad content; they collect :class:`Diagnostic` objects. Only a file
that cannot be read at all raises :class:`InputError`, which carries its diagnostics too.
"""

from __future__ import annotations

import enum
import re
from collections.abc import Iterable
from functools import cache

from .data_classes import dataclass
from .errors import FideTiebreaksError

# C0 and C1 controls (tab included), the XML-forbidden surrogates / U+FFFE-FFFF, and the
# bidirectional embeddings, overrides and isolates (U+202A-202E, U+2066-2069): a right-to-left
# override in a name turns the rest of the line around, so a table or CSV would show other
# columns than it holds. The marks (U+200E, U+200F, U+061C) change no order and stay.
_CONTROLS = "[\x00-\x1f\x7f-\x9f\ud800-\udfff\ufffe\uffff\u202a-\u202e\u2066-\u2069]"
_CONTROLS_BUT_NEWLINE = (
    "[\x00-\x09\x0b-\x1f\x7f-\x9f\ud800-\udfff\ufffe\uffff\u202a-\u202e\u2066-\u2069]"
)


@cache
def _controls(lines: bool) -> re.Pattern[str]:
    """The pattern of the characters :func:`printable` replaces, compiled on first use: a
    set spanning the surrogates costs the compiler about four million instructions, as much
    as the rest of reading a small event."""
    return re.compile(_CONTROLS_BUT_NEWLINE if lines else _CONTROLS)


def printable(text: str, lines: bool = False) -> str:
    """*text* safe for a terminal or an XML document: each control character (an escape
    sequence's ESC, a BEL, a NUL, ...) becomes U+FFFD; with *lines*, line ends stay (a
    report of several lines). Every text written to a terminal passes here (messages,
    ``explain``, ``audit``) and every standings format a person reads (table, CSV, HTML,
    XML); data formats that can carry controls escaped (JSON) or must be written back byte
    for byte (TRF) keep them."""
    if text.isascii() and (text.replace("\n", "") if lines else text).isprintable():
        return text  # ASCII without C0 controls or DEL: nothing to replace
    return _controls(lines).sub("\ufffd", text)


def first_control(text: str) -> re.Match[str] | None:
    """The first character of *text* that :func:`printable` replaces, or None: for a reader
    that warns where such a character is."""
    if text.isascii() and text.isprintable():
        return None
    return _controls(False).search(text)


def counted(n: int, noun: str, plural: str = "") -> str:
    """*n* and the noun in the number it takes: ``1 note``, ``2 notes``, ``0 notes``,
    ``1 discrepancy`` (with *plural* ``discrepancies``); every count a person reads is
    written through here."""
    return f"{n} {noun}" if n == 1 else f"{n} {plural or noun + 's'}"


class Severity(enum.IntEnum):
    NOTE = 0  # worth knowing; never a problem (``check`` stays clean)
    WARNING = 1  # a problem the tool worked around; ``--strict`` makes it an error
    ERROR = 2  # the data cannot be trusted; standings are refused


class Kind(enum.Enum):
    """What a diagnostic is about, for the code that acts on it: callers test the kind (and
    :attr:`Diagnostic.code`), never the message text, which is for people."""

    GENERAL = "general"  # anything else: read the message
    UNDATED = "undated"  # the edition was picked for a file without an end date
    RULE = "rule"  # a rule left a requested code out (C.07 Art. 10: unrated players)
    PLUGIN_FAULT = "plugin-fault"  # a third-party plugin failed; its code was left out
    IMPOSSIBLE = "impossible"  # an event that cannot have happened (ReadSettings.lenient)


@dataclass(frozen=True, slots=True, kw_only=True)
class Diagnostic:
    severity: Severity
    message: str
    path: str = "<input>"
    line: int = 0  # 1-based; 0 = the file as a whole
    column: int = 0  # 1-based character column; 0 = the line as a whole
    kind: Kind = Kind.GENERAL
    code: str = ""  # the tie-break code the diagnostic concerns (canonical form), if any

    def __str__(self) -> str:
        where = self.path
        if self.line:
            where += f":{self.line}:{self.column or 1}"
        return printable(f"{where}: {self.severity.name.lower()}: {self.message}")


class InputError(FideTiebreaksError):
    """The input cannot be read at all (exit code 2)."""

    def __init__(self, diagnostics: Iterable[Diagnostic]):
        self.diagnostics = tuple(diagnostics)
        super().__init__("\n".join(str(d) for d in self.diagnostics))


MAX_KEPT = 1000  # diagnostics kept per file; the rest are counted (bounded memory and output)
MAX_PROBLEMS = 10_000  # past this many, reading stops: the file is not what it claims to be


class Collector:
    """Gathers diagnostics for one file, so call sites only say where and what. The first
    :data:`MAX_KEPT` are kept; past them each severity's count is kept, and :attr:`items`
    ends with one diagnostic per severity saying how many more there were (of that severity,
    so that exit codes and ``--strict`` still see them). Past :data:`MAX_PROBLEMS` in all,
    :meth:`add` raises :class:`InputError`: time stays bounded too."""

    def __init__(self, path: str, *, lenient: bool = False):
        self.path = path
        self.lenient = lenient  # impossible() warns instead (ReadSettings.lenient)
        self.kept: list[Diagnostic] = []
        self.dropped = dict.fromkeys(Severity, 0)

    @property
    def items(self) -> list[Diagnostic]:
        more = [
            Diagnostic(
                severity=s,
                message=f"and {n} more {s.name.lower()}s like those above, not shown",
                path=self.path,
            )
            for s, n in self.dropped.items()
            if n
        ]
        return self.kept + more if more else self.kept

    def add(
        self, severity: Severity, line: int, column: int, message: str, kind: Kind = Kind.GENERAL
    ) -> None:
        if len(self.kept) < MAX_KEPT:
            self.kept.append(
                Diagnostic(
                    severity=severity,
                    message=message,
                    path=self.path,
                    line=line,
                    column=column,
                    kind=kind,
                )
            )
        else:
            self.dropped[severity] += 1
            if len(self.kept) + sum(self.dropped.values()) > MAX_PROBLEMS:
                stop = Diagnostic(
                    severity=Severity.ERROR,
                    message=f"over {MAX_PROBLEMS} problems; reading "
                    "stopped here (is this the right kind of file?)",
                    path=self.path,
                    line=line,
                    column=column,
                )
                raise InputError([*self.items, stop])

    def error(self, line: int, column: int, message: str) -> None:
        self.add(Severity.ERROR, line, column, message)

    def warning(self, line: int, column: int, message: str) -> None:
        self.add(Severity.WARNING, line, column, message)

    def note(self, line: int, column: int, message: str) -> None:
        self.add(Severity.NOTE, line, column, message)

    def impossible(self, line: int, column: int, message: str) -> None:
        """An event that cannot have happened as the file says (a game whose sides claim
        more or less than one game's points, two pairing-allocated byes in one round...): an
        error, so that nothing is ranked from it; a warning when the reader is lenient, and
        the lines are then read as written (docs/interpretations.md, "Impossible events")."""
        if self.lenient:
            text = f"{message}; read on (--lenient)"
            self.add(Severity.WARNING, line, column, text, Kind.IMPOSSIBLE)
        else:
            self.add(Severity.ERROR, line, column, f"{message} ({LENIENT_HINT})", Kind.IMPOSSIBLE)


LENIENT_HINT = "--lenient reads it as written, with a warning"


def worst(diagnostics: Iterable[Diagnostic]) -> Severity | None:
    return max((d.severity for d in diagnostics), default=None)
