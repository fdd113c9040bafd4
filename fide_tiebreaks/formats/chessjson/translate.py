"""A Chess-JSON document as the equivalent TRF text, the stages one record kind each; where
each TRF line came from, to point the TRF reader's messages back at the JSON."""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from typing import Any

from ...data_classes import NamedTuple, dataclass
from ...dates import read_date
from ...numbers import clip, exact_str
from ..trf.state import MAX_ROUNDS
from .common import MODELLED, TITLE_CODES, trf_points
from .games import round_blocks
from .scoring import MATCH_LETTERS, Locate, scoring_records
from .values import Bad, as_int, as_list, as_object, as_points, as_rating, letters


class Source(NamedTuple):
    """Where a line of the generated TRF came from: a line of the JSON and what it was."""

    line: int
    what: str


class Translation(NamedTuple):
    """A Chess-JSON document as TRF: the text, each TRF line's :class:`Source` (by TRF line
    number) and warnings about what could not be carried, each (JSON line, message)."""

    text: str
    where: dict[int, Source]
    notes: list[tuple[int, str]]


class _Trf:
    """The TRF lines being written, and where each came from."""

    def __init__(self) -> None:
        self.lines: list[str] = []
        self.where: dict[int, Source] = {}

    def emit(self, text: str, line: int = 0, what: str = "") -> None:
        # A line end inside a JSON string must not start a record of its own.
        self.lines.append(text.replace("\r", " ").replace("\n", " "))
        self.where[len(self.lines)] = Source(line, what)


@dataclass
class _Event:
    """The parts of a Chess-JSON document that the TRF is made of, their shapes checked."""

    doc: dict[str, Any]
    ev: dict[str, Any]
    t: dict[str, Any]
    info: dict[str, Any]
    tinfo: dict[str, Any]
    other: dict[str, Any]
    profiles: dict[int, dict[str, Any]]
    team_names: dict[int, str]
    notes: list[tuple[int, str]]
    locate: Locate  # the JSON line of a key path, 0 when not found


def _nowhere(path: Sequence[str]) -> int:
    return 0


class _Competitor(NamedTuple):
    """A player's JSON object and its path in the document (for messages)."""

    obj: dict[str, Any]
    path: str


def to_trf(
    doc: Any, cid_lines: Mapping[int, int] | None = None, locate: Locate | None = None
) -> Translation:
    """The TRF text of a Chess-JSON document's first tournament, TRF line -> (JSON line,
    what it came from), and warnings about what could not be carried. *locate* gives the
    JSON line of a key (the score system's letters, the dates) for the messages."""
    cid_lines = cid_lines or {}
    e = _event(doc, locate or _nowhere)
    trf = _Trf()
    _header(e, trf)
    team_event = bool(e.t.get("teamTournament"))
    players, teams = _competitors(e.t, e.other, team_event)
    _team_settings(e, team_event, trf)
    blocks = round_blocks(e.t, cid_lines, team_event)
    seen = _player_records(e, players, blocks, cid_lines, trf)
    e.notes.extend(_unknown_competitors(blocks, seen, cid_lines))
    _team_records(e, teams, cid_lines, trf)
    for record in as_list(e.other.get("trf"), '"other.trf"'):
        if isinstance(record, str) and record[:3] not in MODELLED:
            trf.emit(record, 0, "other.trf")
    return Translation("\n".join(trf.lines) + "\n", trf.where, e.notes)


