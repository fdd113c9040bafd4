"""The conformance suite: the corpus, its two doors, and that it can fail."""

from __future__ import annotations

import csv
import json
import shutil
import types
from pathlib import Path

import pytest
from conftest import ROOT, TEC, run_cli
from fide_tiebreaks.conformance import runner
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from lxml import etree

from fide_tiebreaks.formats.xml import SCHEMA
from fide_tiebreaks.host import load_registry

pytest_plugins = ["pytester"]
CASES = ROOT / "conformance" / "cases"


def test_the_builtins_pass_the_whole_corpus():
    outcomes = runner.run()
    assert len(outcomes) >= 50
    assert [o for o in outcomes if o.status != "passed"] == []
    assert runner.summary(outcomes) == f"{len(outcomes)} passed, 0 failed"


def test_every_case_validates_and_names_its_source():
    for path in sorted(CASES.glob("*.xml")):
        case = runner.load_case(path)
        assert case.source and case.source_kind and case.article and case.expected, path


def test_corpus_covers_every_edition_and_builtin_code():
    cases = [runner.load_case(p) for p in CASES.glob("*.xml")]
    editions = {c.edition for c in cases}
    assert editions >= {
        "fide-2023",
        "fide-2024",
        "fide-2026",
        "fide-2012",
        "pre-2012",
        "sm-2012",
    }
    codes = {
        code.split("/")[0].split(":")[0] for c in cases for v in c.expected.values() for code in v
    }
    assert codes >= {
        "DE",
        "WIN",
        "WON",
        "BPG",
        "BWG",
        "PS",
        "REP",
        "STD",
        "TPN",
        "BH",
        "FB",
        "SB",
        "KS",
        "ARO",
        "TPR",
        "PTP",
        "APRO",
        "APPO",
        "RTNG",
        "NNSB",
        "GELBFUHS",
        "MPvGP",
        "EMMSB",
        "EMGSB",
        "EGMSB",
        "EGGSB",
        "OSB",
        "BC",
        "SSSC",
        "AOB",
        "OSB26",
        "TBR",
        "BBE",
        "EDE",
        "EDET",
        "EDEB",
        "EDEBT",
    }


WRONG = """
from fide_tiebreaks import hookimpl, Tiebreak
from fide_tiebreaks.plugins.buchholz import buchholz

def _off_by_one(ctx):
    return {pid: v + 1 for pid, v in buchholz(ctx).items()}

@hookimpl
def fide_tiebreaks_register():
    return [Tiebreak(code="BH", name="Wrong Buchholz", compute=_off_by_one,
                     modifiers=frozenset("CMP:"))]
"""


def test_a_wrong_provider_fails_the_suite():
    wrong = types.ModuleType("wrongbh")
    exec(WRONG, wrong.__dict__)
    reg = load_registry(entry_points=False, extra=[("wrongbh", wrong)])
    outcomes = runner.run(provider="wrongbh", reg=reg)
    failed = [o for o in outcomes if o.status == "failed"]
    assert failed and all(o.status in ("failed", "skipped") for o in outcomes)
    tec = next(o for o in failed if o.case == "tec-2024-bh")
    assert tec.messages[0] == (
        "participant 1 BH: expected 12.5, found 13.5 (edition fide-2024, C.07 Art. 7-9, 14, 16)"
    )
    assert any(o.status == "skipped" and "does not provide SB" in o.messages[0] for o in outcomes)


def official_csv(tmp_path: Path, change: dict[int, str] | None = None) -> Path:
    """The published values (expected-2024.csv) as another program's export."""
    with open(TEC / "expected-2024.csv") as f:
        rows = list(csv.DictReader(f))
    path = tmp_path / "other.csv"
    with open(path, "w", newline="") as f:
        w = csv.writer(f)
        w.writerow(["start_rank", "BH", "BH/C1", "SB"])
        for r in rows:
            bh = (change or {}).get(int(r["start_rank"]), r["BH"])
            w.writerow([r["start_rank"], bh, r["BH/C1"], r["SB"]])
    return path


