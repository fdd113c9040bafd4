"""The program under test, described by an :class:`Adapter`, and what it answers.

An adapter is either a command template, run once per event in a fresh temporary folder::

    mytool --input {trf} --tiebreaks {codes} --rules {edition} --csv {out}

(placeholders: ``{trf}`` the event as TRF16, ``{json}`` as Chess-JSON, ``{codes}`` the
list comma-separated, ``{edition}``, ``{type}`` ``swiss``, ``round-robin`` or
``team-swiss``, ``{out}`` a
path the program writes its result to, else its standard output is read; ``{python}`` this
interpreter) with an output reader, or a Python entry point ``"module:function"`` called in
process with a :class:`Request` and returning an :class:`Answer`. Per code the adapter
declares how the program prints it: ``rounded`` codes are compared at the precision the
program printed (gacrux rounds AOB for display); ``order_only`` codes are compared by the
order they induce inside each tied group (DE: 0 against 1 for an untied participant is no
discrepancy).
"""

from __future__ import annotations

import contextlib
import importlib
import json
import os
import shlex
import shutil
import signal
import subprocess
import sys
import tempfile
from collections.abc import Callable, Mapping
from dataclasses import field, replace
from pathlib import Path

from ..data_classes import dataclass
from ..diagnostics import InputError
from ..errors import FideTiebreaksError

READERS = ("json", "csv", "trf-rank", "gacrux")


@dataclass(frozen=True)
class Request:
    """One event to rank: its TRF16 text, the list (our canonical codes) and the edition."""

    trf: str
    codes: tuple[str, ...]
    edition: str
    type: str  # "swiss", "round-robin" or "team-swiss"
    options: Mapping[str, str] = field(default_factory=dict)
    timeout: float = 60.0  # --timeout: what an entry point that runs a program allows it


@dataclass(frozen=True)
class Answer:
    """What the program said: values as printed (``None``: no value), keyed by participant
    and code, and the ranks of its final order by the whole list (leave them empty when it
    could not use the whole list). ``offered`` lists the codes whose values it prints (the
    others are not compared value by value; None: all); ``error`` is set when the run
    failed."""

    values: Mapping[int, Mapping[str, str | None]]
    ranks: Mapping[int, int] = field(default_factory=dict)
    offered: tuple[str, ...] | None = None
    error: str = ""
    # The ranks show the program's own ties (shared ranks), so a tie of ours must be a tie
    # of the program's too; otherwise it may break our ties as it likes (by start rank).
    shares_ties: bool = False


@dataclass(frozen=True)
class Adapter:
    name: str
    command: str = ""  # a template (see the module docstring)
    entry: str = ""  # "module:function", called as function(request) -> Answer
    reader: str = "json"
    rounded: frozenset[str] = frozenset()
    order_only: frozenset[str] = frozenset({"DE"})
    timeout: float = 60.0
    description: str = ""
    # What the adapter needs installed (a module to import) and how to install it; the
    # interpreter it runs is the one named by *python_env*, else this one.
    requires: str = ""
    install: str = ""
    python_env: str = ""
    version: str = ""  # the program's version, where it can be had (the report names it)


def our_options(options: Mapping[str, str]) -> dict[str, object]:
    """A request's options (text, as a command line passes them on) as our tie-breaks take
    them: ``unrated_rating`` is a whole rating."""
    return {k: int(v) if k == "unrated_rating" else v for k, v in options.items()}


class AdapterError(FideTiebreaksError):
    """The adapter is unusable as described (an unknown reader, entry point, placeholder)."""


def ran(adapter: Adapter) -> str:
    """What the adapter runs, for the report: the command template, else the entry point."""
    return adapter.command or f"entry point {adapter.entry}"


