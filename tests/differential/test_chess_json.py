"""Chess-JSON against the reference program, both ways, run live (``tox -e differential``).

- The reference program converts a TRF to Chess-JSON; reading its JSON must give the same
  standings as reading the TRF.
- We convert the TRF to Chess-JSON; the reference program, reading our JSON, must compute the
  same values as it does from the TRF itself. Both sides of each comparison are computed in
  the same run by the same program, so no expected value is stored.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

pytest.importorskip("gacrux")

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "benchmarks"))
from generate import generate, generate_teams  # noqa: E402

from fide_tiebreaks import compute_standings, parse_trf  # noqa: E402
from fide_tiebreaks.formats.chessjson import dumps, event, read_chess_json  # noqa: E402

CODES = ["BH/C1", "BH", "SB", "WIN", "PS", "KS", "ARO", "BPG", "FB", "AOB"]
TEAM_CODES = ["MPvGP", "BH:MP/C1", "EMGSB/C1", "BC", "SSSC"]


def reference(args: list[str]) -> list[str]:
    done = subprocess.run(
        [sys.executable, "-m", "gacrux.tiebreakchecker", *args, "-d", "T"],
        capture_output=True,
        text=True,
        check=True,
    )
    head, *rows = (line.split("\t") for line in done.stdout.splitlines())
    # rows keyed by start number / team, values as the program prints them
    return [*sorted("\t".join(r) for r in rows), "\t".join(head)]


def test_reading_the_reference_programs_json(tmp_path: Path) -> None:
    for seed in range(12):
        text = generate(12 + 3 * seed, 5 + seed % 5, seed, withdraw=0.05, bye=0.08, forfeit=0.08)
        trf = tmp_path / "t.trf"
        trf.write_text(text)
        out = tmp_path / "t.json"
        subprocess.run(
            [sys.executable, "-m", "gacrux.convert", "-i", str(trf), "-o", str(out)],
            check=True,
            capture_output=True,
        )
        direct = compute_standings(parse_trf(text.encode()).tournament, CODES, "fide-2024")
        via = compute_standings(read_chess_json(out.read_bytes()).tournament, CODES, "fide-2024")
        assert [(r.participant.id, r.rank, r.values) for r in via.rows] == [
            (r.participant.id, r.rank, r.values) for r in direct.rows
        ], f"seed {seed}"


@pytest.mark.parametrize("seed", range(20))
def test_reference_program_reads_our_json(seed: int, tmp_path: Path) -> None:
    text = generate(10 + 4 * seed, 5 + seed % 5, seed, withdraw=0.05, bye=0.08, forfeit=0.08)
    trf = tmp_path / "t.trf"
    trf.write_text(text)
    ours = tmp_path / "t.json"
    ours.write_text(dumps(event(parse_trf(text.encode()).tournament)))
    args = ["-s", "-t", "PTS", *(f"{c}/V2024" for c in CODES)]
    assert reference(["-f", "JSON", "-i", str(ours), *args]) == reference(["-i", str(trf), *args])


@pytest.mark.parametrize("seed", range(16))
def test_reference_program_reads_our_team_json(seed: int, tmp_path: Path) -> None:
    text = generate_teams(
        6 + seed, 4, 4 + seed % 3, seed, forfeit=0.08, reserve=0.3, empty_board=0.05
    )
    trf = tmp_path / "t.trf"
    trf.write_text(text)
    ours = tmp_path / "t.json"
    ours.write_text(dumps(event(parse_trf(text.encode()).tournament)))
    args = ["-t", "MPTS", *(f"{c}/V2024" for c in TEAM_CODES)]
    assert reference(["-f", "JSON", "-i", str(ours), *args]) == reference(["-i", str(trf), *args])
