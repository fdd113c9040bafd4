"""``standings --format html``: one self-contained page (no network assets; works offline and
printed) with the standings, the rules and the tie-breaks in plain words, the rank after each
round, the crosstable and every participant's breakdown one click away.

Written as text, piece by piece, into one buffer: every text and attribute value goes
through :func:`esc` (HTML-escaped; control characters become U+FFFD, they cannot appear in
HTML), and markup comes only from the templates here; the small, bounded sections (the rules
in words, the rank-after-each-round table and charts of html_sections, which exist only for
events of bounded size) are built with lxml's element tree and serialised as they are
written. Memory is the page's bytes plus one participant's breakdown at a time; the
breakdowns hold at most :data:`MAX_REPORT_ROWS` rows of working, and a table shared by
several breakdowns (DE's mini-table of a tied group) is written once, in the first of them,
and linked from the others: a 2,000-player tie would otherwise write the same 2,000 x 2,000
table 2,000 times.
"""

from __future__ import annotations

import html
import io
from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import TYPE_CHECKING, Any

from lxml import etree
from lxml.builder import E

from ..codes import TiebreakSpec
from ..diagnostics import counted, printable
from ..editions import PERIODS
from ..explain import Explanation, Step, Table, explain_row, matches
from ..model import Colour, ResultKind
from ..numbers import exact_str
from ..standings import Standings
from ..teams import team_scores
from . import after_list
from .category_sections import rows as category_rows

if TYPE_CHECKING:
    from ..categories import Category

CSS = """
body { font: 15px/1.4 system-ui, sans-serif; margin: 1.5rem; color: #111; }
table { border-collapse: collapse; margin: 0.5rem 0 1.5rem; }
th, td { border: 1px solid #bbb; padding: 0.2rem 0.5rem; }
thead th { background: #eee; }
tbody th { text-align: left; font-weight: normal; }
nav a { margin-right: 1rem; }
.about { max-width: 50rem; }
svg { display: block; margin: 0.5rem 0 1rem; max-width: 100%; height: auto; }
td.n { text-align: right; font-variant-numeric: tabular-nums; }
caption { text-align: left; font-weight: bold; padding: 0.3rem 0; }
details { margin: 0.4rem 0; }
details[open] { border-left: 3px solid #36c; padding-left: 0.6rem; }
summary { cursor: pointer; }
a { color: #236; }
.removed { color: #777; text-decoration: line-through; }
@media print { details { break-inside: avoid; } a { color: inherit; text-decoration: none; } }
"""

# Opens the breakdown a link points to (and all of them for printing). The page works
# without it: every breakdown is a <details> element.
SCRIPT = """
function openTarget() {
  var d = location.hash && document.getElementById(location.hash.slice(1));
  if (d && d.tagName === "DETAILS") { d.open = true; d.scrollIntoView(); }
}
window.addEventListener("hashchange", openTarget);
window.addEventListener("DOMContentLoaded", openTarget);
window.addEventListener("beforeprint", function () {
  document.querySelectorAll("details").forEach(function (d) { d.open = true; });
});
"""


def _t(text: object) -> str:
    """Text for an lxml element (lxml escapes it): control characters replaced."""
    return printable(str(text))


def _html(element: etree._Element) -> str:
    """A bounded section built with lxml, as HTML text."""
    return etree.tostring(element, method="html", encoding="unicode")


def esc(text: object) -> str:
    """*text* as HTML text or attribute value: escaped, control characters replaced."""
    text = str(text)
    done = _ESCAPED.get(text)
    if done is None:
        if len(_ESCAPED) > 100_000:  # remembered for the texts a report repeats; bounded
            _ESCAPED.clear()
        done = _ESCAPED[text] = html.escape(printable(text))
    return done


_ESCAPED: dict[str, str] = {}
_EXACT: dict[tuple[int, int], str] = {}


def _exact(value: Any) -> str:
    """exact_str, remembered: a report writes the same few values hundreds of thousands of
    times (keyed by numerator and denominator: hashing a Fraction is slow)."""
    if type(value) is int:
        return str(value)
    key = (value.numerator, value.denominator)
    done = _EXACT.get(key)
    if done is None:
        if len(_EXACT) > 100_000:
            _EXACT.clear()
        done = _EXACT[key] = exact_str(value)
    return done


