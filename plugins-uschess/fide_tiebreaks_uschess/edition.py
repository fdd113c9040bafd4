"""The US Chess rules for unplayed games in tie-breaks: the edition ``uschess-7``.

US Chess, Official Rules of Chess, 7th edition, rule 34E1 (which 34E2 Solkoff and the other
opponent-score systems share): an opponent's score is *adjusted* by counting each of the
opponent's unplayed games (byes, forfeits, rounds not played after a withdrawal) as half a
point, and the tied player's own unplayed games count as opponents with an adjusted score of
zero. The player's own score is not changed. docs/interpretations.md (in this distribution)
says where the text was read and what it leaves open.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from fide_tiebreaks.editions import Edition, Entry, OpponentTable
from fide_tiebreaks.model import PLAYED_KINDS, Tournament

NAME = "uschess-7"
CITATION = "US Chess OR7"  # Official Rules of Chess, 7th edition
OWN_UNPLAYED = "own unplayed: 0 (34E1)"  # the category of a player's own unplayed round


def adjusted_units(t: Tournament) -> list[int]:
    """34E1: each participant's score as its opponents' tie-breaks see it, on the grid:
    every round not played over the board (bye, forfeit won or lost, absence) counts as a
    draw (the rulebook's "half a point" under 1-½-0 scoring); played games count as scored."""
    draw = t.scoring.draw * t.scale
    if draw.denominator != 1:  # pragma: no cover - the grid holds every scoring value
        raise ValueError("the tournament grid does not hold a draw")
    half = int(draw)
    out = []
    for p in t.participants:
        units = p.units
        for g in p.results:
            if g.kind not in PLAYED_KINDS:
                units += half - g.units
        out.append(units)
    return out


def opponent_table(
    t: Tournament, forfeits_as_played: bool, options: Mapping[str, Any] | None = None
) -> OpponentTable:
    """34E1: one entry per round. A game played over the board counts the opponent's adjusted
    score; every own unplayed round (bye, forfeit, absence) counts an opponent with an
    adjusted score of 0. With ``/P`` (a FIDE modifier the US codes do not take) a forfeit
    counts the scheduled opponent's adjusted score. Round robins are treated alike: the rule
    does not distinguish them."""
    adjusted = adjusted_units(t)
    index = t.index
    rows = []
    for p in t.participants:
        row = []
        for g in p.results:
            if g.opponent is not None and (
                g.kind in PLAYED_KINDS or (forfeits_as_played and g.kind.forfeit)
            ):
                category = "played" if g.kind in PLAYED_KINDS else "/P"
                score = adjusted[index[g.opponent]]
                row.append(
                    Entry(
                        round=g.round,
                        opponent=g.opponent,
                        score=score,
                        points=g.units,
                        vur=False,
                        category=category,
                    )
                )
            else:
                row.append(
                    Entry(
                        round=g.round,
                        opponent=None,
                        score=0,
                        points=g.units,
                        vur=False,
                        category=OWN_UNPLAYED,
                    )
                )
        rows.append(tuple(row))
    return OpponentTable(t.scale, tuple(rows), tuple(adjusted))


def cut(entries: Sequence[Entry], low: int, high: int, weighted: bool) -> list[Entry]:
    """34E1 discards: the *low* lowest and the *high* highest adjusted opponents' scores.
    The rule orders by the opponent's score alone; for a weighted sum (Sonneborn-Berger)
    equal scores go lowest product first. An own unplayed round (score 0) is the lowest."""

    def rank(e: Entry) -> tuple[int, int]:
        return (e.score, e.score * e.points if weighted else 0)

    kept = list(entries)
    for _ in range(min(low, len(kept))):
        kept.remove(min(kept, key=rank))
    for _ in range(min(high, len(kept))):
        kept.remove(max(kept, key=rank))
    return kept


USCHESS_7 = Edition(
    name=NAME,
    title="US Chess Official Rules of Chess, 7th edition, rule 34 (tiebreaks): unplayed "
    "games count half a point in opponents' scores, 0 as the player's own opponents",
    citation=CITATION,
    # A federation's rules, not a FIDE period: never chosen by date; the US codes name it
    # (Tiebreak.edition) and the presets use it (Preset.edition).
    in_force_from=None,
    in_force_until=None,
    opponent_table=opponent_table,
    cut=cut,
)