def test_against_another_programs_standings(tmp_path):
    good = run_cli(
        "conformance",
        str(TEC / "tournament.trf"),
        "--against",
        str(official_csv(tmp_path)),
        "--edition",
        "fide-2024",
    )
    assert good.returncode == 0 and good.stdout.strip().endswith("3 passed, 0 failed")
    bad = run_cli(
        "conformance",
        str(TEC / "tournament.trf"),
        "--against",
        str(official_csv(tmp_path, {4: "14.0"})),
        "--edition",
        "fide-2024",
    )
    assert bad.returncode == 1
    assert "participant 4 BH: rules give 15, other.csv has 14.0 (edition fide-2024)" in bad.stdout
    assert bad.stdout.strip().endswith("2 passed, 1 failed")


def test_junit_report(tmp_path):
    out = tmp_path / "report.xml"
    assert run_cli("conformance", "--junit", str(out)).returncode == 0
    suite = etree.parse(str(out)).getroot()
    assert suite.tag == "testsuite" and suite.get("failures") == "0"
    assert len(suite) == len(list(CASES.glob("*.xml")))


HOSTILE = {
    "xxe.xml": b'<?xml version="1.0"?><!DOCTYPE t [<!ENTITY x SYSTEM "file:///etc/passwd">]>'
    b'<tournament name="&x;"/>',
    "laughs.xml": b'<?xml version="1.0"?>\n<!DOCTYPE l [<!ENTITY a "aaaaaaaaaa">'
    b'<!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;">]><tournament name="&b;"/>',
    "broken.xml": b'<tournament name="x"><player id="1" name="A">\n</tournament>',
    "invalid.xml": b'<tournament name="x">\n  <player id="0" name="A"/>\n</tournament>',
    "huge.xml": b"<tournament name='x'>" + b" " * (17 * 1024 * 1024) + b"</tournament>",
    # Small file, huge numbers: read naively, boards and round numbers would allocate
    # gigabytes (the long fuzz run found this); the schema holds TRF's limits.
    "numbers.xml": b'<tournament name="x" boards="999999999999">\n  <player id="1" name="A">'
    b'<round n="99999999" result="1"/></player>\n</tournament>',
}


@pytest.mark.parametrize("name", sorted(HOSTILE))
def test_hostile_xml_is_refused_with_a_located_message(tmp_path, name):
    path = tmp_path / name
    path.write_bytes(HOSTILE[name])
    for args in (["standings", str(path)], ["check", str(path)]):
        done = run_cli(*args)
        assert done.returncode == 2, (args, done.stdout, done.stderr)
        assert "Traceback" not in done.stderr and "/etc/passwd" not in done.stdout
        assert f"{name}" in done.stderr and "error:" in done.stderr
    # the conformance runner reports a bad case and goes on: exit 1, located in the report
    done = run_cli("conformance", str(path))
    assert done.returncode == 1 and "Traceback" not in done.stderr
    assert f"ERROR: {path.stem}" in done.stdout and f"{name}:" in done.stdout
    if name == "invalid.xml":
        assert f"{name}:2:" in run_cli("check", str(path)).stderr  # the schema's location


def test_xml_tournament_form_and_xml_standings(tmp_path):
    case = etree.parse(str(CASES / "minimal-unplayed-2024.xml")).getroot()
    path = tmp_path / "event.xml"
    path.write_bytes(etree.tostring(case.find("tournament")))
    done = run_cli("standings", str(path), "-t", "BH,SB", "-e", "fide-2024", "-f", "json")
    assert done.returncode == 0, done.stderr
    rows = {r["start_rank"]: r["tiebreaks"] for r in json.loads(done.stdout)["standings"]}
    # the case's hand working: BH 2.5, 2, 2, 2.5; SB 2, 1, 1, 1.25
    assert [rows[i]["BH"] for i in (1, 2, 3, 4)] == ["2.5", "2", "2", "2.5"]
    assert [rows[i]["SB"] for i in (1, 2, 3, 4)] == ["2", "1", "1", "1.25"]
    xml = run_cli("standings", str(path), "-t", "BH", "-e", "fide-2024", "-f", "xml")
    doc = etree.fromstring(xml.stdout.encode())
    assert etree.XMLSchema(etree.parse(str(SCHEMA))).validate(doc)
    assert doc.find("participant[@id='1']/value[@code='BH']").text == "2.5"


