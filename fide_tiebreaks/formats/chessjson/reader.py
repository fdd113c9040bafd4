"""Reading Chess-JSON: the document becomes the equivalent TRF, read by the TRF reader (see the
package docstring)."""

from __future__ import annotations

import json
import re
from collections.abc import Mapping, Sequence
from fractions import Fraction
from typing import Any

from ...diagnostics import Diagnostic, InputError, Severity
from ...model import Scoring
from ...numbers import MAX_DIGITS, NumberError, clip, exact_str, json_int, parse_exact, parse_int
from .. import jsonkeys
from ..base import MAX_BYTES, MAX_JSON_VALUES, ReadResult, json_values, lone_surrogate
from ..trf.reader import parse_trf
from . import extension
from .common import MODELLED, TITLE_CODES, trf_points


class _Bad(Exception):
    def __init__(self, message: str, line: int = 0) -> None:
        super().__init__(message)
        self.line = line


def read_chess_json(data: bytes, name: str = "<input>", *,
                    team_pab: tuple[Fraction, Fraction] | None = None) -> ReadResult:  # fmt: skip
    """Read a Chess-JSON document (its first tournament); raise InputError with a located
    message when it is not JSON or not a Chess-JSON event this reader understands."""
    if len(data) > MAX_BYTES:
        raise InputError([Diagnostic(Severity.ERROR, f"input is {len(data)} bytes; the limit "
                                     f"is {MAX_BYTES}", name)])  # fmt: skip
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError as e:
        raise InputError([Diagnostic(Severity.ERROR, f"Chess-JSON must be UTF-8: byte "
                                     f"{e.start} is not", name)]) from None  # fmt: skip
    values = json_values(text)
    if values > MAX_JSON_VALUES:
        raise InputError([Diagnostic(Severity.ERROR, f"about {values} JSON values; the limit is "
                                     f"{MAX_JSON_VALUES} (memory)", name)])  # fmt: skip
    try:
        doc = jsonkeys.loads(text, parse_float=str, parse_int=json_int)
    except jsonkeys.DuplicateKey as e:
        raise InputError([Diagnostic(Severity.ERROR, str(e), name, e.line, e.column)]) from None
    except NumberError as e:
        raise InputError([Diagnostic(Severity.ERROR, str(e), name)]) from None
    except json.JSONDecodeError as e:
        raise InputError([Diagnostic(Severity.ERROR, f"not JSON: {e.msg}", name, e.lineno,
                                     e.colno)]) from None  # fmt: skip
    except RecursionError:
        raise InputError([Diagnostic(Severity.ERROR, "JSON nested too deeply", name)]) from None
    m = _LONE.search(text)  # no such escape: no lone surrogate (UTF-8 holds none)
    bad = lone_surrogate(doc) if m else None
    if bad is not None:
        line = text.count("\n", 0, m.start()) + 1 if m else 0
        column = m.start() - text.rfind("\n", 0, m.start()) if m else 0
        raise InputError([Diagnostic(Severity.ERROR, f"the string at {bad} holds a lone "
                                     "surrogate, which is not a Unicode character", name, line,
                                     column)])  # fmt: skip
    lines = _cid_lines(text)
    try:
        trf, where, notes = to_trf(doc, lines)
    except _Bad as e:
        raise InputError([Diagnostic(Severity.ERROR, str(e), name, e.line, 0)]) from None
    try:
        result = parse_trf(trf.encode("utf-8"), name, team_pab=team_pab)
    except InputError as e:
        raise InputError(_relocate(e.diagnostics, where, name)) from None
    try:
        tournament = extension.apply(result.tournament, _other(doc))
    except extension.ExtensionError as e:
        raise InputError([Diagnostic(Severity.ERROR, str(e), name)]) from None
    extra = [Diagnostic(Severity.WARNING, msg, name, line, 0) for line, msg in notes]
    return ReadResult(tournament, (*extra, *_relocate(result.diagnostics, where, name)))


