"""Rating-based tie-breaks, C.07 Art. 10: ARO, TPR, PTP, APRO, APPO, and from 2026 RTNG.

Opponents count only when met over the board: never byes, never forfeits (C.07 (2026) 15.2
says so for round robins; FIDE TEC's reference program reads the earlier texts the same way).
The rules drop these tie-breaks when unrated players are present, unless the regulations
give unrated players a rating (Art. 10): their national rating where the file gives one
(``options["national_ratings"]``, CLI ``--national-ratings``; TRF-2026 national rating lines),
else a fixed rating (``options["unrated_rating"]``, CLI ``--unrated-rating``). The rating is
the initial one unless the regulations name the rating in force at each round
(``options["ratings"] = "per-round"``, CLI ``--ratings per-round``), for events that span
two rating lists.
"""

from __future__ import annotations

from fractions import Fraction
from math import floor

from fide_tiebreaks import Context, Option, Tiebreak, hookimpl
from fide_tiebreaks.codes import CUT, MEDIAN, REVERSE
from fide_tiebreaks.model import PLAYED_KINDS, Participant, ResultKind
from fide_tiebreaks.numbers import exact_str, from_units
from fide_tiebreaks.tiebreak import MAX_RATING, Step, Unusable, requires

ZERO = Fraction(0)


def half_up(x: Fraction) -> int:
    """Round to the nearest integer, .5 up (C.07 10.1, 10.4, 10.5)."""
    return floor(x + Fraction(1, 2))


PER_ROUND = "per-round"  # options["ratings"]: the rating in force at each round


def _rating(ctx: Context, p: Participant, rnd: int = 0) -> int:
    """The rating a rating tie-break uses for *p* (in round *rnd* when the regulations name
    the rating in force at each round, ``options["ratings"] = "per-round"``; else the initial
    rating). An unrated player gets the national rating where the file gives one and the
    regulations say so (``national_ratings``), else the regulations' fixed rating
    (``unrated_rating``): the two methods C.07 Art. 10 leaves to the regulations."""
    rating = p.rating_in_round(rnd) if rnd and ctx.options.get("ratings") == PER_ROUND else p.rating
    if rating is None and ctx.options.get("national_ratings"):
        rating = p.national_rating
    if rating is not None:
        return rating
    return int(ctx.options.get("unrated_rating") or 0)


def _how(ctx: Context, p: Participant, rnd: int) -> str:
    """Where the rating of *p* in round *rnd* came from, for explanations."""
    if rnd and ctx.options.get("ratings") == PER_ROUND and p.rating_in_round(rnd) != p.rating:
        return f" (the rating in force in round {rnd})"
    if p.rating is not None:
        return ""
    if ctx.options.get("national_ratings") and p.national_rating is not None:
        return " (unrated: the national rating)"
    return " (unrated: the regulations' rating)"


def _key(ctx: Context, what: str) -> tuple[object, ...]:
    o = ctx.options
    return (
        what,
        id(ctx.tournament),
        o.get("unrated_rating"),
        o.get("national_ratings"),
        o.get("ratings"),
    )


# A game's result as ratings count it (B.02: 1 / ½ / 0), in half points, whatever the
# tournament's scoring system gives for it (3-1-0 football scoring, say).
_HALVES = {
    ResultKind.WIN: 2,
    ResultKind.UNRATED_WIN: 2,
    ResultKind.DRAW: 1,
    ResultKind.UNRATED_DRAW: 1,
}


