"""Standings: points first, then the ordered tie-break list, C.07 (2024) 4.2."""

from __future__ import annotations

import math
import re
import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field, replace
from fractions import Fraction
from itertools import groupby
from numbers import Rational
from typing import Any, NamedTuple, cast

from .codes import MODIFIER_NAMES, CodeError, TiebreakSpec, parse_list, separator_hint
from .decisions import Settlement, check_seed, settle
from .diagnostics import Diagnostic, Kind, Severity
from .editions import Edition, choose_edition
from .faults import InternalError
from .host import PluginError, PluginFault, Registry, guarded, registry, strict_plugins
from .model import Decision, Participant, Tournament, TournamentType
from .teams import team_view
from .tiebreak import Context, Tiebreak, Unusable, check_options

# Used when neither the user nor the file (202 / 212) names a list. C.07 leaves the choice
# to the organiser (4.1); these are the common FIDE choices among the installed codes.
DEFAULT_TIEBREAKS = {
    ("individual", TournamentType.SWISS): "BH/C1,BH,SB",
    ("individual", TournamentType.ROUND_ROBIN): "SB,DE,WIN",
    ("team", TournamentType.SWISS): "MPvGP,EMGSB/C1,BH:MP/C1",
    ("team", TournamentType.ROUND_ROBIN): "MPvGP,EDE,EMGSB",
}

PRESET = "preset:"  # a tie-break list named by a plugin's preset: -t preset:fide-swiss

# A tie-break whose plugin spends longer than this (seconds, all its calls together) is
# named in a warning: the built-ins take well under a second on 10,000 players.
SLOW_SECONDS = 5.0

# The kinds of diagnostic that say a requested code was left out of the standings.
LEFT_OUT = (Kind.RULE, Kind.PLUGIN_FAULT)


class TiebreakFailed(PluginError):
    """One tie-break's plugin raised or returned something unusable."""

    def __init__(self, message: str, spec: TiebreakSpec, plugin: str = "") -> None:
        super().__init__(message)
        self.spec = spec
        self.plugin = plugin  # whose code failed, when not the tie-break's own plugin


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

    @property
    def missing(self) -> tuple[Missing, ...]:
        """The requested codes left out of these standings, in list order, with the reason."""
        return tuple(Missing(code=d.code, reason=d.message, kind=d.kind.value)
                     for d in self.diagnostics if d.kind in LEFT_OUT)  # fmt: skip

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
                why = next((d.message for d in self.diagnostics
                            if d.code == key and d.kind in LEFT_OUT), None)  # fmt: skip
                if why:
                    raise ValueError(f"'{code}' is not in these standings: {why}")
                raise ValueError(f"'{code}' is not in the tie-break list ({', '.join(codes)})")
        i = codes.index(code)
        return {row.participant.id: row.values[i] for row in self.rows}


def default_list(t: Tournament) -> tuple[str, str]:
    """The tie-break list to use and where it came from."""
    if t.declared_tiebreaks:
        return ",".join(t.declared_tiebreaks), "the file's 202 record"
    if t.declared_standings:
        return ",".join(t.declared_standings), "the file's 212 record"
    what = f"{'team ' if t.team else ''}{t.type.value}"
    return DEFAULT_TIEBREAKS[t.kind, t.type], f"the default for a {what} tournament"


class Planned(NamedTuple):
    """One code of the list, resolved to the tie-break that computes it."""

    spec: TiebreakSpec
    tiebreak: Tiebreak


