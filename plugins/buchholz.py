"""The Buchholz family, C.07 Art. 8: Buchholz (8.1), Average of Opponents' Buchholz (8.2) and
Fore Buchholz (8.3), with Cut-n / Median-n (14.1-14.4) and ``/P``."""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction

from fide_tiebreaks import Context, Tiebreak, hookimpl
from fide_tiebreaks.codes import CUT, FORE, FORFEITS_AS_PLAYED, MEDIAN, SCORE
from fide_tiebreaks.editions import OpponentTable, sum_of_scores, table_columns
from fide_tiebreaks.model import PLAYED_KINDS, Colour, ResultKind, Tournament, TournamentType
from fide_tiebreaks.numbers import exact_str, from_units
from fide_tiebreaks.tiebreak import Line, Step, Unusable


def _sums(ctx: Context, table: OpponentTable) -> dict[int, Fraction]:
    low = ctx.spec.cut or ctx.spec.median
    high = ctx.spec.median
    cut = ctx.edition.cut
    out = {}
    columns = table_columns(table)
    if columns is not None and not (low or high):  # the opponents' scores, as plain numbers
        for p, scores in zip(ctx.tournament.participants, columns[0], strict=True):
            out[p.id] = from_units(sum(scores), table.scale)
        return out
    for p, entries in zip(ctx.tournament.participants, table.entries, strict=True):
        kept = cut(entries, low, high, False) if low or high else entries
        out[p.id] = from_units(sum_of_scores(kept), table.scale)
    return out


def buchholz(ctx: Context) -> dict[int, Fraction]:
    """BH (8.1): the sum of the opponents' scores; unplayed rounds as the edition says
    (Art. 16 in Swiss events: adjusted scores and the dummy opponent)."""
    return _sums(ctx, ctx.opponent_table())


def fore_tournament(t: Tournament) -> Tournament:
    """The tournament as if every game paired in the final round had been drawn (8.3).

    Byes keep their points; a final-round forfeit is a paired game, so it becomes a draw
    against the scheduled opponent too."""
    if t.rounds == 0:
        return t
    people = []
    for p in t.participants:
        g = p.results[-1]
        if g.opponent is None:
            people.append(p)
            continue
        colour = g.colour if g.colour is not Colour.NONE else Colour.WHITE
        pts = t.scoring.points(ResultKind.DRAW, colour)
        drawn = g._replace(kind=ResultKind.DRAW, points=pts, units=int(pts * t.scale))
        units = p.units - g.units + drawn.units
        people.append(
            replace(
                p, results=(*p.results[:-1], drawn), units=units, points=from_units(units, t.scale)
            )
        )
    return replace(t, participants=tuple(people))


def _fore_table(ctx: Context) -> OpponentTable:
    key = (
        "fore",
        ctx.edition.name,
        id(ctx.tournament),
        ctx.spec.forfeits_as_played,
        tuple(sorted(ctx.options.items())),
    )
    if key not in ctx.cache:
        fore = fore_tournament(ctx.tournament)
        ctx.cache[key] = ctx.edition.opponent_table(fore, ctx.spec.forfeits_as_played, ctx.options)
    table: OpponentTable = ctx.cache[key]
    return table


def fore_buchholz(ctx: Context) -> dict[int, Fraction]:
    """FB (8.3): Buchholz computed as if every game of the final round had been drawn, with
    Art. 16 applied to that tournament (the dummy scores the fore-adjusted own score)."""
    return _sums(ctx, _fore_table(ctx))


def average_of_opponents_buchholz(ctx: Context) -> dict[int, Fraction]:
    """AOB (8.2): the mean of the Buchholz of the opponents played over the board (exact;
    the rules state no rounding; a repeated opponent counts once per game, 4.4). The
    opponents' Buchholz takes this code's cut or median; ``AOB/F`` (2026) averages their
    Fore Buchholz."""
    t = ctx.tournament
    table = _fore_table(ctx) if ctx.spec.fore else ctx.opponent_table()
    theirs = _sums(ctx, table)
    out = {}
    for p in t.participants:
        # "played over the board": forfeits never count, even in round robins (15.2)
        met = [theirs[g.opponent] for g in p.results if g.kind in PLAYED_KINDS]
        out[p.id] = sum(met, Fraction(0)) / len(met) if met else Fraction(0)
    return out


