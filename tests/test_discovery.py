"""The plugin host's own entry-point scanner finds exactly what importlib.metadata finds, and
its plugin manager finds the hooks pluggy's finds.

The reference is ``importlib.metadata.entry_points(group=...)`` of the same interpreter, run
in a child process with the plugin folders on ``PYTHONPATH`` (as a user installs a plugin
with ``pip install --target`` or points PYTHONPATH at a checkout): the same entry points, in
the same order, with the same distribution name and version.
"""

from __future__ import annotations

import functools
import importlib
import json
import os
import subprocess
import sys
import types
import zipfile
from pathlib import Path

import pluggy
import pytest

from fide_tiebreaks import hookspecs, host
from fide_tiebreaks.discovery import PluginManager, hooks_only

GROUP = "fide_tiebreaks"

# Each side prints [name, value, distribution name, version] for every entry point.
OURS = (
    "import json; from fide_tiebreaks.discovery import find_entry_points as f; "
    f"print(json.dumps([[e.name, e.value, e.dist, e.version] for e in f({GROUP!r})]))"
)
THEIRS = (
    "import json; from importlib import metadata as m; "
    # a Version the metadata lacks is None there and "?" here (Provider.version is text)
    "print(json.dumps([[e.name, e.value, e.dist.name, e.dist.version or '?'] "
    f"for e in m.entry_points(group={GROUP!r})]))"
)


def _dist_info(folder: Path, stem: str, name: str, version: str, entry_points: str) -> None:
    """A wheel-style ``STEM.dist-info`` folder."""
    info = folder / f"{stem}.dist-info"
    info.mkdir(parents=True)
    (info / "METADATA").write_text(f"Metadata-Version: 2.1\nName: {name}\nVersion: {version}\n\n")
    (info / "entry_points.txt").write_text(entry_points)


def _egg_info(folder: Path, stem: str, name: str, version: str, entry_points: str) -> None:
    """A setuptools ``STEM.egg-info`` folder (``PKG-INFO``, not ``METADATA``)."""
    info = folder / f"{stem}.egg-info"
    info.mkdir(parents=True)
    (info / "PKG-INFO").write_text(f"Metadata-Version: 1.1\nName: {name}\nVersion: {version}\n")
    (info / "entry_points.txt").write_text(entry_points)


def _entry_points(*lines: str) -> str:
    return "[console_scripts]\ntool = x:y\n\n[fide_tiebreaks]\n" + "\n".join(lines) + "\n"


def _found(code: str, paths: list[Path]) -> list[list[str]]:
    env = dict(os.environ, PYTHONPATH=os.pathsep.join(str(p) for p in paths))
    out = subprocess.run(
        [sys.executable, "-c", code], env=env, capture_output=True, text=True, check=True
    )
    found: list[list[str]] = json.loads(out.stdout)
    return found


def _both(paths: list[Path]) -> tuple[list[list[str]], list[list[str]]]:
    """What our scanner and importlib.metadata find with *paths* on PYTHONPATH."""
    return _found(OURS, paths), _found(THEIRS, paths)


@pytest.fixture
def plugin_folders(tmp_path: Path) -> list[Path]:
    """Three folders for PYTHONPATH holding every layout the scanner must read."""
    a, b, c = tmp_path / "a", tmp_path / "b", tmp_path / "c.egg"
    # a wheel installed with pip --target
    _dist_info(a, "my_tb-1.0", "my-tb", "1.0", _entry_points("mine = my_tb.plugin:hooks"))
    # the same distribution again, later on the path: shadowed by a/'s copy
    _dist_info(b, "my_tb-2.0", "my-tb", "2.0", _entry_points("mine = my_tb.old:hooks"))
    # a name spelt differently in its folder: still the same distribution (PEP 503)
    _dist_info(b, "My.TB-3.0", "My.TB", "3.0", _entry_points("again = my_tb.dotted"))
    # setuptools' develop layout, with a comment and spaces in the section
    _egg_info(
        b, "Legacy_Plugin", "Legacy-Plugin", "0.9", _entry_points("# a comment", " old = legacy ")
    )
    # a distribution without our group, and one whose metadata lacks a Version
    _dist_info(b, "other-1.0", "other", "1.0", "[console_scripts]\nother = other:main\n")
    info = b / "noversion.dist-info"
    info.mkdir()
    (info / "METADATA").write_text("Metadata-Version: 2.1\nName: noversion\n\n")
    (info / "entry_points.txt").write_text(_entry_points("nv = noversion"))
    # an egg folder on sys.path (easy_install's layout)
    (c / "EGG-INFO").mkdir(parents=True)
    (c / "EGG-INFO" / "PKG-INFO").write_text("Metadata-Version: 1.1\nName: c\nVersion: 4.2\n")
    (c / "EGG-INFO" / "entry_points.txt").write_text(_entry_points("egg = c_plugin"))
    return [a, b, c]