def test_plugins_add_fixture_dirs(tmp_path):
    shutil.copy(CASES / "minimal-ratings.xml", tmp_path / "extra.xml")
    plugin = types.ModuleType("extra")
    exec(
        "from fide_tiebreaks import hookimpl\n@hookimpl\ndef fide_tiebreaks_add_fixture_dirs():"
        f"\n    return [{str(tmp_path)!r}]\n",
        plugin.__dict__,
    )
    reg = load_registry(entry_points=False, extra=[("extra", plugin)])
    assert tmp_path in runner.fixture_dirs(reg)
    names = [o.case for o in runner.run(runner.fixture_dirs(reg), reg=reg)]
    assert names.count("minimal-ratings") == 2


def test_pytest_door(pytester):
    inert = pytester.runpytest_subprocess("-p", "no:cacheprovider")
    assert "no tests ran" in inert.stdout.str()
    one = CASES / "minimal-unplayed-2024.xml"
    done = pytester.runpytest_subprocess(
        "--tiebreak-conformance", "--tiebreak-fixtures", str(one), "-p", "no:cacheprovider"
    )
    done.assert_outcomes(passed=1)
    xfails = pytester.path / "xfails.txt"
    xfails.write_text("minimal-unplayed-2024  # listed to prove the list is read\n")
    strict = pytester.runpytest_subprocess(
        "--tiebreak-conformance",
        "--tiebreak-fixtures",
        str(one),
        "--tiebreak-xfails",
        str(xfails),
        "-p",
        "no:cacheprovider",
    )
    strict.assert_outcomes(failed=1)  # a listed case that passes is a strict XPASS
    unknown = pytester.runpytest_subprocess(
        "--tiebreak-conformance", "--tiebreak-provider", "nosuch", "-p", "no:cacheprovider"
    )
    assert unknown.ret == pytest.ExitCode.USAGE_ERROR
    assert "no installed plugin is called 'nosuch'" in unknown.stderr.str()
    args = (
        "--tiebreak-conformance",
        "--tiebreak-fixtures",
        str(one),
        "--tiebreak-provider",
        "koya",
        "-p",
        "no:cacheprovider",
    )
    empty = pytester.runpytest_subprocess(*args)
    empty.assert_outcomes(skipped=1)
    assert empty.ret == pytest.ExitCode.TESTS_FAILED
    assert "nothing was compared" in empty.stdout.str()
    assert pytester.runpytest_subprocess(*args, "--tiebreak-allow-empty").ret == 0


def test_expected_diagnostics_are_checked(tmp_path):
    # The bundled case expects the reader's "results do not mirror" warning; a case expecting
    # a warning the reader never gives must fail and show what was reported.
    src = (CASES / "minimal-results-do-not-mirror.xml").read_text()
    assert runner.run([CASES / "minimal-results-do-not-mirror.xml"])[0].status == "passed"
    wrong = tmp_path / "wrong.xml"
    wrong.write_text(src.replace("results do not mirror", "points column disagrees"))
    outcome = runner.run([wrong])[0]
    assert outcome.status == "failed"
    assert "containing 'points column disagrees'" in outcome.messages[0]
    assert "results do not mirror" in outcome.messages[0]


