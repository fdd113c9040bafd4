"""Why a participant has the tie-break values it has: round by round where the tie-break is
built on opponents' scores, a value line otherwise.

A plugin explains its own tie-break by setting ``Tiebreak.explain`` to a function returning
:class:`Line` objects (round by round), :class:`Step` objects (a rating used, a table
lookup, a rounding, a rule applied) and :class:`Table` objects (a mini-table), in the order a
reader should see them. The built-in Buchholz and Sonneborn-Berger families (see
:func:`opponent_lines`), DE and EDE, and the rating tie-breaks do. A group tie-break's
function gets the group that was tied when the list reached it in ``ctx.group``.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from fractions import Fraction
from typing import Any

from .codes import parse_list
from .data_classes import dataclass
from .editions import Entry, OpponentTable
from .host import DEFAULT_PLUGINS, PluginFault, Registry, guarded, registry
from .model import Tournament
from .numbers import exact_str, from_units
from .planning import internal_error
from .standings import compute_standings
from .teams import team_scores, team_view
from .tiebreak import Context, Line, Step, Table  # the working's parts, kept where plugins import

BUILTIN_PLUGINS = frozenset(name.rsplit(".", 1)[1] for name in DEFAULT_PLUGINS)


@dataclass(frozen=True)
class Explanation:
    code: str
    value: Fraction | None
    lines: tuple[Line, ...] = ()  # empty for tie-breaks without a round-by-round account
    note: str = ""
    steps: tuple[Step | Table, ...] = ()  # the rest of the working, in order
    fault: str = ""  # a third-party plugin's explain that failed: why no working is shown


def opponent_lines(
    ctx: Context, pid: int, table: OpponentTable, weighted: bool
) -> tuple[Line, ...]:
    """Round-by-round lines from an opponent table, marking what Cut / Median removed."""
    entries = table.entries[ctx.tournament.index[pid]]
    return entry_lines(ctx, entries, table.scale, table.scale, weighted)


def entry_lines(
    ctx: Context,
    entries: Sequence[Entry],
    score_scale: int,
    points_scale: int,
    weighted: bool,
    finals: Tournament | None = None,
) -> tuple[Line, ...]:
    """Round-by-round lines from one participant's opponent entries (scores and points on
    their own grids), marking what Cut / Median removed. Opponents' final scores come from
    *finals* (default: the tie-break's own view of the tournament)."""
    finals = finals or ctx.tournament
    removed = _removed(ctx, entries, weighted)
    # The same few values recur in every line of a report: each is made once per call.
    scores = {u: from_units(u, score_scale) for u in {e.score for e in entries}}
    points_of = {u: from_units(u, points_scale) for u in {e.points for e in entries}}
    products: dict[tuple[int, int], Fraction] = {}
    out = []
    for e in entries:
        score, points = scores[e.score], points_of[e.points]
        final = None
        if e.opponent is not None and e.opponent in finals.index:
            final = finals.participant(e.opponent).points
        contribution = score
        if weighted:
            key = (e.score, e.points)
            if key not in products:
                products[key] = score * points
            contribution = products[key]
        out.append(
            Line(
                round=e.round,
                opponent=e.opponent,
                category=e.category,
                opponent_score=score,
                points=points,
                contribution=contribution,
                removed=removed.get(e, ""),
                opponent_final=final,
            )
        )
    return tuple(out)


def _removed(ctx: Context, entries: Sequence[Entry], weighted: bool) -> dict[Entry, str]:
    """Which cut removed each entry the spec's Cut / Median leaves out, with its article."""
    low, high = ctx.spec.cut or ctx.spec.median, ctx.spec.median
    kept = ctx.edition.cut(entries, low, high, weighted) if low or high else list(entries)
    cite = ctx.edition.citation
    c07 = cite.startswith("C.07")  # older rules had no numbered cut articles
    removed: dict[Entry, str] = {}
    gone = [e for e in entries if e not in kept]
    lowest = sorted(gone, key=lambda e: (e.score, e.score * e.points))
    for i, e in enumerate(lowest):
        if i < low:
            why = f" ({cite} 14.1{', 16.5' if e.vur else ''})" if c07 else ""
            removed[e] = "low cut" + why
        else:
            removed[e] = "high cut" + (f" ({cite} 14.3)" if c07 else "")
    return removed


def explain(
    tournament: Tournament,
    participant: int,
    tiebreaks: str | list[str] | None = None,
    edition: str | None = None,
    *,
    options: Mapping[str, Any] | None = None,
    reg: Registry | None = None,
    strict: bool = False,
    decided: Sequence[Any] = (),
    lots: str | None = None,
    edition_by: str | None = None,
) -> tuple[Any, list[Explanation]]:
    """The standings (as :func:`compute_standings` makes them) and, for *participant*, one
    :class:`Explanation` per tie-break of the list. *strict* as for compute_standings: a
    failing plugin (in ``compute`` or ``explain``) raises PluginError instead of a warning."""
    reg = reg or registry()
    standings = compute_standings(
        tournament,
        tiebreaks,
        edition,
        options=options,
        reg=reg,
        strict=strict,
        decided=list(decided),
        lots=lots,
        edition_by=edition_by,
    )
    if participant not in standings.tournament.index:
        raise KeyError(participant)
    return standings, explain_row(standings, participant, options=standings.options, strict=strict)


def explain_row(
    standings: Any,
    participant: int,
    *,
    options: Mapping[str, Any] | None = None,
    cache: dict[object, object] | None = None,
    strict: bool = False,
) -> list[Explanation]:
    """One :class:`Explanation` per tie-break for *participant* of computed *standings*.
    Pass the same *cache* for every participant of one standings (an HTML report explains
    them all) so that shared tables are built once. A plugin whose ``explain`` fails gets a
    note saying so (PluginError with *strict*)."""
    given = standings.options if options is None else options  # typed when from the standings
    cache = {} if cache is None else cache
    key = ("rows by id", id(standings))  # a report explains every row: find each in O(1)
    if key not in cache:
        cache[key] = {r.participant.id: r for r in standings.rows}
    row = cache[key][participant]  # type: ignore[index]
    out = []
    columns = zip(standings.specs, standings.tiebreaks, standings.codes, row.values, strict=True)
    for i, (spec, tb, key, value) in enumerate(columns):
        if not tb.explain:
            note = f"{tb.name}: value {'-' if value is None else exact_str(value)}"
            out.append(Explanation(code=key, value=value, lines=(), note=note, steps=()))
            continue
        ctx = _context(standings, i, participant, given, cache)
        out.append(_worked(ctx, spec, tb, key, value, participant, strict))
    return out


def _context(
    standings: Any, i: int, participant: int, given: Mapping[str, Any], cache: dict[object, object]
) -> Context:
    """The context list position *i*'s tie-break computed *participant*'s value in."""
    t = standings.tournament
    spec, tb = standings.specs[i], standings.tiebreaks[i]
    view = team_view(t, spec.score) if t.team is not None and spec.score else t
    group = None
    if tb.group:  # the participants still tied with this one when the list reached it
        group = _tied_groups(standings, i, cache)[participant]
    # As in compute_standings: a cache per plugin, the opponent tables shared.
    own: dict[Any, Any] = cache.setdefault(("plugin cache", tb.provider), {})  # type: ignore[assignment]
    tables: dict[Any, Any] = cache.setdefault("opponent tables", {})  # type: ignore[assignment]
    edition = tb.edition_in(standings.edition)  # a code of another rulebook keeps its own
    return Context(
        tournament=view,
        spec=spec,
        edition=edition,
        group=group,
        cache=own,
        options=dict(given),
        tables=tables,
    )


def _worked(
    ctx: Context,
    spec: Any,
    tb: Any,
    key: str,
    value: Fraction | None,
    participant: int,
    strict: bool,
) -> Explanation:
    """The working tie-break *tb*'s own ``explain`` shows, or a note that a third-party
    plugin's failed; a built-in's failure is our bug, an internal error."""
    who = f"tie-break '{key}' from plugin '{tb.provider}'"
    try:
        with guarded(who, " in explain", plugin=tb.provider):
            items = tuple(tb.explain(ctx, participant))
            lines = tuple(x for x in items if isinstance(x, Line))
            steps = tuple(x for x in items if not isinstance(x, Line))
            explanation = Explanation(code=key, value=value, lines=lines, note="", steps=steps)
            if tb.provider not in BUILTIN_PLUGINS:
                _check(explanation)
    except PluginFault as e:
        if (e.plugin or tb.provider) in BUILTIN_PLUGINS:
            raise internal_error(spec, str(e)) from e
        if strict:
            raise
        explanation = Explanation(
            code=key, value=value, lines=(), note=f"no working shown: {e}", steps=(), fault=str(e)
        )
    return explanation


def _check(ex: Explanation) -> None:
    """What a third-party plugin's explain returned must show as text and as JSON; a
    wrong type or value fails here, inside the plugin's guard, not in the output."""
    bad = [x for x in ex.steps if not isinstance(x, Step | Table)]
    if bad:
        raise TypeError(f"explain returned {type(bad[0]).__name__}, not Line, Step or Table")
    explanation_text(ex)
    json.dumps(explanation_dict(ex))


def _tied_groups(standings: Any, i: int, cache: dict[object, object]) -> dict[int, frozenset[int]]:
    """Participant -> those with the same points and values before list position *i*; made
    once per standings and position (a report explains every participant)."""
    key = ("tied groups", id(standings), i)
    if key not in cache:
        by_key: dict[tuple[Any, ...], list[int]] = {}
        for r in standings.rows:
            by_key.setdefault((r.participant.points, r.values[:i]), []).append(r.participant.id)
        # One set per group, shared by its members (a set each would be quadratic).
        sets = [(ids, frozenset(ids)) for ids in by_key.values()]
        cache[key] = {pid: members for ids, members in sets for pid in ids}
    groups: dict[int, frozenset[int]] = cache[key]  # type: ignore[assignment]
    return groups


def find_participant(t: Tournament, text: str) -> int | None:
    """A participant by start rank, or by a unique part of the name (case-insensitive)."""
    hits = participant_matches(t, text)
    return hits[0] if len(hits) == 1 else None


def participant_matches(t: Tournament, text: str) -> list[int]:
    """The participants *text* may mean, in start-rank order: the one with that start rank;
    else the one whose whole name it is (case-insensitive); else every one whose name
    contains it. Several ids: ambiguous; none: no match."""
    if text.isascii() and text.strip().isdigit():
        if len(text.strip().lstrip("0")) > 4:  # not a start rank (1-9999); never converted
            return []
        return [int(text)] if int(text) in t.index else []
    wanted = " ".join(text.split()).casefold()
    if not wanted:
        return []
    exact = [p.id for p in t.participants if " ".join(p.name.split()).casefold() == wanted]
    if exact:
        return exact
    return [p.id for p in t.participants if wanted in " ".join(p.name.split()).casefold()]


def matches(standings: Any, tid: int) -> list[dict[str, Any]]:
    """A team's matches: opponent, MP and GP scored, and the opponent's final MP and GP."""
    t = standings.tournament
    if t.team is None:
        return []
    mp, gp = team_scores(t)
    return [
        {
            "round": m.round,
            "result": m.kind.description,
            "opponent": m.opponent,
            "mp": exact_str(m.mp),
            "gp": exact_str(m.gp),
            "opponent_mp": exact_str(mp[m.opponent]) if m.opponent else None,
            "opponent_gp": exact_str(gp[m.opponent]) if m.opponent else None,
        }
        for m in t.team.matches[tid][: t.rounds]
    ]


def render_text(standings: Any, pid: int, explanations: Sequence[Explanation]) -> str:
    p = standings.tournament.participant(pid)
    row = next(r for r in standings.rows if r.participant.id == pid)
    e = standings.edition
    out = [
        f"{p.name} (#{pid}): {exact_str(p.points)} points, rank {row.rank}; "
        f"edition {e.name} ({e.citation})"
    ]
    if (after := after_the_list(standings, pid)) is not None:
        out.append(f"  after the tie-break list (C.07 4.2): {after}")
    for m in matches(standings, pid):
        against = f"team {m['opponent']} (final {m['opponent_mp']} MP, {m['opponent_gp']} GP)"
        out.append(
            f"  R{m['round']:<3} {m['result']:<14} {against if m['opponent'] else '':<36}"
            f" MP {m['mp']:>4}  GP {m['gp']:>5}"
        )
    for ex in explanations:
        out.extend(explanation_text(ex))
    return "\n".join(out) + "\n"


def after_the_list(standings: Any, pid: int) -> str | None:
    """How the place of *pid* was decided after the list, in words; None when the list did."""
    done = standings.settlement
    if done is None:
        return None
    a = done.how(pid)
    if a is not None:
        how = {"play-off": "decided by play-off", "arbiter": "decided by the arbiter"}.get(
            a.by, f"drawn by lots with seed '{a.seed}'"
        )
        note = f" ({a.note})" if a.note else ""
        return f"{how}{note}, order {', '.join(f'#{x}' for x in a.order)} from place {a.place}"
    tie = next((t for t in done.open_ties if pid in t.members), None)
    if tie is None:
        return None
    others = ", ".join(f"#{x}" for x in tie.members if x != pid)
    return f"shares place {tie.place} with {others}: lots are needed to break the tie"


def explanation_text(ex: Explanation) -> list[str]:
    """The text lines of one tie-break's explanation (a blank line first)."""
    out = ["", f"{ex.code} = {'-' if ex.value is None else exact_str(ex.value)}"]
    if ex.note:
        out.append(f"  {ex.note}")
    for line in ex.lines:
        who = f"#{line.opponent}" if line.opponent is not None else "-"
        mark = f"  [{line.removed}]" if line.removed else ""
        score, points = exact_str(line.opponent_score), exact_str(line.points)
        final = line.opponent_final
        if final is not None and final != line.opponent_score:
            mark += f"  (final score {exact_str(final)}, adjusted as shown)"
        out.append(
            f"  R{line.round:<3} {who:>6}  {line.category:<40} score {score:>6}  "
            f"points {points:>4}  -> {exact_str(line.contribution)}{mark}"
        )
    for step in ex.steps:
        out.extend(_step_text(step))
    return out


def _step_text(step: Step | Table) -> list[str]:
    if isinstance(step, Step):
        return [f"  {step.text}"]
    widths = [max(len(r[i]) for r in (step.header, *step.rows)) for i in range(len(step.header))]

    def line(cells: tuple[str, ...]) -> str:
        return "    " + "  ".join(c.rjust(w) for c, w in zip(cells, widths, strict=True))

    return [f"  {step.caption}:", line(step.header), *(line(r) for r in step.rows)]


def step_dict(step: Step | Table) -> dict[str, Any]:
    if isinstance(step, Step):
        return {
            "type": "step",
            "text": step.text,
            "round": step.round,
            "opponent": step.opponent,
            "value": None if step.value is None else exact_str(step.value),
        }
    return {
        "type": "table",
        "caption": step.caption,
        "header": list(step.header),
        "rows": [list(r) for r in step.rows],
    }


def to_dict(standings: Any, pid: int, explanations: Sequence[Explanation]) -> dict[str, Any]:
    p = standings.tournament.participant(pid)
    return {
        "participant": {"start_rank": pid, "name": p.name, "points": exact_str(p.points)},
        "edition": standings.edition.name,
        "after_list": after_the_list(standings, pid),
        "matches": matches(standings, pid),
        "tiebreaks": [explanation_dict(ex) for ex in explanations],
    }


def explanation_dict(ex: Explanation) -> dict[str, Any]:
    """One tie-break's explanation as JSON-ready data."""
    return {
        "code": ex.code,
        "value": None if ex.value is None else exact_str(ex.value),
        "note": ex.note or None,
        "rounds": [
            {
                "round": ln.round,
                "opponent": ln.opponent,
                "category": ln.category,
                "opponent_score": exact_str(ln.opponent_score),
                "opponent_final_score": None
                if ln.opponent_final is None
                else exact_str(ln.opponent_final),
                "points": exact_str(ln.points),
                "contribution": exact_str(ln.contribution),
                "removed": ln.removed or None,
            }
            for ln in ex.lines
        ],
        "steps": [step_dict(st) for st in ex.steps],
    }


__all__ = [
    "Explanation",
    "Line",
    "Step",
    "Table",
    "entry_lines",
    "explain",
    "explain_row",
    "find_participant",
    "opponent_lines",
    "parse_list",
]
