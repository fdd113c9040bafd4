"""Standings as CSV: one row per participant, a column per tie-break code."""

from __future__ import annotations

import io
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from ..diagnostics import printable
from ..numbers import exact_or_none, exact_str
from ..standings import Standings
from ..teams import team_scores

if TYPE_CHECKING:
    from ..categories import Category


def _cell(text: str) -> str:
    """Neutralise text a spreadsheet would run as a formula (CSV injection), and the control
    characters a terminal acts on (an ESC starts an escape sequence when the CSV is printed
    to standard output), as the other standings writers do."""
    text = printable(text)
    return "'" + text if text[:1] in ("=", "+", "-", "@") else text


def to_csv(s: Standings, categories: Sequence[Category] = ()) -> str:
    """The standings; then, per category, a blank line, ``# category NAME: DEFINITION`` and
    its lines (place, overall rank, start rank, name, points)."""
    import csv  # only here: most runs write JSON or a table

    buf = io.StringIO()
    w = csv.writer(buf, lineterminator="\n")
    _overall(s, w)
    if categories:
        from .category_sections import HEAD, rows  # only with --category
    for c in categories:
        buf.write(f"\n# category {_cell(c.name)}: {c.text}\n")
        w.writerow(HEAD)
        w.writerows([[*r[:3], _cell(r[3]), r[4]] for r in rows(s, c)])
    return buf.getvalue()


def _overall(s: Standings, w: Any) -> None:
    if s.tournament.team is not None:
        mp, gp = team_scores(s.tournament)
        w.writerow(["rank", "team", "name", "match_points", "game_points", "points", *s.codes])
        for row in s.rows:
            p = row.participant
            w.writerow(
                [
                    row.rank,
                    p.id,
                    _cell(p.name),
                    exact_str(mp[p.id]),
                    exact_str(gp[p.id]),
                    exact_str(p.points),
                    *(exact_or_none(v) or "" for v in row.values),
                ]
            )
        return
    w.writerow(
        ["rank", "start_rank", "name", "fide_id", "federation", "rating", "points", *s.codes]
    )
    for row in s.rows:
        p = row.participant
        w.writerow(
            [
                row.rank,
                p.id,
                _cell(p.name),
                _cell(p.fide_id),
                _cell(p.federation),
                p.rating or "",
                exact_str(p.points),
                *(exact_or_none(v) or "" for v in row.values),
            ]
        )
