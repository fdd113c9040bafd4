"""Plugins declare their options (name, type, default, one-line help) through the
``fide_tiebreaks_options`` hook; an option nobody declares is a usage error with the nearest
names, a value of the wrong type is refused with the values accepted, in the CLI, the API and
serve alike; plugins receive the value converted once, typed."""

from __future__ import annotations

import json

import pytest
from conftest import TEC
from test_plugins import make_plugin

from fide_tiebreaks import OptionError, cli, compute_standings, host, read_trf, serve
from fide_tiebreaks.host import PluginWarning, load_registry

T = TEC / "tournament.trf"
TOURNAMENT = read_trf(T).tournament
CLI = ["standings", str(T), "-t", "BH", "-e", "fide-2012", "-f", "json"]
EVERY_CLI = "legacy-pab-unplayed, national-ratings, ratings, unrated-rating"
EVERY_API = "legacy_pab_unplayed, national_ratings, ratings, unrated_rating"
WHAT = "; 'fide-tiebreaks plugins' says what each does)"


def cli_run(capsys, *extra):
    status = cli.main([*CLI, *extra])
    out, error = capsys.readouterr()
    return status, out, error


def test_a_misspelt_option_is_a_usage_error_with_did_you_mean(capsys):
    status, out, error = cli_run(capsys, "--option", "legacy-pab-unplayd=no")
    assert status == 2 and out == ""
    assert error == (
        "fide-tiebreaks: error: unknown option 'legacy-pab-unplayd'; did you mean "
        f"legacy-pab-unplayed? (the installed plugins take: {EVERY_CLI}{WHAT}\n"
    )


def test_a_value_of_the_wrong_type_is_refused_with_the_values_accepted(capsys):
    status, out, error = cli_run(capsys, "--option", "legacy-pab-unplayed=nope")
    assert status == 2 and out == ""
    assert error == (
        "fide-tiebreaks: error: option legacy-pab-unplayed takes yes, no, true, "
        "false, 1 or 0, not 'nope'\n"
    )
    for text in ("Yes", " no", "y", "2"):  # exactly yes/no/true/false/1/0
        assert cli_run(capsys, "--option", f"legacy-pab-unplayed={text}")[0] == 2
    status, _, error = cli_run(capsys, "--option", "unrated-rating=15OO")
    assert status == 2
    assert error == (
        "fide-tiebreaks: error: option unrated-rating takes a whole number 0..9999, not '15OO'\n"
    )


@pytest.mark.parametrize("text", ["yes", "no", "true", "false", "1", "0"])
def test_every_boolean_spelling_is_accepted(capsys, text):
    assert cli_run(capsys, "--option", f"legacy-pab-unplayed={text}")[0] == 0


def test_the_api_refuses_the_same_with_its_usual_error():
    with pytest.raises(OptionError) as e:
        compute_standings(TOURNAMENT, "BH", "fide-2012", options={"legacy_pab_unplayd": False})
    assert str(e.value) == (
        "unknown option 'legacy_pab_unplayd'; did you mean legacy_pab_unplayed? (the "
        f"installed plugins take: {EVERY_API}{WHAT}"
    )
    assert isinstance(e.value, ValueError)  # a CodeError, as for a bad code
    with pytest.raises(OptionError) as e:
        compute_standings(TOURNAMENT, "BH", "fide-2012", options={"legacy_pab_unplayed": "nope"})
    assert str(e.value) == "option legacy_pab_unplayed takes true or false, not str 'nope'"


def test_serve_answers_an_error_for_the_same():
    base = {"id": 1, "path": str(T), "tiebreaks": "BH", "edition": "fide-2012"}
    bad = serve.answer(json.dumps({**base, "options": {"legacy-pab-unplayd": False}}))
    assert bad == {
        "id": 1,
        "error": {
            "message": (
                "unknown option 'legacy-pab-unplayd'; did you mean legacy-pab-unplayed? "
                f"(the installed plugins take: {EVERY_CLI}{WHAT}"
            ),
            "diagnostics": [],
        },
    }
    wrong = serve.answer(json.dumps({**base, "options": {"legacy_pab_unplayed": "no"}}))
    assert wrong["error"]["message"] == (
        "option legacy_pab_unplayed takes true or false, not str 'no'"
    )
    good = serve.answer(json.dumps({**base, "options": {"legacy_pab_unplayed": False}}))
    assert "error" not in good