def _other(doc: Mapping[str, Any]) -> Mapping[str, Any]:
    """The first tournament's ``other`` object (to_trf has checked the shapes)."""
    ev = doc.get("event", doc)
    other = ev["tournaments"][0].get("other") or {}
    return other if isinstance(other, dict) else {}


def _relocate(diags: Sequence[Diagnostic], where: Mapping[int, tuple[int, str]],
              name: str) -> list[Diagnostic]:  # fmt: skip
    """Diagnostics about the generated TRF, pointed back at the JSON: the line of the
    competitor concerned, and which record it was."""
    out = []
    for d in diags:
        line, what = where.get(d.line, (0, ""))
        message = f"{what}: {d.message}" if what else d.message
        out.append(Diagnostic(d.severity, message, name, line, 0))
    return out


# A \\uD800-\\uDFFF escape that is not half of a pair.
_LONE = re.compile(r"\\u[dD][89abAB][0-9a-fA-F]{2}(?!\\u[dD][c-fC-F][0-9a-fA-F]{2})"
                   r"|(?<!\\u[dD][89abAB][0-9a-fA-F]{2})\\u[dD][c-fC-F][0-9a-fA-F]{2}")  # fmt: skip
_CID = re.compile(r'"cid"\s*:\s*(\d+)')


def _cid_lines(text: str) -> dict[int, int]:
    """The line of each ``"cid": N`` first seen (the competitor lists come first)."""
    lines: dict[int, int] = {}
    line, at = 1, 0  # counted as the scan goes: counting from the start each time is O(n²)
    for m in _CID.finditer(text):
        if len(m.group(1)) > MAX_DIGITS:
            continue  # refused with a message where the cid is read
        cid = int(m.group(1))
        if cid not in lines:
            line += text.count("\n", at, m.start())
            at = m.start()
            lines[cid] = line
    return lines


def _obj(value: Any, what: str) -> dict[str, Any]:
    if not isinstance(value, dict):
        raise _Bad(f"{what} must be an object")
    return value


def _list(value: Any, what: str) -> list[Any]:
    if value is None:
        return []
    if not isinstance(value, list):
        raise _Bad(f"{what} must be a list")
    return value


def _int(value: Any, what: str, line: int = 0, high: int = 10**MAX_DIGITS - 1) -> int:
    """A whole number (or its text) within 0..*high*, the limit of the TRF field it fills."""
    if isinstance(value, int | str) and not isinstance(value, bool):
        try:
            return parse_int(str(value), what, 0, high)
        except NumberError as e:
            raise _Bad(str(e), line) from None
    raise _Bad(f"{what} must be a whole number, not {json.dumps(value)[:40]}", line)


def _points(value: Any, what: str, line: int = 0) -> Fraction | None:
    if value is None:
        return None
    if isinstance(value, bool):
        raise _Bad(f"{what} must be a number", line)
    if isinstance(value, int):
        return Fraction(value)
    if isinstance(value, str):
        try:
            return parse_exact(value, what)
        except NumberError:
            pass
    raise _Bad(f"{what} must be a number, not {json.dumps(value)[:40]}", line)


def _rating(value: Any, what: str = "rating", line: int = 0) -> int | None:
    """A rating as a number, ``{"rating": n}`` or a list of those (the first counts); None
    when absent or 0 (unrated). Anything else (a text, a fraction, a negative number) is
    refused: read as unrated, it would drop the player's rating tie-breaks without a word."""
    if isinstance(value, list):
        value = value[0] if value else None
    if isinstance(value, dict):
        value = value.get("rating")
    if value is None:
        return None
    if isinstance(value, bool) or not isinstance(value, int) or value < 0:
        raise _Bad(f'"{what}" {json.dumps(value)[:40]} is not a rating (a whole number '
                   "0..9999, 0 or null: unrated)", line)  # fmt: skip
    return value or None


