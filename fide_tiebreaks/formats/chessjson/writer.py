"""Writing Chess-JSON, FIDE TEC's JSON model of an event (see the package docstring)."""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from fractions import Fraction
from typing import Any

from ...data_classes import NamedTuple
from ...model import (
    Colour,
    Game,
    Match,
    Participant,
    ResultKind,
    Scoring,
    Tournament,
    TournamentType,
)
from ...numbers import exact_str
from ..base import MAX_BYTES, MAX_JSON_VALUES, TooLarge, json_values
from ..trf.state import MAX_PLAYERS
from .common import MODELLED, TITLES, trf_points
from .extension import extras

# One side's result letter; gacrux writes PAB as played (it is a bye, scored as a win). A
# full-point bye has its own letter (scoreSystem "F"): "W" without an opponent is, in a team
# event, a board won against an empty one.
_LETTER = {
    ResultKind.WIN: "W",
    ResultKind.UNRATED_WIN: "W",
    ResultKind.FORFEIT_WIN: "W",
    ResultKind.FULL_BYE: "F",
    ResultKind.DRAW: "D",
    ResultKind.UNRATED_DRAW: "D",
    ResultKind.HALF_BYE: "D",
    ResultKind.LOSS: "L",
    ResultKind.UNRATED_LOSS: "L",
    ResultKind.FORFEIT_LOSS: "Z",
    ResultKind.DOUBLE_FORFEIT: "Z",
    ResultKind.ZERO_BYE: "Z",
    ResultKind.PAB: "P",
}
_RATED = {ResultKind.WIN, ResultKind.DRAW, ResultKind.LOSS}


# -- writing -----------------------------------------------------------------------------


class Ranked(NamedTuple):
    """A computed rank: the participant (team) id, its rank and its tie-break values in the
    order of the codes."""

    id: int
    rank: int
    values: Sequence[Fraction | None]


class _Computed(NamedTuple):
    """The rank to write and the tie-break values (None: none computed)."""

    rank: int | None
    values: Sequence[Fraction | None] | None


def event(
    t: Tournament,
    ranking: Sequence[tuple[int, int, Sequence[Fraction | None]]] = (),
    codes: Sequence[str] = (),
) -> dict[str, Any]:
    """The Chess-JSON document of *t*. With *ranking* (:class:`Ranked` entries, or tuples of
    participant id, rank, tie-break values in the order of *codes*) the competitors carry the
    computed ``rank`` and ``tieBreakScore`` and ``rankOrder`` lists the codes; without it,
    the ranks the source declared."""
    ind = t.team.players if t.team is not None else t
    _check_readable_ids(ind)
    computed = {r.id: _Computed(r.rank, r.values) for r in map(Ranked._make, ranking)}
    tournament = _tournament(t, ind, ["PTS", *codes] if ranking else _declared_order(t))
    if t.team is None:
        for p in t.participants:
            rank, values = computed.get(p.id, _Computed(p.declared_rank, None))
            tournament["competitors"].append(_competitor(p, rank, values))
    else:
        _team_tournament(t, ind, computed, tournament)
    extra = _other(t, ind)
    if extra:
        tournament["other"] = extra
    from ...version import __version__

    document = {
        "filetype": "Event",
        "version": "1.0",
        "origin": f"fide-tiebreaks {__version__}",
        "published": "",  # left empty so that the same input always gives the same bytes
        "status": {"code": 0, "error": []},
        "event": {
            "eventName": t.name,
            "eventInfo": _event_info(t),
            "ratingLists": [{"listName": "TRF"}],
            "profiles": [_profile(p) for p in ind.participants],
            "teams": _teams(t),
            "tournaments": [tournament],
        },
    }
    if t.team is not None and t.source is None:
        _check_built_team_event(t, document)
    return document


