"""Unplayed rounds under FIDE C.07, Art. 15-16: the editions ``fide-2023``, ``fide-2024`` and
``fide-2026``.

Registered through ``fide_tiebreaks_editions`` like any third-party policy. The 2023 and 2024
texts give the same numbers (the Aug-2024 changes were editorial: REP for GE, Cut-1 worded on
values); 2026 caps the dummy opponent (16.4.1, 16.4.2) and changes 15.2.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from operator import attrgetter
from typing import Any

from fide_tiebreaks import hookimpl
from fide_tiebreaks.editions import (
    Edition,
    Entry,
    OpponentTable,
    column_table,
    entry_score,
    entry_vur,
    make_entry,
    period_named,
)
from fide_tiebreaks.model import PLAYED_KINDS, Participant, ResultKind, Tournament, TournamentType

# C.07 (2024) 16.1: a requested bye is a half- or zero-point bye; every round after a
# withdrawal counts as a zero-point bye, and so does a round with no entry.
REQUESTED_BYES = frozenset({ResultKind.HALF_BYE, ResultKind.ZERO_BYE, ResultKind.NOT_PAIRED})
# C.07 (2024) 16.2: voluntarily unplayed rounds (VUR) are requested byes and forfeit losses.
VUR_KINDS = REQUESTED_BYES | {ResultKind.FORFEIT_LOSS, ResultKind.DOUBLE_FORFEIT}
# Game fields, for the loops in C over a participant's results
game_kind, game_opponent, game_units = (
    attrgetter("kind"),
    attrgetter("opponent"),
    attrgetter("units"),
)
_CATEGORY = {
    ResultKind.PAB: "16.2.1",
    ResultKind.FULL_BYE: "16.2.1",
    ResultKind.FORFEIT_WIN: "16.2.2",
    ResultKind.FORFEIT_LOSS: "16.2.4",
    ResultKind.DOUBLE_FORFEIT: "16.2.4",
}


def last_non_vur(p: Participant) -> int:
    """The last round that is not a VUR (0 when every round is one)."""
    for g in reversed(p.results):
        if g.kind not in VUR_KINDS:
            return g.round
    return 0


def categories(p: Participant) -> list[str]:
    """C.07 (2024) 16.2: the category of each round ("played" for a game over the board).

    A requested bye is 16.2.3 when at least one later round is not a VUR, else 16.2.5
    (this covers withdrawals and a bye in the last round)."""
    last = last_non_vur(p)
    return [category(g.kind, g.round, last) for g in p.results]


def category(kind: ResultKind, rnd: int, last: int) -> str:
    """C.07 (2024) 16.2: the category of round *rnd* of kind *kind*, for a participant whose
    last round that is not a VUR is *last* (:func:`last_non_vur`)."""
    if kind in PLAYED_KINDS:
        return "played"
    if kind in REQUESTED_BYES:
        return "16.2.3" if rnd < last else "16.2.5"
    return _CATEGORY[kind]


def adjusted_units(t: Tournament) -> list[int]:
    """C.07 (2024) 16.3: a participant's score as opponents see it: requested byes of
    category 16.2.5 count as draws; every other round counts the points actually scored."""
    draw = t.scoring.draw * t.scale
    assert draw.denominator == 1
    d = int(draw)
    out = []
    for p in t.participants:
        units = p.units
        if not p.results or p.results[-1].kind not in VUR_KINDS:
            out.append(units)  # no VUR at the end: no 16.2.5 bye (the common case)
            continue
        for g in p.results[last_non_vur(p) :]:
            if g.kind in REQUESTED_BYES:
                units += d - g.units
        out.append(units)
    return out


def opponent_table(
    t: Tournament, forfeits_as_played: bool, options: Mapping[str, Any] | None = None
) -> OpponentTable:
    """Opponent entries under C.07 (2023) and (2024).

    - Round robin (15.2): forfeits are regular games; byes contribute nothing.
    - Swiss (16.3-16.4): a played game counts the opponent's adjusted score; an own unplayed
      round counts a dummy opponent with the participant's own final score (16.4, uncapped).
      With ``/P`` a forfeit counts as a game against the scheduled opponent.
    """
    return _swiss_or_round_robin(t, forfeits_as_played, capped=False)


def opponent_table_2026(
    t: Tournament, forfeits_as_played: bool, options: Mapping[str, Any] | None = None
) -> OpponentTable:
    """Opponent entries under C.07 (2026): as 2024, but the dummy's score, the participant's
    own score, is capped: for forfeits (16.2.2, 16.2.4) at the scheduled opponent's adjusted
    score (16.4.1), for every other unplayed round at a draw's points times the number of
    rounds (16.4.2)."""
    return _swiss_or_round_robin(t, forfeits_as_played, capped=True)


def _swiss_or_round_robin(t: Tournament, forfeits_as_played: bool, capped: bool) -> OpponentTable:
    if t.type is TournamentType.ROUND_ROBIN:
        return _round_robin(t)
    adjusted = adjusted_units(t)
    # adjusted score by participant id: list indexing is cheaper than a dict in the hot loop
    by_id = [0] * (max(t.index, default=0) + 1)
    for pid, i in t.index.items():
        by_id[pid] = adjusted[i]
    draws_cap = int(t.scoring.draw * t.scale) * t.rounds  # 16.4.2 (2026)
    every_played = PLAYED_KINDS.issuperset
    score_of = by_id.__getitem__
    regular: list[bool] = []  # every round played: the row's scores are its opponents'
    scores, points = [], []
    for p in t.participants:
        results = p.results
        regular.append(every_played(map(game_kind, results)))
        if regular[-1]:
            scores.append(tuple(map(score_of, map(game_opponent, results))))
        else:
            scores.append(_scores(p, by_id, forfeits_as_played, capped, draws_cap))
        points.append(tuple(map(game_units, results)))
    state = (t, by_id, regular, (forfeits_as_played, capped, draws_cap))
    return column_table(t.scale, tuple(adjusted), (tuple(scores), tuple(points)), _entries, state)


def _entries(
    state: tuple[Tournament, list[int], list[bool], tuple[bool, bool, int]],
) -> tuple[tuple[Entry, ...], ...]:
    """The table's entries, made when first read: a row of rounds all played gets an entry
    per game against the opponent's adjusted score, any other row its :func:`_row`."""
    t, by_id, regular, rules = state
    return tuple(
        tuple(
            make_entry((rnd, opp, by_id[opp], units, False, "played"))
            for rnd, _kind, opp, _colour, _points, units in p.results  # Game fields, unpacked
        )
        if played
        else _row(p, by_id, *rules)
        for p, played in zip(t.participants, regular, strict=True)
    )