def _event(doc: Any, locate: Locate) -> _Event:
    """The document's first tournament and what it refers to, each shape checked."""
    doc = as_object(doc, "a Chess-JSON document")
    ev = as_object(doc.get("event", doc), '"event"')
    tournaments = as_list(ev.get("tournaments"), '"event.tournaments"')
    if not tournaments:
        raise Bad('no tournament: "event.tournaments" is empty or missing')
    notes: list[tuple[int, str]] = []
    if len(tournaments) > 1:
        notes.append((0, f"the event has {len(tournaments)} tournaments; reading the first"))
    t = as_object(tournaments[0], '"event.tournaments[0]"')
    notes.extend((0, msg) for msg in _unknown_keys(doc, ev, t))
    profiles = _by_id(ev, "profiles")
    team_names = {k: str(tm.get("teamName", "")) for k, tm in _by_id(ev, "teams").items()}
    return _Event(
        doc=doc,
        ev=ev,
        t=t,
        info=as_object(ev.get("eventInfo") or {}, '"event.eventInfo"'),
        tinfo=as_object(t.get("tournamentInfo") or {}, '"tournamentInfo"'),
        other=as_object(t.get("other") or {}, '"other"'),
        profiles=profiles,
        team_names=team_names,
        notes=notes,
        locate=locate,
    )


def _by_id(ev: Mapping[str, Any], key: str) -> dict[int, dict[str, Any]]:
    """The objects of ``event.<key>`` that have an ``"id"``, by that id."""
    found: dict[int, dict[str, Any]] = {}
    for i, item in enumerate(as_list(ev.get(key), f'"event.{key}"')):
        item = as_object(item, f'"event.{key}[{i}]"')
        if "id" in item:
            found[as_int(item["id"], f'"event.{key}[{i}].id"')] = item
    return found


def _header(e: _Event, trf: _Trf) -> None:
    """The tournament's records: name, place, dates, type, rounds, tie-breaks, scoring."""
    t, info, other = e.t, e.info, e.other
    name = t.get("name") or e.ev.get("eventName") or info.get("fullName") or ""
    trf.emit(f"012 {name}")
    for code, key in (
        ("022", "site"),
        ("032", "federation"),
        ("042", "startDate"),
        ("052", "endDate"),
    ):
        if info.get(key):
            where = e.locate(("eventInfo", key))
            if code in ("042", "052") and not read_date(str(info[key])).understood:
                # named in Chess-JSON's form: the TRF reader would ask for YYYY/MM/DD
                what = "start date" if code == "042" else "end date"
                shown = clip(str(info[key]))
                e.notes.append(
                    (
                        where,
                        f"\"eventInfo.{key}\": {what} '{shown}' not understood (expected "
                        "YYYY-MM-DD)",
                    )
                )
                continue
            trf.emit(f"{code} {info[key]}", where, f'"eventInfo.{key}"' if where else "")
    if t.get("tournamentType"):
        trf.emit(f"092 {t['tournamentType']}")
    rounds = as_int(t.get("numRounds") or 0, '"numRounds"', high=MAX_ROUNDS)  # TRF's 99
    if rounds and other.get("numRoundsDeclared", True) is not False:
        trf.emit(f"142 {rounds}")
    if e.tinfo.get("typeOfTournament"):
        trf.emit(f"192 {e.tinfo['typeOfTournament']}")
    order = _rank_order(t)
    if order:
        trf.emit("212 " + ",".join(order))
    for record in scoring_records(t, other, e.locate, e.notes):
        trf.emit(record)


def _rank_order(t: Mapping[str, Any]) -> list[str]:
    """The tie-break codes of ``rankOrder`` (which starts with the points, "PTS"), or []."""
    order = [str(c) for c in as_list(t.get("rankOrder"), '"rankOrder"') if isinstance(c, str)]
    return order if len(order) > 1 and order[0].upper() == "PTS" else []


