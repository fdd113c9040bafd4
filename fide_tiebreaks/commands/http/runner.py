"""Run a command in this process on bytes held in memory: the request body is its standard
input, and what it prints to standard output and standard error is captured.

Standard streams are process-wide, and several requests run at once in worker threads: while
the server runs, ``sys.stdin``, ``sys.stdout`` and ``sys.stderr`` are proxies that write to the
current thread's captured streams, and to the real ones in every other thread (uvicorn's
log). Nothing is written to disk: ``--output`` is not among the parameters (:mod:`.params`).
"""

from __future__ import annotations

import argparse
import io
import sys
import threading
from typing import Any, TextIO

from ...data_classes import NamedTuple
from .. import COMMANDS, load
from ..common import EXIT_INTERNAL, EXIT_PROBLEMS, EXIT_USAGE, CommandError

_LOCAL = threading.local()
STREAMS = ("stdin", "stdout", "stderr")


class Finished(NamedTuple):
    """What one command run left: its exit status and its two outputs."""

    status: int
    stdout: bytes
    stderr: str


class _Proxy:
    """A standard stream that is the current thread's captured one, where it has one."""

    def __init__(self, name: str, real: TextIO) -> None:
        self._name = name
        self._real = real

    def _target(self) -> Any:
        streams = getattr(_LOCAL, "streams", None)
        return self._real if streams is None else streams[self._name]

    def __getattr__(self, attribute: str) -> Any:
        return getattr(self._target(), attribute)

    def write(self, text: str) -> int:
        written: int = self._target().write(text)
        return written

    def flush(self) -> None:
        self._target().flush()


def install_proxies() -> None:
    """Route the standard streams through per-thread proxies (once; idempotent)."""
    for name in STREAMS:
        current = getattr(sys, name)
        if not isinstance(current, _Proxy):
            setattr(sys, name, _Proxy(name, current))


def _captured(data: bytes = b"") -> io.TextIOWrapper:
    return io.TextIOWrapper(io.BytesIO(data), encoding="utf-8", write_through=True)


def parser_of(command: str) -> argparse.ArgumentParser:
    """The command's own argument parser, as ``fide-tiebreaks COMMAND`` builds it; built once
    per thread (building it costs more than ranking a small event; a parser is not shared
    between threads, as argparse does not say it may be)."""
    parsers: dict[str, argparse.ArgumentParser] = _LOCAL.__dict__.setdefault("parsers", {})
    if command not in parsers:
        sub = argparse.ArgumentParser(prog="fide-tiebreaks", add_help=False).add_subparsers()
        parsers[command] = load(command).add_parser(sub, command, COMMANDS[command])
    return parsers[command]


def run_command(command: str, argv: list[str], body: bytes) -> Finished:
    """Run *command* with *argv* (its arguments, the file given as ``-``) on *body* as its
    standard input, in this thread; never raises for anything in *argv* or *body*."""
    streams = {"stdin": _captured(body), "stdout": _captured(), "stderr": io.StringIO()}
    _LOCAL.streams = streams
    try:
        status = _run(command, argv)
        out = streams["stdout"]
        assert isinstance(out, io.TextIOWrapper)
        out.flush()
        raw = out.buffer
        assert isinstance(raw, io.BytesIO)
        stderr = streams["stderr"]
        assert isinstance(stderr, io.StringIO)
        return Finished(status, raw.getvalue(), stderr.getvalue())
    finally:
        del _LOCAL.streams


def _run(command: str, argv: list[str]) -> int:
    """Parse and run, as cli.dispatch does: a CommandError is said on standard error."""
    module = load(command)
    try:
        args = parser_of(command).parse_args(argv)
    except SystemExit as e:  # argparse has said why on standard error
        return e.code if isinstance(e.code, int) else EXIT_USAGE
    args.stdin_name = "<body>"
    try:
        status: int = module.run(args)
        return status
    except CommandError as e:
        e.report()
        return e.exit_code
    except Exception as e:  # never a traceback to the client; what it was, as cli.dispatch
        from ...faults import PluginError

        if isinstance(e, PluginError):  # a plugin that cannot load (strict plugins)
            print(f"fide-tiebreaks: error: {e}", file=sys.stderr)
            return EXIT_PROBLEMS
        print(f"fide-tiebreaks: error: internal error: {type(e).__name__}: {e}", file=sys.stderr)
        return EXIT_INTERNAL
