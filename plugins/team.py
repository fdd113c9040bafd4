"""Team tie-breaks, C.07 Art. 12-13: MPvGP, the extended Sonneborn-Berger family (EMMSB,
EMGSB, EGMSB, EGGSB) and the Olympiad Sonneborn-Berger, EDE and its chains, BC, TBR, BBE and
SSSC (the board tie-breaks BC, TBR and BBE are computed in ``team_boards``, the Olympiad SB
of sm-2012 in ``team_olympiad``: each loads when one of its tie-breaks is first computed).

Buchholz, Fore Buchholz, AOB, PS and WIN need nothing here: on a team event they run on the
MP or GP view of the matches (``BH:MP``, ``BH:GP``, ...), Art. 16 included.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from fractions import Fraction
from functools import partial
from typing import Any

from fide_tiebreaks.plugins import direct_encounter

from fide_tiebreaks import Context, Tiebreak, hookimpl
from fide_tiebreaks.codes import CUT, FACTOR, FORE, FORFEITS_AS_PLAYED, MEDIAN, parse_code
from fide_tiebreaks.editions import Entry
from fide_tiebreaks.model import ResultKind, TeamData, Tournament
from fide_tiebreaks.numbers import exact_str, from_units
from fide_tiebreaks.tiebreak import Line, Step, Table, Unusable


def team_view(t: Tournament, score: str | None) -> Tournament:
    """:func:`fide_tiebreaks.teams.team_view`, loaded by the first call: the team package
    loads when a team tie-break is computed, not when this plugin registers (as it does in
    every run, an individual event's too)."""
    from fide_tiebreaks.teams.views import team_view as view

    return view(t, score)


def _board_function(name: str) -> Callable[..., Any]:
    """The function *name* of ``team_boards``, loaded by the first call, for the same
    reason as :func:`team_view`."""

    def call(*args: Any) -> Any:
        from fide_tiebreaks.plugins import team_boards

        return getattr(team_boards, name)(*args)

    return call


def _team(ctx: Context) -> TeamData:
    data = ctx.tournament.team
    assert data is not None
    return data


def only_teams(ctx: Context) -> None:
    if ctx.tournament.team is None:
        raise Unusable(f"{ctx.spec.name} is a team tie-break; this is an individual event")


def match_points_or_game_points(ctx: Context) -> dict[int, Fraction]:
    """MPvGP (13.1): the secondary score (game points when match points rank first)."""
    view = team_view(ctx.tournament, _team(ctx).secondary)
    return {p.id: p.points for p in view.participants}


def _esb_entries(ctx: Context, x: str, y: str) -> tuple[int, list[tuple[Entry, ...]]]:
    """Opponent entries scored on X (the opponent's total; with Art. 16 on X) whose points
    are the Y scored in the round: products are then ``X_opponent * Y_scored``."""
    x_scale, y_scale, rows = _esb_scaled(ctx, x, y)
    return x_scale * y_scale, rows


def _esb_scaled(ctx: Context, x: str, y: str) -> tuple[int, int, list[tuple[Entry, ...]]]:
    key = ("esb entries", x, y, id(ctx.tournament), ctx.spec.forfeits_as_played)
    found: tuple[int, int, list[tuple[Entry, ...]]] = ctx.cached(key, lambda: _esb_build(ctx, x, y))
    return found


def _esb_build(ctx: Context, x: str, y: str) -> tuple[int, int, list[tuple[Entry, ...]]]:
    t = ctx.tournament
    xt, yt = team_view(t, x), team_view(t, y)
    table = ctx.edition.opponent_table(xt, ctx.spec.forfeits_as_played, ctx.options)
    rows = []
    for entries, yp in zip(table.entries, yt.participants, strict=True):
        y_units = {g.round: g.units for g in yp.results}
        rows.append(tuple(e._replace(points=y_units[e.round]) for e in entries))
    return table.scale, yt.scale, rows


def _explain_esb(x: str, y: str):  # type: ignore[no-untyped-def]
    def explain(ctx: Context, pid: int) -> tuple[Line, ...]:
        from fide_tiebreaks.explain import entry_lines

        x_scale, y_scale, rows = _esb_scaled(ctx, x, y)
        entries = rows[ctx.tournament.index[pid]]
        return entry_lines(
            ctx, entries, x_scale, y_scale, weighted=True, finals=team_view(ctx.tournament, x)
        )

    return explain


def _explain_mpvgp(ctx: Context, pid: int) -> list[Step]:
    data = _team(ctx)
    value = team_view(ctx.tournament, data.secondary).participant(pid).points
    return [
        Step(
            f"the secondary score ({data.secondary}, as {data.primary} rank first): "
            f"{exact_str(value)} ({ctx.edition.citation} 13.1)",
            value,
        )
    ]


def _esb(x: str, y: str):  # type: ignore[no-untyped-def]
    def compute(ctx: Context) -> dict[int, Fraction]:
        """ESB (13.2): the sum over opponents of the opponent's final X times the Y scored
        against it; Cut-1 removes the opponent with the lowest X, the lowest product among
        equals (14.1.2), with 16.5 for unplayed matches."""
        scale, rows = _esb_entries(ctx, x, y)
        low, high = ctx.spec.cut or ctx.spec.median, ctx.spec.median
        out = {}
        for p, entries in zip(ctx.tournament.participants, rows, strict=True):
            kept = ctx.edition.cut(entries, low, high, True) if low or high else entries
            out[p.id] = from_units(sum(e.score * e.points for e in kept), scale)
        return out

    return compute


def olympiad_sb(ctx: Context) -> dict[int, Fraction]:
    """Olympiad Sonneborn-Berger (Olympiads from 2008): the sum of each opponent's final
    match points times the game points scored against it, without the opponent with the
    lowest match points (the lowest product among equals): EMGSB with Cut-1. Under an
    edition with ``olympiad-real-match-points`` (sm-2012) see ``team_olympiad``."""
    from fide_tiebreaks.plugins.team_olympiad import REAL_MP, real_olympiad

    if REAL_MP in ctx.edition.features:
        real = real_olympiad(ctx)
        return {
            pid: from_units(sum(e.score * e.points for e in kept), real.scale)
            for pid, kept in real.rows.items()
        }
    spec = parse_code("EMGSB/C1")
    return _esb("MP", "GP")(replace(ctx, spec=spec, group=None))


def _explain_osb(ctx: Context, pid: int) -> tuple[Line | Step, ...]:
    from fide_tiebreaks.plugins.team_olympiad import REAL_MP, explain_real_olympiad

    if REAL_MP in ctx.edition.features:
        return explain_real_olympiad(ctx, pid)
    sub = replace(ctx, spec=parse_code("EMGSB/C1"), group=None)
    return _explain_esb("MP", "GP")(sub, pid)


def _explain_osb26(ctx: Context, pid: int) -> list[Line | Step]:
    from fide_tiebreaks.explain import entry_lines

    x_scale, y_scale, rows = _esb_scaled(ctx, "MP", "GP")
    t = ctx.tournament
    entries = rows[t.index[pid]]
    pab = {g.round for g in t.participant(pid).results if g.kind is ResultKind.PAB}
    kept = [e for e in entries if e.round not in pab]
    excess = max(len(kept) - (t.rounds - 1), 0)
    kept = list(ctx.edition.cut(kept, excess, 0, True)) if excess else kept
    plain = replace(ctx, spec=parse_code("EMGSB"), group=None)
    out: list[Line | Step] = []
    lines = entry_lines(plain, entries, x_scale, y_scale, True, finals=team_view(t, "MP"))
    for e, line in zip(entries, lines, strict=True):
        if e.round in pab:
            line = replace(line, removed="PAB round left out (Olympiad 2026 TB1)")
        elif e not in kept:
            line = replace(line, removed="lowest-MP opponent left out (Olympiad 2026 TB1)")
        out.append(line)
    total = from_units(sum(e.score * e.points for e in kept), x_scale * y_scale)
    out.append(Step(f"the best {t.rounds - 1} rounds: {exact_str(total)}", total))
    return out


def olympiad_sb_2026(ctx: Context) -> dict[int, Fraction]:
    """Olympiad 2026 (regulations, TB1): the best (rounds - 1) opponents' products (final MP
    times the GP scored against them): the round of a PAB is left out; otherwise the opponent
    with the lowest MP goes (the lowest product among equals)."""
    scale, rows = _esb_entries(ctx, "MP", "GP")
    t = ctx.tournament
    out = {}
    for p, entries in zip(t.participants, rows, strict=True):
        pab = {g.round for g in p.results if g.kind is ResultKind.PAB}
        kept = [e for e in entries if e.round not in pab]
        excess = max(len(kept) - (t.rounds - 1), 0)
        kept = ctx.edition.cut(kept, excess, 0, True) if excess else kept
        out[p.id] = from_units(sum(e.score * e.points for e in kept), scale)
    return out


def extended_direct_encounter(ctx: Context, chain: tuple[str, ...] = ()) -> dict[int, Fraction]:
    """EDE (13.3): DE on the primary score; if it breaks no tie, on the secondary score.
    The 2026 chains (13.3.2) then separate two teams still tied with the knock-out board
    tie-breaks of Art. 12 applied to their direct encounter, as in a knock-out match: EDEBT
    (BC, then TBR), EDEBB (BC, then BBE), EDET (TBR), EDEB (BBE)."""
    assert ctx.group is not None
    t = ctx.tournament
    data = _team(ctx)
    blocks = _de_blocks(ctx, team_view(t, data.primary), sorted(ctx.group))
    if len(blocks) == 1:
        blocks = _de_blocks(ctx, team_view(t, data.secondary), sorted(ctx.group))
    final: list[list[int]] = []
    for block in blocks:
        if len(block) == 2 and chain:
            values = _direct_board_values(ctx, block[0], block[1], chain)
            if values is not None and values[0] != values[1]:
                first = 0 if values[0] > values[1] else 1
                final.extend([[block[first]], [block[1 - first]]])
                continue
        final.append(block)
    places: dict[int, Fraction] = {}
    place = 1
    for block in final:
        for tid in block:
            places[tid] = Fraction(place)
        place += len(block)
    return places


def _explain_ede(ctx: Context, pid: int, chain: tuple[str, ...] = ()) -> list[Step | Table]:
    """The mini-tables EDE used (primary score, then the secondary one if needed) and, for
    two teams still tied, the knock-out tie-breaks of the chain on their direct encounter."""

    members = sorted(ctx.group or {pid})
    if len(members) < 2:
        return [Step("not tied with anyone when the list reached EDE: place 1", Fraction(1))]
    t = ctx.tournament
    data = _team(ctx)
    cite = ctx.edition.citation
    de = parse_code("DE/P" if ctx.spec.forfeits_as_played else "DE")
    out: list[Step | Table] = []
    blocks: list[list[int]] = []
    for n, score in enumerate((data.primary, data.secondary)):
        view = team_view(t, score)
        sub = replace(ctx, tournament=view, spec=de, group=frozenset(members))
        out.extend(direct_encounter.explain_group(sub, members, f"{score}: "))
        blocks = _de_blocks(ctx, view, members)
        if len(blocks) > 1 or n == 1:
            break
        out.append(Step(f"{cite} 13.3: DE on {score} separates nobody; DE on {data.secondary}"))
    for block in blocks:
        if len(block) == 2 and chain:
            values = _direct_board_values(ctx, block[0], block[1], chain)
            a, b = block
            if values is None:
                out.append(
                    Step(
                        f"{cite} 13.3.2: #{a} and #{b} never met: "
                        f"{', '.join(chain)} cannot separate them"
                    )
                )
                continue
            shown = [
                ", ".join(
                    exact_str(-v if chain[0] == "BC" and i == 0 else v) for i, v in enumerate(vals)
                )
                for vals in values
            ]
            how = " then ".join(chain)
            out.append(
                Step(
                    f"{cite} 13.3.2: #{a} and #{b} still tied: {how} on their direct "
                    f"encounter: #{a} {shown[0]}; #{b} {shown[1]}"
                )
            )
    place = extended_direct_encounter(ctx, chain)[pid]
    out.append(Step(f"#{pid}: place {place} of {len(members)}", place))
    return out


def _direct_board_values(
    ctx: Context, a: int, b: int, chain: tuple[str, ...]
) -> tuple[tuple[Fraction, ...], tuple[Fraction, ...]] | None:
    """The Art. 12 knock-out tie-breaks of the chain, applied as in a knock-out match: to the
    boards of the direct encounters of teams *a* and *b* (None when they never met). BC is
    negated so that larger is better throughout."""
    data = _team(ctx)
    rounds = [m.round for m in data.matches[a][: ctx.tournament.rounds] if m.opponent == b]
    if not rounds:
        return None
    keys: list[tuple[Fraction, ...]] = []
    for tid in (a, b):
        by_board = [Fraction(0)] * data.boards
        for r in rounds:
            for board in data.lineups.get((tid, r), ()):
                if board.board <= data.boards:
                    by_board[board.board - 1] += board.points
        key: list[Fraction] = []
        for step in chain:
            if step == "BC":
                key.append(-sum((i * v for i, v in enumerate(by_board, start=1)), Fraction(0)))
            elif step == "TBR":
                key.extend(by_board)
            else:  # BBE
                key.extend(sum(by_board[:k], Fraction(0)) for k in range(len(by_board) - 1, 0, -1))
        keys.append(tuple(key))
    return keys[0], keys[1]


def _de_blocks(ctx: Context, view: Tournament, members: list[int]) -> list[list[int]]:
    de = parse_code("DE/P" if ctx.spec.forfeits_as_played else "DE")
    sub = replace(ctx, tournament=view, spec=de, group=frozenset(members))
    return direct_encounter.rank_group(sub, members)


def _chain(*steps: str):  # type: ignore[no-untyped-def]
    def compute(ctx: Context) -> dict[int, Fraction]:
        return extended_direct_encounter(ctx, steps)

    return compute


def schedule_strength(ctx: Context) -> dict[int, Fraction]:
    """SSSC (13.4): the secondary score plus the Buchholz on the primary score (Fore
    Buchholz with /F) divided by K; K = floor(maximum primary score of the event / maximum
    secondary score of one match), unless /Kx sets it."""
    k, _, strength, secondary = _sssc_parts(ctx)
    return {p.id: p.points + strength[p.id] / k for p in secondary.participants}


def _sssc_parts(ctx: Context) -> tuple[Fraction, Context, dict[int, Fraction], Tournament]:
    """K, the Buchholz context on the primary score, that Buchholz, and the secondary view."""
    from fide_tiebreaks.plugins.buchholz import buchholz, fore_buchholz

    t = ctx.tournament
    data = _team(ctx)
    primary = team_view(t, data.primary)
    secondary = team_view(t, data.secondary)
    if ctx.spec.factor is not None:
        k = ctx.spec.factor
    else:
        most = primary.scoring.win * t.rounds
        per_match = secondary.scoring.win
        # A scoring where a match can earn no secondary points leaves K undefined; the
        # floor of 1 that already applies stands in (docs/interpretations.md).
        k = Fraction(max(int(most / per_match), 1)) if per_match > 0 else Fraction(1)
    spec = parse_code("BH/P" if ctx.spec.forfeits_as_played else "BH")
    bctx = replace(ctx, tournament=primary, spec=spec, group=None)
    strength = (fore_buchholz if ctx.spec.fore else buchholz)(bctx)
    return Fraction(k), bctx, strength, secondary


def _explain_sssc(ctx: Context, pid: int) -> list[Line | Step]:
    from fide_tiebreaks.plugins.buchholz import explain_bh, explain_fb

    k, bctx, strength, secondary = ctx.cached(
        ("sssc parts", ctx.spec, id(ctx.tournament)), lambda: _sssc_parts(ctx)
    )
    data = _team(ctx)
    s = secondary.participant(pid).points
    how = f"floor(maximum {data.primary} of the event / maximum {data.secondary} of a match)"
    if ctx.spec.factor is not None:
        how = "given by /K"
    which = "Fore Buchholz" if ctx.spec.fore else "Buchholz"
    v = s + strength[pid] / k
    return [
        *(explain_fb if ctx.spec.fore else explain_bh)(bctx, pid),
        Step(f"{which} on {data.primary}: {exact_str(strength[pid])}", strength[pid]),
        Step(f"K = {exact_str(k)} ({how})", k),
        Step(
            f"SSSC = {data.secondary} {exact_str(s)} + {exact_str(strength[pid])} / "
            f"{exact_str(k)} = {exact_str(v)} ({ctx.edition.citation} 13.4)",
            v,
        ),
    ]


@hookimpl
def fide_tiebreaks_register() -> list[Tiebreak]:
    esb = frozenset({CUT, MEDIAN, FORFEITS_AS_PLAYED})
    group = {"group": True, "lower_is_better": True, "alone": 1, "check": only_teams}
    return [
        Tiebreak(
            code="MPvGP",
            name="Match points or game points",
            compute=match_points_or_game_points,
            article="13.1",
            description="The secondary score (game points when match points rank first).",
            check=only_teams,
            explain=_explain_mpvgp,
        ),
        Tiebreak(
            code="EMMSB",
            name="Extended SB: MP x MP",
            compute=_esb("MP", "MP"),
            article="13.2.1",
            description="Opponent's MP times the MP scored against it.",
            modifiers=esb,
            aliases=("ESB:MM",),
            check=only_teams,
            explain=_explain_esb("MP", "MP"),
        ),
        Tiebreak(
            code="EMGSB",
            name="Extended SB: MP x GP",
            compute=_esb("MP", "GP"),
            article="13.2.2",
            description="Opponent's MP times the GP scored against it.",
            modifiers=esb,
            aliases=("ESB:MG",),
            check=only_teams,
            explain=_explain_esb("MP", "GP"),
        ),
        Tiebreak(
            code="EGMSB",
            name="Extended SB: GP x MP",
            compute=_esb("GP", "MP"),
            article="13.2.3",
            description="Opponent's GP times the MP scored against it.",
            modifiers=esb,
            aliases=("ESB:GM",),
            check=only_teams,
            explain=_explain_esb("GP", "MP"),
        ),
        Tiebreak(
            code="EGGSB",
            name="Extended SB: GP x GP",
            compute=_esb("GP", "GP"),
            article="13.2.4",
            description="Opponent's GP times the GP scored against it.",
            modifiers=esb,
            aliases=("ESB:GG",),
            check=only_teams,
            explain=_explain_esb("GP", "GP"),
        ),
        Tiebreak(
            code="OSB",
            name="Olympiad Sonneborn-Berger",
            compute=olympiad_sb,
            article="13.2.2",
            description="EMGSB without the lowest-MP opponent (Olympiads from 2008).",
            check=only_teams,
            explain=_explain_osb,
        ),
        Tiebreak(
            code="OSB26",
            name="Olympiad 2026 Sonneborn-Berger",
            compute=olympiad_sb_2026,
            article="13.2.2",
            description=(
                "The best rounds-1 opponents' MP x GP; a PAB round is left out (Olympiad 2026)."
            ),
            check=only_teams,
            explain=_explain_osb26,
        ),
        Tiebreak(
            code="BC",
            name="Board count",
            compute=_board_function("board_count"),
            article="12.1",
            description="Sum of board number x game points on that board; lower is better.",
            lower_is_better=True,
            check=only_teams,
            explain=_board_function("explain_bc"),
        ),
        Tiebreak(
            code="TBR",
            name="Top board result",
            compute=_board_function("top_board_result"),
            article="12.2",
            description="Game points on board 1, then board 2, ... (a ranking of the tied group).",
            explain=_board_function("explain_tbr"),
            **group,
        ),
        Tiebreak(
            code="BBE",
            name="Bottom board elimination",
            compute=_board_function("bottom_board_elimination"),
            article="12.3",
            description="Game points without the last board, then the last two, ... (a ranking).",
            explain=_board_function("explain_bbe"),
            **group,
        ),
        Tiebreak(
            code="EDE",
            name="Extended direct encounter",
            compute=extended_direct_encounter,
            article="13.3",
            description="DE on the primary score, else on the secondary score.",
            modifiers=frozenset({FORFEITS_AS_PLAYED}),
            explain=_explain_ede,
            **group,
        ),
        Tiebreak(
            code="EDEBT",
            name="EDE, then BC and TBR",
            compute=_chain("BC", "TBR"),
            article="13.3.2",
            description="EDE; two teams still tied: BC, then TBR.",
            modifiers=frozenset({FORFEITS_AS_PLAYED}),
            explain=partial(_explain_ede, chain=("BC", "TBR")),
            **group,
        ),
        Tiebreak(
            code="EDEBB",
            name="EDE, then BC and BBE",
            compute=_chain("BC", "BBE"),
            article="13.3.2",
            description="EDE; two teams still tied: BC, then BBE.",
            modifiers=frozenset({FORFEITS_AS_PLAYED}),
            explain=partial(_explain_ede, chain=("BC", "BBE")),
            **group,
        ),
        Tiebreak(
            code="EDET",
            name="EDE, then TBR",
            compute=_chain("TBR"),
            article="13.3.2",
            description="EDE; two teams still tied: TBR.",
            modifiers=frozenset({FORFEITS_AS_PLAYED}),
            explain=partial(_explain_ede, chain=("TBR",)),
            **group,
        ),
        Tiebreak(
            code="EDEB",
            name="EDE, then BBE",
            compute=_chain("BBE"),
            article="13.3.2",
            description="EDE; two teams still tied: BBE.",
            modifiers=frozenset({FORFEITS_AS_PLAYED}),
            explain=partial(_explain_ede, chain=("BBE",)),
            **group,
        ),
        Tiebreak(
            code="SSSC",
            name="Scores and schedule strength combination",
            compute=schedule_strength,
            article="13.4",
            description="Secondary score + primary Buchholz / K.",
            modifiers=frozenset({FACTOR, FORE, FORFEITS_AS_PLAYED}),
            check=only_teams,
            explain=_explain_sssc,
        ),
    ]