def _competitors(
    t: Mapping[str, Any], other: Mapping[str, Any], team_event: bool
) -> tuple[list[_Competitor], list[dict[str, Any]]]:
    """The players (a team's members, then players without a team) and the teams."""
    players: list[_Competitor] = []
    teams: list[dict[str, Any]] = []
    if not t.get("competitors"):  # null, [] or left out: there is no one to rank
        given = "missing" if "competitors" not in t else json.dumps(t["competitors"])
        raise Bad(
            f'"competitors" is {given}: a tournament\'s players (or teams) are a list of '
            'objects, {"cid": 1, ...} each'
        )
    for i, c in enumerate(as_list(t.get("competitors"), '"competitors"')):
        c = as_object(c, f'"competitors[{i}]"')
        if team_event and "cplayers" in c:
            teams.append(c)
            for j, cp in enumerate(as_list(c.get("cplayers"), f'"competitors[{i}].cplayers"')):
                path = f"competitors[{i}].cplayers[{j}]"
                players.append(_Competitor(as_object(cp, f'"{path}"'), path))
        else:
            players.append(_Competitor(c, f"competitors[{i}]"))
    alone = as_list(other.get("playersWithoutTeam"), '"other.playersWithoutTeam"')
    for i, c in enumerate(alone):
        path = f"other.playersWithoutTeam[{i}]"
        players.append(_Competitor(as_object(c, f'"{path}"'), path))
    return players, teams


def _team_settings(e: _Event, team_event: bool, trf: _Trf) -> None:
    """A team event's board colours (352) and match points (362); the shape of
    ``scoreSystem.match`` is checked in any event."""
    t = e.t
    if team_event and t.get("teamSequence"):
        trf.emit(f"352 {t['teamSequence']}")
    elif team_event and t.get("teamSize"):
        size = as_int(t["teamSize"], '"teamSize"')
        if not 1 <= size <= 99:
            raise Bad(f'"teamSize" {size} is outside 1..99 (boards)')
        trf.emit("352 " + ("WB" * size)[:size])
    system = as_object(t.get("scoreSystem") or {}, '"scoreSystem"')  # said in _header
    match = as_object(system.get("match") or {}, '"scoreSystem.match"')
    values = letters(
        match,
        "scoreSystem.match",
        lambda k: e.locate(("scoreSystem", "match", k)),
        MATCH_LETTERS,
    )
    if team_event and match:
        trf.emit("362 " + "  ".join(f"T{k} {trf_points(values[k])}" for k in "WDL" if k in values))


def _player_records(
    e: _Event,
    players: Sequence[_Competitor],
    blocks: Mapping[int, dict[int, str]],
    cid_lines: Mapping[int, int],
    trf: _Trf,
) -> set[int]:
    """One 001 line per player; the cids seen."""
    blank = set(as_list(e.other.get("pointsNotDeclared"), '"other.pointsNotDeclared"'))
    seen: set[int] = set()
    for c, path in players:
        cid = as_int(c.get("cid"), f'"{path}.cid"')
        line = cid_lines.get(cid, 0)
        if not 1 <= cid <= 9999:
            raise Bad(
                f'"{path}.cid" {cid} is outside 1..9999: fide-tiebreaks reads Chess-JSON '
                "through TRF, whose start ranks (TRF16 and TRF-2026 alike, columns 5-8) go "
                "to 9,999",
                line,
            )
        if cid in seen:
            raise Bad(f"two competitors have cid {cid}", line)
        seen.add(cid)
        pr = _profile(c, cid, path, line, e.profiles, e.notes)
        if cid in blank:
            c = {k: v for k, v in c.items() if k != "gamePoints"}
        text = _player_line(cid, c, pr, blocks.get(cid, {}), line, path)
        trf.emit(text, line, f"competitor {cid} ({path})")
        e.notes.extend((line, f"competitor {cid}: {cut}") for cut in _cut_fields(pr))
    return seen


def _team_records(
    e: _Event, teams: Sequence[dict[str, Any]], cid_lines: Mapping[int, int], trf: _Trf
) -> None:
    """One 310 line per team; a name or nickname too long for its columns is said."""
    blank = set(as_list(e.other.get("teamPointsNotDeclared"), '"other.teamPointsNotDeclared"'))
    for c in teams:
        cid = as_int(c.get("cid"), '"competitors[].cid" of a team', high=999)
        if cid in blank:
            c = {k: v for k, v in c.items() if k not in ("matchPoints", "gamePoints")}
        members = [
            as_int(cp.get("cid"), '"cplayers[].cid"', high=9999)
            for cp in as_list(c["cplayers"], "")
        ]
        tname = _team_name(c, cid, e.team_names, cid_lines, e.notes)
        trf.emit(_team_line(c, cid, tname, members), cid_lines.get(cid, 0), f"team {cid}")
        nickname = str(c.get("nickname", ""))
        for what, text, width in (("name", tname, 32), ("nickname", nickname, 5)):
            if len(text) > width:  # 310's columns; a warning, never a silent cut
                cut = f"'{clip(text, 40)}' is longer than TRF's {width} columns"
                note = f"team {cid}: {what} {cut}; read as '{text[:width]}'"
                e.notes.append((cid_lines.get(cid, 0), note))


