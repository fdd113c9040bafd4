"""`standings --format html`: what a reader of the page sees.

The structure is checked with lxml's HTML parser; when Debian's Chromium is installed
(`.ci/run` installs it) the page is also opened in a real headless browser: the rendered DOM,
a breakdown opened from its link, and a screenshot.
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import zlib
from pathlib import Path

import pytest
from conftest import ROOT, TEC, run_cli
from lxml import html
from trfbuild import player_line

TEAMS = ROOT / "conformance" / "fixtures" / "team-4x4" / "tournament.trf"
CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")


def report(tmp_path: Path, source: Path, *args: str) -> Path:
    out = tmp_path / "report.html"
    done = run_cli("standings", str(source), "-f", "html", "-o", str(out), *args)
    assert done.returncode == 0, done.stderr
    return out


def test_the_report_holds_standings_rules_crosstable_and_breakdowns(tmp_path):
    page = html.fromstring(
        report(
            tmp_path, TEC / "tournament.trf", "-t", "BH/C1,BH,SB", "-e", "fide-2024"
        ).read_bytes()
    )
    rows = page.xpath('//table[@id="standings"]/tbody/tr')
    assert len(rows) == 16
    # The official TEC exercise, 2024 table: Player02 first, BH/C1 12, BH 13, SB 9.5.
    first = [c.text_content() for c in rows[0]]
    assert first[1:3] == ["2", "Player02"] and first[-3:] == ["12", "13", "9.5"]
    heads = [th.text_content() for th in page.xpath('//table[@id="standings"]/thead//th')]
    assert heads[-3:] == ["BH/C1", "BH", "SB"]
    legend = page.xpath("//dl")[0].text_content()
    assert "C.07 (2024) 8.1" in legend and "C.07 (2024) 9.1" in legend
    assert len(page.xpath("//h2[.='Crosstable']/following-sibling::table[1]/tbody/tr")) == 16
    # Every name links to its breakdown; the breakdown shows the rounds and what was cut.
    assert rows[0].xpath(".//a/@href") == ["#p-2"]
    breakdown = page.get_element_by_id("p-2")
    assert breakdown.tag == "details"
    assert "low cut" in breakdown.text_content()
    assert not page.xpath("//script[@src] | //link[@href] | //img[@src]")  # self-contained


def test_team_report_and_escaping(tmp_path):
    page = html.fromstring(
        report(tmp_path, TEAMS, "-e", "fide-2024", "-t", "MPvGP,BH:MP").read_bytes()
    )
    first = [c.text_content() for c in page.xpath('//table[@id="standings"]/tbody/tr')[0]]
    assert first[:5] == ["1", "1", first[2], "5", "9"] and first[-1] == "7"  # hand-worked
    lines = [
        "012 <script>alert(1)</script>",
        player_line(1, '<img src=x onerror="alert(1)">&\x1b', [(2, "w", "1")]),
        player_line(2, "B", [(1, "b", "0")]),
    ]
    path = tmp_path / "evil.trf"
    path.write_text("\n".join(lines) + "\n")
    raw = report(tmp_path, path).read_text()
    assert "<script>alert" not in raw and "<img" not in raw and "\x1b" not in raw
    page = html.fromstring(raw.encode())
    assert page.xpath("//h1")[0].text_content() == "<script>alert(1)</script>"
    assert not page.xpath("//img")


# A four-player round robin ranked by hand on "202 SB,DE" (as in test_audit.py):
# P1: W v2, W v3, = v4;  P2: L v1, = v4, W v3;  P3: W v4, L v1, L v2;  P4: L v3, = v2, = v1.
ROUND_ROBIN = {
    1: [(2, "w", "1"), (3, "w", "1"), (4, "b", "=")],
    2: [(1, "b", "0"), (4, "w", "="), (3, "w", "1")],
    3: [(4, "w", "1"), (1, "b", "0"), (2, "b", "0")],
    4: [(3, "b", "0"), (2, "b", "="), (1, "w", "=")],
}
# By hand. After R1: P1 and P3 1 point, SB 0 each (their opponents have 0), never met: DE
# cannot separate them, they share 1st; P2 and P4 likewise share 3rd. After R2: P1 2, P3 1,
# P2 and P4 0.5 with SB 0.5 x 0.5 = 0.25 each (the draw with each other, whose score is
# 0.5) and a drawn game between them: DE cannot separate them, shared 3rd.
# After R3: the file's final order 1, 2, 4, 3 (test_audit.py: SB(4) = 2 > SB(3) = 1).
BY_HAND = {1: ["1", "1", "1"], 2: ["3", "3", "2"], 3: ["1", "2", "4"], 4: ["3", "3", "3"]}


def round_robin(tmp_path: Path) -> Path:
    lines = ["012 Four", "052 2025/06/01", "092 Individual: Round-Robin", "202 SB,DE"]
    lines += [player_line(pid, f"P{pid}", ROUND_ROBIN[pid]) for pid in sorted(ROUND_ROBIN)]
    path = tmp_path / "rr.trf"
    path.write_text("\n".join(lines) + "\n")
    return path


def test_rank_after_each_round_table_and_charts(tmp_path):
    page = html.fromstring(report(tmp_path, round_robin(tmp_path)).read_bytes())
    table = page.get_element_by_id("rank-by-round")
    got = {
        int(r[1].text_content()): [c.text_content() for c in r[3:]]
        for r in table.xpath("./tbody/tr")
    }
    assert got == BY_HAND
    # One click from the standings: each name opens the breakdown, which holds the chart.
    assert page.xpath('//nav/a[@href="#rounds"]') and page.get_element_by_id("rounds").tag == "h2"
    for pid, ranks in BY_HAND.items():
        box = page.get_element_by_id(f"p-{pid}")
        svg = box.xpath(".//svg")[0]
        circles = svg.xpath(".//circle")
        assert [c.xpath("./title")[0].text_content().rsplit(" ", 1)[1] for c in circles] == ranks
        # rank 1 at the top: a better rank is drawn higher (smaller y)
        ys = {r: float(c.get("cy")) for r, c in zip(ranks, circles, strict=True)}
        assert all((ys[a] < ys[b]) == (int(a) < int(b)) for a in ys for b in ys if a != b)
    overview = page.xpath('//h2[@id="rounds"]/following-sibling::svg[1]')[0]
    assert len(overview.xpath(".//polyline")) == 4 and not page.xpath("//svg//script")
    assert [t.text for t in overview.xpath("./text")][-4:] == ["1. P1", "2. P2", "3. P4", "4. P3"]


def test_the_rules_and_the_list_in_plain_words_at_the_top(tmp_path):
    page = html.fromstring(report(tmp_path, round_robin(tmp_path)).read_bytes())
    about = page.xpath('//div[@class="about"]')[0]
    body = page.xpath("//body")[0]
    assert body.index(about) < body.index(page.get_element_by_id("standings"))
    text = " ".join(about.text_content().split())
    # The file ended on 1 June 2025: the 2024 rules (1 Aug 2024 - 28 Feb 2026) were in force.
    assert "in force 1 August 2024 - 28 February 2026" in text
    assert "in force when the tournament ended, on 1 June 2025" in text
    items = [li.text_content() for li in about.xpath(".//ol/li")]
    assert [i.split(":")[0] for i in items] == ["SB", "DE"]
    assert "Sonneborn-Berger" in items[0] and "Direct encounter" in items[1]
    assert "ranked on points first" in text and "share the place" in text
    # Names are left-aligned (row headers would be centred by default).
    assert "tbody th { text-align: left;" in page.xpath("//style")[0].text


def test_no_history_for_a_huge_event_and_the_page_says_why(monkeypatch):
    from fide_tiebreaks import history
    from fide_tiebreaks.formats import read_trf, render
    from fide_tiebreaks.standings import compute_standings

    monkeypatch.setattr(history, "MAX_COST", 100)  # 16 x 5² = 400 is above it
    s = compute_standings(read_trf(TEC / "tournament.trf").tournament, "BH", "fide-2024")
    page = html.fromstring(render(s, "html"))
    assert not page.xpath("//svg") and not page.xpath('//*[@id="rank-by-round"]')
    note = page.xpath('//h2[@id="rounds"]/following-sibling::p[1]')[0].text_content()
    assert "16 participants over 5 rounds" in note and "--after-round N" in note


def _browser(*args: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    flags = [
        "--headless",
        "--no-sandbox",
        "--disable-gpu",
        "--disable-quic",
        "--no-first-run",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        f"--user-data-dir={cwd / 'profile'}",
    ]
    return subprocess.run(
        [CHROMIUM, *flags, *args],
        capture_output=True,
        text=True,
        cwd=cwd,
        timeout=120,
        env={**os.environ, "HOME": str(cwd)},
    )


def _png_is_not_blank(data: bytes) -> bool:
    """Decode the PNG's pixel data (stdlib only) and look for more than one colour."""
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    pos, idat = 8, b""
    while pos < len(data):
        length = int.from_bytes(data[pos : pos + 4], "big")
        kind = data[pos + 4 : pos + 8]
        if kind == b"IDAT":
            idat += data[pos + 8 : pos + 8 + length]
        pos += 12 + length
    pixels = zlib.decompress(idat)
    return len(set(pixels[1:4000])) > 3


