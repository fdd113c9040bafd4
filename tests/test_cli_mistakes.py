"""What a new user types by mistake at the CLI. Each message names the problem
and the fix, in one style (``fide-tiebreaks: error: ...`` or ``FILE: error: ...``), with the
right exit status and never a traceback."""

from __future__ import annotations

import ast
import io
import json
import re
from pathlib import Path

import pytest
from conftest import ROOT, TEC, run_cli
from hypothesis import given, settings
from hypothesis import strategies as st
from trfbuild import player_line

FILE = str(TEC / "tournament.trf")  # FIDE TEC's exercise: 16 players, 5 rounds


def no_traceback(done):
    assert "Traceback" not in done.stderr + done.stdout
    assert "internal error" not in done.stderr
    return done


# (what the user typed after 'standings FILE', what the message must contain)
TYPOS = [
    (["-t", "Buchholz"], ["unknown tie-break code 'BUCHHOLZ'", "did you mean BH (Buchholz)"]),
    (["-t", "Sonneborn"], ["did you mean SB (Sonneborn-Berger)"]),
    (["-t", "sonneborn-berger"], ["did you mean SB"]),
    (["-t", "buchols"], ["did you mean BH"]),
    (["-t", "BHC1"], ["did you mean BH/C1"]),
    (["-t", "BH/C1;SB"], ["separate tie-break codes with commas: 'BH/C1,SB'"]),
    (["-t", "BH SB"], ["separate tie-break codes with commas: 'BH,SB'"]),
    (
        ["-e", "fide2024"],
        ["unknown edition 'fide2024'", "did you mean fide-2024?", "'fide-tiebreaks editions'"],
    ),
    (["--after-round", "99"], ["fide-tiebreaks: error: --after-round must be between 1 and 5"]),
    (["--provider", "BH"], ["fide-tiebreaks: error: --provider takes CODE=PLUGIN"]),
    (
        ["--format", "pdf"],
        [
            "fide-tiebreaks: error: argument --format/-f: invalid choice",
            "see 'fide-tiebreaks standings --help'",
        ],
    ),
]


@pytest.mark.parametrize(("args", "wanted"), TYPOS)
def test_typos_name_the_problem_and_the_fix(args, wanted):
    done = no_traceback(run_cli("standings", FILE, *args))
    assert done.returncode == 2, done.stderr
    assert done.stderr.splitlines()[-1].startswith("fide-tiebreaks: error: ")
    for text in wanted:
        assert text in done.stderr, done.stderr
    assert "no installed plugin" not in done.stderr  # not an installation problem


def test_a_cut_that_removes_every_value_is_warned_about():
    # 5 rounds: /C5 and /C9 leave nothing, /M3 removes 3 + 3 of 5; /C4 and /M2 leave one.
    for code in ("BH/C5", "BH/C9", "BH/M3"):
        done = no_traceback(run_cli("standings", FILE, "-t", code, "-e", "fide-2024"))
        assert done.returncode == 0
        assert f"warning: {code}: the " in done.stderr and "none is left" in done.stderr
        assert "use a smaller n" in done.stderr
        strict = run_cli("standings", FILE, "-t", code, "-e", "fide-2024", "--strict")
        assert strict.returncode == 1
    for code in ("BH/C4", "BH/M2"):
        done = run_cli("standings", FILE, "-t", code, "-e", "fide-2024")
        assert done.returncode == 0 and "none is left" not in done.stderr


def test_an_empty_list_is_said_and_pts_asks_for_points_alone():
    empty = no_traceback(run_cli("standings", FILE, "-t", "", "-e", "fide-2024"))
    assert empty.returncode == 0
    assert "warning: the tie-break list is empty" in empty.stderr and "give PTS" in empty.stderr
    points = run_cli("standings", FILE, "-t", "PTS", "-e", "fide-2024")
    assert points.returncode == 0 and "warning" not in points.stderr
    assert empty.stdout == points.stdout


@pytest.mark.parametrize(
    ("name", "fmt", "check"),
    [
        ("out.csv", "csv", lambda b: b.startswith(b"rank,")),
        ("out.json", "json", lambda b: "standings" in json.loads(b)),
        ("out.xml", "xml", lambda b: b.lstrip().startswith(b"<?xml")),
        ("out.html", "html", lambda b: b.startswith(b"<!DOCTYPE html>")),
        ("OUT.HTM", "html", lambda b: b.startswith(b"<!DOCTYPE html>")),
        ("out.trf", "trf", lambda b: b.startswith(b"012 ")),
        ("out.txt", "table", lambda b: b"Rank  SNo" in b),
    ],
)
def test_the_output_format_comes_from_the_extension(tmp_path, name, fmt, check):
    out = tmp_path / name
    done = no_traceback(run_cli("standings", FILE, "-e", "fide-2024", "-o", str(out)))
    assert done.returncode == 0, done.stderr
    assert check(out.read_bytes()), out.read_bytes()[:200]
    assert "note: writing a text table" not in done.stderr


