"""Category standings: the overall order filtered, places given within the category; the
category grammar's located errors. Ages and birth dates are worked by hand below."""

from __future__ import annotations

import json

import pytest
from trfbuild import player_line

from fide_tiebreaks import compute_standings, parse_trf
from fide_tiebreaks.categories import CategoryError, parse_category, placed, read_definitions
from fide_tiebreaks.formats import render


def line(pid, rounds, sex, born, rating, fed):
    text = player_line(pid, f"Player {pid}", rounds, rating=rating, fed=fed).ljust(89)
    return text[:9] + sex + text[10:69] + f"{born:<10}" + text[79:]


# A round robin of six (circle method), the lower start rank always winning with white: a
# strict order 1 > 2 > ... > 6 on points (5, 4, 3, 2, 1, 0).
def _schedule():
    rounds = {i: [] for i in range(1, 7)}
    seats = [1, 2, 3, 4, 5, 6]
    for _ in range(5):
        for k in range(3):
            a, b = sorted((seats[k], seats[5 - k]))
            rounds[a].append((b, "w", "1"))
            rounds[b].append((a, "b", "0"))
        seats = [seats[0], seats[-1], *seats[1:-1]]
    return rounds


ROUNDS = _schedule()
PEOPLE = {  # sex, birth date, rating, federation
    1: ("m", "1958/03/02", 2200, "NOR"),  # 67 on 1 Jan 2026: S65 and S50
    2: ("w", "2011/01/02", 1700, "SWE"),  # 14 on 1 Jan 2026: U16, women
    3: ("w", "1975", 0, "NOR"),  # a year only: counted as 31 Dec 1975, 50 on 1 Jan 2026
    4: ("m", "2010/01/01", 1500, "NOR"),  # 16 on 1 Jan 2026: not U16
    5: ("m", "2014/06/30", 0, "DEN"),  # 11: U16, unrated
    6: ("w", "", 1900, "NOR"),  # no birth date: in no age category
}
TEXT = (
    "\n".join(
        ["012 Six", "052 2026/05/20", "092 Individual: Round-Robin"]
        + [line(i, ROUNDS[i], *PEOPLE[i]) for i in range(1, 7)]
    )
    + "\n"
)


@pytest.fixture(scope="module")
def standings():
    return compute_standings(parse_trf(TEXT, "six.trf").tournament, "SB")


@pytest.mark.parametrize(
    ("text", "ids"),
    [
        ("U16:age<16", [2, 5]),
        ("S50:age>=50", [1, 3]),
        ("S65:age>=65", [1]),
        ("Women:sex=F", [2, 3, 6]),
        ("U1800:rating<1800", [2, 4]),  # unrated players are in no rating band
        ("Unrated:unrated", [3, 5]),
        ("NOR:fed=NOR", [1, 3, 4, 6]),
        ("Born 2010+:born>=2010", [2, 4, 5]),
        ("Club:ids=6,2,4", [2, 4, 6]),
        ("NOR women:fed=NOR&sex=F", [3, 6]),
        ("U16 2 Jan:age@2026-01-02<16", [2, 5]),  # 2 turns 15 that day: still under 16
    ],
)
def test_category_is_the_overall_order_filtered(standings, text, ids):
    assert [row.participant.id for row in standings.rows] == [1, 2, 3, 4, 5, 6]
    got = placed(standings.rows, parse_category(text), standings.tournament)
    assert [p.row.participant.id for p in got] == ids
    assert [p.place for p in got] == list(range(1, len(ids) + 1))


def test_json_and_csv_have_a_section_per_category(standings):
    cats = [parse_category("U16:age<16"), parse_category("Women:sex=F")]
    data = json.loads(render(standings, "json", None, cats))
    assert [c["name"] for c in data["categories"]] == ["U16", "Women"]
    assert [
        (x["place"], x["rank"], x["start_rank"]) for x in data["categories"][1]["standings"]
    ] == [(1, 2, 2), (2, 3, 3), (3, 6, 6)]
    csv = render(standings, "csv", None, cats).decode()
    assert (
        "\n# category U16: U16:age<16\nplace,rank,start_rank,name,points\n1,2,2,Player 2,4\n"
        "2,5,5,Player 5,1\n" in csv
    )
    assert "Category Women" in render(standings, "html", None, cats).decode()


@pytest.mark.parametrize(
    ("text", "where"),
    [
        ("U16", "column 1: write NAME:CONDITION"),
        ("U16:age<1x", "column 9: '1x' is not a whole number"),
        ("U16:agr<16", "column 5: 'agr<16' is not a condition"),
        ("W:sex<F", "column 6: sex takes ="),
        ("W:sex=X", "column 7: sex= takes F"),
        ("C:ids=1,,2", "column 7: ids= takes a comma-separated list"),
        ("A:rating>=2000&titled=1", "column 16: titled takes no value"),
    ],
)
def test_grammar_errors_are_located(text, where):
    with pytest.raises(CategoryError, match=f"'{text}': {where}"):
        parse_category(text)


def test_definitions_file_errors_name_file_line_and_column(tmp_path):
    path = tmp_path / "cats.txt"
    path.write_text("# prizes\nU16:age<16\n\nWomen:sex=Q\n")
    with pytest.raises(CategoryError, match=r"cats.txt:4:11: sex= takes F"):
        read_definitions(str(path))
    path.write_text("U16:age<16\nS65: age >= 65\n")
    assert [c.name for c in read_definitions(str(path))] == ["U16", "S65"]


def test_cli_category_sections_and_usage_errors(tmp_path):
    import subprocess
    import sys

    path = tmp_path / "six.trf"
    path.write_text(TEXT)
    cmd = [sys.executable, "-m", "fide_tiebreaks", "standings", str(path), "-t", "SB"]
    done = subprocess.run(
        [*cmd, "--category", "U16:age<16", "-f", "json"], capture_output=True, text=True
    )
    assert done.returncode == 0, done.stderr
    assert [x["start_rank"] for x in json.loads(done.stdout)["categories"][0]["standings"]] == [
        2,
        5,
    ]
    bad = subprocess.run([*cmd, "--category", "U16:age<"], capture_output=True, text=True)
    assert bad.returncode == 2
    assert bad.stderr.startswith("fide-tiebreaks: error: --category 'U16:age<': column 9:")
