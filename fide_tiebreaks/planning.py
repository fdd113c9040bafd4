"""The plan of one standings run: which codes to compute, for which tournament and rules
edition, every argument checked before any tie-break runs (C.07 (2024) 4.1: the ordered list
the regulations give)."""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import replace
from typing import Any

from .codes import MODIFIER_NAMES, CodeError, TiebreakSpec, parse_list, separator_hint
from .data_classes import NamedTuple, dataclass
from .diagnostics import Diagnostic, Kind, Severity
from .editions import Edition, check_edition_by, choose_edition
from .faults import InternalError
from .host import PluginError, PluginFault, Registry, guarded
from .model import Tournament, TournamentType
from .tiebreak import Context, Tiebreak, Unusable

# Used when neither the user nor the file (202 / 212) names a list. C.07 leaves the choice
# to the organiser (4.1); these are the common FIDE choices among the installed codes.
DEFAULT_TIEBREAKS = {
    ("individual", TournamentType.SWISS): "BH/C1,BH,SB",
    ("individual", TournamentType.ROUND_ROBIN): "SB,DE,WIN",
    ("team", TournamentType.SWISS): "MPvGP,EMGSB/C1,BH:MP/C1",
    ("team", TournamentType.ROUND_ROBIN): "MPvGP,EDE,EMGSB",
}

PRESET = "preset:"  # a tie-break list named by a plugin's preset: -t preset:fide-swiss


class TiebreakFailed(PluginError):
    """One tie-break's plugin raised or returned something unusable."""

    def __init__(self, message: str, spec: TiebreakSpec, plugin: str = "") -> None:
        super().__init__(message)
        self.spec = spec
        self.plugin = plugin  # whose code failed, when not the tie-break's own plugin


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
    edition_by: str | None = None  # the date that picks the edition (None: the end, by default)


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
    edition_by: str | None = None,
) -> Plan:
    """Check every argument and decide what to compute (:class:`Plan`); each code's own
    ``check`` runs here, so that a code that cannot be used is refused before any value.
    *edition_by* (``"end"``, ``"start"``; None: the end date, by default) is the date that
    picks the edition when none is given (:func:`~fide_tiebreaks.editions.choose_edition`)."""
    check_edition_by(edition_by)
    notes: list[Diagnostic] = []
    source = tournament.where
    if after_round is not None:
        if not 1 <= after_round <= tournament.rounds:
            # after_round (serve's field, the API's argument; the CLI says --after-round)
            raise CodeError(
                f"after_round {after_round} must be between 1 and "
                f"{tournament.rounds} (the rounds played)"
            )
        tournament = tournament.after_round(after_round)
    given = tiebreaks is not None  # by the caller, not from the file or the defaults
    if tiebreaks is None:
        tiebreaks, origin = default_list(tournament)
        notes.append(
            Diagnostic(
                severity=Severity.NOTE,
                message=f"tie-breaks from {origin}: {tiebreaks}",
                path=source,
            )
        )
    tiebreaks = _no_preset_among_codes(tiebreaks, reg)
    specs = _requested(tiebreaks, reg, notes, source)
    rules = (
        None if edition or tournament.edition else _rules_edition(tiebreaks, specs, reg, providers)
    )
    chosen = _edition(edition, tournament, reg, notes, source, edition_by, rules)
    entries: list[Planned] = []
    for spec in specs:
        planned = _planned(
            spec, tournament, chosen, options, reg, providers, cache, strict, notes, source
        )
        if planned is None:
            continue
        if any(k.spec.code == planned.spec.code for k in entries) and not planned.tiebreak.group:
            raise CodeError(f"'{planned.spec.code}' appears twice in the tie-break list")
        entries.append(planned)
        notes.extend(_own_rules(planned, chosen, source))
        warning = _cut_warning(planned.spec, tournament.rounds, given, source)
        if warning is not None:
            notes.append(warning)
    return Plan(
        tournament=tournament,
        edition=chosen,
        entries=tuple(entries),
        options=options,
        notes=tuple(notes),
        source=source,
        strict=strict,
        builtin=reg.builtin,
        edition_by=edition_by,
    )


def _own_rules(planned: Planned, run: Edition, source: str) -> list[Diagnostic]:
    """The note that a code of another rulebook keeps its own edition (Tiebreak.edition)
    in a run of another one."""
    own = planned.tiebreak.rules
    if own is None or own.name == run.name:
        return []
    return [
        Diagnostic(
            severity=Severity.NOTE,
            message=f"{planned.spec.code} is computed under its own rules, edition {own.name} "
            f"({own.citation}), not {run.name}",
            path=source,
        )
    ]


