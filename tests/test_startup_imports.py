"""What a ``standings`` run of a TRF file imports (docs/architecture.md, "Start-up").

A pairing program calls us once per round, so start-up is most of a small event's cost, and
almost all of start-up is importing. Time is machine-dependent; the modules a run imports are
not, so this counts modules: a child interpreter runs the console command, and every module
the run added to ``sys.modules`` must be in :data:`ALLOWED` below, at most :data:`CAP` of
them, and none of :data:`FORBIDDEN`. A failure names the module and the module that imported
it (from ``python -X importtime``), so whoever adds an import at start-up sees where.

To allow a module, add it to the group it belongs to, or a new group with the reason the
standings of a TRF file cannot do without it; most new code should rather import its module
inside the function that needs it.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path
from typing import NamedTuple

import pytest

ROOT = Path(__file__).resolve().parent.parent
PROBE = Path(__file__).with_name("startup_probe.py")
TEC = ROOT / "conformance" / "fixtures" / "tec-exercise-2024" / "tournament.trf"
MARKER = "--- modules added by the run ---"

#: At most this many modules added by one standings run: the most the JSON run adds from a
#: plain install (as tox installs the package) on Python 3.11-3.13 (3.12: 127; 3.11: 126;
#: 3.13: 125). An editable install's import hook loads some of the same modules before the
#: run starts, so there the count is lower (about 100). Issue #31's figure was 136 (the
#: previous release, 0.1.0, counted as ``-X importtime`` lists them with the interpreter's
#: own start-up; the same release adds 122 by this test's count, HEAD before #31 added 142).
CAP = 127

#: Never on the standings path: each costs milliseconds and the run has no use for it.
FORBIDDEN = frozenset({"pathlib", "urllib", "urllib.parse", "ipaddress", "fnmatch", "tempfile"})


class Group(NamedTuple):
    reason: str
    modules: frozenset[str]


def _group(reason: str, names: str) -> Group:
    return Group(reason=reason, modules=frozenset(names.split()))


#: Every module a standings run of a TRF file may import, in groups, each with its reason.
#: The union over Python 3.11-3.13 (``_tokenize``, ``_opcode_metadata``, ``typing.io`` and
#: ``typing.re`` exist in some versions only).
ALLOWED: dict[str, Group] = {
    "interpreter": _group(
        "the import system, and what any Python program of this size loads: collections, "
        "functools, types, weakref, contextlib, warnings",
        "importlib importlib._bootstrap importlib._bootstrap_external importlib.machinery "
        "types warnings itertools functools _functools collections collections.abc "
        "_collections operator _operator keyword reprlib _weakrefset weakref copyreg copy "
        "contextlib gc errno __future__ abc",
    ),
    "typing": _group(
        "typed public functions and NamedTuple data (the house style); pluggy imports it too",
        "typing _typing typing.io typing.re",
    ),
    "re": _group(
        "the TRF reader's line patterns and the tie-break code parser",
        "re re._casefix re._compiler re._constants re._parser _sre enum",
    ),
    "pluggy": _group(
        "the plugin host (the design card); pluggy imports inspect, which imports ast, dis "
        "and tokenize",
        "pluggy pluggy._caller pluggy._callers pluggy._compat pluggy._config "
        "pluggy._decorators pluggy._execution pluggy._hooks pluggy._impl pluggy._manager "
        "pluggy._result pluggy._tracing pluggy._warnings inspect ast _ast dis opcode _opcode "
        "_opcode_metadata token tokenize _tokenize linecache",
    ),
    "model": _group(
        "the immutable model is data classes; exact arithmetic (Principle 1) is fractions, "
        "which imports decimal and numbers; dates of rounds and of the event",
        "dataclasses fractions decimal _decimal numbers math datetime _datetime",
    ),
    "sorted look-ups": _group(
        "bisect: the source lines' index by line number and the plugin host's look-up of "
        "a module's hooks among its sorted names",
        "bisect _bisect",
    ),
    "command line": _group(
        "argparse, and gettext and locale, which argparse imports for its messages",
        "argparse gettext locale _locale",
    ),
    "json": _group(
        "--format json (the format pairing programs read)",
        "json json.decoder json.encoder json.scanner _json",
    ),
    "ours: doors": _group(
        "the package (a lazy namespace), the console command and the standings command; the "
        "error base every error derives from and the argument checks at the public doors; "
        "patterns, which compiles a regular expression when it is first used",
        "fide_tiebreaks fide_tiebreaks.version fide_tiebreaks.cli fide_tiebreaks.commands "
        "fide_tiebreaks.errors fide_tiebreaks.arguments fide_tiebreaks.patterns "
        "fide_tiebreaks.commands.common fide_tiebreaks.commands.standings "
        "fide_tiebreaks.atomic fide_tiebreaks.faults fide_tiebreaks.diagnostics",
    ),
    "ours: data classes": _group(
        "the data classes of the model, the reader and the plugin host are made by "
        "data_classes.dataclass, which compiles no method at import (the standard library's "
        "dataclass compiles five or six a class: most of a small event's start-up); named_tuples "
        "makes their named tuples without compiling a __new__ each",
        "fide_tiebreaks.data_classes fide_tiebreaks.data_class_fields fide_tiebreaks.named_tuples",
    ),
    "ours: reading a TRF file": _group(
        "the model and the TRF reader in its named stages (settings, players; the stages of "
        "acceleration, team records, national rating lines and our ### records load with "
        "such a record); decisions settles what the list leaves tied; dates "
        "reads the file's dates (042, 052, 132, birth dates) as calendar dates; constructors "
        "builds the model's values in the readers' loops; source_text holds the file's lines "
        "as read (the reader scans them, the TRF writer gives them back)",
        "fide_tiebreaks.model fide_tiebreaks.source_text fide_tiebreaks.constructors "
        "fide_tiebreaks.numbers "
        "fide_tiebreaks.dates fide_tiebreaks.formats "
        "fide_tiebreaks.formats.base fide_tiebreaks.formats.trf "
        "fide_tiebreaks.formats.trf.reader fide_tiebreaks.formats.trf.state "
        "fide_tiebreaks.formats.trf.settings fide_tiebreaks.formats.trf.players "
        "fide_tiebreaks.decisions",
    ),
    "ours: ranking": _group(
        "the plugin host and its discovery, the codes, the editions, the plan of a list, "
        "the ranking and the built-in plugins (registered at start, as any plugin is; the "
        "team plugin's helpers and the team package load when a team tie-break is computed, "
        "FIDE's rating tables with a TPR or PTP, the checks of registered items with a "
        "plugin that is not built in)",
        "fide_tiebreaks.hookspecs fide_tiebreaks.host "
        "fide_tiebreaks.discovery "
        "fide_tiebreaks.tiebreak fide_tiebreaks.codes fide_tiebreaks.editions "
        "fide_tiebreaks.planning fide_tiebreaks.standings "
        "fide_tiebreaks.plugins fide_tiebreaks.plugins.buchholz "
        "fide_tiebreaks.plugins.direct_encounter fide_tiebreaks.plugins.koya "
        "fide_tiebreaks.plugins.own_results fide_tiebreaks.plugins.presets "
        "fide_tiebreaks.plugins.ratings fide_tiebreaks.plugins.sonneborn_berger "
        "fide_tiebreaks.plugins.team "
        "fide_tiebreaks.plugins.unplayed fide_tiebreaks.plugins.virtual_opponent",
    ),
    "ours: writing": _group(
        "the table and JSON writers, the after-list lines both show, and the JSON escapes of "
        "control and direction characters",
        "fide_tiebreaks.formats.table fide_tiebreaks.formats.json fide_tiebreaks.formats.jsonkeys "
        "fide_tiebreaks.formats.after_list",
    ),
}

RUNS = {
    "table": ["standings", str(TEC)],
    "json": [
        "standings",
        str(TEC),
        "-t",
        "BH/C1,BH,SB,DE,WIN,ARO/C1",
        "-e",
        "fide-2024",
        "-f",
        "json",
        "-o",
        "{out}",
    ],
}


class Run(NamedTuple):
    added: list[str]  # the modules the run added to sys.modules
    importer: dict[str, str]  # module -> the module whose import loaded it


def importers(importtime: str) -> dict[str, str]:
    """Who imported whom, from ``-X importtime``'s tree: a module's importer is the next line
    below it that is indented less (children are printed before their parent)."""
    rows = []
    for line in importtime.splitlines():
        if not line.startswith("import time:") or "imported package" in line:
            continue
        name = line.rsplit("|", 1)[1]
        rows.append((len(name) - len(name.lstrip()), name.strip()))
    found = {}
    for i, (depth, name) in enumerate(rows):
        parent = next((n for d, n in rows[i + 1 :] if d < depth), None)
        found.setdefault(name, parent or "the run itself")
    return found


def run_standings(args: list[str]) -> Run:
    done = subprocess.run(
        [sys.executable, "-X", "importtime", "-c", PROBE.read_text(encoding="utf-8"), *args],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 0, done.stderr[-3000:]
    assert MARKER in done.stdout, done.stdout[-2000:]
    added = done.stdout.split(MARKER, 1)[1].split()
    return Run(added=added, importer=importers(done.stderr))


def test_importers_reads_the_tree():
    # -X importtime prints each module after the modules it imported, indented one level less
    text = (
        "import time: self [us] | cumulative | imported package\n"
        "import time:        10 |         10 |     ipaddress\n"
        "import time:        20 |         30 |   urllib.parse\n"
        "import time:        30 |         60 |   fnmatch\n"
        "import time:        40 |        130 | pathlib\n"
        "import time:        50 |         50 | json\n"
    )
    assert importers(text) == {
        "ipaddress": "urllib.parse",
        "urllib.parse": "pathlib",
        "fnmatch": "pathlib",
        "pathlib": "the run itself",
        "json": "the run itself",
    }


def test_the_declared_list_names_no_forbidden_module():
    allowed = set().union(*(g.modules for g in ALLOWED.values()))
    assert not allowed & FORBIDDEN


@pytest.mark.parametrize("kind", sorted(RUNS))
def test_a_standings_run_imports_only_the_declared_modules(kind, tmp_path):
    args = [a.format(out=tmp_path / "out.json") for a in RUNS[kind]]
    run = run_standings(args)
    allowed = set().union(*(g.modules for g in ALLOWED.values()))

    def said(names: list[str]) -> str:
        return "; ".join(f"{n} (imported by {run.importer.get(n, 'unknown')})" for n in names)

    forbidden = [m for m in run.added if m in FORBIDDEN]
    assert not forbidden, f"standings ({kind}) imports {said(forbidden)}"
    outside = [m for m in run.added if m not in allowed]
    assert not outside, (
        f"standings ({kind}) imports modules outside the declared list "
        f"(tests/test_startup_imports.py ALLOWED): {said(outside)}; import them inside the "
        "function that needs them, or declare them with a reason"
    )
    assert len(run.added) <= CAP, f"standings ({kind}) imports {len(run.added)} modules"


def test_the_package_namespace_loads_nothing_until_a_name_is_used():
    code = (
        "import sys\nbefore = set(sys.modules)\nimport fide_tiebreaks\n"
        "print(sorted(m for m in set(sys.modules) - before if m.startswith('fide_tiebreaks')))\n"
        "print(all(n in dir(fide_tiebreaks) for n in fide_tiebreaks.__all__))\n"
        "fide_tiebreaks.compute_standings\n"
        "names = ('fide_tiebreaks.standings', 'fide_tiebreaks.builder')\n"
        "loaded = [m in sys.modules for m in names]\n"
        "print(*loaded)\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, timeout=60
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.splitlines() == [
        "['fide_tiebreaks', 'fide_tiebreaks.version']",
        "True",
        "True False",
    ]


def test_every_public_name_resolves_to_the_object_its_module_defines():
    import importlib

    import fide_tiebreaks

    assert sorted(fide_tiebreaks.__all__) == sorted([*fide_tiebreaks._WHERE, "__version__"])
    for name, where in fide_tiebreaks._WHERE.items():
        module = importlib.import_module(where, "fide_tiebreaks")
        assert getattr(fide_tiebreaks, name) is getattr(module, name), name
    with pytest.raises(AttributeError, match="no attribute 'nothing_here'"):
        fide_tiebreaks.nothing_here  # noqa: B018


#: The modules an individual file's run never needs: those of team events.
TEAM_MODULES = ("fide_tiebreaks.teams", "fide_tiebreaks.formats.trf.team_records")


def test_an_individual_file_with_absences_loads_no_team_module(tmp_path):
    # '-' and '+' without an opponent mean different things in team files (a reserve who
    # did not play, a board won against an empty one): asking must not load the team state.
    text = (ROOT / "conformance/fixtures/rated-example/tournament.trf").read_text(encoding="utf-8")
    absent = text.replace("  0000 - Z  0000 - Z\n", "  0000 - -  0000 - +\n", 1)
    assert absent != text  # the fixture has the line this edits
    path = tmp_path / "absent.trf"
    path.write_text(absent, encoding="utf-8")
    run = run_standings(["standings", str(path), "-o", str(tmp_path / "out.txt")])
    assert [m for m in run.added if m.startswith(TEAM_MODULES)] == []
