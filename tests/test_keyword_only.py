"""What a plugin registers (Tiebreak, Edition, Option, Preset) and what a reader reports
(Diagnostic) are built by keyword only, and which plugin registered an item is the host's to
say: ``provider`` is no argument (docs/plugins.md, "Tiebreak fields")."""

from __future__ import annotations

import dataclasses
import types

import pytest
from conftest import TEC
from fide_tiebreaks.plugins.unplayed import cut, opponent_table

from fide_tiebreaks import Edition, Option, Tiebreak, compute_standings, read_trf
from fide_tiebreaks.diagnostics import Diagnostic, Severity
from fide_tiebreaks.host import PluginWarning, load_registry
from fide_tiebreaks.tiebreak import Preset


def _points(ctx):
    return {p.id: p.points for p in ctx.tournament.participants}


# Each class with the arguments of a well-formed item, in the order of its fields.
BUILT = {
    Tiebreak: {"code": "XP", "name": "Points", "compute": _points},
    Edition: {
        "name": "club-2025",
        "title": "Club rules",
        "citation": "Club (2025)",
        "in_force_from": None,
        "in_force_until": None,
        "opponent_table": opponent_table,
        "cut": cut,
    },
    Option: {"name": "xp_factor", "type": "int"},
    Preset: {"name": "club", "tiebreaks": "BH,SB"},
    Diagnostic: {"severity": Severity.WARNING, "message": "a warning"},
}


@pytest.mark.parametrize("cls", list(BUILT), ids=lambda c: c.__name__)
def test_built_by_keyword_only(cls):
    fields = BUILT[cls]
    assert cls(**fields) == cls(**fields)  # by keyword: built
    with pytest.raises(TypeError, match=r"takes 1 positional argument but \d+ were given"):
        cls(*fields.values())


@pytest.mark.parametrize("cls", [Tiebreak, Edition, Option, Preset], ids=lambda c: c.__name__)
def test_provider_is_no_argument_and_no_field_to_replace(cls):
    with pytest.raises(TypeError, match="unexpected keyword argument 'provider'"):
        cls(**BUILT[cls], provider="buchholz")
    item = cls(**BUILT[cls])
    assert item.provider == ""  # until the host registers it
    # the standard library refuses an init=False field: ValueError to 3.12, TypeError from 3.13
    with pytest.raises((ValueError, TypeError), match="provider"):
        dataclasses.replace(item, provider="buchholz")


def _plugin(source: str) -> types.ModuleType:
    module = types.ModuleType("test_plugin")
    exec(source, module.__dict__)
    return module


IMPOSTOR = """
from fide_tiebreaks import hookimpl, Tiebreak

@hookimpl
def fide_tiebreaks_register():
    return [Tiebreak(code="XIMP", name="Impostor", compute=len, provider="buchholz")]
"""


def test_a_plugin_that_passes_provider_is_left_out_with_the_type_error_named():
    with pytest.warns(
        PluginWarning,
        match=r"plugin 'impostor' .*TypeError: .*unexpected keyword argument 'provider'",
    ):
        reg = load_registry(entry_points=False, extra=[("impostor", _plugin(IMPOSTOR))])
    assert "XIMP" not in reg.tiebreaks
    assert [tb.provider for tb in reg.tiebreaks["BH"]] == ["buchholz"]


CLUB = """
from fide_tiebreaks import Edition, Option, Tiebreak, hookimpl
from fide_tiebreaks.plugins.unplayed import cut, opponent_table
from fide_tiebreaks.tiebreak import Preset

def _points(ctx):
    return {p.id: p.points for p in ctx.tournament.participants}

@hookimpl
def fide_tiebreaks_register():
    return [
        Tiebreak(code="XCLUB", name="Club points", compute=_points),
        # computed under the club's edition: the host pins it (a copy) after registering it
        Tiebreak(code="XOWN", name="Own rules points", compute=_points, edition="club-2025"),
    ]

@hookimpl
def fide_tiebreaks_editions():
    return [
        Edition(name="club-2025", title="Club rules", citation="Club (2025)",
                in_force_from=None, in_force_until=None, opponent_table=opponent_table, cut=cut)
    ]

@hookimpl
def fide_tiebreaks_options():
    return [Option(name="club_factor", type="int", default=2)]

@hookimpl
def fide_tiebreaks_presets():
    return [Preset(name="club", tiebreaks="XCLUB,BH")]
"""


def test_the_host_marks_every_item_with_the_plugin_that_registered_it():
    reg = load_registry(entry_points=False, extra=[("club", _plugin(CLUB))])
    assert reg.tiebreaks["XCLUB"][0].provider == "club"
    pinned = reg.tiebreaks["XOWN"][0]
    assert pinned.rules is reg.editions["club-2025"]  # pinned, and still the club's
    assert pinned.provider == "club"
    assert reg.editions["club-2025"].provider == "club"
    assert reg.options["club_factor"].provider == "club"
    assert reg.presets["club"].provider == "club"
    assert reg.editions["fide-2024"].provider == "unplayed"
    t = read_trf(TEC / "tournament.trf").tournament
    s = compute_standings(t, "XOWN", reg=reg)
    assert s.edition.name == "club-2025"  # a list of its own codes is reported under it
    assert [tb.provider for tb in s.tiebreaks] == ["club"]