def _requested(
    tiebreaks: str | list[str] | tuple[str, ...],
    reg: Registry,
    notes: list[Diagnostic],
    source: str,
) -> tuple[TiebreakSpec, ...]:
    """The list parsed, with the nearest codes for one that is no code; ``preset:NAME``
    is the list a plugin's preset names (alone: see :func:`_no_preset_among_codes`)."""
    if isinstance(tiebreaks, str) and tiebreaks.strip().lower().startswith(PRESET):
        preset = reg.preset(tiebreaks.strip()[len(PRESET) :])  # -t preset:fide-swiss
        notes.append(
            Diagnostic(
                severity=Severity.NOTE,
                message=f"tie-breaks from preset {preset.name} ({preset.citation}): "
                f"{preset.tiebreaks}",
                path=source,
            )
        )
        tiebreaks = preset.tiebreaks
    if isinstance(tiebreaks, str) and (hint := separator_hint(tiebreaks)) is not None:
        # "BH/C1;SB" or "BH SB": codes with another separator; "Sonneborn Berger": a name.
        heads = [re.split(r"[/:-]", part, maxsplit=1)[0].upper() for part in hint.split(",")]
        if not all(h in reg.tiebreaks or h == "PTS" for h in heads):
            raise CodeError(
                f"unknown tie-break code '{tiebreaks.strip()}'" + reg.suggestions(tiebreaks.strip())
            )
    try:
        specs = tuple(parse_list(tiebreaks))
    except CodeError as e:
        if e.typed is None:
            raise
        raise CodeError(f"{e}{reg.suggestions(e.typed)}") from None
    if not specs and not _names_points(tiebreaks):
        notes.append(
            Diagnostic(
                severity=Severity.WARNING,
                message="the tie-break list is empty: participants "
                "with equal points share their place (give PTS to rank on "
                "points alone without this warning; leave the list out for "
                "the file's or the default list)",
                path=source,
            )
        )
    return specs


def _no_preset_among_codes(
    tiebreaks: str | list[str] | tuple[str, ...], reg: Registry
) -> str | list[str] | tuple[str, ...]:
    """``preset:NAME`` stands for a whole list: among other codes (``PTS,preset:fide-swiss``)
    it is refused, with the list written out; it was read as the code PRESET with the
    score ``:fide-swiss`` ("must be :MP or :GP"). Alone, it is given back as the text
    ``preset:NAME``: also from a list of one (``["preset:fide-swiss"]``) and with empty items
    about it (``",preset:fide-swiss"``), which :func:`~fide_tiebreaks.codes.parse_list` skips
    in any list; any other list is given back as it is."""
    items = tiebreaks.split(",") if isinstance(tiebreaks, str) else list(tiebreaks)
    if not all(isinstance(item, str) for item in items):
        return tiebreaks  # refused by parse_list, naming what is no code
    items = [item.strip() for item in items if item.strip()]
    named = [item for item in items if item.lower().startswith(PRESET)]
    if not named:
        return tiebreaks
    if len(items) == 1:
        return named[0]
    preset = reg.preset(named[0][len(PRESET) :])  # an unknown one: the installed are named
    written = ",".join(preset.tiebreaks if item is named[0] else item for item in items)
    raise CodeError(
        f"'{','.join(items)}': {named[0]} names a whole tie-break list ({preset.tiebreaks}) "
        f"and is not joined with other codes; give it alone (-t {named[0]} or --preset "
        f"{preset.name}), or write its codes in the list: {written}"
    )


def _rules_edition(
    tiebreaks: str | list[str] | tuple[str, ...],
    specs: tuple[TiebreakSpec, ...],
    reg: Registry,
    providers: Mapping[str, str] | None,
) -> str | None:
    """The edition of the list's own rules, for a run that names none: the one a
    ``preset:NAME`` list's regulations use (``Preset.edition``), else the one every code
    names (``Tiebreak.edition``: a list all of another rulebook); None for the date's."""
    if isinstance(tiebreaks, str) and tiebreaks.strip().lower().startswith(PRESET):
        preset = reg.preset(tiebreaks.strip()[len(PRESET) :])
        if preset.edition:
            return preset.edition
    return _codes_edition(specs, reg, providers)


def _codes_edition(
    specs: tuple[TiebreakSpec, ...], reg: Registry, providers: Mapping[str, str] | None
) -> str | None:
    """The edition every code of the list names (``Tiebreak.edition``: all of another
    rulebook), so that the run is reported under it; None when any code follows the run's."""
    try:
        named = {reg.resolve(spec.name, providers).edition for spec in specs}
    except CodeError:
        return None  # the code is refused, with its reason, when the list is planned
    return named.pop() if len(named) == 1 and "" not in named else None