def test_format_wins_over_the_extension_and_an_unknown_extension_is_said(tmp_path):
    out = tmp_path / "out.csv"
    assert (
        run_cli("standings", FILE, "-e", "fide-2024", "-f", "json", "-o", str(out)).returncode == 0
    )
    assert "standings" in json.loads(out.read_bytes())
    odd = tmp_path / "out.dat"
    done = run_cli("standings", FILE, "-e", "fide-2024", "-o", str(odd))
    assert done.returncode == 0 and b"Rank  SNo" in odd.read_bytes()
    assert "note: writing a text table to" in done.stderr and "give --format" in done.stderr


def test_an_ambiguous_name_lists_the_candidates():
    # The exercise's players 1, 2, 3, 5, 7, 8, 10, 13 and 15 are called PlayerNN.
    done = no_traceback(run_cli("explain", FILE, "Player", "-e", "fide-2024"))
    assert done.returncode == 2
    assert "'Player' matches 9 participants: #1 Player01, #2 Player02" in done.stderr
    assert "#15 Player15" in done.stderr and "give the start rank" in done.stderr
    assert "no single participant" not in done.stderr
    exact = run_cli("explain", FILE, "player01", "-e", "fide-2024")  # whole name, any case
    assert exact.returncode == 0 and exact.stdout.startswith("Player01 (#1)")
    none = run_cli("explain", FILE, "Zed", "-e", "fide-2024")
    assert none.returncode == 2 and "no participant's name contains 'Zed'" in none.stderr
    rank = run_cli("explain", FILE, "17", "-e", "fide-2024")
    assert (
        rank.returncode == 2
        and "no participant has start rank 17 (this file has start ranks 1 to 16)" in rank.stderr
    )


def test_ambiguity_beyond_twenty_is_cut_short(tmp_path):
    lines = ["012 Many"] + [player_line(i, f"Smith {i}", []) for i in range(1, 26)]
    path = tmp_path / "many.trf"
    path.write_text("\n".join(lines) + "\n")
    done = no_traceback(run_cli("explain", str(path), "smith"))
    assert "'smith' matches 25 participants" in done.stderr and "and 5 more" in done.stderr


@pytest.mark.parametrize(
    ("content", "wanted"),
    [
        (b"", "error: the file is empty: there is no tournament to read"),
        (b"\n\n  \n", "error: the file contains only blank lines"),
        (
            b"Name,Points\nAnna,3\nBen,2\n",
            "error: this is not a tournament file: none of its 3 lines is a TRF record",
        ),
        ((ROOT / "README.md").read_bytes(), "error: this is not a tournament file"),
    ],
)
def test_empty_and_foreign_files_get_one_message(tmp_path, content, wanted):
    path = tmp_path / "in.trf"
    path.write_bytes(content)
    for command in ("standings", "check", "explain"):
        args = [command, str(path)] + (["1"] if command == "explain" else [])
        done = no_traceback(run_cli(*args))
        assert done.returncode == 2
        lines = done.stderr.splitlines()
        assert len(lines) == 1 and wanted in lines[0], done.stderr
        assert lines[0].startswith(f"{path}: ")
        assert "unknown record" not in done.stderr


def test_check_reports_what_standings_verbose_reports(tmp_path):
    # A 202 list with a code that does not exist: standings stops; check must say so too.
    lines = [
        "012 X",
        "202 SB,XYZ",
        player_line(1, "A", [(2, "w", "1")]),
        player_line(2, "B", [(1, "b", "0")]),
    ]
    path = tmp_path / "t.trf"
    path.write_text("\n".join(lines) + "\n")
    assert run_cli("standings", str(path)).returncode == 2
    done = no_traceback(run_cli("check", str(path)))
    assert done.returncode == 1
    assert "error: the file cannot be ranked: unknown tie-break code 'XYZ'" in done.stderr
    verbose = run_cli("standings", FILE, "-v", "-t", "BH/C9", "-e", "fide-2024")
    check = run_cli("check", FILE, "-e", "fide-2024")  # the same edition, asked the same way
    notes = {ln for ln in verbose.stderr.splitlines() if ": note: " in ln}
    assert notes <= set(check.stderr.splitlines())