def _tournament(t: Tournament, ind: Tournament, rank_order: list[str]) -> dict[str, Any]:
    """The tournament object without its competitors (and, in a team event, its teams)."""
    tournament: dict[str, Any] = {
        "tournamentNo": 1,
        "name": t.name,
        "tournamentType": _type_text(t),
        "tournamentInfo": {"fullName": t.name},
        "teamTournament": t.team is not None,
        "teamSize": t.team.boards if t.team is not None else 0,
        "numRounds": t.planned_rounds or t.rounds,
        "currentRound": t.rounds,
        "ratingList": "TRF",
        "rankOrder": rank_order,
        "scoreSystem": {"game": _score_system(ind.scoring)},
        "competitors": [],
        "gameList": _games(ind, t.team is not None),
        "matchList": [],
    }
    if t.info.get("192"):
        tournament["tournamentInfo"]["typeOfTournament"] = t.info["192"]
    return tournament


def _team_tournament(
    t: Tournament, ind: Tournament, computed: Mapping[int, _Computed], tournament: dict[str, Any]
) -> None:
    """A team event's scoring, board colours, teams (with their players) and matches."""
    assert t.team is not None
    data = t.team
    g = data.game_scoring
    tournament["scoreSystem"]["match"] = {
        **_score_system(data.match_scoring),  # and the game points of a team bye ("?G")
        "FG": trf_points(g.full_bye),
        "HG": trf_points(g.half_bye),
        "ZG": trf_points(g.zero_bye),
        "PG": trf_points(g.pab),
    }
    tournament["scoreSystem"]["primary"] = "match" if data.primary == "MP" else "game"
    tournament["teamSequence"] = ind.info.get("352", "")
    mp = {p.id: p.points for p in _view(t, "MP")}
    gp = {p.id: p.points for p in _view(t, "GP")}
    for team in data.teams:
        rank, values = computed.get(team.id, _Computed(team.declared_rank, None))
        entry: dict[str, Any] = {
            "cid": team.id,
            "teamId": team.id,
            "rank": rank or 0,
            "present": True,
            "matchPoints": exact_str(
                team.declared_mp if team.declared_mp is not None else mp[team.id]
            ),
            "gamePoints": exact_str(
                team.declared_gp if team.declared_gp is not None else gp[team.id]
            ),
            "cplayers": _cplayers(ind, team.id, team.players),
        }
        if values is not None:
            entry["tieBreakScore"] = [_number(v) for v in values]
        if team.nickname:
            entry["nickname"] = team.nickname
        tournament["competitors"].append(entry)
    tournament["matchList"] = _matches(t, tournament["gameList"])


def _cplayers(ind: Tournament, team_id: int, players: Sequence[int]) -> list[dict[str, Any]]:
    """A team's players, in roster order."""
    return [
        {
            **_competitor(ind.participant(pid), ind.participant(pid).declared_rank, None),
            "order": order,
            "teamId": team_id,
        }
        for order, pid in enumerate(players, start=1)
        if pid in ind.index
    ]


def _other(t: Tournament, ind: Tournament) -> dict[str, Any]:
    """The tournament's ``other`` object: our extension, and what Chess-JSON has no field
    for, so that the event reads back the same."""
    records = _trf_records(t)
    extra: dict[str, Any] = extras(t)
    loose = _players_without_team(t, ind)
    if loose:
        extra["playersWithoutTeam"] = loose
    if records:
        extra["trf"] = records
    blank = [p.id for p in ind.participants if p.declared_points is None]
    if blank:  # gamePoints is always written; these had no points column in the source
        extra["pointsNotDeclared"] = blank
    if t.team is not None:
        blank = [tm.id for tm in t.team.teams if tm.declared_mp is None and tm.declared_gp is None]
        if blank:  # TRF16 013 records have no MP / GP columns
            extra["teamPointsNotDeclared"] = blank
    if t.planned_rounds is None:  # numRounds is required, but the source did not say it
        extra["numRoundsDeclared"] = False
    if _needs_full_scoring(ind.scoring):
        extra["scoring"] = {k: exact_str(v) for k, v in vars(ind.scoring).items()}
    return extra


def _trf_records(t: Tournament) -> list[str]:
    """The source's TRF records that Chess-JSON has no field for, and a built event's own
    tie-break list."""
    records = [sl.text for sl in (t.source.lines if t.source else ()) if _carried(sl.text)]
    if t.declared_tiebreaks and not any(x.startswith("202") for x in records):
        records.append("202 " + ",".join(t.declared_tiebreaks))
    return records