@dataclass(frozen=True)
class Plan:
    """What one standings run computes, every argument checked: the tournament (cut at
    *after_round*), the rules edition, the codes kept and what was said while choosing."""

    tournament: Tournament
    edition: Edition
    entries: tuple[Planned, ...]
    options: Mapping[str, Any]
    notes: tuple[Diagnostic, ...]
    source: str
    strict: bool
    builtin: frozenset[str]  # the plugins that are ours: their faults are internal errors


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
) -> Standings:
    """Rank *tournament*.

    *tiebreaks* is a code list (``"BH/C1,BH,SB"`` or a sequence); by default the file's
    list, else :data:`DEFAULT_TIEBREAKS`. *edition* defaults to the tournament's own
    (``Tournament.edition``, set by :class:`~fide_tiebreaks.EventBuilder`), else to the one
    in force on the tournament's end date. *options* reach every tie-break as
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
    reg = reg or registry()
    given_options = dict(options or {})
    check_options(given_options)  # every door: a wrongly typed option is refused
    options = reg.typed_options(given_options)  # declared names and types; defaults filled
    cache = Caches()
    plan = make_plan(tournament, tiebreaks, edition, after_round=after_round,
                     providers=providers, options=options, reg=reg, cache=cache,
                     strict=strict or strict_plugins())  # fmt: skip
    final = after_round in (None, tournament.rounds)
    return after_the_list(rank_plan(plan, cache), decided, lots, final=final)


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


def make_plan(
    tournament: Tournament,
    tiebreaks: str | list[str] | tuple[str, ...] | None,
    edition: str | Edition | None,
    *,
    after_round: int | None,
    providers: Mapping[str, str] | None,
    options: dict[str, Any],
    reg: Registry,
    cache: Caches,
    strict: bool,
) -> Plan:
    """Check every argument and decide what to compute (:class:`Plan`); each code's own
    ``check`` runs here, so that a code that cannot be used is refused before any value."""
    notes: list[Diagnostic] = []
    source = tournament.source.path if tournament.source else "<tournament>"
    if after_round is not None:
        if not 1 <= after_round <= tournament.rounds:
            # after_round (serve's field, the API's argument; the CLI says --after-round)
            raise CodeError(f"after_round {after_round} must be between 1 and "
                            f"{tournament.rounds} (the rounds played)")  # fmt: skip
        tournament = tournament.after_round(after_round)
    given = tiebreaks is not None  # by the caller, not from the file or the defaults
    if tiebreaks is None:
        tiebreaks, origin = default_list(tournament)
        notes.append(Diagnostic(Severity.NOTE, f"tie-breaks from {origin}: {tiebreaks}", source))
    specs = _requested(tiebreaks, reg, notes, source)
    chosen = _edition(edition or tournament.edition, tournament, reg, notes, source)
    entries: list[Planned] = []
    for spec in specs:
        planned = _planned(spec, tournament, chosen, options, reg, providers, cache, strict,
                           notes, source)  # fmt: skip
        if planned is None:
            continue
        if any(k.spec.code == planned.spec.code for k in entries) and not planned.tiebreak.group:
            raise CodeError(f"'{planned.spec.code}' appears twice in the tie-break list")
        entries.append(planned)
        warning = _cut_warning(planned.spec, tournament.rounds, given, source)
        if warning is not None:
            notes.append(warning)
    return Plan(tournament, chosen, tuple(entries), options, tuple(notes), source, strict,
                reg.builtin)  # fmt: skip


def _requested(
    tiebreaks: str | list[str] | tuple[str, ...],
    reg: Registry,
    notes: list[Diagnostic],
    source: str,
) -> tuple[TiebreakSpec, ...]:
    """The list parsed, with the nearest codes for one that is no code; ``preset:NAME``
    is the list a plugin's preset names."""
    if isinstance(tiebreaks, str) and tiebreaks.strip().lower().startswith(PRESET):
        preset = reg.preset(tiebreaks.strip()[len(PRESET) :])  # -t preset:fide-swiss
        notes.append(
            Diagnostic(
                Severity.NOTE,
                f"tie-breaks from preset {preset.name} ({preset.citation}): {preset.tiebreaks}",
                source,
            )
        )
        tiebreaks = preset.tiebreaks
    if isinstance(tiebreaks, str) and (hint := separator_hint(tiebreaks)) is not None:
        # "BH/C1;SB" or "BH SB": codes with another separator; "Sonneborn Berger": a name.
        heads = [re.split(r"[/:-]", part, maxsplit=1)[0].upper() for part in hint.split(",")]
        if not all(h in reg.tiebreaks or h == "PTS" for h in heads):
            raise CodeError(f"unknown tie-break code '{tiebreaks.strip()}'"
                            + reg.suggestions(tiebreaks.strip()))  # fmt: skip
    try:
        specs = tuple(parse_list(tiebreaks))
    except CodeError as e:
        if e.typed is None:
            raise
        raise CodeError(f"{e}{reg.suggestions(e.typed)}") from None
    if not specs and not _names_points(tiebreaks):
        notes.append(Diagnostic(Severity.WARNING, "the tie-break list is empty: participants "
                                "with equal points share their place (give PTS to rank on "
                                "points alone without this warning; leave the list out for "
                                "the file's or the default list)", source))  # fmt: skip
    return specs