def _modifiers(spec: TiebreakSpec) -> str:
    """The modifiers of a code in words, with their articles (C.07 Art. 14)."""
    parts = []
    if spec.score:
        parts.append(f"on {spec.score}")
    if spec.cut:
        parts.append(f"without the {spec.cut} lowest (Cut, 14.1)")
    if spec.median:
        parts.append(f"without the {spec.median} highest and lowest (Median, 14.3)")
    if spec.limit is not None:
        parts.append(f"limit moved by {spec.limit} half points (14.5)")
    if spec.factor is not None:
        parts.append(f"factor {exact_str(spec.factor)}")
    if spec.forfeits_as_played:
        parts.append("forfeits counted as played (/P)")
    if spec.fore:
        parts.append("Fore Buchholz (/F)")
    if spec.reverse:
        parts.append("reverse order (/R)")
    return "; ".join(parts)


def _num(value: Any) -> str:
    return "-" if value is None else _exact(value)


Write = Callable[[str], None]  # appends text to the page
COL, NUM = ' scope="col"', ' class="n"'  # attributes, written as they are


def _cells(tag: str, texts: Iterable[str], attrs: str = "") -> str:
    return "".join(f"<{tag}{attrs}>{esc(x)}</{tag}>" for x in texts)


def _head_row(texts: Iterable[str]) -> str:
    return f"<tr>{_cells('th', texts, COL)}</tr>"


def standings_html(
    s: Standings, options: Mapping[str, Any] | None = None, categories: Sequence[Category] = ()
) -> bytes:
    from ..history import rank_history, too_large

    out = io.BytesIO()

    def write(text: str) -> None:
        out.write(text.encode("utf-8"))

    _page_head(s, write)
    _standings(s, write)
    _after_list(s, write)
    _categories(s, categories, write)
    _tiebreak_list(s, write)
    write('<h2 id="rounds">Rank after each round</h2>')
    history = rank_history(s, options)
    for element in _rounds_section(s, history, too_large(s)):
        write(_html(element))
    write('<h2 id="crosstable">Crosstable</h2>')
    _crosstable(s, write)
    write(
        '<h2 id="breakdowns">Breakdowns</h2><p>Each participant\'s rank after each round '
        "and tie-breaks, round by round. Select a name to open it.</p>"
    )
    _breakdowns(s, options, write, history)
    write("</body></html>")
    return out.getvalue()


def _page_head(s: Standings, write: Write) -> None:
    """The document head, the title, the event and its rules in words, and the page's links."""
    t = s.tournament
    title = esc(t.name or "Standings")
    e = s.edition
    write(
        f'<!DOCTYPE html>\n<html lang="en"><head><meta charset="utf-8">'
        f'<meta name="viewport" content="width=device-width, initial-scale=1">'
        f"<title>{title}</title><style>{CSS}</style><script>{SCRIPT}</script></head><body>"
        f"<h1>{title}</h1>"
    )
    kind = f"Team {t.type.value}" if t.team is not None else t.type.value.capitalize()
    codes = ", ".join(s.codes) or "none"
    about = (
        f"{kind}, {counted(t.rounds, 'round')}. Rules: {e.name} ({e.citation}). "
        "Tie-breaks, in order: "
    )
    write(f"<p>{esc(about + codes)}.</p>")
    for element in _about(s):
        write(_html(element))
    write(
        '<nav><a href="#standings">Standings</a><a href="#tie-breaks">Tie-breaks</a>'
        '<a href="#rounds">Rank after each round</a><a href="#crosstable">Crosstable</a>'
        '<a href="#breakdowns">Breakdowns</a></nav><p>Select a name for the participant\'s '
        "rank after each round and the working of each tie-break.</p>"
    )


def _after_list(s: Standings, write: Write) -> None:
    """What decides past the tie-break list, if anything is left tied (after_list.lines)."""
    after = after_list.lines(s)
    if after:
        items = "".join(f"<li>{esc(text)}</li>" for text in after)
        write(f'<h2 id="after-list">After the tie-break list</h2><ul>{items}</ul>')