def run(adapter: Adapter, request: Request) -> Answer:
    """Ask the program; never raises for what the program does (crash, time-out, output
    that cannot be read): that is an :class:`Answer` with ``error`` set."""
    if adapter.entry:
        function = entry_point(adapter.entry)
        try:
            answer = function(request)
        except (Exception, SystemExit) as e:  # the program under test failed: a finding
            return Answer({}, error=f"{type(e).__name__}: {e}")
        if not isinstance(answer, Answer):
            return Answer({}, error=f"{adapter.entry} returned {type(answer).__name__}")
        wrong = malformed(answer)
        return Answer({}, error=f"{adapter.entry} returned an Answer {wrong}") if wrong else answer
    return run_command(adapter, request)


def malformed(answer: Answer) -> str:
    """What is wrong with the shape of an entry point's answer ('' when nothing is)."""
    values, ranks, offered = answer.values, answer.ranks, answer.offered
    if not isinstance(values, Mapping) or not all(
        isinstance(p, int)
        and isinstance(row, Mapping)
        and all(isinstance(c, str) and (v is None or isinstance(v, str)) for c, v in row.items())
        for p, row in values.items()
    ):
        return "whose values are not {participant id: {code: text or None}}"
    if not isinstance(ranks, Mapping) or not all(
        isinstance(p, int) and isinstance(r, int) for p, r in ranks.items()
    ):
        return "whose ranks are not {participant id: rank}"
    if offered is not None and not all(isinstance(c, str) for c in offered):
        return "whose offered codes are not text"
    return ""


def entry_point(spec: str) -> Callable[[Request], Answer]:
    module, _, name = spec.partition(":")
    try:
        function = getattr(importlib.import_module(module), name)
    except (Exception, SystemExit) as e:  # its module may raise anything while importing
        raise AdapterError(
            f"entry point '{spec}' cannot be loaded: {type(e).__name__}: {e}"
        ) from None
    if not callable(function):
        raise AdapterError(f"entry point '{spec}' is not callable")
    return function


PLACEHOLDERS = ("trf", "json", "codes", "edition", "type", "out", "python")


def check_template(template: str) -> None:
    """AdapterError when *template* is empty or names an unknown placeholder."""
    import string

    try:
        words = shlex.split(template)
    except ValueError as e:
        raise AdapterError(f"--program: {e}") from None
    if not words:
        raise AdapterError("--program is empty")
    for word in words:
        try:
            fields = [(f, s, c) for _, f, s, c in string.Formatter().parse(word) if f is not None]
        except ValueError as e:
            raise AdapterError(f"--program: '{word}': {e}") from None
        for n, spec, conversion in fields:
            if spec or conversion:  # {trf:>99999999999} would pad a path to gigabytes
                raise AdapterError(
                    f"--program: '{word}': a placeholder takes no format "
                    "(write {trf}, not {trf:...} or {trf!r})"
                )
            if n not in PLACEHOLDERS:
                raise AdapterError(
                    f"--program: unknown placeholder {{{n}}} (known: "
                    + ", ".join("{" + p + "}" for p in PLACEHOLDERS)
                    + ")"
                )


def run_command(adapter: Adapter, request: Request) -> Answer:
    with tempfile.TemporaryDirectory(prefix="certify-") as tmp:
        folder = Path(tmp)
        trf = folder / "event.trf"
        trf.write_text(request.trf, encoding="utf-8")
        places = {
            "trf": str(trf),
            "codes": ",".join(request.codes),
            "edition": request.edition,
            "type": request.type,
            "out": str(folder / "result"),
            "python": sys.executable,
            "json": str(folder / "event.json"),
        }
        if "{json}" in adapter.command:
            (folder / "event.json").write_text(chess_json(request.trf), encoding="utf-8")
        argv = [word.format(**places) for word in shlex.split(adapter.command)]
        if os.sep in argv[0] and not os.path.isabs(argv[0]):  # ./mytool: the user's folder
            argv[0] = os.path.abspath(argv[0])
        done = execute(argv, folder, adapter.timeout)
        if isinstance(done, str):
            return Answer({}, error=done)
        if done.returncode != 0:
            tail = done.stderr.decode(errors="replace").strip().splitlines()[-3:]
            too_big = getattr(signal, "SIGXFSZ", 0)  # the file-size limit killed it
            if too_big and done.returncode == -too_big:
                tail = [f"its output went over {OUTPUT_LIMIT >> 20} MB"]
            return Answer({}, error=f"exit status {done.returncode}: " + " | ".join(tail))
        out = folder / "result"
        data = done.stdout
        if "{out}" in adapter.command and out.is_file():
            if out.stat().st_size > OUTPUT_LIMIT:
                return Answer({}, error=f"its result went over {OUTPUT_LIMIT >> 20} MB")
            data = out.read_bytes()
        try:
            return read_output(adapter.reader, data, request)
        except (ValueError, KeyError, TypeError, IndexError, InputError) as e:
            return Answer({}, error=f"unreadable output ({adapter.reader} reader): {e}")