def to_trf(doc: Any, cid_lines: Mapping[int, int] | None = None
           ) -> tuple[str, dict[int, tuple[int, str]], list[tuple[int, str]]]:  # fmt: skip
    """The TRF text of a Chess-JSON document's first tournament, TRF line -> (JSON line,
    what it came from), and warnings about what could not be carried."""
    cid_lines = cid_lines or {}
    doc = _obj(doc, "a Chess-JSON document")
    ev = _obj(doc.get("event", doc), '"event"')
    tournaments = _list(ev.get("tournaments"), '"event.tournaments"')
    if not tournaments:
        raise _Bad('no tournament: "event.tournaments" is empty or missing')
    notes: list[tuple[int, str]] = []
    if len(tournaments) > 1:
        notes.append((0, f"the event has {len(tournaments)} tournaments; reading the first"))
    t = _obj(tournaments[0], '"event.tournaments[0]"')
    notes.extend((0, msg) for msg in _unknown_keys(doc, ev, t))
    profiles: dict[int, dict[str, Any]] = {}
    for i, pr in enumerate(_list(ev.get("profiles"), '"event.profiles"')):
        pr = _obj(pr, f'"event.profiles[{i}]"')
        if "id" in pr:
            profiles[_int(pr["id"], f'"event.profiles[{i}].id"')] = pr
    team_names = {}
    for i, tm in enumerate(_list(ev.get("teams"), '"event.teams"')):
        tm = _obj(tm, f'"event.teams[{i}]"')
        if "id" in tm:
            team_names[_int(tm["id"], f'"event.teams[{i}].id"')] = str(tm.get("teamName", ""))
    info = _obj(ev.get("eventInfo") or {}, '"event.eventInfo"')
    tinfo = _obj(t.get("tournamentInfo") or {}, '"tournamentInfo"')
    other = _obj(t.get("other") or {}, '"other"')

    out: list[str] = []
    where: dict[int, tuple[int, str]] = {}

    def emit(text: str, line: int = 0, what: str = "") -> None:
        # A line end inside a JSON string must not start a record of its own.
        out.append(text.replace("\r", " ").replace("\n", " "))
        where[len(out)] = (line, what)

    name = t.get("name") or ev.get("eventName") or info.get("fullName") or ""
    emit(f"012 {name}")
    for code, key in (("022", "site"), ("032", "federation"), ("042", "startDate"),
                      ("052", "endDate")):  # fmt: skip
        if info.get(key):
            emit(f"{code} {info[key]}")
    if t.get("tournamentType"):
        emit(f"092 {t['tournamentType']}")
    rounds = _int(t.get("numRounds") or 0, '"numRounds"')
    if rounds and other.get("numRoundsDeclared", True) is not False:
        emit(f"142 {rounds}")
    if tinfo.get("typeOfTournament"):
        emit(f"192 {tinfo['typeOfTournament']}")
    order = [str(c) for c in _list(t.get("rankOrder"), '"rankOrder"')
             if isinstance(c, str)]  # fmt: skip
    if len(order) > 1 and order[0].upper() == "PTS":
        emit("212 " + ",".join(order))
    scoring = _scoring_records(t, other)
    for record in scoring:
        emit(record)

    team_event = bool(t.get("teamTournament"))
    competitors = _list(t.get("competitors"), '"competitors"')
    players: list[tuple[dict[str, Any], str]] = []  # (competitor, JSON path)
    teams: list[dict[str, Any]] = []
    for i, c in enumerate(competitors):
        c = _obj(c, f'"competitors[{i}]"')
        if team_event and "cplayers" in c:
            teams.append(c)
            for j, cp in enumerate(_list(c.get("cplayers"), f'"competitors[{i}].cplayers"')):
                players.append((_obj(cp, f'"competitors[{i}].cplayers[{j}]"'),
                                f"competitors[{i}].cplayers[{j}]"))  # fmt: skip
        else:
            players.append((c, f"competitors[{i}]"))
    for i, c in enumerate(_list(other.get("playersWithoutTeam"), '"other.playersWithoutTeam"')):
        players.append((_obj(c, f'"other.playersWithoutTeam[{i}]"'),
                        f"other.playersWithoutTeam[{i}]"))  # fmt: skip
    if team_event and t.get("teamSequence"):
        emit(f"352 {t['teamSequence']}")
    elif team_event and t.get("teamSize"):
        size = _int(t["teamSize"], '"teamSize"')
        if not 1 <= size <= 99:
            raise _Bad(f'"teamSize" {size} is outside 1..99 (boards)')
        emit("352 " + ("WB" * size)[:size])
    match = _obj(_obj(t.get("scoreSystem") or {}, '"scoreSystem"').get("match") or {},
                 '"scoreSystem.match"')  # fmt: skip
    if team_event and match:
        values = _letters(match, "scoreSystem.match")
        emit("362 " + "  ".join(f"T{k} {trf_points(values[k])}" for k in "WDL" if k in values))

    blocks = _rounds(t, cid_lines, team_event)
    blank = set(_list(other.get("pointsNotDeclared"), '"other.pointsNotDeclared"'))
    seen: set[int] = set()
    for c, path in players:
        cid = _int(c.get("cid"), f'"{path}.cid"')
        line = cid_lines.get(cid, 0)
        if not 1 <= cid <= 9999:
            raise _Bad(f'"{path}.cid" {cid} is outside 1..9999 (TRF start ranks)', line)
        if cid in seen:
            raise _Bad(f"two competitors have cid {cid}", line)
        seen.add(cid)
        pr = _profile(c, cid, path, line, profiles, notes)
        if cid in blank:
            c = {k: v for k, v in c.items() if k != "gamePoints"}
        emit(
            _player_line(cid, c, pr, blocks.get(cid, {}), line, path),
            line,
            f"competitor {cid} ({path})",
        )
        notes.extend((line, f"competitor {cid}: {cut}") for cut in _cut_fields(pr))
    notes.extend(_unknown_competitors(blocks, seen, cid_lines))
    blank_teams = set(_list(other.get("teamPointsNotDeclared"), '"other.teamPointsNotDeclared"'))
    for c in teams:
        cid = _int(c.get("cid"), '"competitors[].cid" of a team', high=999)
        if cid in blank_teams:
            c = {k: v for k, v in c.items() if k not in ("matchPoints", "gamePoints")}
        members = [
            _int(cp.get("cid"), '"cplayers[].cid"', high=9999) for cp in _list(c["cplayers"], "")
        ]
        tname = _team_name(c, cid, team_names, cid_lines, notes)
        mp = _points(c.get("matchPoints"), f"team {cid} matchPoints")
        gp = _points(c.get("gamePoints"), f"team {cid} gamePoints")
        rank = _int(c.get("rank") or 0, f"team {cid} rank", high=999)
        head = (f"310 {cid:3d} {tname[:32]:<32} {str(c.get('nickname', ''))[:5]:<5} {'':>6} "
                f"{exact_str(mp) if mp is not None else '':>6} "
                f"{trf_points(gp):>6} {rank or '':>3}  ")  # fmt: skip
        emit(head + " ".join(f"{m:4d}" for m in members), cid_lines.get(cid, 0), f"team {cid}")
        nickname = str(c.get("nickname", ""))
        for what, text, width in (("name", tname, 32), ("nickname", nickname, 5)):
            if len(text) > width:  # 310's columns; a warning, never a silent cut
                cut = f"'{clip(text, 40)}' is longer than TRF's {width} columns"
                notes.append((cid_lines.get(cid, 0),
                              f"team {cid}: {what} {cut}; read as '{text[:width]}'"))  # fmt: skip
    for record in _list(other.get("trf"), '"other.trf"'):
        if isinstance(record, str) and record[:3] not in MODELLED:
            emit(record, 0, "other.trf")
    return "\n".join(out) + "\n", where, notes


