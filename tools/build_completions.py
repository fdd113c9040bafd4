"""Write the shell completions for bash and zsh, generated from the command's own parser by
shtab (https://github.com/iterative/shtab), into completions/. The files are committed, so
neither shtab nor any work at start-up is needed to use them; tests/test_completions.py
regenerates them and fails when a committed file differs.

    pip install shtab && python tools/build_completions.py

Install (see docs/commands.md): bash: copy completions/fide-tiebreaks.bash to
~/.local/share/bash-completion/completions/fide-tiebreaks (or source it from ~/.bashrc);
zsh: copy completions/_fide-tiebreaks to a folder of your $fpath.
"""

from __future__ import annotations

import argparse
import os
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
FOLDER = ROOT / "completions"
FILES = {"bash": FOLDER / "fide-tiebreaks.bash", "zsh": FOLDER / "_fide-tiebreaks"}

# Arguments that name files (completed as paths) and folders or files (audit's PATHS).
PATH_ARGUMENTS = {"file", "output", "against", "junit", "paths"}


def parser_for_completion() -> argparse.ArgumentParser:
    """The real parser, with hints only completion needs: paths where files are expected,
    and the built-in editions as --edition's values (the parser itself leaves --edition open,
    as plugins may add editions)."""
    import shtab

    os.environ["FIDE_TIEBREAKS_LOAD_PLUGINS"] = ""  # built-ins only: the same files anywhere
    from fide_tiebreaks.cli import build_parser
    from fide_tiebreaks.host import registry

    editions = sorted(registry().editions)
    parser = build_parser()
    parsers = [parser]
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            parsers += list(action.choices.values())
    for p in parsers:
        for action in p._actions:
            if action.dest in PATH_ARGUMENTS:
                action.complete = shtab.FILE  # type: ignore[attr-defined]
            elif action.dest == "edition":
                action.choices = editions
    return parser


def build() -> dict[Path, str]:
    import shtab

    parser = parser_for_completion()
    return {path: shtab.complete(parser, shell=shell) for shell, path in FILES.items()}


if __name__ == "__main__":
    FOLDER.mkdir(exist_ok=True)
    for path, text in build().items():
        path.write_text(text)
        print(f"wrote {path.relative_to(ROOT)}")
