"""Another rulebook in the plugin API: a code that names the edition it is computed under
(``Tiebreak.edition``) and a preset that names the edition its regulations use
(``Preset.edition``), whatever the run's edition (docs/plugins.md, "A whole rulebook")."""

from __future__ import annotations

import types
import warnings
from fractions import Fraction

import pytest
from conftest import TEC

from fide_tiebreaks import compute_standings, read_trf
from fide_tiebreaks.explain import explain
from fide_tiebreaks.host import PluginWarning, load_registry

TOURNAMENT = read_trf(TEC / "tournament.trf").tournament  # 16 players, 5 rounds

# An edition in which every opponent scores 7, so a sum of opponents' scores is 7 x 5 = 35
# for everyone: a value no FIDE edition gives on the TEC exercise.
RULEBOOK = """
from fractions import Fraction

from fide_tiebreaks import Tiebreak, hookimpl
from fide_tiebreaks.editions import Edition, Entry, OpponentTable
from fide_tiebreaks.tiebreak import Preset


def _table(t, forfeits_as_played, options):
    rows = tuple(
        tuple(
            Entry(round=g.round, opponent=None, score=7 * t.scale, points=g.units, vur=False,
                  category="x")
            for g in p.results
        )
        for p in t.participants
    )
    return OpponentTable(t.scale, rows, tuple(0 for _ in t.participants))


def _cut(entries, low, high, weighted):
    return list(entries)


def _sum(ctx):
    table = ctx.opponent_table()
    return {
        p.id: Fraction(sum(e.score for e in entries), table.scale)
        for p, entries in zip(ctx.tournament.participants, table.entries)
    }


SEVENS = Edition(name="x-sevens", title="every opponent scores 7", citation="X rules",
                 in_force_from=None, in_force_until=None, opponent_table=_table, cut=_cut)


@hookimpl
def fide_tiebreaks_editions():
    return [SEVENS]


@hookimpl
def fide_tiebreaks_register():
    return [
        Tiebreak(code="XOWN", name="own rules", compute=_sum, edition="x-sevens"),
        Tiebreak(code="XRUN", name="the run's rules", compute=_sum),
        Tiebreak(code="XLOST", name="missing rules", compute=_sum, edition="x-nowhere"),
    ]


@hookimpl
def fide_tiebreaks_presets():
    return [Preset(name="x-rules", tiebreaks="XOWN", edition="x-sevens")]
"""


def _registry():
    module = types.ModuleType("x_rulebook")
    exec(RULEBOOK, module.__dict__)
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        reg = load_registry(entry_points=False, extra=[("x_rulebook", module)])
    return reg, [str(w.message) for w in caught if issubclass(w.category, PluginWarning)]


def test_a_code_keeps_its_own_edition_in_a_run_of_another():
    reg, _ = _registry()
    s = compute_standings(TOURNAMENT, "XOWN,XRUN", "fide-2024", reg=reg, strict=True)
    assert s.edition.name == "fide-2024"
    assert set(s.values("XOWN").values()) == {Fraction(35)}
    # the code without an edition of its own follows the run's: BH of the TEC exercise
    # (player 2: 13, as tests/packaging's standings line says)
    assert s.values("XRUN")[2] == 13
    notes = [d.message for d in s.diagnostics]
    assert any("XOWN is computed under its own rules, edition x-sevens" in n for n in notes)


def test_a_list_all_of_one_rulebook_and_a_preset_run_under_its_edition():
    reg, _ = _registry()
    assert compute_standings(TOURNAMENT, "XOWN", reg=reg).edition.name == "x-sevens"
    assert compute_standings(TOURNAMENT, "preset:x-rules", reg=reg).edition.name == "x-sevens"
    # the user's edition still wins; the code keeps its own rules
    s = compute_standings(TOURNAMENT, "preset:x-rules", "fide-2026", reg=reg)
    assert s.edition.name == "fide-2026" and s.values("XOWN")[1] == 35
    # a list mixing rulebooks follows the date (the TEC file ended under fide-2024)
    assert compute_standings(TOURNAMENT, "XOWN,XRUN", reg=reg).edition.name == "fide-2024"


def test_explain_shows_the_working_under_the_codes_own_edition():
    reg, _ = _registry()
    _, (own,) = explain(TOURNAMENT, 1, "XOWN", "fide-2024", reg=reg)
    assert own.value == 35


def test_a_code_naming_an_edition_nobody_provides_is_left_out_with_a_warning():
    reg, problems = _registry()
    assert "XLOST" not in reg.tiebreaks and "XOWN" in reg.tiebreaks
    assert any("'XLOST'" in p and "'x-nowhere'" in p and "left out" in p for p in problems)


def test_an_edition_that_is_not_text_is_refused_when_the_plugin_loads():
    source = RULEBOOK.replace('edition="x-nowhere"', "edition=7")
    module = types.ModuleType("x_bad")
    exec(source, module.__dict__)
    with pytest.warns(PluginWarning, match="edition is not the name of an edition"):
        reg = load_registry(entry_points=False, extra=[("x_bad", module)])
    assert "XLOST" not in reg.tiebreaks
