"""The conformance corpus: a case file that gives a value twice is refused, and the docs count the
cases there are."""

from __future__ import annotations

import sys

import pytest
from conftest import ROOT, run_cli


@pytest.mark.parametrize(
    ("old", "new", "constraint"),
    [
        # a wrong value first, the right one after it: the case passed
        (
            '<value code="ARO">1851</value>',
            '<value code="ARO">9999</value><value code="ARO">1851</value>',
            "each-code-once",
        ),
        # participant 1 again, with one wrong value: it replaced the first (5 values checked
        # of 10), and the other way round the wrong one was never checked
        (
            "<expected>",
            '<expected><participant id="1"><value code="ARO">9999</value></participant>',
            "each-participant-once",
        ),
    ],
)
def test_a_case_giving_a_value_or_participant_twice_is_refused(old, new, constraint, tmp_path):
    case = (ROOT / "conformance/cases/minimal-ratings.xml").read_text()
    assert old in case
    path = tmp_path / "minimal-ratings.xml"
    path.write_text(case.replace(old, new, 1))
    run = run_cli("conformance", str(path))
    assert run.returncode == 1
    assert "Duplicate key-sequence" in run.stdout and constraint in run.stdout
    assert "0 passed, 1 failed" in run.stdout


def test_the_docs_give_the_number_of_conformance_cases_there_are():

    sys.path.insert(0, str(ROOT / "tools"))
    import build_docs

    cases = len(list((ROOT / "conformance" / "cases").rglob("*.xml")))
    for path in build_docs.COUNTED:
        text = path.read_text()
        assert f"<!-- count: cases -->{cases} cases" in text, path
        assert build_docs.counts(text) == text, path
