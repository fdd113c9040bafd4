"""Finding the installed plugins: the entry points of one group, and the view of a module
that pluggy registers.

This module holds the plugin host's start-up savings (docs/architecture.md, "Start-up"):

- :func:`find_entry_points` reads the installed distributions' ``entry_points.txt`` files
  itself. It answers what ``importlib.metadata.entry_points(group=...)`` answers (the same
  distributions, in the same order, the first of a name on ``sys.path`` winning;
  ``tests/test_discovery.py`` compares the two), without importing ``importlib.metadata``
  and with it the ``email`` and ``zipfile`` packages, which cost a pairing program that
  calls us after every round about 40 ms each time.
- :func:`hooks_only` gives pluggy a module holding only a plugin's hook functions: pluggy
  inspects every attribute of what it registers, and on a whole module (its imports,
  helpers and constants) that is several milliseconds of every run.
- :class:`PluginManager` is pluggy's, answering for a plain module's attribute whether it
  is a hook itself (pluggy looks each up with ``inspect.getattr_static``, most only to
  leave them out: a module's name and other dunders, the plugin's imports).
"""

from __future__ import annotations

import importlib
import os
import sys
from bisect import bisect_left
from collections.abc import Iterator
from itertools import takewhile
from operator import methodcaller
from types import FunctionType, ModuleType, NoneType
from typing import Any, cast

import pluggy

from .data_classes import dataclass

_METADATA_FOLDERS = (".dist-info", ".egg-info")


@dataclass(frozen=True)
class FoundEntryPoint:
    """One entry point of a group, as ``importlib.metadata.EntryPoint`` describes it."""

    name: str
    value: str  # "module" or "module:attribute"
    dist: str  # the distribution's Name (its metadata)
    version: str  # the distribution's Version, "?" when its metadata gives none

    def load(self) -> Any:
        """Import the module and return the attribute the entry point names."""
        module, _, attribute = self.value.partition(":")
        found: Any = importlib.import_module(module.strip())
        for part in attribute.strip().split(".") if attribute.strip() else ():
            found = getattr(found, part)
        return found


@dataclass(frozen=True)
class _Distribution:
    key: str  # the normalised name distributions are told apart by
    folder: str  # the .dist-info, .egg-info or EGG-INFO folder
    stem: str  # the folder's name without its ending, for a name the metadata lacks
    archive: str = ""  # the zip file on sys.path holding the folder, if any

    def read(self, name: str) -> str | None:
        """The text of the metadata file *name*, or None."""
        if not self.archive:
            return _read(os.path.join(self.folder, name))
        import zipfile  # only for a zip file on sys.path, which wheels never install as

        try:
            with zipfile.ZipFile(self.archive) as z:
                return z.read(f"{self.folder}/{name}").decode("utf-8")
        except (OSError, KeyError, UnicodeDecodeError, zipfile.BadZipFile):
            return None


def find_entry_points(group: str) -> list[FoundEntryPoint]:
    """The entry points of *group* among the distributions installed on ``sys.path``."""
    found: list[FoundEntryPoint] = []
    header = f"[{group}]"
    seen: set[str] = set()
    for dist in _distributions():
        if dist.key in seen:
            continue  # a later copy of a distribution already found is shadowed
        seen.add(dist.key)
        text = dist.read("entry_points.txt")
        if text is None or header not in text:
            continue
        name, version = _name_and_version(dist)
        found.extend(
            FoundEntryPoint(name=ep, value=value, dist=name, version=version)
            for ep, value in _section(text, header)
        )
    return found


def _distributions() -> Iterator[_Distribution]:
    """Every distribution's metadata folder, in the order importlib.metadata visits them:
    by ``sys.path`` entry, then ``.dist-info`` / ``.egg-info`` folders in directory order,
    then the ``EGG-INFO`` of an entry that is itself an ``.egg`` folder."""
    for base in sys.path:
        root = base or "."
        archive = ""
        try:
            children = os.listdir(root)
        except OSError:
            children = _zip_children(root)
            archive = root
        for child in _metadata_folders(children):
            stem = child.lower().rpartition(".")[0]
            name = stem.partition("-")[0]
            folder = child if archive else os.path.join(root, child)
            yield _Distribution(key=_normalise(name), folder=folder, stem=stem, archive=archive)
        egg = os.path.basename(root).lower()
        if egg.endswith(".egg"):
            for child in children:
                if child.lower() == "egg-info":
                    stem = egg.rpartition(".")[0]
                    name = stem.partition("-")[0]
                    # importlib.metadata's "legacy" normalisation for eggs
                    yield _Distribution(
                        name.lower().replace("-", "_"), os.path.join(root, child), stem
                    )


def _zip_children(path: str) -> list[str]:
    """The top-level names in the zip file *path* (none when it is not one, or missing)."""
    if not os.path.isfile(path):
        return []
    import zipfile  # rare: only for a zip file on sys.path

    try:
        with zipfile.ZipFile(path) as z:
            return list(dict.fromkeys(n.split("/", 1)[0] for n in z.namelist()))
    except (OSError, zipfile.BadZipFile):
        return []


def _metadata_folders(children: list[str]) -> list[str]:
    """The names among *children* that end in ``.dist-info`` or ``.egg-info``, in any case,
    in their order. The names are first looked over at once, joined and lower-cased in one
    call (lower-casing goes character by character, so each such name leaves ``-info`` in
    the joined text): most folders on ``sys.path`` hold none, the standard library's with
    some 200 names, and a loop over the names costs about two thousand instructions a name."""
    if "-info" not in "\n".join(children).lower():
        return []
    return [child for child in children if child.lower().endswith(_METADATA_FOLDERS)]