def _profile(
    c: Mapping[str, Any],
    cid: int,
    path: str,
    line: int,
    profiles: Mapping[int, Any],
    notes: list[tuple[int, str]],
) -> Any:
    """The competitor's profile; a profileId that names none is said."""
    pid = _int(c["profileId"], f'"{path}.profileId"', line) if "profileId" in c else cid
    if pid not in profiles and "profileId" in c:
        notes.append(
            (
                line,
                f'"{path}.profileId" {pid}: no profile has that id; the '
                "competitor has no name or rating",
            )
        )
    return profiles.get(pid, {})


def _unknown_competitors(
    blocks: Mapping[int, Any], seen: set[int], cid_lines: Mapping[int, int]
) -> list[tuple[int, str]]:
    """Game entries of a cid that is no competitor: said, and left out."""
    return [
        (
            cid_lines.get(cid, 0),
            f'"gameList" names competitor {cid}, who is not in '
            '"competitors"; those entries are ignored',
        )
        for cid in sorted(set(blocks) - seen)
    ]


def _team_name(
    c: Mapping[str, Any],
    cid: int,
    team_names: Mapping[int, str],
    cid_lines: Mapping[int, int],
    notes: list[tuple[int, str]],
) -> str:
    """The team's name from event.teams; a teamId that names no entry there is said."""
    team_id = _int(c.get("teamId", cid), '"teamId"')
    if team_names and team_id not in team_names:
        notes.append(
            (
                cid_lines.get(cid, 0),
                f'team {cid}: "teamId" {team_id} names no entry '
                'of "event.teams"; its name is taken from the competitor',
            )
        )
    return team_names.get(team_id, str(c.get("name", "")))


