"""Standings: points first, then the ordered tie-break list, C.07 (2024) 4.2."""

from __future__ import annotations

import math
import time
from collections.abc import Callable, Mapping
from dataclasses import field, replace
from fractions import Fraction
from itertools import groupby
from numbers import Rational
from typing import Any, cast

from . import arguments
from .codes import CodeError, TiebreakSpec, parse_list
from .constructors import fast_constructor
from .data_classes import NamedTuple, dataclass
from .decisions import Settlement, check_seed, settle
from .diagnostics import Diagnostic, Kind, Severity
from .editions import Edition
from .host import PluginFault, Registry, guarded, registry, strict_plugins
from .model import Decision, Participant, Tournament
from .planning import (
    Caches,
    Plan,
    Planned,
    TiebreakFailed,
    internal_error,
    make_plan,
    score_view,
)
from .tiebreak import Context, OptionError, Tiebreak, check_options

# A tie-break whose plugin spends longer than this (seconds, all its calls together) is
# named in a warning: the built-ins take well under a second on 10,000 players.
SLOW_SECONDS = 5.0

# The kinds of diagnostic that say a requested code was left out of the standings.
LEFT_OUT = (Kind.RULE, Kind.PLUGIN_FAULT)


class Missing(NamedTuple):
    """A requested code that is not in the standings, and why. *kind* is ``"rule"`` when a
    rule leaves it out (C.07 Art. 10: rating tie-breaks with unrated players), which is the
    standings being right; ``"plugin-fault"`` when a third-party plugin failed, which makes
    the commands exit 1."""

    code: str
    reason: str
    kind: str


class Row(NamedTuple):
    """One line of the standings. A named tuple rather than a frozen dataclass: a large
    event has 10,000 of them, and frozen dataclasses are several times slower to make."""

    rank: int  # shared places share the rank of the first place of the group
    participant: Participant
    # One per tie-break, in list order; None where a group tie-break never reached the
    # participant and defines no value for that case.
    values: tuple[Fraction | None, ...]


_make_row = fast_constructor(Row)  # a row per participant: built without Row's __new__


@dataclass(frozen=True)
class Standings:
    tournament: Tournament
    edition: Edition
    specs: tuple[TiebreakSpec, ...]
    tiebreaks: tuple[Tiebreak, ...]
    rows: tuple[Row, ...]
    diagnostics: tuple[Diagnostic, ...] = ()
    # The options the tie-breaks were given: every declared one, typed (defaults filled in).
    options: Mapping[str, Any] = field(default_factory=dict)
    # What happened after the list (C.07 4.2): decisions, lots, groups still sharing a place.
    settlement: Settlement | None = None
    # The date that picked the edition, when no edition was given: "start", "end" or None
    # (the end date, by default; editions.choose_edition).
    edition_by: str | None = None

    def __repr__(self) -> str:  # short: print(standings) must not dump every row
        name = self.tournament.name[:60]
        return (
            f"<Standings of {name!r}: {len(self.rows)} row{'s' * (len(self.rows) != 1)}, "
            f"{self.edition.name}, "
            f"{','.join(self.codes) or 'points only'}>"
        )

    @property
    def missing(self) -> tuple[Missing, ...]:
        """The requested codes left out of these standings, in list order, with the reason."""
        return tuple(
            Missing(code=d.code, reason=d.message, kind=d.kind.value)
            for d in self.diagnostics
            if d.kind in LEFT_OUT
        )

    @property
    def incomplete(self) -> bool:
        """Whether a requested code is missing for a reason other than a rule."""
        return any(d.kind is Kind.PLUGIN_FAULT for d in self.diagnostics)

    @property
    def codes(self) -> list[str]:
        """The list in canonical form; a code used again (DE may be) is keyed ``DE#2``."""
        keys: list[str] = []
        for spec in self.specs:
            n = sum(1 for k in keys if k == spec.code or k.startswith(spec.code + "#"))
            keys.append(spec.code if n == 0 else f"{spec.code}#{n + 1}")
        return keys

    def values(self, code: str) -> dict[int, Fraction | None]:
        """Participant id → value for one code of the list (canonical form, e.g. ``BH/C1``).

        Raises ValueError for a code not in the standings, saying why when it was dropped
        from the list (its plugin failed, or it cannot be used here)."""
        codes = self.codes
        if code not in codes:
            try:
                specs = parse_list(code)
            except CodeError:
                specs = []
            if len(specs) == 1 and specs[0].code in codes:  # another spelling: bh-c1
                code = specs[0].code
            else:
                key = specs[0].code if len(specs) == 1 else code
                why = next(
                    (d.message for d in self.diagnostics if d.code == key and d.kind in LEFT_OUT),
                    None,
                )
                if why:
                    raise ValueError(f"'{code}' is not in these standings: {why}")
                raise ValueError(f"'{code}' is not in the tie-break list ({', '.join(codes)})")
        i = codes.index(code)
        return {row.participant.id: row.values[i] for row in self.rows}