def _categories(s: Standings, categories: Sequence[Category], write: Write) -> None:
    """One table per category asked for: its places, with the overall rank beside."""
    for n, c in enumerate(categories, start=1):
        write(f'<h2 id="category-{n}">Category {esc(c.name)}</h2><p>{esc(c.text)}</p>')
        body = "".join(f"<tr>{_cells('td', r)}</tr>" for r in category_rows(s, c))
        write(
            f"<table><thead><tr>{_cells('th', ['Place', 'Rank', 'No', 'Name', 'Pts'])}"
            f"</tr></thead><tbody>{body}</tbody></table>"
        )


def _tiebreak_list(s: Standings, write: Write) -> None:
    """Each tie-break in order: its name, article, modifiers and description."""
    from .html_sections import cite

    write('<h2 id="tie-breaks">Tie-breaks</h2><dl>')
    for spec, tb, code in zip(s.specs, s.tiebreaks, s.codes, strict=True):
        where = cite(tb, s.edition.citation)
        text = (
            tb.name
            + (f": {where}" if where else "")
            + (f", {_modifiers(spec)}" if _modifiers(spec) else "")
            + "."
            + (f" {tb.description}" if tb.description else "")
            + (" Lower is better." if tb.lower_is_better != spec.reverse else "")
        )
        write(f'<dt><abbr title="{esc(tb.name)}">{esc(code)}</abbr></dt><dd>{esc(text)}</dd>')
    write("</dl>")


def _standings(s: Standings, write: Write) -> None:
    t = s.tournament
    team = t.team is not None
    head = ["Rank", "No", "Team" if team else "Name"]
    head += ["MP", "GP"] if team else ["Fed", "Rtg", "Pts"]
    codes = "".join(
        f'<th scope="col"><abbr title="{esc(tb.name)}">{esc(c)}</abbr></th>'
        for c, tb in zip(s.codes, s.tiebreaks, strict=True)
    )
    write(
        f'<table id="standings"><caption>Standings</caption><thead><tr>'
        f"{_cells('th', head, COL)}{codes}</tr></thead><tbody>"
    )
    if team:
        mp, gp = team_scores(t)
    decided = after_list.by_participant(s)
    for row in s.rows:
        p = row.participant
        how = decided.get(p.id)
        mark = f" <small>({esc(how)})</small>" if how else ""
        cells = (
            f'<td class="n">{row.rank}</td><td class="n">{p.id}</td>'
            f'<th scope="row"><a href="#p-{p.id}">{esc(p.name)}</a>{mark}</th>'
        )
        if team:
            cells += f'<td class="n">{_exact(mp[p.id])}</td><td class="n">{_exact(gp[p.id])}</td>'
        else:
            cells += (
                f'<td>{esc(p.federation)}</td><td class="n">{p.rating or ""}</td>'
                f'<td class="n">{_exact(p.points)}</td>'
            )
        cells += "".join(f'<td class="n">{_num(v)}</td>' for v in row.values)
        write(f"<tr>{cells}</tr>")
    write("</tbody></table>")


def _about(s: Standings) -> list[etree._Element]:
    """The rules and the tie-break list in plain words, for a reader who knows neither."""
    from .html_sections import edition_words, tiebreak_words

    t = s.tournament
    who = "teams" if t.team is not None else "players"
    score = "points"
    if t.team is not None:
        score = "match points" if t.team.primary == "MP" else "game points"
    steps = [
        E.li(_t(tiebreak_words(spec, tb, _modifiers(spec), s.edition.citation)))
        for spec, tb in zip(s.specs, s.tiebreaks, strict=True)
    ]
    if steps:
        order = [
            E.p(
                _t(
                    f"The {who} are ranked on {score} first. Those with equal {score} "
                    "are separated by these tie-breaks, taken in order: the next one is "
                    "used only for those still equal."
                )
            ),
            E.ol(*steps),
            E.p(_t(f"{who.capitalize()} equal on all of them share the place (C.07 4.2).")),
        ]
    else:
        order = [
            E.p(
                _t(
                    f"The {who} are ranked on {score} alone: no tie-break was given, so "
                    f"{who} with equal {score} share the place."
                )
            )
        ]
    from ..editions import choose_edition
    from ..host import registry

    installed = list(registry().editions.values())
    by = s.edition_by
    in_force = (
        choose_edition(installed, t.end_date, start=t.start_date, by=by).edition
        if installed
        else s.edition
    )
    day, ended = (t.start_date, False) if by == "start" and t.start_date else (t.end_date, True)
    return [
        E.div(
            E.p(_t(edition_words(s.edition, day, in_force, PERIODS, ended=ended))),
            *order,
            {"class": "about"},
        )
    ]


