"""``fide-tiebreaks standings``: rank a tournament on points and tie-breaks."""

from __future__ import annotations

import argparse
import os
from typing import Any

from ..formats import FORMATS
from .common import (
    EXIT_OK,
    FILE_HELP,
    CommandError,
    add_common,
    add_decision_arguments,
    add_edition_by_argument,
    add_option_arguments,
    add_pgn_arguments,
    add_preset_argument,
    decisions_from,
    edition_help,
    edition_name,
    err,
    options_from,
    provider_choice,
    ranked,
    read_input,
    report_ranking,
    require_complete,
    team_pab_pair,
    tiebreaks_from,
    write_output,
)

STANDINGS_EPILOG = """\
tie-break codes use the TEC syntax NAME[:MP|:GP][/Cn|/Mn|/L±n|/Kx][/P][/F], comma-separated,
e.g. "BH/C1,BH,SB". The Handbook hyphen form (BH-C1) is accepted too. Without --tiebreaks the
file's 202 (or 212) list is used, else BH/C1,BH,SB for a Swiss and SB,DE,WIN for a round
robin (teams: MPvGP,EMGSB/C1,BH:MP/C1 and MPvGP,EDE,EMGSB). Give PTS to rank on points alone.
'fide-tiebreaks plugins' lists the installed codes, docs/tiebreaks.md explains each.

examples:
  fide-tiebreaks standings event.trf
  fide-tiebreaks standings event.trf --tiebreaks BH/C1,BH,SB --format json
  fide-tiebreaks standings event.trf --after-round 5 --output r5.csv   (CSV: the extension)
  fide-tiebreaks standings event.trf --output report.html --edition fide-2024
  fide-tiebreaks standings event.trf --format trf --output ranked.trf
  fide-tiebreaks standings event.trf -f trf --after-round 5 -o r5.trf   (as it stood)
"""

ONE_SHOT = True  # see cli.main: the cyclic garbage collector is off for this command


