"""Every numeric field is bounded by its format's limits before it is converted (issue #16,
items 5, 16, 17): a 5,000-digit number is a located message, never Python's int-string
ValueError (exit 3); leading zeros are read exactly; what a format cannot carry is refused.
"""

from __future__ import annotations

import copy
import json
from fractions import Fraction

import pytest
from conftest import TEC, run_cli
from hypothesis import given, settings
from hypothesis import strategies as st

from fide_tiebreaks import InputError, compute_standings, parse_trf
from fide_tiebreaks.formats import parse_any
from fide_tiebreaks.formats.chessjson import read_chess_json
from fide_tiebreaks.formats.xml import read_xml
from fide_tiebreaks.numbers import (
    MAX_DIGITS,
    NumberError,
    exact_str,
    parse_decimal,
    parse_exact,
    parse_int,
)

# Without the fixture's own 052: a record a test appends must be the only one of its kind,
# since the reader keeps the first.
TRF = "".join(
    line
    for line in (TEC / "tournament.trf").read_text().splitlines(keepends=True)
    if not line.startswith("052")
)
LONG = "1" * 5000
ZEROS = "0" * 5000


# -- the numbers module itself -------------------------------------------------------------
def test_parse_int_reads_leading_zeros_and_names_the_field_and_limit():
    assert parse_int(ZEROS + "7", "round", 1, 99) == 7
    with pytest.raises(NumberError, match=r"round '1111.*\(5000 characters\)' is outside 1\.\.99"):
        parse_int(LONG, "round", 1, 99)
    with pytest.raises(NumberError, match=r"round 100 is outside 1\.\.99"):
        parse_int("100", "round", 1, 99)
    with pytest.raises(NumberError, match="is not a whole number"):
        parse_int("²", "round", 1, 99)  # str.isdigit() says yes, int() says no
    with pytest.raises(NumberError, match="is not a whole number"):
        parse_int("٣", "round", 1, 99)  # another script's digit: not how TRF writes 3
    with pytest.raises(NumberError, match=f"more than {MAX_DIGITS} digits"):
        parse_int(LONG)


def test_decimals_are_bounded_and_exact():
    assert parse_decimal("11.5") == Fraction(23, 2)
    assert parse_decimal("1,25") == Fraction(5, 4)
    assert parse_decimal(ZEROS + "1.5" + ZEROS) == Fraction(3, 2)  # value, not length
    assert parse_decimal(LONG) is None
    assert parse_decimal("1." + LONG) is None
    assert parse_exact("40/3") == Fraction(40, 3)
    for bad in ("1/0", "1/-2", LONG + "/3", "3/" + LONG, "x"):
        with pytest.raises(NumberError):
            parse_exact(bad)


def test_huge_values_are_shown_exactly():
    # Python refuses str() of ints over 4,300 digits; the decimal module does not.
    text = exact_str(10**5000)
    assert text == "1" + "0" * 5000
    assert exact_str(Fraction(10**5000 + 1, 2)) == "5" + "0" * 4999 + ".5"
    assert exact_str(Fraction(10**5000, 3)) == "1" + "0" * 5000 + "/3"


# -- every reader --------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("record", "message"),
    [
        ("XXS W=" + LONG, "XXS W '1111"),
        ("162 W 1." + "5" * 5000, "points for 'W' '1.555"),
        ("XXR " + LONG, "number of rounds '1111"),
        ("142 " + LONG, "number of rounds '1111"),
        ("240 F   1 " + LONG, "start rank '1111"),
        ("362 TW " + LONG, "362: 'TW' not understood"),
        ("052 " + LONG, "date '1111"),
    ],
)
def test_long_numbers_in_trf_are_located_messages(record, message):
    result = parse_trf((TRF + record + "\n").encode(), "t.trf")
    shown = [str(d) for d in result.diagnostics if message in str(d)]
    assert shown, [str(d) for d in result.diagnostics]
    assert all(len(s) < 300 for s in shown)  # the field is shown by its start
    compute_standings(result.tournament, "BH,SB", "fide-2024")


