"""Standings as JSON: the shape documented in docs/tutorial.md, every number an exact string."""

from __future__ import annotations

import json
from fractions import Fraction
from itertools import chain
from json.encoder import encode_basestring
from typing import TYPE_CHECKING, Any

from ..numbers import exact_or_none, exact_str
from ..standings import Standings
from .after_list import as_dict
from .jsonkeys import escaped

if TYPE_CHECKING:
    from collections.abc import Callable, Sequence

    from ..categories import Category

_ENCODER = json.JSONEncoder(ensure_ascii=False)


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
        "missing": missing(s),
    }
    after = as_dict(s)
    if after is not None:
        head["after_list"] = after
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
                "tiebreaks": {c: exact_or_none(v) for c, v in zip(codes, row.values, strict=True)},
            }
            for row in s.rows
        ],
    }


def missing(s: Standings) -> list[dict[str, str]]:
    """The requested codes left out, with why and whether a rule or a failure did it."""
    return [{"code": m.code, "reason": m.reason, "kind": m.kind} for m in s.missing]


def _team_dict(s: Standings) -> dict[str, Any]:
    from ..teams import team_scores  # team events only

    t = s.tournament
    mp, gp = team_scores(s.tournament)
    after = as_dict(s)
    out: dict[str, Any] = {
        "tournament": {
            "name": t.name,
            "rounds": t.rounds,
            "edition": s.edition.name,
            "kind": "team",
            "type": t.type.value,
            "primary": t.team.primary if t.team else "MP",
            "tiebreaks": s.codes,
            "end_date": t.end_date.isoformat() if t.end_date else None,
        },
        "missing": missing(s),
        "standings": [
            {
                "rank": row.rank,
                "team": row.participant.id,
                "name": row.participant.name,
                "match_points": exact_str(mp[row.participant.id]),
                "game_points": exact_str(gp[row.participant.id]),
                "points": exact_str(row.participant.points),
                "tiebreaks": {
                    c: exact_or_none(v) for c, v in zip(s.codes, row.values, strict=True)
                },
            }
            for row in s.rows
        ],
    }
    if after is not None:
        out = {"tournament": out["tournament"], "after_list": after, "standings": out["standings"]}
    return out


def to_json(s: Standings, categories: Sequence[Category] = ()) -> str:
    """:func:`to_dict` as JSON, one standings row per line: readable and diffable; with
    *categories*, a ``categories`` part after the standings."""
    if s.tournament.team is not None:
        data = to_dict(s)
        rows = [_ENCODER.encode(r) for r in data.pop("standings")]
    else:
        data = to_dict(s, rows=False)
        rows = _individual_rows(s)
    head = _ENCODER.encode(data)[:-1]
    body = ",\n".join(rows)
    tail = ""
    if categories:
        from .category_sections import as_dicts  # only with --category

        sections = ",\n".join(_ENCODER.encode(c) for c in as_dicts(s, categories))
        tail = f', "categories": [\n{sections}\n]'
    return escaped(f'{head}, "standings": [\n{body}\n]{tail}}}\n')


def _individual_rows(s: Standings) -> list[str]:
    """The rows of :func:`to_dict` as json.dumps writes them, made directly: encoding a
    dictionary per row costs json a new encoder each time, twice the time of the rest of a
    large event's output. Strings go through json's own C escaping; exact numbers are
    digits, '.', '/' and '-' only. tests/test_standings.py holds this to json.dumps."""
    quote = encode_basestring
    text_of = _value_texts(s)
    keys = [f"{quote(code)}: " for code in s.codes]
    out = []
    for row in s.rows:
        p = row.participant
        tiebreaks = ", ".join(map(str.__add__, keys, map(text_of, map(id, row.values))))
        out.append(
            f'{{"rank": {row.rank}, "start_rank": {p.id}, "name": {quote(p.name)}, '
            f'"fide_id": {quote(p.fide_id) if p.fide_id else "null"}, '
            f'"federation": {quote(p.federation) if p.federation else "null"}, '
            f'"rating": {"null" if p.rating is None else p.rating}, '
            f'"points": {text_of(id(p.points))}, '
            f'"tiebreaks": {{{tiebreaks}}}}}'
        )
    return out


def _value_texts(s: Standings) -> Callable[[int], str]:
    """The JSON text of every tie-break value and score of *s*, by the value's id: the
    values are mostly shared objects (numbers.from_units caches them), so each distinct
    object is written once, and the rows look them up in C. Keyed by id, as the rows keep
    every value alive."""
    values: list[Fraction | None] = [row.participant.points for row in s.rows]
    values += chain.from_iterable(row.values for row in s.rows)
    distinct = dict(zip(map(id, values), values, strict=True))
    texts = {
        key: "null" if value is None else f'"{exact_str(value)}"' for key, value in distinct.items()
    }
    return texts.__getitem__
