"""Standings as a text table for the terminal."""

from __future__ import annotations

from ..diagnostics import counted, printable
from ..numbers import exact_or_none, exact_str
from ..standings import Standings
from ..teams import team_scores


def to_table(s: Standings) -> str:
    t = s.tournament
    head = ["Rank", "SNo", "Name", "Fed", "Rtg", "Pts", *s.codes]
    if t.team is not None:
        mp, gp = team_scores(s.tournament)
        head = ["Rank", "No", "Team", "MP", "GP", *s.codes]
        body = [
            [str(row.rank), str(row.participant.id), printable(row.participant.name[:32]),
             exact_str(mp[row.participant.id]), exact_str(gp[row.participant.id]),
             *(exact_or_none(v) or "-" for v in row.values)]
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
            *(exact_or_none(v) or "-" for v in row.values),
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
        f"{kind}, {counted(t.rounds, 'round')}; edition {s.edition.name} "
        f"({s.edition.citation}); tie-breaks {', '.join(s.codes) or 'none'}"
    )
    return "\n".join([printable(title), info, "", line(head), *(line(r) for r in body)]) + "\n"
