"""The ``fide-tiebreaks`` command (also ``python -m fide_tiebreaks``).

Exit codes: 0 success; 1 input problems (errors in the file, or warnings with ``--strict``,
or a tie-break plugin that failed); 2 usage errors or unreadable input; 3 an internal error
(a bug: please report it with the input file).
"""

from __future__ import annotations

import argparse
import contextlib
import gc
import json
import os
import sys
import warnings
from collections.abc import Callable, Sequence
from typing import Any, NoReturn, TextIO

from . import __version__

EXIT_OK, EXIT_PROBLEMS, EXIT_USAGE, EXIT_INTERNAL = 0, 1, 2, 3

DESCRIPTION = """\
Chess tie-breaks computed exactly as FIDE Handbook C.07 defines them.

Reads TRF16 and TRF-2026 files (with the JaVaFo and bbpPairings extensions), ranks the
participants on points and an ordered tie-break list, and checks files for inconsistencies.
"""

STANDINGS_EPILOG = """\
tie-break codes use the TEC syntax NAME[:MP|:GP][/Cn|/Mn|/L±n|/Kx][/P][/F], comma-separated,
e.g. "BH/C1,BH,SB". The Handbook hyphen form (BH-C1) is accepted too. Without --tiebreaks the
file's 202 (or 212) list is used, else BH/C1,BH,SB for a Swiss and SB for a round robin.
Run 'fide-tiebreaks plugins' for the installed codes.

examples:
  fide-tiebreaks standings event.trf
  fide-tiebreaks standings event.trf --tiebreaks BH/C1,BH,SB --format json
  fide-tiebreaks standings event.trf --after-round 5 --format csv --output r5.csv
  fide-tiebreaks standings event.trf --format trf --output ranked.trf
"""


class _Formatter(argparse.RawDescriptionHelpFormatter):
    """argparse's formatter asks shutil for the terminal width each time one is made, and
    add_argument makes one per argument: importing shutil (with bz2 and lzma) then costs
    every run a few milliseconds. The width comes from COLUMNS or the terminal directly."""

    def __init__(self, prog: str, indent_increment: int = 2, max_help_position: int = 24,
                 width: int | None = None) -> None:  # fmt: skip
        if width is None:
            try:
                width = int(os.environ["COLUMNS"])
            except (KeyError, ValueError):
                try:
                    width = os.get_terminal_size(sys.__stdout__.fileno()).columns  # type: ignore[union-attr]
                except (AttributeError, ValueError, OSError):
                    width = 80
            width -= 2
        super().__init__(prog, indent_increment, max_help_position, width)


class _Parser(argparse.ArgumentParser):
    def __init__(self, *args: Any, **kwargs: Any) -> None:
        if kwargs.get("formatter_class") in (None, argparse.RawDescriptionHelpFormatter):
            kwargs["formatter_class"] = _Formatter
        super().__init__(*args, **kwargs)

    def error(self, message: str) -> Any:  # usage errors: exit 2 with a short hint
        self.print_usage(sys.stderr)
        self.exit(EXIT_USAGE, f"{self.prog}: error: {message}\n")