def _rounds_section(s: Standings, history: Any, why_not: str | None) -> list[etree._Element]:
    from .html_sections import leaders_chart, rounds_table

    if history is None:
        return [E.p(_t(f"Not shown for this event: {why_not}."))]
    return [
        E.p(
            "Each line is one of the leaders after the last round; rank 1 is at the top. "
            "Each participant's own chart is in their breakdown (select a name)."
        ),
        leaders_chart(s, history),
        rounds_table(s, history),
    ]


def _round_cell(game: Any) -> str:
    if game.kind is ResultKind.NOT_PAIRED:
        return ""
    letter = "-" if game.kind is ResultKind.DOUBLE_FORFEIT else game.kind.value
    if game.opponent:
        colour = game.colour.value if game.colour is not Colour.NONE else ""
        return f"{game.opponent}{colour} {letter}"
    return letter


def _crosstable(s: Standings, write: Write) -> None:
    t = s.tournament
    rounds = range(1, t.rounds + 1)
    note = (
        "Each cell: the opponent team and the game points scored."
        if t.team is not None
        else "Each cell: the opponent's number, the colour and the TRF result code."
    )
    write(
        f"<table><caption>{esc(note)}</caption><thead>"
        f"{_head_row(['No', 'Name', *(f'R{r}' for r in rounds)])}</thead><tbody>"
    )
    for p in sorted(t.participants, key=lambda p: p.id):
        if t.team is not None:
            by_round = {m.round: m for m in t.team.matches[p.id][: t.rounds]}
            cells = [
                f"{m.opponent or '-'}: {_exact(m.gp)}" if (m := by_round.get(r)) else ""
                for r in rounds
            ]
        else:
            games = {g.round: g for g in p.results}
            cells = [_round_cell(games[r]) if r in games else "" for r in rounds]
        write(
            f'<tr><td class="n">{p.id}</td><th scope="row">{esc(p.name)}</th>'
            f"{_cells('td', cells)}</tr>"
        )
    write("</tbody></table>")


LINE_HEAD = _head_row(
    (
        "Round",
        "Opponent",
        "Category",
        "Opp. score",
        "Opp. final",
        "Points",
        "Contribution",
        "Removed",
    )
)
MATCH_HEAD = _head_row(("Round", "Result", "Opponent", "Opp. MP", "Opp. GP", "MP", "GP"))


# Rows of working (round lines and table cells) the breakdowns hold at most: about 75 MB of
# page. 9,999 players x 13 rounds x 3 tie-breaks is 390,000; 99 rounds would be 3 million
# (450 MB and a minute): past the budget, a breakdown says how to get it instead.
MAX_REPORT_ROWS = 400_000


def _size(explanations: Sequence[Explanation], shown: Mapping[int, Any]) -> int:
    """Rows of working: round lines, and the cells of tables not written already."""
    return sum(
        len(ex.lines)
        + sum(
            len(st.rows) * len(st.header)
            for st in ex.steps
            if isinstance(st, Table) and id(st) not in shown
        )
        for ex in explanations
    )


