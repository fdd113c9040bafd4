"""What the commands share: exit codes, messages, the common options, reading the input file,
ranking with the usual error handling, and writing the output."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable, Iterable
from typing import Any, TextIO

EXIT_OK, EXIT_PROBLEMS, EXIT_USAGE, EXIT_INTERNAL = 0, 1, 2, 3


def err(message: str, stream: TextIO | None = None) -> None:
    """A message on standard error; control characters from names, paths or plugins never
    reach the terminal (diagnostics.printable)."""
    from ..diagnostics import printable

    print(printable(f"fide-tiebreaks: {message}"), file=stream or sys.stderr)


def edition_names() -> str:
    """The built-in editions, FIDE's newest first, then the programs' settings, for the
    help of --edition ('fide-tiebreaks editions' lists the installed ones with their dates)."""
    from ..host import builtin_editions

    return ", ".join(e.name for e in builtin_editions())


def edition_help() -> str:
    """The help of --edition where it picks the edition of a tournament file."""
    return (
        f"rules edition: {edition_names()}, or one a plugin adds ('fide-tiebreaks editions' "
        "lists them with their dates); default: the one in force on the tournament's end "
        "date, else the newest"
    )


def add_common(p: argparse.ArgumentParser) -> None:
    p.add_argument("--strict", action="store_true", help="treat warnings as errors (exit 1)")
    p.add_argument("--verbose", "-v", action="store_true", help="also print notes")


def add_pgn_arguments(p: argparse.ArgumentParser) -> None:
    """How a tournament PGN is read where it cannot say (docs/formats.md, "PGN")."""
    p.add_argument(
        "--absent-as",
        metavar="KIND",
        type=str.upper,
        choices=("ZPB", "HPB", "FPB", "PAB", "NONE"),
        help="PGN input: a round in which a player has no game is this kind of unplayed round "
        "(ZPB, HPB, FPB, PAB, or NONE: not paired); default: not paired, with a warning per "
        "player and round, since PGN cannot say",
    )
    p.add_argument(
        "--round-format",
        choices=("board", "game"),
        default="board",
        help='PGN input: Round "3.1" is round 3, board 1 (board, the default, as broadcasts '
        "write it) or game 1 of match round 3 (game: each game of a match is a round)",
    )


STDIN = "-"  # the file name that means standard input
FILE_HELP = "; - reads standard input (the format is told from the content)"


def input_name(args: argparse.Namespace) -> str:
    """The input's name in messages: the path, or <stdin> for standard input."""
    return "<stdin>" if args.file == STDIN else str(args.file)


def read_stdin() -> bytes:
    """Standard input's bytes, at most the limit a file may have (InputError past it)."""
    from ..diagnostics import Diagnostic, InputError, Severity
    from ..formats.base import MAX_BYTES

    def refuse(message: str) -> InputError:
        return InputError([Diagnostic(Severity.ERROR, message, "<stdin>")])

    if sys.stdin is None:  # started with standard input closed (<&-)
        raise refuse("cannot read standard input: it is closed")
    try:
        data = sys.stdin.buffer.read(MAX_BYTES + 1)
    except OSError as e:  # < a-folder
        raise refuse(f"cannot read standard input: {e.strerror or e}") from None
    if len(data) > MAX_BYTES:
        raise refuse(f"standard input holds more than {MAX_BYTES} bytes, the limit")
    return data


