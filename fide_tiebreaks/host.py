"""The plugin host: loads built-in and third-party plugins once per process and keeps the
registry of tie-breaks and editions they provide.

Environment switches (see docs/plugins.md):

- ``FIDE_TIEBREAKS_STRICT_PLUGINS=1``: a plugin that fails to load or register is an error,
  not a warning (for CI);
- ``FIDE_TIEBREAKS_DISABLE_PLUGINS=a,b``: plugins (built-in or entry-point names) not loaded;
- ``FIDE_TIEBREAKS_LOAD_PLUGINS=a,b``: only these third-party plugins are loaded (empty:
  built-ins only);
- ``FIDE_TIEBREAKS_PROVIDERS=CODE=plugin,...``: who provides a code that several plugins offer.
"""

from __future__ import annotations

import importlib
import os
import re
import warnings
from _thread import allocate_lock
from collections.abc import Callable, Iterable, Mapping
from dataclasses import field
from datetime import date
from types import ModuleType
from typing import Any, TypeVar, cast

import pluggy

from . import hookspecs
from .codes import CodeError
from .data_classes import NamedTuple, dataclass
from .discovery import PluginManager, find_entry_points, hooks_only
from .editions import Edition
from .faults import PluginError, PluginFault, guarded
from .tiebreak import Option, OptionError, Preset, Tiebreak, pin_editions, provided_by
from .version import __version__

ENTRY_POINT_GROUP = "fide_tiebreaks"
DEFAULT_PLUGINS = (
    "fide_tiebreaks.plugins.unplayed",
    "fide_tiebreaks.plugins.virtual_opponent",
    "fide_tiebreaks.plugins.buchholz",
    "fide_tiebreaks.plugins.sonneborn_berger",
    "fide_tiebreaks.plugins.own_results",
    "fide_tiebreaks.plugins.koya",
    "fide_tiebreaks.plugins.direct_encounter",
    "fide_tiebreaks.plugins.ratings",
    "fide_tiebreaks.plugins.team",
    "fide_tiebreaks.plugins.presets",
)
DISTRIBUTION = "fide-tiebreaks"
T = TypeVar("T")
# Editions once built in, and what replaces them (CHANGELOG).
RETIRED_EDITIONS = {
    name: "it was defined from Swiss-Manager's setting names alone and reproduces no real "
    "printout; sm-2012 reproduces Swiss-Manager's printouts (docs/interpretations.md)"
    for name in ("sm-real-points", "sm-half-point")
}


class PluginWarning(UserWarning):
    """A plugin failed and was left out; the rest keeps working. *plugin* names it."""

    def __init__(self, message: str, plugin: str = "") -> None:
        super().__init__(message)
        self.plugin = plugin


@dataclass(frozen=True)
class PluginProblem:
    """A plugin left out, or something it registered ignored, while the registry was built:
    *plugin* names the plugin, *message* says what and why (its text is the message)."""

    plugin: str
    message: str

    def __str__(self) -> str:
        return self.message


# Where the stages of load_registry report a problem: a warning, or PluginError when strict.
Report = Callable[[PluginProblem], None]


@dataclass(frozen=True)
class Provider:
    name: str
    distribution: str
    version: str
    builtin: bool
    codes: tuple[str, ...] = ()
    editions: tuple[str, ...] = ()
    options: tuple[Option, ...] = ()
    presets: tuple[str, ...] = ()


