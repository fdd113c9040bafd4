"""What every reader shares: the result a reader returns, and reading a file's bytes safely."""

from __future__ import annotations

import os
import stat
from dataclasses import replace
from fractions import Fraction
from typing import Any

from ..atomic import file_kind
from ..data_classes import dataclass
from ..diagnostics import Diagnostic, InputError, Severity
from ..errors import FideTiebreaksError
from ..model import Tournament
from ..source_text import line_and_column

MAX_BYTES = 64 * 1024 * 1024  # far above any real TRF; refuses before exhausting memory
# Values in one JSON text (a Chess-JSON file, a serve request). Python holds each in 30 to
# 100 bytes, so a small text of "{}," would take gigabytes; a real 9,999-player, 13-round
# Chess-JSON (19.6 MB) has about 940,000.
MAX_JSON_VALUES = 4_000_000


class Unwritable(FideTiebreaksError, ValueError):
    """An output a form cannot hold as it is: the commands report it and exit 2."""


class TooLarge(Unwritable):
    """An output that our own reader would refuse (whatever we write, we read back)."""


@dataclass(frozen=True)
class ReadResult:
    tournament: Tournament
    diagnostics: tuple[Diagnostic, ...]


#: What ``absent_as`` may name: the unplayed-round kinds (NONE: not paired).
ABSENT_KINDS = ("ZPB", "HPB", "FPB", "PAB", "NONE")
#: What ``round_format`` may name: how ``Round "3.1"`` is read.
ROUND_FORMATS = ("board", "game")


@dataclass(frozen=True)
class PgnOptions:
    """How to read what PGN cannot say (the ``standings`` options of the same names). The
    values are checked here, once, whoever builds the options (a command, a program):
    ValueError names the field and what it may be."""

    absent_as: str | None = None  # ZPB HPB FPB PAB NONE; None: not paired, with a warning
    round_format: str = "board"  # "3.1": round 3 board 1 ("board") or match 3 game 1 ("game")
    after_round: int | None = None  # read rounds 1..N only (a later "*" game is then fine)

    def __post_init__(self) -> None:
        absent = self.absent_as
        if absent is not None and (
            not isinstance(absent, str) or absent.upper() not in ABSENT_KINDS
        ):
            raise ValueError(f"absent_as {absent!r} must be one of {' '.join(ABSENT_KINDS)}")
        if self.round_format not in ROUND_FORMATS:
            raise ValueError(f"round_format {self.round_format!r} must be 'board' or 'game'")


@dataclass(frozen=True)
class ReadSettings:
    """What a reader is told besides the file: choices a file may leave open, given once by
    the caller (a command's options, a program) and passed as one object through every
    reader, whichever the format.

    *team_pab*: the match and game points of a team's pairing-allocated bye where the file
    cannot say them (TRF16: by default a drawn match and half the boards; ``--team-pab``).
    *pgn*: how to read what a tournament PGN cannot say (:class:`~.pgn.PgnOptions`).
    *lenient*: read an impossible event as written, each impossibility a warning (a game
    whose two sides do not mirror, two pairing-allocated byes in a round, a roster naming a
    player who has no 001 line, contradictory or repeated 330 records); by default each is
    an error, so that no impossible event is ranked (``--lenient``)."""

    team_pab: tuple[Fraction, Fraction] | None = None
    pgn: PgnOptions | None = None
    lenient: bool = False


#: The settings of a reader that is told nothing besides the file.
DEFAULT_SETTINGS = ReadSettings()