def build_parser() -> argparse.ArgumentParser:
    parser = _Parser(
        prog="fide-tiebreaks",
        description=DESCRIPTION,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument("--version", action="version", version=f"%(prog)s {__version__}")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND", parser_class=_Parser)
    sub.required = True

    st = sub.add_parser(
        "standings",
        help="rank a tournament on points and tie-breaks",
        description="Rank a tournament: points first, then the ordered tie-break list applied "
        "to each still-tied group (C.07 4.2); participants still tied share the place.",
        epilog=STANDINGS_EPILOG,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    st.add_argument("file", metavar="FILE",
                    help="a TRF16, TRF-2026, XML or Chess-JSON file")  # fmt: skip
    st.add_argument("--tiebreaks", "-t", metavar="CODES", help="comma-separated tie-break codes")
    st.add_argument(
        "--edition",
        "-e",
        metavar="E",
        help="rules edition, e.g. fide-2024 (default: the one in force on the "
        "tournament's end date, else the newest installed)",
    )
    st.add_argument(
        "--type",
        choices=("swiss", "round-robin"),
        help="tournament type (default: from the file, else inferred)",
    )
    st.add_argument(
        "--after-round",
        type=int,
        metavar="N",
        help="standings after round N, ignoring later rounds",
    )
    st.add_argument(
        "--format",
        "-f",
        choices=("table", "json", "csv", "trf", "xml", "html", "chess-json"),
        default="table",
        help="output format (default: table)",
    )
    st.add_argument(
        "--output", "-o", metavar="PATH", help="write here (atomically) instead of standard output"
    )
    _common(st)
    st.add_argument(
        "--unrated-rating",
        type=int,
        metavar="R",
        help="rating given to unrated players by the tournament regulations, so that rating "
        "tie-breaks (ARO, TPR, PTP, APRO, APPO, RTNG) are kept (C.07 Art. 10); without it they "
        "are dropped when unrated players are present",
    )
    st.add_argument(
        "--option",
        action="append",
        default=[],
        metavar="KEY=VALUE",
        help="an option for the tie-breaks or edition, e.g. legacy-pab-unplayed=no "
        "(see docs/interpretations.md)",
    )
    st.add_argument(
        "--individual",
        action="store_true",
        help="in a team event, rank the players instead of the teams",
    )
    st.add_argument(
        "--team-pab",
        metavar="MP:GP",
        help="match and game points of a team's pairing-allocated bye where the file cannot say "
        "(TRF16; default a drawn match: a draw's MP and half the boards)",
    )
    st.add_argument(
        "--provider",
        action="append",
        default=[],
        metavar="CODE=PLUGIN",
        help="which plugin provides CODE when several do (repeatable)",
    )

    ex = sub.add_parser(
        "explain",
        help="show how one participant's tie-breaks are computed",
        description="For each tie-break, round by round: the opponent or the dummy / virtual "
        "opponent, the unplayed-round category (e.g. 16.2.3) or the virtual opponent's "
        "working, the opponent's score as counted, the points obtained, the contribution, "
        "and what a cut or median removed (with its article); for DE and EDE the tied group's "
        "mini-table and the rule that ordered it; for rating tie-breaks the ratings used, the "
        "roundings and the table lookups. docs/tiebreaks.md shows every code explained.",
        epilog="examples:\n  fide-tiebreaks explain event.trf 9 --tiebreaks BH,BH/C1,SB\n"
        "  fide-tiebreaks explain event.trf Jessica --edition fide-2012 --format json",
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    ex.add_argument("file", metavar="FILE")
    ex.add_argument("participant", metavar="PARTICIPANT",
                    help="start rank, or a unique part of the name")  # fmt: skip
    ex.add_argument("--tiebreaks", "-t", metavar="CODES")
    ex.add_argument("--edition", "-e", metavar="E")
    ex.add_argument("--format", "-f", choices=("text", "json"), default="text")
    ex.add_argument("--option", action="append", default=[], metavar="KEY=VALUE",
                    help="an option for the tie-breaks or edition (see docs)")  # fmt: skip
    ex.add_argument("--unrated-rating", type=int, metavar="R")
    _common(ex)

    cf = sub.add_parser(
        "conformance",
        help="judge tie-break values against the conformance corpus or another program",
        description="Without PATHS, run the bundled corpus of cases (and those plugins add) "
        "with the installed tie-breaks. With PATHS, run those case files or folders. With "
        "--against RESULTS, PATHS is one tournament file and RESULTS another program's "
        "standings of it (CSV with a start_rank, team or name column and a column per code; "
        "JSON in this program's shape; or a TRF whose rank column gives the order). Every "
        "report ends with 'N passed, M failed'; exit 0 only when everything conforms.",
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    cf.add_argument("paths", nargs="*", metavar="PATHS")
    cf.add_argument(
        "--provider",
        metavar="NAME",
        help="test this plugin's tie-breaks; cases for codes it lacks are skipped",
    )
    cf.add_argument("--against", metavar="RESULTS", help="another program's standings")
    cf.add_argument(
        "--tiebreaks",
        "-t",
        metavar="CODES",
        help="with --against: the codes to compare (default: those in RESULTS)",
    )
    cf.add_argument("--edition", "-e", metavar="E", help="with --against: the rules edition")
    cf.add_argument("--junit", metavar="PATH", help="also write the report as JUnit XML")
    cf.add_argument("--verbose", "-v", action="store_true", help="list passed cases too")

    au = sub.add_parser(
        "audit",
        help="check many tournament files: declared ranks against the rules",
        description="Rank every tournament file under PATHS (folders are searched for .trf, "
        ".txt and .xml files) with its own declared tie-break list (202/212, else the "
        "default) and the edition in force when it ended, and compare the ranks the file "
        "declares with the computed ones. One result line per file, then a summary (on "
        "standard error with --format jsonl). Exit 0 when every checked file conforms, 1 "
        "when one differs or cannot be read.",
    )
    au.add_argument("paths", nargs="+", metavar="PATHS")
    au.add_argument("--jobs", "-j", type=int, default=0, metavar="N",
                    help="processes to use (default: every core)")  # fmt: skip
    au.add_argument("--format", "-f", choices=("table", "jsonl"), default="table")
    au.add_argument("--scheduler", metavar="ADDRESS",
                    help="run on a Dask distributed cluster (pip install "
                    "'fide-tiebreaks[dask]'), e.g. tcp://10.0.0.5:8786")  # fmt: skip

    sv = sub.add_parser(
        "serve",
        help="answer standings requests, one JSON object per line (for pairing programs)",
        description="Read one JSON request per line on standard input and write one JSON "
        'response per line: {"path": "event.trf"}, {"trf": "<the file\'s text>"} or '
        '{"chess_json": {...}}, with '
        'optional "tiebreaks" (a string or a list), "edition", "after_round", '
        '"unrated_rating", "options" and "id" (echoed back). The response has the shape of '
        '\'standings --format json\' plus "warnings", or {"error": {"message", '
        '"diagnostics"}}. Bad requests get an error response; end of input ends the service.',
    )
    sv.add_argument("--stdio", action="store_true", required=True,
                    help="requests on standard input, responses on standard output")  # fmt: skip

    ck = sub.add_parser(
        "check",
        help="report problems in a tournament file",
        description="Read a file and report every problem found: malformed records, results "
        "that do not mirror between the two players, opponents that do not exist, a points "
        "column that disagrees with the results. Exit 0 when clean, 1 when problems were "
        "found, 2 when the file cannot be read.",
    )
    ck.add_argument("file", metavar="FILE")
    _common(ck)

    cv = sub.add_parser(
        "convert",
        help="convert a tournament between TRF and Chess-JSON",
        description="Write the tournament in another format without ranking it: TRF (a TRF "
        "input comes back byte for byte) or Chess-JSON, FIDE TEC's JSON model (what it has no "
        'field for travels as TRF records in the tournament\'s "other"."trf" list). '
        "Declared ranks and points are kept as the file gives them; use 'standings --format "
        "trf|chess-json' for computed ranks.",
    )
    cv.add_argument("file", metavar="FILE", help="a TRF, XML or Chess-JSON file")
    cv.add_argument("--to", required=True, choices=("trf", "chess-json"), help="output format")
    cv.add_argument("--output", "-o", metavar="PATH",
                    help="write here (atomically) instead of standard output")  # fmt: skip
    _common(cv)

    pl = sub.add_parser(
        "plugins",
        help="list the installed tie-break plugins",
        description="List every plugin with its distribution, version, tie-break codes and "
        "rules editions. Broken plugins are reported on standard error.",
    )
    pl.add_argument("--format", "-f", choices=("table", "json"), default="table")
    return parser


def _common(p: argparse.ArgumentParser) -> None:
    p.add_argument("--strict", action="store_true", help="treat warnings as errors (exit 1)")
    p.add_argument("--verbose", "-v", action="store_true", help="also print notes")


def run() -> NoReturn:
    """The console entry point: :func:`main`, then leave at once.

    A one-shot run leaves a large object graph behind (a 10,000-player event holds about a
    million objects); the interpreter's final garbage collection would spend a tenth of a
    second freeing memory the operating system takes back anyway. Output is flushed first;
    files were already written and synced (atomic.py)."""
    try:
        code = main()
    except SystemExit as e:  # argparse: --help, --version and usage errors
        code = e.code if isinstance(e.code, int) else (0 if e.code is None else EXIT_USAGE)
    for stream in (sys.stdout, sys.stderr):
        with contextlib.suppress(Exception):  # a closed pipe is not an error here
            stream.flush()
    os._exit(code)


def main(argv: Sequence[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    warnings.showwarning = _show_warning
    if args.command in ("standings", "explain", "check", "convert") and argv is None:
        # A one-shot run allocates about a million small objects that hold no reference
        # cycles (games, opponent entries, values); the cyclic collector would walk them
        # again and again for nothing, a quarter of the time on a large event. The process
        # ends soon after, which returns everything anyway.
        gc.disable()
    try:
        handler = {"standings": _standings, "check": _check, "plugins": _plugins,
                   "explain": _explain, "conformance": _conformance,
                   "serve": _serve, "audit": _audit, "convert": _convert}[args.command]  # fmt: skip
        return handler(args)
    except BrokenPipeError:
        sys.stderr.close()  # the reader went away (e.g. piped into head): not an error
        return EXIT_OK
    except KeyboardInterrupt:
        return 130
    except Exception as e:  # never a traceback for the user; say what it was
        _err(f"internal error: {type(e).__name__}: {e} (please report this with the input file)")
        return EXIT_INTERNAL


def _err(message: str, stream: TextIO | None = None) -> None:
    print(f"fide-tiebreaks: {message}", file=stream or sys.stderr)


def _show_warning(message: Any, category: Any, *args: Any, **kwargs: Any) -> None:
    _err(f"warning: {message}")


def _read(args: argparse.Namespace) -> tuple[Any, int | None]:
    """Read the file and print its diagnostics; the exit code when it must stop here."""
    from .diagnostics import InputError, Severity
    from .trf.reader import read_trf

    team_pab = None
    if getattr(args, "team_pab", None):
        from .numbers import parse_decimal

        mp_text, _, gp_text = args.team_pab.partition(":")
        mp, gp = parse_decimal(mp_text), parse_decimal(gp_text)
        if mp is None or gp is None:
            _err(f"error: --team-pab takes MP:GP, e.g. 1:2, not '{args.team_pab}'")
            return None, EXIT_USAGE
        team_pab = (mp, gp)
    try:
        result = read_trf(args.file, team_pab=team_pab)
    except InputError as e:
        for d in e.diagnostics:
            print(d, file=sys.stderr)
        return None, EXIT_USAGE
    shown = Severity.NOTE if args.verbose or args.command == "check" else Severity.WARNING
    failing = Severity.WARNING if args.strict else Severity.ERROR
    problems = 0
    for d in result.diagnostics:
        if d.severity >= shown:
            text = str(d)
            if args.strict and d.severity is Severity.WARNING:
                text = text.replace(": warning: ", ": error: ", 1)
            print(text, file=sys.stderr)
        problems += d.severity >= failing
    return result, (EXIT_PROBLEMS if problems else None)


def _standings(args: argparse.Namespace) -> int:
    from .atomic import write_atomic
    from .diagnostics import Severity
    from .model import TournamentType
    from .output import render
    from .standings import compute_standings

    result, stop = _read(args)
    if result is None or stop is not None:
        if stop == EXIT_PROBLEMS:
            _err("the file has errors; no standings computed (run 'fide-tiebreaks check')")
        return stop if stop is not None else EXIT_USAGE
    tournament = result.tournament
    if args.individual:
        if tournament.team is None:
            _err("error: --individual applies to team events; this file has no teams")
            return EXIT_USAGE
        tournament = tournament.team.players
    if args.type:
        tournament = tournament.with_type(TournamentType(args.type))
    providers = {}
    for item in args.provider:
        code, sep, plugin = item.partition("=")
        if not sep:
            _err(f"--provider takes CODE=PLUGIN, not '{item}'")
            return EXIT_USAGE
        providers[code] = plugin
    if args.after_round is not None and not 1 <= args.after_round <= tournament.rounds:
        _err(f"--after-round must be between 1 and {tournament.rounds}")
        return EXIT_USAGE

    def rank() -> tuple[Any, dict[str, Any]]:
        options = _options(args)  # a malformed --option is reported like a bad code
        standings = compute_standings(tournament, args.tiebreaks, args.edition,
                                      after_round=args.after_round, providers=providers,
                                      options=options, strict=args.strict)  # fmt: skip
        return standings, options

    done, stop = _ranked(rank)
    if done is None:
        return stop
    standings, options = done
    for d in standings.diagnostics:
        if d.severity >= Severity.WARNING or args.verbose:
            print(d, file=sys.stderr)
    if args.strict and any(d.severity >= Severity.WARNING for d in standings.diagnostics):
        return EXIT_PROBLEMS
    data = render(standings, args.format, options)
    if args.output:
        try:
            write_atomic(args.output, data)
        except OSError as e:
            _err(f"error: cannot write {args.output}: {e.strerror or e}")
            return EXIT_USAGE
    else:
        sys.stdout.buffer.write(data)
        sys.stdout.flush()
    return EXIT_OK


def _ranked(run: Callable[[], Any]) -> tuple[Any, int]:
    """Run a ranking for a command: (its result, EXIT_OK), or (None, exit status) after
    reporting a bad code, option or edition (usage, 2) or a failing plugin (1)."""
    from .codes import CodeError
    from .host import PluginError

    try:
        return run(), EXIT_OK
    except (CodeError, ValueError) as e:
        _err(f"error: {e}")
        return None, EXIT_USAGE
    except PluginError as e:
        _err(f"error: {e}")
        return None, EXIT_PROBLEMS


def _options(args: argparse.Namespace) -> dict[str, Any]:
    """``--option key=value`` (see :func:`~fide_tiebreaks.tiebreak.option_value`) and
    ``--unrated-rating``. Raises ValueError for a malformed option."""
    from .tiebreak import option_value

    options: dict[str, Any] = {}
    for item in args.option:
        key, sep, value = item.partition("=")
        if not sep or not key:
            raise ValueError(f"--option takes KEY=VALUE, not '{item}'")
        options[key.replace("-", "_")] = option_value(value)
    if args.unrated_rating is not None:
        options["unrated_rating"] = args.unrated_rating
    return options


def _explain(args: argparse.Namespace) -> int:
    from .explain import explain, find_participant, render_text, to_dict

    result, stop = _read(args)
    if result is None or stop is not None:
        return stop if stop is not None else EXIT_USAGE
    t = result.tournament
    pid = find_participant(t, args.participant)
    if pid is None:
        _err(f"error: no single participant matches '{args.participant}' (give a start rank "
             "or a unique part of the name)")  # fmt: skip
        return EXIT_USAGE
    done, stop = _ranked(lambda: explain(t, pid, args.tiebreaks, args.edition,
                                         options=_options(args)))  # fmt: skip
    if done is None:
        return stop
    standings, explanations = done
    for d in standings.diagnostics:
        if d.severity.name != "NOTE" or args.verbose:
            print(d, file=sys.stderr)
    if args.format == "json":
        print(json.dumps(to_dict(standings, pid, explanations), ensure_ascii=False, indent=1))
    else:
        sys.stdout.write(render_text(standings, pid, explanations))
    return EXIT_OK


def _conformance(args: argparse.Namespace) -> int:
    from pathlib import Path

    from .atomic import write_atomic
    from .codes import CodeError
    from .conformance import runner
    from .diagnostics import InputError

    paths = [Path(p) for p in args.paths]
    missing = [str(p) for p in paths if not p.exists()]
    if missing:
        _err(f"error: no such file or folder: {', '.join(missing)}")
        return EXIT_USAGE
    try:
        if args.against:
            if len(paths) != 1:
                _err("error: --against compares one tournament file with one results file")
                return EXIT_USAGE
            codes = [c.strip() for c in args.tiebreaks.split(",")] if args.tiebreaks else None
            outcomes = runner.against(paths[0], Path(args.against), codes, args.edition)
        else:
            outcomes = runner.run(paths or None, args.provider)
    except InputError as e:
        for d in e.diagnostics:
            print(d, file=sys.stderr)
        return EXIT_USAGE
    except (CodeError, ValueError, OSError, KeyError) as e:
        _err(f"error: {e}")
        return EXIT_USAGE
    sys.stdout.write(runner.report(outcomes, args.verbose))
    if args.junit:
        write_atomic(args.junit, runner.junit(outcomes))
    return EXIT_OK if all(o.status in ("passed", "skipped") for o in outcomes) else EXIT_PROBLEMS


def _audit(args: argparse.Namespace) -> int:
    import json

    from . import audit

    files = audit.find_files(args.paths)
    missing = [str(f) for f in files if not f.exists()]
    if missing:
        _err(f"error: no such file or folder: {', '.join(missing)}")
        return EXIT_USAGE
    if args.jobs < 0:
        _err("error: --jobs must be 0 (every core) or more")
        return EXIT_USAGE
    if args.scheduler:
        try:
            results = audit.run_dask(files, args.scheduler)
        except RuntimeError as e:
            _err(f"error: {e}")
            return EXIT_USAGE
    else:
        results = audit.run_local(files, args.jobs or audit.default_jobs())
    show = audit.progress(len(files), sys.stderr)
    done = []
    try:
        for a in results:
            done.append(a)
            line = audit.to_json_line(a) if args.format == "jsonl" else audit.table_line(a)
            if sys.stderr.isatty():
                sys.stderr.write("\r\x1b[K")  # clear the progress bar before the line
            print(line, flush=True)
            show(len(done))
    except RuntimeError as e:  # e.g. the scheduler cannot be reached
        _err(f"error: {e}")
        return EXIT_USAGE
    counts = audit.summarise(done)
    summary = (f"{counts['files']} files: {counts['read']} read, {counts['conforms']} conform, "
               f"{counts['differs']} differ, {counts['unchecked']} without declared ranks, "
               f"{counts['unreadable']} unreadable")  # fmt: skip
    if args.format == "jsonl":
        print(json.dumps({"summary": counts}), file=sys.stderr)
    print(summary, file=sys.stderr if args.format == "jsonl" else sys.stdout)
    return EXIT_PROBLEMS if counts["differs"] or counts["unreadable"] else EXIT_OK


def _serve(args: argparse.Namespace) -> int:
    from .serve import serve_stdio

    serve_stdio(sys.stdin, sys.stdout)
    return EXIT_OK


def _check(args: argparse.Namespace) -> int:
    from .diagnostics import Severity

    result, stop = _read(args)
    if result is None:
        return stop or EXIT_USAGE
    counts = {s: sum(d.severity is s for d in result.diagnostics) for s in Severity}
    t = result.tournament
    who = (f"{len(t.participants)} teams ({len(t.team.players.participants)} players)"
           if t.team else f"{len(t.participants)} players")  # fmt: skip
    print(
        f"{args.file}: {who}, {t.rounds} rounds, {t.type.value} "
        f"({t.type_source}); {counts[Severity.ERROR]} errors, {counts[Severity.WARNING]} "
        f"warnings, {counts[Severity.NOTE]} notes"
    )
    return EXIT_PROBLEMS if counts[Severity.ERROR] or counts[Severity.WARNING] else EXIT_OK


def _convert(args: argparse.Namespace) -> int:
    from .atomic import write_atomic

    result, stop = _read(args)
    if result is None or stop is not None:
        return stop or EXIT_USAGE
    t = result.tournament
    if args.to == "trf":
        from .trf.writer import encode

        assert t.source is not None  # every reader keeps the TRF it read or built
        data = encode(t.source)
    else:
        from .chessjson import dumps, event

        data = dumps(event(t)).encode("utf-8")
    if args.output:
        write_atomic(args.output, data)
    else:
        sys.stdout.buffer.write(data)
        sys.stdout.flush()
    return EXIT_OK


def _plugins(args: argparse.Namespace) -> int:
    from .host import registry

    reg = registry()
    if args.format == "json":
        data = [
            {
                "name": p.name,
                "distribution": p.distribution,
                "version": p.version,
                "builtin": p.builtin,
                "codes": list(p.codes),
                "editions": list(p.editions),
            }
            for p in reg.providers
        ]
        print(json.dumps({"plugins": data, "problems": reg.problems}, indent=1))
        return EXIT_OK
    rows = [("PLUGIN", "DISTRIBUTION", "VERSION", "PROVIDES")]
    for p in reg.providers:
        provides = ", ".join([*p.codes, *(f"edition {e}" for e in p.editions)]) or "-"
        rows.append((p.name, p.distribution, p.version, provides))
    widths = [max(len(r[i]) for r in rows) for i in range(3)]
    for r in rows:
        print("  ".join(c.ljust(w) for c, w in zip(r[:3], widths, strict=True)) + "  " + r[3])
    duplicates = {code: tbs for code, tbs in reg.tiebreaks.items() if len(tbs) > 1}
    for code, tbs in sorted(duplicates.items()):
        names = " and ".join(f"'{tb.provider}'" for tb in tbs)
        _err(f"warning: {code} is provided by {names}; pick one with --provider {code}=PLUGIN")
    return EXIT_OK


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
