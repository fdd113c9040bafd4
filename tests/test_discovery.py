"""The plugin host's own entry-point scanner finds exactly what importlib.metadata finds.

The reference is ``importlib.metadata.entry_points(group=...)`` of the same interpreter, run
in a child process with the plugin folders on ``PYTHONPATH`` (as a user installs a plugin
with ``pip install --target`` or points PYTHONPATH at a checkout): the same entry points, in
the same order, with the same distribution name and version.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

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