TYPED = """
from fide_tiebreaks import hookimpl, Option, Tiebreak

SEEN = []

def _seen(ctx):
    SEEN.append(dict(ctx.options))
    return {p.id: 0 for p in ctx.tournament.participants}

@hookimpl
def fide_tiebreaks_options():
    return [Option(name="x_flag", type="bool", default=False, help="a switch"),
            Option(name="x_count", type="int", default=3, minimum=1, maximum=9, help="n"),
            Option(name="x_mode", type="choice", default="fast", choices=("fast", "slow"),
                   help="how")]

@hookimpl
def fide_tiebreaks_register():
    return [Tiebreak(code="XSEEN", name="Seen", compute=_seen)]
"""


@pytest.fixture
def typed(monkeypatch):
    plugin = make_plugin(TYPED)
    reg = load_registry(entry_points=False, extra=[("typed", plugin)])
    monkeypatch.setattr(host, "_registry", reg)
    return plugin


def test_plugins_receive_typed_values_and_defaults(typed, capsys):
    args = ("--option", "x-flag=yes", "--option", "x_mode=slow", "-t", "XSEEN")
    status = cli.main([*CLI[:2], *args, "-e", "fide-2024", "-f", "json"])
    assert status == 0, capsys.readouterr().err
    (seen,) = typed.SEEN
    # every declared option, the built-ins' with their defaults (the ratings plugin's
    # national_ratings no and ratings initial, as `fide-tiebreaks plugins` lists them)
    assert seen == {
        "x_flag": True,
        "x_count": 3,
        "x_mode": "slow",
        "legacy_pab_unplayed": True,
        "unrated_rating": None,
        "national_ratings": False,
        "ratings": "initial",
    }
    assert type(seen["x_flag"]) is bool


def test_choices_and_ranges_are_checked(typed, capsys):
    status, _, error = cli_run(capsys, "--option", "x-mode=medium")
    assert status == 2
    assert error == "fide-tiebreaks: error: option x-mode takes one of fast, slow, not 'medium'\n"
    status, _, error = cli_run(capsys, "--option", "x-count=10")
    assert error == "fide-tiebreaks: error: option x-count: 10 is outside 1..9\n"
    with pytest.raises(
        OptionError,
        match=r"^option x_count takes a whole number 1\.\.9, not "
        r"bool True$",
    ):
        compute_standings(TOURNAMENT, "BH", options={"x_count": True})


def test_plugins_lists_the_declared_options(typed, capsys):
    assert cli.main(["plugins"]) == 0
    out = capsys.readouterr().out
    assert "legacy-pab-unplayed  bool" in out
    # the TYPE column is as wide as its widest entry, the ratings plugin's choice
    assert "x-mode               choice: fast|slow          fast     typed" in out
    assert cli.main(["plugins", "-f", "json"]) == 0
    data = json.loads(capsys.readouterr().out)
    ratings = next(p for p in data["plugins"] if p["name"] == "ratings")
    assert ratings["options"][0] == {
        "name": "unrated-rating",
        "type": "int",
        "default": None,
        "help": "the rating unrated players get, so that rating tie-breaks are kept (C.07 "
        "Art. 10); also --unrated-rating",
        "choices": [],
        "minimum": 0,
        "maximum": 9999,
    }
    assert [o["name"] for o in ratings["options"]] == [
        "unrated-rating",
        "national-ratings",
        "ratings",
    ]


def test_a_malformed_declaration_is_a_plugin_warning():
    source = """
from fide_tiebreaks import hookimpl, Option

@hookimpl
def fide_tiebreaks_options():
    return [Option(name="Bad Name", type="bool"),
            Option(name="x_n", type="int", default="three"),
            Option(name="legacy_pab_unplayed", type="bool", default=False)]
"""
    with pytest.warns(PluginWarning) as caught:
        reg = load_registry(entry_points=False, extra=[("bad", make_plugin(source))])
    messages = [str(w.message) for w in caught]
    assert messages == [
        "plugin 'bad' returned an Option whose name is not lower-case words joined by _ from "
        "fide_tiebreaks_options; ignored",
        "plugin 'bad' returned an Option whose default is not a value of its type from "
        "fide_tiebreaks_options; ignored",
        "option 'legacy_pab_unplayed' from plugin 'bad' is already declared by "
        "'virtual_opponent'; ignored",
    ]
    assert reg.options["legacy_pab_unplayed"].default is True
