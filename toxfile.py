"""tox's inline plugin (tox 4 loads ``toxfile.py`` from the project root by itself).

1. Interpreters installed side by side by pyenv are found: tox only looks on ``PATH``, where
   pyenv's ``python3.12`` shim fails unless 3.12 is selected, so each
   ``$PYENV_ROOT/versions/X.Y.Z/bin`` is added after everything already on ``PATH``.
2. A ``pyXY`` environment whose interpreter is missing is still skipped (a machine with one
   Python can run the suite), but never silently: tox says so before it starts and again as
   the very last line, with what to install.
"""

from __future__ import annotations

import atexit
import os
import re
import shutil
import sys
from pathlib import Path

from tox.plugin import impl

_MISSING: list[str] = []


def _pyenv_bins() -> list[str]:
    root = Path(os.environ.get("PYENV_ROOT") or Path.home() / ".pyenv") / "versions"
    # X.Y.Z only (not virtualenvs or dev builds), the newest patch release of each X.Y first
    found = [d for d in root.glob("3.*/bin") if re.fullmatch(r"3\.\d+\.\d+", d.parent.name)]
    found.sort(key=lambda d: tuple(int(n) for n in d.parent.name.split(".")), reverse=True)
    return [str(d) for d in found]


def _add_pyenv_to_path() -> None:
    path = os.environ.get("PATH", "").split(os.pathsep)
    extra = [d for d in _pyenv_bins() if d not in path]
    if extra:
        os.environ["PATH"] = os.pathsep.join([*path, *extra])


def _runs(version: str) -> bool:
    """Whether ``pythonX.Y`` on PATH really is that Python (a pyenv shim may only complain)."""
    if sys.version_info[:2] == tuple(map(int, version.split("."))):
        return True
    exe = shutil.which(f"python{version}")
    if exe is None:
        return False
    import subprocess

    try:
        done = subprocess.run([exe, "-c", "0"], capture_output=True, timeout=30)
    except (OSError, subprocess.SubprocessError):
        return False
    return done.returncode == 0


def _say_missing() -> None:
    for line in _MISSING:
        print(f"tox: {line}", file=sys.stderr)


_add_pyenv_to_path()


@impl
def tox_add_env_config(env_conf, state) -> None:  # type: ignore[no-untyped-def]
    """Name each ``pyXY`` environment of the run whose interpreter is not installed."""
    m = re.fullmatch(r"py3(\d+)", env_conf.env_name)
    if m is None or _runs(f"3.{m.group(1)}"):
        return
    version = f"3.{m.group(1)}"
    line = (
        f"{env_conf.env_name} SKIPPED: no python{version} on PATH or under pyenv (install "
        f"Python {version}, e.g. 'pyenv install {version}' or the distribution's "
        f"python{version} package, to test it)"
    )
    if line not in _MISSING:
        _MISSING.append(line)
        print(f"tox: {line}", file=sys.stderr)
        if len(_MISSING) == 1:
            atexit.register(_say_missing)
