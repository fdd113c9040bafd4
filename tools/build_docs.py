"""Write docs/commands.md and docs/commands/COMMAND.md: a page per command with its options
and examples run against the bundled fixtures, with their real output; and refresh every
example output in the hand-written pages (README.md, docs/tutorial.md, docs/plugins.md:
each ```console block's ``$ fide-tiebreaks ...`` lines are run again and their output
replaces what follows them), and the number of bundled conformance cases where README.md
and docs/conformance.md give it. tests/test_docs.py regenerates all of them and fails when a
committed page differs, so they cannot drift.

A hand-written block may be preceded by a comment saying how it is generated:
``<!-- generated: first 9 lines -->`` (or ``last 1 line``) keeps the start (end) of a long
output, marking the cut with ``...``; ``<!-- generated: with my_tiebreaks installed -->``
runs it with the plugin the same page defines (its ``# my_tiebreaks.py`` block and its
``# pyproject.toml`` block) installed, and ``with examples/NAME installed`` with that
project of the repository.

    python tools/build_docs.py
"""

from __future__ import annotations

import os
import re
import shlex
import subprocess
import sys
import tempfile
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PAGE = ROOT / "docs" / "commands.md"  # the index
PAGES = ROOT / "docs" / "commands"  # one page per command
TEC = "conformance/fixtures/tec-exercise-2024/tournament.trf"
TEAMS = "conformance/fixtures/team-4x4/tournament.trf"
TEC_JSON = "conformance/fixtures/tec-exercise-2024/tournament.chess.json"

# (command, what it shows, argv, lines of output kept: head, or negative for tail)
SECTIONS: list[tuple[str, str, list[tuple[str, list[str], int]]]] = [
    (
        "standings",
        "Rank a tournament on points and an ordered tie-break list.",
        [
            (
                "FIDE TEC's exercise under the 2024 rules",
                ["standings", TEC, "-t", "BH/C1,BH,SB", "-e", "fide-2024"],
                9,
            ),
            (
                "the same as JSON (exact strings)",
                ["standings", TEC, "-t", "BH/C1,BH,SB", "-e", "fide-2024", "-f", "json"],
                3,
            ),
            ("a team event", ["standings", TEAMS, "-e", "fide-2024"], 0),
            (
                "after round 3, as CSV",
                ["standings", TEC, "--after-round", "3", "-e", "fide-2024", "-f", "csv"],
                4,
            ),
            (
                "after round 3, as TRF-2026: the event as it stood (the start)",
                ["standings", TEC, "--after-round", "3", "-e", "fide-2024", "-f", "trf"],
                9,
            ),
        ],
    ),
    (
        "explain",
        "How one participant's values are computed, round by round.",
        [
            (
                "Jessica (#9), whose rounds include byes and a forfeit",
                ["explain", TEC, "9", "-t", "BH/C1", "-e", "fide-2024"],
                0,
            ),
            (
                "David (#4): DE's mini-table of the group tied on 3.5 points",
                ["explain", TEC, "4", "-t", "DE", "-e", "fide-2024"],
                0,
            ),
        ],
    ),
    (
        "check",
        "Problems in a file, located; exit 1 when there are errors or warnings.",
        [
            ("the TEC exercise", ["check", TEC], 0),
        ],
    ),
    (
        "conformance",
        "Judge tie-breaks against the corpus or another program's export.",
        [
            ("the bundled corpus (the last line)", ["conformance"], -1),
        ],
    ),
    (
        "audit",
        "Check many files' declared ranks against the rules.",
        [
            ("the bundled fixtures, one process", ["audit", "conformance/fixtures", "-j", "1"], 0),
        ],
    ),
    (
        "certify",
        "Test another tie-break program on generated events, with shrunk reproductions.",
        [
            (
                "our own built-ins, the harness's self-test (the last line)",
                [
                    "certify",
                    "--events",
                    "20",
                    "--players",
                    "4-10",
                    "--jobs",
                    "1",
                    "--tiebreaks",
                    "BH/C1,BH,SB,DE",
                ],
                -1,
            ),
        ],
    ),
    ("generate", "Seeded random standings files (TRF-2026) for the endorsement's cross-check.", []),
    (
        "convert",
        "Between TRF16, TRF-2026, XML, Chess-JSON and PGN, without ranking.",
        [
            (
                "the TEC exercise (TRF16) as TRF-2026 (the start)",
                ["convert", TEC, "--to", "trf26"],
                10,
            ),
            (
                "a team event as TRF16: refused, naming what TRF16 cannot hold",
                ["convert", TEAMS, "--to", "trf16"],
                0,
            ),
            (
                "the TEC exercise as Chess-JSON (the start)",
                ["convert", TEC, "--to", "chess-json"],
                12,
            ),
            (
                "and FIDE TEC's own Chess-JSON of it back to TRF",
                ["convert", TEC_JSON, "--to", "trf"],
                6,
            ),
        ],
    ),
    (
        "pairing-index",
        "The Burstein index or the Dubov ARO after a round, for a pairing engine.",
        [
            (
                "FIDE TEC's exercise after round 3: the Burstein index in the order of 1.8",
                ["pairing-index", TEC, "--system", "burstein", "--after-round", "3"],
                0,
            ),
            (
                "Jessica (#9)'s working: her half-point bye is a game against herself",
                ["pairing-index", TEC, "--system", "burstein", "--explain", "9"],
                0,
            ),
            (
                "a rated event: the Dubov ARO, colours and White-seeker orders after round 3",
                [
                    "pairing-index",
                    "conformance/fixtures/rated-example/tournament.trf",
                    "--system",
                    "dubov",
                    "--after-round",
                    "3",
                ],
                0,
            ),
        ],
    ),
    (
        "serve",
        "Answer standings requests from a pairing program, one JSON object per line; or, "
        "with `--http`, the commands over HTTP.",
        [],
    ),
    (
        "plugins",
        "The installed plugins and what they provide.",
        [
            ("built-ins only", ["plugins"], 0),
        ],
    ),
    (
        "editions",
        "The rules editions `--edition` accepts, with the dates they were in force.",
        [
            ("built-ins only", ["editions"], 0),
        ],
    ),
    (
        "presets",
        "The named tie-break lists `--preset` (or `-t preset:NAME`) accepts, from the "
        "built-ins and any plugin (a federation's regulations).",
        [
            ("built-ins only", ["presets"], 0),
        ],
    ),
]