def test_against_a_csv_by_name_with_semicolons_and_decimal_commas(tmp_path):
    # European exports: ';' separated, decimal commas, participants by name. Values from the
    # published TEC table (David is start rank 4: BH 15.0, SB 9.75 in 2024).
    path = tmp_path / "names.csv"
    path.write_text("name;BH;SB\nDavid;15,0;9,75\n")
    good = run_cli(
        "conformance", str(TEC / "tournament.trf"), "--against", str(path), "--edition", "fide-2024"
    )
    assert good.returncode == 0, good.stdout + good.stderr
    path.write_text("name;BH\nNobody;15,0\n")
    bad = run_cli("conformance", str(TEC / "tournament.trf"), "--against", str(path))
    assert bad.returncode == 2
    assert "names.csv:2: name 'Nobody' is not a participant of the tournament" in bad.stderr
    assert "Traceback" not in bad.stderr


def test_a_line_end_inside_an_xml_attribute_does_not_make_a_record():
    from fide_tiebreaks.formats import parse_any

    xml = (
        b'<?xml version="1.0"?><tournament name="Open&#10;001    9      Injected" '
        b'rounds="1"><player id="1" name="A"><round n="1" opponent="2" colour="w" '
        b'result="1"/></player><player id="2" name="B"><round n="1" opponent="1" '
        b'colour="b" result="0"/></player></tournament>'
    )
    t = parse_any(xml, "x.xml").tournament
    assert sorted(p.id for p in t) == [1, 2] and t.name == "Open 001    9      Injected"


# -- a check that compares nothing fails; malformed results are refused (issue #16 7, 12) --
def _against(tmp_path: Path, name: str, content: str, *extra: str):
    path = tmp_path / name
    path.write_text(content)
    return run_cli("conformance", str(TEC / "tournament.trf"), "--against", str(path), *extra)


@pytest.mark.parametrize(
    ("name", "content"),
    [
        ("header.csv", "start_rank,BH\n"),
        ("empty.json", '{"standings": []}'),
        ("rows.json", "[]"),
        ("blank.csv", "start_rank,BH,SB\n1,,\n2,,\n"),
        ("nocodes.csv", "start_rank,adjusted_score\n1,3.5\n"),
    ],
)
def test_results_with_nothing_to_compare_fail(tmp_path, name, content):
    done = _against(tmp_path, name, content)
    assert done.returncode == 1, done.stdout + done.stderr
    assert f"nothing was compared: {tmp_path / name} has no tie-break value or rank" in done.stderr
    assert _against(tmp_path, name, content, "--allow-empty").returncode == 0


@pytest.mark.parametrize(
    ("content", "message"),
    [
        ('{"standings": 5}', '"standings" must be a list of rows'),
        ('{"standings": [5]}', '"standings"[0] must be an object'),
        ('[{"start_rank": 1, "tiebreaks": [1, 2]}]', '"tiebreaks" must be an object'),
        ('{"tournament": [], "standings": []}', '"tournament" must be an object'),
        ('[{"start_rank": "x", "tiebreaks": {}}]', "start_rank (or team) must be a number"),
        ('[{"start_rank": 1, "rank": [1], "tiebreaks": {}}]', '"rank" must be a number'),
        ('[{"start_rank": ' + "1" * 5000 + "}]", "more than 30 digits"),
    ],
)
def test_malformed_json_results_are_refused_with_a_message(tmp_path, content, message):
    done = _against(tmp_path, "bad.json", content)
    assert done.returncode == 2 and message in done.stderr, done.stderr
    assert "internal error" not in done.stderr


def test_a_cell_that_is_not_a_number_is_a_failure_not_a_crash(tmp_path):
    done = _against(tmp_path, "div.csv", "start_rank,BH\n1,1/0\n", "-e", "fide-2024")
    assert done.returncode == 1
    assert (
        "participant 1 BH: rules give 12.5, div.csv has '1/0', which is not an exact number"
        in done.stdout
    )
    long = _against(tmp_path, "long.csv", "start_rank,BH\n" + "1" * 5000 + ",12.5\n")
    assert long.returncode == 2 and "is not a participant" in long.stderr


def test_an_unknown_provider_is_a_usage_error():
    done = run_cli("conformance", "--provider", "nosuch")
    assert done.returncode == 2
    assert "no installed plugin is called 'nosuch'" in done.stderr and "buchholz" in done.stderr


