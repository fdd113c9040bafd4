"""Conformance material: fixtures with expected values from independent sources.

``fixtures/tec-exercise-2024/`` is FIDE TEC's tie-break exercise (16 players, 5 rounds) as
TRF, with expected values for the 2024 and 2026 editions. It is also the bundled example
tournament of the README.
"""

from pathlib import Path

FIXTURES = Path(__file__).resolve().parent / "fixtures"
