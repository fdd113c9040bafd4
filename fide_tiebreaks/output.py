"""Presenting standings: table, JSON, CSV and TRF. Presentation only; nothing is computed here."""

from __future__ import annotations

import io
import json
from fractions import Fraction
from json.encoder import encode_basestring
from typing import Any

from .diagnostics import printable
from .numbers import exact_str
from .standings import Standings
from .teams import team_view
from .trf.writer import with_ranks

_ENCODER = json.JSONEncoder(ensure_ascii=False)
FORMATS = ("table", "json", "csv", "trf", "xml", "html", "chess-json")


def _team_scores(s: Standings) -> tuple[dict[int, Fraction], dict[int, Fraction]]:
    mp = {p.id: p.points for p in team_view(s.tournament, "MP").participants}
    gp = {p.id: p.points for p in team_view(s.tournament, "GP").participants}
    return mp, gp


def to_dict(s: Standings, *, rows: bool = True) -> dict[str, Any]:
    """The JSON shape documented in docs/tutorial.md; every number is an exact string.
    Without *rows*, the ``tournament`` part alone."""
    t = s.tournament
    codes = s.codes
    if t.team is not None:
        return _team_dict(s)
    head = {
        "tournament": {
            "name": t.name,
            "rounds": t.rounds,
            "edition": s.edition.name,
            "kind": "individual",
            "type": t.type.value,
            "tiebreaks": codes,
            "end_date": t.end_date.isoformat() if t.end_date else None,
        },
    }
    if not rows:
        return head
    return {
        **head,
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


def _team_dict(s: Standings) -> dict[str, Any]:
    t = s.tournament
    mp, gp = _team_scores(s)
    return {
        "tournament": {
            "name": t.name, "rounds": t.rounds, "edition": s.edition.name, "kind": "team",
            "type": t.type.value, "primary": t.team.primary if t.team else "MP",
            "tiebreaks": s.codes, "end_date": t.end_date.isoformat() if t.end_date else None,
        },
        "standings": [
            {
                "rank": row.rank, "team": row.participant.id, "name": row.participant.name,
                "match_points": exact_str(mp[row.participant.id]),
                "game_points": exact_str(gp[row.participant.id]),
                "points": exact_str(row.participant.points),
                "tiebreaks": {c: _text(v) for c, v in zip(s.codes, row.values, strict=True)},
            }
            for row in s.rows
        ],
    }  # fmt: skip


def _text(value: Fraction | None) -> str | None:
    return None if value is None else exact_str(value)


def to_json(s: Standings) -> str:
    """:func:`to_dict` as JSON, one standings row per line: readable and diffable."""
    if s.tournament.team is not None:
        data = to_dict(s)
        rows = [_ENCODER.encode(r) for r in data.pop("standings")]
    else:
        data = to_dict(s, rows=False)
        rows = _individual_rows(s)
    head = _ENCODER.encode(data)[:-1]
    body = ",\n".join(rows)
    return f'{head}, "standings": [\n{body}\n]}}\n'


def _individual_rows(s: Standings) -> list[str]:
    """The rows of :func:`to_dict` as json.dumps writes them, made directly: encoding a
    dictionary per row costs json a new encoder each time, twice the time of the rest of a
    large event's output. Strings go through json's own C escaping; exact numbers are
    digits, '.', '/' and '-' only. tests/test_standings.py holds this to json.dumps."""
    quote = encode_basestring
    # Tie-break values are mostly shared objects (numbers.from_units caches them): their
    # text is made once per object. Keyed by id, as the rows keep every value alive.
    texts: dict[int, str] = {id(None): "null"}

    def text(value: Fraction | None) -> str:
        made = texts[id(value)] = f'"{exact_str(value)}"' if value is not None else "null"
        return made

    def either(value: str) -> str:
        return quote(value) if value else "null"

    keys = [quote(code) for code in s.codes]
    out = []
    for row in s.rows:
        p = row.participant
        tiebreaks = ", ".join([f"{k}: {texts.get(id(v)) or text(v)}"
                               for k, v in zip(keys, row.values, strict=True)])  # fmt: skip
        out.append(
            f'{{"rank": {row.rank}, "start_rank": {p.id}, "name": {quote(p.name)}, '
            f'"fide_id": {either(p.fide_id)}, "federation": {either(p.federation)}, '
            f'"rating": {"null" if p.rating is None else p.rating}, '
            f'"points": {texts.get(id(p.points)) or text(p.points)}, '
            f'"tiebreaks": {{{tiebreaks}}}}}'
        )
    return out


def _cell(text: str) -> str:
    """Neutralise text a spreadsheet would run as a formula (CSV injection)."""
    return "'" + text if text[:1] in ("=", "+", "-", "@", "\t", "\r") else text


def to_csv(s: Standings) -> str:
    import csv  # only here: most runs write JSON or a table

    buf = io.StringIO()
    w = csv.writer(buf, lineterminator="\n")
    if s.tournament.team is not None:
        mp, gp = _team_scores(s)
        w.writerow(["rank", "team", "name", "match_points", "game_points", "points", *s.codes])
        for row in s.rows:
            p = row.participant
            w.writerow([row.rank, p.id, _cell(p.name), exact_str(mp[p.id]), exact_str(gp[p.id]),
                        exact_str(p.points), *(_text(v) or "" for v in row.values)])  # fmt: skip
        return buf.getvalue()
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
    if t.team is not None:
        mp, gp = _team_scores(s)
        head = ["Rank", "No", "Team", "MP", "GP", *s.codes]
        body = [
            [str(row.rank), str(row.participant.id), printable(row.participant.name[:32]),
             exact_str(mp[row.participant.id]), exact_str(gp[row.participant.id]),
             *(_text(v) or "-" for v in row.values)]
            for row in s.rows
        ]  # fmt: skip
        return _layout(s, head, body, left={2})
    body = [
        [
            str(row.rank),
            str(row.participant.id),
            printable(row.participant.name[:32]),
            printable(row.participant.federation),
            str(row.participant.rating or ""),
            exact_str(row.participant.points),
            *(_text(v) or "-" for v in row.values),
        ]
        for row in s.rows
    ]
    return _layout(s, head, body, left={2, 3})


def _layout(s: Standings, head: list[str], body: list[list[str]], left: set[int]) -> str:
    t = s.tournament
    widths = [max(len(r[i]) for r in [head, *body]) for i in range(len(head))]

    def line(cells: list[str]) -> str:
        return "  ".join(
            c.ljust(w) if i in left else c.rjust(w)
            for i, (c, w) in enumerate(zip(cells, widths, strict=True))
        ).rstrip()

    title = t.name or (t.source.path if t.source else "tournament")
    kind = f"team {t.type.value} ({t.team.primary} first)" if t.team else t.type.value
    info = (
        f"{kind}, {t.rounds} rounds; edition {s.edition.name} "
        f"({s.edition.citation}); tie-breaks {', '.join(s.codes) or 'none'}"
    )
    return "\n".join([printable(title), info, "", line(head), *(line(r) for r in body)]) + "\n"


def to_trf(s: Standings) -> bytes:
    if s.tournament.source is None:
        raise ValueError("TRF output needs a tournament read from a TRF file")
    ranks = {row.participant.id: row.rank for row in s.rows}
    return with_ranks(s.tournament.source, ranks, s.codes, teams=s.tournament.team is not None)


def render(s: Standings, fmt: str, options: dict[str, Any] | None = None) -> bytes:
    """*s* in one of :data:`FORMATS`; *options* reach the tie-breaks' explanations (html)."""
    if fmt == "trf":
        return to_trf(s)
    if fmt == "html":
        from .html import standings_html

        return standings_html(s, options)
    if fmt == "xml":
        from .xmlformat import standings_xml

        return standings_xml(s)
    if fmt == "chess-json":
        from .chessjson import dumps, event

        ranking = [(row.participant.id, row.rank, row.values) for row in s.rows]
        return dumps(event(s.tournament, ranking, s.codes)).encode("utf-8")
    text = {"table": to_table, "json": to_json, "csv": to_csv}[fmt](s)
    return text.encode("utf-8")
