"""A short mutation fuzz of the TRF reader and the whole standings pipeline: whatever the
bytes, reading gives diagnostics or InputError, and ranking gives values or CodeError; never
another exception. Deterministic seeds keep it reproducible; it runs a few hundred cases."""

from __future__ import annotations

import random
import sys

import pytest
from conftest import ROOT, TEC, run_cli

sys.path.insert(0, str(ROOT / "benchmarks"))
from generate import generate, generate_teams

from fide_tiebreaks import CodeError, InputError, compute_standings, parse_trf

SEEDS = [
    generate(12, 5, 1, withdraw=0.05, bye=0.08, forfeit=0.08).encode(),
    generate_teams(5, 4, 4, 2, forfeit=0.1, empty_board=0.1).encode(),
    (TEC / "tournament.trf").read_bytes(),
    (ROOT / "conformance" / "fixtures" / "team-4x4" / "tournament.trf").read_bytes(),
]
ALPHABET = b" 0123456789+-=wbUHFZWDL\r\n.\xb2\xc3\xa9\x00"


def mutate(rng: random.Random) -> bytes:
    data = bytearray(rng.choice(SEEDS))
    for _ in range(rng.randint(1, 8)):
        pos = rng.randrange(len(data))
        op = rng.random()
        if op < 0.3:
            data[pos] = rng.randrange(256)  # stray byte
        elif op < 0.5:
            del data[pos : pos + rng.randint(1, 20)]  # truncation
        elif op < 0.7:
            data[pos:pos] = bytes(rng.choice(ALPHABET) for _ in range(rng.randint(1, 12)))
        elif op < 0.85:  # duplicated or shifted line
            lines = bytes(data).split(b"\n")
            k = rng.randrange(len(lines))
            lines.insert(k, lines[k] if op < 0.78 else b" " + lines[k])
            data = bytearray(b"\n".join(lines))
        else:  # absurd numbers
            data[pos:pos] = str(rng.choice([0, -1, 99999, 10**12])).encode()
    return bytes(data)


@pytest.mark.parametrize("seed", range(6))
def test_no_exception_escapes(seed):
    rng = random.Random(seed)
    for _ in range(60):
        data = mutate(rng)
        try:
            result = parse_trf(data)
        except InputError:
            continue
        if any(d.severity.name == "ERROR" for d in result.diagnostics):
            continue  # the CLI refuses standings then
        t = result.tournament
        codes = ("MPvGP,EMGSB/C1,BH:MP/C1,EDET,SSSC,BC,TBR" if t.team else
                 "BH/C1,BH,SB,DE,WIN,ARO/C1,TPR,PTP,KS,FB,AOB,PS,STD")  # fmt: skip
        for edition in ("fide-2024", "fide-2026", "fide-2012"):
            try:
                compute_standings(t, codes, edition, options={"unrated_rating": 1000})
            except CodeError:
                pass


def test_the_command_line_never_shows_a_traceback(tmp_path):
    rng = random.Random(99)
    for i in range(8):
        path = tmp_path / f"m{i}.trf"
        path.write_bytes(mutate(rng))
        for args in (["check", str(path)], ["standings", str(path), "-f", "json"]):
            done = run_cli(*args)
            assert "Traceback" not in done.stderr and done.returncode in (0, 1, 2), done.stderr
