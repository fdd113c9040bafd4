"""One error type, one error path (issue #30, "What to build" 4): every exception of ours
derives from FideTiebreaksError; public functions check their arguments at the door and name
the parameter; every command stops through the same path, with exit codes 0/1/2 on hostile
input and never a traceback."""

from __future__ import annotations

import argparse
import hashlib
import re
import types
from fractions import Fraction
from pathlib import Path

import pytest
from conftest import TEC

import fide_tiebreaks as ft
from fide_tiebreaks.cli import dispatch, main
from fide_tiebreaks.errors import ArgumentTypeError, FideTiebreaksError

TRF = TEC / "tournament.trf"
GRANDMOMMY = TEC.parent / "tec-trf2026-sample" / "grandmommyscup.trf"


def _classes() -> list[type[BaseException]]:
    """Every public exception class of the package, with the built-in class it kept."""
    from fide_tiebreaks.atomic import OutputError
    from fide_tiebreaks.categories import CategoryError
    from fide_tiebreaks.certify.adapters import AdapterError
    from fide_tiebreaks.certify.shrink import MissingExtra
    from fide_tiebreaks.commands.common import CommandError
    from fide_tiebreaks.decisions import DecisionError
    from fide_tiebreaks.faults import PluginFault
    from fide_tiebreaks.formats.base import TooLarge, Unwritable
    from fide_tiebreaks.formats.chessjson.extension import ExtensionError
    from fide_tiebreaks.formats.jsonkeys import DuplicateKey
    from fide_tiebreaks.numbers import NumberError
    from fide_tiebreaks.pairing import MissingRatingError
    from fide_tiebreaks.planning import TiebreakFailed
    from fide_tiebreaks.results_reader import ResultsError
    from fide_tiebreaks.tiebreak import Unusable

    return [
        ft.InputError,
        ft.CodeError,
        ft.OptionError,
        ft.BuilderError,
        ft.PluginError,
        ft.InternalError,
        ft.PairingIndexError,
        ft.ArgumentTypeError,
        ft.ArgumentValueError,
        MissingRatingError,
        PluginFault,
        TiebreakFailed,
        CommandError,
        Unwritable,
        TooLarge,
        OutputError,
        CategoryError,
        ResultsError,
        NumberError,
        DecisionError,
        ExtensionError,
        DuplicateKey,
        AdapterError,
        MissingExtra,
        Unusable,
    ]


@pytest.mark.parametrize("cls", _classes(), ids=lambda c: c.__name__)
def test_every_exception_of_ours_derives_from_the_one_base(cls):
    assert issubclass(cls, ft.FideTiebreaksError)


def test_the_base_keeps_the_builtin_classes_callers_caught():
    # Callers that caught ValueError, OSError or TypeError before still do.
    from fide_tiebreaks.atomic import OutputError

    assert issubclass(ft.CodeError, ValueError) and issubclass(ft.BuilderError, ValueError)
    assert issubclass(ft.PairingIndexError, ValueError)
    assert issubclass(OutputError, OSError)
    assert issubclass(ft.ArgumentTypeError, TypeError)
    assert issubclass(ft.ArgumentValueError, ValueError)
    # exit codes of docs/commands.md: 2 usage or input, 1 a plugin, 3 ours
    assert ft.CodeError.exit_code == 2 and ft.InputError.exit_code == 2
    assert ft.PluginError.exit_code == 1 and ft.InternalError.exit_code == 3


def test_the_builders_pairing_index_error_is_caught_with_the_builders():
    b = ft.EventBuilder(rounds=3, edition="fide-2024")
    for pid in (1, 2):
        b.add_player(pid, f"P{pid}")
    b.record_round(1, [(1, 2, "1-0")])
    with pytest.raises(FideTiebreaksError, match="system 'swiss' is not one of"):
        b.pairing_index("swiss")


@pytest.fixture(scope="module")
def tournament() -> ft.Tournament:
    return ft.read_tournament(TRF).tournament