def _normalise(name: str) -> str:
    """PEP 503 normalisation with dashes as underscores, as importlib.metadata compares names:
    lower case, each run of ``-``, ``_`` and ``.`` one ``_`` (without a regular expression,
    whose compilation costs more than the scan of the distributions)."""
    name = name.lower().replace("-", "_").replace(".", "_")
    while "__" in name:
        name = name.replace("__", "_")
    return name


def _read(path: str) -> str | None:
    """The file's text, its line ends as written (every reader of it splits lines itself, as
    for a zipped distribution); None when it cannot be read. Bytes decoded at once: a text
    stream costs twice as much to open."""
    try:
        with open(path, "rb") as f:
            return f.read().decode("utf-8")
    except (OSError, UnicodeDecodeError):
        return None


def _section(text: str, header: str) -> list[tuple[str, str]]:
    """The ``name = value`` lines of one ini section of an ``entry_points.txt``."""
    out = []
    inside = False
    for raw in text.splitlines():
        line = raw.strip()
        if line.startswith("["):
            inside = line == header
        elif inside and "=" in line and not line.startswith(("#", ";")):
            name, _, value = line.partition("=")
            out.append((name.strip(), value.strip()))
    return out


def _name_and_version(dist: _Distribution) -> tuple[str, str]:
    """Name and Version from the distribution's ``METADATA`` / ``PKG-INFO`` header."""
    fields: dict[str, str] = {}
    for meta in ("METADATA", "PKG-INFO"):
        text = dist.read(meta)
        if text is None:
            continue
        for line in text.splitlines():
            if not line.strip():
                break  # the end of the header
            key, _, value = line.partition(":")
            if key in ("Name", "Version"):
                fields.setdefault(key, value.strip())
        break
    return fields.get("Name", dist.stem.partition("-")[0]), fields.get("Version", "?")


def hooks_only(module: ModuleType, prefix: str) -> ModuleType:
    """*module* as pluggy should see it: a module holding only its functions whose names
    start with *prefix* (the hook implementations or specifications). In the sorted names
    ``dir`` gives they stand together, from where *prefix* would be: only they are looked
    at (a built-in plugin's module has some sixty names, its helpers and imports)."""
    hooks = ModuleType(module.__name__, module.__doc__)
    names = dir(module)
    for name in takewhile(methodcaller("startswith", prefix), names[bisect_left(names, prefix) :]):
        setattr(hooks, name, getattr(module, name))
    return hooks


#: What a module's attribute holds when it is data: no pluggy takes one for a hook or for a
#: hook's specification (it reads the marker's attribute, which an object of these exact
#: types cannot carry).
_DATA = frozenset(
    {NoneType, str, bytes, bool, int, float, complex, tuple, list, dict, set, frozenset}
)
#: ... and, for an implementation, a class or a module too (no pluggy takes one for a hook:
#: pluggy 1.5 asks for a routine, later ones for a function or a method).
_NOT_IMPLEMENTATIONS = _DATA | {type, ModuleType}


class PluginManager(pluggy.PluginManager):
    """``pluggy.PluginManager``, answering its two documented questions (``parse_hookimpl_opts``,
    ``parse_hookspec_opts``: is this attribute a hook, with what options?) itself for an
    attribute of a plain module, as pluggy would: no for data (its ``__name__``, ``__doc__``,
    ``__spec__`` of None, constants), or for an implementation a class or an imported module;
    for a plain function, the options its marker left on it. Anything else goes to pluggy,
    unchanged. Pluggy asks for each attribute of each plugin and looks each up with
    ``inspect.getattr_static``; registering the built-ins and the specifications is then
    about three million instructions cheaper (``tests/test_discovery.py`` holds the answers
    to pluggy's own)."""

    def parse_hookimpl_opts(self, plugin: Any, name: str) -> pluggy.HookimplOpts | None:
        value = _attribute(plugin, name)
        if type(value) in _NOT_IMPLEMENTATIONS:
            return None
        if type(value) is FunctionType:
            return cast("pluggy.HookimplOpts | None", _marker(value, self.project_name + "_impl"))
        return super().parse_hookimpl_opts(plugin, name)

    def parse_hookspec_opts(self, module_or_class: Any, name: str) -> pluggy.HookspecOpts | None:
        value = _attribute(module_or_class, name)
        if type(value) in _DATA:
            return None
        if type(value) is FunctionType:
            return cast("pluggy.HookspecOpts | None", _marker(value, self.project_name + "_spec"))
        return super().parse_hookspec_opts(module_or_class, name)


class _AskPluggy:
    """What :func:`_attribute` gives when pluggy is to answer: of no type the manager knows."""


_ASK_PLUGGY = _AskPluggy()


def _attribute(plugin: object, name: str) -> object:
    """The value of *plugin*'s attribute *name* when *plugin* is a plain module holding it
    in its ``__dict__``, where pluggy finds it too (but for the names ``ModuleType`` itself
    takes, ``__class__`` or ``__dict__``: a function there is left to pluggy); else
    ``_ASK_PLUGGY``."""
    if type(plugin) is not ModuleType:
        return _ASK_PLUGGY
    value = plugin.__dict__.get(name, _ASK_PLUGGY)
    if type(value) is FunctionType and name.startswith("__"):
        return _ASK_PLUGGY
    return value


def _marker(function: FunctionType, attribute: str) -> dict[str, Any] | None:
    """The options a pluggy marker left on *function*, as pluggy reads them (a dict, or
    nothing)."""
    options = getattr(function, attribute, None)
    return options if isinstance(options, dict) else None
