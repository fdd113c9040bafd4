"""docs/architecture.md against the code: the layer table lists every module of the package in
exactly one row, and each row is one or more whole layers of the import-linter contract in
pyproject.toml, in the contract's order; CONTRIBUTING.md names the same layers in the same
order and no module that does not exist; the start-up section's count of rules is its list's."""

import re
import tomllib
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = ROOT / "fide_tiebreaks"
ARCHITECTURE = (ROOT / "docs" / "architecture.md").read_text(encoding="utf-8")
CONTRIBUTING = (ROOT / "CONTRIBUTING.md").read_text(encoding="utf-8")

#: Installed inside the package from the top of the repository (pyproject.toml, package-dir).
MAPPED = {"conformance": ROOT / "conformance", "plugins": ROOT / "plugins"}
#: In no layer, by design: the built-ins import the public package (which imports the readers)
#: and are held by contracts of their own; the page says so under the table.
BESIDE = {"plugins"}
#: Packages whose table row names each of their modules (the table says what each holds).
DETAILED = ("builder", "formats", "teams", "pairing")
#: A module or package as the table writes it: `name.py` or `name/`.
NAMED = re.compile(r"`([A-Za-z_][\w/]*?)(\.py|/)`")


def top_level_modules() -> set[str]:
    """Every module and subpackage directly under fide_tiebreaks, as installed."""
    names = {p.stem for p in PACKAGE.glob("*.py") if p.name != "__init__.py"}
    names |= {p.name for p in PACKAGE.iterdir() if (p / "__init__.py").is_file()}
    return names | set(MAPPED)


def contract_layers(pyproject: str) -> list[list[str]]:
    """The layers contract's modules, layer by layer from the top, without the root name."""
    contracts = tomllib.loads(pyproject)["tool"]["importlinter"]["contracts"]
    (layers,) = [c["layers"] for c in contracts if c["type"] == "layers"]
    return [
        [m.strip().removeprefix("fide_tiebreaks.") for m in re.split(r"[|:]", layer)]
        for layer in layers
    ]


class Row:
    """One row of the layer table: its name, the modules of its "Where" cell, all its text."""

    def __init__(self, line: str) -> None:
        cells = [c.strip() for c in line.strip().strip("|").split(" | ")]
        self.name, where, self.text = cells[0], cells[1], line
        self.modules = [m for m, _ in NAMED.findall(where)]


def table_rows(page: str) -> list[Row]:
    """The rows of the table under "The layers, from the top"."""
    section = page.split("## The layers, from the top", 1)[1].split("\n## ", 1)[0]
    lines = [line for line in section.splitlines() if line.startswith("| ")]
    return [Row(line) for line in lines[1:]]  # the first is the heading


def disagreements(rows: list[Row], layers: list[list[str]], modules: set[str]) -> list[str]:
    """Where the table and the contract part: a module in no row or two, in no layer or two,
    a row that splits a layer or rows out of the contract's order."""
    found = []
    in_rows = Counter(m for row in rows for m in row.modules)
    in_layers = Counter(m for layer in layers for m in layer)
    for where, counted in (("the table", in_rows), ("the layers contract", in_layers)):
        for m in sorted(modules - BESIDE):
            if counted[m] != 1:
                found.append(f"{m} is in {counted[m]} places of {where}")
        found += [f"{where} names {m}, not a module" for m in sorted(set(counted) - modules)]
        found += [f"{where} puts {m} in a layer" for m in sorted(BESIDE & set(counted))]
    index = {m: i for i, layer in enumerate(layers) for m in layer}
    last = -1
    for row in rows:
        spans = sorted({index[m] for m in row.modules if m in index})
        if not spans:
            continue
        whole = {m for i in range(spans[0], spans[-1] + 1) for m in layers[i]}
        if whole != set(row.modules):
            found.append(
                f"row {row.name!r} is not whole layers of the contract: it has "
                f"{sorted(row.modules)}, its layers {sorted(whole)}"
            )
        if spans[0] <= last:
            found.append(f"row {row.name!r} is above a layer the contract puts over it")
        last = spans[-1]
    return found


def test_the_comparison_sees_a_module_in_the_wrong_layer():
    layers = [["cli"], ["formats"], ["standings", "explain"], ["model"]]
    rows = [
        Row("| doors | `cli.py` | x |"),
        Row("| ranking | `standings.py` | x |"),  # explain left out, formats below ranking
        Row("| formats | `formats/` | x |"),
        Row("| model | `model.py`, `teams/` | x |"),  # teams/ is in no layer
    ]
    found = disagreements(rows, layers, {"cli", "formats", "standings", "explain", "model"})
    assert found == [
        "explain is in 0 places of the table",
        "the table names teams, not a module",
        "row 'ranking' is not whole layers of the contract: it has ['standings'], "
        "its layers ['explain', 'standings']",
        "row 'formats' is above a layer the contract puts over it",
        "row 'model' is not whole layers of the contract: it has ['model', 'teams'], "
        "its layers ['model']",
    ]


def test_the_layer_table_is_the_import_linter_contract():
    rows = table_rows(ARCHITECTURE)
    layers = contract_layers((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    modules = top_level_modules()
    assert len(rows) >= 8 and len(modules) > 30  # the table and the package were really read
    assert disagreements(rows, layers, modules) == []


def test_the_table_names_every_module_of_the_packages_it_details():
    rows = {m: row for row in table_rows(ARCHITECTURE) for m in row.modules}
    missing = []
    for package in DETAILED:
        named = {m.rsplit("/", 1)[-1] for m, _ in NAMED.findall(rows[package].text)}
        folder = PACKAGE / package
        parts = {p.stem for p in folder.glob("*.py") if p.name != "__init__.py"}
        parts |= {p.name for p in folder.iterdir() if (p / "__init__.py").is_file()}
        missing += [f"{package}/{m}" for m in sorted(parts - named)]
    assert missing == []


def test_contributing_names_the_layers_in_the_tables_order_and_only_real_modules():
    paragraph = CONTRIBUTING.split("## Where a change goes", 1)[1].split("\n\n", 2)[1]
    named = [m for m, _ in NAMED.findall(paragraph)]
    row_of = {m: i for i, row in enumerate(table_rows(ARCHITECTURE)) for m in row.modules}
    modules = top_level_modules()
    assert [m for m in named if m not in modules] == []
    in_table = [row_of[m] for m in named if m not in BESIDE]
    assert in_table == sorted(in_table)
    assert set(in_table) == set(row_of.values())  # every layer of the table is named


def test_the_start_up_section_counts_its_rules():
    section = ARCHITECTURE.split("## Start-up", 1)[1].split("\n## ", 1)[0]
    words = {"Two": 2, "Three": 3, "Four": 4, "Five": 5, "Six": 6}
    (count,) = re.findall(r"\b(" + "|".join(words) + r") rules keep it", section)
    bullets = 0
    for line in section.split("rules keep it", 1)[1].splitlines()[1:]:
        if line.startswith("- "):
            bullets += 1
        elif bullets and line.strip() and not line.startswith("  "):
            break  # the first paragraph after the list
    assert bullets == words[count]
