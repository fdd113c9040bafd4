"""Record what every command prints on the bundled fixtures, to prove a refactor changed nothing.

Run it before and after a change and compare the two folders::

    python tools/snapshot_outputs.py /tmp/before
    # ... change the code ...
    python tools/snapshot_outputs.py /tmp/after
    diff -r /tmp/before /tmp/after && echo byte-identical

Each run is one file holding the command line, the exit status, standard output and standard
error. It uses the ``fide-tiebreaks`` of the interpreter running it (``python -m
fide_tiebreaks``), so run it with the virtual environment the code is installed in.
"""

from __future__ import annotations

import hashlib
import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
FIXTURES = sorted(
    p
    for p in (ROOT / "conformance" / "fixtures").glob("*/tournament.*")
    if p.suffix in {".trf", ".xml", ".json"}
)
CASES = sorted((ROOT / "conformance" / "cases").glob("*.trf"))
EDITIONS = ["fide-2023", "fide-2024", "fide-2026", "fide-2012", "pre-2012", "sm-2012"]
FORMATS = ["table", "json", "csv", "xml", "html", "chess-json", "trf"]
LISTS = ["BH/C1,BH,SB", "DE,WIN,WON,BPG,BWG,PS,REP,STD,TPN", "ARO,TPR,PTP,APRO,APPO,RTNG,AOB,FB,KS"]
TEAM_LISTS = ["MPvGP", "EMGSB/C1,BH:MP/C1,SB:GP", "OSB,EDE,BC,TBR,BBE"]


def runs(work: Path) -> list[list[str]]:
    """Every command line to record, with paths relative to *work*."""
    out: list[list[str]] = [["--help"], ["plugins"], ["editions"], ["--version"]]
    from fide_tiebreaks.commands import COMMANDS

    out += [[name, "--help"] for name in COMMANDS]
    for path in FIXTURES + CASES:
        rel = str(path.relative_to(ROOT))
        team = "team" in rel
        lists = TEAM_LISTS if team else LISTS
        out.append(["check", rel])
        out.append(["standings", rel])
        out.append(["standings", rel, "-v"])
        for fmt in FORMATS:
            out.append(["standings", rel, "-f", fmt, "-t", lists[0]])
        for edition in EDITIONS:
            for tbs in lists:
                out.append(["standings", rel, "--edition", edition, "-t", tbs, "-f", "json"])
        out.append(["standings", rel, "--after-round", "2", "-f", "json"])
        out.append(["explain", rel, "1", "-t", lists[0]])
        out.append(["explain", rel, "2", "-t", lists[1], "--edition", "fide-2012"])
        out.append(["convert", rel, "--to", "chess-json", "-o", "-"])
        out.append(["conformance", rel])
    out.append(["conformance"])
    out.append(["audit", "conformance/fixtures", "-f", "jsonl"])
    return out


def main() -> int:
    if len(sys.argv) != 2:
        print(__doc__, file=sys.stderr)
        return 2
    dest = Path(sys.argv[1])
    if dest.exists():
        shutil.rmtree(dest)
    dest.mkdir(parents=True)
    env = dict(os.environ, COLUMNS="100", NO_COLOR="1", LC_ALL="C.UTF-8")
    with tempfile.TemporaryDirectory() as tmp:
        work = Path(tmp)
        shutil.copytree(ROOT / "conformance", work / "conformance")
        for argv in runs(work):
            proc = subprocess.run(
                [sys.executable, "-m", "fide_tiebreaks", *argv],
                cwd=work,
                env=env,
                capture_output=True,
                timeout=300,
            )
            name = hashlib.sha1(" ".join(argv).encode()).hexdigest()[:16]
            record = b"$ " + " ".join(argv).encode() + b"\n"
            record += f"exit {proc.returncode}\n--- stdout\n".encode() + proc.stdout
            record += b"\n--- stderr\n" + proc.stderr
            (dest / name).write_bytes(record)
    print(f"{len(list(dest.iterdir()))} runs recorded in {dest}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