def _games(ctx: Context) -> dict[int, tuple[list[int], Fraction]]:
    """Per participant: the ratings of the opponents met over the board, and the score in
    those games as ratings count it (1 / ½ / 0, not the event's scoring system: a
    performance compares results with expected scores). Computed once per standings run."""
    key = _key(ctx, "rated games")
    if key not in ctx.cache:
        t = ctx.tournament
        rating = {p.id: _rating(ctx, p) for p in t.participants}
        per_round = ctx.options.get("ratings") == PER_ROUND
        halves, played = _HALVES.get, PLAYED_KINDS
        games = {}
        for p in t.participants:
            met = [g for g in p.results if g.kind in played]
            ratings = (
                [_rating(ctx, t.participant(g.opponent), g.round) for g in met]
                if per_round
                else [rating[g.opponent] for g in met]
            )
            games[p.id] = (ratings, from_units(sum([halves(g.kind, 0) for g in met]), 2))
        ctx.cache[key] = games
    games: dict[int, tuple[list[int], Fraction]] = ctx.cache[key]
    return games


def _cut(ratings: list[int], low: int, high: int) -> list[int]:
    """Cut and Median on ratings (14.1-14.4): the lowest first, then the highest."""
    kept = sorted(ratings)[low:]
    return kept[: len(kept) - high] if high else kept


def _low_cut(ctx: Context, rated: int) -> int:
    """How many of the lowest ratings Cut/Median removes from *rated* games. Under an
    edition with ``aro-cut-unplayed-first`` (sm-2012, Swiss-Manager's ARO with Cut, rule 1
    of docs/interpretations.md) a round without a game over the board is worse than any
    rating and is cut first: ``max(0, n - unplayed rounds)`` ratings go."""
    low = ctx.spec.cut or ctx.spec.median
    if low and "aro-cut-unplayed-first" in ctx.edition.features:
        return max(0, low - (ctx.tournament.rounds - rated))
    return low


