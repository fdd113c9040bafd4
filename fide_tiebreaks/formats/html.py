"""``standings --format html``: one self-contained page (no network assets; works offline and
printed) with the standings, what each tie-break is, the crosstable and every participant's
breakdown one click away.

Built with lxml's element tree, so every text and attribute is escaped by construction;
control characters become U+FFFD (they cannot appear in HTML).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from lxml import etree
from lxml.builder import E

from ..codes import TiebreakSpec
from ..diagnostics import printable
from ..editions import PERIODS
from ..explain import Step, Table, explain_row, matches
from ..model import Colour, ResultKind
from ..numbers import exact_str
from ..standings import Standings
from ..teams import team_scores

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
    return printable(str(text))


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
    return "-" if value is None else exact_str(value)


def standings_html(s: Standings, options: Mapping[str, Any] | None = None) -> bytes:
    t = s.tournament
    team = t.team is not None
    title = _t(t.name or "Standings")
    e = s.edition

    legend = E.dl(*[
        item
        for spec, tb, code in zip(s.specs, s.tiebreaks, s.codes, strict=True)
        for item in (
            E.dt(E.abbr(code, title=_t(tb.name))),
            E.dd(_t(f"{tb.name}: {e.citation} {tb.article}".strip()
                    + (f", {_modifiers(spec)}" if _modifiers(spec) else "") + "."
                    + (f" {tb.description}" if tb.description else "")
                    + (" Lower is better." if tb.lower_is_better != spec.reverse else ""))),
        )
    ])  # fmt: skip

    head = ["Rank", "No", "Team" if team else "Name"]
    head += ["MP", "GP"] if team else ["Fed", "Rtg", "Pts"]
    header = E.tr(*[E.th(h, scope="col") for h in head],
                  *[E.th(E.abbr(c, title=_t(tb.name)), scope="col")
                    for c, tb in zip(s.codes, s.tiebreaks, strict=True)])  # fmt: skip
    if team:
        mp, gp = team_scores(s.tournament)
    rows = []
    for row in s.rows:
        p = row.participant
        name = E.a(_t(p.name), href=f"#p-{p.id}")
        cells = [E.td(str(row.rank), {"class": "n"}), E.td(str(p.id), {"class": "n"}),
                 E.th(name, scope="row")]  # fmt: skip
        if team:
            cells += [E.td(exact_str(mp[p.id]), {"class": "n"}),
                      E.td(exact_str(gp[p.id]), {"class": "n"})]  # fmt: skip
        else:
            cells += [E.td(_t(p.federation)), E.td(str(p.rating or ""), {"class": "n"}),
                      E.td(exact_str(p.points), {"class": "n"})]  # fmt: skip
        cells += [E.td(_num(v), {"class": "n"}) for v in row.values]
        rows.append(E.tr(*cells))
    standings = E.table(E.caption("Standings"), E.thead(header), E.tbody(*rows),
                        id="standings")  # fmt: skip

    from ..history import rank_history, too_large

    history = rank_history(s, options)
    body = [
        E.h1(title),
        E.p(_t(f"{'Team ' + t.type.value if team else t.type.value.capitalize()}, "
               f"{t.rounds} rounds. Rules: "
               f"{e.name} ({e.citation}). Tie-breaks, in order: {', '.join(s.codes) or 'none'}.")),
        *_about(s),
        E.nav(E.a("Standings", href="#standings"), E.a("Tie-breaks", href="#tie-breaks"),
              E.a("Rank after each round", href="#rounds"), E.a("Crosstable", href="#crosstable"),
              E.a("Breakdowns", href="#breakdowns")),
        E.p("Select a name for the participant's rank after each round and the working of "
            "each tie-break."),
        standings,
        E.h2("Tie-breaks", id="tie-breaks"),
        legend,
        E.h2("Rank after each round", id="rounds"),
        *_rounds_section(s, history, too_large(s)),
        E.h2("Crosstable", id="crosstable"),
        _crosstable(s),
        E.h2("Breakdowns", id="breakdowns"),
        E.p("Each participant's rank after each round and tie-breaks, round by round. Select "
            "a name to open it."),
        *_breakdowns(s, options, history),
    ]  # fmt: skip
    page = E.html(
        E.head(E.meta(charset="utf-8"),
               E.meta(name="viewport", content="width=device-width, initial-scale=1"),
               E.title(title), E.style(CSS), E.script(SCRIPT)),
        E.body(*body),
        lang="en",
    )  # fmt: skip
    return b"<!DOCTYPE html>\n" + etree.tostring(page, method="html", encoding="utf-8")


def _about(s: Standings) -> list[etree._Element]:
    """The rules and the tie-break list in plain words, for a reader who knows neither."""
    from .html_sections import edition_words, tiebreak_words

    t = s.tournament
    who = "teams" if t.team is not None else "players"
    score = "points"
    if t.team is not None:
        score = "match points" if t.team.primary == "MP" else "game points"
    steps = [E.li(_t(tiebreak_words(spec, tb, _modifiers(spec), s.edition.citation)))
             for spec, tb in zip(s.specs, s.tiebreaks, strict=True)]  # fmt: skip
    if steps:
        order = [E.p(_t(f"The {who} are ranked on {score} first. Those with equal {score} "
                        "are separated by these tie-breaks, taken in order: the next one is "
                        "used only for those still equal.")),
                 E.ol(*steps),
                 E.p(_t(f"{who.capitalize()} equal on all of them share the place (C.07 "
                        "4.2)."))]  # fmt: skip
    else:
        order = [E.p(_t(f"The {who} are ranked on {score} alone: no tie-break was given, so "
                        f"{who} with equal {score} share the place."))]  # fmt: skip
    from ..editions import choose_edition
    from ..host import registry

    installed = list(registry().editions.values())
    in_force = choose_edition(installed, t.end_date)[0] if installed else s.edition
    return [E.div(E.p(_t(edition_words(s.edition, t.end_date, in_force, PERIODS))), *order,
                  {"class": "about"})]  # fmt: skip


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


def _crosstable(s: Standings) -> etree._Element:
    t = s.tournament
    rounds = range(1, t.rounds + 1)
    head = E.tr(E.th("No", scope="col"), E.th("Name", scope="col"),
                *[E.th(f"R{r}", scope="col") for r in rounds])  # fmt: skip
    rows = []
    for p in sorted(t.participants, key=lambda p: p.id):
        if t.team is not None:
            by_round = {m.round: m for m in t.team.matches[p.id][: t.rounds]}
            cells = [
                f"{m.opponent or '-'}: {exact_str(m.gp)}" if (m := by_round.get(r)) else ""
                for r in rounds
            ]
        else:
            games = {g.round: g for g in p.results}
            cells = [_round_cell(games[r]) if r in games else "" for r in rounds]
        rows.append(E.tr(E.td(str(p.id), {"class": "n"}), E.th(_t(p.name), scope="row"),
                         *[E.td(c) for c in cells]))  # fmt: skip
    note = (
        "Each cell: the opponent team and the game points scored."
        if t.team is not None
        else "Each cell: the opponent's number, the colour and the TRF result code."
    )
    return E.table(E.caption(note), E.thead(head), E.tbody(*rows))


def _breakdowns(
    s: Standings, options: Mapping[str, Any] | None, history: Any = None
) -> list[etree._Element]:
    from .html_sections import participant_chart

    cache: dict[object, object] = {}
    out = []
    for row in s.rows:
        p = row.participant
        parts: list[Any] = [E.summary(_t(f"{row.rank}. {p.name} (#{p.id}), "
                                         f"{exact_str(p.points)} points"))]  # fmt: skip
        if history is not None and s.tournament.rounds > 1:
            ranks = history[p.id]
            parts.append(
                E.p(
                    _t(
                        "Rank after each round: "
                        + ", ".join(
                            f"R{i} {'-' if r is None else r}" for i, r in enumerate(ranks, 1)
                        )
                        + "."
                    )
                )
            )
            parts.append(participant_chart(s, ranks, p.name))
        team_matches = matches(s, p.id)
        if team_matches:
            parts.append(E.table(
                E.caption("Matches"),
                E.thead(E.tr(*[E.th(h, scope="col") for h in
                               ("Round", "Result", "Opponent", "Opp. MP", "Opp. GP", "MP",
                                "GP")])),
                E.tbody(*[E.tr(E.td(str(m["round"])), E.td(m["result"]),
                               E.td(str(m["opponent"] or "-")), E.td(m["opponent_mp"] or "-"),
                               E.td(m["opponent_gp"] or "-"), E.td(m["mp"]), E.td(m["gp"]))
                          for m in team_matches]),
            ))  # fmt: skip
        for ex in explain_row(s, p.id, options=options, cache=cache):
            parts.append(E.h3(_t(f"{ex.code} = {_num(ex.value)}")))
            if ex.note:
                parts.append(E.p(_t(ex.note)))
            if ex.lines:
                parts.append(E.table(
                    E.thead(E.tr(*[E.th(h, scope="col") for h in
                                   ("Round", "Opponent", "Category", "Opp. score",
                                    "Opp. final", "Points", "Contribution", "Removed")])),
                    E.tbody(*[
                        E.tr(E.td(str(ln.round)),
                             E.td("-" if ln.opponent is None else f"#{ln.opponent}"),
                             E.td(_t(ln.category)), E.td(exact_str(ln.opponent_score),
                                                         {"class": "n"}),
                             E.td("-" if ln.opponent_final is None
                                  else exact_str(ln.opponent_final), {"class": "n"}),
                             E.td(exact_str(ln.points), {"class": "n"}),
                             E.td(exact_str(ln.contribution),
                                  {"class": "n removed" if ln.removed else "n"}),
                             E.td(_t(ln.removed)))
                        for ln in ex.lines
                    ]),
                ))  # fmt: skip
            parts.extend(_steps(ex.steps))
        out.append(E.details(*parts, id=f"p-{p.id}"))
    return out


def _steps(steps: Sequence[Step | Table]) -> list[etree._Element]:
    """The rest of a tie-break's working: a list of steps, and tables (a mini-table)."""
    out: list[etree._Element] = []
    items: list[etree._Element] = []
    for st in steps:
        if isinstance(st, Step):
            items.append(E.li(_t(st.text)))
            continue
        if items:
            out.append(E.ul(*items))
            items = []
        out.append(E.table(
            E.caption(_t(st.caption)),
            E.thead(E.tr(*[E.th(_t(h), scope="col") for h in st.header])),
            E.tbody(*[E.tr(E.th(_t(r[0]), scope="row"), *[E.td(_t(c), {"class": "n"})
                                                          for c in r[1:]])
                      for r in st.rows]),
        ))  # fmt: skip
    if items:
        out.append(E.ul(*items))
    return out