# (what is called, the parameter the message must name) — each failed deep inside before
# (AttributeError, TypeError from a comparison) or was taken (after_round=True as round 1).
DOORS = [
    ("compute_standings(ReadResult)", lambda t: ft.compute_standings(ft.read_tournament(TRF)),
     r"tournament must be a Tournament, not a ReadResult; .*pass its \.tournament"),
    ("['BH', 5]", lambda t: ft.compute_standings(t, ["BH", 5]), r"tiebreaks\[1\] must be a code"),
    ("after_round='3'", lambda t: ft.compute_standings(t, after_round="3"), "after_round must"),
    ("after_round=3.0", lambda t: ft.compute_standings(t, after_round=3.0), "after_round must"),
    ("after_round=True", lambda t: ft.compute_standings(t, after_round=True),
     "after_round must be a whole number .*bool True"),
    ("lots=5", lambda t: ft.compute_standings(t, lots=5), "lots must be a str"),
    ("decided='x'", lambda t: ft.compute_standings(t, decided="x"), "decided must be a list"),
    ("providers='x'", lambda t: ft.compute_standings(t, providers="x"), "providers must be"),
    ("edition=5", lambda t: ft.compute_standings(t, edition=5), "edition must be a str"),
    ("exact_str(0.1)", lambda t: ft.exact_str(0.1), "float .*refused"),
    ("parse_code(None)", lambda t: ft.parse_code(None), "parse_code's text must be a str"),
    ("parse_list(None)", lambda t: ft.parse_list(None), "parse_list's text must be"),
    ("read_tournament(123)", lambda t: ft.read_tournament(123), "path must be a file's path"),
    ("pairing_index(t, 5)", lambda t: ft.pairing_index(t, 5), "system must be a str"),
    ("pairing_index(after '1')", lambda t: ft.pairing_index(t, "dubov", "1"), "after_round"),
]  # fmt: skip


@pytest.mark.parametrize(("door", "call", "message"), DOORS, ids=[d[0] for d in DOORS])
def test_public_functions_check_their_arguments_at_the_door(tournament, door, call, message):
    with pytest.raises(ArgumentTypeError, match=message) as caught:
        call(tournament)
    assert isinstance(caught.value, TypeError | FideTiebreaksError)


def test_an_empty_edition_is_refused_not_replaced_by_the_end_dates(tournament):
    with pytest.raises(ft.ArgumentValueError, match="edition must not be empty"):
        ft.compute_standings(tournament, edition="")


def test_exact_str_still_writes_exact_numbers():
    assert ft.exact_str(Fraction(23, 2)) == "11.5" and ft.exact_str(12) == "12"


@pytest.mark.parametrize(
    ("call", "message"),
    [
        (lambda b: b.add_player(3, None), r"player 3 name None must be text \(''"),
        (lambda b: b.add_team(1, None, [1]), "name None must be text"),
        (lambda b: b.add_team(1, "T", [1], nickname=5), "nickname 5 must be text"),
        (lambda b: b.decide(5), "decision 5 must be a list of participant ids"),
        (lambda b: b.decide([1, 2], note=5), "note 5 must be text"),
        (lambda b: b.set_tiebreaks(5), "tiebreaks must be a list, not int"),
        (lambda b: b.set_tiebreaks(None), "tiebreaks None must be codes"),
    ],
)
def test_builder_methods_refuse_wrong_types_by_name(call, message):
    b = ft.EventBuilder(rounds=3, edition="fide-2024")
    b.add_player(1, "A")
    b.add_player(2, "B")
    with pytest.raises(ft.BuilderError, match=message):
        call(b)


def test_none_is_no_nickname_and_no_note_never_the_text_none():
    b = ft.EventBuilder(rounds=3, edition="fide-2024")
    for pid in (1, 2, 3, 4):
        b.add_player(pid, f"P{pid}")
    b.add_team(1, "T", [1, 2], nickname=None)  # str(None) made a team nicknamed 'None'
    b.add_team(2, "U", [3, 4])
    assert b._teams[1].nickname == ""  # the Team as kept (a round would build the event)


# -- the one error path of the commands ----------------------------------------------------


def _command(error: BaseException) -> types.SimpleNamespace:
    def run(args: argparse.Namespace) -> int:
        raise error

    return types.SimpleNamespace(run=run)