def test_pythonpath_folders_eggs_and_duplicates(plugin_folders: list[Path]) -> None:
    ours, theirs = _both(plugin_folders)
    assert ours == theirs
    # what the fixture was built to show, read off the folders above
    mine = [e for e in ours if e[0] == "mine"]
    assert mine == [["mine", "my_tb.plugin:hooks", "my-tb", "1.0"]]  # a/ shadows b/
    assert ["old", "legacy", "Legacy-Plugin", "0.9"] in ours
    assert ["egg", "c_plugin", "c", "4.2"] in ours
    assert not [e for e in ours if e[0] == "again"]  # My.TB is my-tb, already found


def test_the_order_of_the_path_decides_which_copy_wins(plugin_folders: list[Path]) -> None:
    a, b, c = plugin_folders
    ours, theirs = _both([b, a, c])
    assert ours == theirs
    # b/ holds two spellings of my-tb: the one os.listdir gives first wins, as it does for
    # importlib.metadata; either way a/'s copy (1.0) is now the shadowed one
    found = [e for e in ours if e[2] in ("my-tb", "My.TB")]
    assert len(found) == 1 and found[0][3] in ("2.0", "3.0")


def test_windows_line_ends_an_upper_case_ending_and_runs_of_separators(tmp_path: Path) -> None:
    folder = tmp_path / "site"
    _dist_info(folder, "Upper-1.0", "Upper", "1.0", _entry_points("up = upper.hooks"))
    (folder / "Upper-1.0.dist-info").rename(folder / "UPPER-1.0.DIST-INFO")
    crlf = _entry_points("crlf = crlf.hooks").replace("\n", "\r\n")
    _dist_info(folder, "crlf-2.0", "crlf", "2.0", crlf)
    meta = folder / "crlf-2.0.dist-info" / "METADATA"
    meta.write_text(meta.read_text().replace("\n", "\r\n"))
    # one distribution spelt three ways: the first on the path wins
    _dist_info(folder, "a._b-1.0", "a._b", "1.0", _entry_points("ab = ab.one"))
    _dist_info(tmp_path / "later", "A__B-2.0", "A__B", "2.0", _entry_points("ab2 = ab.two"))
    plain = tmp_path / "plain"  # a folder of modules only
    plain.mkdir()
    for i in range(30):
        (plain / f"module{i}.py").write_text("")
    ours, theirs = _both([plain, folder, tmp_path / "later"])
    assert ours == theirs
    assert ["crlf", "crlf.hooks", "crlf", "2.0"] in ours
    assert sorted(e[0] for e in ours if e[0] in ("up", "ab", "ab2")) == ["ab", "up"]


def test_a_zipped_distribution_on_the_path(tmp_path: Path) -> None:
    archive = tmp_path / "zipped.zip"
    with zipfile.ZipFile(archive, "w") as z:
        z.writestr(
            "zipped-1.5.dist-info/METADATA", "Metadata-Version: 2.1\nName: zipped\nVersion: 1.5\n\n"
        )
        z.writestr("zipped-1.5.dist-info/entry_points.txt", _entry_points("z = zipped.hooks"))
        z.writestr("zipped/__init__.py", "")
    ours, theirs = _both([archive])
    assert ours == theirs
    assert ["z", "zipped.hooks", "zipped", "1.5"] in ours