# The keys of Chess-JSON (gacrux's jsonscheme) at the levels a reader walks: any other one is
# named in a warning, as a file from another program may put its games where we never look.
_KNOWN = {
    "document": {"filetype", "version", "origin", "published", "status", "event"},
    "event": {
        "eventName",
        "name",
        "eventInfo",
        "ratingLists",
        "profiles",
        "teams",
        "tournaments",
        "scoreLists",
        "timeControl",
        "other",
    },
    "event.tournaments[0]": {
        "tournamentNo",
        "name",
        "tournamentType",
        "tournamentInfo",
        "teamTournament",
        "teamSize",
        "numRounds",
        "currentRound",
        "ratingList",
        "rankOrder",
        "scoreSystem",
        "competitors",
        "gameList",
        "matchList",
        "teamSequence",
        "other",
        "timeControl",
        "topColor",
        "maxMeet",
        "initialOrder",
        "accelerated",
        "scoreList",
        "random",
    },
}


def _unknown_keys(doc: Mapping[str, Any], ev: Mapping[str, Any], t: Mapping[str, Any]) -> list[str]:
    out = []
    levels = [("event", ev), ("event.tournaments[0]", t)]
    if ev is not doc:
        levels.insert(0, ("document", doc))
    for where, node in levels:
        for key in node:
            if key not in _KNOWN[where]:
                out.append(
                    f'"{where}" has the key {json.dumps(key)[:60]}, which is not '
                    "Chess-JSON as fide-tiebreaks reads it (games are in "
                    '"gameList"); ignored'
                )
    return out


def _letters(system: Mapping[str, Any], what: str) -> dict[str, Fraction]:
    """Points per letter; a value may name another letter (``"F": "W"``)."""
    values: dict[str, Fraction] = {}
    for _ in range(3):  # references resolve in at most a couple of steps
        for k, v in system.items():
            if k in values or not isinstance(k, str):
                continue
            if isinstance(v, str) and v.strip().upper() in values:
                values[k] = values[v.strip().upper()]
            elif isinstance(v, str) and v.strip().upper() in system:
                continue
            elif isinstance(v, (int, str)) and not isinstance(v, bool):
                try:
                    found = _points(v, f'"{what}.{k}"')
                except _Bad:
                    continue  # e.g. gacrux's "FG": "W*" (not a game value)
                if found is not None:
                    values[k] = found
    return values