@dataclass
class Registry:
    """What the plugins provide. Built once by :func:`load_registry`; read-only afterwards."""

    manager: pluggy.PluginManager
    tiebreaks: dict[str, list[Tiebreak]] = field(default_factory=dict)  # by upper-case code
    editions: dict[str, Edition] = field(default_factory=dict)
    options: dict[str, Option] = field(default_factory=dict)  # by name, words joined by "_"
    providers: list[Provider] = field(default_factory=list)
    problems: list[PluginProblem] = field(default_factory=list)
    disabled: list[str] = field(default_factory=list)  # left out by FIDE_TIEBREAKS_DISABLE_PLUGINS
    presets: dict[str, Preset] = field(default_factory=dict)  # by name

    def preset(self, name: str) -> Preset:
        """The preset *name*; :class:`CodeError` naming the installed ones when none is."""
        found = self.presets.get(name.strip().lower())
        if found is None:
            known = ", ".join(sorted(self.presets)) or "none"
            raise CodeError(
                f"unknown preset '{name.strip()}' (installed: {known}; "
                "'fide-tiebreaks presets' lists them)"
            )
        return found

    @property
    def builtin(self) -> frozenset[str]:
        """The names of the built-in plugins loaded (``fide_tiebreaks.plugins.*``)."""
        return frozenset(p.name for p in self.providers if p.builtin)

    def option(self, name: str) -> Option:
        """The declared option *name* (``-`` or ``_`` between words); OptionError with the
        nearest names when no installed plugin declares it."""
        found = self.options.get(name.replace("-", "_").lower())
        if found is not None:
            return found
        import difflib

        style = (lambda n: n.replace("_", "-")) if "-" in name else (lambda n: n)
        known = [style(n) for n in sorted(self.options)]
        near = difflib.get_close_matches(style(name.lower()), known, n=2, cutoff=0.6)
        hint = f"; did you mean {' or '.join(near)}?" if near else ""
        every = ", ".join(known) or "none"
        raise OptionError(
            f"unknown option '{name}'{hint} (the installed plugins take: "
            f"{every}; 'fide-tiebreaks plugins' says what each does)"
        )

    def typed_options(self, given: Mapping[str, Any]) -> dict[str, Any]:
        """*given* (as the API and serve take them) checked against the declared options and
        converted once: every declared option, the default where none was given."""
        typed = {name: option.default for name, option in self.options.items()}
        for name, value in given.items():
            option = self.option(name)
            typed[option.name] = option.convert(value, name)
        return typed

    def resolve(self, name: str, prefer: Mapping[str, str] | None = None) -> Tiebreak:
        """The tie-break for code *name* (aliases included). :class:`CodeError` when nobody
        provides it, or when several plugins do and *prefer* (or ``FIDE_TIEBREAKS_PROVIDERS``)
        picks none."""
        candidates = self.tiebreaks.get(name.upper(), [])
        if not candidates:
            raise CodeError(self.unknown_code(name))
        _check_asked(name, candidates, prefer)
        if len(candidates) == 1:
            return candidates[0]
        choice = {k.upper(): v for k, v in {**_env_providers(), **(prefer or {})}.items()}
        chosen = choice.get(name.upper()) or choice.get(candidates[0].code.upper())
        for tb in candidates:
            if tb.provider == chosen:
                return tb
        raise _ambiguous(name, candidates)

    def unknown_code(self, name: str) -> str:
        """Why *name* is not a code, with the nearest codes (by code or by name) to use."""
        off = ""
        if self.disabled:  # the code may well exist: its plugin was left out on purpose
            off = (
                f"; disabled by FIDE_TIEBREAKS_DISABLE_PLUGINS: {', '.join(self.disabled)} "
                "(a disabled plugin's codes are unknown too)"
            )
        if self.problems:  # the code's plugin may be the one that failed
            off += (
                "; some plugins failed to load (the warnings above say which), and their "
                "codes are unknown"
            )
        return f"unknown tie-break code '{name}'" + self.suggestions(name) + off

    def suggestions(self, name: str) -> str:
        """The nearest codes to *name*, as "; did you mean BH (Buchholz)? (every code: ...)"."""
        from .codes import suggest

        names = {tb.code: tb.name for tbs in self.tiebreaks.values() for tb in tbs}
        glued = re.fullmatch(r"([A-Za-z]+?)([CM][1-9]\d*)", name)  # BHC1 for BH/C1
        near = suggest(name, names)
        if glued and glued[1].upper() in self.tiebreaks:
            near = [f"{self.tiebreaks[glued[1].upper()][0].code}/{glued[2].upper()}", *near]
        hint = ", ".join(f"{c} ({names[c]})" if c in names else c for c in near[:3])
        return (
            f"; did you mean {hint}?" if near else ""
        ) + " (every code: 'fide-tiebreaks plugins' or docs/tiebreaks.md)"

    def edition(self, name: str) -> Edition:
        try:
            return self.editions[name.lower()]
        except KeyError:
            known = ", ".join(sorted(self.editions))
            if name.lower() in RETIRED_EDITIONS:
                raise CodeError(
                    f"edition '{name}' is retired: {RETIRED_EDITIONS[name.lower()]}"
                ) from None
            import difflib

            near = difflib.get_close_matches(name.lower(), list(self.editions), n=1)
            hint = f"did you mean {near[0]}? " if near else ""
            raise CodeError(
                f"unknown edition '{name}' (available: {known}); {hint}"
                "'fide-tiebreaks editions' lists them with their dates"
            ) from None


