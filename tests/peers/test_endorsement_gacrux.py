"""Optional (``tox -e endorsement`` installs gacrux): our checker reads the reference
program's generator files, and what their rank column means there.

gacrux's generator (``python -m gacrux.tournamentgenerator``) writes TRF-2026 whose ``001``
rank column (86-89) is the order of the simulated playing strength (the second rating
column, 65-68 in its lines), not standings: our checker must report it as a ranking that
breaks the list, and must accept the ranks gacrux's own checker computes for the file.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

pytest.importorskip("gacrux")

from fide_tiebreaks.certify.adapters import Request, read_output
from fide_tiebreaks.checker import check_bytes
from fide_tiebreaks.formats.trf.reader import parse_trf
from fide_tiebreaks.formats.trf.writer import with_ranks


def generated(tmp_path: Path, count: int = 3) -> list[Path]:
    argv = [
        sys.executable,
        "-m",
        "gacrux.tournamentgenerator",
        "-g",
        "0",
        str(count),
        "-p",
        "12",
        "-N",
        "5",
        "-o",
        str(tmp_path / "ev%d.trf"),
    ]
    subprocess.run(argv, check=True, capture_output=True, cwd=tmp_path, timeout=300)
    return sorted(tmp_path.glob("ev*.trf"))


def test_the_rank_column_of_gacrux_generator_files_is_the_strength_order(tmp_path):
    for path in generated(tmp_path):
        lines = [x for x in path.read_text().splitlines() if x.startswith("001")]
        strength = [int(x[64:68]) for x in lines]
        ranks = [int(x[85:89]) for x in lines]
        by_strength = sorted(range(len(lines)), key=lambda i: -strength[i])
        assert [ranks[i] for i in by_strength] == list(range(1, len(lines) + 1))
        assert check_bytes(str(path), path.read_bytes()).status == "violations"


def test_our_checker_accepts_the_ranks_gacrux_computes(tmp_path):
    codes = ["BH/C1", "BH", "SB"]
    for path in generated(tmp_path):
        done = subprocess.run(
            [
                sys.executable,
                "-m",
                "gacrux.tiebreakchecker",
                "-i",
                str(path),
                "-s",
                "-t",
                "PTS",
                *codes,
                "-d",
                "T",
            ],
            capture_output=True,
            text=True,
            check=True,
            timeout=300,
        )
        request = Request(
            trf=path.read_text(), codes=tuple(codes), edition="fide-2026", type="swiss"
        )
        answer = read_output("gacrux", done.stdout.encode(), request)
        t = parse_trf(path.read_bytes(), str(path)).tournament
        assert t.source is not None
        ranked = with_ranks(t.source, answer.ranks, codes)
        result = check_bytes(str(path), ranked)
        assert result.status == "conforms", result.violations
        assert result.pairs == 11