OUTPUT_LIMIT = 64 << 20  # bytes a program may write to a file or its standard output


def execute(
    argv: list[str], folder: Path, timeout: float
) -> subprocess.CompletedProcess[bytes] | str:
    """Run *argv* in *folder* in a session of its own, its output in files (memory stays
    bounded, and no file it writes may exceed OUTPUT_LIMIT); on the time-out the whole
    session is killed, so neither the program nor a child it started outlives the run. A
    string says why it could not run or answer."""
    posix = os.name == "posix"

    def limit() -> None:  # in the child, before exec
        import resource

        resource.setrlimit(resource.RLIMIT_FSIZE, (OUTPUT_LIMIT, OUTPUT_LIMIT))
        if sys.platform == "linux":  # killed with us, even by kill -9 (PR_SET_PDEATHSIG)
            import ctypes

            ctypes.CDLL(None).prctl(1, signal.SIGKILL)

    with open(folder / ".stdout", "w+b") as out, open(folder / ".stderr", "w+b") as errs:
        try:
            child = subprocess.Popen(
                argv,
                stdin=subprocess.DEVNULL,
                stdout=out,
                stderr=errs,
                cwd=folder,
                start_new_session=posix,
                preexec_fn=limit if posix else None,
            )
        except OSError as e:
            return f"cannot run {argv[0]}: {e.strerror or e}"
        code = None
        try:
            code = child.wait(timeout=timeout)
        except subprocess.TimeoutExpired:
            pass
        finally:  # also on Ctrl-C, which its own session no longer receives
            with contextlib.suppress(OSError):  # whatever it left running
                if posix:
                    os.killpg(child.pid, signal.SIGKILL)
                else:
                    child.kill()
            child.wait()
        if code is None:
            return f"no answer within {timeout:g} s"
        out.seek(0)
        errs.seek(0)
        return subprocess.CompletedProcess(
            argv, code, out.read(OUTPUT_LIMIT + 1), errs.read(OUTPUT_LIMIT)
        )


def chess_json(trf: str) -> str:
    from ..formats.chessjson.writer import event
    from ..formats.trf.reader import parse_trf

    return json.dumps(event(parse_trf(trf.encode()).tournament), ensure_ascii=False)


def read_output(reader: str, data: bytes, request: Request) -> Answer:
    """Values and ranks from a program's output, by the reader ``conformance --against``
    uses (fide_tiebreaks.results_reader). Raises ValueError when it cannot be read."""
    from ..formats.trf.reader import parse_trf
    from ..results_reader import parse_results, read_gacrux

    if reader not in READERS:
        raise AdapterError(f"unknown reader '{reader}' (known: {', '.join(READERS)})")
    t = parse_trf(request.trf.encode()).tournament
    if reader == "gacrux":
        read = read_gacrux(data.decode("utf-8-sig", errors="replace"), "output", request.codes, t)
    else:
        suffix = {"json": ".json", "csv": ".csv", "trf-rank": ".trf"}[reader]
        read = parse_results(data, "output", list(request.codes), t, is_code, suffix=suffix)
    if read.unasked:  # the program ranked by another list than it was given
        raise ValueError(
            f"values for {', '.join(read.unasked)}, not asked for (asked: "
            f"{','.join(request.codes)})"
        )
    offered = None if reader != "trf-rank" else ()
    return Answer(read.values, read.ranks, offered)


