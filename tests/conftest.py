from __future__ import annotations

import csv
import os
import subprocess
import sys
import time
from fractions import Fraction
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
TEC = ROOT / "conformance" / "fixtures" / "tec-exercise-2024"


def _hypothesis_profiles() -> None:
    """The profiles, when Hypothesis is installed (tox's packaging and integration
    environments run without it)."""
    try:
        from hypothesis import HealthCheck, settings
    except ImportError:
        return
    # One verdict on every machine: the default profile draws the same examples everywhere
    # (derandomize, no example database), never fails on time (deadline=None: a loaded 2-core
    # machine is slow, not wrong) and prints the blob that replays a failure. Exploration with
    # fresh random examples is the "fuzz" profile, run on demand by `tox -e fuzz`
    # (docs/reliability.md).
    settings.register_profile(
        "fide-tiebreaks",
        derandomize=True,
        database=None,
        print_blob=True,
        deadline=None,
        suppress_health_check=[HealthCheck.too_slow],
    )
    settings.register_profile(
        "fuzz",
        derandomize=False,
        database=None,
        print_blob=True,
        deadline=None,
        suppress_health_check=[HealthCheck.too_slow],
    )
    settings.load_profile(os.environ.get("FIDE_TIEBREAKS_HYPOTHESIS_PROFILE", "fide-tiebreaks"))


_hypothesis_profiles()


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


# `tox -e fuzz` runs for a time budget (FUZZ_SECONDS): the tests not started by then are
# skipped, saying so, rather than the run being killed half-way through a report.
_FUZZ_SECONDS = float(os.environ.get("FUZZ_SECONDS", "0") or 0)
_STARTED = time.monotonic()


def pytest_runtest_setup(item: pytest.Item) -> None:
    if _FUZZ_SECONDS and time.monotonic() - _STARTED > _FUZZ_SECONDS:
        pytest.skip(f"the fuzz run's time budget (FUZZ_SECONDS={_FUZZ_SECONDS:g}) is spent")
