"""Standings as a text table for the terminal."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from ..diagnostics import counted, printable
from ..numbers import exact_or_none, exact_str
from ..standings import Standings
from .after_list import lines

if TYPE_CHECKING:
    from ..categories import Category


def to_table(s: Standings, categories: Sequence[Category] = ()) -> str:
    return _overall(s) + "".join(_category(s, c) for c in categories)


def _category(s: Standings, c: Category) -> str:
    """One category's section: its definition, then place, overall rank, number, name, points."""
    from .category_sections import rows  # only with --category

    body = [[r[0], r[1], r[2], printable(r[3][:32]), r[4]] for r in rows(s, c)]
    head = ["Place", "Rank", "SNo", "Name", "Pts"]
    widths = [max(len(r[i]) for r in [head, *body]) for i in range(len(head))]
    lines = [
        "  ".join(
            x.ljust(w) if i == 3 else x.rjust(w)
            for i, (x, w) in enumerate(zip(r, widths, strict=True))
        ).rstrip()
        for r in [head, *body]
    ]
    return "\n".join(["", printable(f"Category {c.name} ({c.text})"), *lines]) + "\n"


def _overall(s: Standings) -> str:
    t = s.tournament
    head = ["Rank", "SNo", "Name", "Fed", "Rtg", "Pts", *s.codes]
    if t.team is not None:
        from ..teams import team_scores  # team events only

        mp, gp = team_scores(s.tournament)
        head = ["Rank", "No", "Team", "MP", "GP", *s.codes]
        body = [
            [
                str(row.rank),
                str(row.participant.id),
                printable(row.participant.name[:32]),
                exact_str(mp[row.participant.id]),
                exact_str(gp[row.participant.id]),
                *(exact_or_none(v) or "-" for v in row.values),
            ]
            for row in s.rows
        ]
        return _layout(s, head, body, left={2})
    body = [
        [
            str(row.rank),
            str(row.participant.id),
            printable(row.participant.name[:32]),
            printable(row.participant.federation),
            str(row.participant.rating or ""),
            exact_str(row.participant.points),
            *(exact_or_none(v) or "-" for v in row.values),
        ]
        for row in s.rows
    ]
    return _layout(s, head, body, left={2, 3})


def _own_rules(s: Standings) -> str:
    """The codes of another rulebook that keep their own edition (Tiebreak.edition) in a run
    of this one, so the heading never claims an edition a column was not computed under."""
    own: dict[str, list[str]] = {}
    for key, tb in zip(s.codes, s.tiebreaks, strict=True):
        rules = tb.edition_in(s.edition)
        if rules.name != s.edition.name:
            own.setdefault(rules.name, []).append(key)
    return "".join(
        f"; {', '.join(keys)} under edition {name} (their own rules)" for name, keys in own.items()
    )


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
        f"{kind}, {counted(t.rounds, 'round')}; edition {s.edition.name} "
        f"({s.edition.citation}); tie-breaks {', '.join(s.codes) or 'none'}{_own_rules(s)}"
    )
    after = [printable(text) for text in lines(s)]
    tail = ["", "After the tie-break list:", *(f"  {text}" for text in after)] if after else []
    return (
        "\n".join([printable(title), info, "", line(head), *(line(r) for r in body), *tail]) + "\n"
    )