def read_input(args: argparse.Namespace) -> tuple[Any, int | None]:
    """Read the file and print its diagnostics; the exit code when it must stop here."""
    from ..diagnostics import InputError, Severity
    from ..formats import parse_any, read_trf
    from ..formats.base import ReadSettings

    team_pab = None
    if getattr(args, "team_pab", None):
        from ..numbers import parse_decimal

        mp_text, _, gp_text = args.team_pab.partition(":")
        mp, gp = parse_decimal(mp_text), parse_decimal(gp_text)
        if mp is None or gp is None:
            err(f"error: --team-pab takes MP:GP, e.g. 1:2, not '{args.team_pab}'")
            return None, EXIT_USAGE
        team_pab = (mp, gp)
    pgn = None
    if hasattr(args, "absent_as"):
        from ..formats.pgn import PgnOptions

        pgn = PgnOptions(args.absent_as, args.round_format, getattr(args, "after_round", None))
    settings = ReadSettings(team_pab=team_pab, pgn=pgn)
    try:
        if args.file == STDIN:  # curl ... | fide-tiebreaks standings -
            result = parse_any(read_stdin(), input_name(args), settings=settings)
        else:
            result = read_trf(args.file, settings=settings)
    except InputError as e:
        for d in e.diagnostics:
            print(d, file=sys.stderr)
        return None, EXIT_USAGE
    shown = Severity.NOTE if args.verbose or args.command == "check" else Severity.WARNING
    failing = Severity.WARNING if args.strict else Severity.ERROR
    problems = 0
    for d in result.diagnostics:
        if d.severity >= shown:
            text = str(d)
            if args.strict and d.severity is Severity.WARNING:
                text = text.replace(": warning: ", ": error: ", 1)
            print(text, file=sys.stderr)
        problems += d.severity >= failing
    return result, (EXIT_PROBLEMS if problems else None)


def report_ranking(diagnostics: Iterable[Any], args: argparse.Namespace) -> int | None:
    """Print a ranking's warnings (notes too with --verbose; the edition picked for an
    undated file always, since it changes the values); EXIT_PROBLEMS when --strict makes a
    warning an error, else None."""
    from ..diagnostics import Kind, Severity

    diagnostics = list(diagnostics)
    for d in diagnostics:
        if d.severity >= Severity.WARNING or args.verbose or d.kind is Kind.UNDATED:
            print(d, file=sys.stderr)
    if args.strict and any(d.severity >= Severity.WARNING for d in diagnostics):
        return EXIT_PROBLEMS
    return None


def incomplete(standings: Any) -> int:
    """EXIT_PROBLEMS, said on standard error, when a requested code is missing from the
    standings written for a reason other than a rule (a plugin that failed); else EXIT_OK."""
    lost = [m.code for m in standings.missing if m.kind != "rule"]
    if not lost:
        return EXIT_OK
    it = "it" if len(lost) == 1 else "them"
    err(f"error: {', '.join(lost)} could not be computed (see above); the standings are "
        f"written without {it}, so they are not the standings asked for")  # fmt: skip
    return EXIT_PROBLEMS


def ranked(run: Callable[[], Any]) -> tuple[Any, int]:
    """Run a ranking for a command: (its result, EXIT_OK), or (None, exit status) after
    reporting a bad code, option or edition (usage, 2) or a failing plugin (1)."""
    from ..codes import CodeError
    from ..host import PluginError

    try:
        return run(), EXIT_OK
    except (CodeError, ValueError) as e:
        err(f"error: {e}")
        return None, EXIT_USAGE
    except PluginError as e:
        err(f"error: {e}")
        return None, EXIT_PROBLEMS


def add_option_arguments(p: argparse.ArgumentParser) -> None:
    """``--option`` and ``--unrated-rating``, which :func:`options_from` reads."""
    p.add_argument("--option", action="append", default=[], metavar="KEY=VALUE",
                   help="an option a tie-break or edition plugin declares, e.g. "
                   "legacy-pab-unplayed=no ('fide-tiebreaks plugins' lists them with their "
                   "types and defaults)")  # fmt: skip
    p.add_argument("--unrated-rating", type=int, metavar="R",
                   help="rating given to unrated players by the tournament regulations, so "
                   "that rating tie-breaks (ARO, TPR, PTP, APRO, APPO, RTNG) are kept (C.07 "
                   "Art. 10); without it they are dropped when unrated players are "
                   "present")  # fmt: skip
    p.add_argument(
        "--national-ratings",
        action="store_true",
        help="give unrated players their national rating where the file has one "
        "(TRF-2026 national rating lines), as the regulations may say (C.07 "
        "Art. 10); --unrated-rating then covers those without",
    )
    p.add_argument(
        "--ratings",
        choices=("initial", "per-round"),
        help="the rating the rating tie-breaks use: the initial rating (default) "
        "or the rating in force at each round, where the file gives per-round "
        "ratings (an event spanning two rating lists)",
    )


