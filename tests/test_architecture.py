"""The rules of the road of docs/architecture.md that import-linter cannot state: no private
name crosses a module boundary, no module of the package grows past about 600 lines (nor
within 40 lines of it), the package's own types are built by keyword past three arguments,
and at most six functions outside the declarative tables run past 60 lines.
(The layers and the absence of cycles are import-linter contracts: tox -e lint.)"""

import ast
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tools"))
import house_metrics  # noqa: E402

SOURCES = sorted(
    p for top in ("fide_tiebreaks", "plugins", "conformance") for p in (ROOT / top).rglob("*.py")
)


#: Private names of the standard library the package uses, each for a reason: the named
#: tuples' field accessor is the one ``collections.namedtuple`` gives its classes (a C
#: descriptor; a ``property`` would slow every field read in the hot loops), and the tests
#: of named_tuples.py check it against the standard library's on every supported Python;
#: data_class_fields.py makes a data class's fields as ``dataclasses`` does, with its field
#: kind, parameters class and annotation pattern (and typing's class of ``ClassVar[...]``),
#: which tests/test_data_classes.py checks on every supported Python.
STDLIB_PRIVATE = {
    ("_collections", "_tuplegetter"),
    ("dataclasses", "_FIELD"),
    ("dataclasses", "_DataclassParams"),
    ("dataclasses", "_MODULE_IDENTIFIER_RE"),
    ("typing", "_GenericAlias"),
}


def private_imports(source: str, name: str) -> list[str]:
    """``from X import _name`` where X is another module (dunders such as __version__ and
    ``from __future__`` are not private names), but for :data:`STDLIB_PRIVATE`."""
    found = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.ImportFrom) and node.module != "__future__":
            for alias in node.names:
                if (node.module, alias.name) in STDLIB_PRIVATE and not node.level:
                    continue
                if alias.name.startswith("_") and not alias.name.startswith("__"):
                    found.append(f"{name}:{node.lineno}: {alias.name}")
    return found


def test_the_scan_sees_a_private_import():
    # the import that made output.py and html.py a cycle before the layering
    source = "import os\n\ndef f():\n    from .output import _team_scores, __version__\n"
    assert private_imports(source, "html.py") == ["html.py:4: _team_scores"]
    allowed = "from _collections import _tuplegetter\nfrom .x import _tuplegetter\n"
    assert private_imports(allowed, "n.py") == ["n.py:2: _tuplegetter"]


def test_no_private_name_is_imported_across_modules():
    assert len(SOURCES) > 50  # the scan really walked the package
    hits = [
        hit
        for path in SOURCES
        for hit in private_imports(path.read_text(encoding="utf-8"), str(path.relative_to(ROOT)))
    ]
    assert hits == []


def test_no_module_over_600_lines():
    sizes = {
        str(p.relative_to(ROOT)): len(p.read_text(encoding="utf-8").splitlines()) for p in SOURCES
    }
    assert {name: n for name, n in sizes.items() if n > 600} == {}


def test_the_scan_sees_a_module_near_the_cap(tmp_path, monkeypatch):
    monkeypatch.setattr(house_metrics, "ROOT", tmp_path)
    (tmp_path / "near.py").write_text("x = 1\n" * 560, encoding="utf-8")  # 600 - 40: found
    (tmp_path / "clear.py").write_text("x = 1\n" * 559, encoding="utf-8")  # one less: not
    found = house_metrics.near_cap(sorted(tmp_path.glob("*.py")))
    assert [(f.path, f.size) for f in found] == [("near.py", 560)]


def test_no_module_is_within_forty_lines_of_the_cap():
    # A module this close grows past the cap with the next feature: split it now, by what
    # it holds (model.py gave source_text.py, conformance/runner.py gave case_file.py).
    assert (house_metrics.MODULE_CAP, house_metrics.CAP_MARGIN) == (600, 40)
    found = house_metrics.near_cap(SOURCES)
    assert [f"{f.path}: {f.what}" for f in found] == []


def test_the_scan_sees_a_positional_construction():
    source = (
        "class Row:\n    pass\n"
        "Row(1, 2, 3, 4)\n"  # four positional arguments: found
        "Row(1, 2, 3)\n"  # three: allowed
        "models.Row(1, 2, 3, 4, 5)\n"  # through a module: found
        "Row(*fields)\n"  # unpacked: not counted
        "Row(a=1, b=2, c=3, d=4)\n"  # by keyword
        "dict(1, 2, 3, 4)\n"  # not one of ours
    )
    found = house_metrics.positional_constructions({ROOT / "sample.py": ast.parse(source)})
    assert [(f.line, f.size) for f in found] == [(3, 4), (5, 5)]


def test_no_own_type_is_built_with_more_than_three_positional_arguments():
    files = sorted(p for top in house_metrics.POSITIONAL_ROOTS for p in (ROOT / top).rglob("*.py"))
    assert len(files) > 200  # the package, the plugins, the conformance runner and the tests
    found = house_metrics.positional_constructions(house_metrics.parsed(files))
    assert [f"{f.path}:{f.line}: {f.what}" for f in found] == []


def _function(name: str, lines: int, indent: str = "") -> str:
    """A function of exactly *lines* lines (its ``def`` line included)."""
    body = "".join(f"{indent}    x{i} = {i}\n" for i in range(lines - 1))
    return f"{indent}def {name}():\n{body}"


def test_the_scan_sees_a_long_function():
    source = (
        _function("short", 60)  # 60 lines: allowed
        + _function("long", 61)  # one more: found
        + "class Builder:\n"
        + _function("method", 62, indent="    ")  # named with its class
    )
    found = house_metrics.long_functions({ROOT / "sample.py": ast.parse(source)})
    assert [(f.what, f.line) for f in found] == [
        ("long is 61 lines", 61),
        ("Builder.method is 62 lines", 123),
    ]
    # a declarative table on the allow-list is not counted, whatever its length
    table = _function("fide_tiebreaks_register", 90)
    assert house_metrics.long_functions({ROOT / "plugins/team.py": ast.parse(table)}) == []


def test_at_most_six_functions_run_past_sixty_lines():
    assert house_metrics.MAX_LONG_FUNCTIONS == 6
    found = house_metrics.long_functions(house_metrics.parsed(SOURCES))
    listing = [f"{f.path}:{f.line}: {f.what}" for f in found]
    assert len(found) <= 6, listing