def _players_without_team(t: Tournament, ind: Tournament) -> list[dict[str, Any]]:
    """In a team event, the players on no roster. They have no team competitor to sit in
    (Chess-JSON's competitors are the teams), so they travel in ``other``, and no record is
    lost (the reader reads them)."""
    if t.team is None:
        return []
    rostered = {pid for tm in t.team.teams for pid in tm.players}
    return [_competitor(p, p.declared_rank, None) for p in ind.participants if p.id not in rostered]


def _teams(t: Tournament) -> list[dict[str, Any]]:
    """``event.teams``: each team's id, name and roster."""
    if t.team is None:
        return []
    return [{"id": tm.id, "teamName": tm.name, "players": list(tm.players)} for tm in t.team.teams]


def _event_info(t: Tournament) -> dict[str, str]:
    """``event.eventInfo``: the name, place and dates (from the records, else the model's)."""
    event_info = {"fullName": t.name}
    for code, key in (
        ("022", "site"),
        ("032", "federation"),
        ("042", "startDate"),
        ("052", "endDate"),
    ):
        day = t.start_date if code == "042" else t.end_date if code == "052" else None
        if t.info.get(code) or day is not None:  # a built event has dates and no records
            event_info[key] = t.info.get(code) or f"{day:%Y/%m/%d}"
    return event_info


class NotCarried(TooLarge):
    """An event that Chess-JSON cannot carry so that it reads back the same."""


def _check_readable_ids(ind: Tournament) -> None:
    """Our Chess-JSON reader reads an event through TRF's columns, whose start ranks go to
    9,999 (an event built in memory may have more): a file it would refuse is not written."""
    highest = max((p.id for p in ind.participants), default=0)
    if highest > MAX_PLAYERS:
        raise NotCarried(
            f"this event has start ranks up to {highest:,}; fide-tiebreaks reads Chess-JSON "
            f"through TRF's columns, which hold start ranks 1-{MAX_PLAYERS:,}, so it could not "
            "read this file back; write the standings as JSON or CSV instead"
        )


def _check_built_team_event(t: Tournament, document: Mapping[str, Any]) -> None:
    """A team event built in memory (EventBuilder) has its team byes, forfeited matches and
    line-ups in the model only, where a file's travel as its records (other.trf): written,
    it must read back equal, or it is not written."""
    from ...diagnostics import InputError
    from .reader import read_chess_json

    try:
        back: Tournament | None = read_chess_json(json.dumps(document).encode()).tournament
    except InputError:
        back = None
    if back != t:
        raise NotCarried(
            "this team event, built in memory, has team records (team byes, "
            "forfeited matches or line-ups out of roster order) that Chess-JSON "
            "does not carry; write it as TRF"
        )


def dumps(document: Mapping[str, Any]) -> str:
    """The document as text, one value per line. Raises :class:`TooLarge` when the text is
    over the reader's limits (:data:`~fide_tiebreaks.formats.base.MAX_BYTES`,
    :data:`~fide_tiebreaks.formats.base.MAX_JSON_VALUES`), which only the largest events reach
    (9,999 players x 99 rounds: 5 million values)."""
    from .. import jsonkeys  # active characters escaped, as in every JSON text we write

    text = jsonkeys.dumps(document, indent=1) + "\n"
    size, values = len(text.encode("utf-8")), json_values(text)
    if size > MAX_BYTES or values > MAX_JSON_VALUES:
        raise TooLarge(
            f"the Chess-JSON of this event would be {size:,} bytes holding {values:,} "
            f"values, more than fide-tiebreaks reads back ({MAX_BYTES:,} bytes, "
            f"{MAX_JSON_VALUES:,} values); write TRF instead"
        )
    return text


def _view(t: Tournament, score: str) -> tuple[Participant, ...]:
    from ...teams import team_view

    return team_view(t, score).participants


def _type_text(t: Tournament) -> str:
    """TRF 092's text: the file's when the type came from the file, else the model's type
    in words the reader knows (an empty one would have the type inferred again)."""
    if t.type_source == "file" and t.info.get("092"):
        return t.info["092"]
    words = "Round Robin" if t.type is TournamentType.ROUND_ROBIN else "Swiss-System"
    return f"Team {words}" if t.team is not None else words