def test_the_cli_and_audit_survive_a_5000_digit_field(tmp_path):
    bad = tmp_path / "long.trf"
    bad.write_text(TRF + "XXS W=" + LONG + "\n")
    done = run_cli("standings", str(bad), "-f", "csv")
    assert done.returncode == 0 and "has more than 30 digits" in done.stderr
    good = tmp_path / "good.trf"
    good.write_text(TRF)
    audit = run_cli("audit", str(tmp_path))
    assert audit.returncode in (0, 1) and "internal error" not in audit.stderr
    assert "2 files: 2 read" in audit.stdout


FIRST_ROUND = '<round n="1" opponent="2" colour="w" result="1"/>'


def xml(player: str = "", scoring: str = "", rounds: str = FIRST_ROUND) -> bytes:
    return f"""<tournament name="X">{scoring}
  <player id="1" name="A" {player}>{rounds}</player>
  <player id="2" name="B"><round n="1" opponent="1" colour="b" result="0"/></player>
</tournament>""".encode()


def test_xml_numbers_with_any_number_of_leading_zeros_are_read_exactly():
    t = read_xml(
        xml(
            'rating="01500"',
            rounds=f'<round n="{ZEROS}1" opponent="{ZEROS}2" colour="w" result="1"/>',
        )
    ).tournament
    a = t.participant(1)
    assert a.rating == 1500 and a.points == 1 and t.rounds == 1


@pytest.mark.parametrize(
    ("scoring", "message"),
    [
        ('<scoring win="1/3"/>', "'1/3' is not accepted"),  # TRF 162 cannot carry 1/3
        ('<scoring win="-1"/>', "'-1' is not accepted"),  # was replaced by the default
    ],
)
def test_xml_scoring_that_trf_cannot_carry_is_refused(scoring, message):
    with pytest.raises(InputError, match=message):
        read_xml(xml(scoring=scoring), "s.xml")


def test_xml_scoring_is_read_exactly():
    t = read_xml(xml(scoring='<scoring win="3" draw="1.5"/>')).tournament
    assert t.participant(1).points == 3


def test_a_round_given_twice_in_xml_is_refused():
    rounds = (
        '<round n="1" opponent="2" colour="w" result="1"/>'
        '<round n="01" opponent="2" colour="w" result="0"/>'
    )
    with pytest.raises(InputError) as e:
        read_xml(xml(rounds=rounds), "d.xml")
    assert "Duplicate" in str(e.value) and "each-round-once-per-player" in str(e.value)
    assert "d.xml:2:" in str(e.value)


CHESS_JSON = json.loads((TEC / "tournament.chess.json").read_text())


def _changed(path: list[object], value: object) -> bytes:
    doc = copy.deepcopy(CHESS_JSON)
    node: object = doc
    for key in path[:-1]:
        node = node[key]  # type: ignore[index]
    node[path[-1]] = value  # type: ignore[index]
    return json.dumps(doc).encode()


GAME = ["event", "tournaments", 0, "gameList", 0]
COMPETITOR = ["event", "tournaments", 0, "competitors", 0]


@pytest.mark.parametrize(
    ("data", "message"),
    [
        (_changed([*GAME, "round"], "²"), "round '²' is not a whole number"),
        (_changed([*GAME, "round"], LONG), "round '1111"),
        (
            json.dumps(CHESS_JSON).replace('"round": 1', '"round": ' + LONG, 1).encode(),
            "more than 30 digits",
        ),
        (_changed([*COMPETITOR, "rating"], 123456), "rating 123456 is outside 0..9999"),
        (_changed([*COMPETITOR, "gamePoints"], LONG + "/3"), "gamePoints"),
    ],
)
def test_chess_json_numbers_are_bounded(data, message):
    with pytest.raises(InputError, match=message) as e:
        read_chess_json(data, "t.json")
    assert "columns shifted" not in str(e.value)


def test_chess_json_round_with_leading_zeros_is_read_exactly():
    t = read_chess_json(_changed([*GAME, "round"], ZEROS + "1")).tournament
    assert t.rounds == 5