def _edition(
    edition: str | Edition | None,
    tournament: Tournament,
    reg: Registry,
    notes: list[Diagnostic],
    source: str,
    by: str | None,
    rules: str | None = None,
) -> Edition:
    """The edition asked for, else the tournament's own, else the one in force on its end
    (or start) date (C.07 applies from its date of entry into force); a note says which and
    why, a warning when the dates lie under two editions or the one in force is missing."""
    if isinstance(edition, Edition):
        notes.append(
            Diagnostic(
                severity=Severity.NOTE,
                message=f"rules edition {edition.name}: as given",
                path=source,
            )
        )
        return edition
    if edition or tournament.edition:
        name = edition or tournament.edition
        chosen = reg.edition(str(name))
        why = "as asked (--edition)" if edition else "the tournament's own"
        notes.append(
            Diagnostic(
                severity=Severity.NOTE, message=f"rules edition {chosen.name}: {why}", path=source
            )
        )
        return chosen
    if rules:
        chosen = reg.edition(rules)
        why = "the tie-break list's own rulebook"
        notes.append(
            Diagnostic(
                severity=Severity.NOTE, message=f"rules edition {chosen.name}: {why}", path=source
            )
        )
        return chosen
    if not reg.editions:
        raise PluginError("no rules edition is installed (is the 'unplayed' plugin disabled?)")
    choice = choose_edition(
        list(reg.editions.values()), tournament.end_date, start=tournament.start_date, by=by
    )
    kind = Kind.UNDATED if choice.undated else Kind.GENERAL
    severity = Severity.WARNING if choice.serious else Severity.NOTE
    notes.append(Diagnostic(severity=severity, message=choice.reason, path=source, kind=kind))
    if choice.straddle:
        # A warning when the default decided; a note when --edition-by was chosen, unless
        # the range itself is impossible (the end before the start): no choice makes it right.
        start, end = tournament.start_date, tournament.end_date
        impossible = start is not None and end is not None and end < start
        severity = Severity.WARNING if by is None or impossible else Severity.NOTE
        notes.append(Diagnostic(severity=severity, message=choice.straddle, path=source))
    return choice.edition


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
        with guarded(
            f"tie-break '{spec.code}' from plugin '{tb.provider}'",
            " in check",
            allow=(Unusable,),
            plugin=tb.provider,
        ):
            tb.check(
                cache.context(
                    tournament=score_view(tournament, spec),
                    spec=spec,
                    tiebreak=tb,
                    edition=edition,
                    group=None,
                    options=options,
                )
            )
    except Unusable as e:
        if not e.drop:
            raise CodeError(f"'{spec.code}': {e}") from None
        notes.append(
            Diagnostic(
                severity=Severity.WARNING,
                message=f"{spec.code} is dropped: {e}",
                path=source,
                kind=Kind.RULE,
                code=spec.code,
            )
        )
        return None
    except PluginFault as e:
        if (e.plugin or tb.provider) in reg.builtin:
            raise internal_error(spec, str(e)) from e
        if strict:
            raise TiebreakFailed(str(e), spec) from None
        notes.append(
            Diagnostic(
                severity=Severity.WARNING,
                message=f"{e}; {spec.code} is left out",
                path=source,
                kind=Kind.PLUGIN_FAULT,
                code=spec.code,
            )
        )
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
        severity=Severity.WARNING if given else Severity.NOTE,
        message=f"{spec.code}: {what} of the values of {rounds} "
        f"round{'s' if rounds > 1 else ''}: none is left, so it "
        f"ties everyone (C.07 14.1-14.4); use a smaller n",
        path=source,
    )


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
        return Context(
            tournament=tournament,
            spec=spec,
            edition=tiebreak.edition_in(edition),
            group=group,
            cache=cache,
            options=options,
            tables=self.tables,
        )


def _names_points(tiebreaks: str | list[str] | tuple[str, ...]) -> bool:
    """Whether an empty list was asked for on purpose: ``PTS`` alone (points only)."""
    items = tiebreaks.split(",") if isinstance(tiebreaks, str) else list(tiebreaks)
    return any(item.strip().upper() == "PTS" for item in items)


def score_view(t: Tournament, spec: TiebreakSpec) -> Tournament:
    """What a tie-break sees: on a team event, the matches scored with the score the code
    names (``:MP`` / ``:GP``), else the primary score."""
    if t.team is None or not spec.score:
        return t
    from .teams import team_view  # team events only

    return team_view(t, spec.score)


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
    return InternalError(
        f"{spec.code} could not be computed, a bug in fide-tiebreaks ({fault}); "
        "please report it with the input file"
    )
