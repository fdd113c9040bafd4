"""Growth per tie-break: is any built-in code (or the reader) worse than linear?

    python benchmarks/growth.py                # every built-in code, 1,000 vs 9,999 players
    python benchmarks/growth.py --codes DE,PTP,APPO --repeat 5

For each code alone, the best of N timings of ``compute_standings`` on a 1,000- and a 9,999-player
13-round Swiss (byes, forfeits, withdrawals), and for the team codes on team events of 99 and
999 teams (6 boards, 11 rounds); the reader is timed the same way. In-process, so start-up
does not hide growth. A ratio above 12 for a 10x larger event (issue 7, target 2) is marked.
A group tie-break (DE, EDE, TBR, BBE) alone ranks whole score groups: its worst case.
"""

from __future__ import annotations

import argparse
import gc
import sys
import time
from functools import partial
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from generate import generate, generate_teams

from fide_tiebreaks import compute_standings, parse_trf
from fide_tiebreaks.host import registry

LIMIT = 12  # time at 10x the size may be at most 12x (issue 7)
ONLY_2026 = {"STD", "TPN", "RTNG"}


def timed(fn, repeat: int) -> float:  # type: ignore[no-untyped-def]
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        fn()
        times.append(time.perf_counter() - start)
    # The fastest run: machine noise only ever adds time (the timeit documentation's advice);
    # at a few milliseconds a median still wanders by a third on a shared machine.
    return min(times)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)  # fmt: skip
    ap.add_argument("--codes", help="comma-separated codes (default: every built-in code)")
    ap.add_argument("--repeat", type=int, default=7)
    opts = ap.parse_args()
    gc.disable()  # as the command line runs; collections would add noise, not growth

    small_text, large_text = generate(1000, 13, 1), generate(9999, 13, 1)
    teams_small, teams_large = generate_teams(99, 6, 11, 1), generate_teams(999, 6, 11, 1)
    events = {}
    rows = []
    for label, (a, b) in (("reader (individual)", (small_text, large_text)),
                          ("reader (teams)", (teams_small, teams_large))):  # fmt: skip
        ta = timed(lambda a=a: parse_trf(a.encode()), opts.repeat)
        tb = timed(lambda b=b: parse_trf(b.encode()), opts.repeat)
        rows.append((label, ta, tb))
    events["individual"] = (parse_trf(small_text.encode()).tournament,
                            parse_trf(large_text.encode()).tournament)  # fmt: skip
    events["team"] = (parse_trf(teams_small.encode()).tournament,
                      parse_trf(teams_large.encode()).tournament)  # fmt: skip

    options = {"unrated_rating": 1500}  # keeps the rating codes where players are unrated
    reg = registry()
    wanted = opts.codes.split(",") if opts.codes else sorted({tbs[0].code for tbs in
                                                               reg.tiebreaks.values()})  # fmt: skip
    for code in wanted:
        edition = "fide-2026" if code in ONLY_2026 else "fide-2024"
        for kind, (small, large) in events.items():
            try:
                compute_standings(small, [code], edition, options=options)
            except Exception:
                continue  # a team code on the individual event, or the reverse
            ta = timed(partial(compute_standings, small, [code], edition, options=options),
                       opts.repeat)  # fmt: skip
            tb = timed(partial(compute_standings, large, [code], edition, options=options),
                       opts.repeat)  # fmt: skip
            rows.append((f"{code} ({kind})", ta, tb))
    worst = 0.0
    print(f"{'':<26} {'small':>9} {'large':>9} {'ratio':>7}")
    for label, ta, tb in rows:
        ratio = tb / ta if ta else float("inf")
        worst = max(worst, ratio)
        mark = "" if ratio <= LIMIT else f"  > {LIMIT}: worse than linear"
        print(f"{label:<26} {ta:9.4f} {tb:9.4f} {ratio:7.2f}{mark}")
    print(f"worst ratio x{worst:.2f} for events 10x larger (limit x{LIMIT})")


if __name__ == "__main__":
    main()
