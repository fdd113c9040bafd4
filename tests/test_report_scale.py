"""The HTML report stays linear (issue 16, item 10): a tied group's mini-table is written
once, a group too large for a g x g table shows its totals, the breakdowns hold a bounded
number of rows, and the page's size grows with the event, not with its square. Timings and
peak memory are in benchmarks/html_report.py, not here."""

from __future__ import annotations

import pytest
from conftest import TEC
from lxml import html
from trfbuild import player_line

from fide_tiebreaks import compute_standings, parse_trf
from fide_tiebreaks.explain import Table, explain
from fide_tiebreaks.formats import html as report
from fide_tiebreaks.formats import render


def tie(players: int) -> str:
    """One round, every game drawn: everyone has 0.5 points; pairs 1-2, 3-4, ..."""
    lines = ["012 Everyone tied"]
    for i in range(1, players + 1):
        opp, colour = (i + 1, "w") if i % 2 else (i - 1, "b")
        lines.append(player_line(i, f"P{i}", [(opp, colour, "=")]))
    return "\n".join(lines) + "\n"


def test_a_large_group_shows_its_totals_not_its_square():
    t = parse_trf(tie(70).encode()).tournament
    _, explanations = explain(t, 5, "DE", "fide-2024")
    table = next(x for x in explanations[0].steps if isinstance(x, Table))
    assert table.header == ("", "points", "not met")
    assert len(table.rows) == 70
    # By hand: #5 drew #6 (0.5 in the group's games) and did not meet the other 68.
    assert table.rows[4] == ("#5", "0.5", "68")
    assert "totals only (70 participants; the full table would have 4900 cells)" in table.caption
    small = parse_trf(tie(6).encode()).tournament
    _, explanations = explain(small, 5, "DE", "fide-2024")
    table = next(x for x in explanations[0].steps if isinstance(x, Table))
    assert len(table.header) == 1 + 6 + 2 and table.rows[4][:7] == (
        "#5",
        "not met",
        "not met",
        "not met",
        "not met",
        "x",
        "0.5",
    )


def test_the_page_grows_linearly_with_a_tie():
    sizes = {}
    for n in (100, 400):
        s = compute_standings(parse_trf(tie(n).encode()).tournament, "DE", "fide-2024")
        page = render(s, "html", {})
        sizes[n] = len(page)
        tree = html.fromstring(page)
        assert len(tree.xpath("//details")) == n
        # the group's table and rule once, in the first breakdown; the others link there
        first = s.rows[0].participant.id
        assert len(tree.xpath("//table[caption[contains(., 'mini-table')]]")) == 1
        links = tree.xpath("//p[contains(., 'mini-table')]/a/@href")
        assert len(links) == n - 1 and set(links) == {f"#p-{first}"}
        assert len(tree.xpath("//li[starts-with(., 'order:')]")) == 1
    assert sizes[400] < 4.5 * sizes[100]  # 4x the players: about 4x the page, not 16x


def test_breakdowns_past_the_budget_name_the_command_that_shows_them(monkeypatch):
    monkeypatch.setattr(report, "MAX_REPORT_ROWS", 40)  # the TEC exercise: 5 rounds x 3 codes
    s = compute_standings(
        parse_trf((TEC / "tournament.trf").read_bytes(), "event.trf").tournament,
        "BH/C1,BH,SB",
        "fide-2024",
    )
    tree = html.fromstring(render(s, "html", {}))
    full = [d for d in tree.xpath("//details") if d.xpath(".//table")]
    cut = [d for d in tree.xpath("//details") if not d.xpath(".//table")]
    assert len(full) == 2 and len(cut) == 14  # 15 rows each: 2 fit in 40
    pid = cut[0].get("id").removeprefix("p-")
    assert f"run fide-tiebreaks explain event.trf {pid} for this breakdown" in cut[0].text_content()
    assert len(tree.xpath('//table[@id="standings"]/tbody/tr')) == 16  # the standings are whole


@pytest.mark.parametrize("text", ["<b>&\"'x\x1b", "=cmd|' /C calc'!A0"])
def test_every_text_is_escaped(text):
    lines = [
        "012 " + text,
        player_line(1, text, [(2, "w", "1")]),
        player_line(2, "B", [(1, "b", "0")]),
    ]
    s = compute_standings(parse_trf(("\n".join(lines) + "\n").encode()).tournament, "SB")
    page = render(s, "html", {}).decode()
    assert "<b>" not in page and "\x1b" not in page
    tree = html.fromstring(page)
    shown = text.replace("\x1b", "\ufffd")
    assert tree.xpath("//h1")[0].text_content() == shown
    assert tree.xpath('//table[@id="standings"]//a')[0].text_content() == shown
