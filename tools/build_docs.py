"""Write docs/commands.md and docs/commands/COMMAND.md: a page per command with its options
and examples run against the bundled fixtures, with their real output. tests/test_docs.py
regenerates them and fails when a committed page differs, so they cannot drift.

    python tools/build_docs.py
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PAGE = ROOT / "docs" / "commands.md"  # the index
PAGES = ROOT / "docs" / "commands"  # one page per command
TEC = "conformance/fixtures/tec-exercise-2024/tournament.trf"
TEAMS = "conformance/fixtures/team-4x4/tournament.trf"
TEC_JSON = "conformance/fixtures/tec-exercise-2024/tournament.chess.json"

# (command, what it shows, argv, lines of output kept: head, or negative for tail)
SECTIONS: list[tuple[str, str, list[tuple[str, list[str], int]]]] = [
    ("standings", "Rank a tournament on points and an ordered tie-break list.", [
        ("FIDE TEC's exercise under the 2024 rules", ["standings", TEC, "-t", "BH/C1,BH,SB",
                                                      "-e", "fide-2024"], 9),
        ("the same as JSON (exact strings)", ["standings", TEC, "-t", "BH/C1,BH,SB", "-e",
                                              "fide-2024", "-f", "json"], 3),
        ("a team event", ["standings", TEAMS, "-e", "fide-2024"], 0),
        ("after round 3, as CSV", ["standings", TEC, "--after-round", "3", "-e", "fide-2024",
                                   "-f", "csv"], 4),
    ]),
    ("explain", "How one participant's values are computed, round by round.", [
        ("Jessica (#9), whose rounds include byes and a forfeit", ["explain", TEC, "9", "-t",
                                                                   "BH/C1", "-e",
                                                                   "fide-2024"], 0),
        ("David (#4): DE's mini-table of the group tied on 3.5 points", [
            "explain", TEC, "4", "-t", "DE", "-e", "fide-2024"], 0),
    ]),
    ("check", "Problems in a file, located; exit 1 when there are errors or warnings.", [
        ("the TEC exercise", ["check", TEC], 0),
    ]),
    ("conformance", "Judge tie-breaks against the corpus or another program's export.", [
        ("the bundled corpus (the last line)", ["conformance"], -1),
    ]),
    ("audit", "Check many files' declared ranks against the rules.", [
        ("the bundled fixtures, one process", ["audit", "conformance/fixtures", "-j", "1"], 0),
    ]),
    ("convert", "Between TRF and Chess-JSON (FIDE TEC's JSON model), without ranking.", [
        ("the TEC exercise as Chess-JSON (the start)", ["convert", TEC, "--to",
                                                        "chess-json"], 12),
        ("and FIDE TEC's own Chess-JSON of it back to TRF", ["convert", TEC_JSON, "--to",
                                                             "trf"], 6),
    ]),
    ("serve", "Answer standings requests from a pairing program, one JSON object per line.", [
    ]),
    ("plugins", "The installed plugins and what they provide.", [
        ("built-ins only", ["plugins"], 0),
    ]),
    ("editions", "The rules editions `--edition` accepts, with the dates they were in force.", [
        ("built-ins only", ["editions"], 0),
    ]),
]  # fmt: skip

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


def run(argv: list[str]) -> str:
    env = {**os.environ, "FIDE_TIEBREAKS_LOAD_PLUGINS": "", "COLUMNS": "100"}
    done = subprocess.run([sys.executable, "-m", "fide_tiebreaks", *argv], cwd=ROOT, env=env,
                          capture_output=True, text=True, timeout=300)  # fmt: skip
    return done.stdout + done.stderr


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
    rows = ["## Options", "", (parser.description or "").strip(), "",
            "| argument | meaning |", "|---|---|"]  # fmt: skip
    for a in parser._actions:
        if a.dest == "help":
            continue
        value = a.metavar or ("{" + ",".join(a.choices) + "}" if a.choices else a.dest.upper())
        name = ", ".join(a.option_strings) + (f" {value}" if a.nargs != 0 else "") \
            if a.option_strings else value  # fmt: skip
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
        "# Commands", "", GENERATED, "",
        "One page per command: its options (`--help`, as printed) and examples run against",
        "the fixtures in `conformance/fixtures/`, with their real output (some cut, as marked).",
        "See also the [tutorial](tutorial.md) and [tie-breaks explained](tiebreaks.md).", "",
    ]  # fmt: skip
    for command, what, examples in SECTIONS:
        index.append(f"- [`{command}`](commands/{command}.md): {what}")
        out = [f"# fide-tiebreaks {command}", "", GENERATED, "", what, "", *_options(command)]
        if command == "serve":
            out += ["The protocol, with clients in Java and C++: [Service mode](../serve.md).", ""]
        if examples:
            out += ["## Examples", ""]
        for caption, argv, keep in examples:
            out += _example(caption, argv, keep)
        pages[PAGES / f"{command}.md"] = "\n".join(out)
    pages[PAGE] = "\n".join([*index, "", COMPLETION])
    return pages


if __name__ == "__main__":
    PAGES.mkdir(exist_ok=True)
    for path, text in build().items():
        path.write_text(text)
        print(f"wrote {path.relative_to(ROOT)}")