def _check_asked(name: str, candidates: list[Tiebreak], prefer: Mapping[str, str] | None) -> None:
    """A provider asked for *name* must be one of its *candidates*: a misspelt or uninstalled
    plugin must not be replaced by another one silently."""
    asked = {k.upper(): v for k, v in (prefer or {}).items()}.get(name.upper())
    if asked is not None and all(tb.provider != asked for tb in candidates):
        names = " and ".join(f"'{tb.provider}'" for tb in candidates)
        raise CodeError(
            f"--provider {name.upper()}={asked}: no installed plugin '{asked}' "
            f"provides {name.upper()}; {names} does ('fide-tiebreaks "
            "plugins' lists the plugins)"
        )


def _ambiguous(name: str, candidates: list[Tiebreak]) -> CodeError:
    """Why nobody was chosen among the *candidates* for *name*."""
    if len({tb.provider for tb in candidates}) == 1:  # --provider could not choose
        return CodeError(
            f"plugin '{candidates[0].provider}' registers the tie-break "
            f"'{name}' {len(candidates)} times; only its author can fix that "
            "(FIDE_TIEBREAKS_DISABLE_PLUGINS leaves the plugin out)"
        )
    names = " and ".join(f"'{tb.provider}'" for tb in candidates)
    return CodeError(
        f"the tie-break '{name}' is provided by {names}; choose one with "
        f"--provider {candidates[0].code}=PLUGIN (or FIDE_TIEBREAKS_PROVIDERS)"
    )


def _env_list(name: str) -> list[str] | None:
    value = os.environ.get(name)
    if value is None:
        return None
    return [v.strip() for v in value.split(",") if v.strip()]


def _env_providers() -> dict[str, str]:
    pairs = _env_list("FIDE_TIEBREAKS_PROVIDERS") or []
    return dict(p.split("=", 1) for p in pairs if "=" in p)


def strict_plugins() -> bool:
    return os.environ.get("FIDE_TIEBREAKS_STRICT_PLUGINS", "").lower() in ("1", "true", "yes")


class _Origin(NamedTuple):
    """Where a loaded plugin came from, for its :class:`Provider` row."""

    distribution: str
    version: str
    builtin: bool