def _scores(
    p: Participant, by_id: list[int], forfeits_as_played: bool, capped: bool, draws_cap: int
) -> tuple[int, ...]:
    """The scores of :func:`_row`'s entries, without making them."""
    out = []
    for _rnd, kind, opp, _colour, _points, _units in p.results:  # Game fields, unpacked
        if kind in PLAYED_KINDS or (forfeits_as_played and kind.forfeit and opp is not None):
            out.append(by_id[opp])
        else:
            out.append(_dummy_score(p, opp, by_id, capped, draws_cap))
    return tuple(out)


def _dummy_score(
    p: Participant, opp: int | None, by_id: list[int], capped: bool, draws_cap: int
) -> int:
    """The dummy opponent's score of an unplayed round: the participant's own (16.4); from
    2026 at most the absent opponent's score, or with none all draws (16.4.1, 16.4.2)."""
    if not capped:
        return p.units
    return min(p.units, by_id[opp] if opp is not None else draws_cap)


def _row(
    p: Participant, by_id: list[int], forfeits_as_played: bool, capped: bool, draws_cap: int
) -> tuple[Entry, ...]:
    """The entries of a participant with an unplayed round (16.2-16.4)."""
    row: list[Entry] = []
    append = row.append
    last: int | None = None  # last_non_vur(p), found at the first unplayed round
    for rnd, kind, opp, _colour, _points, units in p.results:  # Game fields, unpacked
        if kind in PLAYED_KINDS:
            append(make_entry((rnd, opp, by_id[opp], units, False, "played")))
            continue
        if forfeits_as_played and kind.forfeit and opp is not None:
            append(
                Entry(
                    round=rnd,
                    opponent=opp,
                    score=by_id[opp],
                    points=units,
                    vur=False,
                    category="/P",
                )
            )
            continue
        if last is None:
            last = last_non_vur(p)
        append(
            Entry(
                round=rnd,
                opponent=None,
                score=_dummy_score(p, opp, by_id, capped, draws_cap),
                points=units,
                vur=kind in VUR_KINDS,
                category=category(kind, rnd, last),
            )
        )
    return tuple(row)