def compute_standings(
    tournament: Tournament,
    tiebreaks: str | list[str] | tuple[str, ...] | None = None,
    edition: str | Edition | None = None,
    *,
    after_round: int | None = None,
    providers: Mapping[str, str] | None = None,
    options: Mapping[str, Any] | None = None,
    reg: Registry | None = None,
    strict: bool = False,
    decided: tuple[Decision, ...] | list[Decision] = (),
    lots: str | None = None,
    edition_by: str | None = None,
) -> Standings:
    """Rank *tournament*.

    *tiebreaks* is a code list (``"BH/C1,BH,SB"`` or a sequence); by default the file's
    list, else :data:`DEFAULT_TIEBREAKS`. *edition* defaults to the tournament's own
    (``Tournament.edition``, set by :class:`~fide_tiebreaks.EventBuilder`), else to the one
    in force on the tournament's end date (*edition_by* ``"start"``: its start date, as FIDE
    TEC's reference program picks; when the two dates lie under two editions, a warning
    names both, a note when *edition_by* is given). *options* reach every tie-break as
    ``ctx.options`` (e.g. ``{"unrated_rating": 1000}``): only options a plugin declares, of
    the declared type (else :class:`~fide_tiebreaks.OptionError`, a :class:`CodeError`).
    Raises :class:`CodeError` or :class:`PluginError` for unusable codes or editions. A
    third-party tie-break whose plugin fails (raises, returns floats, NaN, wrong types or
    misses participants) is left out with a warning naming the plugin and the code
    (:attr:`Standings.missing`), and the others still rank; with *strict* (or
    ``FIDE_TIEBREAKS_STRICT_PLUGINS=1``) it raises :class:`PluginError` instead. A built-in
    that fails is a bug of ours: :class:`~fide_tiebreaks.InternalError`.

    After the list (C.07 4.2, :mod:`fide_tiebreaks.decisions`): the file's decisions and
    *decided* order still-tied groups, then *lots* (a seed; default the file's) draws what
    is still tied; a decision that cannot apply raises
    :class:`~fide_tiebreaks.decisions.DecisionError`.
    """
    _check_arguments(tournament, tiebreaks, edition, after_round, providers, decided, lots)
    reg = reg or registry()
    if not isinstance(options or {}, Mapping):
        raise OptionError(
            f"options must be a mapping of name to value, not {type(options).__name__}"
        )
    given_options = dict(options or {})
    check_options(given_options)  # every door: a wrongly typed option is refused
    options = reg.typed_options(given_options)  # declared names and types; defaults filled
    cache = Caches()
    plan = make_plan(
        tournament,
        tiebreaks,
        edition,
        after_round=after_round,
        providers=providers,
        options=options,
        reg=reg,
        cache=cache,
        strict=strict or strict_plugins(),
        edition_by=edition_by,
    )
    final = after_round in (None, tournament.rounds)
    return after_the_list(rank_plan(plan, cache), decided, lots, final=final)


def _check_arguments(
    tournament: object,
    tiebreaks: object,
    edition: object,
    after_round: object,
    providers: object,
    decided: object,
    lots: object,
) -> None:
    """compute_standings' arguments, each of the type its signature gives (else
    ArgumentTypeError naming it), before anything is read from them."""
    read = isinstance(getattr(tournament, "tournament", None), Tournament)
    hint = "read_tournament returns a ReadResult: pass its .tournament" if read else ""
    arguments.instance(tournament, Tournament, "tournament", hint=hint)
    arguments.codes(tiebreaks, "tiebreaks")
    if not isinstance(edition, Edition):
        arguments.text(edition, "edition", optional=True, empty=False)
    arguments.round_number(after_round, "after_round")
    arguments.text_mapping(providers, "providers")
    example = "fide_tiebreaks.decisions.parse_decided('play-off:5>3')"
    arguments.sequence_of(decided, Decision, "decided", example=example)
    arguments.text(lots, "lots", optional=True)


def after_the_list(
    s: Standings, decided: tuple[Decision, ...] | list[Decision], lots: str | None, final: bool
) -> Standings:
    """C.07 4.2 after the list: the decisions (the file's, when *final*, then *decided*) and
    the drawing of lots applied to the ranked rows (:func:`fide_tiebreaks.decisions.settle`)."""
    t = s.tournament
    decisions = [*(t.decisions if final else ()), *decided]
    seed = check_seed(lots) if lots is not None else (t.lots_seed if final else None)
    done = settle(s.rows, s.codes, decisions, seed)
    if not decisions and seed is None:
        return replace(s, settlement=done)  # the order and ranks stand as ranked
    rows = tuple(s.rows[i]._replace(rank=r) for i, r in zip(done.order, done.ranks, strict=True))
    return replace(s, rows=rows, settlement=done)


