"""Sections of the HTML report beyond the standings: the rules and the tie-break list in plain
words, and the rank after each round: a table, a chart of the leaders' ranks by round, and
each participant's own chart (in their breakdown). The charts are inline SVG drawn here: no
script, no font or file fetched, and they print.

The ranks come from :func:`fide_tiebreaks.history.rank_history`; the charts put rank 1 at the
top, one column per round.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from datetime import date
from typing import Any

from lxml import etree
from lxml.builder import ElementMaker

from ..diagnostics import printable
from ..host import DEFAULT_PLUGINS
from ..standings import Standings

# Plain (namespace-less) elements: an HTML parser puts <svg> and what it holds in the SVG
# namespace by itself, and the HTML serialiser writes them as they are.
S = E = ElementMaker()

# Ten colours told apart by most readers (Okabe-Ito, then Tableau), one per leader's line.
PALETTE = (
    "#0072B2",
    "#D55E00",
    "#009E73",
    "#CC79A7",
    "#E69F00",
    "#56B4E9",
    "#000000",
    "#8C564B",
    "#7F7F7F",
    "#BCBD22",
)
LEADERS = 10  # lines in the overview chart: more would be unreadable

History = Mapping[int, Sequence[int | None]]


def _t(text: object) -> str:
    return printable(str(text))


def _day(d: date) -> str:
    return f"{d.day} {d.strftime('%B')} {d.year}"


def edition_words(
    edition: Any, end: date | None, in_force: Any, periods: Sequence[Any], *, ended: bool = True
) -> str:
    """Which rules these are and why they apply to this tournament, in a sentence or two.
    *in_force* is the edition the program picks by itself for *end* (the one in force, else
    the newest installed); *end* is the start date when not *ended* (``--edition-by
    start``)."""
    text = f"Rules: {edition.title} ({edition.name}, cited as {edition.citation})."
    when = "ended" if ended else "started"
    chosen = edition.name != in_force.name  # chosen by name, not by the date
    if end is None:
        if chosen:
            return text + " The file gives no end date; these rules were chosen by name."
        return text + (
            " The file gives no end date, so it cannot say which rules were in "
            "force: these are the newest (another can be chosen with --edition)."
        )
    if edition.in_force(end):
        return text + f" They were in force when the tournament {when}, on {_day(end)}."
    period = next(
        (
            p
            for p in periods
            if (p.start is None or p.start <= end) and (p.end is None or end <= p.end)
        ),
        None,
    )
    was = f", when {period.name} was in force" if period is not None else ""
    why = "chosen by name" if chosen else "used because that edition is not installed"
    return text + f" The tournament {when} on {_day(end)}{was}; these rules were {why}."


BUILT_IN = frozenset(name.rsplit(".", 1)[1] for name in DEFAULT_PLUGINS)


def cite(tb: Any, citation: str) -> str:
    """Where a tie-break's rule is written: a built-in's article in the edition in use
    (``C.07 (2024) 8.1``); a plugin's ``article`` as the plugin writes it, else nothing,
    since the edition's rules say nothing of a plugin's own code."""
    if not tb.article:
        return ""
    return f"{citation} {tb.article}" if tb.provider in BUILT_IN else str(tb.article)


def tiebreak_words(spec: Any, tb: Any, modifiers: str, citation: str) -> str:
    """One tie-break of the list in words: its code and name, its modifiers, what it
    measures, its article, and which way is better."""
    text = f"{spec.code}: {tb.name}" + (f", {modifiers}" if modifiers else "")
    text += f". {tb.description.rstrip('.')}." if tb.description else "."
    if cite(tb, citation):
        text += f" {cite(tb, citation)}."
    better = tb.lower_is_better != spec.reverse
    return text + (" Lower is better." if better else " Higher is better.")


def _nice_ticks(top: int) -> list[int]:
    """Rank 1 and a few round numbers up to *top*, for the y axis."""
    step = next(
        s for s in (1, 2, 5, 10, 20, 50, 100, 200, 500, 1000, 2000, 5000, 10**9) if top / s <= 6
    )
    return sorted({1, *range(step, top + 1, step)})


def _frame(
    width: int, height: int, rounds: int, top: int, left: int, right: int, label: str
) -> tuple[etree._Element, list[float], float, float]:
    """An <svg> with the grid: rounds across, ranks 1..*top* down. Returns the element, the
    x of each round, the y of rank 1 and the height of one rank."""
    pad_top, pad_bottom = 14, 26
    inner_w = width - left - right
    xs = [
        left + (inner_w * i / max(rounds - 1, 1) if rounds > 1 else inner_w / 2)
        for i in range(rounds)
    ]
    y1 = pad_top
    per_rank = (height - pad_top - pad_bottom) / max(top - 1, 1)
    svg = S.svg(
        S.title(_t(label)),
        width=str(width),
        height=str(height),
        viewBox=f"0 0 {width} {height}",
        role="img",
        **{"aria-label": _t(label), "font-family": "system-ui, sans-serif", "font-size": "11"},
    )
    grid = S.g(stroke="#ddd", **{"stroke-width": "1"})
    for rank in _nice_ticks(top):
        y = y1 + (rank - 1) * per_rank
        grid.append(S.line(x1=str(left), x2=str(width - right), y1=f"{y:.1f}", y2=f"{y:.1f}"))
        svg.append(
            S.text(
                str(rank),
                x=str(left - 6),
                y=f"{y + 4:.1f}",
                **{"text-anchor": "end", "fill": "#555"},
            )
        )
    for i, x in enumerate(xs):
        grid.append(
            S.line(x1=f"{x:.1f}", x2=f"{x:.1f}", y1=str(y1), y2=f"{y1 + (top - 1) * per_rank:.1f}")
        )
        svg.append(
            S.text(
                f"R{i + 1}",
                x=f"{x:.1f}",
                y=str(height - 8),
                **{"text-anchor": "middle", "fill": "#555"},
            )
        )
    svg.insert(1, grid)
    return svg, xs, y1, per_rank


def _line(
    ranks: Sequence[int | None],
    xs: list[float],
    y1: float,
    per_rank: float,
    colour: str,
    title: str,
    width: str = "2.5",
) -> etree._Element:
    """One participant's ranks as a polyline with a dot per round (a round that could not be
    ranked leaves a gap)."""
    group = S.g(S.title(_t(title)), stroke=colour, fill=colour, **{"class": "rank-line"})
    segment: list[str] = []
    for x, rank in zip(xs, ranks, strict=True):
        if rank is None:
            if len(segment) > 1:
                group.append(
                    S.polyline(points=" ".join(segment), fill="none", **{"stroke-width": width})
                )
            segment = []
            continue
        y = y1 + (rank - 1) * per_rank
        segment.append(f"{x:.1f},{y:.1f}")
        group.append(
            S.circle(
                S.title(_t(f"{title}: rank {rank}")),
                cx=f"{x:.1f}",
                cy=f"{y:.1f}",
                r="3.5",
                stroke="none",
            )
        )
    if len(segment) > 1:
        group.append(S.polyline(points=" ".join(segment), fill="none", **{"stroke-width": width}))
    return group


def leaders_chart(s: Standings, history: History) -> etree._Element:
    """The final top :data:`LEADERS`' rank by round, each line labelled with its name."""
    rows = s.rows[:LEADERS]
    rounds = s.tournament.rounds
    top = max([r for row in rows for r in history[row.participant.id] if r is not None] + [2])
    height = max(220, min(520, 40 + 22 * min(top, 20)))
    svg, xs, y1, per_rank = _frame(
        760, height, rounds, top, 40, 190, f"Rank after each round of the top {len(rows)}"
    )
    labels: list[tuple[float, str, str]] = []
    for i, row in enumerate(rows):
        p = row.participant
        colour = PALETTE[i % len(PALETTE)]
        svg.append(_line(history[p.id], xs, y1, per_rank, colour, f"{p.name} (#{p.id})"))
        last = next((r for r in reversed(history[p.id]) if r is not None), row.rank)
        labels.append((y1 + (last - 1) * per_rank, f"{row.rank}. {p.name}", colour))
    # Names at the right, moved apart where places are shared.
    placed: list[float] = []
    for y, text, colour in sorted(labels):
        y = max(y, placed[-1] + 13) if placed else y
        placed.append(y)
        svg.append(S.text(_t(text), x=str(760 - 190 + 10), y=f"{y + 4:.1f}", fill=colour))
    return svg