def settled(
    settings: ReadSettings | None,
    team_pab: tuple[Fraction, Fraction] | None = None,
    pgn: PgnOptions | None = None,
    lenient: bool = False,
) -> ReadSettings:
    """The settings a reader works with: *settings*, with the short forms *team_pab* (the
    keyword the public readers have always taken), *pgn* and *lenient* put in. *team_pab*
    or *pgn* given both ways is a TypeError."""
    settings = DEFAULT_SETTINGS if settings is None else settings
    if not isinstance(lenient, bool):
        raise TypeError(f"lenient must be True or False, not {type(lenient).__name__}")
    if lenient:
        settings = replace(settings, lenient=True)
    if team_pab is not None:
        if settings.team_pab is not None:
            raise TypeError("give team_pab once: settings=ReadSettings(team_pab=...) or team_pab=")
        settings = replace(settings, team_pab=team_pab)
    if pgn is not None:
        if settings.pgn is not None:
            raise TypeError("give pgn once: settings=ReadSettings(pgn=...) or pgn=")
        settings = replace(settings, pgn=pgn)
    return settings


def fatal(path: str, message: str, line: int = 0, column: int = 0) -> Diagnostic:
    """An error that stops reading (raised in an :class:`InputError`)."""
    return Diagnostic(severity=Severity.ERROR, message=message, path=path, line=line, column=column)


def wide_text(data: bytes) -> str:
    """``'UTF-32'`` or ``'UTF-16'`` when *data* is text in that encoding (by its byte-order
    mark, or by its first bytes: see :func:`wide_codec`), else ``''``."""
    return wide_codec(data)[:6].upper()