def _breakdowns(
    s: Standings, options: Mapping[str, Any] | None, write: Write, history: Any = None
) -> None:
    """One <details> per participant, written as soon as it is made, within
    :data:`MAX_REPORT_ROWS` rows of working in all."""
    from .html_sections import participant_chart

    cache: dict[object, object] = {}
    shown: dict[int, tuple[Step | Table, int]] = {}  # id(table) -> (the table, where it is shown)
    budget = MAX_REPORT_ROWS
    source = s.tournament.source.path if s.tournament.source else "FILE"
    for row in s.rows:
        p = row.participant
        parts = [
            f'<details id="p-{p.id}"><summary>'
            f"{esc(f'{row.rank}. {p.name} (#{p.id}), {_exact(p.points)} points')}"
            "</summary>"
        ]
        if history is not None and s.tournament.rounds > 1:  # small events only (history.py)
            ranks = history[p.id]
            said = ", ".join(f"R{i} {'-' if r is None else r}" for i, r in enumerate(ranks, 1))
            parts.append(f"<p>{esc(f'Rank after each round: {said}.')}</p>")
            parts.append(_html(participant_chart(s, ranks, p.name)))
        explanations = explain_row(s, p.id, options=options, cache=cache) if budget > 0 else []
        budget -= _size(explanations, shown)
        if budget < 0:
            note = (
                f"This report holds at most {MAX_REPORT_ROWS} rows of working, and they are "
                f"used up: run fide-tiebreaks explain {source} {p.id} for this breakdown."
            )
            parts.append(f"<p>{esc(note)}</p></details>")
            write("".join(parts))
            continue
        team_matches = matches(s, p.id)
        if team_matches:
            parts.append(f"<table><caption>Matches</caption><thead>{MATCH_HEAD}</thead><tbody>")
            parts.extend(
                "<tr>"
                + _cells(
                    "td",
                    (
                        str(m["round"]),
                        m["result"],
                        str(m["opponent"] or "-"),
                        m["opponent_mp"] or "-",
                        m["opponent_gp"] or "-",
                        m["mp"],
                        m["gp"],
                    ),
                )
                + "</tr>"
                for m in team_matches
            )
            parts.append("</tbody></table>")
        for ex in explanations:
            _explanation(ex, p.id, shown, parts)
        parts.append("</details>")
        write("".join(parts))


def _explanation(
    ex: Explanation, pid: int, shown: dict[int, tuple[Step | Table, int]], parts: list[str]
) -> None:
    parts.append(f"<h3>{esc(f'{ex.code} = {_num(ex.value)}')}</h3>")
    if ex.note:
        parts.append(f"<p>{esc(ex.note)}</p>")
    if ex.lines:
        parts.append(f"<table><thead>{LINE_HEAD}</thead><tbody>")
        parts.extend(
            f"<tr><td>{ln.round}</td><td>{'-' if ln.opponent is None else f'#{ln.opponent}'}"
            f'</td><td>{esc(ln.category)}</td><td class="n">{_exact(ln.opponent_score)}</td>'
            f'<td class="n">{_num(ln.opponent_final)}</td><td class="n">{_exact(ln.points)}</td>'
            f'<td class="{"n removed" if ln.removed else "n"}">{_exact(ln.contribution)}</td>'
            f"<td>{esc(ln.removed)}</td></tr>"
            for ln in ex.lines
        )
        parts.append("</tbody></table>")
    parts.extend(_steps(ex.steps, pid, shown))


def _steps(
    steps: Sequence[Step | Table], pid: int, shown: dict[int, tuple[Step | Table, int]]
) -> list[str]:
    """The rest of a tie-break's working: a list of steps, and tables (a mini-table). A table
    already written in another breakdown (the same object: a group's table) is linked, and
    so are the group's steps that follow it (the same objects too)."""
    out: list[str] = []
    items: list[str] = []
    linked = False  # after a linked table: skip the steps already written with it
    for i, st in enumerate(steps):
        if isinstance(st, Step):
            if linked and id(st) in shown:
                continue
            linked = False
            items.append(f"<li>{esc(st.text)}</li>")
            continue
        if items:
            out.append(f"<ul>{''.join(items)}</ul>")
            items = []
        first = shown.get(id(st))
        if first is not None and first[1] != pid:
            out.append(
                f'<p>{esc(st.caption)}: as in the breakdown of <a href="#p-{first[1]}">'
                f"#{first[1]}</a> (the same table and the rule that orders the "
                "group).</p>"
            )
            linked = True
            continue
        shown[id(st)] = (st, pid)  # kept, so that its id is not reused
        for later in steps[i + 1 :]:  # the group's own steps, written here with its table
            if not isinstance(later, Step):
                break
            shown[id(later)] = (later, pid)
        body = "".join(
            f'<tr><th scope="row">{esc(r[0])}</th>{_cells("td", r[1:], NUM)}</tr>' for r in st.rows
        )
        out.append(
            f"<table><caption>{esc(st.caption)}</caption><thead>"
            f"{_head_row(st.header)}</thead><tbody>{body}</tbody></table>"
        )
    if items:
        out.append(f"<ul>{''.join(items)}</ul>")
    return out