@dataclass
class _Loader:
    """The stages of :func:`load_registry`, sharing the registry being built and the way a
    plugin's problem is reported (a warning, or an error when *strict*)."""

    reg: Registry
    strict: bool
    disabled: set[str]
    allowed: list[str] | None
    origin: dict[str, _Origin] = field(default_factory=dict)

    @property
    def pm(self) -> pluggy.PluginManager:
        return self.reg.manager

    def problem(self, problem: PluginProblem) -> None:
        if self.strict:
            raise PluginError(problem.message, problem.plugin)
        self.reg.problems.append(problem)
        warnings.warn(PluginWarning(problem.message, problem.plugin), stacklevel=3)

    def builtins(self) -> None:
        for module_name in DEFAULT_PLUGINS:
            short = module_name.rsplit(".", 1)[1]
            if short in self.disabled:
                self.reg.disabled.append(short)
                continue
            self.pm.register(_hooks_of(importlib.import_module(module_name)), name=short)
            self.origin[short] = _Origin(DISTRIBUTION, __version__, True)

    def entry_points(self) -> None:
        if self.allowed == []:  # FIDE_TIEBREAKS_LOAD_PLUGINS="": nothing to look for
            return
        for ep in find_entry_points(ENTRY_POINT_GROUP):
            if ep.name in self.disabled:
                self.reg.disabled.append(ep.name)
                continue
            if self.allowed is not None and ep.name not in self.allowed:
                continue
            self.entry_point(ep)

    def entry_point(self, ep: Any) -> None:
        dist, version = ep.dist, ep.version
        if self.pm.has_plugin(ep.name):
            self.problem(
                PluginProblem(
                    ep.name,
                    f"plugin '{ep.name}' ({dist}) has the name of a plugin already loaded; skipped",
                )
            )
            return
        try:  # a broken plugin must not take the host down
            with guarded(f"plugin '{ep.name}' ({dist} {version})", " at import"):
                plugin: ModuleType = ep.load()
            self.pm.register(plugin, name=ep.name)
        except PluginFault as e:
            self.problem(PluginProblem(ep.name, str(e)))
            return
        except Exception as e:
            self.problem(
                PluginProblem(
                    ep.name,
                    f"plugin '{ep.name}' ({dist} {version}) failed to register: "
                    f"{type(e).__name__}: {e}",
                )
            )
            return
        self.origin[ep.name] = _Origin(dist, version, False)

    def extra(self, extra: Iterable[tuple[str, Any]]) -> None:
        for name, plugin in extra:
            try:
                with guarded(f"plugin '{name}'", " to register"):
                    self.pm.register(plugin, name=name)
            except PluginFault as e:
                self.problem(PluginProblem(name, str(e)))
                continue
            self.origin[name] = _Origin("(in-process)", "", False)

    def validate(self) -> None:
        """Leave out a plugin with a misspelled hook, which pluggy otherwise accepts silently
        (``check_pending``)."""
        while True:
            try:
                self.pm.check_pending()
                return
            except pluggy.PluginValidationError as e:
                bad = self.pm.get_name(e.plugin) or "?"
                self.pm.unregister(e.plugin)
                self.origin.pop(bad, None)
                self.problem(PluginProblem(bad, f"plugin '{bad}' was left out: {e}"))

    def options(self) -> dict[str, list[Option]]:
        """Register every plugin's options (a name declared twice keeps its first plugin);
        the options by plugin."""
        by_plugin: dict[str, list[Option]] = {}
        options = self.reg.options
        for impl in self.pm.hook.fide_tiebreaks_options.get_hookimpls():
            for option in self.collect(impl, Option):
                option = provided_by(option, impl.plugin_name)
                if option.name in options:
                    self.problem(
                        PluginProblem(
                            impl.plugin_name,
                            f"option '{option.name}' from plugin '{impl.plugin_name}' is already "
                            f"declared by '{options[option.name].provider}'; ignored",
                        )
                    )
                    continue
                options[option.name] = option
                by_plugin.setdefault(impl.plugin_name, []).append(option)
        return by_plugin

    def collect(self, impl: pluggy.HookImpl, kind: type[T]) -> list[T]:
        """What the hook *impl* returned that is a well-formed *kind*; each other item, or the
        hook's failure, reported as a problem of its plugin. A built-in's items are not checked
        at each start (tests/test_registered.py checks them): only other plugins' can change."""
        name = impl.plugin_name
        try:
            with guarded(f"plugin '{name}'", f" in {impl.function.__name__}"):
                items = list(cast(Iterable[object], impl.function() or ()))
        except PluginFault as e:
            self.problem(PluginProblem(name, str(e)))
            return []
        good: list[T] = []
        checked = not self.origin[name].builtin
        if checked:  # the checks load with the first plugin that is not built in
            from .registered import malformed
        what = f"{'an' if kind.__name__[0] in 'AEIOU' else 'a'} {kind.__name__}"  # an Option
        for item in items:
            if not isinstance(item, kind):
                self.problem(
                    PluginProblem(
                        name,
                        f"plugin '{name}' returned something that is not {what} "
                        f"from {impl.function.__name__}; ignored",
                    )
                )
                continue
            wrong = malformed(item) if checked else None
            if wrong is not None:
                self.problem(
                    PluginProblem(
                        name,
                        f"plugin '{name}' returned {what} whose {wrong} from "
                        f"{impl.function.__name__}; ignored",
                    )
                )
                continue
            good.append(item)
        return good

    def tiebreaks(self) -> dict[str, list[str]]:
        """Register every plugin's tie-breaks under their codes and aliases; the codes by plugin."""
        codes: dict[str, list[str]] = {name: [] for name in self.origin}
        for impl in self.pm.hook.fide_tiebreaks_register.get_hookimpls():
            for tb in self.collect(impl, Tiebreak):
                tb = provided_by(tb, impl.plugin_name)
                codes[impl.plugin_name].append(tb.code)
                for key in {tb.code.upper(), *(a.upper() for a in tb.aliases)}:
                    self.reg.tiebreaks.setdefault(key, []).append(tb)
        return codes

    def editions(self) -> dict[str, list[str]]:
        """Register every plugin's editions (a name taken twice keeps its first plugin); the
        edition names by plugin."""
        names: dict[str, list[str]] = {name: [] for name in self.origin}
        editions = self.reg.editions
        for impl in self.pm.hook.fide_tiebreaks_editions.get_hookimpls():
            for ed in self.collect(impl, Edition):
                ed = provided_by(ed, impl.plugin_name)
                if ed.name.lower() in editions:
                    self.problem(
                        PluginProblem(
                            impl.plugin_name,
                            f"edition '{ed.name}' from plugin '{impl.plugin_name}' is already "
                            f"provided by '{editions[ed.name.lower()].provider}'; ignored",
                        )
                    )
                    continue
                editions[ed.name.lower()] = ed
                names[impl.plugin_name].append(ed.name)
        return names

    def presets(self) -> dict[str, list[str]]:
        """Register every plugin's presets (a name taken twice is refused); the preset names
        by plugin."""
        names: dict[str, list[str]] = {name: [] for name in self.origin}
        presets = self.reg.presets
        for impl in self.pm.hook.fide_tiebreaks_presets.get_hookimpls():
            for preset in self.collect(impl, Preset):
                preset = provided_by(preset, impl.plugin_name)
                if preset.name in presets:
                    self.problem(
                        PluginProblem(
                            impl.plugin_name,
                            f"preset '{preset.name}' from plugin '{impl.plugin_name}' is already "
                            f"provided by '{presets[preset.name].provider}'; ignored",
                        )
                    )
                    continue
                presets[preset.name] = preset
                names[impl.plugin_name].append(preset.name)
        return names

    def providers(
        self,
        codes: dict[str, list[str]],
        editions: dict[str, list[str]],
        options: dict[str, list[Option]],
        presets: dict[str, list[str]],
    ) -> None:
        for name, (dist, version, builtin) in self.origin.items():
            self.reg.providers.append(
                Provider(
                    name=name,
                    distribution=dist,
                    version=version,
                    builtin=builtin,
                    codes=tuple(codes[name]),
                    editions=tuple(editions[name]),
                    options=tuple(options.get(name, [])),
                    presets=tuple(presets[name]),
                )
            )


