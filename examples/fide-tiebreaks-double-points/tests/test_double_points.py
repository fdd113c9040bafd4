"""The plugin's own tests, run in its environment: ``pytest`` (docs/plugins.md)."""

from fractions import Fraction
from importlib.resources import files

import fide_tiebreaks_double_points

from fide_tiebreaks import compute_standings, read_trf
from fide_tiebreaks.host import load_registry

# FIDE TEC's tie-break exercise, installed with fide-tiebreaks.
TEC = files("fide_tiebreaks.conformance") / "fixtures" / "tec-exercise-2024" / "tournament.trf"


def test_double_points_doubles_the_points():
    reg = load_registry(entry_points=False, extra=[("double_points", fide_tiebreaks_double_points)])
    t = read_trf(str(TEC)).tournament
    values = compute_standings(t, "XPTS2", reg=reg).values("XPTS2")
    # The exercise's crosstable: player 1 scored 3.5, player 10 scored 1.
    assert values[1] == 7 and values[10] == 2
    assert all(type(v) is Fraction for v in values.values())