def _edition(
    edition: str | Edition | None,
    tournament: Tournament,
    reg: Registry,
    notes: list[Diagnostic],
    source: str,
) -> Edition:
    """The edition asked for, else the one in force on the end date (C.07 applies from its
    date of entry into force), said in a note when that is a choice."""
    if isinstance(edition, Edition):
        return edition
    if edition:
        return reg.edition(edition)
    if not reg.editions:
        raise PluginError("no rules edition is installed (is the 'unplayed' plugin disabled?)")
    chosen, why, serious = choose_edition(list(reg.editions.values()), tournament.end_date)
    if why:
        kind = Kind.UNDATED if tournament.end_date is None else Kind.GENERAL
        notes.append(Diagnostic(Severity.WARNING if serious else Severity.NOTE, why, source,
                                kind=kind))  # fmt: skip
    return chosen


def _planned(
    spec: TiebreakSpec,
    tournament: Tournament,
    edition: Edition,
    options: Mapping[str, Any],
    reg: Registry,
    providers: Mapping[str, str] | None,
    cache: Caches,
    strict: bool,
    notes: list[Diagnostic],
    source: str,
) -> Planned | None:
    """*spec* resolved and checked by its plugin; None (with a warning) when it is left out."""
    tb = _resolve(reg, spec, providers)
    if spec.name == tb.code.upper():
        spec = replace(spec, name=tb.code)  # the registered spelling, e.g. MPvGP
    if spec.score and tournament.team is None:
        raise CodeError(f"'{spec.code}': :{spec.score} applies to team events only")
    if tb.check is None:
        return Planned(spec, tb)
    try:
        with guarded(f"tie-break '{spec.code}' from plugin '{tb.provider}'", " in check",
                     allow=(Unusable,), plugin=tb.provider):  # fmt: skip
            tb.check(cache.context(tournament=_view(tournament, spec), spec=spec, tiebreak=tb,
                                   edition=edition, group=None, options=options))  # fmt: skip
    except Unusable as e:
        if not e.drop:
            raise CodeError(f"'{spec.code}': {e}") from None
        notes.append(Diagnostic(Severity.WARNING, f"{spec.code} is dropped: {e}", source,
                                kind=Kind.RULE, code=spec.code))  # fmt: skip
        return None
    except PluginFault as e:
        if (e.plugin or tb.provider) in reg.builtin:
            raise internal_error(spec, str(e)) from e
        if strict:
            raise TiebreakFailed(str(e), spec) from None
        notes.append(Diagnostic(Severity.WARNING, f"{e}; {spec.code} is left out", source,
                                kind=Kind.PLUGIN_FAULT, code=spec.code))  # fmt: skip
        return None
    return Planned(spec, tb)


def _cut_warning(spec: TiebreakSpec, rounds: int, given: bool, source: str) -> Diagnostic | None:
    """A Cut or Median that removes every value ties everyone (C.07 14.1-14.4): a warning
    when asked for; a note when the file's or the default list meets an early round (BH/C1
    after round 1)."""
    removed = spec.cut or 2 * spec.median
    if not removed or removed < rounds or rounds <= 0:
        return None
    what = (
        f"the Cut removes the {spec.cut} lowest"
        if spec.cut
        else (f"the Median removes the {spec.median} highest and the {spec.median} lowest")
    )
    return Diagnostic(
        Severity.WARNING if given else Severity.NOTE,
        f"{spec.code}: {what} of the values of {rounds} "
        f"round{'s' if rounds > 1 else ''}: none is left, so it "
        f"ties everyone (C.07 14.1-14.4); use a smaller n",
        source,
    )


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
            notes.append(Diagnostic(Severity.WARNING, f"{e}; {e.spec.code} is left out",
                                    plan.source, kind=Kind.PLUGIN_FAULT,
                                    code=e.spec.code))  # fmt: skip
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
        return Standings(self.plan.tournament, self.plan.edition, self.specs, self.resolved,
                         self._rows(), (*notes, *self._slow()), self.plan.options)  # fmt: skip

    def _context(self, level: int, group: frozenset[int] | None) -> Context:
        spec = self.specs[level]
        return self.cache.context(tournament=_view(self.plan.tournament, spec), spec=spec,
                                  tiebreak=self.resolved[level], edition=self.plan.edition,
                                  group=group, options=self.plan.options)  # fmt: skip

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
        new = tuple.__new__  # skips the named tuple's Python-level __new__ (one per participant)
        return tuple([new(Row, (places[j], people[j], by_participant[j])) for j in self.order])

    def _slow(self) -> list[Diagnostic]:
        return [
            Diagnostic(Severity.WARNING, f"tie-break '{spec.code}' from plugin "
                       f"'{tb.provider}' took {t:.1f} s", self.plan.source)
            for spec, tb, t in zip(self.specs, self.resolved, self.spent, strict=True)
            if t > SLOW_SECONDS
        ]  # fmt: skip