def wide_codec(data: bytes) -> str:
    """The codec of *data* when it is UTF-32 or UTF-16 text, else ``''``: ``'utf-32'`` or
    ``'utf-16'`` by a byte-order mark (UTF-32's begins with UTF-16's, so it is tried first),
    else ``'utf-32-le'`` ... ``'utf-16-be'`` when its first bytes read as printable text in
    that encoding and hold a NUL (Notepad's "Unicode": ASCII with NULs between the
    characters, or, with NULs only before the ASCII among them, Cyrillic or other text).
    Zero-filled or binary data is none of them: a NUL is no printable character."""
    head = data[:64]
    if head.startswith(b"\xef\xbb\xbf"):
        return ""  # UTF-8's byte-order mark: whatever follows, the file says it is UTF-8
    if head[:4] in (b"\xff\xfe\x00\x00", b"\x00\x00\xfe\xff"):
        return "utf-32"
    if head[:2] in (b"\xff\xfe", b"\xfe\xff"):
        return "utf-16"
    if len(head) < 8 or b"\x00" not in head:
        return ""
    for codec, width in (
        ("utf-32-le", 4),
        ("utf-32-be", 4),
        ("utf-16-le", 2),
        ("utf-16-be", 2),
    ):
        if _printable(head[: len(head) // width * width], codec):
            return codec
    return ""


def _printable(head: bytes, codec: str) -> bool:
    """Whether *head* decodes in *codec* as text: no control character but white space
    (tabs, line and form feeds; a NUL is a control), nothing that does not decode, and
    opening with two ASCII characters (every one of our formats opens with a record code,
    a bracket or a mark: ``012 ``, ``{``, ``<?xml``, ``[Event``) or a quarter at least
    ASCII. ASCII text with a stray NUL read as UTF-16 is CJK from its first characters, while
    a title in Cyrillic, CJK or emoji after ``012 `` may leave little ASCII in the head.
    Format characters (a no-break space, a soft hyphen, a zero-width space) are text. Its
    last character may be cut."""
    text = head.decode(codec, errors="replace")[:-1]  # U+FFFD: what does not decode
    if not text or not all(c in _WIDE_TEXT_SPACE or not _is_control(c) for c in text):
        return False
    opens_ascii = len(text) >= 2 and text[:2].isascii()
    return opens_ascii or 4 * sum(c < "\x80" for c in text) >= len(text)


_WIDE_TEXT_SPACE = frozenset("\t\n\v\f\r")


def _is_control(c: str) -> bool:
    """A C0 or C1 control, DEL, or U+FFFD (a byte sequence that did not decode)."""
    return c < " " or "\x7f" <= c <= "\x9f" or c == "\ufffd"


def not_text(path: str, data: bytes, what: str, save_as: str = "UTF-8 (or cp1252)") -> InputError:
    """The error for data holding NUL bytes: UTF-16 or UTF-32 text to save again, or binary
    data (located at its first NUL) that is not *what* (``'a TRF text file'``)."""
    wide = wide_text(data)
    if wide:
        return InputError(
            [fatal(path, f"the file is {wide} text; save it as {save_as} and read it again")]
        )
    at = data.index(b"\x00")
    # latin-1 gives each byte one character, so the index and the line ends stay put
    line, column = line_and_column(data[: at + 1].decode("latin-1"), at)
    return InputError([fatal(path, f"binary data (NUL bytes): this is not {what}", line, column)])


def read_bytes(path: str | os.PathLike[str], limit: int | None = None) -> bytes:
    """The bytes of the regular file at *path*, the one way every door reads a file.

    Anything else (a directory, a FIFO, a device, a socket) is refused before it is read, and
    so is a file over *limit* (else :data:`MAX_BYTES`) bytes: the path is checked with stat
    (a device is never opened), opened without blocking (a FIFO swapped in meanwhile cannot
    hang the open), checked again on the open descriptor, and read up to *limit* + 1 bytes at
    most (a file that grows meanwhile cannot exhaust memory). Raises :class:`InputError`."""
    name = os.fsdecode(path) if isinstance(path, bytes) else str(path)
    limit = MAX_BYTES if limit is None else limit

    def refuse(message: str) -> InputError:
        return InputError([fatal(name, message)])

    def check(st: os.stat_result) -> None:
        if not stat.S_ISREG(st.st_mode):
            raise refuse(
                f"cannot read the file: it is {file_kind(st.st_mode)}; only regular files are read"
            )
        if st.st_size > limit:
            raise refuse(f"file is {st.st_size} bytes; the limit is {limit} bytes")

    flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_NOCTTY", 0)
    try:
        check(os.stat(path))
        fd = os.open(path, flags | getattr(os, "O_BINARY", 0))
    except OSError as e:
        raise refuse(f"cannot read the file: {e.strerror or e}") from None
    except ValueError as e:  # e.g. a NUL character in the path
        raise refuse(f"cannot read the file: {e}") from None
    try:
        check(os.fstat(fd))
        chunks, held = [], 0
        while held <= limit:
            chunk = os.read(fd, min(limit + 1 - held, 1 << 20))
            if not chunk:
                break
            chunks.append(chunk)
            held += len(chunk)
    except OSError as e:
        raise refuse(f"cannot read the file: {e.strerror or e}") from None
    finally:
        os.close(fd)
    if held > limit:
        raise refuse(f"file grew over the limit of {limit} bytes while it was read")
    return b"".join(chunks)


def lone_surrogate(value: Any, where: str = "the document") -> str | None:
    """Where in a decoded JSON value a string holds a lone surrogate (``"\\ud800"`` decodes to
    one; it is not a Unicode character and cannot be written as UTF-8), or None. Every JSON
    door checks this before using a string."""
    stack = [(value, where)]
    while stack:
        node, at = stack.pop()
        if isinstance(node, str):
            if not node.isascii():
                try:
                    node.encode("utf-8")
                except UnicodeEncodeError as e:
                    return f"{at} (character {e.start + 1}: \\u{ord(node[e.start]):04x})"
        elif isinstance(node, dict):
            for k, v in node.items():
                stack.append((k, f"{at}, a field name"))
                stack.append((v, f"{at}.{k}" if at != where else str(k)))
        elif isinstance(node, list):
            stack.extend((v, f"{at}[{i}]") for i, v in enumerate(node))
    return None


def json_values(text: str) -> int:
    """An upper bound of the values (objects, lists, strings, numbers...) a JSON text
    decodes to, counted at C speed before decoding: each value but the last of a list or
    object is followed by a comma."""
    return text.count(",") + text.count("{") + text.count("[") + 1