ERRORS = """\
## Exit codes and errors

Every command stops the same way: one message on standard error, `fide-tiebreaks: error:
MESSAGE` (after the file's own located `file:line:column: error: ...` lines when the file is
the problem), and one of these exit codes:

| Code | Meaning |
|------|---------|
| 0 | done, nothing wrong |
| 1 | problems: errors in the input (warnings too with `--strict`), violations or discrepancies found, a check that compared nothing, a plugin that failed |
| 2 | usage: a bad option, code or edition (an empty `--edition` too), a file that cannot be read or written |
| 3 | a fault in fide-tiebreaks itself (please report it with the input file) |

Every exception the package raises derives from `fide_tiebreaks.FideTiebreaksError`, whose
`exit_code` is the code a command gives for it (`PluginError` 1, `InternalError` 3, the rest
2); `cli.dispatch` turns any of them into that message and code, so `generate`, `check
--standings` and `certify --events-from` stop exactly as `standings` does. From Python,
`except FideTiebreaksError` catches ours and nothing else; a public function given an
argument of the wrong type raises `ArgumentTypeError` (a `TypeError`) naming the parameter
(docs/architecture.md, "Errors").

## Nothing overwritten, nothing impossible ranked: the switches

| Option | Commands | What it changes |
|--------|----------|-----------------|
| `--lenient` | `standings`, `explain`, `check`, `convert`, `pairing-index` | an event that cannot have happened (results that do not mirror to one game's points, two pairing-allocated byes for one round, a roster naming a player without a `001` line, contradictory or repeated `330` records, a player born after the event's end date, an end date before the start date, a PGN `EventDate` after its last game) is read as the file writes it, each impossibility a located warning; without it each is a located error and nothing is computed (exit 2) |
| `--force` | `generate` | write into a folder that already holds files (those of the same name are replaced); without it a folder that is not empty is refused, exit 2, before anything is written |
| `--edition-by end`, `--edition-by start` | `standings`, `explain`, `check` | the date that picks the rules edition in force when `--edition` is not given: the end date (the default) or the start date (as FIDE TEC's reference program picks); an event whose dates lie under two editions is warned about, naming both (docs/interpretations.md) |

An output path that is one of the inputs (the same file, by inode: a hard link or a
symbolic link to it too) is refused before anything is read, exit 2, whatever the command
(`standings x.trf -o x.trf`, `convert x.trf --to chess-json -o x.trf`); every output is
written to a temporary file beside it and renamed into place, so an interrupted run leaves
the old file or the new one, never half of one.
"""

