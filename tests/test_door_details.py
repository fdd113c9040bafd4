"""Small things every door must get right: control characters in CSV output, what the HTML
report cites for a plugin's own code, option typos, standard input, singulars."""

from __future__ import annotations

import re
import types

from conftest import ROOT, TEC, run_cli
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


def test_the_docs_give_the_number_of_conformance_cases_there_are():
    import sys

    sys.path.insert(0, str(ROOT / "tools"))
    import build_docs

    cases = len(list((ROOT / "conformance" / "cases").rglob("*.xml")))
    for path in build_docs.COUNTED:
        text = path.read_text()
        assert f"<!-- count: cases -->{cases} cases" in text, path
        assert build_docs.counts(text) == text, path


def test_a_misspelt_option_gets_a_suggestion():
    done = run_cli("standings", "--edtion", "fide-2024", str(TEC / "tournament.trf"))
    assert done.returncode == 2
    assert done.stderr.splitlines()[-1] == (
        f"fide-tiebreaks: error: unrecognized arguments: --edtion {TEC / 'tournament.trf'}; "
        "did you mean --edition? (see 'fide-tiebreaks --help')"
    )
    done = run_cli("certify", "--evnts=3")
    assert done.stderr.splitlines()[-1] == (
        "fide-tiebreaks: error: unrecognized arguments: --evnts=3; did you mean --events? "
        "(see 'fide-tiebreaks --help')"
    )
    done = run_cli("check", "--zzzzzz", str(TEC / "tournament.trf"))
    assert done.stderr.splitlines()[-1] == (
        "fide-tiebreaks: error: unrecognized arguments: --zzzzzz (see 'fide-tiebreaks --help')"
    )


def test_standard_input_is_read_for_a_dash_and_located_as_stdin():
    trf = (TEC / "tournament.trf").read_text()
    by_file = run_cli("standings", str(TEC / "tournament.trf"), "-t", "BH", "-e", "fide-2024")
    piped = run_cli("standings", "-", "-t", "BH", "-e", "fide-2024", input=trf)
    assert piped.returncode == 0 and piped.stdout == by_file.stdout
    as_json = (TEC / "tournament.chess.json").read_text()
    checked = run_cli("check", "-", input=as_json)
    assert checked.stdout.startswith("<stdin>: 16 players, 5 rounds, swiss (file); 0 errors")
    bad = run_cli("standings", "-", input="012 x\n001 bad\n")
    assert bad.returncode == 2
    assert "<stdin>:2:5: error: start rank 'bad' in columns 5-8 must be 1-9999" in bad.stderr
    shown = run_cli("explain", "-", "1", "-t", "BH", "-e", "fide-2024", input=trf)
    assert "BH = 12.5" in shown.stdout  # the TEC table: start rank 1, BH 12.5
    converted = run_cli("convert", "-", "--to", "chess-json", input=trf)
    assert converted.returncode == 0 and '"filetype": "Event"' in converted.stdout


def test_a_count_of_one_takes_the_singular(tmp_path):
    path = tmp_path / "one.trf"
    path.write_text(tournament(PAIR))
    done = run_cli("check", str(path))
    assert done.stdout.splitlines()[-1].startswith(f"{path}: 2 players, 1 round, swiss (")
    tec = run_cli("check", str(TEC / "tournament.trf"))  # one note: the default list
    assert tec.stdout.splitlines()[-1].endswith("; 0 errors, 0 warnings, 1 note"), tec.stdout
    table = run_cli("standings", str(path), "-t", "BH", "-e", "fide-2024")
    assert table.stdout.splitlines()[1].startswith("swiss, 1 round; edition fide-2024")
    late = run_cli("standings", str(path), "--after-round", "2")
    assert "(the file has 1 round), not 2" in late.stderr


def test_a_closed_standard_input_is_a_located_error_not_an_internal_one():
    import subprocess
    import sys

    done = subprocess.run(f"'{sys.executable}' -m fide_tiebreaks standings - <&-", shell=True,
                          capture_output=True, text=True, timeout=60)  # fmt: skip
    assert done.returncode == 2
    assert done.stderr == "<stdin>: error: cannot read standard input: it is closed\n"