def test_no_arguments_prints_the_help_and_serve_needs_no_stdio():
    bare = no_traceback(run_cli())
    assert bare.returncode == 2 and bare.stdout.startswith("usage: fide-tiebreaks")
    assert "editions" in bare.stdout and "standings" in bare.stdout
    request = json.dumps({"path": FILE, "tiebreaks": "BH", "edition": "fide-2024"})
    for args in ([], ["--stdio"]):
        done = run_cli("serve", *args, input=request + "\n")
        answer = json.loads(done.stdout)
        assert answer["standings"][0]["start_rank"] == 2  # TEC 2024: Player02 first, BH 13
        assert answer["standings"][0]["tiebreaks"] == {"BH": "13"}


def test_every_option_is_documented_and_edition_names_the_editions():
    from fide_tiebreaks.cli import build_parser
    from fide_tiebreaks.commands.common import edition_names
    from fide_tiebreaks.host import registry

    assert set(edition_names().split(", ")) == set(registry().editions)  # the built-ins
    parser = build_parser()
    sub = next(a for a in parser._actions if a.dest == "command")
    every = list(registry().editions)
    for name, command in sub.choices.items():
        for action in command._actions:
            assert action.help, f"{name}: {action.option_strings or action.dest} has no help"
            if action.dest == "edition":
                assert all(e in action.help for e in every), (name, action.help)
    audit = sub.choices["audit"].format_help()
    for suffix in (".trf", ".txt", ".xml", ".json"):
        assert suffix in audit
    assert "exit status:" in audit and "nothing\n     was compared" in audit


def test_descriptions_wrap_like_the_options(monkeypatch):
    monkeypatch.setenv("COLUMNS", "62")
    from fide_tiebreaks.cli import build_parser

    sub = next(a for a in build_parser()._actions if a.dest == "command")
    for name, command in sub.choices.items():
        text = command.format_help()
        _usage, _, rest = text.partition("\n\n")  # argparse wraps the usage its own way
        # Prose (the description, the epilog's paragraphs) starts at the margin; options and
        # examples are indented and keep argparse's layout.
        prose = [line for line in rest.splitlines() if line and not line[0].isspace()]
        assert prose, name
        for line in prose:
            assert len(line) <= 60, (name, line)
        # the examples keep their own lines
        if command.epilog and "examples:" in command.epilog:
            assert "\nexamples:\n  fide-tiebreaks " in text


def test_the_editions_command_lists_the_editions_with_their_dates():
    done = no_traceback(run_cli("editions"))
    assert done.returncode == 0
    rows = {ln.split()[0]: ln for ln in done.stdout.splitlines()[1:]}
    # The calendar of FIDE's rules (fide-tiebreak-rules.md 1).
    assert "2024-08-01 to 2026-02-28" in rows["fide-2024"]
    assert "2023-09-01 to 2024-07-31" in rows["fide-2023"]
    assert "from 2026-03-01" in rows["fide-2026"]
    assert "until 2012-06-30" in rows["pre-2012"]
    assert "by name only" in rows["sm-2012"]
    data = json.loads(run_cli("editions", "-f", "json").stdout)["editions"]
    assert data[0] == {**data[0], "name": "fide-2026", "from": "2026-03-01", "until": None}


def test_every_error_message_of_the_commands_has_one_style():
    """Each err() call in the commands and the CLI starts with error:, warning: or note:
    (err adds the 'fide-tiebreaks: ' prefix); a CommandError's message, said by cli.main as
    'fide-tiebreaks: error: MESSAGE', and a type= check's, said by argparse the same way,
    do not repeat 'error:'."""
    sources = [
        *sorted((ROOT / "fide_tiebreaks" / "commands").glob("*.py")),
        ROOT / "fide_tiebreaks" / "cli.py",
    ]
    seen = raised = 0
    for path in sources:
        for node in ast.walk(ast.parse(path.read_text())):
            if not isinstance(node, ast.Call) or not node.args:
                continue
            name = getattr(node.func, "id", None)
            first = node.args[0]
            head = first.values[0] if isinstance(first, ast.JoinedStr) else first
            text = str(head.value) if isinstance(head, ast.Constant) else ""
            if name == "err":
                assert re.match(r"(error|warning|note): ", text), (path.name, node.lineno)
                seen += 1
            elif name in ("CommandError", "ValueError") and text:
                assert not re.match(r"(error|warning|note)\b", text), (path.name, node.lineno)
                raised += 1
    assert seen >= 5 and raised > 25


# A property: whatever one types, a suggestion is a real code, and every tie-break is
# found by its own name and its code.
@settings(max_examples=200, deadline=None)
@given(st.text(min_size=1, max_size=20))
def test_suggestions_are_always_real_codes(typed):
    from fide_tiebreaks.codes import suggest
    from fide_tiebreaks.host import registry

    names = {tbs[0].code: tbs[0].name for tbs in registry().tiebreaks.values()}
    assert set(suggest(typed, names)) <= set(names)


