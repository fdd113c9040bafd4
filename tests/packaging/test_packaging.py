"""Packaging: what the wheel installs, and that both `pip install .` and `pip install -e .`
give a working command with the built-in plugins (plugins/ installs as fide_tiebreaks.plugins)."""

from __future__ import annotations

import shutil
import subprocess
import sys
import venv
import zipfile
from pathlib import Path
from typing import NamedTuple

import pytest

ROOT = Path(__file__).resolve().parents[2]
EXAMPLE = ROOT / "conformance" / "fixtures" / "tec-exercise-2024" / "tournament.trf"


def run(*args: str, cwd: Path | None = None) -> subprocess.CompletedProcess[str]:
    done = subprocess.run(args, capture_output=True, text=True, cwd=cwd, timeout=600)
    assert done.returncode == 0, done.stdout + done.stderr
    return done


class Wheel(NamedTuple):
    """The wheel built from the checkout: its file name and what it holds."""

    name: str
    names: list[str]


#: What a build in the checkout leaves behind: setuptools copies build/lib into every later
#: wheel, so a package dropped from pyproject.toml still shipped from there.
LEFT_BY_BUILDS = ("build", "dist", "*.egg-info", ".git", ".tox", "__pycache__", ".*cache")


@pytest.fixture(scope="module")
def wheel(tmp_path_factory: pytest.TempPathFactory) -> Wheel:
    """The wheel of a clean copy of the checkout (no earlier build's files in it)."""
    source = tmp_path_factory.mktemp("source") / "fide-tiebreaks"
    shutil.copytree(ROOT, source, ignore=shutil.ignore_patterns(*LEFT_BY_BUILDS, ".venv*"))
    out = tmp_path_factory.mktemp("wheel")
    run(sys.executable, "-m", "pip", "wheel", "--no-deps", "-w", str(out), str(source))
    built = next(out.glob("fide_tiebreaks-*.whl"))
    return Wheel(built.name, zipfile.ZipFile(built).namelist())


#: The source folders and where the wheel installs them (pyproject's package-dir).
INSTALLED_AS = {"fide_tiebreaks": "fide_tiebreaks", "plugins": "fide_tiebreaks/plugins"}
INSTALLED_AS["conformance"] = "fide_tiebreaks/conformance"


def _source_modules() -> list[str]:
    """Every module of every package folder in the checkout (a folder with an __init__.py
    under fide_tiebreaks/, plugins/ or conformance/, reached through packages), as the
    wheel's path of it. Found on disk, not from pyproject's package list: a package left
    out of that list is what this must catch."""
    out = []
    for source, installed in INSTALLED_AS.items():
        top = ROOT / source
        for init in sorted(top.rglob("__init__.py")):
            folder = init.parent
            between = [folder, *folder.parents[: len(folder.relative_to(top).parts)]]
            if not all((f / "__init__.py").is_file() for f in between):
                continue  # inside a plain data folder: not a package
            where = folder.relative_to(top).as_posix()
            prefix = installed if where == "." else f"{installed}/{where}"
            out += [f"{prefix}/{m.name}" for m in sorted(folder.glob("*.py"))]
    return out


def test_the_wheel_holds_every_package_folder_and_its_modules(wheel: Wheel):
    modules = _source_modules()
    # the folders found include those a reader of a Swiss-Manager file and a plugin need
    assert "fide_tiebreaks/formats/swiss_manager/build.py" in modules
    assert "fide_tiebreaks/plugins/__init__.py" in modules
    assert "fide_tiebreaks/conformance/__init__.py" in modules
    missing = [m for m in modules if m not in wheel.names]
    assert not missing, f"the wheel lacks {missing}: add their packages to pyproject.toml"


def test_wheel_installs_only_our_namespace(wheel: Wheel):
    names = wheel.names
    tops = {n.split("/")[0] for n in names}
    assert tops == {"fide_tiebreaks", wheel.name.split("-py3")[0] + ".dist-info"}
    for needed in (
        "fide_tiebreaks/py.typed",
        "fide_tiebreaks/plugins/buchholz.py",
        "fide_tiebreaks/plugins/unplayed.py",
        "fide_tiebreaks/conformance/__init__.py",
        "fide_tiebreaks/conformance/fixtures/tec-exercise-2024/tournament.trf",
        "fide_tiebreaks/formats/fide-tiebreaks.xsd",
        "fide_tiebreaks/conformance/cases/tec-2024-bh.xml",
        "fide_tiebreaks/conformance/cases/sloth-1975.trf",
        "fide_tiebreaks/conformance/pytest_plugin.py",
    ):
        assert needed in names


@pytest.mark.parametrize("editable", [False, True], ids=["install", "editable"])
def test_install_modes_give_a_working_command(tmp_path, editable):
    env = tmp_path / "venv"
    venv.create(env, with_pip=True)
    py = env / "bin" / "python"
    run(str(py), "-m", "pip", "install", "--quiet", *(["-e"] if editable else []), str(ROOT))
    done = run(
        str(env / "bin" / "fide-tiebreaks"), "standings", str(EXAMPLE), "-f", "csv", cwd=tmp_path
    )
    assert done.stdout.splitlines()[1] == "1,2,Player02,,,,4,12,13,9.5"
    where = run(
        str(py),
        "-c",
        "import fide_tiebreaks.plugins.buchholz as m; print(m.__file__)",
        cwd=tmp_path,
    ).stdout.strip()
    assert where.startswith(str(ROOT / "plugins")) if editable else "site-packages" in where
    # The bundled corpus (schema, cases and the TRF files beside them) is found either way.
    suite = run(str(env / "bin" / "fide-tiebreaks"), "conformance", cwd=tmp_path)
    assert suite.stdout.strip().endswith(" passed, 0 failed")
