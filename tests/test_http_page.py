"""``GET /``: the arbiter's form, opened in headless Chromium (as the HTML report's browser
test does): given the file's text, the edition and the tie-breaks, the page shows the report
``standings --format html`` writes, and a broken file as the problem's located message."""

from __future__ import annotations

import os
import shutil
import subprocess
from pathlib import Path
from urllib.parse import urlencode

import pytest
from conftest import TEC
from http_service import cli_bytes, running
from lxml import html

CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")
T = TEC / "tournament.trf"

pytestmark = pytest.mark.skipif(
    CHROMIUM is None, reason="Chromium is not installed (.ci/run installs it)"
)


@pytest.fixture(scope="module")
def server():
    with running() as s:
        yield s


def _dom(url: str, cwd: Path) -> html.HtmlElement:
    """The page's DOM after its scripts ran (the request it sends included)."""
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
        "--virtual-time-budget=30000",
        "--dump-dom",
    ]
    assert CHROMIUM is not None
    done = subprocess.run(
        [CHROMIUM, *flags, url],
        capture_output=True,
        text=True,
        cwd=cwd,
        timeout=180,
        env={**os.environ, "HOME": str(cwd)},
    )
    assert done.returncode == 0, done.stderr
    return html.fromstring(done.stdout)


def test_the_form_has_the_file_the_edition_and_the_tiebreaks(server):
    page = html.fromstring(server.request("GET", "/").body)
    assert page.xpath('//input[@type="file"]') and page.xpath('//textarea[@id="text"]')
    editions = page.xpath('//select[@id="edition"]/option/@value')
    assert "fide-2024" in editions and "fide-2026" in editions
    assert page.xpath('//input[@id="tiebreaks"]')


def test_the_page_shows_the_report_the_cli_writes(server, tmp_path):
    query = {
        "text": T.read_text(),
        "edition": "fide-2024",
        "tiebreaks": "BH/C1,BH,SB",
        "submit": "1",
    }
    dom = _dom(f"http://{server.host}:{server.port}/?{urlencode(query)}", tmp_path)
    assert dom.xpath("//body/@data-state") == ["report"]
    shown = dom.xpath('//iframe[@id="report"]/@srcdoc')[0]
    cli = cli_bytes("standings", str(T), "-f", "html", "-e", "fide-2024", "-t", "BH/C1,BH,SB")
    assert shown == cli.stdout.decode()
    report = html.fromstring(shown)
    first = [c.text_content() for c in report.xpath('//table[@id="standings"]/tbody/tr')[0]]
    # The official TEC exercise, 2024: Player02 first, BH/C1 12, BH 13, SB 9.5.
    assert first[1:3] == ["2", "Player02"] and first[-3:] == ["12", "13", "9.5"]


def test_a_broken_file_shows_the_located_message(server, tmp_path):
    query = {"text": "001    1 garbage\n001    1 again\n", "submit": "1"}
    dom = _dom(f"http://{server.host}:{server.port}/?{urlencode(query)}", tmp_path)
    assert dom.xpath("//body/@data-state") == ["problem"]
    said = dom.xpath('//pre[@id="problem"]')[0].text_content()
    assert "<body>:" in said and "error" in said
