"""``fide-tiebreaks certify``: an endorsement-style test of another tie-break program."""

from __future__ import annotations

import argparse
import signal
import sys
from dataclasses import replace
from pathlib import Path
from typing import Any

from .common import EXIT_OK, EXIT_PROBLEMS, EXIT_USAGE, edition_names, err

# The lists used when none is given: every individual code both editions share with the
# reference program, FB before BH (where a program's FB may disturb its BH); and the common
# team codes for a team-only run.
TEAM_CODES = "MPvGP,BH:MP,BH:GP,BH:MP/C1,EMMSB,EMGSB,EGGSB,EMGSB/C1,BC,SSSC,FB:MP,PS:MP,WIN"
DEFAULT_CODES = ("FB,BH,BH/C1,BH/C2,BH/M1,BH/M2,SB,SB/C1,PS,DE,WIN,WON,BPG,BWG,REP,KS,AOB,"
                 "ARO,ARO/C1,TPR,PTP,APRO,APPO")  # fmt: skip

# Every event's result is kept until the summary (a few KB each), and a pool is handed every
# batch at once: 10**9 events took 2.8 GB in a minute. A.7 asks for 5,000.
MAX_EVENTS = 100_000

DESCRIPTION = (
    "Generate seeded random events (Swiss, round robins and team Swiss with every C.07 "
    "Art. 16 situation), have a program rank each one, and compare every value and the "
    "final order with ours. Each group of discrepancies (code x edition x Art. 16 "
    "category) is shrunk to a minimal TRF (Hypothesis, the 'certify' extra) and shown with "
    "both values and our explanation. The report ends 'N events, M discrepancies'."
)

EPILOG = """\
exit status:
  0  values were compared and at most --max-discrepancies of them differ
  1  more discrepancies than allowed, or nothing could be compared
  2  a bad option, an unusable adapter or tie-break list, or a report that cannot be
     written

program templates (--program): placeholders {trf} (the event as TRF16), {json} (as
Chess-JSON), {codes} (comma-separated), {edition}, {type} (swiss, round-robin or
team-swiss), {out} (a path to write the result to; else standard output is read) and
{python}.

examples:
  fide-tiebreaks certify --events 200
  fide-tiebreaks certify --adapter gacrux --tiebreaks FB,BH,SB --edition fide-2024
  fide-tiebreaks certify --program "{python} -m fide_tiebreaks standings {trf} -t {codes}
      -e {edition} -f json" --reader json --events 5000 --jobs 2 --report out/
"""


def add_parser(sub: Any, name: str, summary: str) -> argparse.ArgumentParser:
    p: argparse.ArgumentParser = sub.add_parser(
        name, help=summary, description=DESCRIPTION, epilog=EPILOG)  # fmt: skip
    who = p.add_mutually_exclusive_group()
    who.add_argument("--adapter", choices=("builtin", "gacrux", "tiebreak-core"),
                     help="a program that ships with an adapter (default: builtin)")  # fmt: skip
    who.add_argument("--program", metavar="TEMPLATE", help="a command line to run per event")
    who.add_argument("--entry", metavar="MODULE:FUNCTION",
                     help="a Python adapter: function(Request) -> Answer")  # fmt: skip
    p.add_argument("--program-version", metavar="TEXT",
                   help="the version of the program under test, for the report (an adapter "
                   "finds its package's version itself)")  # fmt: skip
    p.add_argument("--reader", choices=("json", "csv", "trf-rank", "gacrux"), default="json",
                   help="how to read --program's output (default: json)")  # fmt: skip
    p.add_argument(
        "--rounded",
        default="",
        metavar="CODES",
        help="codes the program rounds for display (compared at its precision)",
    )
    p.add_argument(
        "--order-only",
        default="DE",
        metavar="CODES",
        help="codes compared by the order they induce in tied groups (default: DE)",
    )
    p.add_argument(
        "--timeout",
        type=float,
        default=60.0,
        metavar="S",
        help="seconds per run of the program (default: 60)",
    )
    p.add_argument(
        "--tiebreaks",
        "-t",
        metavar="CODES",
        help="the list to compute (default: the individual codes both editions share with "
        "the reference program, FB first; with --kinds team-swiss the common team codes)",
    )
    p.add_argument(
        "--edition",
        "-e",
        default=None,
        metavar="E",
        help=f"rules edition: {edition_names()}, or one a plugin adds (default: fide-2024; "
        "with --events-from, the edition of each file's end date)",
    )
    p.add_argument("--events-from", metavar="DIR",
                   help="certify on the tournament files under DIR (another program's "
                   "generator, a federation's files) instead of generated events: each "
                   "ranked with its own list (202/212) unless --tiebreaks is given")  # fmt: skip
    p.add_argument("--events", "-n", type=int, default=500, metavar="N",
                   help="events to generate and compare (default: 500; at most "
                   "100,000)")  # fmt: skip
    p.add_argument(
        "--players",
        default="4-40",
        metavar="MIN-MAX",
        help="participants per event (default: 4-40; at most 200)",
    )
    p.add_argument(
        "--rounds",
        type=int,
        metavar="R",
        help="rounds of each Swiss (default: from the number of participants)",
    )
    p.add_argument(
        "--kinds",
        default="swiss,round-robin",
        metavar="KINDS",
        help="event kinds: swiss, round-robin, team-swiss (default: swiss,round-robin)",
    )
    p.add_argument(
        "--forfeits",
        type=float,
        default=0.03,
        metavar="P",
        help="share of games forfeited, a tenth of them by both (default: 0.03)",
    )
    p.add_argument(
        "--pairing",
        choices=("score-groups", "dutch"),
        default="score-groups",
        help="how Swiss rounds are paired (dutch: the caissify-pairings extra)",
    )
    p.add_argument("--unrated-rating", type=int, metavar="R",
                   help="rating of unrated players for rating tie-breaks (else C.07 Art. 10 "
                   "drops those tie-breaks in events with unrated players)")  # fmt: skip
    p.add_argument("--seed", type=int, default=1, metavar="S",
                   help="the seed: the same seed gives the same events (default: 1)")  # fmt: skip
    p.add_argument("--jobs", "-j", type=int, default=0, metavar="N",
                   help="processes (default: every core)")  # fmt: skip
    p.add_argument("--scheduler", metavar="ADDRESS",
                   help="run on a Dask distributed cluster (the dask extra: from a "
                   "checkout, pip install '.[dask]'), e.g. tcp://10.0.0.5:8786")  # fmt: skip
    p.add_argument("--max-discrepancies", type=int, default=0, metavar="K",
                   help="discrepant values allowed for exit status 0 (default: 0)")  # fmt: skip
    p.add_argument(
        "--shrink-seconds",
        type=float,
        default=60.0,
        metavar="S",
        help="time to shrink each group's example (0: do not shrink)",
    )
    p.add_argument(
        "--report",
        metavar="DIR",
        help="write summary.json, junit.xml, report.html and cases/*.trf here",
    )
    return p