@pytest.mark.parametrize(
    ("error", "code", "said"),
    [
        (ft.CodeError("unknown tie-break code 'XX'"), 2, "error: unknown tie-break code 'XX'"),
        (ft.PluginError("plugin 'p' failed"), 1, "error: plugin 'p' failed"),
        (ft.InternalError("BH failed; please report it"), 3, "error: internal error: BH failed"),
        (ArgumentTypeError("x must be a str"), 3, "internal error: x must be a str (please"),
        (
            ft.InputError(
                [
                    ft.Diagnostic(
                        severity=ft.Severity.ERROR, message="bad", path="f.trf", line=3, column=1
                    )
                ]
            ),
            2,
            "f.trf:3:1: error: bad",
        ),
    ],
)
def test_any_error_of_ours_leaves_a_command_through_the_one_path(capsys, error, code, said):
    assert dispatch(_command(error), argparse.Namespace()) == code
    err = capsys.readouterr().err
    assert said in err and "Traceback" not in err


def test_generate_check_standings_and_certify_corpus_stop_through_command_error(tmp_path):
    from fide_tiebreaks.commands import certify_corpus, check_standings, generate
    from fide_tiebreaks.commands.common import CommandError

    (tmp_path / "file").write_text("x")
    with pytest.raises(CommandError, match="not a folder"):
        generate.run(argparse.Namespace(events=1, first=0, jobs=0, folder=str(tmp_path / "file"),
                                        **_generate_defaults()))  # fmt: skip
    with pytest.raises(CommandError, match="no such file or folder"):
        check_standings.run_standings(argparse.Namespace(file=[tmp_path / "none"], jobs=0))
    with pytest.raises(CommandError, match=r"--events-from .*: not a folder"):
        certify_corpus.run_corpus(argparse.Namespace(events_from=str(tmp_path / "file")), "BH")


def _generate_defaults() -> dict[str, object]:
    from fide_tiebreaks.cli import parse

    args = parse(["generate", "x"])
    return {k: v for k, v in vars(args).items() if k not in ("events", "first", "jobs", "folder")}


# -- every command on hostile input: 0, 1 or 2, no traceback, no input changed ----------------


def _hostile(folder: Path) -> dict[str, Path]:
    """The inputs of the issue's findings and messages, written in *folder*: each name is
    the file's name (its suffix matters only where the readers look at it: .TUNX)."""
    from test_impossible_events import CASES  # the impossible events, each hand-counted

    text = TRF.read_text(encoding="utf-8")
    lines = text.splitlines()
    first = next(i for i, line in enumerate(lines) if line.startswith("001"))
    row = lines[first]

    def player_1(edited: str) -> bytes:
        return ("\n".join([*lines[:first], edited, *lines[first + 1 :]]) + "\n").encode()

    chess_json = (TEC / "tournament.chess.json").read_text(encoding="utf-8")
    game = '[Event "E"]\n[Round "{r}"]\n[White "{w}"]\n[Black "{b}"]\n[Result "{x}"]\n\n'
    header_only = "".join(
        game.format(r=f"{r}.1", w=w, b=b, x="1-0") + "\n"
        for r, (w, b) in enumerate([("A", "B"), ("B", "A"), ("A", "B")], start=1)
    )
    files: dict[str, bytes] = {
        "empty.trf": b"",
        "blank.trf": b"\n\n  \n",
        "binary.trf": b"\x00\x01\x02" * 50,
        "zero-filled.trf": b"\x00" * 4096,
        "bidi-c1-name.trf": player_1(row[:14] + "Evil\u202eKcab\x9b31m".ljust(33) + row[47:]),
        "utf32.trf": text.encode("utf-32"),
        "utf16-no-bom.trf": text.encode("utf-16-le"),
        "bad-round-block.trf": player_1(row[:91] + "XX" + row[93:]),
        "shifted-columns.trf": player_1(row[:95] + "x" + row[96:]),
        "negative-rating.trf": player_1(row[:48] + "-150" + row[52:]),
        "readme.txt": b"Round 1 results\nsee the web page\n",
        "named-like.TUNX": b"x\x00\x00\x00" * 8,
        "swiss-manager-header.trf": b"\x93\xff\x89\x44" + b"\x00" * 60,
        "trf2026-013-and-310.trf": GRANDMOMMY.read_bytes(),
        "header-only.pgn": header_only.encode(),
        "pgn-unclosed-comment.pgn": (
            game.format(r=1, w="A", b="B", x="1-0") + "1. e4 { unclosed\n\n" + header_only
        ).encode(),
        "pgn-unclosed-before-one-line-tags.pgn": (
            game.format(r=1, w="A", b="B", x="1-0") + "1. e4 { unclosed\n\n"
            '[Event "E"] [Round "2"] [White "B"] [Black "A"] [Result "0-1"]\n\n{ x } 0-1\n'
        ).encode(),
        "pgn-leading-comment.pgn": ("{ exported }\n" + header_only).encode(),
        "pgn-escape-line.pgn": ("% exported\n" + header_only).encode(),
        "pgn-nul.pgn": header_only.encode().replace(b'"B"', b'"\x00B"', 1),
        "pgn-utf16-no-bom.pgn": header_only.encode("utf-16-le"),
        "pgn-round-150.pgn": game.format(r=150, w="A", b="B", x="1-0").encode(),
        "pgn-board-10000.pgn": game.format(r="1.10000", w="A", b="B", x="1-0").encode(),
        "pgn-result-against-movetext.pgn": (
            game.format(r=1, w="A", b="B", x="1-0") + "0-1\n"
        ).encode(),
        "json-competitors-null.json": chess_json.replace(
            '"competitors": [', '"competitors": null, "x": [', 1
        ).encode(),
        "json-rounds-negative.json": re.sub(
            r'"numRounds": \d+', '"numRounds": -3', chess_json
        ).encode(),
        "json-not-json.json": b"{ event: 1 }",
        "xml-invalid-unique.xml": (
            b'<tournament name="X" type="swiss">\n'
            b'<player id="1" name="A"><round n="x" opponent="2" colour="w" result="1"/></player>\n'
            b'<player id="2" name="B"><round n="1" opponent="1" colour="b" result="0"/></player>\n'
            b"</tournament>\n"
        ),
        "xml-nul.xml": b"<tournament>\n<x\x00/></tournament>",
    }
    for name, (impossible, _, _) in CASES.items():
        files[f"impossible-{name}.trf"] = impossible.encode("utf-8")
    paths = {}
    for name, data in files.items():
        path = folder / name
        path.write_bytes(data)
        paths[name] = path
    return paths


