"""A reference to nothing is reported where it is read, never an internal error.

Every id-bearing field of every bundled fixture (team, player, round and match numbers of
the TRF records 001 013 240 299 300 310 320 330, the XML ids, the Chess-JSON ids) is replaced,
one at a time, with a few values: 0, a number no record has, a neighbour's number and a
huge one; team records are also deleted and their numbers swapped. Each mutated file goes
through reading, ``check``, ``standings`` (the team tie-breaks for team events),
``standings -f chess-json`` and ``convert --to chess-json``: each gives diagnostics and exit
0, 1 or 2, never exit 3, a traceback or a tie-break that fails. The enumeration is
systematic, so the suite gives the same verdict on every machine.
"""

from __future__ import annotations

import contextlib
import io
import json
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from fide_tiebreaks.cli import main
from fide_tiebreaks.diagnostics import InputError
from fide_tiebreaks.formats import parse_any

ROOT = Path(__file__).resolve().parent.parent
FIXTURES = ROOT / "conformance" / "fixtures"
CASES = ROOT / "conformance" / "cases"

TRF_FILES = [
    FIXTURES / "team-4x4" / "tournament.trf",
    FIXTURES / "tec-exercise-2024" / "tournament.trf",
    FIXTURES / "rated-example" / "tournament.trf",
    *sorted(CASES.glob("*.trf")),
]
XML_FILES = [FIXTURES / "team-tied" / "tournament.xml", CASES / "team-4x4-2026.xml"]
JSON_FILES = [FIXTURES / "tec-exercise-2024" / "tournament.chess.json"]

# The records whose numbers name teams, players or rounds; the fields are free-width there
# except 001 (round blocks from column 92) and 310 (the team number in columns 5-7).
TEAM_RECORDS = ("013", "300", "310", "320", "330", "240", "299")
SKIP_COLUMNS = {"013": 36, "310": 72, "299": 23, "240": 10}  # where the numbers start
BROKEN = ("Traceback", "internal error", "KeyError", "IndexError", "AttributeError", "failed")


def _replacements(value: int, known: int) -> list[int]:
    """0, a number no record has, a neighbour's and a huge one."""
    return sorted({0, known + 1, max(value - 1, 1), value + 1, 999})


def _put(line: str, start: int, end: int, text: str) -> str:
    """*text* in place of line[start:end], right-aligned, taking blanks to its left."""
    while len(text) > end - start and start > 4 and line[start - 1] == " ":
        start -= 1
    return line[:start] + text.rjust(end - start) + line[end:]


def _trf_mutations(text: str) -> Iterator[tuple[str, str]]:
    lines = text.splitlines()
    known = sum(1 for line in lines if line.startswith("001"))
    players_seen = 0
    for i, line in enumerate(lines):
        code = line[:3]
        if code == "001":
            players_seen += 1
            if players_seen > PLAYER_LINES:
                continue
            spans = [
                (m.start(1), m.end(1))
                for m in re.finditer(r"(?<=  )(\d{1,4})(?= [wb-])", line[89:])
            ]
            spans = [(a + 89, b + 89) for a, b in spans]
        elif code in TEAM_RECORDS:
            spans = [
                (m.start(), m.end())
                for m in re.finditer(r"\d+", line)
                if m.start() >= 4
                and not (code == "310" and 7 < m.start() < 72)
                and (
                    code not in SKIP_COLUMNS
                    or m.start() >= SKIP_COLUMNS[code]
                    or (code in ("310", "240", "299") and m.start() < 10)
                )
            ]
        else:
            continue
        for k, (a, b) in enumerate(spans):
            value = int(line[a:b])
            values = _replacements(value, known)
            if code == "001":  # one value per opponent field, cycling through the kinds
                values = [values[(i + k) % len(values)]]
            for new in values:
                if new != value:
                    mutated = _put(line, a, b, str(new))
                    yield (
                        f"line {i + 1} {line[a:b]!r}->{new}",
                        "\n".join([*lines[:i], mutated, *lines[i + 1 :]]) + "\n",
                    )
        if code in ("013", "310"):
            yield f"line {i + 1} deleted", "\n".join([*lines[:i], *lines[i + 1 :]]) + "\n"
    teams = [i for i, line in enumerate(lines) if line.startswith("310")]
    if len(teams) >= 2:  # two team records swap their numbers
        a, b = teams[0], teams[1]
        swapped = list(lines)
        swapped[a] = lines[a][:4] + lines[b][4:7] + lines[a][7:]
        swapped[b] = lines[b][:4] + lines[a][4:7] + lines[b][7:]
        yield "310 numbers swapped", "\n".join(swapped) + "\n"
    for extra in (
        "330 +-   1   1  99",
        "330 -+   1  99   1",
        "330 --   1   1   1",
        "300   1  99   1    1",
        "300   1   1  99    1",
        "300   1   1   2 9999",
        "320  1.0  2.0  99",
        "240 F   1 9999",
        "299 W  2.0  4.0   1 9999",
    ):
        yield f"added {extra!r}", text + extra + "\n"


