"""Load test of `fide-tiebreaks serve --http`: standings requests at 16 concurrent connections.

    python benchmarks/http_load.py                      # 2,000 x 16 players, 200 x 500 players
    python benchmarks/http_load.py --small 400 --large 40 --connections 8

Starts the server on a free port of 127.0.0.1 (nothing else is contacted), sends each
generated Swiss (11 rounds, byes, forfeits, withdrawals) as the body of POST /standings with
`tiebreaks` and `edition`, each connection keeping its HTTP/1.1 connection open, and stops
the server when done. Reports p50/p99 latency per event, the server's resident memory (RSS,
from /proc) before, after the first and the second thousand small requests and at the end,
and fails (exit 1) when a request fails or RSS grew by more than 10% between the first and
second thousand.
"""

from __future__ import annotations

import argparse
import http.client
import os
import socket
import statistics
import subprocess
import sys
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import NamedTuple

sys.path.insert(0, str(Path(__file__).resolve().parent))
from generate import generate

QUERY = "/standings?tiebreaks=BH/C1,BH,SB,DE,WIN&edition=fide-2024"


class Phase(NamedTuple):
    latencies: list[float]
    failures: int
    seconds: float  # wall clock of the whole phase


def rss_kib(pid: int) -> int:
    with open(f"/proc/{pid}/status") as f:
        return next(int(line.split()[1]) for line in f if line.startswith("VmRSS:"))


def cpu_seconds(pid: int) -> float:
    """The process's user and system CPU time (/proc/PID/stat fields 14 and 15)."""
    with open(f"/proc/{pid}/stat") as f:
        fields = f.read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def start(port: int, workers: int) -> subprocess.Popen[bytes]:
    command = [sys.executable, "-m", "fide_tiebreaks", "serve", "--http", f"127.0.0.1:{port}"]
    process = subprocess.Popen(
        [*command, "--workers", str(workers), "--backlog", "64", "--time-limit", "120"],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        env={**os.environ, "FIDE_TIEBREAKS_LOAD_PLUGINS": ""},
    )
    for _ in range(600):  # at most a minute
        with socket.socket() as s:
            if s.connect_ex(("127.0.0.1", port)) == 0:
                return process
        time.sleep(0.1)
    process.kill()
    raise SystemExit("the server did not start within a minute")


def send(port: int, body: bytes, count: int, connections: int) -> Phase:
    """*count* requests of *body* over *connections* kept-alive connections."""
    share = [count // connections + (i < count % connections) for i in range(connections)]

    def client(n: int) -> tuple[list[float], int]:
        conn = http.client.HTTPConnection("127.0.0.1", port, timeout=180)
        times, failed = [], 0
        for _ in range(n):
            t0 = time.perf_counter()
            try:
                conn.request("POST", QUERY, body=body)
                reply = conn.getresponse()
                data = reply.read()
                ok = reply.status == 200 and data.startswith(b'{"tournament"')
            except (OSError, http.client.HTTPException):
                ok = False
                conn.close()
                conn = http.client.HTTPConnection("127.0.0.1", port, timeout=180)
            times.append(time.perf_counter() - t0)
            failed += not ok
        conn.close()
        return times, failed

    t0 = time.perf_counter()
    with ThreadPoolExecutor(connections) as pool:
        results = list(pool.map(client, share))
    elapsed = time.perf_counter() - t0
    return Phase([t for r in results for t in r[0]], sum(r[1] for r in results), elapsed)


def percentile(values: list[float], p: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(p * len(ordered)))]


def report(name: str, phase: Phase) -> None:
    lat = phase.latencies
    print(
        f"{name}: {len(lat)} requests, {phase.failures} failed; p50 "
        f"{1000 * statistics.median(lat):.1f} ms, p99 {1000 * percentile(lat, 0.99):.1f} ms; "
        f"{len(lat) / phase.seconds:.1f} requests/s"
    )


def main() -> int:
    ap = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    ap.add_argument("--small", type=int, default=2000, help="requests of the 16-player event")
    ap.add_argument("--large", type=int, default=200, help="requests of the 500-player event")
    ap.add_argument("--connections", type=int, default=16)
    ap.add_argument("--workers", type=int, default=2, help="the server's --workers")
    args = ap.parse_args()
    small = generate(16, 11, 1).encode()
    large = generate(500, 11, 1).encode()
    port = free_port()
    server = start(port, args.workers)
    try:
        send(port, small, 20, 4)  # warm-up: the plugins are loaded, the first pages touched
        rss = {"before": rss_kib(server.pid)}
        half = args.small // 2
        cpu = [cpu_seconds(server.pid)]
        first = send(port, small, half, args.connections)
        rss["after the first half"] = rss_kib(server.pid)
        second = send(port, small, args.small - half, args.connections)
        rss["after the second half"] = rss_kib(server.pid)
        cpu.append(cpu_seconds(server.pid))
        big = send(port, large, args.large, args.connections)
        rss["after the 500-player requests"] = rss_kib(server.pid)
        cpu.append(cpu_seconds(server.pid))
    finally:
        server.terminate()
        server.wait(timeout=60)
    both = Phase(
        first.latencies + second.latencies,
        first.failures + second.failures,
        first.seconds + second.seconds,
    )
    report("16 players", both)
    report("500 players", big)
    print(
        f"server CPU per request: {1000 * (cpu[1] - cpu[0]) / args.small:.1f} ms (16 players), "
        f"{1000 * (cpu[2] - cpu[1]) / max(1, args.large):.1f} ms (500 players)"
    )
    for when, kib in rss.items():
        print(f"RSS {when}: {kib / 1024:.1f} MiB")
    growth = rss["after the second half"] / rss["after the first half"] - 1
    print(f"RSS growth between the first and second half of the small requests: {growth:+.1%}")
    load = os.getloadavg()
    print(
        f"load average at the end: {load[0]:.1f} {load[1]:.1f} {load[2]:.1f}; "
        f"cores: {os.cpu_count()}"
    )
    failed = first.failures + second.failures + big.failures
    return 1 if failed or growth > 0.10 else 0


if __name__ == "__main__":
    sys.exit(main())
