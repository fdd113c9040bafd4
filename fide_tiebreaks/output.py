"""Presenting standings: table, JSON, CSV and TRF. Presentation only; nothing is computed here."""

from __future__ import annotations

import csv
import io
import json
from fractions import Fraction
from typing import Any

from .numbers import exact_str
from .standings import Standings
from .trf.writer import with_ranks

FORMATS = ("table", "json", "csv", "trf")


def to_dict(s: Standings) -> dict[str, Any]:
    """The JSON shape documented in docs/cli.md; every number is an exact string."""
    t = s.tournament
    codes = s.codes
    return {
        "tournament": {
            "name": t.name,
            "rounds": t.rounds,
            "edition": s.edition.name,
            "kind": "individual",
            "type": t.type.value,
            "tiebreaks": codes,
            "end_date": t.end_date.isoformat() if t.end_date else None,
        },
        "standings": [
            {
                "rank": row.rank,
                "start_rank": row.participant.id,
                "name": row.participant.name,
                "fide_id": row.participant.fide_id or None,
                "federation": row.participant.federation or None,
                "rating": row.participant.rating,
                "points": exact_str(row.participant.points),
                "tiebreaks": {c: _text(v) for c, v in zip(codes, row.values, strict=True)},
            }
            for row in s.rows
        ],
    }


def _text(value: Fraction | None) -> str | None:
    return None if value is None else exact_str(value)


def to_json(s: Standings) -> str:
    """One standings row per line: readable and diffable, and it keeps json's C encoder
    (``indent`` would switch to the pure-Python one, 10x slower on a large event)."""
    data = to_dict(s)
    rows = data.pop("standings")
    head = json.dumps(data, ensure_ascii=False)[:-1]
    body = ",\n".join(json.dumps(r, ensure_ascii=False) for r in rows)
    return f'{head}, "standings": [\n{body}\n]}}\n'


def _cell(text: str) -> str:
    """Neutralise text a spreadsheet would run as a formula (CSV injection)."""
    return "'" + text if text[:1] in ("=", "+", "-", "@", "\t", "\r") else text


def to_csv(s: Standings) -> str:
    buf = io.StringIO()
    w = csv.writer(buf, lineterminator="\n")
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
                *(_text(v) or "" for v in row.values),
            ]
        )
    return buf.getvalue()


def to_table(s: Standings) -> str:
    t = s.tournament
    head = ["Rank", "SNo", "Name", "Fed", "Rtg", "Pts", *s.codes]
    body = [
        [
            str(row.rank),
            str(row.participant.id),
            row.participant.name[:32],
            row.participant.federation,
            str(row.participant.rating or ""),
            exact_str(row.participant.points),
            *(_text(v) or "-" for v in row.values),
        ]
        for row in s.rows
    ]
    widths = [max(len(r[i]) for r in [head, *body]) for i in range(len(head))]
    left = {2, 3}

    def line(cells: list[str]) -> str:
        return "  ".join(
            c.ljust(w) if i in left else c.rjust(w)
            for i, (c, w) in enumerate(zip(cells, widths, strict=True))
        ).rstrip()

    title = t.name or (t.source.path if t.source else "tournament")
    info = (
        f"{t.type.value}, {t.rounds} rounds; edition {s.edition.name} "
        f"({s.edition.citation}); tie-breaks {', '.join(s.codes) or 'none'}"
    )
    return "\n".join([title, info, "", line(head), *(line(r) for r in body)]) + "\n"


def to_trf(s: Standings) -> bytes:
    if s.tournament.source is None:
        raise ValueError("TRF output needs a tournament read from a TRF file")
    ranks = {row.participant.id: row.rank for row in s.rows}
    return with_ranks(s.tournament.source, ranks, s.codes)


def render(s: Standings, fmt: str) -> bytes:
    if fmt == "trf":
        return to_trf(s)
    text = {"table": to_table, "json": to_json, "csv": to_csv}[fmt](s)
    return text.encode("utf-8")
