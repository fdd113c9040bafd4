"""What the commands share: exit codes, :class:`CommandError`, messages, the common options
and their ``type=`` checks, reading the input file, ranking with the usual error handling,
and writing the output."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable, Iterable
from typing import TYPE_CHECKING, Any, TextIO, TypeVar

from ..errors import FideTiebreaksError

if TYPE_CHECKING:
    from fractions import Fraction

    from ..diagnostics import Severity

EXIT_OK, EXIT_PROBLEMS, EXIT_USAGE, EXIT_INTERNAL = 0, 1, 2, 3

T = TypeVar("T")


class CommandError(FideTiebreaksError):
    """A command stops: cli.main says *message* once, as ``fide-tiebreaks: error: MESSAGE``,
    after printing the located *diagnostics* (a file that cannot be read), and exits with
    *exit_code* (default: usage, 2). Without a message, what was wrong is already on
    standard error (the file's own diagnostics)."""

    def __init__(
        self,
        message: str | None = None,
        exit_code: int = EXIT_USAGE,
        diagnostics: Iterable[Any] = (),
    ) -> None:
        super().__init__(message or "")
        self.message = message
        self.exit_code = exit_code
        self.diagnostics = tuple(diagnostics)

    def report(self) -> None:
        """Say on standard error what stopped the command."""
        for d in self.diagnostics:
            print(d, file=sys.stderr)
        if self.message:
            err(f"error: {self.message}")


def command_error(e: FideTiebreaksError) -> CommandError:
    """Any error of ours as the CommandError that says it: the located diagnostics of a file
    that cannot be read (InputError), a request to report an internal error, else its
    message; the exit status is the error's own (:attr:`FideTiebreaksError.exit_code`)."""
    if isinstance(e, CommandError):
        return e
    diagnostics = getattr(e, "diagnostics", ())
    if diagnostics:
        return CommandError(None, e.exit_code, diagnostics)
    if e.exit_code == EXIT_INTERNAL:
        ask = "" if "report" in str(e) else " (please report this with the input file)"
        return CommandError(f"internal error: {e}{ask}", EXIT_INTERNAL)
    return CommandError(str(e) or type(e).__name__, e.exit_code)


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


def add_edition_by_argument(p: argparse.ArgumentParser) -> None:
    """``--edition-by``: the date that picks the edition when --edition does not."""
    p.add_argument(
        "--edition-by",
        choices=("end", "start"),
        help="without --edition, the edition in force on the tournament's end date (end, "
        "the default) or on its start date (start, as FIDE TEC's reference program picks); "
        "when the two dates lie under two editions, a warning names both (a note once "
        "--edition-by is given)",
    )


def add_common(p: argparse.ArgumentParser) -> None:
    p.add_argument("--strict", action="store_true", help="treat warnings as errors (exit 1)")
    p.add_argument("--verbose", "-v", action="store_true", help="also print notes")
    add_lenient(p)


def add_pgn_arguments(p: argparse.ArgumentParser) -> None:
    """How a tournament PGN is read where it cannot say (docs/formats.md, "PGN")."""
    from ..formats.base import ABSENT_KINDS, ROUND_FORMATS  # the values PgnOptions accepts

    p.add_argument(
        "--absent-as",
        metavar="KIND",
        type=str.upper,
        choices=ABSENT_KINDS,
        help="PGN input: a round in which a player has no game is this kind of unplayed round "
        "(ZPB, HPB, FPB, PAB, or NONE: not paired); default: not paired, with a warning per "
        "player and round, since PGN cannot say",
    )
    p.add_argument(
        "--round-format",
        choices=ROUND_FORMATS,
        default="board",
        help='PGN input: Round "3.1" is round 3, board 1 (board, the default, as broadcasts '
        "write it) or game 1 of match round 3 (game: each game of a match is a round)",
    )


STDIN = "-"  # the file name that means standard input
FILE_HELP = "; - reads standard input (the format is told from the content)"


def input_name(args: argparse.Namespace) -> str:
    """The input's name in messages: the path, or <stdin> for standard input (a door that
    feeds the command from memory names its input in ``args.stdin_name``)."""
    return getattr(args, "stdin_name", "<stdin>") if args.file == STDIN else str(args.file)


def read_stdin() -> bytes:
    """Standard input's bytes, at most the limit a file may have (InputError past it)."""
    from ..diagnostics import Diagnostic, InputError, Severity
    from ..formats.base import MAX_BYTES

    def refuse(message: str) -> InputError:
        return InputError([Diagnostic(severity=Severity.ERROR, message=message, path="<stdin>")])

    if sys.stdin is None:  # started with standard input closed (<&-)
        raise refuse("cannot read standard input: it is closed")
    try:
        data = sys.stdin.buffer.read(MAX_BYTES + 1)
    except OSError as e:  # < a-folder
        raise refuse(f"cannot read standard input: {e.strerror or e}") from None
    if len(data) > MAX_BYTES:
        raise refuse(f"standard input holds more than {MAX_BYTES} bytes, the limit")
    return data


def read_input(
    args: argparse.Namespace,
    shown: Severity | None = None,
    *,
    keep_going: bool = False,
    stop_message: str | None = None,
) -> Any:
    """Read the file and print its diagnostics of severity *shown* or above (default: notes
    with --verbose, else warnings); the reader's result. Raises CommandError when the file
    cannot be read (usage, 2) or, unless *keep_going*, when it has errors (warnings too with
    --strict: problems, 1), saying *stop_message* then."""
    from ..diagnostics import InputError, Kind
    from ..diagnostics import Severity as S
    from ..formats import parse_any, read_trf
    from ..formats.base import ReadSettings

    guard_output(getattr(args, "output", None), [args.file, getattr(args, "categories", None)])
    team_pab = getattr(args, "team_pab", None)  # a (MP, GP) pair: see team_pab_pair
    pgn = None
    if hasattr(args, "absent_as"):
        from ..formats.base import PgnOptions

        pgn = PgnOptions(args.absent_as, args.round_format, getattr(args, "after_round", None))
    settings = ReadSettings(team_pab=team_pab, pgn=pgn, lenient=getattr(args, "lenient", False))
    try:
        if args.file == STDIN:  # curl ... | fide-tiebreaks standings -
            result = parse_any(read_stdin(), input_name(args), settings=settings)
        else:
            result = read_trf(args.file, settings=settings)
    except InputError as e:
        raise CommandError(diagnostics=e.diagnostics) from None
    if shown is None:
        shown = S.NOTE if args.verbose else S.WARNING
    if print_diagnostics(result.diagnostics, shown, args.strict) and not keep_going:
        if any(d.kind is Kind.IMPOSSIBLE and d.severity is S.ERROR for d in result.diagnostics):
            raise CommandError(IMPOSSIBLE_EVENT)  # bad input: usage, 2
        raise CommandError(stop_message, EXIT_PROBLEMS)
    return result


IMPOSSIBLE_EVENT = (
    "the file describes an event that cannot have happened (each line named above), so "
    "nothing was computed from it; correct the file, or give --lenient to read it as written"
)


def add_lenient(p: argparse.ArgumentParser) -> None:
    """``--lenient``: read an impossible event as written (ReadSettings.lenient)."""
    p.add_argument(
        "--lenient",
        action="store_true",
        help="read an event that cannot have happened as the file writes it, each "
        "impossibility a warning (results that do not mirror, two pairing-allocated byes in a "
        "round, a roster naming a missing player, contradictory or repeated 330 records, a birth "
        "date after the event, an end date before the start date, a PGN EventDate after its "
        "last game); "
        "without it each is an error: nothing is computed (exit 2), and check reports them "
        "(exit 1)",
    )


def print_diagnostics(diagnostics: Iterable[Any], shown: Severity, strict: bool) -> int:
    """Print the *diagnostics* of severity *shown* or above (a warning as an error when
    *strict*); how many of them fail the run (errors, and warnings when *strict*)."""
    from ..diagnostics import Severity as S

    failing = S.WARNING if strict else S.ERROR
    problems = 0
    for d in diagnostics:
        if d.severity >= shown:
            text = str(d)
            if strict and d.severity is S.WARNING:
                text = text.replace(": warning: ", ": error: ", 1)
            print(text, file=sys.stderr)
        problems += d.severity >= failing
    return problems


def report_ranking(diagnostics: Iterable[Any], args: argparse.Namespace) -> None:
    """Print a ranking's warnings (notes too with --verbose; the edition picked for an
    undated file always, since it changes the values); CommandError (problems, 1) when
    --strict makes a warning an error."""
    from ..diagnostics import Kind
    from ..diagnostics import Severity as S

    diagnostics = list(diagnostics)
    for d in diagnostics:
        if d.severity >= S.WARNING or args.verbose or d.kind is Kind.UNDATED:
            print(d, file=sys.stderr)
    if args.strict and any(d.severity >= S.WARNING for d in diagnostics):
        raise CommandError(None, EXIT_PROBLEMS)


def require_complete(standings: Any) -> None:
    """CommandError (problems, 1) when a requested code is missing from the standings written
    for a reason other than a rule (a plugin that failed)."""
    lost = [m.code for m in standings.missing if m.kind != "rule"]
    if lost:
        it = "it" if len(lost) == 1 else "them"
        raise CommandError(
            f"{', '.join(lost)} could not be computed (see above); the standings are "
            f"written without {it}, so they are not the standings asked for",
            EXIT_PROBLEMS,
        )


def ranked(run: Callable[[], T]) -> T:
    """Run a ranking for a command: its result; CommandError for a bad code, option or
    edition (usage, 2) or a failing plugin (problems, 1)."""
    from ..codes import CodeError
    from ..host import PluginError

    try:
        return run()
    except (CodeError, ValueError) as e:
        raise CommandError(str(e)) from None
    except PluginError as e:
        raise CommandError(str(e), EXIT_PROBLEMS) from None


def usage_check(check: Callable[[str], T]) -> Callable[[str], T]:
    """*check* as an argparse ``type=``: the ValueError it raises becomes argparse's usage
    error (exit 2) with the error's own message, not argparse's 'invalid value'."""

    def checked(text: str) -> T:
        try:
            return check(text)
        except ValueError as e:
            raise argparse.ArgumentTypeError(str(e)) from None

    checked.__name__ = check.__name__
    return checked


def integer(text: str) -> int:
    """An ``int`` as argparse's ``type=int`` reads it, with argparse's message."""
    try:
        return int(text)
    except ValueError:
        raise ValueError(f"invalid int value: '{text}'") from None


def number(text: str) -> float:
    """A ``float`` as argparse's ``type=float`` reads it, with argparse's message."""
    try:
        return float(text)
    except ValueError:
        raise ValueError(f"invalid float value: '{text}'") from None


@usage_check
def provider_choice(text: str) -> tuple[str, str]:
    """``--provider CODE=PLUGIN`` as (code, plugin)."""
    code, sep, plugin = text.partition("=")
    if not sep:
        raise ValueError(f"--provider takes CODE=PLUGIN, e.g. BH=buchholz, not '{text}'")
    return code, plugin


@usage_check
def edition_name(text: str) -> str:
    """``--edition NAME``: a name, never empty (an empty one used to fall back silently to
    the edition of the end date, which is not what was asked)."""
    if not text.strip():
        raise ValueError(
            f"--edition is empty: give an edition's name ({edition_names()}, or one a "
            "plugin adds), or leave the option out for the edition in force at the end date"
        )
    return text


@usage_check
def option_item(text: str) -> str:
    """``--option KEY=VALUE``, checked for its shape (the value is read by the option its
    plugin declares, in :func:`options_from`)."""
    key, sep, _ = text.partition("=")
    if not sep or not key:
        raise ValueError(f"--option takes KEY=VALUE, not '{text}'")
    return text


@usage_check
def team_pab_pair(text: str) -> tuple[Fraction, Fraction]:
    """``--team-pab MP:GP`` as exact (match points, game points)."""
    from ..numbers import parse_decimal

    mp_text, _, gp_text = text.partition(":")
    mp, gp = parse_decimal(mp_text), parse_decimal(gp_text)
    if mp is None or gp is None:
        raise ValueError(f"--team-pab takes MP:GP, e.g. 1:2, not '{text}'")
    return mp, gp


def add_option_arguments(p: argparse.ArgumentParser) -> None:
    """``--option`` and ``--unrated-rating``, which :func:`options_from` reads."""
    p.add_argument(
        "--option",
        action="append",
        default=[],
        metavar="KEY=VALUE",
        type=option_item,
        help="an option a tie-break or edition plugin declares, e.g. "
        "legacy-pab-unplayed=no ('fide-tiebreaks plugins' lists them with their "
        "types and defaults)",
    )
    p.add_argument(
        "--unrated-rating",
        type=int,
        metavar="R",
        help="rating given to unrated players by the tournament regulations, so "
        "that rating tie-breaks (ARO, TPR, PTP, APRO, APPO, RTNG) are kept (C.07 "
        "Art. 10); without it they are dropped when unrated players are "
        "present",
    )
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
    for item in args.option:  # each checked for its shape by option_item
        key, _, value = item.partition("=")
        option = registry().option(key)
        options[option.name] = option.parse(value, key)
    if args.unrated_rating is not None:
        options["unrated_rating"] = args.unrated_rating
    if getattr(args, "national_ratings", False):
        options["national_ratings"] = True
    if getattr(args, "ratings", None):
        options["ratings"] = args.ratings
    return options


def guard_output(output: str | None, inputs: list[str | None]) -> None:
    """CommandError (usage, 2) when the *output* (None: standard output) is one of the
    command's *inputs* (the same file by device and inode: through a link too; ``-`` is
    standard input). Every command that writes a file calls this before it reads anything."""
    from ..atomic import OutputError, refuse_inputs

    try:
        refuse_inputs(output, inputs)
    except OutputError as e:
        raise CommandError(str(e)) from None


def write_output(path: str | None, data: bytes) -> None:
    """Write a command's output: to *path* through :func:`~fide_tiebreaks.atomic.write_atomic`
    (the one mechanism for every file a command writes), else to standard output.
    CommandError (usage, 2) for a path that must not or cannot be replaced (a directory, a
    FIFO, a device, a missing folder...)."""
    if path is None or path == "-":  # '-o -': standard output, as for most tools
        sys.stdout.buffer.write(data)
        sys.stdout.flush()
        return
    from ..atomic import OutputError, write_atomic

    try:
        write_atomic(path, data)
    except OutputError as e:
        raise CommandError(str(e)) from None