COMPLETION = """\
## Shell completion

Completion for bash and zsh (commands, options, formats, editions and file names) is
generated from the parser by [shtab](https://github.com/iterative/shtab) and kept in
`completions/` (`python tools/build_completions.py` rewrites it; a test checks it is up to
date). Nothing is added to the program or its start-up. From a clone:

```sh
# bash: for you alone, or system-wide in /usr/share/bash-completion/completions/
mkdir -p ~/.local/share/bash-completion/completions
cp completions/fide-tiebreaks.bash ~/.local/share/bash-completion/completions/fide-tiebreaks
# zsh: into a folder of your $fpath, before compinit runs in ~/.zshrc
mkdir -p ~/.zfunc && cp completions/_fide-tiebreaks ~/.zfunc/
echo 'fpath=(~/.zfunc $fpath); autoload -Uz compinit; compinit' >> ~/.zshrc
```
"""


def run(
    argv: list[str], extra_env: dict[str, str] | None = None, stderr_first: bool = False
) -> str:
    """The command's output. The hand-written pages show stderr first, as a terminal does
    for standings and explain (their notes come before the table)."""
    env = {**os.environ, "FIDE_TIEBREAKS_LOAD_PLUGINS": "", "COLUMNS": "100", **(extra_env or {})}
    done = subprocess.run(
        [sys.executable, "-m", "fide_tiebreaks", *argv],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=300,
    )
    return done.stderr + done.stdout if stderr_first else done.stdout + done.stderr


def _example(caption: str, argv: list[str], keep: int) -> list[str]:
    text = run(argv).rstrip("\n").splitlines()
    cut: str | None = ""
    if keep > 0 and len(text) > keep:
        text, cut = text[:keep], f"... ({len(text) - keep} more lines)"
    elif keep < 0 and len(text) > -keep:
        text, cut = text[keep:], None
    shown = " ".join(a if " " not in a else f"'{a}'" for a in argv)
    out = [f"{caption[0].upper()}{caption[1:]}:", "", "```console", f"$ fide-tiebreaks {shown}"]
    if cut is None:
        out.append("...")
    out += text
    if cut:
        out.append(cut)
    return [*out, "```", ""]


def _options(command: str) -> list[str]:
    """The command's description and arguments, from the parser itself (``--help`` is worded
    differently by each Python version, so it is not copied)."""
    from fide_tiebreaks.cli import build_parser

    parser = next(a for a in build_parser()._actions if a.dest == "command").choices[command]
    rows = [
        "## Options",
        "",
        (parser.description or "").strip(),
        "",
        "| argument | meaning |",
        "|---|---|",
    ]
    for a in parser._actions:
        if a.dest == "help":
            continue
        value = a.metavar or ("{" + ",".join(a.choices) + "}" if a.choices else a.dest.upper())
        name = (
            ", ".join(a.option_strings) + (f" {value}" if a.nargs != 0 else "")
            if a.option_strings
            else value
        )
        meaning = (a.help or "").replace("|", "\\|")
        if a.required and a.option_strings:
            meaning = f"(required) {meaning}"
        rows.append(f"| `{name}` | {meaning} |")
    if parser.epilog:  # examples, exit statuses: as --help prints them
        rows += ["", "```text", parser.epilog.strip("\n"), "```"]
    return [*rows, "", f"`fide-tiebreaks {command} --help` prints the same.", ""]


GENERATED = "<!-- Generated by tools/build_docs.py from real runs; do not edit by hand. -->"


def build() -> dict[Path, str]:
    """docs/commands.md (the index) and docs/commands/COMMAND.md, one page per command: what
    it does, its --help, and examples with their real output."""
    pages: dict[Path, str] = {}
    index = [
        "# Commands",
        "",
        GENERATED,
        "",
        "One page per command: its options (`--help`, as printed) and examples run against",
        "the fixtures in `conformance/fixtures/`, with their real output (some cut, as marked).",
        "See also the [tutorial](tutorial.md) and [tie-breaks explained](tiebreaks.md).",
        "",
    ]
    for command, what, examples in SECTIONS:
        index.append(f"- [`{command}`](commands/{command}.md): {what}")
        out = [f"# fide-tiebreaks {command}", "", GENERATED, "", what, "", *_options(command)]
        if command == "serve":
            out += [
                "The protocol, with clients in Java and C++, and the HTTP endpoints: "
                "[Service mode](../serve.md).",
                "",
            ]
        if examples:
            out += ["## Examples", ""]
        for caption, argv, keep in examples:
            out += _example(caption, argv, keep)
        pages[PAGES / f"{command}.md"] = "\n".join(out)
    pages[PAGE] = "\n".join([*index, "", ERRORS, COMPLETION])
    return pages


