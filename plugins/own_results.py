"""Own-results tie-breaks, C.07 Art. 7: WIN, WON, BPG, BWG, PS, REP (GE), and from 2026 STD
and TPN."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import replace
from fractions import Fraction
from typing import Any

from fide_tiebreaks import Context, Tiebreak, hookimpl
from fide_tiebreaks.codes import CUT, FORFEITS_AS_PLAYED, REVERSE, SCORE
from fide_tiebreaks.model import PLAYED_KINDS, Colour, Game, ResultKind, TournamentType
from fide_tiebreaks.numbers import exact_str, from_units
from fide_tiebreaks.tiebreak import Step, requires

_OTB_WINS = frozenset({ResultKind.WIN, ResultKind.UNRATED_WIN})
_WINS = _OTB_WINS | {ResultKind.FORFEIT_WIN}
_BYES = frozenset(
    {
        ResultKind.PAB,
        ResultKind.FULL_BYE,
        ResultKind.HALF_BYE,
        ResultKind.ZERO_BYE,
        ResultKind.NOT_PAIRED,
    }
)
# C.07 7.6: rounds not elected to play are requested byes and forfeit losses.
_NOT_ELECTED = frozenset(
    {
        ResultKind.HALF_BYE,
        ResultKind.ZERO_BYE,
        ResultKind.NOT_PAIRED,
        ResultKind.FORFEIT_LOSS,
        ResultKind.DOUBLE_FORFEIT,
    }
)


def counts_as_game(ctx: Context, g: Game) -> bool:
    """Whether a round is a game for the Art. 7 tie-breaks.

    Games over the board always are. In round robins forfeits are regular games (15.2),
    except that from 2026 forfeit losses stay unplayed for Art. 7. In Swiss events a forfeit
    is a game only with ``/P``."""
    if g.kind.played:
        return True
    if not g.kind.forfeit or g.opponent is None:
        return False
    if ctx.spec.forfeits_as_played:
        return True
    if ctx.tournament.type is not TournamentType.ROUND_ROBIN:
        return False
    return g.kind is ResultKind.FORFEIT_WIN or (
        "rr-forfeit-losses-unplayed-in-type-b" not in ctx.edition.features
    )


def wins(ctx: Context) -> dict[int, Fraction]:
    """WIN (7.1): rounds in which the participant got the points of a win, with or without
    playing (over-the-board and forfeit wins, and byes worth a win)."""
    t = ctx.tournament
    win = t.scoring.win * t.scale  # compared on the integer grid: Fraction == is slow
    return {
        p.id: from_units(
            len([g for g in p.results if g.kind in _WINS or (g.kind in _BYES and g.units == win)]),
            1,
        )
        for p in t.participants
    }


def games_won(ctx: Context) -> dict[int, Fraction]:
    """WON (7.2): games won over the board. A forfeit is never won over the board, so it
    does not count even where 15.2 makes it a regular game."""
    return {
        p.id: from_units(len([g for g in p.results if g.kind in _OTB_WINS]), 1)
        for p in ctx.tournament.participants
    }


def black_games(ctx: Context) -> dict[int, Fraction]:
    """BPG (7.3): games played with Black."""
    return {
        p.id: from_units(
            len([g for g in p.results if g.colour is Colour.BLACK and counts_as_game(ctx, g)]), 1
        )
        for p in ctx.tournament.participants
    }


def black_wins(ctx: Context) -> dict[int, Fraction]:
    """BWG (7.4): games won over the board with Black (as WON, a forfeit never counts)."""
    return {
        p.id: from_units(
            len([g for g in p.results if g.colour is Colour.BLACK and g.kind in _OTB_WINS]), 1
        )
        for p in ctx.tournament.participants
    }


def elected_to_play(ctx: Context) -> dict[int, Fraction]:
    """REP (7.6; GE in the 2023 text): the rounds minus requested byes and forfeit losses
    (rounds after a withdrawal are zero-point byes, 16.1). PABs, full-point byes and forfeit
    wins are not subtracted; in round robins a forfeit loss that counts as a game is not."""
    n = ctx.tournament.rounds
    return {
        p.id: from_units(
            n
            - len([g for g in p.results if g.kind in _NOT_ELECTED and not counts_as_game(ctx, g)]),
            1,
        )
        for p in ctx.tournament.participants
    }


def progressive(ctx: Context) -> dict[int, Fraction]:
    """PS (7.5): the sum of the cumulative scores after each round; unplayed rounds carry
    their points. Cut-n removes the n least significant values: the scores after rounds
    1..n (14.1-14.2)."""
    t = ctx.tournament
    drop = ctx.spec.cut
    out = {}
    for p in t.participants:
        running = total = 0
        for g in p.results:
            running += g.units
            if g.round > drop:
                total += running
        out[p.id] = from_units(total, t.scale)
    return out


def standard_points(ctx: Context) -> dict[int, Fraction]:
    """STD (2026, 7.7): 1 for each round in which the participant scored more than the
    scheduled opponent, or more than a draw without playing; ½ for the same as the opponent,
    or exactly a draw without playing. Turns any scoring system back into 1 / ½ / 0.

    Forfeits are rounds obtained without playing, so they compare with a draw: a double
    forfeit is 0 for both, as in 1 / ½ / 0 scoring (see docs/interpretations.md)."""
    t = ctx.tournament
    draw = int(t.scoring.draw * t.scale)
    index, people = t.index, t.participants
    # Each round's points by participant id, made in one ordered pass: looking them up here
    # stays in the processor's caches, where reaching into the opponent's own game record
    # (scattered over memory on a large field) does not.
    scored = [[0] * (max(index, default=0) + 1) for _ in range(t.rounds)]
    for p in people:
        for g in p.results:
            scored[g.round - 1][p.id] = g.units
    played = PLAYED_KINDS
    out = {}
    for p in people:
        halves = 0  # on a grid of half points
        for g in p.results:
            if g.kind in played and g.opponent is not None:
                other = scored[g.round - 1][g.opponent]
            else:
                other = draw
            halves += 2 if g.units > other else 1 if g.units == other else 0
        out[p.id] = from_units(halves, 2)
    return out


def pairing_number(ctx: Context) -> dict[int, Fraction]:
    """TPN (2026, 7.8): the final pairing number, ascending (``/R``: descending)."""
    return {p.id: Fraction(p.id) for p in ctx.tournament.participants}


only_from_2026 = requires("std-tpn-rtng", "C.07 (2026)")
Explainer = Callable[[Context, int], Sequence[Any]]


def _round_text(g: Game) -> str:
    what = g.kind.description
    against = f" against #{g.opponent}" if g.opponent is not None else ""
    colour = {Colour.WHITE: ", White", Colour.BLACK: ", Black"}.get(g.colour, "")
    return f"R{g.round}: {what}{against}{colour}"


def _by_rounds(compute: Callable[[Context], dict[int, Fraction]]) -> Explainer:
    """An explanation for a tie-break that adds up the participant's own rounds: what each
    round added, found as the value after that round minus the value before it (the same
    compute, on the tournament as it stood; computed once per standings and code)."""

    def explain(ctx: Context, pid: int) -> list[Step]:
        t = ctx.tournament
        series = ctx.cached(
            ("values by round", ctx.spec, id(t)),
            lambda: [
                compute(replace(ctx, tournament=t.after_round(r), cache={}))
                for r in range(t.rounds + 1)
            ],
        )
        out = []
        for g in t.participant(pid).results:
            delta = series[g.round][pid] - series[g.round - 1][pid]
            sign = "+" if delta >= 0 else ""
            out.append(
                Step(
                    text=f"{_round_text(g)}: {sign}{exact_str(delta)}",
                    value=delta,
                    round=g.round,
                    opponent=g.opponent,
                )
            )
        total = series[-1][pid]
        out.append(Step(f"total {exact_str(total)}", total))
        return out

    return explain


def _explain_tpn(ctx: Context, pid: int) -> list[Step]:
    order = "highest first (/R)" if ctx.spec.reverse else "lowest first"
    return [Step(f"pairing number {pid}; {order} ({ctx.edition.citation} 7.8)", Fraction(pid))]


@hookimpl
def fide_tiebreaks_register() -> list[Tiebreak]:
    game = frozenset({FORFEITS_AS_PLAYED})
    return [
        Tiebreak(
            code="WIN",
            name="Number of wins",
            compute=wins,
            article="7.1",
            description="Rounds with a win's points, with or without playing (teams: matches won).",
            modifiers=frozenset({SCORE}),
            explain=_by_rounds(wins),
        ),
        Tiebreak(
            code="WON",
            name="Number of games won",
            compute=games_won,
            article="7.2",
            description="Games won over the board.",
            explain=_by_rounds(games_won),
        ),
        Tiebreak(
            code="BPG",
            name="Number of games played with Black",
            compute=black_games,
            article="7.3",
            description="Games played over the board with Black.",
            modifiers=game,
            explain=_by_rounds(black_games),
        ),
        Tiebreak(
            code="BWG",
            name="Number of games won with Black",
            compute=black_wins,
            article="7.4",
            description="Games won over the board with Black.",
            explain=_by_rounds(black_wins),
        ),
        Tiebreak(
            code="PS",
            name="Progressive scores",
            compute=progressive,
            article="7.5",
            description="Sum of the cumulative scores after each round.",
            modifiers=frozenset({CUT, SCORE}),
            explain=_by_rounds(progressive),
        ),
        Tiebreak(
            code="REP",
            name="Rounds one elected to play",
            compute=elected_to_play,
            article="7.6",
            description="Rounds minus requested byes and forfeit losses (GE in the 2023 text).",
            modifiers=game,
            aliases=("GE",),
            explain=_by_rounds(elected_to_play),
        ),
        Tiebreak(
            code="STD",
            name="Standard points",
            compute=standard_points,
            article="7.7",
            description="Rounds scored as 1 / ½ / 0 against the scheduled opponent (2026).",
            check=only_from_2026,
            explain=_by_rounds(standard_points),
        ),
        Tiebreak(
            code="TPN",
            name="Tournament pairing number",
            compute=pairing_number,
            article="7.8",
            description="The pairing number, lowest first; /R: highest first (2026).",
            modifiers=frozenset({REVERSE}),
            lower_is_better=True,
            check=only_from_2026,
            explain=_explain_tpn,
        ),
    ]
