"""The US Chess systems read from a player's own games: result between tied players (34E5),
most blacks (34E6), Kashdan (34E7) and the average rating of the opposition (34E11)."""

from __future__ import annotations

from fractions import Fraction
from typing import TYPE_CHECKING

from fide_tiebreaks import Context
from fide_tiebreaks.model import Colour, Game, ResultKind
from fide_tiebreaks.numbers import exact_str

if TYPE_CHECKING:
    from fide_tiebreaks.explain import Step

# 34E7: "4 tiebreak points for a win, 2 for a draw, 1 for a loss, and 0 for an unplayed game"
KASHDAN = {
    ResultKind.WIN: 4,
    ResultKind.UNRATED_WIN: 4,
    ResultKind.DRAW: 2,
    ResultKind.UNRATED_DRAW: 2,
    ResultKind.LOSS: 1,
    ResultKind.UNRATED_LOSS: 1,
}
WINS = frozenset({ResultKind.WIN, ResultKind.UNRATED_WIN})
LOSSES = frozenset({ResultKind.LOSS, ResultKind.UNRATED_LOSS})


def kashdan(ctx: Context) -> dict[int, Fraction]:
    """KASH, US Chess OR7 34E7: 4 for a win, 2 for a draw, 1 for a loss, 0 for an unplayed
    game (forfeits and byes included), added up."""
    return {
        p.id: Fraction(sum(KASHDAN.get(g.kind, 0) for g in p.results))
        for p in ctx.tournament.participants
    }


def explain_kashdan(ctx: Context, pid: int) -> list[Step]:
    from fide_tiebreaks.explain import Step

    out = []
    for g in ctx.tournament.participant(pid).results:
        worth = KASHDAN.get(g.kind, 0)
        why = "" if g.kind in KASHDAN else ", unplayed"
        out.append(
            Step(f"R{g.round}: {g.kind.description}{why}: {worth}", Fraction(worth), round=g.round)
        )
    total = sum(KASHDAN.get(g.kind, 0) for g in ctx.tournament.participant(pid).results)
    out.append(Step(f"4 per win, 2 per draw, 1 per loss, 0 unplayed: {total} (34E7)"))
    return out


def _black(g: Game) -> bool:
    return g.kind.played and g.colour is Colour.BLACK


def most_blacks(ctx: Context) -> dict[int, Fraction]:
    """MBLK, US Chess OR7 34E6: the number of games played with Black (an unplayed game has
    no colour that was played)."""
    return {
        p.id: Fraction(sum(1 for g in p.results if _black(g))) for p in ctx.tournament.participants
    }


def explain_most_blacks(ctx: Context, pid: int) -> list[Step]:
    from fide_tiebreaks.explain import Step

    p = ctx.tournament.participant(pid)
    rounds = [str(g.round) for g in p.results if _black(g)]
    listed = ", ".join(rounds) or "none"
    return [Step(f"games played with Black in rounds: {listed} (34E6)", Fraction(len(rounds)))]


def _plus_minus(games: tuple[Game, ...], group: frozenset[int]) -> int:
    """Wins minus losses over the board against members of *group*."""
    score = 0
    for g in games:
        if g.opponent in group:
            score += (g.kind in WINS) - (g.kind in LOSSES)
    return score


def result_between_tied(ctx: Context) -> dict[int, Fraction]:
    """USDE, US Chess OR7 34E5: among the players still tied, the results of the games they
    played each other, ranked by plus or minus (wins less losses), not by percentage: 3-1
    ("plus two") beats 1-0 ("plus one"). Unplayed games between them do not count."""
    group = ctx.group or frozenset(p.id for p in ctx.tournament.participants)
    t = ctx.tournament
    return {pid: Fraction(_plus_minus(t.participant(pid).results, group - {pid})) for pid in group}


def explain_result_between_tied(ctx: Context, pid: int) -> list[Step]:
    from fide_tiebreaks.explain import Step

    t = ctx.tournament
    group = (ctx.group or frozenset(p.id for p in t.participants)) - {pid}
    out = []
    for g in t.participant(pid).results:
        if g.opponent in group and g.kind.played:
            sign = {True: "+1", False: "0"}[g.kind in WINS] if g.kind not in LOSSES else "-1"
            out.append(Step(f"R{g.round} v #{g.opponent}: {g.kind.description} {sign}", None))
    value = _plus_minus(t.participant(pid).results, group)
    tied = ", ".join(f"#{o}" for o in sorted(group)) or "nobody"
    out.append(Step(f"plus/minus against {tied}: {value:+d} (34E5)", Fraction(value)))
    return out


def _ratings_met(ctx: Context, pid: int) -> list[int]:
    t = ctx.tournament
    out = []
    for g in t.participant(pid).results:
        if g.kind.played and g.opponent is not None:
            rating = t.participant(g.opponent).rating
            if rating:
                out.append(rating)
    return out


def average_rating_of_opposition(ctx: Context) -> dict[int, Fraction]:
    """USARO, US Chess OR7 34E11: the mean rating of the opponents played (exact, no
    rounding stated); unrated opponents and unplayed games are left out; 0 when none."""
    out = {}
    for p in ctx.tournament.participants:
        met = _ratings_met(ctx, p.id)
        out[p.id] = Fraction(sum(met), len(met)) if met else Fraction(0)
    return out


def explain_average_rating(ctx: Context, pid: int) -> list[Step]:
    from fide_tiebreaks.explain import Step

    t = ctx.tournament
    unrated = [
        f"#{g.opponent}"
        for g in t.participant(pid).results
        if g.kind.played and g.opponent is not None and not t.participant(g.opponent).rating
    ]
    met = _ratings_met(ctx, pid)
    mean = Fraction(sum(met), len(met)) if met else Fraction(0)
    listed = " + ".join(map(str, met)) or "no rated opponent played"
    out = [Step(f"({listed}) / {len(met)} = {exact_str(mean)} (34E11)", mean)]
    if unrated:
        out.append(Step(f"unrated, left out: {', '.join(unrated)}"))
    return out