PLAYER_LINES = 4  # the opponent fields of the first lines: each is read the same way
PER_KEY = 6  # XML attributes and Chess-JSON keys: the first occurrences of each


_XML_ID = re.compile(r'\b(id|opponent|n)="(\d+)"')


def _xml_mutations(text: str) -> Iterator[tuple[str, str]]:
    known = text.count("<player ")
    seen: dict[str, int] = {}
    for k, m in enumerate(_XML_ID.finditer(text)):
        kind = text[text.rfind("<", 0, m.start()) : m.start()].split()[0] + m.group(1)
        seen[kind] = seen.get(kind, 0) + 1
        if seen[kind] > PER_KEY:
            continue
        value = int(m.group(2))
        values = _replacements(value, known)
        for new in values if m.group(1) == "id" else [values[k % len(values)]]:
            if new != value:
                yield f"{m.group(0)}->{new}", text[: m.start(2)] + str(new) + text[m.end(2) :]


_JSON_IDS = {"cid", "id", "profileId", "round", "board", "white", "black", "team", "teamId"}


def _json_paths(doc: Any, path: tuple[Any, ...] = ()) -> Iterator[tuple[tuple[Any, ...], int]]:
    if isinstance(doc, dict):
        for key, value in doc.items():
            if key in _JSON_IDS and isinstance(value, int) and not isinstance(value, bool):
                yield (*path, key), value
            else:
                yield from _json_paths(value, (*path, key))
    elif isinstance(doc, list):
        for i, value in enumerate(doc):
            yield from _json_paths(value, (*path, i))


def _json_mutations(text: str) -> Iterator[tuple[str, str]]:
    doc = json.loads(text)
    paths = list(_json_paths(doc))
    known = max((v for _, v in paths), default=0)
    seen: dict[str, int] = {}
    for k, (path, value) in enumerate(paths):
        kind = "/".join(str(p) for p in path if isinstance(p, str))
        seen[kind] = seen.get(kind, 0) + 1
        if seen[kind] > PER_KEY:
            continue
        values = _replacements(value, known)
        for new in values if path[-1] == "id" else [values[k % len(values)]]:
            if new == value:
                continue
            copy = json.loads(text)
            node = copy
            for key in path[:-1]:
                node = node[key]
            node[path[-1]] = new
            yield f"{'/'.join(map(str, path))}->{new}", json.dumps(copy)


def _cli(*args: str) -> tuple[int, str]:
    out = io.TextIOWrapper(io.BytesIO(), encoding="utf-8")
    err = io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        try:
            code = main(list(args))
        except SystemExit as e:
            code = int(e.code or 0)
    return code, err.getvalue()


def _holds(tmp: Path, name: str, data: str, label: str) -> None:
    path = tmp / name
    path.write_text(data, encoding="utf-8")
    try:
        result = parse_any(data.encode("utf-8"), str(path))
    except InputError:
        return  # refused with located diagnostics: what a reference to nothing may give
    team = result.tournament.team is not None
    runs = [("check", str(path)), ("standings", str(path), "-f", "chess-json")]
    if team:
        runs.append(("convert", str(path), "--to", "chess-json", "-o", str(tmp / "out.json")))
        runs.append(("standings", str(path), "-t", "EMGSB/C1,BH:MP/C1,BH:GP", "-f", "json"))
    for args in runs:
        code, err = _cli(*args)
        broken = [line for line in err.splitlines() if any(b in line for b in BROKEN)]
        assert code in (0, 1, 2) and not broken, f"{label}: {args[0]} -> {code}: {broken}"


