"""Atomic file output, the one way every door writes a file (``--output``, ``convert``,
``conformance --junit``, the HTML report, and any writer added later).

Only a regular file or a new path is ever replaced: the data goes to a temporary file beside
the target, which is then renamed into place, so a crash or a kill mid-write leaves either
the old file or the new one, never a truncated mix (``os.replace`` is atomic on POSIX and
Windows). A symbolic link of the user's own is followed: the file it points to is replaced
and the link stays (as the shell's ``>`` does); another user's link is refused. A directory, a
FIFO, a socket or a device is refused with an :class:`OutputError` before anything is
written, and so is a path whose folder is missing or unwritable. docs/reliability.md states
these rules.

A temporary file that a kill -9 leaves behind is named ``.<name>.<12 hex digits>`` +
:data:`TEMP_SUFFIX` (``<name>`` shortened so that the whole stays within the file system's
255-byte limit on a name); :func:`is_temporary` recognises it, and ``audit`` skips it.
"""

from __future__ import annotations

import contextlib
import os
import re
import stat

from .errors import FideTiebreaksError
from .patterns import LazyPattern

TEMP_SUFFIX = ".fide-tiebreaks-tmp"
TEMPORARY = LazyPattern(r"^\..*\.[0-9a-f]{12}" + re.escape(TEMP_SUFFIX) + "$", re.DOTALL)
NAME_MAX = 255  # bytes in one file name on ext4, XFS, btrfs, APFS, NTFS (in UTF-16 units)


class OutputError(FideTiebreaksError, OSError):
    """The output cannot be written there; nothing was written. The message names the path.
    An OSError, so that callers that caught the write's own errors still do."""


def is_temporary(path: str | os.PathLike[str]) -> bool:
    """Whether *path* names a temporary file of :func:`write_atomic` (one an interrupted
    write left behind)."""
    return bool(TEMPORARY.match(os.path.basename(os.fspath(path))))


def file_kind(mode: int) -> str:
    """What a file that is not a regular one is, for a message."""
    for test, what in (
        (stat.S_ISDIR, "a directory"),
        (stat.S_ISFIFO, "a FIFO"),
        (stat.S_ISSOCK, "a socket"),
        (stat.S_ISCHR, "a character device"),
        (stat.S_ISBLK, "a block device"),
    ):
        if test(mode):
            return what
    return "not a regular file"


def follow_own_links(given: str) -> str:
    """*given* with the symbolic links at its end followed, each of which must belong to the
    user running the command (the rule of Linux's fs.protected_symlinks): a link that another
    user planted in a shared folder could otherwise make a run as root replace any file.
    Raises :class:`OutputError` for another user's link or a loop."""
    euid = os.geteuid() if hasattr(os, "geteuid") else None  # no owners to compare on Windows
    path = given
    for _ in range(40):  # the kernel's own limit on a chain of links
        try:
            st = os.lstat(path)
        except OSError:
            return path  # a new path (or one os.stat will report)
        if not stat.S_ISLNK(st.st_mode):
            return path
        if euid is not None and st.st_uid != euid:
            raise OutputError(
                f"cannot write {given}: {path} is a symbolic link of "
                f"another user (uid {st.st_uid}); only your own links are "
                "followed"
            )
        path = os.path.join(os.path.dirname(path), os.readlink(path))
    raise OutputError(f"cannot write {given}: too many levels of symbolic links")


def resolve_target(path: str | os.PathLike[str]) -> tuple[str, int | None]:
    """The file to replace (a symbolic link followed to its final target) and its permission
    bits (None for a new file). Raises :class:`OutputError` for anything but a regular file or
    a new path in an existing folder."""
    given = os.fspath(path)
    if not given:
        raise OutputError("cannot write '': an empty path")
    target = follow_own_links(given)
    try:
        st = os.stat(target)
    except FileNotFoundError:
        directory = os.path.dirname(target) or "."
        if not os.path.isdir(directory):
            missing = f"the folder {directory} does not exist"
            raise OutputError(f"cannot write {given}: {missing}") from None
        return target, None
    except OSError as e:
        raise OutputError(f"cannot write {given}: {e.strerror or e}") from None
    shown = given if target == given else f"{given} (a link to {target})"
    if not stat.S_ISREG(st.st_mode):
        raise OutputError(
            f"cannot write {shown}: it is {file_kind(st.st_mode)}; only a regular "
            "file or a new path is replaced"
        )
    if not os.access(target, os.W_OK):  # renaming over it would succeed; '>' would not
        raise OutputError(f"cannot write {shown}: permission denied (the file is read-only)")
    return target, stat.S_IMODE(st.st_mode)