def load_registry(
    *,
    entry_points: bool = True,
    extra: Iterable[tuple[str, Any]] = (),
    strict: bool | None = None,
) -> Registry:
    """Build a registry: built-ins by import, then entry points, then *extra* plugins
    (name, object) as tests and embedding programs pass them."""
    pm = PluginManager(hookspecs.PROJECT)
    pm.add_hookspecs(_hooks_of(hookspecs))  # the specifications alone, as for plugins
    loader = _Loader(
        reg=Registry(pm),
        strict=strict_plugins() if strict is None else strict,
        disabled=set(_env_list("FIDE_TIEBREAKS_DISABLE_PLUGINS") or []),
        allowed=_env_list("FIDE_TIEBREAKS_LOAD_PLUGINS"),
    )
    loader.builtins()
    if entry_points:
        loader.entry_points()
    loader.extra(extra)
    loader.validate()
    options = loader.options()
    codes = loader.tiebreaks()
    editions = loader.editions()
    pin_editions(
        loader.reg.tiebreaks,
        loader.reg.editions,
        lambda plugin, message: loader.problem(PluginProblem(plugin, message)),
    )
    presets = loader.presets()
    loader.providers(codes, editions, options, presets)
    return loader.reg


def builtin_editions() -> list[Edition]:
    """The editions of the built-in plugins, FIDE's newest first, then the programs'
    settings (no dates), read from the plugins' own hooks without building the registry."""
    found: list[Edition] = []
    for module_name in DEFAULT_PLUGINS:
        hook = getattr(importlib.import_module(module_name), "fide_tiebreaks_editions", None)
        found.extend(hook() if hook is not None else ())
    dated = [e for e in found if e.in_force_from or e.in_force_until]
    dated.sort(key=lambda e: e.in_force_from or date.min, reverse=True)
    return dated + [e for e in found if e not in dated]


def _hooks_of(module: ModuleType) -> ModuleType:
    return hooks_only(module, hookspecs.PREFIX)


# threading.Lock is this lock; the threading module itself is not needed here.
_lock = allocate_lock()
_registry: Registry | None = None


def registry() -> Registry:
    """The process-wide registry, loaded on first use (thread-safe)."""
    global _registry
    if _registry is None:
        with _lock:
            if _registry is None:
                _registry = load_registry()
    return _registry
