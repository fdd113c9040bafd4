"""`standings --format html`: what a reader of the page sees.

The structure is checked with lxml's HTML parser; when Debian's Chromium is installed
(`.ci/run` installs it) the page is also opened in a real headless browser: the rendered DOM,
a breakdown opened from its link, and a screenshot.
"""

from __future__ import annotations

import os
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
    page = html.fromstring(report(tmp_path, TEC / "tournament.trf", "-t", "BH/C1,BH,SB",
                                  "-e", "fide-2024").read_bytes())  # fmt: skip
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
    page = html.fromstring(report(tmp_path, TEAMS, "-e", "fide-2024", "-t",
                                  "MPvGP,BH:MP").read_bytes())  # fmt: skip
    first = [c.text_content() for c in page.xpath('//table[@id="standings"]/tbody/tr')[0]]
    assert first[:5] == ["1", "1", first[2], "5", "9"] and first[-1] == "7"  # hand-worked
    lines = ["012 <script>alert(1)</script>",
             player_line(1, '<img src=x onerror="alert(1)">&\x1b', [(2, "w", "1")]),
             player_line(2, "B", [(1, "b", "0")])]  # fmt: skip
    path = tmp_path / "evil.trf"
    path.write_text("\n".join(lines) + "\n")
    raw = report(tmp_path, path).read_text()
    assert "<script>alert" not in raw and "<img" not in raw and "\x1b" not in raw
    page = html.fromstring(raw.encode())
    assert page.xpath("//h1")[0].text_content() == "<script>alert(1)</script>"
    assert not page.xpath("//img")


def _browser(*args: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    flags = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
             "--disable-background-networking", "--disable-component-update", "--disable-sync",
             f"--user-data-dir={cwd / 'profile'}"]  # fmt: skip
    return subprocess.run([CHROMIUM, *flags, *args], capture_output=True, text=True, cwd=cwd,
                          timeout=120, env={**os.environ, "HOME": str(cwd)})  # fmt: skip


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
    row9 = next(r for r in rendered.xpath('//table[@id="standings"]/tbody/tr')
                if r[1].text_content() == "9")  # fmt: skip
    assert [c.text_content() for c in row9][-3:] == ["7.5", "9", "2.25"]  # TEC 2024 table
    shot = _browser("--screenshot=shot.png", "--window-size=1200,900", page.as_uri(),
                    cwd=tmp_path)  # fmt: skip
    assert shot.returncode == 0, shot.stderr
    assert _png_is_not_blank((tmp_path / "shot.png").read_bytes())


def test_breakdowns_show_the_de_mini_table_and_steps(tmp_path):
    page = html.fromstring(report(tmp_path, TEC / "tournament.trf", "-t", "DE",
                                  "-e", "fide-2024").read_bytes())  # fmt: skip
    breakdown = page.get_element_by_id("p-4")  # tied on 3.5 with #1, #3, #16 (test_explain)
    table = breakdown.xpath(".//table[caption[contains(., 'mini-table')]]")[0]
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