def add_decision_arguments(p: argparse.ArgumentParser) -> None:
    """``--decided``, ``--lots`` (and ``--preset``): what orders a group after the list."""
    p.add_argument(
        "--decided",
        action="append",
        default=[],
        metavar="BY:ID>ID>...",
        help="a play-off's result or the arbiter's ruling for a group the list "
        "leaves tied, e.g. play-off:5>3>7 or arbiter:12 (repeatable; C.07 4.2; "
        "docs/decisions.md)",
    )
    p.add_argument(
        "--lots",
        metavar="SEED",
        help="draw lots for the groups still tied, reproducibly from SEED (C.07 "
        "4.2; the algorithm is in docs/decisions.md); default: the file's seed, "
        "else tied participants share the place",
    )


def add_preset_argument(p: argparse.ArgumentParser) -> None:
    p.add_argument(
        "--preset",
        metavar="NAME",
        help="a named tie-break list instead of --tiebreaks, e.g. fide-swiss "
        "('fide-tiebreaks presets' lists them; same as -t preset:NAME)",
    )


def tiebreaks_from(args: argparse.Namespace) -> str | None:
    """``--tiebreaks``, or ``preset:NAME`` for ``--preset NAME``; ValueError for both."""
    preset = getattr(args, "preset", None)
    if preset is None:
        return str(args.tiebreaks) if args.tiebreaks is not None else None
    if args.tiebreaks is not None:
        raise ValueError("give --tiebreaks or --preset, not both")
    return f"preset:{preset}"


def decisions_from(args: argparse.Namespace) -> list[Any]:
    """The ``--decided`` decisions; raises DecisionError (a ValueError) for a malformed one."""
    from ..decisions import parse_decided

    return [parse_decided(text) for text in getattr(args, "decided", [])]


def options_from(args: argparse.Namespace) -> dict[str, Any]:
    """``--option key=value``, each read as the option its plugin declares
    (``Option.parse``), and ``--unrated-rating``. Raises ValueError (OptionError) for a
    malformed option, a name no plugin declares or a value of the wrong type."""
    from ..host import registry

    options: dict[str, Any] = {}
    for item in args.option:
        key, sep, value = item.partition("=")
        if not sep or not key:
            raise ValueError(f"--option takes KEY=VALUE, not '{item}'")
        option = registry().option(key)
        options[option.name] = option.parse(value, key)
    if args.unrated_rating is not None:
        options["unrated_rating"] = args.unrated_rating
    if getattr(args, "national_ratings", False):
        options["national_ratings"] = True
    if getattr(args, "ratings", None):
        options["ratings"] = args.ratings
    return options


def write_output(path: str | None, data: bytes) -> int:
    """Write a command's output: to *path* through :func:`~fide_tiebreaks.atomic.write_atomic`
    (the one mechanism for every file a command writes), else to standard output. EXIT_OK, or
    EXIT_USAGE after reporting a path that must not or cannot be replaced (a directory, a FIFO,
    a device, a missing folder...)."""
    if path is None or path == "-":  # '-o -': standard output, as for most tools
        sys.stdout.buffer.write(data)
        sys.stdout.flush()
        return EXIT_OK
    from ..atomic import OutputError, write_atomic

    try:
        write_atomic(path, data)
    except OutputError as e:
        err(f"error: {e}")
        return EXIT_USAGE
    return EXIT_OK
