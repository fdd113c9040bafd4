"""The one reader of another program's results (``conformance --against`` and ``certify``):
strict about what would let a wrong answer pass.

Values are the FIDE TEC exercise's published table (conformance/fixtures/tec-exercise-2024,
expected-2024.csv): start rank 1 has BH 12.5 and SB 8.00, start rank 4 (David) BH 15.0 and
SB 9.75 under the 2024 rules; the event has 16 participants.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from conftest import TEC, run_cli
from fide_tiebreaks.conformance.runner import against

from fide_tiebreaks import parse_trf
from fide_tiebreaks.certify.adapters import Adapter, Answer, Request, read_output
from fide_tiebreaks.certify.compare import agrees, half_up, stray
from fide_tiebreaks.results_reader import ResultsError, read_results

EVENT = TEC / "tournament.trf"


def _judge(tmp_path: Path, name: str, content: str, codes: list[str] | None = None) -> dict:
    path = tmp_path / name
    path.write_text(content, encoding="utf-8")
    outcomes = against(EVENT, path, codes, "fide-2024")
    return {o.case.split(":", 1)[1]: (o.status, o.messages) for o in outcomes}


def _refused(tmp_path: Path, name: str, content: str) -> str:
    path = tmp_path / name
    path.write_text(content, encoding="utf-8")
    with pytest.raises(ResultsError) as e:
        against(EVENT, path, None, "fide-2024")
    return str(e.value).replace(str(path), name)


def test_a_column_given_twice_is_refused_not_the_last_one_taken(tmp_path):
    # A wrong BH (99) then the right one (12.5): today's reader took the last and passed.
    assert _refused(tmp_path, "r.csv", "start_rank,BH,BH\n1,99,12.5\n") == (
        "r.csv: column 'BH' appears twice (columns 2 and 3); which one counts?"
    )
    assert _refused(tmp_path, "r.csv", "start_rank,BH,bh\n1,99,12.5\n") == (
        "r.csv: column 'bh' appears twice (columns 2 and 3); which one counts?"
    )


def test_a_json_key_given_twice_is_refused(tmp_path):
    text = '[{"start_rank": 1, "tiebreaks": {"BH": "99", "BH": "12.5"}}]'
    assert _refused(tmp_path, "r.json", text) == (
        'r.json: the key "BH" appears twice in one object; which one counts?'
    )


@pytest.mark.parametrize(
    "printed",
    ["١٢.٥", "１２.５", "1_2.5", "125e-1", "12.5e0", "0x0C"],
)
def test_numbers_are_ascii_decimals_or_fractions_only(tmp_path, printed):
    # 12.5 is start rank 1's BH; written in Arabic-Indic or full-width digits, with Python's
    # digit separator or an exponent it is not a number here, so it is a finding.
    found = _judge(tmp_path, "r.csv", f"start_rank,BH\n1,{printed}\n")
    assert found["BH"] == (
        "failed",
        (
            f"participant 1 BH: rules give 12.5, r.csv has "
            f"'{printed}', which is not an exact number (edition "
            "fide-2024)",
        ),
    )


def test_the_same_value_written_as_the_project_writes_numbers_passes(tmp_path):
    for printed in ("12.5", "12,5", "25/2", "12.50"):
        assert _judge(tmp_path, "r.csv", f"start_rank;BH\n1;{printed}\n")["BH"][0] == "passed"


@pytest.mark.parametrize(
    ("content", "message"),
    [
        (
            "start_rank,BH\n17,1\n",
            "r.csv:2: start_rank '17' is not a participant of the tournament",
        ),
        ("start_rank,BH\n0,1\n", "r.csv:2: start_rank '0' is not a participant of the tournament"),
        ("start_rank,BH\n٣,1\n", "r.csv:2: start_rank '٣' is not a participant of the tournament"),
        ("start_rank,BH\n1,12.5,3\n", "r.csv:2: 3 cells, but the heading names 2 columns"),
        ("start_rank,rank,BH\n1,١,12.5\n", "r.csv:2: rank '١' is not a number from 1 to 9999"),
        ("start_rank,BH,\n1,12.5,99\n", "r.csv:2: a value in column 3, which has no heading"),
    ],
)
def test_rows_for_participants_the_event_lacks_are_refused(tmp_path, content, message):
    assert _refused(tmp_path, "r.csv", content) == message


def test_a_json_row_for_a_participant_the_event_lacks_is_refused(tmp_path):
    text = '[{"start_rank": 99, "tiebreaks": {"BH": "1"}}]'
    assert _refused(tmp_path, "r.json", text) == (
        "r.json: \"standings\"[0]: start_rank '99' is not a participant of the tournament"
    )


def test_a_trailing_delimiter_names_no_column(tmp_path):
    assert _judge(tmp_path, "r.csv", "start_rank,BH,,\n1,12.5,,\n")["BH"][0] == "passed"


def test_column_names_match_in_any_case(tmp_path):
    # Other programs' exports capitalise: Name;BH as well as name;bh.
    found = _judge(tmp_path, "r.csv", "Name;BH;Sb\nDavid;15,0;9,75\n")
    assert found["BH"][0] == "passed" and found["Sb"][0] == "passed"
    found = _judge(tmp_path, "r.csv", "START_RANK,Rank,bh\n4,1,15.0\n", ["BH"])
    assert found["BH"][0] == "passed"


def test_codes_not_asked_for_are_named_not_dropped_in_silence(tmp_path):
    found = _judge(tmp_path, "r.csv", "start_rank,BH,SB\n1,12.5,8\n", ["BH"])
    assert found["SB"] == ("skipped", ("not in the list asked for (BH); column not compared",))
    assert found["BH"][0] == "passed"


def test_no_value_where_the_rules_give_one_is_a_finding(tmp_path):
    found = _judge(tmp_path, "r.csv", "start_rank,BH\n1,12.5\n4,\n")
    assert found["BH"] == (
        "failed",
        ("participant 4 BH: rules give 15, r.csv has no value (edition fide-2024)",),
    )


def test_the_cli_refuses_a_duplicated_column_with_exit_2(tmp_path):
    path = tmp_path / "r.csv"
    path.write_text("start_rank,BH,BH\n1,99,12.5\n")
    done = run_cli("conformance", str(EVENT), "--against", str(path), "-e", "fide-2024")
    assert done.returncode == 2
    assert done.stderr == (
        f"fide-tiebreaks: error: {path}: column 'BH' appears twice "
        "(columns 2 and 3); which one counts?\n"
    )


# -- certify reads a program's output with the same reader -----------------------------
TRF = EVENT.read_text()


def _request(codes: tuple[str, ...] = ("BH",)) -> Request:
    return Request(trf=TRF, codes=codes, edition="fide-2024", type="swiss")


@pytest.mark.parametrize(
    ("reader", "output", "message"),
    [
        (
            "csv",
            "start_rank,BH,BH\n1,99,12.5\n",
            "output: column 'BH' appears twice (columns 2 and 3); which one counts?",
        ),
        (
            "csv",
            "start_rank,BH\n17,1\n",
            "output:2: start_rank '17' is not a participant of the tournament",
        ),
        (
            "json",
            '[{"start_rank": 1, "tiebreaks": {"BH": 1, "BH": 2}}]',
            'output: the key "BH" appears twice in one object; which one counts?',
        ),
        ("csv", "start_rank,BH,SB\n1,12.5,8\n", "values for SB, not asked for (asked: BH)"),
        (
            "gacrux",
            "StartNo\tRank\tPTS\tBH/V2024\tBH/V2024\n1\t1\t3.5\t12.5\t12.5\n",
            "output: column 'BH' appears twice (columns 4 and 5); which one counts?",
        ),
        (
            "gacrux",
            "StartNo\tRank\tPTS\tBH/V2024\n17\t1\t3.5\t12.5\n",
            "output:2: StartNo '17' is not a participant of the tournament",
        ),
    ],
)
def test_certify_refuses_what_against_refuses(reader, output, message):
    with pytest.raises(ValueError) as e:
        read_output(reader, output.encode(), _request())
    assert str(e.value) == message


def test_certify_compares_only_ascii_numbers():
    from fractions import Fraction

    for printed in ("١٢.٥", "１２.５", "1_2.5", "125e-1"):
        assert not agrees(Fraction(25, 2), printed, rounded=False), printed
        assert not agrees(Fraction(25, 2), printed, rounded=True), printed
    assert agrees(Fraction(25, 2), "25/2", rounded=False)
    # AOB 12.6 printed rounded: 63/5 is 12.6 exactly; 12.55 rounds half up to 12.6 at one
    # place (and to 13 at none, but a whole number is compared exactly).
    assert agrees(Fraction(251, 20), "12.6", rounded=True)
    assert not agrees(Fraction(251, 20), "13", rounded=True)
    assert half_up(Fraction(-251, 20), 1) == Fraction(-126, 10)


def test_an_entry_points_answer_for_another_event_or_list_is_a_finding():
    answer = Answer({1: {"BH": "12.5"}, 99: {"BH": "1"}})
    assert stray(answer, ("BH",), set(range(1, 17))) == (
        "the answer has a row for participant 99, who is not in the event"
    )
    answer = Answer({1: {"BH": "12.5", "SB": "8"}})
    assert stray(answer, ("BH",), set(range(1, 17))) == (
        "the answer has values for SB, not asked for (asked: BH)"
    )
    assert stray(Answer({1: {"bh": "12.5"}}), ("BH",), {1}) == ""


def test_the_tournament_read_for_certify_is_the_one_asked_about():
    # The reader checks ids against the event certify sent, not against any event.
    t = parse_trf(TRF.encode()).tournament
    assert len(t.participants) == 16
    read = read_output("csv", b"start_rank,BH\n16,1\n", _request())
    assert read.values == {16: {"BH": "1"}}
    assert Adapter("x").reader == "json"


def test_read_results_reads_a_file(tmp_path):
    path = tmp_path / "r.csv"
    path.write_text("Start_Rank,BH\n1,12.5\n")
    t = parse_trf(TRF.encode()).tournament
    assert read_results(path, None, t).values == {1: {"BH": "12.5"}}
