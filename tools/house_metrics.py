"""Report the house rules of issue #35 that a linter does not already enforce.

Usage::

    python tools/house_metrics.py            # report, exit 0
    python tools/house_metrics.py --strict   # exit 1 if any rule is broken

Four measures over ``fide_tiebreaks/``, ``plugins/`` and ``conformance/``:

* radon's worst cyclomatic complexity (the rule: at most 20; ruff's C901 holds new code to 15);
* functions longer than 60 lines, except the declarative tables in ``LONG_ALLOWED`` (at most
  ``MAX_LONG_FUNCTIONS``; ``tests/test_architecture.py`` holds it);
* modules within 40 lines of the 600-line cap (560 lines or more; ``tests/test_architecture.py``
  holds it at 0);
* constructions of the package's own classes with more than three positional arguments
  (the style rule: keyword arguments for our own types with more than three fields), in
  ``tests/`` too (``tests/test_architecture.py`` holds it at 0). A loop that must build one
  per player and round without the keyword call's cost names a fast constructor instead
  (``constructors.fast_constructor``, ``constructors.frozen_maker``).
"""

from __future__ import annotations

import argparse
import ast
from pathlib import Path
from typing import NamedTuple

ROOT = Path(__file__).resolve().parent.parent
ROOTS = ("fide_tiebreaks", "plugins", "conformance")
POSITIONAL_ROOTS = (*ROOTS, "tests")  # where the positional-construction rule also holds
WORST_COMPLEXITY = 20
MAX_FUNCTION_LINES = 60
MAX_LONG_FUNCTIONS = 6
MODULE_CAP = 600
CAP_MARGIN = 40
MAX_POSITIONAL = 3

#: Functions that are declarative tables (one entry a line, no branching), allowed past 60
#: lines: ``path::qualified name`` -> why.
LONG_ALLOWED: dict[str, str] = {
    "fide_tiebreaks/commands/certify.py::add_parser": "argparse option declarations, one a line",
    "fide_tiebreaks/commands/generate.py::add_parser": "argparse option declarations, one a line",
    "fide_tiebreaks/commands/pairing_index.py::add_parser": "argparse option declarations",
    "fide_tiebreaks/commands/standings.py::add_parser": "argparse option declarations",
    "plugins/own_results.py::fide_tiebreaks_register": "the plugin's tie-break table",
    "plugins/team.py::fide_tiebreaks_register": "the plugin's tie-break table",
}


class Finding(NamedTuple):
    """One place that breaks (or nears) a rule; *size* is the measure (complexity, lines, ...)."""

    path: str
    line: int
    what: str
    size: int = 0


def _files(roots: tuple[str, ...] = ROOTS) -> list[Path]:
    return sorted(p for r in roots for p in (ROOT / r).rglob("*.py"))


def parsed(files: list[Path]) -> dict[Path, ast.Module]:
    """Each file's syntax tree."""
    return {p: ast.parse(p.read_text(encoding="utf-8"), str(p)) for p in files}


def _rel(path: Path) -> str:
    return path.relative_to(ROOT).as_posix()


def worst_complexity(files: list[Path]) -> list[Finding]:
    """Every function over the complexity rule, plus the single worst one, worst first."""
    from radon.complexity import cc_visit

    blocks: list[tuple[int, Finding]] = []
    for path in files:
        for block in cc_visit(path.read_text(encoding="utf-8")):
            name = getattr(block, "fullname", block.name)
            what = f"{name} complexity {block.complexity}"
            blocks.append(
                Finding(path=_rel(path), line=block.lineno, what=what, size=block.complexity)
            )
    blocks.sort(key=lambda f: -f.size)
    return [f for f in blocks if f.size > WORST_COMPLEXITY] or blocks[:1]


def _functions(tree: ast.AST, prefix: str = "") -> list[tuple[str, ast.AST]]:
    out: list[tuple[str, ast.AST]] = []
    for node in ast.iter_child_nodes(tree):
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            out.append((prefix + node.name, node))
            out.extend(_functions(node, prefix + node.name + "."))
        elif isinstance(node, ast.ClassDef):
            out.extend(_functions(node, prefix + node.name + "."))
    return out


