"""The ``fide-tiebreaks`` command (also ``python -m fide_tiebreaks``).

Each command lives in a module of its own under ``commands/`` (its arguments and its ``run``);
this module only builds the parser from them and dispatches.

Exit codes: 0 success; 1 input problems (errors in the file, or warnings with ``--strict``,
or a tie-break plugin that failed); 2 usage errors or unreadable input; 3 an internal error
(a bug: please report it with the input file).
"""

from __future__ import annotations

import argparse
import contextlib
import gc
import os
import sys
import warnings
from collections.abc import Sequence
from typing import Any, NoReturn

from .commands import COMMANDS, load
from .commands.common import (
    EXIT_INTERNAL,
    EXIT_OK,
    EXIT_USAGE,
    command_error,
    err,
)
from .errors import FideTiebreaksError
from .version import __version__

DESCRIPTION = """\
Chess tie-breaks computed exactly as FIDE Handbook C.07 defines them.

Reads TRF16 and TRF-2026 files (with the JaVaFo and bbpPairings extensions), ranks the
participants on points and an ordered tie-break list, and checks files for inconsistencies.
"""


class _Formatter(argparse.RawDescriptionHelpFormatter):
    """argparse's formatter asks shutil for the terminal width each time one is made, and
    add_argument makes one per argument: importing shutil (with bz2 and lzma) then costs
    every run a few milliseconds. The width comes from COLUMNS or the terminal directly."""

    def __init__(
        self,
        prog: str,
        indent_increment: int = 2,
        max_help_position: int = 24,
        width: int | None = None,
    ) -> None:
        if width is None:
            try:
                width = int(os.environ["COLUMNS"])
            except (KeyError, ValueError):
                try:
                    width = os.get_terminal_size(sys.__stdout__.fileno()).columns  # type: ignore[union-attr]
                except (AttributeError, ValueError, OSError):
                    width = 80
            width -= 2
        super().__init__(prog, indent_increment, max_help_position, width)

    def _split_lines(self, text: str, width: int) -> list[str]:
        import textwrap

        return textwrap.wrap(" ".join(text.split()), width, break_on_hyphens=False)

    def _fill_text(self, text: str, width: int, indent: str) -> str:
        """Descriptions and epilogs wrap to the width like the options' help; indented lines
        (examples, lists) and blank lines stay as written."""
        import textwrap

        out: list[str] = []
        prose: list[str] = []

        def flush() -> None:
            if prose:
                out.extend(
                    textwrap.wrap(
                        " ".join(prose),
                        width,
                        initial_indent=indent,
                        subsequent_indent=indent,
                        break_on_hyphens=False,
                    )
                )
                prose.clear()

        for line in text.splitlines():
            if line.strip() and not line[0].isspace():
                prose.append(line.strip())
                if line.rstrip().endswith(":"):  # a heading such as "examples:"
                    flush()
                continue
            flush()
            out.append(indent + line if line.strip() else "")
        flush()
        return "\n".join(out)


class _Parser(argparse.ArgumentParser):
    def __init__(self, *args: Any, **kwargs: Any) -> None:
        if kwargs.get("formatter_class") in (None, argparse.RawDescriptionHelpFormatter):
            kwargs["formatter_class"] = _Formatter
        super().__init__(*args, **kwargs)

    def error(self, message: str) -> Any:  # usage errors: exit 2 with a short hint
        # A type= check's message names its option already: "argument --x: --x takes ..."
        head, sep, rest = message.partition(": ")
        option = head.removeprefix("argument ").split("/")[0]
        if sep and head.startswith("argument --") and rest.startswith(f"{option} "):
            message = rest
        self.print_usage(sys.stderr)
        self.exit(EXIT_USAGE, f"fide-tiebreaks: error: {message} (see '{self.prog} --help')\n")


