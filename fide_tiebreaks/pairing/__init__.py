"""Tie-break arithmetic while pairing: the Burstein index (C.04.4.2) and the Dubov ARO
(C.04.4.1), after any completed round, exact (docs/pairing-indexes.md).

These are not C.07 tie-breaks: they read the model, as the tie-breaks do, but with the pairing
systems' own rules (current scores, a player's own unplayed round as a game against himself,
virtual points left out), so they are not plugins.
"""

from __future__ import annotations

from collections.abc import Mapping

from .. import arguments
from ..model import Tournament
from .burstein import (
    DEFAULT_EDITION,
    DEFAULT_ZERO_BYE,
    EDITIONS,
    ZERO_BYE_READINGS,
    BursteinEntry,
    BursteinIndex,
    BursteinRound,
    burstein_index,
    seeding_rounds,
)
from .common import ColourPreference, MissingRatingError, PairingIndexError, ScoreGroup
from .dubov import (
    DubovEntry,
    DubovGroup,
    DubovIndex,
    DubovRound,
    dubov_index,
    max_upfloats,
    middle_out,
    round_half_up,
)

SYSTEMS = ("burstein", "dubov")

__all__ = [
    "DEFAULT_EDITION",
    "DEFAULT_ZERO_BYE",
    "EDITIONS",
    "SYSTEMS",
    "ZERO_BYE_READINGS",
    "BursteinEntry",
    "BursteinIndex",
    "BursteinRound",
    "ColourPreference",
    "DubovEntry",
    "DubovGroup",
    "DubovIndex",
    "DubovRound",
    "MissingRatingError",
    "PairingIndexError",
    "ScoreGroup",
    "burstein_index",
    "dubov_index",
    "max_upfloats",
    "middle_out",
    "pairing_index",
    "round_half_up",
    "seeding_rounds",
]


def pairing_index(
    tournament: Tournament,
    system: str,
    after_round: int | None = None,
    *,
    edition: str | None = None,
    zero_bye: str | None = None,
    provisional_ratings: Mapping[int, int] | None = None,
    rounds: int | None = None,
) -> BursteinIndex | DubovIndex:
    """The pairing index of *system* (``"burstein"`` or ``"dubov"``) for every player after
    *after_round* (default: the last round recorded). Burstein takes *edition* (``"2026"``,
    the default, or ``"till-2025"``) and the zero-point-bye reading *zero_bye*
    (:data:`ZERO_BYE_READINGS`); Dubov takes *provisional_ratings* ``{start rank: rating}``
    (C.04.4.1 1.1.2). *rounds*: the event's number of rounds, when the tournament does not
    say it. Raises :class:`PairingIndexError` for what cannot be computed as asked."""
    arguments.instance(tournament, Tournament, "tournament")
    arguments.text(system, "system")
    arguments.round_number(after_round, "after_round")
    if system == "burstein":
        if provisional_ratings:
            raise PairingIndexError(
                "provisional ratings are for the Dubov system (1.1.2); "
                "the Burstein index uses no rating"
            )
        return burstein_index(
            tournament, after_round, edition=edition, zero_bye=zero_bye, rounds=rounds
        )
    if system == "dubov":
        if zero_bye is not None:
            raise PairingIndexError(
                "zero_bye is a reading of the Burstein system (C.04.4.2 "
                "1.7.2); the Dubov ARO counts played games only"
            )
        if edition is not None and edition != "2026":
            raise PairingIndexError(
                f"edition {edition!r}: the Dubov ARO is computed by the 2026 text ('2026') only"
            )
        return dubov_index(
            tournament, after_round, provisional_ratings=provisional_ratings, rounds=rounds
        )
    raise PairingIndexError(f"system {system!r} is not one of: {', '.join(SYSTEMS)}")