def _runs(files: dict[str, Path], out: Path) -> list[list[str]]:
    runs = []
    for path in files.values():
        p = str(path)
        runs += [
            ["standings", p],
            ["standings", p, "-f", "json"],
            ["standings", p, "-f", "csv"],
            ["standings", p, "-t", "BH/C99"],
            ["standings", p, "-t", "PTS,preset:fide-swiss"],
            ["standings", p, "-e", ""],
            ["standings", p, "--lenient", "-f", "html", "-o", str(out / "x.html")],
            ["standings", p, "-f", "csv", "-o", p],  # the input as the output: refused
            ["check", p],
            ["check", p, "-v", "--strict"],
            ["check", "--standings", p],
            ["explain", p, "1"],
            ["explain", p, "1", "-e", ""],
            ["convert", p, "--to", "chess-json", "-o", str(out / "x.json")],
            ["convert", p, "--to", "trf26", "-o", p],
            ["pairing-index", p, "--system", "dubov"],
            ["conformance", p],
            ["audit", p],
        ]
    runs += [
        ["check", "--standings", str(out / "nothing-here")],
        ["certify", "--events-from", str(files["empty.trf"])],
        ["certify", "--events-from", str(files["empty.trf"].parent)],
        ["certify", "-e", "", "-n", "1"],
        ["generate", str(files["empty.trf"]), "-n", "1"],
        ["generate", str(files["empty.trf"].parent), "-n", "1"],  # a filled folder: refused
        ["standings", str(TRF), "--categories", str(out / "nofile")],
    ]
    return runs


def test_every_command_on_hostile_input_exits_0_1_or_2_without_a_traceback(tmp_path, capsys):
    files = _hostile(tmp_path)
    before = {p: hashlib.sha256(p.read_bytes()).hexdigest() for p in files.values()}
    out = tmp_path / "out"
    out.mkdir()
    for argv in _runs(files, out):
        code = main(argv)
        err = capsys.readouterr().err
        assert code in (0, 1, 2), (argv, code, err)
        assert "Traceback" not in err and "internal error" not in err, (argv, err)
        assert "something strange happened" not in err, (argv, err)
    assert {p: hashlib.sha256(p.read_bytes()).hexdigest() for p in files.values()} == before
    assert sorted(q.name for q in tmp_path.iterdir()) == sorted([*files, "out"])  # none added