def add_parser(sub: Any, name: str, summary: str) -> argparse.ArgumentParser:
    p = sub.add_parser(
        name,
        help=summary,
        description="Rank a tournament: points first, then the ordered tie-break list applied "
        "to each still-tied group (C.07 4.2); participants still tied share the place.",
        epilog=STANDINGS_EPILOG,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    p.add_argument(
        "file", metavar="FILE", help="a TRF16, TRF-2026, XML, Chess-JSON or PGN file" + FILE_HELP
    )
    p.add_argument("--tiebreaks", "-t", metavar="CODES", help="comma-separated tie-break codes")
    p.add_argument(
        "--edition",
        "-e",
        type=edition_name,
        metavar="E",
        help=edition_help(),
    )
    add_edition_by_argument(p)
    p.add_argument(
        "--type",
        choices=("swiss", "round-robin"),
        help="tournament type (default: from the file, else inferred)",
    )
    p.add_argument(
        "--after-round",
        type=int,
        metavar="N",
        help="standings after round N, ignoring later rounds",
    )
    p.add_argument(
        "--format",
        "-f",
        choices=FORMATS,
        help="output format (default: from the --output file's extension, .csv .json .xml "
        ".html .trf, else table)",
    )
    p.add_argument(
        "--output",
        "-o",
        metavar="PATH",
        help="write here (atomically) instead of standard output; its extension chooses the "
        "format unless --format is given",
    )
    p.add_argument(
        "--trf-form",
        choices=("trf16", "trf26"),
        help="with --format trf: write the event from the model as TRF16 (with the JaVaFo "
        "extensions) or TRF-2026 (default: the file's own lines with the ranks filled in; "
        "TRF-2026 for --after-round and --type, and for an event that has no TRF lines)",
    )
    add_common(p)
    add_pgn_arguments(p)
    add_option_arguments(p)
    add_decision_arguments(p)
    add_preset_argument(p)
    p.add_argument(
        "--category",
        action="append",
        default=[],
        metavar="NAME:CONDITION",
        help="a category standings section (repeatable), e.g. U16:age<16, "
        "Women:sex=F, U1800:rating<1800, S65:age>=65, Club:ids=3,8,12; conditions "
        "join with & (docs/decisions.md)",
    )
    p.add_argument(
        "--categories",
        metavar="FILE",
        help="category definitions, one NAME:CONDITION per line (# comments)",
    )
    p.add_argument(
        "--individual",
        action="store_true",
        help="in a team event, rank the players instead of the teams",
    )
    p.add_argument(
        "--team-pab",
        metavar="MP:GP",
        type=team_pab_pair,
        help="match and game points of a team's pairing-allocated bye where the file cannot say "
        "(TRF16; default a drawn match: a draw's MP and half the boards)",
    )
    p.add_argument(
        "--provider",
        action="append",
        default=[],
        metavar="CODE=PLUGIN",
        type=provider_choice,
        help="which plugin provides CODE when several do (repeatable)",
    )
    return p


# The format an --output file's extension asks for when --format is not given.
EXTENSIONS = {
    ".csv": "csv",
    ".json": "json",
    ".xml": "xml",
    ".html": "html",
    ".htm": "html",
    ".trf": "trf",
    ".txt": "table",
}


def output_format(given: str | None, output: str | None) -> str:
    """--format, else the format the --output file's extension names, else a text table
    (said on standard error when the extension is one we do not know)."""
    if given:
        return given
    if not output:
        return "table"
    suffix = _suffix(output)
    fmt = EXTENSIONS.get(suffix.lower())
    if fmt is None:
        if suffix:
            known = " ".join(e for e in EXTENSIONS if e != ".htm")
            err(
                f"note: writing a text table to {output}: '{suffix}' names no format "
                f"(known: {known}); give --format to choose one"
            )
        return "table"
    return fmt


def _suffix(path: str) -> str:
    """The extension of *path*'s last part as pathlib names it ('' for 'x', '.trf' or 'x.'),
    without importing pathlib on the way to the standings."""
    name = os.path.basename(path.rstrip("/" + os.sep))
    dot = name.rfind(".")
    return name[dot:] if 0 < dot < len(name) - 1 else ""


def run(args: argparse.Namespace) -> int:
    from ..formats import render
    from ..standings import compute_standings

    result = read_input(args, stop_message=FILE_HAS_ERRORS)
    tournament = ranked_event(result.tournament, args)
    check_after_round(tournament, args.after_round)
    categories = categories_from(args)
    fmt = output_format(args.format, args.output)
    trf_form = written_form(tournament, args, fmt)
    standings = ranked(
        lambda: compute_standings(
            tournament,
            tiebreaks_from(args),
            args.edition,
            after_round=args.after_round,
            providers=dict(args.provider),
            options=options_from(args),  # a malformed --option is reported like a bad code
            strict=args.strict,
            decided=decisions_from(args),
            lots=args.lots,
            edition_by=args.edition_by,
        )
    )
    report_ranking(standings.diagnostics, args)
    write_output(args.output, rendered(render, standings, fmt, categories, trf_form))
    require_complete(standings)
    return EXIT_OK


FILE_HAS_ERRORS = (
    "the file has errors (listed above), so no standings were computed; correct them, or "
    "run 'fide-tiebreaks check FILE' to see every problem"
)


def ranked_event(tournament: Any, args: argparse.Namespace) -> Any:
    """The event to rank: the teams', or their players' with --individual; of --type."""
    from ..model import TournamentType

    if args.individual:
        if tournament.team is None:
            raise CommandError("--individual applies to team events; this file has no teams")
        tournament = tournament.team.players
    if args.type:
        tournament = tournament.with_type(TournamentType(args.type))
    return tournament


def check_after_round(tournament: Any, after_round: int | None) -> None:
    """--after-round names one of the file's rounds."""
    rounds = tournament.rounds
    if after_round is not None and not 1 <= after_round <= rounds:
        from ..diagnostics import counted

        raise CommandError(
            f"--after-round must be between 1 and {rounds} (the file has "
            f"{counted(rounds, 'round')}), not {after_round}"
        )


def written_form(tournament: Any, args: argparse.Namespace, fmt: str) -> str | None:
    """--trf-form; for TRF after an earlier round or of another --type, trf26: the source
    lines hold the later rounds (or say another type), so the event as ranked is written
    from the model instead, and reads back to these standings."""
    trf_form: str | None = args.trf_form
    cut = args.after_round is not None and args.after_round < tournament.rounds
    if fmt == "trf" and trf_form is None and (cut or args.type):
        trf_form = "trf26"
    return trf_form


def rendered(
    render: Any, standings: Any, fmt: str, categories: list[Any], trf_form: str | None
) -> bytes:
    """The standings in *fmt*, with their category sections; CommandError when the format
    cannot hold them or a category cannot be decided."""
    from ..formats.base import Unwritable

    try:
        data: bytes = render(standings, fmt, dict(standings.options), categories, trf_form=trf_form)
    except Unwritable as e:  # -f chess-json of the largest events; TRF's columns
        raise CommandError(str(e)) from None
    except Exception as e:
        if not categories:  # categories.py is loaded only when there are some
            raise
        from ..categories import CategoryError

        if not isinstance(e, CategoryError):
            raise
        raise CommandError(str(e)) from None  # an age with no date to count it on
    return data


def categories_from(args: argparse.Namespace) -> list[Any]:
    """The --category and --categories definitions; CommandError for a bad one."""
    if not args.category and not args.categories:
        return []
    from ..categories import CategoryError, check_all, parse_category, read_definitions

    try:
        found = [parse_category(text) for text in args.category]
        if args.categories:
            found += read_definitions(args.categories)
        check_all(found)
    except CategoryError as e:
        raise CommandError(str(e)) from None
    if found and args.format in ("trf", "xml", "chess-json"):
        raise CommandError(
            f"--format {args.format} has no category sections; use table, json, csv or html"
        )
    return found