def _pixels(data: bytes) -> set[tuple[int, int, int]]:
    """The colours of a PNG screenshot (8-bit RGB or RGBA, not interlaced), stdlib only:
    the rows are unfiltered as the PNG specification (section 9) says."""
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    pos, idat, width, bpp = 8, b"", 0, 0
    while pos < len(data):
        length = int.from_bytes(data[pos : pos + 4], "big")
        kind, body = data[pos + 4 : pos + 8], data[pos + 8 : pos + 8 + length]
        if kind == b"IHDR":
            width, depth, ctype, interlace = (
                int.from_bytes(body[:4], "big"),
                body[8],
                body[9],
                body[12],
            )
            assert depth == 8 and ctype in (2, 6) and interlace == 0
            bpp = 3 if ctype == 2 else 4
        elif kind == b"IDAT":
            idat += body
        pos += 12 + length
    raw, stride, colours = zlib.decompress(idat), width * bpp, set()
    prev, i = bytearray(stride), 0
    while i < len(raw):
        kind, line = raw[i], bytearray(raw[i + 1 : i + 1 + stride])
        i += 1 + stride
        for x in range(stride):
            a = line[x - bpp] if x >= bpp else 0
            b, c = prev[x], prev[x - bpp] if x >= bpp else 0
            if kind == 1:
                line[x] = (line[x] + a) & 255
            elif kind == 2:
                line[x] = (line[x] + b) & 255
            elif kind == 3:
                line[x] = (line[x] + (a + b) // 2) & 255
            elif kind == 4:
                p = a + b - c
                pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
                line[x] = (line[x] + (a if pa <= pb and pa <= pc else b if pb <= pc else c)) & 255
        colours.update(zip(line[0::bpp], line[1::bpp], line[2::bpp], strict=True))
        prev = line
    return colours


@pytest.mark.skipif(CHROMIUM is None, reason="Chromium is not installed (.ci/run installs it)")
def test_the_chart_renders_in_a_real_browser(tmp_path):
    from fide_tiebreaks.formats.html_sections import PALETTE

    page = report(tmp_path, round_robin(tmp_path))
    dom = _browser("--dump-dom", page.as_uri(), cwd=tmp_path)
    assert dom.returncode == 0, dom.stderr
    rendered = html.fromstring(dom.stdout.encode())
    assert len(rendered.xpath('//h2[@id="rounds"]/following-sibling::svg[1]//polyline')) == 4
    # A window tall enough for the whole page: the leaders' lines are drawn in their colours
    # (no other part of the page uses them).
    shot = _browser(
        "--screenshot=chart.png", "--window-size=1000,2000", page.as_uri(), cwd=tmp_path
    )
    assert shot.returncode == 0, shot.stderr
    colours = _pixels((tmp_path / "chart.png").read_bytes())
    for colour in PALETTE[:4]:
        rgb = tuple(int(colour[i : i + 2], 16) for i in (1, 3, 5))
        assert rgb in colours, f"the line in {colour} is not on the screen"
    assert (0xD5, 0x5E, 0x00) not in _pixels(_blank_png(tmp_path))


def _blank_png(tmp_path: Path) -> bytes:
    """The same report without its charts, as the browser draws it: the check above is not
    satisfied by something else on the page."""
    (tmp_path / "nochart.html").write_bytes(
        re.sub(rb"<svg.*?</svg>", b"", (tmp_path / "report.html").read_bytes(), flags=re.S)
    )
    shot = _browser(
        "--screenshot=nochart.png",
        "--window-size=1000,2000",
        (tmp_path / "nochart.html").as_uri(),
        cwd=tmp_path,
    )
    assert shot.returncode == 0, shot.stderr
    return (tmp_path / "nochart.png").read_bytes()


@pytest.mark.skipif(CHROMIUM is None, reason="Chromium is not installed (.ci/run installs it)")
def test_the_report_in_a_real_browser(tmp_path):
    page = report(tmp_path, TEC / "tournament.trf", "-t", "BH/C1,BH,SB", "-e", "fide-2024")
    # As rendered: the DOM after the page's script ran, with the breakdown of #p-9 opened
    # by following its link.
    dom = _browser("--dump-dom", f"{page.as_uri()}#p-9", cwd=tmp_path)
    assert dom.returncode == 0, dom.stderr
    rendered = html.fromstring(dom.stdout.encode())
    assert len(rendered.xpath('//table[@id="standings"]/tbody/tr')) == 16
    assert rendered.get_element_by_id("p-9").get("open") is not None
    assert rendered.get_element_by_id("p-2").get("open") is None
    row9 = next(
        r for r in rendered.xpath('//table[@id="standings"]/tbody/tr') if r[1].text_content() == "9"
    )
    assert [c.text_content() for c in row9][-3:] == ["7.5", "9", "2.25"]  # TEC 2024 table
    shot = _browser("--screenshot=shot.png", "--window-size=1200,900", page.as_uri(), cwd=tmp_path)
    assert shot.returncode == 0, shot.stderr
    assert _png_is_not_blank((tmp_path / "shot.png").read_bytes())


def test_breakdowns_show_the_de_mini_table_and_steps(tmp_path):
    page = html.fromstring(
        report(tmp_path, TEC / "tournament.trf", "-t", "DE", "-e", "fide-2024").read_bytes()
    )
    breakdown = page.get_element_by_id("p-4")  # tied on 3.5 with #1, #3, #16 (test_explain)
    # The group's mini-table is written once, in the breakdown of the group's first in the
    # standings (#1), and the others link to it.
    assert breakdown.xpath(".//p[contains(., 'mini-table')]/a/@href") == ["#p-1"]
    assert not breakdown.xpath(".//table[caption[contains(., 'mini-table')]]")
    table = page.get_element_by_id("p-1").xpath(".//table[caption[contains(., 'mini-table')]]")[0]
    assert [th.text_content() for th in table.xpath("./thead//th")][1:5] == [
        "#1",
        "#3",
        "#4",
        "#16",
    ]
    assert [c.text_content() for c in table.xpath("./tbody/tr[3]/*")] == [
        "#4",
        "0.5",
        "0.5",
        "x",
        "not met",
        "1",
        "1",
    ]
    assert "place 1 of 4" in breakdown.xpath(".//ul")[-1].text_content()
