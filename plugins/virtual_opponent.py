"""Unplayed games before C.07 (2023): FIDE's virtual opponent and the older rules, as editions.

- ``fide-2012``: FIDE's virtual-opponent rule (2009 Kallithea SPP minutes, in the Handbook
  from 1 July 2012 until 31 August 2023). A participant's own unplayed round is a game
  against a virtual opponent who had the participant's score at the start of the round, got
  the opposite of the participant's result, and drew every later round:
  ``Svon = SPR + (1 - SfPR) + ½ (n - R)``, with win and draw values from the tournament's
  scoring. Every unplayed game of an opponent counts as a draw in that opponent's score.
- ``pre-2012``: the Handbook rule until 30 June 2012: an unplayed game counts as a draw
  against the player himself.
- ``sm-2012``: Swiss-Manager's conventions over the 2012 virtual opponent, as its printouts
  of 2018-2021 compute them (shared/spec/swiss-manager.md; docs/interpretations.md, rules
  1-4): Buchholz exactly as fide-2012 with a plain cut; Sonneborn-Berger where each own
  unplayed round adds half the virtual opponent's value, whatever its result; ARO whose
  Cut removes a round without a game over the board first (``aro-cut-unplayed-first``).
  Not a FIDE rule: chosen by name, and for a Swiss-Manager file of an event that ended
  before C.07 (2023) came into force.

In every one of them, round robins count unplayed games as played (as C.07 15.2 still does),
rating-based tie-breaks use played games only, and Koya and progressive scores are not
affected (they do not use opponents' adjusted scores).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from fide_tiebreaks.plugins.unplayed import round_robin_table

from fide_tiebreaks import Option, hookimpl
from fide_tiebreaks.editions import Edition, Entry, OpponentTable, make_entry, period_named
from fide_tiebreaks.model import Game, ResultKind, Tournament, TournamentType
from fide_tiebreaks.numbers import exact_str, from_units

# Option: False makes a pairing-allocated bye keep its real points in opponents' scores
# (CLI: --option legacy-pab-unplayed=no).
OPTION_PAB = "legacy_pab_unplayed"


def is_unplayed(g: Game, options: Mapping[str, Any]) -> bool:
    """An unplayed game in the old rules: forfeits, byes and absences. Whether the
    pairing-allocated bye is one is a switch (default: it is, as Swiss-Manager counts it)."""
    if g.kind.played:
        return False
    if g.kind is ResultKind.PAB:
        return bool(options.get(OPTION_PAB, True))
    return True


def drawn_units(t: Tournament, options: Mapping[str, Any]) -> list[int]:
    """Each participant's score as opponents see it: every unplayed game counted as a draw
    (2009 minutes b.; Handbook 2012 (a): "considered to have been drawn")."""
    d = int(t.scoring.draw * t.scale)
    return [
        sum(d if is_unplayed(g, options) else g.units for g in p.results) for p in t.participants
    ]


def virtual_opponent(t: Tournament, g: Game, before: int) -> tuple[int, str]:
    """``Svon`` for the round *g* of a participant who had *before* units at its start:
    the score before the round, plus the opposite of the participant's result, plus a draw
    for every later round. Returns the units and the working, for explanations."""
    s = t.scale
    win, draw, loss = (int(v * s) for v in (t.scoring.win, t.scoring.draw, t.scoring.loss))
    if g.units == win:
        opposite = loss
    elif g.units == draw:
        opposite = draw
    elif g.units == loss:
        opposite = win
    else:  # a value of its own (e.g. a PAB worth a draw in 3/1/0 scoring): what is left
        opposite = max(win + loss - g.units, 0)
    later = t.rounds - g.round
    units = before + opposite + draw * later
    working = (
        f"virtual opponent {exact_str(from_units(before, s))} + "
        f"{exact_str(from_units(opposite, s))} + {exact_str(from_units(draw, s))}×{later}"
        f" = {exact_str(from_units(units, s))}"
    )
    return units, working


def _table(own: str) -> Callable[[Tournament, bool, Mapping[str, Any]], OpponentTable]:
    """An opponent table where opponents' unplayed games count as draws and a
    participant's own unplayed round counts as *own* says: ``virtual`` (2012), ``sm`` (the
    2012 virtual opponent, met for half a point: Swiss-Manager's SB, whatever the round's
    result) or ``self`` (a draw against oneself)."""

    def table(
        t: Tournament, forfeits_as_played: bool, options: Mapping[str, Any] | None = None
    ) -> OpponentTable:
        if t.type is TournamentType.ROUND_ROBIN:
            return round_robin_table(t)
        opts = options or {}
        seen = drawn_units(t, opts)
        index = t.index
        draw = int(t.scoring.draw * t.scale)
        rows = []
        for p, mine in zip(t.participants, seen, strict=True):
            row = []
            before = 0
            for g in p.results:
                if g.kind.played or (forfeits_as_played and g.kind.forfeit and g.opponent):
                    assert g.opponent is not None
                    # one per game: the fast constructor (fields in Entry's order)
                    category = "played" if g.kind.played else "/P"
                    row.append(
                        make_entry(
                            (g.round, g.opponent, seen[index[g.opponent]], g.units, False, category)
                        )
                    )
                elif own == "virtual":
                    units, working = virtual_opponent(t, g, before)
                    row.append(
                        Entry(
                            round=g.round,
                            opponent=None,
                            score=units,
                            points=g.units,
                            vur=False,
                            category=working,
                        )
                    )
                elif own == "sm":  # SB adds ½ x V for the round (spec swiss-manager.md, rule 3)
                    units, working = virtual_opponent(t, g, before)
                    row.append(
                        Entry(
                            round=g.round,
                            opponent=None,
                            score=units,
                            points=draw,
                            vur=False,
                            category=f"{working}, ×½",
                        )
                    )
                elif own == "self":  # a draw against oneself: own score, a draw's points
                    row.append(
                        Entry(
                            round=g.round,
                            opponent=None,
                            score=mine,
                            points=draw,
                            vur=False,
                            category="draw against oneself",
                        )
                    )
                before += g.units
            rows.append(tuple(row))
        return OpponentTable(t.scale, tuple(rows), tuple(seen))

    return table


def plain_cut(entries: Sequence[Entry], low: int, high: int, weighted: bool) -> list[Entry]:
    """Cut and Median before C.07 (2023): remove the lowest (then the highest) values, with
    no preference for unplayed rounds; for SB the lowest opponent score, the lowest product
    among equals."""
    order = sorted(entries, key=lambda e: (e.score, e.score * e.points if weighted else 0))
    low = min(low, len(order))
    high = min(high, len(order) - low)
    removed = set(order[:low] + order[len(order) - high :])
    return [e for e in entries if e not in removed]


FIDE_2012 = Edition(
    name="fide-2012",
    title="FIDE virtual-opponent rule for unplayed games (Handbook 1 July 2012 - "
    "31 August 2023; 2009 Kallithea SPP minutes)",
    citation="FIDE 2012 (virtual opponent)",
    in_force_from=period_named("fide-2012").start,
    in_force_until=period_named("fide-2012").end,
    opponent_table=_table("virtual"),
    cut=plain_cut,
)

PRE_2012 = Edition(
    name="pre-2012",
    title="FIDE rule before 1 July 2012: an unplayed game counts as a draw against the player "
    "himself",
    citation="FIDE pre-2012 (draw against oneself)",
    in_force_from=period_named("pre-2012").start,
    in_force_until=period_named("pre-2012").end,
    opponent_table=_table("self"),
    cut=plain_cut,
)

SM_2012 = Edition(
    name="sm-2012",
    title="Swiss-Manager's conventions over the 2012 virtual opponent (its printouts of "
    "2018-2021): BH with a plain cut, SB with half the virtual opponent's value for each own "
    "unplayed round, ARO with the unplayed round cut first",
    citation="Swiss-Manager (sm-2012)",
    in_force_from=None,
    in_force_until=None,
    opponent_table=_table("sm"),
    cut=plain_cut,
    features=frozenset({"aro-cut-unplayed-first", "olympiad-real-match-points"}),
)


@hookimpl
def fide_tiebreaks_options() -> list[Option]:
    return [
        Option(
            name=OPTION_PAB,
            type="bool",
            default=True,
            help="fide-2012 and older editions: a pairing-allocated bye counts as unplayed "
            "in opponents' scores (no: its real points)",
        )
    ]


@hookimpl
def fide_tiebreaks_editions() -> list[Edition]:
    return [FIDE_2012, PRE_2012, SM_2012]
