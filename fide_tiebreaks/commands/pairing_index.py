"""``fide-tiebreaks pairing-index``: the Burstein index or the Dubov ARO after a round, for a
pairing engine (docs/pairing-indexes.md)."""

from __future__ import annotations

import argparse
import sys
from typing import Any

from .common import EXIT_OK, EXIT_PROBLEMS, EXIT_USAGE, CommandError, add_common, read_input

ONE_SHOT = True  # see cli.main


def add_parser(sub: Any, name: str, summary: str) -> argparse.ArgumentParser:
    p = sub.add_parser(
        name,
        help=summary,
        description="The tie-break arithmetic a Burstein (C.04.4.2) or Dubov (C.04.4.1) "
        "pairing needs before a round, exact: Burstein's Buchholz and Sonneborn-Berger on "
        "current scores with its unplayed-round rule, the ranking order of 1.8 and whether "
        "the next round is a seeding round; Dubov's ARO (rounded half up), colour "
        "preferences and the White-seeker and shifter orders. docs/pairing-indexes.md gives "
        "the articles and the readings.",
        epilog="examples:\n  fide-tiebreaks pairing-index event.trf --system burstein\n"
        "  fide-tiebreaks pairing-index event.trf --system dubov --after-round 3 -f json\n"
        "  fide-tiebreaks pairing-index event.trf --system burstein --explain 7",
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    p.add_argument("file", metavar="FILE", help="a TRF16, TRF-2026, XML, Chess-JSON or PGN file")
    p.add_argument(
        "--system", "-s", required=True, choices=("burstein", "dubov"), help="the pairing system"
    )
    p.add_argument(
        "--after-round",
        "-r",
        type=int,
        metavar="N",
        help="the last completed round to count (default: every round in the file)",
    )
    p.add_argument(
        "--burstein-edition",
        metavar="TEXT",
        help="the Burstein text: 2026 (the default) or till-2025 (docs/pairing-indexes.md; "
        "these are the pairing system's texts, not C.07's editions)",
    )
    p.add_argument(
        "--zero-bye",
        metavar="READING",
        choices=("trailing", "all-but-last", "every", "none"),
        help="Burstein: reading of the zero-point-bye exception of 1.7.2 "
        "(default: trailing; docs/pairing-indexes.md)",
    )
    p.add_argument(
        "--rating",
        action="append",
        default=[],
        metavar="ID=RATING",
        help="Dubov: a provisional rating the Chief Arbiter assigns (1.1.2); "
        "repeat for each player",
    )
    p.add_argument(
        "--rounds",
        type=int,
        metavar="N",
        help="the event's number of rounds, when the file does not say it (TRF "
        "142 / XXR): for Burstein's seeding rounds (1.6)",
    )
    p.add_argument(
        "--explain",
        metavar="PLAYER",
        help="show one player's working, round by round (start rank or name)",
    )
    p.add_argument(
        "--format",
        "-f",
        choices=("table", "json"),
        default="table",
        help="table for reading, json for programs (default: table)",
    )
    add_common(p)
    return p


def _ratings(items: list[str]) -> dict[int, int]:
    """``--rating ID=RATING`` items as {start rank: rating}; CommandError for a bad one."""
    out = {}
    for item in items:
        pid, sep, value = item.partition("=")
        if not (
            sep
            and pid.strip().isascii()
            and pid.strip().isdigit()
            and value.strip().isascii()
            and value.strip().isdigit()
        ):
            raise CommandError(
                f"--rating takes ID=RATING (whole numbers), e.g. 12=1650, not '{item}'"
            )
        if len(pid.strip()) > 6 or len(value.strip()) > 6:
            raise CommandError(f"--rating '{item}': the start rank or the rating is too long")
        out[int(pid)] = int(value)
    return out


def run(args: argparse.Namespace) -> int:
    from ..diagnostics import printable
    from ..formats import jsonkeys
    from ..pairing.present import explain_dict, explain_text, render_table, to_dict
    from .explain import the_participant

    ratings = _ratings(args.rating)
    if ratings and args.system != "dubov":
        raise CommandError("--rating is for --system dubov (C.04.4.1 1.1.2)")
    t = read_input(args).tournament
    index = indexed(t, args, ratings)
    if args.explain is not None:
        pid = the_participant(index.tournament, args.explain)
        if args.format == "json":
            print(jsonkeys.dumps(explain_dict(index, pid), indent=1))
        else:
            sys.stdout.write(printable(explain_text(index, pid), lines=True))
        return EXIT_OK
    if args.format == "json":
        print(jsonkeys.dumps(to_dict(index), indent=1))
    else:
        sys.stdout.write(printable(render_table(index), lines=True))
    return EXIT_OK


def indexed(t: Any, args: argparse.Namespace, ratings: dict[int, int]) -> Any:
    """The pairing index of *t*; CommandError: a missing rating is the input's problem
    (1), the rest usage (2)."""
    from ..pairing import MissingRatingError, PairingIndexError, pairing_index

    options: dict[str, Any] = {
        "edition": args.burstein_edition,
        "zero_bye": args.zero_bye,
        "rounds": args.rounds,
    }
    if ratings:
        options["provisional_ratings"] = ratings
    check_cli_rounds(t, args)
    try:
        return pairing_index(t, args.system, args.after_round, **options)
    except PairingIndexError as e:
        code = EXIT_PROBLEMS if isinstance(e, MissingRatingError) else EXIT_USAGE
        raise CommandError(str(e), code) from None


def check_cli_rounds(t: Any, args: argparse.Namespace) -> None:
    """--after-round and --rounds refused in the option names the user typed (the API's
    own refusals name its keyword arguments); 0 is allowed: the index before round 1."""
    from ..diagnostics import counted

    recorded = t.rounds
    if args.after_round is not None and not 0 <= args.after_round <= recorded:
        raise CommandError(
            f"--after-round must be between 0 and {recorded} (the file has "
            f"{counted(recorded, 'round')}), not {args.after_round}"
        )
    if args.rounds is not None and not max(recorded, 1) <= args.rounds <= 99:
        raise CommandError(
            f"--rounds must be between {max(recorded, 1)} and 99 (the file records "
            f"{counted(recorded, 'round')}), not {args.rounds}"
        )