def _declared_order(t: Tournament) -> list[str]:
    if t.declared_standings:
        return list(t.declared_standings)
    return ["PTS", *t.declared_tiebreaks]


def _carried(text: str) -> bool:
    code = text[:3]
    return bool(text.strip()) and code not in MODELLED


def _number(value: Fraction | None) -> str | None:
    return None if value is None else exact_str(value)


def _score_system(s: Scoring) -> dict[str, str]:
    # A (adjourned or unknown) and U (unplayed) complete the reference program's letters.
    return {
        "W": trf_points(s.win),
        "D": trf_points(s.draw),
        "L": trf_points(s.loss),
        "F": trf_points(s.full_bye),
        "H": trf_points(s.half_bye),
        "Z": trf_points(s.zero_bye),
        "P": trf_points(s.pab),
        "A": "D",
        "U": "Z",
    }


def _needs_full_scoring(s: Scoring) -> bool:
    """Colour-dependent values and forfeit values have no letter of their own."""
    return (
        s.win_black != s.win_white
        or s.draw_black != s.draw_white
        or s.loss_black != s.loss_white
        or s.forfeit_win != s.win_white
        or s.forfeit_loss != s.zero_bye
    )


def _profile(p: Participant) -> dict[str, Any]:
    last, _, first = p.name.partition(",")
    profile: dict[str, Any] = {
        "id": p.id,
        "lastName": last.strip(),
        "firstName": first.strip(),
        "fideName": p.name,
        "sex": p.sex,
        "federation": p.federation,
        "fideTitle": TITLES.get(p.title.lower(), p.title),
        "birth": p.birth_date,
        "rating": [{"list": "TRF", "rating": p.rating}] if p.rating else [],
    }
    if p.fide_id:
        profile["fideId"] = int(p.fide_id) if p.fide_id.isdigit() else p.fide_id
    return profile


def _competitor(
    p: Participant, rank: int | None, values: Sequence[Fraction | None] | None
) -> dict[str, Any]:
    points = p.declared_points if p.declared_points is not None else p.points
    entry: dict[str, Any] = {
        "cid": p.id,
        "profileId": p.id,
        "present": True,
        "gamePoints": trf_points(points),
        "rating": {"list": "TRF", "rating": p.rating} if p.rating else None,
    }
    if rank is not None:  # no rank and rank 0 differ in TRF; keep which one it was
        entry["rank"] = rank
    if values is not None:
        entry["tieBreakScore"] = [_number(v) for v in values]
    return entry


def _side(p: Participant, kind: ResultKind, colour: Colour = Colour.WHITE) -> dict[str, Any]:
    side: dict[str, Any] = {"cid": p.id, "result": _LETTER[kind]}
    if colour is Colour.NONE:  # paired without a colour (TRF '-'): not the position's
        side["colour"] = "-"
    return side


def _games(t: Tournament, team_event: bool) -> list[dict[str, Any]]:
    """One entry per game (both sides) or bye (white only), round by round."""
    out: list[dict[str, Any]] = []
    for r in range(1, t.rounds + 1):
        for p in t.participants:
            if len(p.results) < r or p.results[r - 1].kind is ResultKind.NOT_PAIRED:
                continue
            entry = _game(t, p, r)
            if entry is not None:
                out.append(entry)
    for n, entry in enumerate(out, start=1):
        entry["id"] = n
    return out