def test_a_provider_with_no_runnable_case_fails():
    done = run_cli("conformance", "--provider", "unplayed")  # provides editions, no codes
    assert done.returncode == 1 and done.stdout.strip().endswith("skipped")
    assert "nothing was compared: plugin 'unplayed' provides the codes of none" in done.stderr
    assert run_cli("conformance", "--provider", "unplayed", "--allow-empty").returncode == 0


def test_a_case_that_compares_nothing_is_an_error(tmp_path):
    case = (
        (CASES / "tec-exercise-2024.xml").read_text()
        if (CASES / "tec-exercise-2024.xml").exists()
        else next(CASES.glob("*.xml")).read_text()
    )
    root = etree.fromstring(case.encode())
    for value in root.iter("value"):
        value.getparent().remove(value)
    for p in root.iter("participant"):
        p.attrib.pop("rank", None)
    diags = root.find("diagnostics")
    if diags is not None:
        root.remove(diags)
    path = tmp_path / "empty-case.xml"
    path.write_bytes(etree.tostring(root))
    tfile = root.find("tournament-file")
    if tfile is not None:
        src = next(CASES.glob("*.xml")).parent / tfile.get("path")
        (tmp_path / tfile.get("path")).parent.mkdir(parents=True, exist_ok=True)
        shutil.copy(src, tmp_path / tfile.get("path"))
    done = run_cli("conformance", str(path))
    assert done.returncode == 1 and "the case compares nothing" in done.stdout


def test_against_our_own_json_uses_the_edition_it_records(tmp_path):
    """#17 item 10: our JSON written with -e fide-2024 is judged under fide-2024 (the file
    has no date, so the newest edition would be used otherwise and 4 checks failed)."""
    ours = tmp_path / "ours.json"
    written = run_cli(
        "standings", str(TEC / "tournament.trf"), "-e", "fide-2024", "-f", "json", "-o", str(ours)
    )
    assert written.returncode == 0
    done = run_cli("conformance", str(TEC / "tournament.trf"), "--against", str(ours))
    assert done.returncode == 0, done.stdout
    assert done.stdout.strip().endswith("4 passed, 0 failed")


def test_columns_that_are_not_codes_are_skipped_with_a_note(tmp_path):
    """The published TEC values (expected-2026.csv plus the adjusted_score column of the 2024
    file) compare cleanly; adjusted_score is noted, not an error."""
    codes = "BH,BH/C1,BH/C2,BH/M1,BH/M2,SB,SB/C1,FB,PS,PS/C1,WIN,WON,BPG,BWG,REP"
    done = run_cli(
        "conformance",
        str(TEC / "tournament.trf"),
        "--against",
        str(TEC / "expected-2024.csv"),
        "-e",
        "fide-2024",
        "-t",
        codes,
    )
    assert done.returncode == 0, done.stdout
    noted = run_cli(
        "conformance",
        str(TEC / "tournament.trf"),
        "--against",
        str(TEC / "expected-2026.csv"),
        "-e",
        "fide-2026",
    )
    assert noted.returncode == 0
    mixed = _against_copy_with_column(TEC / "expected-2026.csv", "adjusted_score", tmp_path)
    done = run_cli(
        "conformance", str(TEC / "tournament.trf"), "--against", str(mixed), "-e", "fide-2026"
    )
    assert done.returncode == 0, done.stdout
    assert (
        "SKIPPED: with-extra.csv:adjusted_score\n  not a tie-break code; column ignored"
        in done.stdout
    )
    assert done.stdout.strip().endswith("4 passed, 0 failed, 1 skipped")


def _against_copy_with_column(path: Path, column: str, folder: Path) -> Path:
    with path.open(newline="") as f:
        rows = list(csv.DictReader(f))
    out = folder / "with-extra.csv"
    with out.open("w", newline="") as f:
        w = csv.DictWriter(f, [*rows[0].keys(), column])
        w.writeheader()
        for r in rows:
            w.writerow({**r, column: "0"})
    return out


