"""What the reports show: CSV output of names with escape bytes, and what the HTML report cites for
a plugin's own code."""

from __future__ import annotations

import re
import types

from conftest import TEC, run_cli
from trfbuild import tournament

from fide_tiebreaks import parse_trf
from fide_tiebreaks.formats import render
from fide_tiebreaks.host import load_registry
from fide_tiebreaks.standings import compute_standings

PAIR = {1: [(2, "w", "1")], 2: [(1, "b", "0")]}


def test_csv_output_shows_a_names_escape_bytes_as_replacement_characters(tmp_path):
    path = tmp_path / "e.trf"
    path.write_text(tournament(PAIR, names={1: "Evil\x1b[2JName", 2: "Bell\x07"}))
    done = run_cli("standings", str(path), "-f", "csv", "-t", "BH")
    assert done.returncode == 0, done.stderr
    assert "\x1b" not in done.stdout and "\x07" not in done.stdout
    assert done.stdout.splitlines()[1:] == [
        "1,1,Evil\ufffd[2JName,,,,1,0",
        "2,2,Bell\ufffd,,,,0,1",
    ]  # BH: each one's only opponent's score, 0 and 1


PLUGIN = """
from fide_tiebreaks import hookimpl, Tiebreak

def _double(ctx):
    return {p.id: p.points * 2 for p in ctx.tournament.participants}

@hookimpl
def fide_tiebreaks_register():
    return [Tiebreak(code="XPTS2", name="Double points", compute=_double),
            Tiebreak(code="XCLUB", name="Club rule", compute=_double,
                     article="Club regulations 4.2")]
"""


def _dd(page: str, code: str) -> str:
    m = re.search(rf'<dt><abbr title="[^"]*">{re.escape(code)}</abbr></dt><dd>([^<]*)</dd>', page)
    assert m, code
    return m.group(1)


def test_the_html_report_cites_a_plugins_code_as_the_plugin_does_or_not_at_all():
    module = types.ModuleType("xplugin")
    exec(PLUGIN, module.__dict__)
    reg = load_registry(entry_points=False, extra=[("xplugin", module)])
    t = parse_trf((TEC / "tournament.trf").read_bytes()).tournament
    s = compute_standings(t, "XPTS2,XCLUB,BH", "fide-2024", reg=reg)
    page = render(s, "html").decode()
    assert _dd(page, "XPTS2") == "Double points."
    assert _dd(page, "XCLUB") == "Club rule: Club regulations 4.2."
    assert _dd(page, "BH").startswith("Buchholz: C.07 (2024) 8.1.")
    assert "XPTS2: Double points. Higher is better." in page
    assert "XCLUB: Club rule. Club regulations 4.2. Higher is better." in page
