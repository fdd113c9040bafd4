"""``fide-tiebreaks certify``: an endorsement-style test of another tie-break program."""

from __future__ import annotations

import argparse
import signal
import sys
from dataclasses import replace
from pathlib import Path
from typing import Any

from .common import (
    EXIT_OK,
    EXIT_PROBLEMS,
    CommandError,
    edition_name,
    edition_names,
    err,
    integer,
    number,
    usage_check,
)
from .generation_options import add_generation_options, bounded, profile_of

# The lists used when none is given: every individual code both editions share with the
# reference program, FB before BH (where a program's FB may disturb its BH); and the common
# team codes for a team-only run.
TEAM_CODES = "MPvGP,BH:MP,BH:GP,BH:MP/C1,EMMSB,EMGSB,EGGSB,EMGSB/C1,BC,SSSC,FB:MP,PS:MP,WIN"
DEFAULT_CODES = (
    "FB,BH,BH/C1,BH/C2,BH/M1,BH/M2,SB,SB/C1,PS,DE,WIN,WON,BPG,BWG,REP,KS,AOB,"
    "ARO,ARO/C1,TPR,PTP,APRO,APPO"
)

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


events_count = bounded(
    "events",
    integer,
    lambda n: 1 <= n <= MAX_EVENTS,
    f"--events must be from 1 to {MAX_EVENTS:,}",
)
jobs_count = bounded("jobs", integer, lambda n: n >= 0, "--jobs must be at least 0")
allowed_count = bounded(
    "max-discrepancies", integer, lambda n: n >= 0, "--max-discrepancies must be at least 0"
)
# "nan" and "inf" pass float() and "<= 0"; a time-out must be a finite number of seconds.
timeout_seconds = bounded(
    "timeout", number, lambda s: 0 < s < 1e6, "--timeout must be above 0 and below 1000000 s"
)
unrated_rating = bounded(
    "unrated-rating",
    integer,
    lambda r: 0 <= r <= 9999,
    "--unrated-rating must be a rating from 0 to 9999",
)


@usage_check
def tiebreaks_text(text: str) -> str:
    """``--tiebreaks``: not empty (leaving it out gives the default list)."""
    if not text.strip(" ,"):
        raise ValueError("--tiebreaks is empty; leave it out for the default list")
    return text


def add_parser(sub: Any, name: str, summary: str) -> argparse.ArgumentParser:
    p: argparse.ArgumentParser = sub.add_parser(
        name, help=summary, description=DESCRIPTION, epilog=EPILOG
    )
    who = p.add_mutually_exclusive_group()
    who.add_argument(
        "--adapter",
        choices=("builtin", "gacrux", "tiebreak-core"),
        help="a program that ships with an adapter (default: builtin)",
    )
    who.add_argument("--program", metavar="TEMPLATE", help="a command line to run per event")
    who.add_argument(
        "--entry", metavar="MODULE:FUNCTION", help="a Python adapter: function(Request) -> Answer"
    )
    p.add_argument(
        "--program-version",
        metavar="TEXT",
        help="the version of the program under test, for the report (an adapter "
        "finds its package's version itself)",
    )
    p.add_argument(
        "--reader",
        choices=("json", "csv", "trf-rank", "gacrux"),
        default="json",
        help="how to read --program's output (default: json)",
    )
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
        type=timeout_seconds,
        default=60.0,
        metavar="S",
        help="seconds per run of the program (default: 60)",
    )
    p.add_argument(
        "--tiebreaks",
        "-t",
        metavar="CODES",
        type=tiebreaks_text,
        help="the list to compute (default: the individual codes both editions share with "
        "the reference program, FB first; with --kinds team-swiss the common team codes)",
    )
    p.add_argument(
        "--edition",
        "-e",
        type=edition_name,
        default=None,
        metavar="E",
        help=f"rules edition: {edition_names()}, or one a plugin adds (default: fide-2024; "
        "with --events-from, the edition of each file's end date)",
    )
    p.add_argument(
        "--events-from",
        metavar="DIR",
        help="certify on the tournament files under DIR (another program's "
        "generator, a federation's files) instead of generated events: each "
        "ranked with its own list (202/212) unless --tiebreaks is given",
    )
    p.add_argument(
        "--events",
        "-n",
        type=events_count,
        default=500,
        metavar="N",
        help="events to generate and compare (default: 500; at most 100,000)",
    )
    add_generation_options(p, kinds="swiss,round-robin")
    p.add_argument(
        "--unrated-rating",
        type=unrated_rating,
        metavar="R",
        help="rating of unrated players for rating tie-breaks (else C.07 Art. 10 "
        "drops those tie-breaks in events with unrated players)",
    )
    p.add_argument(
        "--jobs",
        "-j",
        type=jobs_count,
        default=0,
        metavar="N",
        help="processes (default: every core)",
    )
    p.add_argument(
        "--scheduler",
        metavar="ADDRESS",
        help="run on a Dask distributed cluster (the dask extra: from a "
        "checkout, pip install '.[dask]'), e.g. tcp://10.0.0.5:8786",
    )
    p.add_argument(
        "--max-discrepancies",
        type=allowed_count,
        default=0,
        metavar="K",
        help="discrepant values allowed for exit status 0 (default: 0)",
    )
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
    from ..certify.engine import Config

    if args.events_from is not None:
        from .certify_corpus import run_corpus

        return run_corpus(args, DEFAULT_CODES)
    args.edition = args.edition or "fide-2024"
    codes = tiebreak_list(args)
    adapter = with_comparison(probed(args), codes, args.rounded, args.order_only)
    profile = profile_of(args)
    given = args.unrated_rating is not None  # 0 is a rating too
    options = (("unrated_rating", str(args.unrated_rating)),) if given else ()
    config = Config(
        adapter=adapter,
        codes=codes,
        edition=args.edition,
        seed=args.seed,
        profile=profile,
        options=options,
    )
    try_one_event(config)
    if args.report:  # found out before a long run, not after it
        report_folder(args.report)
    summary = certified(config, args)
    sys.stdout.write(text_of(summary))
    if args.report:
        write_report(summary, args.report)
    if not summary.compared:  # a check that compared nothing fails
        raise CommandError(
            "no value and no order was compared: the program failed on every event (its "
            "runs are listed above), offered no value for this list, or C.07 Art. 10 "
            "dropped every code (unrated players; see --unrated-rating)",
            EXIT_PROBLEMS,
        )
    return EXIT_OK if summary.discrepancies <= args.max_discrepancies else EXIT_PROBLEMS


