"""``fide-tiebreaks generate``: seeded random standings files (the endorsement's RTG)."""

from __future__ import annotations

import argparse
import sys
from typing import TYPE_CHECKING, Any

from .common import EXIT_OK, CommandError
from .generation_options import add_generation_options, profile_of

if TYPE_CHECKING:
    from ..certify.standings_file import Options

MAX_EVENTS = 100_000

DESCRIPTION = (
    "Write N seeded random events into DIR as standings files: individual Swiss (paired by "
    "score groups, or by a FIDE Dutch engine with --pairing dutch), round robins on Berger "
    "tables and team Swiss, with byes of each kind, forfeits, double forfeits, withdrawals, "
    "late entries and unrated players. Each file carries its tie-break list (202; given with "
    "--tiebreaks, else drawn from the MTB26 codes per event), the dates of its rules edition, "
    "and the final ranks and points our engine computes (212, TRF columns 86-89), so that a "
    "standings checker can verify it. The same seed and options write the same bytes."
)

EPILOG = """\
exit status:
  0  every file was written
  1  a file could not be written
  2  a bad option

examples:
  fide-tiebreaks generate out/ --events 500 --seed 42
  fide-tiebreaks generate out/ -n 100 --kinds team-swiss --format trf16
  fide-tiebreaks generate out/ -n 50 --tiebreaks BH/C1,BH,SB --editions fide-2026
"""


def add_parser(sub: Any, name: str, summary: str) -> argparse.ArgumentParser:
    p: argparse.ArgumentParser = sub.add_parser(
        name, help=summary, description=DESCRIPTION, epilog=EPILOG
    )
    p.add_argument("folder", metavar="DIR", help="the folder to write event-NNNNNN.trf into")
    p.add_argument(
        "--events",
        "-n",
        type=int,
        default=100,
        metavar="N",
        help=f"events to write (default: 100; at most {MAX_EVENTS:,})",
    )
    p.add_argument(
        "--first",
        type=int,
        default=0,
        metavar="I",
        help="the index of the first event (default: 0), to write a run in slices",
    )
    p.add_argument(
        "--format",
        "-f",
        choices=("trf26", "trf16"),
        default="trf26",
        help="TRF-2026 (default) or TRF16",
    )
    p.add_argument(
        "--tiebreaks",
        "-t",
        metavar="CODES",
        help="the list of every file (default: drawn per event from MTB26)",
    )
    p.add_argument(
        "--editions",
        default="fide-2024,fide-2026",
        metavar="E,...",
        help="editions drawn per event, each dated in its period (default: "
        "fide-2024,fide-2026; also fide-2023)",
    )
    add_generation_options(p, kinds="swiss,round-robin,team-swiss")
    p.add_argument(
        "--byes",
        default="",
        metavar="H=P,Z=P,F=P",
        help="rates of requested half-, zero- and full-point byes per player and "
        "round (default: 0.04 in all, a tenth of them full-point)",
    )
    p.add_argument(
        "--withdrawals",
        type=float,
        default=0.05,
        metavar="P",
        help="share of players who withdraw (default: 0.05)",
    )
    p.add_argument(
        "--late-entries",
        type=float,
        default=0.05,
        metavar="P",
        help="share of players entering in round 2 or 3 (default: 0.05)",
    )
    p.add_argument(
        "--unrated",
        type=float,
        default=0.1,
        metavar="P",
        help="share of unrated players, in half of the events (default: 0.1)",
    )
    p.add_argument(
        "--jobs",
        "-j",
        type=int,
        default=1,
        metavar="N",
        help="processes (default: 1; 0: every core)",
    )
    p.add_argument(
        "--force",
        action="store_true",
        help="write into DIR although it holds files (those of the same name are replaced); "
        "without it a folder that is not empty is refused, exit 2",
    )
    return p


def _rate(text: str, what: str) -> float:
    value = float(text)
    if not 0 <= value <= 1:  # also refuses nan
        raise ValueError(f"{what} must be between 0 and 1")
    return value


def _byes(text: str) -> tuple[float, tuple[tuple[str, float], ...]]:
    """--byes H=0.02,Z=0.01,F=0.005: the total rate and the kinds, weighted."""
    kinds = []
    for part in (p.strip() for p in text.split(",") if p.strip()):
        kind, eq, rate = part.partition("=")
        if not eq or kind.strip().upper() not in ("H", "Z", "F"):
            raise ValueError("--byes takes H=P,Z=P,F=P (half-, zero- and full-point byes)")
        kinds.append((kind.strip().upper(), _rate(rate, "a bye rate")))
    total = sum(r for _, r in kinds)
    if total > 1:
        raise ValueError("the bye rates add up to more than 1")
    return total, tuple((k, r) for k, r in kinds if r > 0)


def options(args: argparse.Namespace) -> Options:
    """The generator's options from the command line (ValueError saying what is wrong)."""
    from dataclasses import replace

    from ..certify.standings_file import EDITION_DATES, Options
    from ..codes import parse_list

    editions = tuple(e.strip() for e in args.editions.split(",") if e.strip())
    if not editions or any(e not in EDITION_DATES for e in editions):
        raise ValueError(f"--editions takes {', '.join(EDITION_DATES)}")
    codes = tuple(s.code for s in parse_list(args.tiebreaks)) if args.tiebreaks else ()
    profile = replace(
        profile_of(args),
        withdraw=_rate(str(args.withdrawals), "--withdrawals"),
        late=_rate(str(args.late_entries), "--late-entries"),
        unrated_players=_rate(str(args.unrated), "--unrated"),
    )
    if args.byes:
        total, weighted = _byes(args.byes)
        profile = replace(profile, bye=total, bye_kinds=weighted)
    return Options(profile=profile, tiebreaks=codes, editions=editions, form=args.format)


def run(args: argparse.Namespace) -> int:
    from pathlib import Path

    from ..atomic import OutputError, refuse_filled_folder
    from ..audit import progress
    from ..certify.standings_file import make_many
    from ..codes import CodeError
    from ..host import PluginError

    if not 1 <= args.events <= MAX_EVENTS or args.first < 0 or args.jobs < 0:
        raise CommandError(
            f"--events must be from 1 to {MAX_EVENTS:,}; --first and --jobs at least 0"
        )
    try:
        opts = options(args)
    except (ValueError, CodeError) as e:
        raise CommandError(str(e)) from None
    folder = Path(args.folder)
    if folder.exists() and not folder.is_dir():
        raise CommandError(f"{args.folder}: not a folder")
    try:
        refuse_filled_folder(args.folder, force=args.force)
    except OutputError as e:
        raise CommandError(str(e)) from None
    try:
        folder.mkdir(parents=True, exist_ok=True)
        written = make_many(
            folder,
            args.seed,
            range(args.first, args.first + args.events),
            opts,
            args.jobs,
            progress(args.events, sys.stderr, unit="events"),  # a terminal only
        )
    except (CodeError, PluginError) as e:
        raise CommandError(str(e)) from None
    except (OutputError, OSError) as e:  # as standings says a file it cannot write
        raise CommandError(str(e)) from None
    print(f"{written} events written to {args.folder}", file=sys.stderr)
    return EXIT_OK