def build_parser(argv: Sequence[str] | None = None) -> argparse.ArgumentParser:
    """The parser of every command; with *argv*, only the command it names is loaded and given
    its arguments, which is all one run needs. The others are listed by name and summary
    for the top-level help, and left out when the command comes first: nothing before it
    can ask for that help, and a sub-parser each is a tenth of a small run's start-up."""
    wanted = None if argv is None else next((a for a in argv if not a.startswith("-")), "")
    alone = wanted in COMMANDS and argv is not None and argv[0] == wanted
    parser = _Parser(
        prog="fide-tiebreaks",
        description=DESCRIPTION,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument("--version", action="version", version=f"%(prog)s {__version__}")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND", parser_class=_Parser)
    sub.required = True
    for name, summary in COMMANDS.items():
        if wanted is None or name == wanted:
            module = load(name)
            command = module.add_parser(sub, name, summary)
            command.set_defaults(command_module=module, command_parser=command)
        elif not alone:  # listed in --help only; never parses, so it needs no -h of its own
            sub.add_parser(name, help=summary, add_help=False)
    return parser


def run() -> NoReturn:
    """The console entry point: :func:`main`, then leave at once.

    A one-shot run leaves a large object graph behind (a 10,000-player event holds about a
    million objects); the interpreter's final garbage collection would spend a tenth of a
    second freeing memory the operating system takes back anyway. Output is flushed first;
    files were already written and synced (atomic.py)."""
    gc.disable()  # for the imports too; main turns it back on for a command not ONE_SHOT
    try:
        code = main()
    except SystemExit as e:  # argparse: --help, --version and usage errors
        code = e.code if isinstance(e.code, int) else (0 if e.code is None else EXIT_USAGE)
    for stream in (sys.stdout, sys.stderr):
        with contextlib.suppress(Exception):  # a closed pipe is not an error here
            stream.flush()
    os._exit(code)


def main(argv: Sequence[str] | None = None) -> int:
    console = argv is None  # the console script, not a call from Python (tests, a host program)
    argv = sys.argv[1:] if argv is None else argv
    if not argv:
        # No command: show what there is to do; still a usage error for scripts (exit 2).
        build_parser().print_help()
        return EXIT_USAGE
    wrong = _not_a_command(argv)
    if wrong:
        err(f"error: {wrong}")
        return EXIT_USAGE
    try:
        args = parse(argv)
    except SystemExit as e:  # a usage error (a type= check too), --help: argparse has spoken
        return e.code if isinstance(e.code, int) else (EXIT_OK if e.code is None else EXIT_USAGE)
    warnings.showwarning = _show_warning
    command = args.command_module
    if getattr(command, "ONE_SHOT", False) and console:
        # A one-shot run allocates about a million small objects that hold no reference
        # cycles (games, opponent entries, values); the cyclic collector would walk them
        # again and again for nothing, a quarter of the time on a large event. The process
        # ends soon after, which returns everything anyway.
        gc.disable()
    elif console:
        gc.enable()
    return dispatch(command, args)


def dispatch(command: Any, args: argparse.Namespace) -> int:
    """Run *command* on its parsed *args*: its exit status, or the one of the CommandError it
    raised (said once here), and never a traceback for the user."""
    try:
        status: int = command.run(args)
        return status
    except FideTiebreaksError as e:  # the command stopped (CommandError), or one of ours did
        stop = command_error(e)
        stop.report()
        return stop.exit_code
    except BrokenPipeError:
        sys.stderr.close()  # the reader went away (e.g. piped into head): not an error
        return EXIT_OK
    except KeyboardInterrupt:
        return 130
    except Exception as e:  # never a traceback for the user; say what it was
        err(
            f"error: internal error: {type(e).__name__}: {e} (please report this with the "
            "input file)"
        )
        return EXIT_INTERNAL


def parse(argv: Sequence[str]) -> argparse.Namespace:
    """*argv* parsed by the parser of the command it names; SystemExit (argparse) for a usage
    error, with the option meant where an unknown one is near."""
    parser = build_parser(argv)
    args, extra = parser.parse_known_args(argv)
    if extra:  # argparse's own message, with the option meant where one is near
        hint = _option_hint(extra, getattr(args, "command_parser", parser))
        parser.error(f"unrecognized arguments: {' '.join(extra)}{hint}")
    return args


def _not_a_command(argv: Sequence[str]) -> str | None:
    """What is wrong when the first word is no command but a file (the order reversed) or a
    misspelt command; None otherwise (argparse then says what it says)."""
    first = next((a for a in argv if not a.startswith("-")), None)
    if first is None or first in COMMANDS:
        return None
    names = ", ".join(COMMANDS)
    if os.path.exists(first) or os.path.splitext(first)[1].lower() in (
        ".trf",
        ".txt",
        ".xml",
        ".json",
        ".tunx",
        ".tumx",
        ".turx",
        ".tutx",
    ):
        return (
            f"'{first}' is not a command: the command comes first, e.g. 'fide-tiebreaks "
            f"standings {first}' (commands: {names})"
        )
    near = nearest(first.lower(), list(COMMANDS))
    if near:
        return f"unknown command '{first}'; did you mean '{near}'? (commands: {names})"
    return None


def nearest(word: str, names: Sequence[str]) -> str | None:
    """The name nearest to a misspelt *word* (commands, options), or None."""
    import difflib

    near = difflib.get_close_matches(word, list(names), n=1, cutoff=0.6)
    return near[0] if near else None


def _option_hint(extra: Sequence[str], parser: argparse.ArgumentParser) -> str:
    """'; did you mean --edition?' for the first unknown option near one of *parser*'s."""
    options = [o for action in parser._actions for o in action.option_strings if o[:2] == "--"]
    for word in extra:
        name = word.split("=", 1)[0]
        if name.startswith("--"):
            near = nearest(name, options)
            if near:
                return f"; did you mean {near}?"
    return ""


def _show_warning(message: Any, category: Any, *args: Any, **kwargs: Any) -> None:
    err(f"warning: {message}")


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