def participant_chart(s: Standings, ranks: Sequence[int | None], name: str) -> etree._Element:
    """One participant's rank by round, the rank written at each point."""
    known = [r for r in ranks if r is not None]
    top = max([*known, 2])
    svg, xs, y1, per_rank = _frame(
        max(320, 60 + 48 * len(ranks)),
        180,
        len(ranks),
        top,
        40,
        20,
        f"Rank of {name} after each round",
    )
    svg.append(_line(ranks, xs, y1, per_rank, PALETTE[0], name, "2"))
    for x, rank in zip(xs, ranks, strict=True):
        if rank is not None:
            y = y1 + (rank - 1) * per_rank
            svg.append(S.text(str(rank), x=f"{x + 5:.1f}", y=f"{y - 6:.1f}", fill="#333"))
    return svg


def rounds_table(s: Standings, history: History) -> etree._Element:
    """Rank after each round, in the order of the final standings."""
    rounds = range(1, s.tournament.rounds + 1)
    head = E.tr(
        E.th("Rank", scope="col"),
        E.th("No", scope="col"),
        E.th("Name", scope="col"),
        *[E.th(f"R{r}", scope="col") for r in rounds],
    )
    body = []
    for row in s.rows:
        p = row.participant
        body.append(
            E.tr(
                E.td(str(row.rank), {"class": "n"}),
                E.td(str(p.id), {"class": "n"}),
                E.th(E.a(_t(p.name), href=f"#p-{p.id}"), scope="row"),
                *[E.td("-" if r is None else str(r), {"class": "n"}) for r in history[p.id]],
            )
        )
    return E.table(
        E.caption("Rank after each round (the same tie-breaks, on the games played so far)"),
        E.thead(head),
        E.tbody(*body),
        id="rank-by-round",
    )