class Caches:
    """The caches of one standings run. Each plugin gets a ``ctx.cache`` of its own, so one
    that corrupts its cache harms only its own codes (and the fault is its own); the
    opponent tables that BH, SB and the rest share are kept apart, in ``ctx.tables``,
    built by the edition through ``ctx.opponent_table()``."""

    def __init__(self) -> None:
        self.tables: dict[object, object] = {}
        self.by_plugin: dict[str, dict[object, object]] = {}

    def context(
        self,
        *,
        tournament: Tournament,
        spec: TiebreakSpec,
        tiebreak: Tiebreak,
        edition: Edition,
        group: frozenset[int] | None,
        options: Mapping[str, Any],
    ) -> Context:
        """The context of one call of *tiebreak*'s code, with its plugin's own cache."""
        cache = self.by_plugin.setdefault(tiebreak.provider, {})
        return Context(tournament=tournament, spec=spec, edition=edition, group=group,
                       cache=cache, options=options, tables=self.tables)  # fmt: skip


def _names_points(tiebreaks: str | list[str] | tuple[str, ...]) -> bool:
    """Whether an empty list was asked for on purpose: ``PTS`` alone (points only)."""
    items = tiebreaks.split(",") if isinstance(tiebreaks, str) else list(tiebreaks)
    return any(item.strip().upper() == "PTS" for item in items)


def _view(t: Tournament, spec: TiebreakSpec) -> Tournament:
    """What a tie-break sees: on a team event, the matches scored with the score the code
    names (``:MP`` / ``:GP``), else the primary score."""
    return team_view(t, spec.score) if t.team is not None and spec.score else t


def _sort_key(values: list[Fraction], lower_is_better: bool) -> list[int]:
    """The values on one integer grid (their denominators' lcm), negated when higher is
    better, so that ascending order is best first: ints hash and compare far cheaper than
    Fractions on a large field."""
    scale = math.lcm(*{v.denominator for v in values})
    sign = 1 if lower_is_better else -1
    if scale == 1:
        return [sign * v.numerator for v in values]
    return [sign * v.numerator * (scale // v.denominator) for v in values]


def _runs(items: list[int], key: Callable[[int], Any]) -> list[list[int]]:
    """Sort by *key* (stable) and split into runs of equal key, best first."""
    return [list(run) for _, run in groupby(sorted(items, key=key), key)]


def _resolve(reg: Registry, spec: TiebreakSpec, providers: Mapping[str, str] | None) -> Tiebreak:
    tb = reg.resolve(spec.name, providers)
    extra = spec.modifiers - tb.modifiers
    if extra:
        allowed = ", ".join(MODIFIER_NAMES[m] for m in sorted(tb.modifiers)) or "none"
        refused = ", ".join(MODIFIER_NAMES[m] for m in sorted(extra))
        raise CodeError(f"'{spec.code}': {tb.code} does not take {refused} (it takes: {allowed})")
    return tb


def internal_error(spec: TiebreakSpec, fault: str) -> InternalError:
    """A built-in tie-break or edition that failed: a bug of ours, never the user's or a
    plugin author's."""
    return InternalError(f"{spec.code} could not be computed, a bug in fide-tiebreaks ({fault}); "
                         "please report it with the input file")  # fmt: skip


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
