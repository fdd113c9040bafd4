"""A failing built-in tie-break or edition is our bug: an internal error (exit 3) naming the
code and asking for the input file, never a plugin warning. A third-party plugin's fault stays
a warning naming the plugin, but a requested code left out fails the run (exit 1) and the
JSON output and serve's responses say which code is missing and why."""

from __future__ import annotations

import json

import pytest
from conftest import TEC
from test_plugins import make_plugin

from fide_tiebreaks import cli, compute_standings, host, read_trf, serve
from fide_tiebreaks.faults import InternalError
from fide_tiebreaks.host import load_registry
from fide_tiebreaks.tiebreak import provided_by

T = TEC / "tournament.trf"
TOURNAMENT = read_trf(T).tournament

THIRD_PARTY = """
from fide_tiebreaks import hookimpl, Tiebreak

def _fails(ctx):
    raise RuntimeError("boom")

@hookimpl
def fide_tiebreaks_register():
    return [Tiebreak(code="XFAIL", name="Fails", compute=_fails)]
"""


def _broken(ctx):
    raise IndexError("list index out of range")


@pytest.fixture
def broken_bh(monkeypatch):
    """The built-in Buchholz raising, in a registry the commands and serve use."""
    import fide_tiebreaks.plugins.buchholz as buchholz

    monkeypatch.setattr(buchholz, "buchholz", _broken)
    reg = load_registry(entry_points=False)
    monkeypatch.setattr(host, "_registry", reg)
    return reg


@pytest.fixture
def broken_edition(monkeypatch):
    """The built-in fide-2024 edition's opponent table raising."""
    import dataclasses

    reg = load_registry(entry_points=False)
    ed = reg.editions["fide-2024"]
    # replace() leaves provider to the host, which marks a registered item: as it would
    broken = dataclasses.replace(ed, opponent_table=_broken_table)
    reg.editions["fide-2024"] = provided_by(broken, ed.provider)
    monkeypatch.setattr(host, "_registry", reg)
    return reg


def _broken_table(t, forfeits_as_played, options=None):
    raise KeyError(2)


MESSAGE = (
    "BH could not be computed, a bug in fide-tiebreaks (tie-break 'BH' from plugin "
    "'buchholz' failed: IndexError: list index out of range); please report it with the "
    "input file"
)


def test_a_failing_builtin_is_an_internal_error_in_the_api(broken_bh):
    with pytest.raises(InternalError) as e:
        compute_standings(TOURNAMENT, "BH,SB", "fide-2024", reg=broken_bh)
    assert str(e.value) == MESSAGE
    with pytest.raises(InternalError):  # strict or not: never a PluginError
        compute_standings(TOURNAMENT, "BH,SB", "fide-2024", reg=broken_bh, strict=True)


def test_a_failing_builtin_edition_is_an_internal_error(broken_edition):
    with pytest.raises(InternalError) as e:
        compute_standings(TOURNAMENT, "SB", "fide-2024", reg=broken_edition)
    assert str(e.value).startswith(
        "SB could not be computed, a bug in fide-tiebreaks "
        "(edition 'fide-2024' from plugin 'unplayed' failed in "
        "opponent_table: KeyError: 2)"
    )


def test_the_cli_exits_3_naming_the_code(broken_bh, capsys):
    status = cli.main(["standings", str(T), "-t", "BH,SB", "-e", "fide-2024", "-f", "json"])
    out, error = capsys.readouterr()
    assert status == 3
    assert out == ""
    assert error == f"fide-tiebreaks: error: internal error: {MESSAGE}\n"
    assert "warning" not in error


def test_serve_answers_an_internal_error(broken_bh):
    request = json.dumps({"id": 7, "path": str(T), "tiebreaks": "BH", "edition": "fide-2024"})
    response = serve.answer(request)
    assert response == {
        "id": 7,
        "error": {"message": f"internal error: {MESSAGE}", "diagnostics": []},
    }


@pytest.fixture
def third_party(monkeypatch):
    reg = load_registry(entry_points=False, extra=[("faulty", make_plugin(THIRD_PARTY))])
    monkeypatch.setattr(host, "_registry", reg)
    return reg


REASON = "tie-break 'XFAIL' from plugin 'faulty' failed: RuntimeError: boom; XFAIL is left out"


def test_a_third_party_fault_writes_the_standings_but_exits_1(third_party, capsys):
    status = cli.main(["standings", str(T), "-t", "XFAIL,BH", "-e", "fide-2024", "-f", "json"])
    out, error = capsys.readouterr()
    assert status == 1
    data = json.loads(out)
    assert data["tournament"]["tiebreaks"] == ["BH"]
    assert data["missing"] == [{"code": "XFAIL", "reason": REASON, "kind": "plugin-fault"}]
    assert f"warning: {REASON}" in error  # the plugin named, as a warning
    assert error.endswith(
        "fide-tiebreaks: error: XFAIL could not be computed (see above); the standings are "
        "written without it, so they are not the standings asked for\n"
    )


def test_serve_says_which_code_is_missing(third_party):
    request = json.dumps({"path": str(T), "tiebreaks": "XFAIL,BH", "edition": "fide-2024"})
    response = serve.answer(request)
    assert response["missing"] == [{"code": "XFAIL", "reason": REASON, "kind": "plugin-fault"}]


def test_a_rule_that_drops_a_code_is_not_a_failure(capsys):
    # Every player of the TEC example is unrated: C.07 Art. 10 drops ARO without a rating
    # for unrated players. The standings are right without it: exit 0, kind "rule".
    status = cli.main(["standings", str(T), "-t", "ARO,BH", "-e", "fide-2024", "-f", "json"])
    out, _ = capsys.readouterr()
    assert status == 0
    (missing,) = json.loads(out)["missing"]
    assert missing["code"] == "ARO" and missing["kind"] == "rule"
    assert missing["reason"].startswith("ARO is dropped: ")