def rank_plan(plan: Plan, cache: Caches) -> Standings:
    """Rank by *plan*. A tie-break whose plugin fails is left out and the ranking made again
    without it: the other tie-breaks keep working (their cached values stay)."""
    entries = list(plan.entries)
    notes = list(plan.notes)
    while True:
        try:
            return _Ranking(plan, entries, cache).standings(notes)
        except TiebreakFailed as e:
            if e.plugin in plan.builtin:
                raise internal_error(e.spec, str(e)) from e
            if plan.strict:
                raise
            notes.append(
                Diagnostic(
                    severity=Severity.WARNING,
                    message=f"{e}; {e.spec.code} is left out",
                    path=plan.source,
                    kind=Kind.PLUGIN_FAULT,
                    code=e.spec.code,
                )
            )
            entries = [k for k in entries if k.spec is not e.spec]


class _Ranking:
    """One ranking of C.07 4.2: points, then the tie-breaks in list order.

    Participants are handled by their index in the tournament: lists indexed by it, read
    in order, stay cheap on a large field where dictionaries keyed by id, read in rank
    order, miss the processor's caches. One column of values per tie-break; a group
    tie-break starts from its "alone" value (DE: 1st), which stays for participants it
    never reaches."""

    def __init__(self, plan: Plan, entries: list[Planned], cache: Caches) -> None:
        self.plan = plan
        self.cache = cache
        self.specs = tuple(k.spec for k in entries)
        self.resolved = tuple(k.tiebreak for k in entries)
        self.spent = [0.0] * len(entries)  # seconds in each tie-break's plugin
        self.people = plan.tournament.participants
        self.ids = [p.id for p in self.people]
        self.lower = [k.tiebreak.lower_is_better != k.spec.reverse for k in entries]
        self.columns: list[list[Fraction | None]] = []
        self.keys: list[list[int] | None] = []  # sort keys of the value tie-breaks
        # level -> (the next group tie-break's level, the sort key of the value tie-breaks
        # from level up to it)
        self.segments: dict[int, tuple[int, list[Any] | None]] = {}
        self.places = [0] * len(self.people)
        self.order: list[int] = []  # participant indexes, best first

    def standings(self, notes: list[Diagnostic]) -> Standings:
        everyone = list(range(len(self.people)))
        for i in range(len(self.specs)):
            self._value_column(i, everyone)
        # Points first: equal scores are gathered in one pass (a handful of distinct totals),
        # so the sorts only ever see a score group. Stable sorts keep tied participants in id
        # order, the order C.07 leaves them in.
        by_points: dict[int, list[int]] = {}
        for j in sorted(everyone, key=self.ids.__getitem__):
            by_points.setdefault(self.people[j].units, []).append(j)
        for units in sorted(by_points, reverse=True):
            self._settle(by_points[units], 0)
        return Standings(
            tournament=self.plan.tournament,
            edition=self.plan.edition,
            specs=self.specs,
            tiebreaks=self.resolved,
            rows=self._rows(),
            diagnostics=(*notes, *self._slow()),
            options=self.plan.options,
            edition_by=self.plan.edition_by,
        )

    def _context(self, level: int, group: frozenset[int] | None) -> Context:
        spec = self.specs[level]
        return self.cache.context(
            tournament=score_view(self.plan.tournament, spec),
            spec=spec,
            tiebreak=self.resolved[level],
            edition=self.plan.edition,
            group=group,
            options=self.plan.options,
        )

    def _call(self, level: int, ctx: Context, members: list[int]) -> list[Fraction]:
        start = time.perf_counter()
        try:
            ids = self.ids
            return _run(self.resolved[level], self.specs[level], ctx, [ids[j] for j in members])
        finally:
            self.spent[level] += time.perf_counter() - start

    def _value_column(self, level: int, everyone: list[int]) -> None:
        tb = self.resolved[level]
        if tb.group:
            alone = None if tb.alone is None else Fraction(tb.alone)
            self.columns.append([alone] * len(self.people))
            self.keys.append(None)
            return
        found = self._call(level, self._context(level, None), everyone)
        self.columns.append(list(found))
        self.keys.append(_sort_key(found, self.lower[level]))

    def _segment(self, level: int) -> tuple[int, list[Any] | None]:
        """Consecutive value tie-breaks sort at once: their keys zipped into one tuple per
        participant, made once per level and compared in C."""
        if level not in self.segments:
            keys = self.keys
            stop = level
            while stop < len(self.specs) and keys[stop] is not None:
                stop += 1
            span = [k for k in keys[level:stop] if k is not None]
            key = None if not span else span[0] if len(span) == 1 else list(zip(*span, strict=True))
            self.segments[level] = (stop, key)
        return self.segments[level]

    def _settle(self, group: list[int], level: int) -> None:
        """C.07 4.2: rank *group* (tied before *level*, in id order) by the tie-breaks from
        *level* on. A group tie-break (type A) is computed for each run still tied when it
        is reached."""
        stop, key = self._segment(level)
        for run in _runs(group, key.__getitem__) if key is not None else [group]:
            if len(run) == 1 or stop == len(self.specs):
                first = len(self.order) + 1  # a shared place takes the first place of the group
                for j in run:
                    self.places[j] = first
                self.order.extend(run)
                continue
            members = frozenset(self.ids[j] for j in run)
            found = self._call(stop, self._context(stop, members), run)
            column = self.columns[stop]
            for j, v in zip(run, found, strict=True):
                column[j] = v
            sub_key = dict(zip(run, _sort_key(found, self.lower[stop]), strict=True))
            for sub in _runs(run, sub_key.__getitem__):
                self._settle(sub, stop + 1)

    def _rows(self) -> tuple[Row, ...]:
        people, places = self.people, self.places
        columns = self.columns
        by_participant = list(zip(*columns, strict=True)) if columns else [()] * len(people)
        make_row = _make_row
        return tuple([make_row((places[j], people[j], by_participant[j])) for j in self.order])

    def _slow(self) -> list[Diagnostic]:
        return [
            Diagnostic(
                severity=Severity.WARNING,
                message=f"tie-break '{spec.code}' from plugin '{tb.provider}' took {t:.1f} s",
                path=self.plan.source,
            )
            for spec, tb, t in zip(self.specs, self.resolved, self.spent, strict=True)
            if t > SLOW_SECONDS
        ]


