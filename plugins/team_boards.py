"""The board tie-breaks of team events, C.07 Art. 12: Board Count (12.1), Top Board Result
(12.2) and Bottom Board Elimination (12.3), registered by the ``team`` plugin, which loads
this module when one of them is first computed or explained."""

from __future__ import annotations

from fractions import Fraction

from fide_tiebreaks import Context
from fide_tiebreaks.model import TeamData
from fide_tiebreaks.numbers import exact_str
from fide_tiebreaks.tiebreak import Step, Table


def _team(ctx: Context) -> TeamData:
    data = ctx.tournament.team
    assert data is not None  # the team plugin's check (only_teams) ran before
    return data


def _boards(ctx: Context, tid: int) -> list[list[Fraction]]:
    """GP by board number for each round played so far."""
    data = _team(ctx)
    return [
        [b.points for b in data.lineups.get((tid, r), ())]
        for r in range(1, ctx.tournament.rounds + 1)
    ]


def board_count(ctx: Context) -> dict[int, Fraction]:
    """BC (12.1): the sum over all matches of board number times the game points scored on
    that board; lower is better (board points score more on higher boards)."""
    out = {}
    for p in ctx.tournament.participants:
        total = Fraction(0)
        for row in _boards(ctx, p.id):
            total += sum((b * pts for b, pts in enumerate(row, start=1)), Fraction(0))
        out[p.id] = total
    return out


def _by_board(ctx: Context, tid: int) -> list[Fraction]:
    n = _team(ctx).boards
    totals = [Fraction(0)] * n
    for row in _boards(ctx, tid):
        for b, pts in enumerate(row[:n]):
            totals[b] += pts
    return totals


def _places(keys: dict[int, tuple[Fraction, ...]]) -> dict[int, Fraction]:
    """Place inside the group by a key, best (largest) first, shared for equal keys."""
    order = sorted(keys, key=lambda pid: keys[pid], reverse=True)
    out: dict[int, Fraction] = {}
    for i, pid in enumerate(order):
        same = i and keys[order[i - 1]] == keys[pid]
        out[pid] = out[order[i - 1]] if same else Fraction(i + 1)
    return out


def explain_bc(ctx: Context, pid: int) -> list[Step]:
    out = []
    total = Fraction(0)
    for r, row in enumerate(_boards(ctx, pid), start=1):
        terms = [f"{b} x {exact_str(pts)}" for b, pts in enumerate(row, start=1)]
        value = sum((b * pts for b, pts in enumerate(row, start=1)), Fraction(0))
        total += value
        out.append(
            Step(
                f"R{r}: board x game points: {' + '.join(terms) or 'no boards'} = "
                f"{exact_str(value)}",
                value,
                r,
            )
        )
    out.append(
        Step(f"total {exact_str(total)}; lower is better ({ctx.edition.citation} 12.1)", total)
    )
    return out


def explain_tbr(ctx: Context, pid: int) -> list[Step | Table]:
    return _explain_boards(ctx, pid, bbe=False)


def explain_bbe(ctx: Context, pid: int) -> list[Step | Table]:
    return _explain_boards(ctx, pid, bbe=True)


def _explain_boards(ctx: Context, pid: int, bbe: bool) -> list[Step | Table]:
    members = sorted(ctx.group or {pid})
    if len(members) < 2:
        return [Step("not tied with anyone when the list reached it: place 1", Fraction(1))]
    n = _team(ctx).boards
    totals = {tid: _by_board(ctx, tid) for tid in members}
    if bbe:
        header = ("", *(f"boards 1-{k}" for k in range(n - 1, 0, -1)))
        kept = range(n - 1, 0, -1)
        rows = tuple(
            (f"#{tid}", *(exact_str(sum(totals[tid][:k], Fraction(0))) for k in kept))
            for tid in members
        )
        caption = f"game points without the last boards ({ctx.edition.citation} 12.3)"
    else:
        header = ("", *(f"board {b}" for b in range(1, n + 1)))
        rows = tuple((f"#{tid}", *(exact_str(v) for v in totals[tid])) for tid in members)
        caption = f"game points by board ({ctx.edition.citation} 12.2)"
    place = (bottom_board_elimination if bbe else top_board_result)(ctx)[pid]
    return [
        Table(caption, header, rows),
        Step("compared column by column from the left; the first difference decides"),
        Step(f"#{pid}: place {place} of {len(members)}", place),
    ]


def top_board_result(ctx: Context) -> dict[int, Fraction]:
    """TBR (12.2): game points on board 1; if still tied, board 2, and so on. A ranking of
    the tied group (1 = best)."""
    assert ctx.group is not None
    return _places({tid: tuple(_by_board(ctx, tid)) for tid in ctx.group})


def bottom_board_elimination(ctx: Context) -> dict[int, Fraction]:
    """BBE (12.3): game points on all boards but the last; if still tied, without the last
    two, and so on. A ranking of the tied group (1 = best)."""
    assert ctx.group is not None
    keys = {}
    for tid in ctx.group:
        boards = _by_board(ctx, tid)
        keys[tid] = tuple(sum(boards[:k], Fraction(0)) for k in range(len(boards) - 1, 0, -1))
    return _places(keys)
