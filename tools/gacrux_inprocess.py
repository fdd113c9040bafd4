"""gacrux's checker and generator driven in this process (imported once per worker).

gacrux 1.11.65 (``pip install gacrux``) has no library API: its two programs are classes,
``gacrux.tiebreakchecker.tiebreakchecker`` and ``gacrux.tournamentgenerator
.tournamentgenerator``, that read ``sys.argv`` with argparse and write to ``sys.stdout`` or
to the files they are given. Each call here runs one of them as its ``__main__`` block does,
with ``sys.argv`` set for the call and standard output captured, so a run costs gacrux's own
work and not a Python start and gacrux's imports (about 0.17 s of CPU) per event.

Calls are not thread-safe (``sys.argv`` and ``sys.stdout`` are process-wide): one call at a
time per process, as in a process pool or a Dask worker with one thread. gacrux draws from
the global ``random`` (its generator seeds it per file; its checker draws lots with it); here
its modules draw from a generator of their own, so that another thread of the process (a
Dask worker's) drawing from the global one cannot change the events it generates, and the
checker's lots are drawn from a fixed seed.
"""

from __future__ import annotations

import contextlib
import importlib
import io
import random
import signal
import sys
import threading
from collections.abc import Callable, Iterator
from typing import NamedTuple


class Ran(NamedTuple):
    """What one call of a gacrux program gave."""

    code: int  # gacrux's status code (0 or 1 for a result), -1 when it raised
    stdout: str
    error: str  # the exception it raised, "" when none


class GacruxTimeout(Exception):
    """A gacrux call ran past its time limit."""


@contextlib.contextmanager
def _time_limit(seconds: float) -> Iterator[None]:
    """SIGALRM after *seconds* in a process's main thread (a pool worker's); no limit in
    another thread (a Dask worker's), where signals cannot be set."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return

    def expired(signum: int, frame: object) -> None:
        raise GacruxTimeout(f"no answer within {seconds:.0f} s")

    previous = signal.signal(signal.SIGALRM, expired)
    signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)


_OWN = random.Random(0)
_USING_RANDOM = ("gacrux.drawresult", "gacrux.chessjson", "gacrux.pairing")


def _own_random() -> None:
    """gacrux's modules draw from *_OWN*, not from the process's global generator."""
    for name in _USING_RANDOM:
        importlib.import_module(name).random = _OWN  # type: ignore[attr-defined]


def _call(program: str, args: list[str], body: Callable[[], int], seconds: float) -> Ran:
    out = io.StringIO()
    saved = sys.argv
    sys.argv = [program, *args]
    try:
        with _time_limit(seconds), contextlib.redirect_stdout(out):
            code = body()
    except (Exception, SystemExit) as e:  # gacrux may raise anything, or exit
        return Ran(-1, out.getvalue(), f"{type(e).__name__}: {e}")
    finally:
        sys.argv = saved
    return Ran(int(code or 0), out.getvalue(), "")


def check(args: list[str], seconds: float = 120.0) -> Ran:
    """``python -m gacrux.tiebreakchecker ARGS``, in process."""
    from gacrux.tiebreakchecker import tiebreakchecker

    _own_random()
    _OWN.seed(0)  # its lots, the same on every run
    return _call("tiebreakchecker", args, lambda: tiebreakchecker().common_main(), seconds)


def generate(args: list[str], seconds: float = 600.0) -> Ran:
    """``python -m gacrux.tournamentgenerator ARGS``, in process: it writes the files its
    ``-o`` names (each file from its own seed, ``fileno * 10000 + 4711``, so one file made
    alone is the file made in a group)."""
    from gacrux.tournamentgenerator import tournamentgenerator

    _own_random()  # it seeds it for each file itself

    def body() -> int:
        # its __main__ raises the limit for the long integers its Dutch pairing prints
        sys.set_int_max_str_digits(max(15000, sys.get_int_max_str_digits()))
        program = tournamentgenerator()
        program.read_command_line()
        program.process_tournaments()
        return 0

    return _call("tournamentgenerator", args, body, seconds)


def version() -> str:
    from gacrux import version as v

    return str(v.version()["version"])