def _cases() -> list[Any]:
    out = []
    for path in TRF_FILES:
        out.append(pytest.param(path, _trf_mutations, id=path.parent.name + "/" + path.name))
    for path in XML_FILES:
        out.append(pytest.param(path, _xml_mutations, id=path.parent.name + "/" + path.name))
    for path in JSON_FILES:
        out.append(pytest.param(path, _json_mutations, id=path.parent.name + "/" + path.name))
    return out


@pytest.mark.parametrize(("path", "mutations"), _cases())
def test_every_id_mutation_is_diagnosed_never_a_crash(
    path: Path, mutations: Any, tmp_path: Path
) -> None:
    text = path.read_text(encoding="utf-8")
    count = 0
    for label, data in mutations(text):
        _holds(tmp_path, path.name, data, label)
        count += 1
    assert count > 0, "a mutation test that mutated nothing"


TEAM_4X4 = FIXTURES / "team-4x4" / "tournament.trf"  # 26 lines: 16 players, teams 1-4


def _team_file(tmp: Path, *extra: str, drop: str = "") -> Path:
    lines = [
        line for line in TEAM_4X4.read_text().splitlines() if not line.startswith(drop) or not drop
    ]
    path = tmp / "t.trf"
    path.write_text("\n".join([*lines, *extra]) + "\n")
    return path


def test_a_forfeit_naming_no_team_is_an_error_and_no_command_crashes(tmp_path: Path) -> None:
    path = _team_file(tmp_path, "330 +-   2   1   9")  # line 27; team 9 has no 310 record
    code, err = _cli("check", str(path))
    assert code == 1
    assert (
        f"{path}:27:16: error: 330: no team 9 (no 310 or 013 record gives that number); "
        "the forfeit is ignored"
    ) in err
    for args in (
        ("convert", str(path), "--to", "chess-json", "-o", str(tmp_path / "o.json")),
        ("standings", str(path), "-f", "chess-json"),
        ("standings", str(path), "-t", "EMGSB/C1,BH:MP/C1", "-f", "json"),
    ):
        code, err = _cli(*args)
        assert code == 1, (args, err)
        assert not [b for b in BROKEN if b in err], err


def test_a_forfeit_of_a_deleted_team_record_is_an_error(tmp_path: Path) -> None:
    # Team 4's 310 record (players 13-16) deleted: line 26 is now the forfeit.
    path = _team_file(tmp_path, "330 -+   1   4   2", drop="310   4")
    code, err = _cli("check", str(path))
    assert code == 1
    assert (
        f"{path}:26:12: error: 330: no team 4 (no 310 or 013 record gives that number); "
        "the forfeit is ignored"
    ) in err
    assert "player 13 is on no team's roster (013 / 310)" in err


def test_a_team_forfeiting_against_itself_is_an_error(tmp_path: Path) -> None:
    path = _team_file(tmp_path, "330 --   1   3   3")
    code, err = _cli("check", str(path))
    assert code == 1
    assert (
        f"{path}:27:12: error: 330: team 3 cannot forfeit a match against itself; the "
        "forfeit is ignored"
    ) in err


def test_a_line_up_naming_no_team_or_no_player(tmp_path: Path) -> None:
    path = _team_file(
        tmp_path, "300   1   1   7    1    2    3    4", "300   1   2   1    5    6    7   99"
    )
    code, err = _cli("check", str(path))
    assert code == 1
    assert (
        f"{path}:27:13: error: 300: no opponent team 7 (no 310 or 013 record gives that "
        "number); the line-up is ignored"
    ) in err
    # board 4 starts at column 17 + 5 * 3 = 32
    assert (
        f"{path}:28:32: warning: 300: no player with start rank 99; board 4 is read as empty"
    ) in err