def _scoring_records(t: Mapping[str, Any], other: Mapping[str, Any]) -> list[str]:
    """The scoring as TRF: nothing when it is the default, else a JaVaFo XXS record, which
    has a name for every value (TRF-2026 162 has none for forfeits and colours)."""
    full = other.get("scoring")
    if isinstance(full, dict):
        s = Scoring(**{k: _points(v, f'"other.scoring.{k}"') or Fraction(0)
                       for k, v in full.items() if k in Scoring.__dataclass_fields__})  # fmt: skip
    else:
        system = _obj(t.get("scoreSystem") or {}, '"scoreSystem"')
        game = system.get("game")
        if not isinstance(game, dict):
            return []
        v = _letters(game, "scoreSystem.game")
        d = Scoring()
        w, dr, lo = v.get("W", d.win), v.get("D", d.draw), v.get("L", d.loss)
        z = v.get("Z", d.zero_bye)
        s = Scoring(win_white=w, win_black=w, draw_white=dr, draw_black=dr, loss_white=lo,
                    loss_black=lo, forfeit_win=w, forfeit_loss=z, pab=v.get("P", w),
                    full_bye=v.get("F", w), half_bye=v.get("H", dr), zero_bye=z)  # fmt: skip
    if s == Scoring():
        return []
    names = {"WW": s.win_white, "BW": s.win_black, "WD": s.draw_white, "BD": s.draw_black,
             "WL": s.loss_white, "BL": s.loss_black, "FW": s.forfeit_win,
             "FL": s.forfeit_loss, "PAB": s.pab, "FPB": s.full_bye, "HPB": s.half_bye,
             "ZPB": s.zero_bye}  # fmt: skip
    return ["XXS " + " ".join(f"{k}={exact_str(x)}" for k, x in names.items())]


def _rounds(t: Mapping[str, Any], cid_lines: Mapping[int, int],
            team_event: bool) -> dict[int, dict[int, str]]:  # fmt: skip
    """cid -> round -> the 8-character TRF round block ("oooo c r").

    A side without ``"result"`` takes the mirror of its opponent's, unless the competitor has
    an entry of its own in that round; ``"result": null`` says the side has no result here
    (the writer's one-sided pairings: the opponent's own entry, if any, is elsewhere)."""
    blocks: dict[int, dict[int, str]] = {}
    inferred: dict[int, dict[int, str]] = {}
    for i, g in enumerate(_list(t.get("gameList"), '"gameList"')):
        what = f'"gameList[{i}]"'
        g = _obj(g, what)
        rnd = _int(g.get("round"), f"{what}.round")
        if not 1 <= rnd <= 99:
            raise _Bad(f"{what}: round {rnd} is outside 1..99")
        white, black = g.get("white"), g.get("black")
        sides = [(s, col) for s, col in ((white, "w"), (black, "b"))
                 if isinstance(s, dict) and s.get("cid")]  # fmt: skip
        if not sides:
            raise _Bad(f"{what}: neither side names a competitor (cid)")
        played = bool(g.get("played", True))
        rated = bool(g.get("rated", played))
        for side, colour in sides:
            cid = _int(side["cid"], f"{what}.{'white' if colour == 'w' else 'black'}.cid")
            line = cid_lines.get(cid, 0)
            other = [s for s, c in sides if c != colour]
            opponent = _int(other[0]["cid"], f"{what} cid") if other else 0
            letter = side.get("result")
            guessed = "result" not in side
            if guessed and other and isinstance(other[0].get("result"), str):
                letter = {"W": "L", "L": "W", "D": "D", "Z": "W"}.get(
                    other[0]["result"].upper(), None)  # fmt: skip
                if letter == "W" and not played:
                    letter = "F"
            if letter is None:
                continue  # only the other side's result is known
            code = _code(str(letter).upper(), played, rated, bool(opponent), team_event)
            if code is None:
                how = ("played" if played else "not played") + (
                    ", with an opponent" if opponent else ""
                )
                raise _Bad(f"{what}: result '{letter}' of competitor {cid} ({how}) has no TRF "
                           "code", line)  # fmt: skip
            if side.get("colour") == "-":  # paired without a colour (our writer's mark)
                colour = "-"
            text = f"{opponent:4d} {colour} {code}" if opponent else f"0000 - {code}"
            mine = (inferred if guessed else blocks).setdefault(cid, {})
            if rnd in mine:
                raise _Bad(f"{what}: competitor {cid} has two entries in round {rnd}", line)
            mine[rnd] = text
    for cid, by_round in inferred.items():
        own = blocks.setdefault(cid, {})
        for rnd, text in by_round.items():
            own.setdefault(rnd, text)
    return blocks


