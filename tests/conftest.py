from __future__ import annotations

import csv
import os
import subprocess
import sys
from fractions import Fraction
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
TEC = ROOT / "conformance" / "fixtures" / "tec-exercise-2024"


@pytest.fixture(autouse=True)
def _no_outside_plugins(monkeypatch: pytest.MonkeyPatch) -> None:
    """Third-party plugins installed on the machine must not leak into the tests."""
    monkeypatch.setenv("FIDE_TIEBREAKS_LOAD_PLUGINS", "")
    for name in (
        "FIDE_TIEBREAKS_STRICT_PLUGINS",
        "FIDE_TIEBREAKS_DISABLE_PLUGINS",
        "FIDE_TIEBREAKS_PROVIDERS",
    ):
        monkeypatch.delenv(name, raising=False)


def expected(name: str) -> dict[int, dict[str, Fraction]]:
    """A TEC expected-values CSV: start rank -> code -> exact value."""
    with open(TEC / name, newline="") as f:
        return {
            int(row["start_rank"]): {k: Fraction(v) for k, v in row.items() if k != "start_rank"}
            for row in csv.DictReader(f)
        }


def run_cli(
    *args: str,
    env: dict[str, str] | None = None,
    cwd: Path | None = None,
    input: str | None = None,
) -> subprocess.CompletedProcess[str]:
    full_env = {**os.environ, "FIDE_TIEBREAKS_LOAD_PLUGINS": "", **(env or {})}
    return subprocess.run(
        [sys.executable, "-m", "fide_tiebreaks", *args],
        input=input,
        capture_output=True,
        text=True,
        env=full_env,
        cwd=cwd,
        timeout=120,
    )
