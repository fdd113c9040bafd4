"""What every reader shares: the result a reader returns, and reading a file's bytes safely."""

from __future__ import annotations

import os
from dataclasses import dataclass

from ..diagnostics import Diagnostic, InputError, Severity
from ..model import Tournament

MAX_BYTES = 64 * 1024 * 1024  # far above any real TRF; refuses before exhausting memory


@dataclass(frozen=True)
class ReadResult:
    tournament: Tournament
    diagnostics: tuple[Diagnostic, ...]


def fatal(path: str, message: str, line: int = 0, column: int = 0) -> Diagnostic:
    """An error that stops reading (raised in an :class:`InputError`)."""
    return Diagnostic(Severity.ERROR, message, path, line, column)


def read_bytes(path: str | os.PathLike[str], limit: int | None = None) -> bytes:
    """The file's bytes, its size checked first (against *limit*, else :data:`MAX_BYTES`).
    Raises :class:`InputError`."""
    name = str(path)
    limit = MAX_BYTES if limit is None else limit
    try:
        size = os.stat(path).st_size
        if size > limit:
            raise InputError([fatal(name, f"file is {size} bytes; the limit is {limit} bytes")])
        with open(path, "rb") as f:
            return f.read()
    except OSError as e:
        raise InputError([fatal(name, f"cannot read the file: {e.strerror or e}")]) from None