def _explain_aob(ctx: Context, pid: int) -> list[Step]:
    theirs = ctx.cached(
        ("aob sums", ctx.spec, id(ctx.tournament)),
        lambda: _sums(ctx, _fore_table(ctx) if ctx.spec.fore else ctx.opponent_table()),
    )
    which = "Fore Buchholz" if ctx.spec.fore else "Buchholz"
    cut = "" if not (ctx.spec.cut or ctx.spec.median) else f" (with {ctx.spec.code}'s cut)"
    out = []
    met = []
    for g in ctx.tournament.participant(pid).results:
        if g.kind.played and g.opponent is not None:
            met.append(theirs[g.opponent])
            out.append(
                Step(
                    text=f"R{g.round} #{g.opponent}: {which}{cut} {exact_str(theirs[g.opponent])}",
                    value=theirs[g.opponent],
                    round=g.round,
                    opponent=g.opponent,
                )
            )
        else:
            out.append(
                Step(
                    text=f"R{g.round}: not played over the board: not counted",
                    value=None,
                    round=g.round,
                    opponent=g.opponent,
                )
            )
    mean = sum(met, Fraction(0)) / len(met) if met else Fraction(0)
    out.append(
        Step(
            f"mean of {len(met)} opponents' {which}: {exact_str(sum(met, Fraction(0)))}"
            f" / {len(met)} = {exact_str(mean)}, exact ({ctx.edition.citation} 8.2 "
            "states no rounding)",
            mean,
        )
    )
    return out


def explain_bh(ctx: Context, pid: int) -> tuple[Line, ...]:
    """The opponents' scores as BH counts them (also the team plugin's BH:MP / BH:GP)."""
    from fide_tiebreaks.explain import opponent_lines

    return opponent_lines(ctx, pid, ctx.opponent_table(), weighted=False)


def explain_fb(ctx: Context, pid: int) -> tuple[Line, ...]:
    """The opponents' scores as FB counts them: the last round drawn (C.07 8.3)."""
    from fide_tiebreaks.explain import opponent_lines

    return opponent_lines(ctx, pid, _fore_table(ctx), weighted=False)


def _check(ctx: Context) -> None:
    features = ctx.edition.features
    if "no-buchholz-in-round-robin" in features and (
        ctx.tournament.type is TournamentType.ROUND_ROBIN
    ):
        raise Unusable(
            f"{ctx.edition.citation} Art. 8: the Buchholz family (BH, AOB, FB) must "
            "not be used in round robins; choose e.g. SB or DE, or --type swiss if "
            "the event is not one"
        )
    if ctx.spec.fore and "aob-fore" not in features:
        raise Unusable(
            f"AOB/F exists from C.07 (2026) on; the edition in use is {ctx.edition.name}"
        )


@hookimpl
def fide_tiebreaks_register() -> list[Tiebreak]:
    cut_median = frozenset({CUT, MEDIAN, FORFEITS_AS_PLAYED, SCORE})
    return [
        Tiebreak(
            code="BH",
            name="Buchholz",
            compute=buchholz,
            article="8.1",
            description="Sum of the opponents' scores.",
            modifiers=cut_median,
            check=_check,
            explain=explain_bh,
        ),
        Tiebreak(
            code="AOB",
            name="Average of opponents' Buchholz",
            compute=average_of_opponents_buchholz,
            article="8.2",
            description="Mean Buchholz of the opponents met over the board.",
            modifiers=frozenset({CUT, MEDIAN, FORFEITS_AS_PLAYED, FORE, SCORE}),
            check=_check,
            explain=_explain_aob,
        ),
        Tiebreak(
            code="FB",
            name="Fore Buchholz",
            compute=fore_buchholz,
            article="8.3",
            description="Buchholz as if every final-round game had been drawn.",
            modifiers=cut_median,
            check=_check,
            explain=explain_fb,
        ),
    ]