def average_rating(ctx: Context) -> dict[int, Fraction]:
    """ARO (10.1): the mean rating of the opponents met over the board, rounded half up;
    Cut/Median remove the lowest/highest ratings first."""
    high = ctx.spec.median
    out = {}
    for pid, (ratings, _) in _games(ctx).items():
        low = _low_cut(ctx, len(ratings))
        kept = _cut(ratings, low, high) if low or high else ratings
        # the mean rounded half up, in integers: floor(sum / n + 1/2)
        out[pid] = from_units((2 * sum(kept) + len(kept)) // (2 * len(kept)), 1) if kept else ZERO
    return out


def performance(ratings: list[int], points: Fraction) -> int | None:
    """TPR (10.2): ARO + dp(p), with p = points / games rounded to hundredths (half up)
    for the table 8.1(a) lookup, and the ARO rounded as in 10.1."""
    # B.02's tables load with the first TPR or PTP computed: most lists have neither
    from fide_tiebreaks.fide_tables import DP_BY_HUNDREDTHS

    if not ratings:
        return None
    p = half_up(points * 100 / len(ratings))
    return half_up(Fraction(sum(ratings), len(ratings))) + DP_BY_HUNDREDTHS[p]


def perfect_performance(ratings: list[int], points: Fraction) -> int | None:
    """PTP (10.3): the lowest integer rating whose expected score against the opponents
    (table 8.1(b), full scale) reaches the points scored; a zero score gives the lowest
    opponent rating minus 800."""
    from fide_tiebreaks.fide_tables import expected_hundredths  # as in performance()

    if not ratings:
        return None
    if points == 0:
        return min(ratings) - 800
    target = points * 100

    def enough(r: int) -> bool:
        return sum(expected_hundredths(r - x) for x in ratings) >= target

    low, high = min(ratings) - 800, max(ratings) + 800  # enough(high) always holds
    while low < high:  # the expected score only grows with r
        mid = (low + high) // 2
        if enough(mid):
            high = mid
        else:
            low = mid + 1
    return low


def _per_participant(ctx: Context, rule: str) -> dict[int, int | None]:
    key = _key(ctx, rule)
    if key not in ctx.cache:
        f = performance if rule == "TPR" else perfect_performance
        ctx.cache[key] = {pid: f(r, pts) for pid, (r, pts) in _games(ctx).items()}
    values: dict[int, int | None] = ctx.cache[key]
    return values


def tournament_performance(ctx: Context) -> dict[int, Fraction]:
    return {pid: Fraction(v or 0) for pid, v in _per_participant(ctx, "TPR").items()}


def perfect_tournament_performance(ctx: Context) -> dict[int, Fraction]:
    return {pid: Fraction(v or 0) for pid, v in _per_participant(ctx, "PTP").items()}


def _average_of_opponents(ctx: Context, rule: str) -> dict[int, Fraction]:
    theirs = _per_participant(ctx, rule)
    out = {}
    for p in ctx.tournament.participants:
        values = [theirs[g.opponent] for g in p.results if g.kind.played]
        known = [v for v in values if v is not None]
        out[p.id] = Fraction(half_up(Fraction(sum(known), len(known)))) if known else Fraction(0)
    return out


def average_performance_of_opponents(ctx: Context) -> dict[int, Fraction]:
    """APRO (10.4): the mean TPR of the opponents met over the board, rounded half up."""
    return _average_of_opponents(ctx, "TPR")


def average_perfect_performance_of_opponents(ctx: Context) -> dict[int, Fraction]:
    """APPO (10.5): the mean PTP of the opponents met over the board, rounded half up."""
    return _average_of_opponents(ctx, "PTP")


def rating(ctx: Context) -> dict[int, Fraction]:
    """RTNG (2026, 10.6): the rating, highest first (``/R``: lowest first)."""
    return {p.id: Fraction(_rating(ctx, p)) for p in ctx.tournament.participants}


# -- explanations: the ratings used, the roundings and the table lookups ---------------


def _rated_rounds(ctx: Context, pid: int) -> list[Step]:
    """One step per round: the opponent's rating used, or why the round does not count."""

    t = ctx.tournament
    out = []
    for g in t.participant(pid).results:
        if g.kind.played and g.opponent is not None:
            opp = t.participant(g.opponent)
            r = _rating(ctx, opp, g.round)
            how = _how(ctx, opp, g.round)
            result = exact_str(Fraction(_HALVES.get(g.kind, 0), 2))  # as ratings count it
            text = f"R{g.round} #{g.opponent}: rating {r}{how}, result {result}"
            out.append(Step(text=text, value=Fraction(r), round=g.round, opponent=g.opponent))
        else:
            what = g.kind.description
            out.append(
                Step(
                    text=f"R{g.round}: {what}, not a game over the board: not counted",
                    value=None,
                    round=g.round,
                    opponent=g.opponent,
                )
            )
    return out


def _shown(x: Fraction) -> str:
    """*x* exactly when it has at most four decimals, else to four decimals (display only)."""
    if (x * 10000).denominator == 1:
        return exact_str(x)
    return "about " + exact_str(Fraction(round(x * 10000), 10000))


def _mean_step(ratings: list[int], what: str, article: str) -> Step:
    if not ratings:
        return Step(f"no {what}: value 0", Fraction(0))
    mean = Fraction(sum(ratings), len(ratings))
    return Step(
        f"mean of {len(ratings)} {what}: {sum(ratings)} / {len(ratings)} = "
        f"{_shown(mean)}, rounded half up ({article}): {half_up(mean)}",
        Fraction(half_up(mean)),
    )


def _explain_aro(ctx: Context, pid: int) -> list[Step]:
    cite = ctx.edition.citation
    ratings, _ = _games(ctx)[pid]
    low, high = _low_cut(ctx, len(ratings)), ctx.spec.median
    out = _rated_rounds(ctx, pid)
    kept = _cut(ratings, low, high)
    if low or high:
        ordered = sorted(ratings)
        gone = ordered[:low] + (ordered[len(ordered) - high :] if high else [])
        out.append(
            Step(
                f"{cite} 14.1-14.4: ratings removed by the cut or median: "
                f"{', '.join(map(str, gone)) or 'none'}"
            )
        )
    out.append(_mean_step(kept, "opponents' ratings", f"{cite} 10.1"))
    return out


def _explain_tpr(ctx: Context, pid: int) -> list[Step]:
    from fide_tiebreaks.fide_tables import DP_BY_HUNDREDTHS

    cite = ctx.edition.citation
    ratings, points = _games(ctx)[pid]
    out = _rated_rounds(ctx, pid)
    if not ratings:
        return [*out, Step("no game over the board: value 0", Fraction(0))]
    out.append(_mean_step(ratings, "opponents' ratings", f"{cite} 10.1"))
    p = half_up(points * 100 / len(ratings))
    dp = DP_BY_HUNDREDTHS[p]
    value = performance(ratings, points)
    hundredths = f"{p // 100}.{p % 100:02d}"
    out.append(
        Step(
            f"score {exact_str(points)} in {len(ratings)} games: p = "
            f"{_shown(points / len(ratings))}, to hundredths (half up) {hundredths}; "
            f"FIDE B.02 table 8.1(a): dp({hundredths}) = {dp:+d}"
        )
    )
    out.append(
        Step(
            f"TPR = ARO {half_up(Fraction(sum(ratings), len(ratings)))} + dp {dp:+d} "
            f"= {value} ({cite} 10.2)",
            Fraction(value or 0),
        )
    )
    return out


def _explain_ptp(ctx: Context, pid: int) -> list[Step]:
    from fide_tiebreaks.fide_tables import expected_hundredths

    cite = ctx.edition.citation
    ratings, points = _games(ctx)[pid]
    out = _rated_rounds(ctx, pid)
    value = perfect_performance(ratings, points)
    if value is None:
        return [*out, Step("no game over the board: value 0", Fraction(0))]
    if points == 0:
        out.append(
            Step(
                f"score 0: the lowest opponent's rating {min(ratings)} - 800 = "
                f"{value} ({cite} 10.3)",
                Fraction(value),
            )
        )
        return out

    def expected(r: int) -> Fraction:
        return Fraction(sum(expected_hundredths(r - x) for x in ratings), 100)

    out.append(
        Step(
            f"the lowest rating R whose expected score against these opponents (FIDE "
            f"B.02 table 8.1(b)) reaches the score {exact_str(points)}: at R = "
            f"{value - 1} it is {exact_str(expected(value - 1))}, at R = {value} "
            f"{exact_str(expected(value))} ({cite} 10.3)",
            Fraction(value),
        )
    )
    return out


def _explain_average_of(rule: str, article: str):  # type: ignore[no-untyped-def]
    def explain(ctx: Context, pid: int) -> list[Step]:
        cite = ctx.edition.citation
        theirs = _per_participant(ctx, rule)
        out = []
        known = []
        for g in ctx.tournament.participant(pid).results:
            if not (g.kind.played and g.opponent is not None):
                continue
            v = theirs[g.opponent]
            if v is None:
                out.append(
                    Step(
                        text=f"R{g.round} #{g.opponent}: no {rule} (no game over the board)",
                        value=None,
                        round=g.round,
                        opponent=g.opponent,
                    )
                )
            else:
                known.append(v)
                out.append(
                    Step(
                        text=f"R{g.round} #{g.opponent}: {rule} {v}",
                        value=Fraction(v),
                        round=g.round,
                        opponent=g.opponent,
                    )
                )
        out.append(_mean_step(known, f"opponents' {rule}s", f"{cite} {article}"))
        return out

    return explain


def _explain_rtng(ctx: Context, pid: int) -> list[Step]:
    p = ctx.tournament.participant(pid)
    r = _rating(ctx, p)
    how = _how(ctx, p, 0)
    order = "lowest first (/R)" if ctx.spec.reverse else "highest first"
    return [Step(f"rating {r}{how}; {order} ({ctx.edition.citation} 10.6)", Fraction(r))]


def _check(ctx: Context) -> None:
    """C.07 Art. 10: dropped when unrated players are present, unless the regulations give
    them a rating: their national rating (--national-ratings) or a fixed one
    (--unrated-rating R)."""
    national = bool(ctx.options.get("national_ratings"))
    unrated = [
        p.id
        for p in ctx.tournament.participants
        if p.rating is None and not (national and p.national_rating is not None)
    ]
    if ctx.options.get("ratings") not in (None, "initial", PER_ROUND):
        raise Unusable(
            f"ratings={ctx.options['ratings']}: the rating in force is 'initial' "
            f"(the default) or '{PER_ROUND}'"
        )
    if unrated and ctx.options.get("unrated_rating") is None:
        shown = ", ".join(map(str, unrated[:5])) + (", ..." if len(unrated) > 5 else "")
        without = " (nor a national rating)" if national else ""
        raise Unusable(
            f"{len(unrated)} participants are unrated{without} ({shown}); C.07 Art. 10 drops "
            "rating tie-breaks then, unless the regulations give unrated players a rating "
            "(--unrated-rating R, or --national-ratings where the file gives national "
            "ratings)",
            drop=True,
        )


def _check_rtng(ctx: Context) -> None:
    requires("std-tpn-rtng", "C.07 (2026)")(ctx)
    _check(ctx)


@hookimpl
def fide_tiebreaks_options() -> list[Option]:
    return [
        Option(
            name="unrated_rating",
            type="int",
            default=None,
            minimum=0,
            maximum=MAX_RATING,
            help="the rating unrated players get, so that rating tie-breaks are kept (C.07 "
            "Art. 10); also --unrated-rating",
        ),
        Option(
            name="national_ratings",
            type="bool",
            default=False,
            help="unrated players get their national rating where the file gives one (C.07 "
            "Art. 10); also --national-ratings",
        ),
        Option(
            name="ratings",
            type="choice",
            default="initial",
            choices=("initial", PER_ROUND),
            help="the rating the rating tie-breaks use: initial, or the rating in force at "
            "each round (per-round); also --ratings",
        ),
    ]


@hookimpl
def fide_tiebreaks_register() -> list[Tiebreak]:
    return [
        Tiebreak(
            code="ARO",
            name="Average rating of opponents",
            compute=average_rating,
            article="10.1",
            description="Mean rating of the opponents met over the board, rounded half up.",
            modifiers=frozenset({CUT, MEDIAN}),
            check=_check,
            explain=_explain_aro,
        ),
        Tiebreak(
            code="TPR",
            name="Tournament performance rating",
            compute=tournament_performance,
            article="10.2",
            description="ARO plus dp(p) from FIDE B.02 table 8.1(a).",
            check=_check,
            explain=_explain_tpr,
        ),
        Tiebreak(
            code="PTP",
            name="Perfect tournament performance",
            compute=perfect_tournament_performance,
            article="10.3",
            description="Lowest rating whose expected score reaches the score (B.02 8.1(b)).",
            check=_check,
            explain=_explain_ptp,
        ),
        Tiebreak(
            code="APRO",
            name="Average performance rating of opponents",
            compute=average_performance_of_opponents,
            article="10.4",
            description="Mean TPR of the opponents met over the board, rounded half up.",
            check=_check,
            explain=_explain_average_of("TPR", "10.4"),
        ),
        Tiebreak(
            code="APPO",
            name="Average perfect performance of opponents",
            compute=average_perfect_performance_of_opponents,
            article="10.5",
            description="Mean PTP of the opponents met over the board, rounded half up.",
            check=_check,
            explain=_explain_average_of("PTP", "10.5"),
        ),
        Tiebreak(
            code="RTNG",
            name="Rating",
            compute=rating,
            article="10.6",
            description="The rating, highest first; /R: lowest first (2026).",
            modifiers=frozenset({REVERSE}),
            check=_check_rtng,
            explain=_explain_rtng,
        ),
    ]
