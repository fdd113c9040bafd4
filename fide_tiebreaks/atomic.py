"""Atomic file output: write a temporary file beside the target, then rename it into place.

A crash or a kill mid-write leaves either the old file or the new one, never a truncated
mix (``os.replace`` is atomic on POSIX and Windows).
"""

from __future__ import annotations

import contextlib
import os
import stat


def write_atomic(path: str | os.PathLike[str], data: bytes) -> None:
    target = os.fspath(path)
    directory = os.path.dirname(target) or "."
    # A private, new file beside the target (what tempfile.mkstemp does; tempfile itself is
    # not imported, as it costs several milliseconds of every start-up).
    while True:
        tmp = os.path.join(directory, f".{os.path.basename(target)}.{os.urandom(6).hex()}.tmp")
        try:
            fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_BINARY", 0),
                         0o600)  # fmt: skip
            break
        except FileExistsError:
            continue
    try:
        with os.fdopen(fd, "wb") as f:
            f.write(data)
            f.flush()
            os.fsync(f.fileno())
        try:
            mode = stat.S_IMODE(os.stat(target).st_mode)
        except FileNotFoundError:
            umask = os.umask(0)
            os.umask(umask)
            mode = 0o666 & ~umask
        os.chmod(tmp, mode)
        os.replace(tmp, target)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        raise
    with contextlib.suppress(OSError):  # make the rename durable where the OS allows it
        dir_fd = os.open(directory, os.O_RDONLY)
        try:
            os.fsync(dir_fd)
        finally:
            os.close(dir_fd)
