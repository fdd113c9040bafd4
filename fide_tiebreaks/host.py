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

import dataclasses
import importlib
import os
import threading
import warnings
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from importlib import metadata
from types import ModuleType
from typing import Any

import pluggy

from . import __version__, hookspecs
from .codes import CodeError
from .editions import Edition
from .tiebreak import Tiebreak

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
)
DISTRIBUTION = "fide-tiebreaks"


class PluginError(Exception):
    """A plugin that cannot be used, or a code that cannot be resolved to one provider."""


class PluginWarning(UserWarning):
    """A plugin failed and was left out; the rest keeps working."""


@dataclass(frozen=True)
class Provider:
    name: str
    distribution: str
    version: str
    builtin: bool
    codes: tuple[str, ...] = ()
    editions: tuple[str, ...] = ()


@dataclass
class Registry:
    """What the plugins provide. Built once by :func:`load_registry`; read-only afterwards."""

    manager: pluggy.PluginManager
    tiebreaks: dict[str, list[Tiebreak]] = field(default_factory=dict)  # by upper-case code
    editions: dict[str, Edition] = field(default_factory=dict)
    providers: list[Provider] = field(default_factory=list)
    problems: list[str] = field(default_factory=list)

    def resolve(self, name: str, prefer: Mapping[str, str] | None = None) -> Tiebreak:
        """The tie-break for code *name* (aliases included). :class:`CodeError` when nobody
        provides it, or when several plugins do and *prefer* (or ``FIDE_TIEBREAKS_PROVIDERS``)
        picks none."""
        candidates = self.tiebreaks.get(name.upper(), [])
        if not candidates:
            known = ", ".join(sorted({tb.code for tbs in self.tiebreaks.values() for tb in tbs}))
            raise CodeError(
                f"no installed plugin provides the tie-break '{name}' (available: {known})"
            )
        if len(candidates) == 1:
            return candidates[0]
        choice = {k.upper(): v for k, v in {**_env_providers(), **(prefer or {})}.items()}
        chosen = choice.get(name.upper()) or choice.get(candidates[0].code.upper())
        for tb in candidates:
            if tb.provider == chosen:
                return tb
        names = " and ".join(f"'{tb.provider}'" for tb in candidates)
        raise CodeError(
            f"the tie-break '{name}' is provided by {names}; choose one with "
            f"--provider {candidates[0].code}=PLUGIN (or FIDE_TIEBREAKS_PROVIDERS)"
        )

    def edition(self, name: str) -> Edition:
        try:
            return self.editions[name.lower()]
        except KeyError:
            known = ", ".join(sorted(self.editions))
            raise CodeError(f"unknown edition '{name}' (available: {known})") from None


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


def load_registry(
    *,
    entry_points: bool = True,
    extra: Iterable[tuple[str, Any]] = (),
    strict: bool | None = None,
) -> Registry:
    """Build a registry: built-ins by import, then entry points, then *extra* plugins
    (name, object) as tests and embedding programs pass them."""
    strict = strict_plugins() if strict is None else strict
    pm = pluggy.PluginManager(hookspecs.PROJECT)
    pm.add_hookspecs(hookspecs)
    reg = Registry(pm)
    disabled = set(_env_list("FIDE_TIEBREAKS_DISABLE_PLUGINS") or [])
    allowed = _env_list("FIDE_TIEBREAKS_LOAD_PLUGINS")
    origin: dict[str, tuple[str, str, bool]] = {}

    def problem(message: str) -> None:
        if strict:
            raise PluginError(message)
        reg.problems.append(message)
        warnings.warn(message, PluginWarning, stacklevel=3)

    for module_name in DEFAULT_PLUGINS:
        short = module_name.rsplit(".", 1)[1]
        if short in disabled:
            continue
        pm.register(importlib.import_module(module_name), name=short)
        origin[short] = (DISTRIBUTION, __version__, True)

    if entry_points:
        for ep in metadata.entry_points(group=ENTRY_POINT_GROUP):
            if ep.name in disabled or (allowed is not None and ep.name not in allowed):
                continue
            dist = ep.dist.name if ep.dist else "?"
            version = ep.dist.version if ep.dist else "?"
            if pm.has_plugin(ep.name):
                problem(
                    f"plugin '{ep.name}' ({dist}) has the name of a plugin already loaded; skipped"
                )
                continue
            try:
                plugin: ModuleType = ep.load()
                pm.register(plugin, name=ep.name)
            except Exception as e:  # a broken plugin must not take the host down
                problem(
                    f"plugin '{ep.name}' ({dist} {version}) failed to load: {type(e).__name__}: {e}"
                )
                continue
            origin[ep.name] = (dist, version, False)

    for name, plugin in extra:
        try:
            pm.register(plugin, name=name)
        except Exception as e:
            problem(f"plugin '{name}' failed to register: {type(e).__name__}: {e}")
            continue
        origin[name] = ("(in-process)", "", False)

    # A misspelled hook is otherwise accepted silently (pluggy check_pending).
    while True:
        try:
            pm.check_pending()
            break
        except pluggy.PluginValidationError as e:
            bad = pm.get_name(e.plugin) or "?"
            pm.unregister(e.plugin)
            origin.pop(bad, None)
            problem(f"plugin '{bad}' was left out: {e}")

    codes: dict[str, list[str]] = {name: [] for name in origin}
    edition_names: dict[str, list[str]] = {name: [] for name in origin}
    for impl in pm.hook.fide_tiebreaks_register.get_hookimpls():
        for tb in _collect(impl, Tiebreak, problem):
            tb = dataclasses.replace(tb, provider=impl.plugin_name)
            codes[impl.plugin_name].append(tb.code)
            for key in {tb.code.upper(), *(a.upper() for a in tb.aliases)}:
                reg.tiebreaks.setdefault(key, []).append(tb)
    for impl in pm.hook.fide_tiebreaks_editions.get_hookimpls():
        for ed in _collect(impl, Edition, problem):
            ed = dataclasses.replace(ed, provider=impl.plugin_name)
            if ed.name.lower() in reg.editions:
                problem(
                    f"edition '{ed.name}' from plugin '{impl.plugin_name}' is already "
                    f"provided by '{reg.editions[ed.name.lower()].provider}'; ignored"
                )
                continue
            reg.editions[ed.name.lower()] = ed
            edition_names[impl.plugin_name].append(ed.name)
    for name, (dist, version, builtin) in origin.items():
        reg.providers.append(
            Provider(name, dist, version, builtin, tuple(codes[name]), tuple(edition_names[name]))
        )
    return reg


def _collect(impl: Any, kind: type, problem: Any) -> list[Any]:
    try:
        items = list(impl.function() or ())
    except Exception as e:
        problem(
            f"plugin '{impl.plugin_name}' failed in {impl.function.__name__}: "
            f"{type(e).__name__}: {e}"
        )
        return []
    good = [i for i in items if isinstance(i, kind)]
    if len(good) != len(items):
        problem(
            f"plugin '{impl.plugin_name}' returned something that is not a {kind.__name__} "
            f"from {impl.function.__name__}; ignored"
        )
    return good


_lock = threading.Lock()
_registry: Registry | None = None


def registry() -> Registry:
    """The process-wide registry, loaded on first use (thread-safe)."""
    global _registry
    if _registry is None:
        with _lock:
            if _registry is None:
                _registry = load_registry()
    return _registry