def _sort_key(values: list[Fraction], lower_is_better: bool) -> list[int]:
    """The values on one integer grid (their denominators' lcm), negated when higher is
    better, so that ascending order is best first: ints hash and compare far cheaper than
    Fractions on a large field."""
    # A column holds few distinct values, mostly shared objects (numbers.from_units caches
    # them): each object's key is made once, and the column mapped to them in C.
    distinct = dict(zip(map(id, values), values, strict=True))
    scale = math.lcm(*{v.denominator for v in distinct.values()})
    sign = 1 if lower_is_better else -1
    key = {i: sign * v.numerator * (scale // v.denominator) for i, v in distinct.items()}
    return list(map(key.__getitem__, map(id, values)))


def _runs(items: list[int], key: Callable[[int], Any]) -> list[list[int]]:
    """Sort by *key* (stable) and split into runs of equal key, best first."""
    return [list(run) for _, run in groupby(sorted(items, key=key), key)]


def _run(tb: Tiebreak, spec: TiebreakSpec, ctx: Context, ids: list[int]) -> list[Fraction]:
    """Call a plugin's compute and check what it returns: every id, exact numbers only.
    The values come back in the order of *ids*. Reading the result runs plugin code too (a
    mapping or a number type of its own), so the checks run inside the guard as well."""
    who = f"tie-break '{spec.code}' from plugin '{tb.provider}'"
    try:
        with guarded(who, allow=(TiebreakFailed,), plugin=tb.provider):
            return _checked(tb.compute(ctx), who, spec, ids)
    except PluginFault as e:
        raise TiebreakFailed(str(e), spec, e.plugin or tb.provider) from e.__cause__
    except TiebreakFailed as e:
        raise TiebreakFailed(str(e), spec, tb.provider) from None


def _checked(result: Any, who: str, spec: TiebreakSpec, ids: list[int]) -> list[Fraction]:
    if not isinstance(result, Mapping):
        raise TiebreakFailed(
            f"{who} returned {type(result).__name__}, not a mapping of id to value", spec
        )
    try:
        values = [result[pid] for pid in ids]
    except KeyError:
        missing = next((pid for pid in ids if pid not in result), "?")
        raise TiebreakFailed(f"{who} gave no value for participant {missing}", spec) from None
    if set(map(type, values)) <= {Fraction}:  # the common case, checked in C
        return cast("list[Fraction]", values)
    out: list[Fraction] = []
    for pid, v in zip(ids, values, strict=True):
        if isinstance(v, bool) or not isinstance(v, Rational):
            if isinstance(v, float) and not math.isfinite(v):
                raise TiebreakFailed(f"{who} returned {v} for participant {pid}", spec)
            raise TiebreakFailed(
                f"{who} returned {type(v).__name__} {v!r} for participant {pid}; values "
                "must be exact (int or fractions.Fraction), never float",
                spec,
            )
        out.append(v if type(v) is Fraction else Fraction(v))
    return out