def round_robin_table(t: Tournament) -> OpponentTable:
    """C.07 15.2 (and the older texts: unplayed games in round robins count as played):
    every game and forfeit against the scheduled opponent's final score; byes add nothing."""
    return _round_robin(t)


def _round_robin(t: Tournament) -> OpponentTable:
    index = t.index
    raw = tuple(p.units for p in t.participants)
    rows = tuple(
        tuple(
            Entry(
                round=g.round,
                opponent=g.opponent,
                score=raw[index[g.opponent]],
                points=g.units,
                vur=False,
                category="15.2",
            )
            for g in p.results
            if g.opponent is not None
        )
        for p in t.participants
    )
    return OpponentTable(t.scale, rows, raw)


def cut(entries: Sequence[Entry], low: int, high: int, weighted: bool) -> list[Entry]:
    """Cut and Median, C.07 (2024) 14.1-14.4 with the VUR exception 16.5.

    The least significant value is the lowest opponent score; for weighted tie-breaks (SB,
    14.1.1) ties go to the lowest product. 16.5.1: the lowest VUR contribution is cut
    instead, as long as it is not lower than the least significant value; 16.5.2 repeats
    this for each further cut. High cuts (medians) ignore VURs.
    """
    kept = list(entries)
    if weighted:

        def rank(e: Entry) -> tuple[int, int]:
            return (e.score, e.score * e.points)

        def value(e: Entry) -> int:
            return e.score * e.points
    else:
        # (score, 0) orders as the score alone
        rank = value = entry_score  # type: ignore[assignment]

    vur_left = any(map(entry_vur, kept))  # a cut never adds one: without VURs, skip 16.5
    for _ in range(low):
        if not kept:
            break
        victim = min(kept, key=rank)
        if vur_left:
            vurs = [e for e in kept if e.vur]
            if vurs:
                # Among equal VUR contributions the least significant goes first (14.1
                # order): when the least significant value is itself a VUR, that one is
                # cut. This only matters where dummies differ (2026 caps them, 16.4.2),
                # and for what the next cut of Cut-2 / Median-2 then compares (16.5.2).
                lowest_vur = min(vurs, key=lambda e: (value(e), rank(e)))
                if value(lowest_vur) >= value(victim):
                    victim = lowest_vur
            else:
                vur_left = False
        kept.remove(victim)
    for _ in range(high):
        if not kept:
            break
        kept.remove(max(kept, key=rank))
    return kept


FIDE_2023 = Edition(
    name="fide-2023",
    title="FIDE C.07 Play-off and Tie-Break Regulations, in force 1 September 2023 - "
    "31 July 2024 (with the April 2024 clarifications)",
    citation="C.07 (2023)",
    in_force_from=period_named("fide-2023").start,
    in_force_until=period_named("fide-2023").end,
    opponent_table=opponent_table,
    cut=cut,
    features=frozenset({"rep-named-ge"}),
)

FIDE_2024 = Edition(
    name="fide-2024",
    title="FIDE C.07 Tie-Break Regulations, in force 1 August 2024 - 28 February 2026",
    citation="C.07 (2024)",
    in_force_from=period_named("fide-2024").start,
    in_force_until=period_named("fide-2024").end,
    opponent_table=opponent_table,
    cut=cut,
)

FIDE_2026 = Edition(
    name="fide-2026",
    title="FIDE C.07 Play-Off and Tie-Break Regulations, in force from 1 March 2026",
    citation="C.07 (2026)",
    in_force_from=period_named("fide-2026").start,
    in_force_until=period_named("fide-2026").end,
    opponent_table=opponent_table_2026,
    cut=cut,
    features=frozenset(
        {
            "rr-forfeit-losses-unplayed-in-type-b",
            "no-buchholz-in-round-robin",
            "aob-fore",
            "std-tpn-rtng",
        }
    ),
)


@hookimpl
def fide_tiebreaks_editions() -> list[Edition]:
    return [FIDE_2023, FIDE_2024, FIDE_2026]
