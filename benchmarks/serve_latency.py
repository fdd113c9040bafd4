"""Per-request latency of `fide-tiebreaks serve --stdio`, as a pairing program sees it.

    python benchmarks/serve_latency.py                # 200 players x 9 rounds, 50 requests
    python benchmarks/serve_latency.py --players 1000 --requests 100
    python benchmarks/serve_latency.py --players 16 500 --rounds 11 --as trf chess_json

One service process per size and form; each request sends the tournament (its TRF text as
"trf", or its Chess-JSON document as "chess_json", as a pairing program in another language
would after each round) and waits for the response line. Reports the first request and the
median and 90th percentile of the others.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from generate import generate


def main() -> None:
    ap = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    ap.add_argument("--players", type=int, nargs="+", default=[200])
    ap.add_argument("--rounds", type=int, default=9)
    ap.add_argument("--requests", type=int, default=50)
    ap.add_argument("--tiebreaks", default="BH/C1,BH,SB")
    ap.add_argument("--as", dest="forms", nargs="+", default=["trf"], choices=["trf", "chess_json"])
    args = ap.parse_args()
    for players in args.players:
        for form in args.forms:
            measure(players, args.rounds, args.requests, args.tiebreaks, form)


def measure(players: int, rounds: int, requests: int, tiebreaks: str, form: str) -> None:
    text = generate(players, rounds, 1)
    if form == "chess_json":
        from fide_tiebreaks import parse_trf
        from fide_tiebreaks.formats.chessjson.writer import event

        body: object = event(parse_trf(text).tournament)
    else:
        body = text
    proc = subprocess.Popen(
        [sys.executable, "-m", "fide_tiebreaks", "serve", "--stdio"],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
    )
    assert proc.stdin is not None and proc.stdout is not None
    times = []
    cpu_after_first = 0.0
    for n in range(requests):
        request = {"id": n, form: body, "tiebreaks": tiebreaks, "edition": "fide-2024"}
        start = time.perf_counter()
        proc.stdin.write(json.dumps(request) + "\n")
        proc.stdin.flush()
        reply = json.loads(proc.stdout.readline())
        times.append(time.perf_counter() - start)
        if "error" in reply:
            raise SystemExit(reply["error"])
        if n == 0:
            cpu_after_first = service_cpu(proc.pid)
    cpu = (service_cpu(proc.pid) - cpu_after_first) / max(1, requests - 1)
    proc.stdin.close()
    proc.wait()
    rest = sorted(times[1:])
    print(
        f"{players} players x {rounds} rounds as {form}, {tiebreaks}: first request "
        f"{times[0] * 1000:.1f} ms; then median {statistics.median(rest) * 1000:.1f} ms, "
        f"p90 {rest[int(len(rest) * 0.9)] * 1000:.1f} ms over {len(rest)} requests; "
        f"service CPU {cpu * 1000:.1f} ms a request (load average {os.getloadavg()[0]:.1f})"
    )


def service_cpu(pid: int) -> float:
    """CPU seconds the service has used (Linux /proc; 0 elsewhere): its mean per request
    is the cost of a request on a machine shared with other work, where the wall clock
    also counts waiting for a core."""
    try:
        with open(f"/proc/{pid}/stat") as f:
            fields = f.read().rsplit(")", 1)[1].split()
    except OSError:
        return 0.0
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")  # utime + stime


if __name__ == "__main__":
    main()
