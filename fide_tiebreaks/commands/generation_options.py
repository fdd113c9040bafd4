"""The event generator's options, declared once for ``certify`` and ``generate``.

Both commands make events with certify's generator; the options that shape those events
(``--players``, ``--rounds``, ``--kinds``, ``--forfeits``, ``--pairing``, ``--seed``) are
declared and checked here, each by its ``type=`` check (a usage error, exit 2), and read
back into a :class:`~fide_tiebreaks.certify.generate.Profile` by :func:`profile_of`.
"""

from __future__ import annotations

import argparse
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from .common import CommandError, integer, number, usage_check

if TYPE_CHECKING:
    from ..certify.generate import Profile


def bounded(
    name: str, read: Callable[[str], Any], ok: Callable[[Any], bool], message: str
) -> Callable[[str], Any]:
    """A ``type=`` check: *read* the text, then ValueError(*message*) unless ``ok(value)``."""

    def check(text: str) -> Any:
        value = read(text)
        if not ok(value):
            raise ValueError(message)
        return value

    check.__name__ = name
    return usage_check(check)


forfeit_share = bounded(
    "forfeits", number, lambda p: 0 <= p <= 1, "--forfeits must be between 0 and 1"
)
rounds_count = bounded(
    "rounds", integer, lambda r: 1 <= r <= 50, "--rounds must be between 1 and 50"
)


@usage_check
def players_range(text: str) -> tuple[int, int]:
    """``--players MIN-MAX`` (or one number) as (MIN, MAX), 4 <= MIN <= MAX <= 200."""
    low, dash, high = text.partition("-")
    high = high if dash else low  # "4-" is a slip, not 4-4
    digits = low.isascii() and low.isdigit() and high.isascii() and high.isdigit()
    if not digits or not 4 <= int(low) <= int(high) <= 200:
        raise ValueError("--players takes MIN-MAX with 4 <= MIN <= MAX <= 200, e.g. 10-40")
    return int(low), int(high)


@usage_check
def kinds_list(text: str) -> tuple[str, ...]:
    """``--kinds``: comma-separated event kinds the generator makes."""
    from ..certify.generate import KINDS

    kinds = tuple(k.strip() for k in text.split(",") if k.strip())
    if not kinds or any(k not in KINDS for k in kinds):
        raise ValueError(f"--kinds takes {', '.join(KINDS)}")
    return kinds


def add_generation_options(p: argparse.ArgumentParser, *, kinds: str) -> None:
    """The generator's options on *p*; *kinds*: the command's default ``--kinds``."""
    p.add_argument(
        "--players",
        default="4-40",
        type=players_range,
        metavar="MIN-MAX",
        help="participants per event (default: 4-40; at most 200)",
    )
    p.add_argument(
        "--rounds",
        type=rounds_count,
        metavar="R",
        help="rounds of each Swiss (default: from the number of participants)",
    )
    p.add_argument(
        "--kinds",
        default=kinds,
        type=kinds_list,
        metavar="KINDS",
        help=f"event kinds: swiss, round-robin, team-swiss (default: {kinds})",
    )
    p.add_argument(
        "--forfeits",
        type=forfeit_share,
        default=0.03,
        metavar="P",
        help="share of games forfeited, a tenth of them by both (default: 0.03)",
    )
    p.add_argument(
        "--pairing",
        choices=("score-groups", "dutch"),
        default="score-groups",
        help="how Swiss rounds are paired (dutch: the caissify-pairings extra)",
    )
    p.add_argument(
        "--seed",
        type=int,
        default=1,
        metavar="S",
        help="the seed: the same seed gives the same events (default: 1)",
    )


def profile_of(args: argparse.Namespace) -> Profile:
    """The generator's profile from the options :func:`add_generation_options` declares;
    CommandError when ``--pairing dutch`` cannot be used."""
    from ..certify.generate import Profile

    if args.pairing == "dutch":
        try:
            import caissify_pairings  # noqa: F401
        except ImportError:
            raise CommandError(
                "--pairing dutch needs caissify-pairings (from a checkout: pip install "
                "'.[certify-dutch]')"
            ) from None
    return Profile(
        players=args.players,
        rounds=args.rounds,
        kinds=args.kinds,
        pairing=args.pairing,
        forfeit=args.forfeits,
    )