def test_a_pab_or_bye_for_no_team(tmp_path: Path) -> None:
    path = _team_file(tmp_path, "320  1.0  2.0   0   9", "240 F   3    8")
    code, err = _cli("check", str(path))
    assert code == 1
    # round 2's team is at columns 19-21
    assert (
        f"{path}:27:19: error: 320: round 2: no team 9 (no 310 or 013 record gives that "
        "number); ignored"
    ) in err
    assert f"{path}:28:11: warning: 240: no team 8; ignored" in err


def test_records_for_rounds_without_results(tmp_path: Path) -> None:
    path = _team_file(tmp_path, "330 +-   0   1   2", "300   4   1   2    1    2    3    4")
    code, err = _cli("check", str(path))
    assert code == 1  # the warning
    assert f"{path}:27:8: warning: 330: there is no round 0; ignored" in err
    assert (
        f"{path}:28:5: note: 300: round 4 has no results yet (they go to round 3); kept, not used"
    ) in err


def test_team_numbers_used_twice_or_zero(tmp_path: Path) -> None:
    lines = TEAM_4X4.read_text().splitlines()
    lines[25] = lines[25].replace("310   4", "310   3")  # line 26: a second team 3
    path = tmp_path / "t.trf"
    path.write_text("\n".join(lines) + "\n")
    code, err = _cli("check", str(path))
    assert code == 1
    assert (
        f"{path}:26:5: error: team number 3 used again (first on line 25); this team "
        "record is ignored"
    ) in err
    lines[25] = lines[25].replace("310   3", "310   0")
    path.write_text("\n".join(lines) + "\n")
    code, err = _cli("check", str(path))
    assert code == 1
    assert (
        f"{path}:26:5: error: team number 0: teams are numbered from 1; this team record is ignored"
    ) in err


def test_a_roster_naming_no_player_leaves_no_dangling_member(tmp_path: Path) -> None:
    lines = TEAM_4X4.read_text().splitlines()
    lines[25] = lines[25].replace("  16", "  99")  # line 26: team 4 lists 13, 14, 15, 99
    path = tmp_path / "t.trf"
    path.write_text("\n".join(lines) + "\n")
    code, err = _cli("check", str(path))
    assert code == 1  # an error: a roster cannot name a player who is not there
    assert f"{path}:26:1: error: team 4 lists player 99, who has no 001 line" in err
    t = parse_any(path.read_bytes(), str(path), lenient=True).tournament
    assert t.team is not None
    assert [team.players for team in t.team.teams if team.id == 4] == [(13, 14, 15)]


def test_chess_json_profile_and_competitor_ids(tmp_path: Path) -> None:
    doc = json.loads((FIXTURES / "tec-exercise-2024" / "tournament.chess.json").read_text())
    t = doc["event"]["tournaments"][0]
    t["competitors"][0]["profileId"] = 999  # competitor 1: no profile 999
    t["gameList"].append({"round": 1, "white": {"cid": 77, "result": "F"}, "played": False})
    path = tmp_path / "t.json"
    path.write_text(json.dumps(doc, indent=1))
    code, err = _cli("check", str(path))
    assert code == 1
    assert (
        'warning: "competitors[0].profileId" 999: no profile has that id; the competitor '
        "has no name or rating"
    ) in err
    assert (
        'warning: "gameList" names competitor 77, who is not in "competitors"; those '
        "entries are ignored"
    ) in err


def test_xml_member_and_team_ids(tmp_path: Path) -> None:
    text = (FIXTURES / "team-tied" / "tournament.xml").read_text()
    path = tmp_path / "t.xml"
    path.write_text(text.replace('<member id="8"/>', '<member id="88"/>'))
    code, err = _cli("check", str(path))
    assert code == 1
    assert "error: team 4 lists player 88, who has no 001 line" in err
    path.write_text(text.replace('<team id="4"', '<team id="3"'))
    code, err = _cli("check", str(path))
    assert code == 1
    assert "error: team number 3 used again (first on line" in err