def test_every_tiebreak_is_suggested_by_its_name_and_a_typo_of_its_code():
    from fide_tiebreaks.codes import suggest
    from fide_tiebreaks.host import registry

    names = {tbs[0].code: tbs[0].name for tbs in registry().tiebreaks.values()}
    for code, name in names.items():
        assert code in suggest(name, names), (code, name)
        if len(code) >= 3:
            assert code in suggest(code[:-1] + "Q" + code[-1:], names, limit=5), code


@settings(max_examples=100, deadline=None)
@given(
    st.lists(
        st.text(
            alphabet="abcdefghijklmnopqrstuvwxyz ,.;:=#[]{}\"'", min_size=3, max_size=60
        ).filter(lambda s: s.strip() and s[:3].upper() not in {"001", "012"}),
        min_size=1,
        max_size=30,
    )
)
def test_any_text_that_is_no_trf_gives_one_error(lines):
    """Text files of lines that are no TRF record: one InputError with one diagnostic, never
    a warning per line (which is what a README gave before)."""
    from fide_tiebreaks.diagnostics import InputError
    from fide_tiebreaks.formats import parse_any

    text = "\n".join("~" + ln for ln in lines)  # no record, { or < starts with ~
    with pytest.raises(InputError) as caught:
        parse_any(text.encode(), "in.txt")
    assert len(caught.value.diagnostics) == 1
    assert "not a tournament file" in caught.value.diagnostics[0].message


def test_audit_exit_status_when_nothing_was_compared(tmp_path):
    lines = ["012 X", player_line(1, "A", [(2, "w", "1")]), player_line(2, "B", [(1, "b", "0")])]
    (tmp_path / "unranked.trf").write_text("\n".join(lines) + "\n")
    done = no_traceback(run_cli("audit", str(tmp_path), "-j", "1"))
    assert done.returncode == 1 and "nothing was compared" in done.stderr
    empty = tmp_path / "empty-folder"
    empty.mkdir()
    nothing = no_traceback(run_cli("audit", str(empty)))
    assert nothing.returncode == 2 and "no .trf, .txt, .xml or .json file under" in nothing.stderr
    # With one file whose declared ranks are right (1 beat 2), the unranked one does not fail.
    ranked = [
        player_line(1, "A", [(2, "w", "1")], points="1.0", rank="1"),
        player_line(2, "B", [(1, "b", "0")], points="0.0", rank="2"),
    ]
    (tmp_path / "ranked.trf").write_text("\n".join(["012 Y", *ranked]) + "\n")
    assert run_cli("audit", str(tmp_path), "-j", "1").returncode == 0


class FakeTerminal(io.StringIO):
    def isatty(self) -> bool:
        return True


def test_audit_progress_line_shows_files_rate_and_time_left():
    from fide_tiebreaks.audit import progress

    stream, clock = FakeTerminal(), iter([100.0, 102.0, 104.0, 110.0])
    show = progress(4, stream, clock=lambda: next(clock))
    show(1)  # 1 file in 2 s: 0.5 files/s, 3 left: 6 s
    assert (
        stream.getvalue() == "\r[#######.......................] 1/4 files, 0.5 files/s, "
        "about 6 s left\x1b[K"
    )
    show(2)  # 2 files in 4 s
    assert stream.getvalue().endswith("2/4 files, 0.5 files/s, about 4 s left\x1b[K")
    show(4)
    assert stream.getvalue().endswith("] 4/4 files in 10 s\x1b[K\n")
    piped = io.StringIO()
    progress(4, piped)(1)
    assert piped.getvalue() == ""


@pytest.mark.parametrize("path", ["/nonexistent-dir/out.trf"])
def test_an_output_that_cannot_be_written_is_an_error_not_a_crash(tmp_path, path):
    for args in (["standings", FILE, "-o", path], ["convert", FILE, "--to", "trf", "-o", path]):
        done = no_traceback(run_cli(*args))
        assert done.returncode == 2 and "fide-tiebreaks: error: cannot write" in done.stderr
    assert not Path(path).exists()


def test_wrong_orders_and_misspelt_commands():
    reversed_ = no_traceback(run_cli(FILE, "standings"))
    assert reversed_.returncode == 2
    assert (
        f"'{FILE}' is not a command: the command comes first, e.g. 'fide-tiebreaks "
        f"standings {FILE}'" in reversed_.stderr
    )
    typo = no_traceback(run_cli("standngs", FILE))
    assert typo.returncode == 2 and "did you mean 'standings'?" in typo.stderr
    swapped = no_traceback(run_cli("explain", "9", FILE))
    assert swapped.returncode == 2
    assert (
        f"the file comes first, then the participant: 'fide-tiebreaks explain {FILE} 9'"
        in swapped.stderr
    )
    for done in (reversed_, typo, swapped):
        assert done.stderr.startswith("fide-tiebreaks: error: ")