def tiebreak_list(args: argparse.Namespace) -> tuple[str, ...]:
    """The codes to compare (--tiebreaks, else the default list for the kinds), with the
    edition checked; CommandError for an unknown code or edition."""
    from ..codes import CodeError, parse_list
    from ..host import PluginError, registry

    team_only = args.kinds == ("team-swiss",)
    listed = args.tiebreaks or (TEAM_CODES if team_only else DEFAULT_CODES)
    try:
        codes = tuple(s.code for s in parse_list(listed))
        registry().edition(args.edition)
    except (CodeError, PluginError) as e:
        raise CommandError(str(e)) from None
    return codes


def probed(args: argparse.Namespace) -> Any:
    """The adapter the options name, probed; CommandError for an unusable one."""
    from ..certify.adapters import AdapterError, probe

    try:
        return probe(chosen(args))
    except AdapterError as e:
        raise CommandError(str(e)) from None


def with_comparison(adapter: Any, codes: tuple[str, ...], rounded: str, order_only: str) -> Any:
    """*adapter* with --rounded and --order-only, each code checked against the list."""
    rounded_codes = {c.strip() for c in rounded.split(",") if c.strip()}
    order_codes = {c.strip() for c in order_only.split(",") if c.strip()}
    bases = {c.split("/")[0].split(":")[0] for c in codes}  # as compare matches them
    for option, named in (("--rounded", rounded_codes), ("--order-only", order_codes)):
        unknown = sorted(c for c in named if c not in bases and c != "*")
        given = option == "--rounded" or order_only != "DE"  # not the default DE
        if unknown and given:
            raise CommandError(
                f"{option}: {', '.join(unknown)} not in the tie-break list ({','.join(codes)})"
            )
    return replace(
        adapter,
        rounded=frozenset(adapter.rounded | rounded_codes),
        order_only=frozenset(order_codes),
    )


def try_one_event(config: Any) -> None:
    """Rank one event up front: a code no plugin provides, or one the edition lacks, is a
    usage error before the run, not a discrepancy in every event."""
    from ..certify.engine import standings
    from ..certify.generate import generate
    from ..codes import CodeError
    from ..host import PluginError

    try:
        standings(config, generate(config.seed, 0, config.profile))
    except (CodeError, PluginError) as e:
        raise CommandError(str(e)) from None


def report_folder(path: str) -> None:
    """Make the --report folder; CommandError when it cannot be one."""
    folder = Path(path)
    if folder.exists() and not folder.is_dir():
        raise CommandError(
            f"--report {path}: it is not a folder (the report is a folder of files: "
            "summary.json, junit.xml, report.html, cases/)"
        )
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError as e:
        raise CommandError(f"cannot write the report to {path}: {e.strerror or e}") from None


def certified(config: Any, args: argparse.Namespace) -> Any:
    """Run the certification (SIGTERM cleans up as Ctrl-C does); its summary."""
    from ..audit import default_jobs, progress
    from ..certify.engine import Terminated
    from ..certify.session import certify

    if args.shrink_seconds > 0 and not shrinking():
        err(
            "warning: Hypothesis is not installed: discrepancies will be reported but not "
            f"shrunk ({INSTALL_CERTIFY})"
        )
    show = progress(args.events, sys.stderr, unit="events")

    def terminated(signum: int, frame: object) -> None:  # kill PID: clean up as on Ctrl-C
        raise Terminated

    import threading

    main_thread = threading.current_thread() is threading.main_thread()  # else not allowed
    before = signal.signal(signal.SIGTERM, terminated) if main_thread else None
    try:
        return certify(
            config,
            args.events,
            jobs=args.jobs or default_jobs(),
            scheduler=args.scheduler or "",
            shrink_seconds=args.shrink_seconds if shrinking() else 0,
            progress=show,
        )
    except RuntimeError as e:
        raise CommandError(str(e)) from None
    finally:
        if main_thread:
            signal.signal(signal.SIGTERM, before)


def text_of(summary: Any) -> str:
    from ..certify.report import text

    return str(text(summary))


def write_report(summary: Any, path: str) -> None:
    """Write the report files; CommandError when they cannot be written."""
    from ..certify.report import write

    try:
        write(summary, Path(path))
    except OSError as e:
        raise CommandError(f"cannot write the report to {path}: {e.strerror or e}") from None


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
        return Adapter(
            name, command=args.program, reader=args.reader, timeout=args.timeout, version=version
        )
    if args.entry is not None:
        entry_point(args.entry)
        return Adapter(args.entry, entry=args.entry, timeout=args.timeout, version=version)
    adapter = replace(ADAPTERS[args.adapter or "builtin"], timeout=args.timeout)
    entry_point(adapter.entry)
    return replace(adapter, version=version) if version else adapter