def _team_line(c: Mapping[str, Any], cid: int, tname: str, members: Sequence[int]) -> str:
    """A team's 310 record."""
    mp = as_points(c.get("matchPoints"), f"team {cid} matchPoints")
    gp = as_points(c.get("gamePoints"), f"team {cid} gamePoints")
    rank = as_int(c.get("rank") or 0, f"team {cid} rank", high=999)
    nickname = str(c.get("nickname", ""))[:5]
    head = (
        f"310 {cid:3d} {tname[:32]:<32} {nickname:<5} {'':>6} "
        f"{exact_str(mp) if mp is not None else '':>6} "
        f"{trf_points(gp):>6} {rank or '':>3}  "
    )
    return head + " ".join(f"{m:4d}" for m in members)


def _profile(
    c: Mapping[str, Any],
    cid: int,
    path: str,
    line: int,
    profiles: Mapping[int, Any],
    notes: list[tuple[int, str]],
) -> Any:
    """The competitor's profile; a profileId that names none is said."""
    pid = as_int(c["profileId"], f'"{path}.profileId"', line) if "profileId" in c else cid
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
    team_id = as_int(c.get("teamId", cid), '"teamId"')
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
            out.append(
                f"{key} '{clip(text, 40)}' is longer than TRF's {width} columns; "
                f"read as '{text[:width]}'"
            )
    if not pr.get("fideName"):
        name = ", ".join(
            x for x in (str(pr.get("lastName", "")), str(pr.get("firstName", ""))) if x
        )
        if len(name) > 33:
            out.append(
                f"name '{clip(name, 40)}' is longer than TRF's 33 columns; read as '{name[:33]}'"
            )
    return out


def _player_line(
    cid: int,
    c: Mapping[str, Any],
    pr: Mapping[str, Any],
    blocks: Mapping[int, str],
    line: int,
    path: str,
) -> str:
    name = str(
        pr.get("fideName")
        or ", ".join(x for x in (str(pr.get("lastName", "")), str(pr.get("firstName", ""))) if x)
    )
    title = str(pr.get("fideTitle") or "")
    title = TITLE_CODES.get(title.upper(), title)
    profile = f"profile {pr.get('id')}: rating"
    rating = (
        as_rating(c.get("rating"), f"{path}.rating", line)
        or as_rating(pr.get("rating"), profile, line)
        or 0
    )
    if rating > 9999:
        raise Bad(f'"{path}" rating {rating} is outside 0..9999 (TRF\'s four columns)', line)
    points = as_points(c.get("gamePoints"), f'"{path}.gamePoints"', line)
    rank = "" if c.get("rank") is None else str(as_int(c["rank"], f'"{path}.rank"', line, 9999))
    fide_id = str(pr.get("fideId") or "")
    head = (
        f"001 {cid:4d} {str(pr.get('sex') or '')[:1]:1}{title[:3]:>3} {name[:33]:<33} "
        f"{rating or '':>4} {str(pr.get('federation') or '')[:3]:<3} {fide_id[:11]:>11} "
        f"{str(pr.get('birth') or '')[:10]:<10} "
        f"{trf_points(points):>4} {rank:>4}"
    )
    last = max(blocks, default=0)
    tail = "".join(f"  {blocks.get(r, '        ')}" for r in range(1, last + 1))
    return (head + tail).rstrip()