def is_code(column: str) -> bool:
    """Whether a column heading is a tie-break code an installed plugin provides."""
    from ..codes import CodeError, parse_list
    from ..host import registry

    try:
        specs = parse_list(column)
    except CodeError:
        return False
    return bool(specs) and all(registry().tiebreaks.get(s.name.upper()) for s in specs)


# -- the adapters that ship --------------------------------------------------------------------


def builtin(request: Request) -> Answer:
    """Our own built-ins, in process: the harness's self-test and the speed baseline."""
    from ..formats.trf.reader import parse_trf
    from ..numbers import exact_str
    from ..standings import compute_standings

    t = parse_trf(request.trf.encode()).tournament
    s = compute_standings(
        t, list(request.codes), request.edition, options=our_options(request.options)
    )
    codes = s.codes
    return Answer(
        {
            row.participant.id: {
                c: None if v is None else exact_str(v)
                for c, v in zip(codes, row.values, strict=True)
            }
            for row in s.rows
        },
        {row.participant.id: row.rank for row in s.rows},
    )


def gacrux(request: Request) -> Answer:
    """FIDE TEC's reference program through its command line (``gacrux.tiebreakchecker``),
    with the interpreter named by ``FIDE_TIEBREAKS_GACRUX_PYTHON`` (default: this one)."""
    python = os.environ.get("FIDE_TIEBREAKS_GACRUX_PYTHON") or sys.executable
    year = request.edition.rsplit("-", 1)[-1]
    mode = {"round-robin": ["-p"], "swiss": ["-s"]}.get(request.type, [])
    score = "MPTS" if request.type == "team-swiss" else "PTS"
    with tempfile.TemporaryDirectory(prefix="certify-gacrux-") as tmp:
        path = Path(tmp) / "event.trf"
        path.write_text(request.trf, encoding="utf-8")
        argv = [
            python,
            "-m",
            "gacrux.tiebreakchecker",
            "-i",
            str(path),
            *mode,
            "-t",
            score,
            *(f"{c}/V{year}" for c in request.codes),
            "-d",
            "T",
        ]
        if request.options.get("unrated_rating"):
            argv += ["-u", str(request.options["unrated_rating"])]
        # As --program runs a program: bounded output, --timeout, nothing left running.
        done = execute(argv, Path(tmp), request.timeout)
    if isinstance(done, str):
        return Answer({}, error=f"gacrux: {done}")
    if done.returncode != 0:
        tail = done.stderr.decode("utf-8", "replace").strip().splitlines()[-3:]
        return Answer({}, error=f"gacrux exit status {done.returncode}: " + " | ".join(tail))
    try:
        return read_output("gacrux", done.stdout, request)
    except ValueError as e:
        return Answer({}, error=f"unreadable output (gacrux reader): {e}")


ADAPTERS = {
    "builtin": Adapter(
        "builtin",
        entry="fide_tiebreaks.certify.adapters:builtin",
        description="our built-ins, in process (self-test)",
    ),
    "gacrux": Adapter(
        "gacrux",
        entry="fide_tiebreaks.certify.adapters:gacrux",
        reader="gacrux",
        rounded=frozenset({"AOB", "SSSC"}),
        description="FIDE TEC's reference program (pip install gacrux)",
        requires="gacrux.tiebreakchecker",
        install="pip install gacrux",
        python_env="FIDE_TIEBREAKS_GACRUX_PYTHON",
    ),
    "tiebreak-core": Adapter(
        "tiebreak-core",
        entry="fide_tiebreaks.certify.bridge:tiebreak_core",
        rounded=frozenset({"*"}),
        description="tiebreak-core, in process (pip install tiebreak-core)",
        requires="tiebreak_core",
        install="pip install tiebreak-core",
    ),
}