# The property: whatever shape a results file has, the run ends in a verdict or a usage
# error, and a run that compared nothing never exits 0.
JSON_SHAPES = st.recursive(
    st.one_of(
        st.none(),
        st.booleans(),
        st.integers(),
        st.text(max_size=5),
        st.sampled_from(["12.5", "1/0", "1/3", "x"]),
    ),
    lambda inner: st.one_of(
        st.lists(inner, max_size=3),
        st.dictionaries(
            st.sampled_from(
                [
                    "standings",
                    "tournament",
                    "start_rank",
                    "team",
                    "rank",
                    "tiebreaks",
                    "edition",
                    "BH",
                    "SB",
                ]
            ),
            inner,
            max_size=4,
        ),
    ),
    max_leaves=12,
)


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(JSON_SHAPES)
def test_any_results_document_gets_a_verdict(doc):
    import tempfile

    from fide_tiebreaks.cli import main

    folder = Path(tempfile.mkdtemp())
    try:
        path = folder / "r.json"
        path.write_text(json.dumps(doc))
        status = main(["conformance", str(TEC / "tournament.trf"), "--against", str(path)])
        assert status in (0, 1, 2)  # never an exception (exit 3)
        if status == 0:  # a pass compared something, and agreed
            outcomes = runner.against(TEC / "tournament.trf", path, None, None)
            assert runner.compared(outcomes) > 0
            assert all(o.status in ("passed", "skipped") for o in outcomes)
    finally:
        shutil.rmtree(folder)


def test_a_code_asked_for_that_the_results_lack_fails(tmp_path):
    path = tmp_path / "bh.csv"
    path.write_text("start_rank,BH\n1,12.5\n")
    done = run_cli(
        "conformance",
        str(TEC / "tournament.trf"),
        "--against",
        str(path),
        "-e",
        "fide-2024",
        "-t",
        "BH,SB",
    )
    assert done.returncode == 1 and "bh.csv has no SB values" in done.stdout
    assert done.stdout.strip().endswith("1 passed, 1 failed")


def test_a_folder_without_cases_compares_nothing(tmp_path):
    done = run_cli("conformance", str(tmp_path))
    assert done.returncode == 1 and "nothing was compared: no case was run" in done.stderr


@pytest.mark.parametrize(
    ("old", "new", "result"),
    [
        ('<participant id="1">', '<participant id="' + "0" * 5000 + '1">', "passed"),
        (
            '<value code="BH">2.5</value>',
            '<value code="BH">' + "2" * 5000 + "</value>",
            "more than 30 digits",
        ),
        (
            '<value code="BH">2.5</value>',
            '<value code="BH">5/' + "0" * 40 + "</value>",
            "is not an exact number",
        ),
    ],
)
def test_numbers_in_a_case_are_bounded(tmp_path, old, new, result):
    text = (CASES / "minimal-unplayed-2024.xml").read_text()
    assert old in text
    path = tmp_path / "case.xml"
    path.write_text(text.replace(old, new, 1))
    outcomes = runner.run([path])
    if result == "passed":
        assert [o.status for o in outcomes] == ["passed"]
    else:
        assert outcomes[0].status == "error" and result in outcomes[0].messages[0]
        assert "case.xml:" in outcomes[0].messages[0]


def test_every_installed_code_has_a_bundled_case():
    """Issue #15: the corpus exercises every code the built-ins register (aliases such as
    ESB:MM for EMMSB and GE for REP share their code's cases)."""
    from fide_tiebreaks import parse_list, registry

    listed = set()
    for path in runner.case_files([runner.CASES]):
        listed |= {s.name.upper() for s in parse_list(runner.load_case(path).tiebreaks)}
    reg = registry()
    aliases = {a.upper() for tbs in reg.tiebreaks.values() for tb in tbs for a in tb.aliases}
    assert set(reg.tiebreaks) - aliases - listed == set()