def _code(letter: str, played: bool, rated: bool, opponent: bool, team: bool) -> str | None:
    if opponent:
        if played and letter in ("W", "D", "L"):
            return {"W": "1", "D": "=", "L": "0"}[letter] if rated else letter
        if not played:
            return {"W": "+", "F": "+", "L": "-", "Z": "-"}.get(letter)
        return None
    if letter == "P":
        return "U"
    if letter == "W":
        return "+" if team else "F"  # in a team event: a board won against an empty one
    if letter == "F":
        return "F"
    return {"D": "H", "H": "H", "Z": "Z", "L": "Z", "U": "Z"}.get(letter)


# The profile's fields that the player's TRF line holds, and their widths (C.04 Annex 2).
_WIDTHS = {"fideName": 33, "federation": 3, "fideId": 11, "birth": 10, "sex": 1}


def _cut_fields(pr: Mapping[str, Any]) -> list[str]:
    """What the TRF line cannot hold whole: each a warning, never a silent cut."""
    out = []
    for key, width in _WIDTHS.items():
        text = str(pr.get(key) or "")
        if key == "fideName" and not text:
            continue  # the name made of lastName and firstName is checked below
        if len(text) > width:
            out.append(f"{key} '{clip(text, 40)}' is longer than TRF's {width} columns; "
                       f"read as '{text[:width]}'")  # fmt: skip
    if not pr.get("fideName"):
        name = ", ".join(x for x in (str(pr.get("lastName", "")), str(pr.get("firstName", "")))
                         if x)  # fmt: skip
        if len(name) > 33:
            out.append(f"name '{clip(name, 40)}' is longer than TRF's 33 columns; read as "
                       f"'{name[:33]}'")  # fmt: skip
    return out


def _player_line(cid: int, c: Mapping[str, Any], pr: Mapping[str, Any],
                 blocks: Mapping[int, str], line: int, path: str) -> str:  # fmt: skip
    name = str(pr.get("fideName") or ", ".join(
        x for x in (str(pr.get("lastName", "")), str(pr.get("firstName", ""))) if x))  # fmt: skip
    title = str(pr.get("fideTitle") or "")
    title = TITLE_CODES.get(title.upper(), title)
    profile = f"profile {pr.get('id')}: rating"
    rating = _rating(c.get("rating"), f"{path}.rating", line) or _rating(
        pr.get("rating"), profile, line) or 0  # fmt: skip
    if rating > 9999:
        raise _Bad(f'"{path}" rating {rating} is outside 0..9999 (TRF\'s four columns)', line)
    points = _points(c.get("gamePoints"), f'"{path}.gamePoints"', line)
    rank = "" if c.get("rank") is None else str(_int(c["rank"], f'"{path}.rank"', line, 9999))
    fide_id = str(pr.get("fideId") or "")
    head = (f"001 {cid:4d} {str(pr.get('sex') or '')[:1]:1}{title[:3]:>3} {name[:33]:<33} "
            f"{rating or '':>4} {str(pr.get('federation') or '')[:3]:<3} {fide_id[:11]:>11} "
            f"{str(pr.get('birth') or '')[:10]:<10} "
            f"{trf_points(points):>4} {rank:>4}")  # fmt: skip
    last = max(blocks, default=0)
    tail = "".join(f"  {blocks.get(r, '        ')}" for r in range(1, last + 1))
    return (head + tail).rstrip()