def long_functions(trees: dict[Path, ast.Module]) -> list[Finding]:
    """Functions over ``MAX_FUNCTION_LINES`` lines outside ``LONG_ALLOWED``."""
    out: list[Finding] = []
    for path, tree in trees.items():
        for name, node in _functions(tree):
            assert isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef))
            length = (node.end_lineno or node.lineno) - node.lineno + 1
            key = f"{_rel(path)}::{name}"
            if length > MAX_FUNCTION_LINES and key not in LONG_ALLOWED:
                what = f"{name} is {length} lines"
                out.append(Finding(path=_rel(path), line=node.lineno, what=what, size=length))
    return out


def near_cap(files: list[Path]) -> list[Finding]:
    """Modules of ``MODULE_CAP - CAP_MARGIN`` lines or more."""
    out: list[Finding] = []
    for path in files:
        lines = len(path.read_text(encoding="utf-8").splitlines())
        if lines >= MODULE_CAP - CAP_MARGIN:
            what = f"{lines} lines (cap {MODULE_CAP})"
            out.append(Finding(path=_rel(path), line=1, what=what, size=lines))
    return out


def positional_constructions(trees: dict[Path, ast.Module]) -> list[Finding]:
    """Calls of the package's own classes with more than ``MAX_POSITIONAL`` positional arguments.

    A class is "our own" if it is defined in one of *trees*; a call is matched by the
    called name (``Name(...)`` or ``module.Name(...)``). Calls that unpack (``*args``) are
    left out: their count is not known statically.
    """
    classes = {
        node.name
        for tree in trees.values()
        for node in ast.walk(tree)
        if isinstance(node, ast.ClassDef)
    }
    out: list[Finding] = []
    for path, tree in trees.items():
        for node in ast.walk(tree):
            if not isinstance(node, ast.Call):
                continue
            func = node.func
            name = (
                func.id
                if isinstance(func, ast.Name)
                else func.attr
                if isinstance(func, ast.Attribute)
                else None
            )
            if name not in classes or any(isinstance(a, ast.Starred) for a in node.args):
                continue
            if len(node.args) > MAX_POSITIONAL:
                what = f"{name} with {len(node.args)} positional arguments"
                out.append(
                    Finding(path=_rel(path), line=node.lineno, what=what, size=len(node.args))
                )
    return sorted(out)


def _section(title: str, findings: list[Finding]) -> None:
    print(f"{title}: {len(findings)}")
    for f in findings:
        print(f"  {f.path}:{f.line}: {f.what}")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--strict", action="store_true", help="exit 1 if a rule is broken")
    parser.add_argument("--summary", action="store_true", help="print the counts only")
    args = parser.parse_args(argv)
    files = _files()
    trees = parsed(files)
    worst = worst_complexity(files)
    long = long_functions(trees)
    near = near_cap(files)
    positional = positional_constructions(parsed(_files(POSITIONAL_ROOTS)))
    if args.summary:
        print(f"worst complexity: {worst[0].what if worst else '-'}")
        print(f"functions over {MAX_FUNCTION_LINES} lines: {len(long)}")
        print(f"modules within {CAP_MARGIN} lines of the cap: {len(near)}")
        print(f"positional constructions: {len(positional)}")
    else:
        _section(f"worst complexity (rule: <= {WORST_COMPLEXITY})", worst)
        _section(f"functions over {MAX_FUNCTION_LINES} lines (rule: <= {MAX_LONG_FUNCTIONS})", long)
        _section(f"modules within {CAP_MARGIN} lines of the {MODULE_CAP}-line cap", near)
        _section(f"constructions with more than {MAX_POSITIONAL} positional arguments", positional)
    broken = (
        any(f.size > WORST_COMPLEXITY for f in worst)
        or len(long) > MAX_LONG_FUNCTIONS
        or bool(near)
        or bool(positional)
    )
    return 1 if args.strict and broken else 0


if __name__ == "__main__":
    raise SystemExit(main())