# Hand-written pages whose example outputs are regenerated (see the module docstring).
HAND_WRITTEN = [ROOT / "README.md", ROOT / "docs" / "tutorial.md", ROOT / "docs" / "plugins.md"]
_BLOCK = re.compile(
    r"(?:^<!-- generated: (?P<how>[^>]*) -->\n)?^```console\n(?P<body>.*?)^```$", re.M | re.S
)


def code_blocks(text: str, language: str) -> list[str]:
    """The contents of a page's ```LANGUAGE blocks, in order."""
    return re.findall(rf"^```{language}\n(.*?)^```$", text, re.M | re.S)


def install_project(pyproject: str, site: Path) -> list[str]:
    """Record a project in *site* as pip would install it, without building it: its
    distribution metadata and ``fide_tiebreaks`` entry points (the modules are found on
    PYTHONPATH). Returns the entry-point names."""
    project = tomllib.loads(pyproject)["project"]
    entries = project["entry-points"]["fide_tiebreaks"]
    dist = site / f"{project['name'].replace('-', '_')}-{project['version']}.dist-info"
    dist.mkdir()
    (dist / "METADATA").write_text(
        f"Metadata-Version: 2.1\nName: {project['name']}\nVersion: {project['version']}\n"
    )
    (dist / "entry_points.txt").write_text(
        "[fide_tiebreaks]\n" + "".join(f"{n} = {v}\n" for n, v in entries.items())
    )
    return list(entries)


def install_page_plugins(text: str, site: Path) -> list[str]:
    """Install what a page defines as a plugin: each ```python block that starts with
    ``# NAME.py`` becomes module NAME in *site*, and the ```toml block that starts with
    ``# pyproject.toml`` the installed distribution. Returns the entry-point names."""
    names = []
    for block in code_blocks(text, "python") + code_blocks(text, "toml"):
        first = block.split("\n", 1)[0]
        if re.fullmatch(r"# \w+\.py", first):
            (site / first[2:]).write_text(block)
        elif first == "# pyproject.toml":
            names += install_project(block, site)
    return names


def plugin_env(what: str, text: str, site: Path) -> dict[str, str]:
    """The environment of a run "with WHAT installed": a plugin the page defines, or a
    project folder of the repository (``examples/...``)."""
    if "/" in what:
        names = install_project((ROOT / what / "pyproject.toml").read_text(), site)
        path = os.pathsep.join([str(site), str(ROOT / what)])
    else:
        names, path = install_page_plugins(text, site), str(site)
    return {"PYTHONPATH": path, "FIDE_TIEBREAKS_LOAD_PLUGINS": ",".join(names)}


def refresh(text: str) -> str:
    """*text* with each ```console block's outputs replaced by a real run's."""

    def block(m: re.Match[str]) -> str:
        how = m["how"] or ""
        keep = re.search(r"(first|last) (\d+) lines?", how)
        plugin = re.search(r"with (\S+) installed", how)
        out = [f"<!-- generated: {how} -->"] if m["how"] is not None else []
        out.append("```console")
        for line in m["body"].splitlines():
            if not line.startswith("$ fide-tiebreaks "):
                continue
            argv = shlex.split(line)[2:]
            extra: dict[str, str] = {}
            with tempfile.TemporaryDirectory() as site:
                if plugin:
                    extra = plugin_env(plugin[1], text, Path(site))
                shown = run(argv, extra, stderr_first=True).rstrip("\n").splitlines()
            if keep and len(shown) > int(keep[2]):
                n = int(keep[2])
                shown = [*shown[:n], "..."] if keep[1] == "first" else ["...", *shown[-n:]]
            out += [line, *shown]
        return "\n".join([*out, "```"])

    return _BLOCK.sub(block, text)


# Pages that state how many bundled conformance cases there are, after the marker
# ``<!-- count: cases -->`` (hidden once rendered), so that the number cannot drift.
COUNTED = [ROOT / "README.md", ROOT / "docs" / "conformance.md"]
_COUNT = re.compile(r"<!-- count: cases -->\d+ cases")


def counts(text: str) -> str:
    """*text* with each marked number of cases set to the number of case files."""
    n = len(list((ROOT / "conformance" / "cases").rglob("*.xml")))
    return _COUNT.sub(f"<!-- count: cases -->{n} cases", text)


def build_hand_written() -> dict[Path, str]:
    """The hand-written pages with their example outputs from real runs, and their counts."""
    pages = {path: refresh(path.read_text()) for path in HAND_WRITTEN}
    for path in COUNTED:
        pages[path] = counts(pages.get(path, path.read_text()))
    return pages


if __name__ == "__main__":
    PAGES.mkdir(exist_ok=True)
    for path, text in [*build().items(), *build_hand_written().items()]:
        path.write_text(text)
        print(f"wrote {path.relative_to(ROOT)}")