# -- before the run: can the program run at all, and what is it? -------------------------
def probe(adapter: Adapter) -> Adapter:
    """*adapter* with its program's version, once the program was found able to run;
    :class:`AdapterError` saying what is missing and how to install it otherwise, before
    a single event is generated: a command not found or not executable, an adapter's
    package that does not import (in the interpreter it runs)."""
    if adapter.command:
        probe_command(adapter.command)
        return adapter
    if adapter.requires:
        found = probe_module(adapter)
        return replace(adapter, version=adapter.version or found)
    if adapter.entry.startswith("fide_tiebreaks."):  # ours: the version is ours
        from ..version import __version__

        return replace(adapter, version=adapter.version or __version__)
    return replace(adapter, version=adapter.version or entry_version(adapter.entry))


def probe_command(template: str) -> None:
    """AdapterError when the template's program is not there to run (checked, not run)."""
    first = shlex.split(template)[0].replace("{python}", sys.executable)
    if "{" in first:  # a placeholder as the program: it exists only per event
        return
    if os.sep in first or (os.altsep and os.altsep in first):
        path = Path(first).absolute()
        if not path.exists():
            raise AdapterError(f"--program: cannot run '{first}': no such file; nothing was run")
        if not path.is_file() or not os.access(path, os.X_OK):
            raise AdapterError(
                f"--program: cannot run '{first}': it is not an executable file; nothing was run"
            )
        return
    if shutil.which(first) is None:
        raise AdapterError(
            f"--program: cannot run '{first}': it was not found on PATH; nothing was run"
        )


def probe_module(adapter: Adapter) -> str:
    """The version of the adapter's package; AdapterError with the install command when
    the interpreter the adapter runs cannot find it. An adapter that runs a command line
    (*python_env*: gacrux) is probed in that interpreter, by finding the module, not by
    running it; an in-process one is imported here, as its first event would."""
    distribution = adapter.install.split()[-1]
    if not adapter.python_env:
        try:
            importlib.import_module(adapter.requires)
        except (Exception, SystemExit) as e:
            why = f"{type(e).__name__}: {e}"
            raise AdapterError(_missing(adapter, sys.executable, why)) from None
        return _version(distribution)
    python = os.environ.get(adapter.python_env) or sys.executable
    code = (
        f"import importlib.util as u, importlib.metadata as m\n"
        f"if u.find_spec({adapter.requires!r}) is None:\n"
        f"    raise SystemExit('ModuleNotFoundError: No module named {adapter.requires}')\n"
        f"try: print(m.version({distribution!r}))\n"
        "except m.PackageNotFoundError: print('')"
    )
    with tempfile.TemporaryDirectory(prefix="certify-probe-") as tmp:
        done = execute([python, "-c", code], Path(tmp), adapter.timeout)
    if isinstance(done, str):
        raise AdapterError(_missing(adapter, python, done))
    if done.returncode != 0:
        tail = done.stderr.decode("utf-8", "replace").strip().splitlines()[-1:]
        raise AdapterError(_missing(adapter, python, " | ".join(tail)))
    return done.stdout.decode("utf-8", "replace").strip()[:40]


def _missing(adapter: Adapter, python: str, why: str) -> str:
    return (
        f"the {adapter.name} adapter needs {adapter.install.split()[-1]}, which "
        f"{python} cannot import ({why}); install it with: {python} -m "
        f"{adapter.install}; nothing was run"
    )


def _version(distribution: str) -> str:
    from importlib import metadata

    try:
        return metadata.version(distribution)
    except metadata.PackageNotFoundError:
        return ""


def entry_version(spec: str) -> str:
    """The version of the distribution that installs an entry point's module, if any."""
    from importlib import metadata

    top = spec.partition(":")[0].split(".")[0]
    names = metadata.packages_distributions().get(top, [])
    return _version(names[0]) if names else ""
