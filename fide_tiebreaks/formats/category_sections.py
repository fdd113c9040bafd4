"""Category standings as each writer shows them: a section per category, the overall order
kept and a place within the category (fide_tiebreaks.categories)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ..categories import Category, placed
from ..numbers import exact_str
from ..standings import Standings


def as_dicts(s: Standings, categories: Sequence[Category]) -> list[dict[str, Any]]:
    """The JSON ``categories`` part: per category its definition and its lines."""
    return [
        {
            "name": c.name,
            "definition": c.text,
            "standings": [
                {
                    "place": line.place,
                    "rank": line.row.rank,
                    "start_rank": line.row.participant.id,
                    "name": line.row.participant.name,
                    "points": exact_str(line.row.participant.points),
                }
                for line in placed(s.rows, c, s.tournament)
            ],
        }
        for c in categories
    ]


HEAD = ["place", "rank", "start_rank", "name", "points"]


def rows(s: Standings, c: Category) -> list[list[str]]:
    """One category's lines as text cells, in the order of :data:`HEAD`."""
    return [
        [
            str(line.place),
            str(line.row.rank),
            str(line.row.participant.id),
            line.row.participant.name,
            exact_str(line.row.participant.points),
        ]
        for line in placed(s.rows, c, s.tournament)
    ]