# -- the property that would have found the class -----------------------------------------
NUMBER_TEXT = st.one_of(
    st.integers(min_value=0, max_value=6000).map(lambda n: "0" * n + "1"),
    st.integers(min_value=4000, max_value=6000).map(lambda n: "9" * n),
    st.integers(min_value=4000, max_value=6000).map(lambda n: "1." + "5" * n),
    st.sampled_from(["²", "٣", "-1", "1/3", "1e5000", "0x10"]),
)
TRF_TEMPLATES = [
    "XXS W={}",
    "XXS BW={}",
    "162 W {}",
    "162 D {}",
    "XXR {}",
    "142 {}",
    "240 H   1 {}",
    "299 W   {}",
    "330 +- {} 1 2",
    "300 {} 1 2 1 2",
    "362 TW {}",
    "BBW {}",
    "XXZ {}",
    "052 {}",
]
XML_TEMPLATES = ['rating="{}"', 'fide-id="{}"']
JSON_FIELDS = [
    [*GAME, "round"],
    [*COMPETITOR, "rating"],
    [*COMPETITOR, "rank"],
    [*COMPETITOR, "gamePoints"],
    [*GAME, "white", "cid"],
    ["event", "tournaments", 0, "numRounds"],
]


@settings(max_examples=60, deadline=None)
@given(NUMBER_TEXT, st.sampled_from(TRF_TEMPLATES))
def test_any_number_in_any_trf_field_is_a_message(text, template):
    try:
        result = parse_any((TRF + template.format(text) + "\n").encode(), "t.trf")
    except InputError:
        return
    compute_standings(result.tournament, "BH,SB", "fide-2024")


@settings(max_examples=40, deadline=None)
@given(NUMBER_TEXT, st.sampled_from(JSON_FIELDS), st.booleans())
def test_any_number_in_any_chess_json_field_is_a_message(text, field, as_number):
    value: object = text
    if as_number and text.isascii() and text.isdigit():
        data = json.dumps(CHESS_JSON).encode()
        data = _changed(field, 424242).replace(b"424242", text.encode())
    else:
        data = _changed(field, value)
    try:
        read_chess_json(data, "t.json")
    except InputError:
        pass


@settings(max_examples=30, deadline=None)
@given(NUMBER_TEXT, st.sampled_from(["n", "opponent"]))
def test_any_number_in_an_xml_round_is_a_message(text, attribute):
    values = {"n": "1", "opponent": "2", attribute: text}
    rounds = f'<round n="{values["n"]}" opponent="{values["opponent"]}" colour="w" result="1"/>'
    try:
        read_xml(xml(rounds=rounds), "r.xml")
    except InputError:
        pass


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (("standings", str(TEC / "tournament.trf"), "-t", "BH/C" + LONG), "/C '1111"),
        (("standings", str(TEC / "tournament.trf"), "-t", "BH/K" + LONG), "more than 30 digits"),
        (("standings", str(TEC / "tournament.trf"), "-t", "PS/L-" + LONG), "more than 30 digits"),
        # an option's value is read as its plugin declares it: unrated-rating is 0..9999
        (
            ("standings", str(TEC / "tournament.trf"), "--option", "unrated-rating=" + LONG),
            "option unrated-rating takes a whole number 0..9999, not '1111",
        ),
        (("explain", str(TEC / "tournament.trf"), LONG), "no participant has start rank 1111"),
    ],
)
def test_long_numbers_on_the_command_line_are_usage_errors(args, message):
    done = run_cli(*args)
    assert done.returncode == 2 and message in done.stderr, done.stderr
    assert len(done.stderr) < 600


def test_serve_answers_a_request_with_a_5000_digit_number_and_the_next_one():
    from fide_tiebreaks.serve import answer

    bad = answer('{"id": 1, "path": "x", "options": {"x": ' + LONG + "}}")
    assert "has more than 30 digits" in bad["error"]["message"]
    assert "internal error" not in bad["error"]["message"]
    good = answer(
        json.dumps({"id": 2, "path": str(TEC / "tournament.trf"), "edition": "fide-2024"})
    )
    assert good["id"] == 2 and "standings" in good
