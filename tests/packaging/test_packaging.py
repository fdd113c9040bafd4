"""Packaging: what the wheel installs, and that both `pip install .` and `pip install -e .`
give a working command with the built-in plugins (plugins/ installs as fide_tiebreaks.plugins)."""

from __future__ import annotations

import subprocess
import sys
import venv
import zipfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
EXAMPLE = ROOT / "conformance" / "fixtures" / "tec-exercise-2024" / "tournament.trf"


def run(*args: str, cwd: Path | None = None) -> subprocess.CompletedProcess[str]:
    done = subprocess.run(args, capture_output=True, text=True, cwd=cwd, timeout=600)
    assert done.returncode == 0, done.stdout + done.stderr
    return done


def test_wheel_installs_only_our_namespace(tmp_path):
    run(sys.executable, "-m", "pip", "wheel", "--no-deps", "-w", str(tmp_path), str(ROOT))
    wheel = next(tmp_path.glob("fide_tiebreaks-*.whl"))
    names = zipfile.ZipFile(wheel).namelist()
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
