"""Each participant's rank after every round: the standings recomputed on the games of rounds
1..r, with the same tie-break list, edition, providers and options, for r = 1 .. R-1 (round R
is the standings themselves).

That is R - 1 more rankings, each linear in players x rounds: the whole costs about R²/2
times one ranking's per-round work. :data:`MAX_COST` bounds it (participants x rounds²), so a
report on a very large event stays fast; :func:`rank_history` then returns None and says why.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from .codes import CodeError
from .host import PluginError
from .standings import Standings, compute_standings

# participants x rounds² above which the history is not computed: 1,000 players over 15
# rounds (about a second of extra work), 250 over 31. A 9,999-player, 13-round event would
# take R - 1 = 12 more full rankings (several seconds).
MAX_COST = 250_000


def too_large(s: Standings) -> str | None:
    """Why the history of *s* is not computed (too many participants for its rounds, or no
    round at all), else None."""
    n, rounds = len(s.tournament.participants), s.tournament.rounds
    if rounds == 0:
        return "the file has no round yet"
    if n * rounds * rounds <= MAX_COST:
        return None
    return (
        f"{n} participants over {rounds} rounds: the rank after each round is computed for "
        f"events up to participants x rounds² = {MAX_COST:,} (e.g. 1,000 participants over "
        "15 rounds); run 'fide-tiebreaks standings FILE --after-round N' for round N"
    )


def rank_history(
    s: Standings, options: Mapping[str, Any] | None = None
) -> dict[int, tuple[int | None, ...]] | None:
    """Participant id -> its rank after round 1, 2, ..., R (R: the standings' own ranks);
    None for a round whose ranking cannot be made (a tie-break unusable after that round).
    None when the event is :func:`too_large`."""
    if too_large(s) is not None:
        return None
    t = s.tournament
    codes = [spec.code for spec in s.specs] or ["PTS"]  # PTS: points alone, said on purpose
    providers = {tb.code: tb.provider for tb in s.tiebreaks}
    by_round: list[dict[int, int]] = []
    for r in range(1, t.rounds):
        try:
            earlier = compute_standings(
                t, codes, s.edition, after_round=r, providers=providers, options=options
            )
        except (CodeError, PluginError, ValueError):
            by_round.append({})
            continue
        by_round.append({row.participant.id: row.rank for row in earlier.rows})
    by_round.append({row.participant.id: row.rank for row in s.rows})
    return {p.id: tuple(ranks.get(p.id) for ranks in by_round) for p in t.participants}
