"""The unplayed-round plugin's opponent table, kept as columns with its entries made when
first read (editions.column_table): the same table, field by field, as one built with its
entries, whatever rounds the participants have (played, byes, forfeits, absences)."""

from __future__ import annotations

import pytest
from conftest import TEC
from fide_tiebreaks.plugins import unplayed

from fide_tiebreaks import parse_trf
from fide_tiebreaks.editions import OpponentTable, table_columns


def _line(pid: int, points: str, *blocks: str) -> str:
    head = f"001 {pid:4d}      {f'Player {pid}':<33} 2000{'':<28}{points:>4}     "
    assert len(head) == 89
    return head + "".join(f"  {b}" for b in blocks)


# A small Swiss with a PAB, a forfeit, a half-point bye and a withdrawal (Z at the end)
SWISS = "\n".join(
    [
        "012 Column table",
        "XXR 3",
        _line(1, "2.5", "   2 w 1", "   3 b 1", "0000 - H"),
        _line(2, "1.0", "   1 b 0", "   4 w +", "   3 w 0"),
        _line(3, "1.5", "   4 w =", "   1 w 0", "   2 b 1"),
        _line(4, "0.5", "   3 b =", "   2 b -", "0000 - Z"),
        _line(5, "1.0", "0000 - U", "0000 - Z", "0000 - Z"),
        "",
    ]
)


def _eager(table: OpponentTable) -> OpponentTable:
    return OpponentTable(table.scale, table.entries, table.adjusted)


@pytest.mark.parametrize(
    "text", [SWISS, (TEC / "tournament.trf").read_text()], ids=["swiss", "tec"]
)
@pytest.mark.parametrize("forfeits_as_played", [False, True])
@pytest.mark.parametrize("build", [unplayed.opponent_table, unplayed.opponent_table_2026])
def test_columns_and_lazy_entries_are_the_eager_table(text, forfeits_as_played, build):
    t = parse_trf(text.encode()).tournament
    table = build(t, forfeits_as_played, {})
    columns = table_columns(table)
    assert columns is not None
    scores, points = columns
    assert any(e.category != "played" for row in table.entries for e in row) or text != SWISS
    eager = _eager(table)  # reads the entries: made now
    assert table == eager and hash(table) == hash(eager) and repr(table) == repr(eager)
    for row, score_row, points_row in zip(table.entries, scores, points, strict=True):
        assert score_row == tuple(e.score for e in row)
        assert points_row == tuple(e.points for e in row)
    assert table_columns(eager) is None  # a table built with entries has no columns


def test_a_missing_attribute_is_still_an_attribute_error():
    t = parse_trf(SWISS.encode()).tournament
    with pytest.raises(AttributeError, match="no attribute 'nothing'"):
        unplayed.opponent_table(t, False, {}).nothing  # noqa: B018


def _changed(row: tuple) -> tuple:
    return tuple(e._replace(score=0) for e in row)


def test_a_copy_whose_entries_are_changed_is_ranked_by_its_entries():
    # A third-party edition may copy the table and set other entries on the copy (it is
    # frozen): BH and SB must then read those entries, not the original's columns.
    import copy

    t = parse_trf(SWISS.encode()).tournament
    table = unplayed.opponent_table(t, False, {})
    edited = copy.copy(table)
    object.__setattr__(edited, "entries", tuple(_changed(row) for row in edited.entries))
    assert table_columns(edited) is None
    assert table_columns(table) is not None  # the original still holds its own entries
    inplace = unplayed.opponent_table(t, False, {})
    object.__setattr__(inplace, "entries", tuple(_changed(row) for row in inplace.entries))
    assert table_columns(inplace) is None  # set before the lazy entries were ever made


def test_a_pickled_or_copied_table_is_the_three_fields_alone():
    import copy
    import pickle

    t = parse_trf(SWISS.encode()).tournament
    table = unplayed.opponent_table(t, False, {})
    assert "entries" in dir(table)
    for made in (pickle.loads(pickle.dumps(table)), copy.copy(table), copy.deepcopy(table)):
        assert sorted(vars(made)) == ["adjusted", "entries", "scale"]
        assert made == _eager(table)