def _game(t: Tournament, p: Participant, r: int) -> dict[str, Any] | None:
    """*p*'s game or bye of round *r*; None when the opponent's side writes the game."""
    g = p.results[r - 1]
    entry: dict[str, Any] = {"round": r}
    if g.opponent is not None and g.opponent in t.index:
        q = t.participant(g.opponent)
        h = q.results[r - 1] if len(q.results) >= r else None
        mine_first = g.colour is Colour.WHITE or (g.colour is not Colour.BLACK and p.id < q.id)
        if h is not None and h.opponent == p.id and _one_game(g, h):
            if not mine_first:
                return None  # written from the opponent's side
            entry["white"] = _side(p, g.kind, g.colour)
            entry["black"] = _side(q, h.kind, h.colour)
        else:  # one-sided (or sides one entry cannot hold): each side its own entry
            side = _side(p, g.kind, g.colour)
            theirs = {"cid": q.id, "result": None}  # q's own entry, if any, is its own
            entry["white"], entry["black"] = (side, theirs) if mine_first else (theirs, side)
    else:
        entry["white"], entry["black"] = _side(p, g.kind), None
    entry["played"], entry["rated"] = _played(g.kind), g.kind in _RATED
    return entry


def _played(kind: ResultKind) -> bool:
    return kind.played or kind is ResultKind.PAB


def _one_game(g: Game, h: Game) -> bool:
    """Whether the two sides of a pairing fit in one gameList entry: its colours are its
    positions and its ``played`` and ``rated`` are the game's. Sides that disagree (both
    white, a win against a forfeit: results that do not mirror, which the reader reports)
    are written as two one-sided entries, so that each reads back as it was."""
    colours = {g.colour, h.colour}
    return (
        colours in ({Colour.WHITE, Colour.BLACK}, {Colour.NONE})
        and _played(g.kind) == _played(h.kind)
        and (g.kind in _RATED) == (h.kind in _RATED)
    )


# A team's result letter in a match or a team bye.
_MATCH_LETTER = {
    ResultKind.WIN: "W",
    ResultKind.DRAW: "D",
    ResultKind.LOSS: "L",
    ResultKind.FORFEIT_WIN: "W",
    ResultKind.FORFEIT_LOSS: "Z",
    ResultKind.DOUBLE_FORFEIT: "Z",
    ResultKind.PAB: "P",
    ResultKind.FULL_BYE: "W",
    ResultKind.HALF_BYE: "D",
    ResultKind.ZERO_BYE: "Z",
}
_MATCH_PLAYED = (ResultKind.WIN, ResultKind.DRAW, ResultKind.LOSS, ResultKind.PAB)


def _matches(t: Tournament, games: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """One entry per match or team bye; ``games`` lists the gameList ids of its boards, which
    the reference program needs to put a team's boards together."""
    assert t.team is not None
    at: dict[tuple[int, int], int] = {}  # (round, player) -> game id
    for g in games:
        for side in (g["white"], g["black"]):
            if side is not None and side["result"] is not None:  # null: the other's entry
                at[(g["round"], side["cid"])] = g["id"]
    out: list[dict[str, Any]] = []
    for tid, matches in sorted(t.team.matches.items()):
        for m in matches:
            if m.kind not in _MATCH_LETTER:
                continue
            if m.opponent is not None and m.opponent < tid:
                continue  # written from the lower team number's side
            entry: dict[str, Any] = {
                "round": m.round,
                "white": {"cid": tid, "result": _MATCH_LETTER[m.kind]},
                "black": None,
                "played": m.kind in _MATCH_PLAYED,
            }
            entry["games"] = _board_games(t, tid, m, at, games)
            if m.opponent is not None:
                theirs = t.team.matches[m.opponent][m.round - 1]
                entry["black"] = {"cid": m.opponent, "result": _MATCH_LETTER.get(theirs.kind, "Z")}
            out.append(entry)
    out.sort(key=lambda e: (e["round"], e["white"]["cid"]))
    return out


def _board_games(
    t: Tournament,
    tid: int,
    m: Match,
    at: Mapping[tuple[int, int], int],
    games: list[dict[str, Any]],
) -> list[int]:
    """The gameList ids of a match's boards (both teams' line-ups), each game given its board."""
    assert t.team is not None
    board_games = []
    for team in (tid, m.opponent) if m.opponent is not None else (tid,):
        for b in t.team.lineups.get((team, m.round), ()):
            if b.player is not None and (m.round, b.player) in at:
                gid = at[(m.round, b.player)]
                games[gid - 1]["board"] = b.board  # ids are positions + 1
                board_games.append(gid)
    return sorted(set(board_games))


# -- reading -----------------------------------------------------------------------------
