"""The edition from the dates (editions.choose_edition, --edition-by, edition_by=, serve's
"edition_by"): by the end date by default, by the start date on request (as FIDE TEC's
reference program picks), and a warning naming both editions when the two dates lie under
two. The calendar is FIDE's: C.07 (2023) in force from 1 Sep 2023, C.07 (2024) from
1 Aug 2024 (docs/interpretations.md), so an event played from 28 Jul to 5 Aug 2024 began
under the first and ended under the second."""

from __future__ import annotations

import json
from datetime import date

import pytest
from conftest import run_cli
from trfbuild import tournament

from fide_tiebreaks import compute_standings
from fide_tiebreaks.editions import choose_edition
from fide_tiebreaks.formats.trf.reader import parse_trf
from fide_tiebreaks.host import registry
from fide_tiebreaks.serve import handle

PLAYERS = {1: [(2, "w", "1")], 2: [(1, "b", "0")]}
ACROSS = tournament(PLAYERS, headers=("042 2024/07/28", "052 2024/08/05"))
WITHIN = tournament(PLAYERS, headers=("042 2024/08/02", "052 2024/08/09"))
NO_START = tournament(PLAYERS, headers=("052 2024/08/05",))


def event(text: str):
    return parse_trf(text.encode(), "e.trf").tournament


def said(s, severity: str) -> list[str]:
    return [d.message for d in s.diagnostics if d.severity.name == severity]


def test_the_end_date_picks_by_default_and_the_start_date_on_request():
    editions = list(registry().editions.values())
    by_end = choose_edition(editions, date(2024, 8, 5), start=date(2024, 7, 28))
    by_start = choose_edition(editions, date(2024, 8, 5), start=date(2024, 7, 28), by="start")
    assert (by_end.edition.name, by_start.edition.name) == ("fide-2024", "fide-2023")
    for choice in (by_end, by_start):
        assert choice.straddle is not None
        assert "2024-07-28, under fide-2023" in choice.straddle
        assert "2024-08-05, under fide-2024 (in force from 2024-08-01)" in choice.straddle
    assert choose_edition(editions, date(2024, 8, 9), start=date(2024, 8, 2)).straddle is None


def test_a_straddling_event_warns_by_default_and_notes_once_the_rule_is_chosen():
    t = event(ACROSS)
    default = compute_standings(t, "BH")
    assert default.edition.name == "fide-2024"
    assert [m for m in said(default, "WARNING") if "started on 2024-07-28" in m] == [
        "the tournament started on 2024-07-28, under fide-2023, and ended on 2024-08-05, "
        "under fide-2024 (in force from 2024-08-01): fide-2024 is used, by the end date "
        "(--edition-by end); --edition-by start or --edition chooses otherwise"
    ]
    start = compute_standings(t, "BH", edition_by="start")
    assert start.edition.name == "fide-2023" and start.edition_by == "start"
    assert not said(start, "WARNING")
    assert any("started on 2024-07-28, under fide-2023" in m for m in said(start, "NOTE"))
    assert compute_standings(t, "BH", edition_by="end").edition.name == "fide-2024"
    # an edition given by name: nothing to warn about
    assert not said(compute_standings(t, "BH", "fide-2012"), "WARNING")
    assert not said(compute_standings(event(WITHIN), "BH"), "WARNING")


def test_without_a_start_date_the_end_date_decides_and_says_so():
    s = compute_standings(event(NO_START), "BH", edition_by="start")
    assert s.edition.name == "fide-2024"
    assert said(s, "NOTE")[-1] == (
        "rules edition fide-2024: in force on the tournament's end date, 2024-08-05 "
        "(--edition-by start; the file gives no start date)"
    )


def test_edition_by_is_checked_at_the_door():
    t = event(ACROSS)
    with pytest.raises(ValueError, match="edition_by must be 'end' or 'start', not 'middle'"):
        compute_standings(t, "BH", edition_by="middle")
    with pytest.raises(TypeError, match="edition_by must be 'end' or 'start', not int"):
        compute_standings(t, "BH", edition_by=3)  # type: ignore[arg-type]


def test_the_command_line(tmp_path):
    path = tmp_path / "across.trf"
    path.write_text(ACROSS)
    done = run_cli("standings", str(path), "-t", "BH", "-f", "json", "--edition-by", "start")
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout)["tournament"]["edition"] == "fide-2023"
    default = run_cli("standings", str(path), "-t", "BH", "-f", "json")
    assert json.loads(default.stdout)["tournament"]["edition"] == "fide-2024"
    assert "warning: the tournament started on 2024-07-28, under fide-2023" in default.stderr
    bad = run_cli("standings", str(path), "--edition-by", "middle")
    assert bad.returncode == 2 and "invalid choice: 'middle'" in bad.stderr


def test_check_says_which_edition_and_why(tmp_path):
    # check --help: "report what 'standings -v' reports (the list and edition used and why)"
    path = tmp_path / "within.trf"
    path.write_text(WITHIN)
    done = run_cli("check", "-v", str(path))
    assert done.returncode == 0, done.stderr
    assert (
        f"{path}: note: rules edition fide-2024: in force on the tournament's end date, "
        "2024-08-09 (--edition-by end, the default)"
    ) in done.stderr.splitlines()
    asked = run_cli("check", "-v", str(path), "-e", "fide-2012")
    assert f"{path}: note: rules edition fide-2012: as asked (--edition)" in asked.stderr
    across = tmp_path / "across.trf"
    across.write_text(ACROSS)
    warned = run_cli("check", str(across))
    assert warned.returncode == 1 and "under fide-2023" in warned.stderr
    chosen = run_cli("check", str(across), "--edition-by", "start")
    assert chosen.returncode == 0, chosen.stderr
    assert "rules edition fide-2023: in force on the tournament's start date" in chosen.stderr


def test_serve_takes_edition_by():
    answer = handle({"trf": ACROSS, "tiebreaks": "BH", "edition_by": "start"})
    assert answer["tournament"]["edition"] == "fide-2023" and answer["warnings"] == []
    default = handle({"trf": ACROSS, "tiebreaks": "BH"})
    assert default["tournament"]["edition"] == "fide-2024"
    assert any("under fide-2023" in w for w in default["warnings"])
    from fide_tiebreaks.serve import BadRequest

    with pytest.raises(BadRequest, match='"edition_by" must be "end" or "start"'):
        handle({"trf": ACROSS, "edition_by": 1})


def test_the_html_report_words_the_rule():
    from fide_tiebreaks.formats import render

    s = compute_standings(event(ACROSS), "BH", edition_by="start")
    page = render(s, "html", dict(s.options)).decode()
    assert "They were in force when the tournament started, on 28 July 2024." in page