def run(args: argparse.Namespace) -> int:
    from ..certify.adapters import AdapterError, probe
    from ..certify.engine import Config, Terminated, standings
    from ..certify.generate import KINDS, Profile, generate
    from ..certify.report import text, write
    from ..certify.session import certify
    from ..codes import CodeError, parse_list
    from ..host import PluginError, registry

    if args.events_from is not None:
        from .certify_corpus import run_corpus

        return run_corpus(args, DEFAULT_CODES)
    args.edition = args.edition or "fide-2024"
    kinds = tuple(k.strip() for k in args.kinds.split(",") if k.strip())
    if args.tiebreaks is not None and not args.tiebreaks.strip(" ,"):  # not the default list
        err("error: --tiebreaks is empty; leave it out for the default list")
        return EXIT_USAGE
    listed = args.tiebreaks or (TEAM_CODES if kinds == ("team-swiss",) else DEFAULT_CODES)
    try:
        codes = tuple(s.code for s in parse_list(listed))
        registry().edition(args.edition)
    except (CodeError, PluginError) as e:
        err(f"error: {e}")
        return EXIT_USAGE
    low, dash, high = args.players.partition("-")
    high = high if dash else low  # "4-" is a slip, not 4-4
    if not (low.isascii() and low.isdigit() and high.isascii() and high.isdigit()) or not (
        4 <= int(low) <= int(high) <= 200
    ):
        err("error: --players takes MIN-MAX with 4 <= MIN <= MAX <= 200, e.g. 10-40")
        return EXIT_USAGE
    if not kinds or any(k not in KINDS for k in kinds):
        err(f"error: --kinds takes {', '.join(KINDS)}")
        return EXIT_USAGE
    # "nan" and "inf" pass float() and "<= 0"; a time-out must be a finite number of seconds.
    if (
        not 1 <= args.events <= MAX_EVENTS
        or args.jobs < 0
        or args.max_discrepancies < 0
        or not (0 < args.timeout < 1e6)
    ):
        err(f"error: --events must be from 1 to {MAX_EVENTS:,}; --jobs, --max-discrepancies "
            "at least 0; --timeout above 0 and below 1000000 s")  # fmt: skip
        return EXIT_USAGE
    if not 0 <= args.forfeits <= 1:
        err("error: --forfeits must be between 0 and 1")
        return EXIT_USAGE
    if args.rounds is not None and not 1 <= args.rounds <= 50:
        err("error: --rounds must be between 1 and 50")
        return EXIT_USAGE
    try:
        adapter = probe(chosen(args))
    except AdapterError as e:
        err(f"error: {e}")
        return EXIT_USAGE
    rounded = {c.strip() for c in args.rounded.split(",") if c.strip()}
    order_only = {c.strip() for c in args.order_only.split(",") if c.strip()}
    bases = {c.split("/")[0].split(":")[0] for c in codes}  # as compare matches them
    for option, named in (("--rounded", rounded), ("--order-only", order_only)):
        unknown = sorted(c for c in named if c not in bases and c != "*")
        given = option == "--rounded" or args.order_only != "DE"  # not the default DE
        if unknown and given:
            err(f"error: {option}: {', '.join(unknown)} not in the tie-break list "
                f"({','.join(codes)})")  # fmt: skip
            return EXIT_USAGE
    adapter = replace(adapter, rounded=frozenset(adapter.rounded | rounded),
                      order_only=frozenset(order_only))  # fmt: skip
    if args.pairing == "dutch":
        try:
            import caissify_pairings  # noqa: F401
        except ImportError:
            err("error: --pairing dutch needs caissify-pairings (from a checkout: pip install "
                "'.[certify-dutch]')")  # fmt: skip
            return EXIT_USAGE
    if args.unrated_rating is not None and not 0 <= args.unrated_rating <= 9999:
        err("error: --unrated-rating must be a rating from 0 to 9999")
        return EXIT_USAGE
    given = args.unrated_rating is not None  # 0 is a rating too
    options = (("unrated_rating", str(args.unrated_rating)),) if given else ()
    profile = Profile(players=(int(low), int(high)), rounds=args.rounds, kinds=kinds,
                      pairing=args.pairing, forfeit=args.forfeits)  # fmt: skip
    config = Config(adapter, codes, args.edition, args.seed, profile, options)
    try:  # a code no plugin provides, or one the edition lacks, is a usage error up front
        standings(config, generate(args.seed, 0, profile))
    except (CodeError, PluginError) as e:
        err(f"error: {e}")
        return EXIT_USAGE
    if args.report:  # found out before a long run, not after it
        folder = Path(args.report)
        if folder.exists() and not folder.is_dir():
            err(f"error: --report {args.report}: it is not a folder (the report is a folder "
                "of files: summary.json, junit.xml, report.html, cases/)")  # fmt: skip
            return EXIT_USAGE
        try:
            folder.mkdir(parents=True, exist_ok=True)
        except OSError as e:
            err(f"error: cannot write the report to {args.report}: {e.strerror or e}")
            return EXIT_USAGE
    from ..audit import default_jobs, progress

    if args.shrink_seconds > 0 and not shrinking():
        err(f"warning: Hypothesis is not installed: discrepancies will be reported but not "
            f"shrunk ({INSTALL_CERTIFY})")  # fmt: skip
    show = progress(args.events, sys.stderr)

    def terminated(signum: int, frame: object) -> None:  # kill PID: clean up as on Ctrl-C
        raise Terminated

    import threading

    main_thread = threading.current_thread() is threading.main_thread()  # else not allowed
    before = signal.signal(signal.SIGTERM, terminated) if main_thread else None
    try:
        summary = certify(config, args.events, jobs=args.jobs or default_jobs(),
                          scheduler=args.scheduler or "",
                          shrink_seconds=args.shrink_seconds if shrinking() else 0,
                          progress=show)  # fmt: skip
    except RuntimeError as e:
        err(f"error: {e}")
        return EXIT_USAGE
    finally:
        if main_thread:
            signal.signal(signal.SIGTERM, before)
    sys.stdout.write(text(summary))
    if args.report:
        try:
            write(summary, Path(args.report))
        except OSError as e:
            err(f"error: cannot write the report to {args.report}: {e.strerror or e}")
            return EXIT_USAGE
    if not summary.compared:  # a check that compared nothing fails
        err(
            "error: no value and no order was compared: the program offered none for this "
            "list, or C.07 Art. 10 dropped every code (unrated players; see --unrated-rating)"
        )
        return EXIT_PROBLEMS
    return EXIT_OK if summary.discrepancies <= args.max_discrepancies else EXIT_PROBLEMS


# From a checkout; once fide-tiebreaks is on PyPI, pip install 'fide-tiebreaks[certify]'.
INSTALL_CERTIFY = "from a checkout: pip install '.[certify]'"


def shrinking() -> bool:
    """Whether Hypothesis (the 'certify' extra, which shrinks discrepancies) is installed."""
    import importlib.util

    return importlib.util.find_spec("hypothesis") is not None


def chosen(args: argparse.Namespace) -> Any:
    """The adapter the options name (AdapterError for an unusable one), its report name
    and version as the options give them."""
    from ..certify.adapters import ADAPTERS, Adapter, check_template, entry_point

    version = args.program_version or ""
    if args.program is not None:
        check_template(args.program)
        import shlex

        name = Path(shlex.split(args.program)[0]).name.replace("{python}", "python")
        return Adapter(name, command=args.program, reader=args.reader, timeout=args.timeout,
                       version=version)  # fmt: skip
    if args.entry is not None:
        entry_point(args.entry)
        return Adapter(args.entry, entry=args.entry, timeout=args.timeout, version=version)
    adapter = replace(ADAPTERS[args.adapter or "builtin"], timeout=args.timeout)
    entry_point(adapter.entry)
    return replace(adapter, version=version) if version else adapter