def temporary_name(target: str, token: str) -> bytes:
    """``.<name>.<token><TEMP_SUFFIX>`` beside *target*, within :data:`NAME_MAX` bytes (the
    name is shortened, in bytes, when it must be)."""
    directory, base = os.path.split(os.fsencode(target))
    tail = f".{token}{TEMP_SUFFIX}".encode()
    room = NAME_MAX - 1 - len(tail)
    return os.path.join(directory, b"." + base[:room] + tail)


def write_atomic(path: str | os.PathLike[str], data: bytes) -> None:
    """Replace the regular file at *path* (or create it) with *data*, atomically.
    Raises :class:`OutputError` (with a message naming the path) when it cannot."""
    given = os.fspath(path)
    target, mode = resolve_target(given)
    # A private, new file beside the target (what tempfile.mkstemp does; tempfile itself is
    # not imported, as it costs several milliseconds of every start-up).
    while True:
        tmp = temporary_name(target, os.urandom(6).hex())
        try:
            fd = os.open(
                tmp, os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_BINARY", 0), 0o600
            )
            break
        except FileExistsError:
            continue
        except OSError as e:
            raise OutputError(f"cannot write {given}: {e.strerror or e}") from None
    try:
        with os.fdopen(fd, "wb") as f:
            f.write(data)
            f.flush()
            os.fsync(f.fileno())
        if mode is None:
            umask = os.umask(0)
            os.umask(umask)
            mode = 0o666 & ~umask
        os.chmod(tmp, mode)
        os.replace(tmp, target)
    except BaseException as e:
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        if isinstance(e, OSError):
            raise OutputError(f"cannot write {given}: {e.strerror or e}") from None
        raise
    with contextlib.suppress(OSError):  # make the rename durable where the OS allows it
        dir_fd = os.open(os.path.dirname(target) or ".", os.O_RDONLY)
        try:
            os.fsync(dir_fd)
        finally:
            os.close(dir_fd)


STDIN = "-"  # an input named so is standard input (file descriptor 0)


def _identity(path: str) -> tuple[int, int] | None:
    """(device, inode) of the file *path* names, links followed; None for no file or for
    something that is not a regular file (a terminal, a pipe: it cannot be overwritten)."""
    try:
        st = os.stat(path) if path != STDIN else os.fstat(0)
    except (OSError, ValueError):
        return None
    return (st.st_dev, st.st_ino) if stat.S_ISREG(st.st_mode) else None


def _stdout_identity() -> tuple[int, int] | None:
    try:
        st = os.fstat(1)
    except OSError:
        return None
    return (st.st_dev, st.st_ino) if stat.S_ISREG(st.st_mode) else None


def refuse_inputs(output: str | None, inputs: list[str | None]) -> None:
    """Raise :class:`OutputError` when the *output* (None or ``-``: standard output) is the
    same file as one of the *inputs* (``-``: standard input), whatever the names: by device
    and inode, so a symbolic or hard link to the input counts too. Called before anything is
    read, so that nothing is read, computed or written. Inputs that do not exist are
    left to the reader to report."""
    to_stdout = output is None or output == STDIN
    target = _stdout_identity() if to_stdout else _identity(os.fspath(output or ""))
    if target is None:
        return
    for given in inputs:
        if given is not None and _identity(os.fspath(given)) == target:
            shown = "standard output" if to_stdout else f"the output {output}"
            source = "standard input" if given == STDIN else f"the input {given}"
            raise OutputError(
                f"{shown} is the same file as {source}: writing would destroy the input, so "
                "nothing was read or written; write to another path"
            )


def refuse_filled_folder(folder: str, *, force: bool) -> None:
    """Raise :class:`OutputError` when *folder* exists and holds anything, unless *force*:
    a command that writes a folder of files never replaces files already there unasked."""
    if force:
        return
    try:
        with os.scandir(folder) as entries:
            names = sorted(e.name for e in entries)
    except (FileNotFoundError, NotADirectoryError):
        return  # a new folder, or not a folder at all: the caller says which
    except OSError as e:
        raise OutputError(f"cannot write into {folder}: {e.strerror or e}") from None
    if names:
        shown = ", ".join(names[:3]) + (", ..." if len(names) > 3 else "")
        raise OutputError(
            f"{folder} is not empty (it holds {len(names)} "
            f"{'entry' if len(names) == 1 else 'entries'}: {shown}); files there could be "
            "replaced, so nothing was written: give an empty or new folder, or --force to "
            "write into it anyway"
        )
