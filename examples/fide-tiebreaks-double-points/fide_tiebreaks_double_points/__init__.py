"""An example third-party plugin for fide-tiebreaks (see docs/plugins.md).

XPTS2 is the minimal plugin of the documentation: double the points. XOPPW shows a
tie-break built on the opponent table, which already applies the edition's rules for
unplayed rounds: it counts the opponents the participant beat over the board
(with ``/P``, forfeit wins count too).

It ships its own conformance cases (``cases/*.xml``, hand-computed), which
``fide-tiebreaks conformance`` and ``pytest --tiebreak-conformance`` run with the bundled
corpus once the plugin is installed.
"""

from __future__ import annotations

from fractions import Fraction
from pathlib import Path

from fide_tiebreaks import Tiebreak, hookimpl


def _double_points(ctx):
    # ctx.tournament.participants: each has .id (start rank; team number for teams)
    # and .points (exact); return one exact number per participant id
    return {p.id: p.points * 2 for p in ctx.tournament.participants}


def _opponents_beaten(ctx) -> dict[int, Fraction]:
    table = ctx.opponent_table()
    win = ctx.tournament.scoring.win * table.scale  # entries hold points on the grid
    return {
        p.id: Fraction(sum(1 for e in entries if e.opponent is not None and e.points == win))
        for p, entries in zip(ctx.tournament.participants, table.entries, strict=True)
    }


@hookimpl
def fide_tiebreaks_register():
    return [
        Tiebreak(code="XPTS2", name="Double points", compute=_double_points),
        Tiebreak(
            code="XOPPW",
            name="Opponents beaten",
            compute=_opponents_beaten,
            modifiers=frozenset("P"),
        ),
    ]


@hookimpl
def fide_tiebreaks_add_fixture_dirs():
    return [str(Path(__file__).parent / "cases")]