def test_unreadable_and_missing_entries_are_passed_over(tmp_path: Path) -> None:
    broken = tmp_path / "broken"
    info = broken / "bad-1.0.dist-info"
    info.mkdir(parents=True)
    (info / "METADATA").write_bytes(b"Metadata-Version: 2.1\nName: bad\nVersion: 1.0\n\n")
    (info / "entry_points.txt").write_bytes(b"[fide_tiebreaks]\nbad = \xff\xfe\n")  # not UTF-8
    not_a_zip = tmp_path / "not-a.zip"
    not_a_zip.write_bytes(b"plain text")
    # importlib.metadata raises UnicodeDecodeError on the undecodable file; the host must
    # not be taken down by one broken distribution, so the scanner passes it over
    ours = _found(OURS, [broken, not_a_zip, tmp_path / "missing"])
    assert all(e[0] != "bad" for e in ours)


def _odd_module() -> types.ModuleType:
    """A plugin module holding what pluggy must be asked about, or may be answered for:
    marked functions, wrappers and classes, a marked module, data of every plain kind and
    a subclass of one carrying a marker."""

    class Text(str):
        pass

    marked_text = Text("x")
    marked_text.fide_tiebreaks_impl = {}  # type: ignore[attr-defined]
    marked_module = types.ModuleType("marked")
    marked_module.fide_tiebreaks_impl = {}  # type: ignore[attr-defined]

    def plain() -> None:
        pass

    class Marked:
        pass

    def odd_marker() -> None:
        pass

    odd_marker.fide_tiebreaks_impl = "not options"  # type: ignore[attr-defined]
    odd_marker.fide_tiebreaks_spec = 1  # type: ignore[attr-defined]

    hookimpl = hookspecs.hookimpl
    odd = types.ModuleType("odd", "a plugin")
    values = {
        "fide_tiebreaks_register": hookimpl(lambda: []),
        "fide_tiebreaks_registr": hookimpl(lambda: []),  # a typo: still a hook to pluggy
        "cached": hookimpl(functools.lru_cache(plain)),
        "static": hookimpl(staticmethod(plain)),
        "spec": hookspecs.hookspec(lambda: None),
        "both": hookimpl(hookspecs.hookspec(lambda: None)),
        "renamed": hookimpl(specname="fide_tiebreaks_register")(lambda: []),
        "odd_marker": odd_marker,
        "__class__": hookimpl(lambda: []),  # ModuleType's own attribute: pluggy finds that
        "plain": plain,
        "MarkedClass": hookimpl(hookspecs.hookspec(Marked)),
        "marked_module": marked_module,
        "marked_text": marked_text,
        "os": os,
        "Path": Path,
    }
    plain_data = [None, "t", b"b", True, 1, 1.5, 1j, (1,), [1], {1: 2}, {1}, frozenset({1})]
    values.update({f"data{i}": v for i, v in enumerate(plain_data)})
    vars(odd).update(values)
    return odd


def test_the_manager_answers_as_pluggy_does() -> None:
    ours, theirs = PluginManager(hookspecs.PROJECT), pluggy.PluginManager(hookspecs.PROJECT)
    modules = [importlib.import_module(m) for m in host.DEFAULT_PLUGINS]
    modules += [hooks_only(m, hookspecs.PREFIX) for m in modules]
    modules += [hookspecs, hooks_only(hookspecs, hookspecs.PREFIX), _odd_module()]
    asked = 0
    for module in modules:
        for name in dir(module):
            asked += 1
            assert ours.parse_hookimpl_opts(module, name) == theirs.parse_hookimpl_opts(
                module, name
            ), (module, name)
            assert ours.parse_hookspec_opts(module, name) == theirs.parse_hookspec_opts(
                module, name
            ), (module, name)
    assert asked > 100


def test_the_manager_registers_the_hooks_pluggy_registers() -> None:
    found = []
    for manager in (PluginManager(hookspecs.PROJECT), pluggy.PluginManager(hookspecs.PROJECT)):
        manager.add_hookspecs(hooks_only(hookspecs, hookspecs.PREFIX))
        for module_name in host.DEFAULT_PLUGINS:
            manager.register(importlib.import_module(module_name), name=module_name)
        manager.register(_odd_module(), name="odd")
        found.append(
            sorted(
                (impl.plugin_name, impl.function.__name__, name)
                for name, caller in vars(manager.hook).items()
                for impl in caller.get_hookimpls()
            )
        )
    assert found[0] == found[1]
    assert ("odd", "<lambda>", "fide_tiebreaks_registr") in found[0]
    assert [n for p, _, n in found[0] if p == "odd"].count("fide_tiebreaks_register") == 2
