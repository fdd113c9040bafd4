"""The team records of a team event written from the model: TRF-2026 ``310 352 362 320 330
240 300 299``, or TRF16 ``013`` where the event needs nothing TRF16 lacks (checked by reading
the text back: TRF16 leaves board order, PABs and match scores to the reader's rules)."""

from __future__ import annotations

from fractions import Fraction

from ...model import Colour, Match, ResultKind, TeamData, Tournament
from ...teams import team_scores
from ...teams.records import MATCH_LETTER
from .forms import MAX_ID, MAX_TEAM, Output, fit, points_field

_BYE_LETTER = {ResultKind.FULL_BYE: "F", ResultKind.HALF_BYE: "H", ResultKind.ZERO_BYE: "Z"}
_FORFEIT = {ResultKind.FORFEIT_WIN: "+", ResultKind.FORFEIT_LOSS: "-"}
_PLAYED = {ResultKind.WIN, ResultKind.DRAW, ResultKind.LOSS}


def team_records(out: Output, lineups: frozenset[tuple[int, int]] = frozenset()) -> list[str]:
    """The team records for *out*'s form; *lineups* are the (team, round) whose board order
    needs a 300 record (where the reader's default order, C.04 team rules, differs)."""
    t = out.t
    data = t.team
    assert data is not None
    for p in out.ind.participants:
        if p.adjustment_units:
            out.problems.append(
                f"player {p.id}: a bonus or penalty on a player's total in a "
                "team event (a team file's 299 names teams)"
            )
    if out.form == "trf16":
        return _trf16(out, data)
    return [
        *_teams_310(out, data),
        *_settings(data, out),
        *_pab(out, data),
        *_forfeits(out, data),
        *_byes(out, data),
        *_lineups(out, data, lineups),
        *_abnormal(out, data),
    ]


def _matches(out: Output, data: TeamData, tid: int) -> tuple[Match, ...]:
    return data.matches[tid][: out.t.rounds]


def _teams_310(out: Output, data: TeamData) -> list[str]:
    problems = out.problems
    mp, gp = team_scores(out.t)
    lines = []
    for team in data.teams:
        if not 1 <= team.id <= MAX_TEAM:
            problems.append(f"team {team.id}: 310 columns 5-7 hold team numbers 1-{MAX_TEAM}")
            continue
        declared = not out.ranks and out.t.rounds == data.players.rounds
        m = team.declared_mp if declared and team.declared_mp is not None else mp[team.id]
        g = team.declared_gp if declared and team.declared_gp is not None else gp[team.id]
        rank = out.ranks.get(team.id) if out.ranks else team.declared_rank
        rank_text = "" if rank is None else str(rank)
        if len(rank_text) > 3:
            problems.append(f"team {team.id}: rank {rank} does not fit 310 columns 69-71")
        who = f"team {team.id}:"
        head = (
            f"310 {team.id:3d} {fit(team.name, 32, f'{who} name', problems):<32} "
            f"{fit(team.nickname, 5, f'{who} nickname', problems):<5} {'':6} "
            f"{points_field(m, 6, f'{who} match points', problems)} "
            f"{points_field(g, 6, f'{who} game points', problems)} {rank_text[:3]:>3}  "
        )
        lines.append(head + " ".join(f"{pid:4d}" for pid in team.players if pid <= MAX_ID))
    return lines


def _settings(data: TeamData, out: Output) -> list[str]:
    """352 (the board colours: its length is the number of boards) and 362 (match points)."""
    given = out.ind.info.get("352", "").strip().upper()
    colours = (
        given
        if len(given) == data.boards and set(given) <= {"W", "B"}
        else (("WB" * data.boards)[: data.boards])
    )
    m = data.match_scoring
    parts = [
        f"T{k}{points_field(v, 4, f'362 T{k}', out.problems)}"
        for k, v in (("W", m.win), ("D", m.draw), ("L", m.loss))
    ]
    return [f"352 {colours}", "362 " + "   ".join(parts)]


def _pab(out: Output, data: TeamData) -> list[str]:
    """320: the PAB's match and game points, then the PAB team of each round (000: none)."""
    rounds = ["000"] * out.t.rounds
    for team in data.teams:
        for m in _matches(out, data, team.id):
            if m.kind is ResultKind.PAB:
                rounds[m.round - 1] = f"{team.id:03d}"
    mp = points_field(data.match_scoring.pab, 4, "320 PAB match points", out.problems)
    gp = points_field(data.game_scoring.pab, 4, "320 PAB game points", out.problems)
    return [f"320 {mp} {gp}" + "".join(f" {r}" for r in rounds)]


def _forfeits(out: Output, data: TeamData) -> list[str]:
    lines = []
    for team in data.teams:
        for m in _matches(out, data, team.id):
            if not m.kind.forfeit or m.opponent is None or m.opponent < team.id:
                continue
            theirs = data.matches[m.opponent][m.round - 1].kind
            if m.kind is ResultKind.DOUBLE_FORFEIT:
                code = "--"
            else:
                code = _FORFEIT[m.kind] + _FORFEIT.get(theirs, "-")
            lines.append(f"330 {code} {m.round:3d} {team.id:3d} {m.opponent:3d}")
    return lines


def _byes(out: Output, data: TeamData) -> list[str]:
    groups: dict[tuple[str, int], list[int]] = {}
    for team in data.teams:
        for m in _matches(out, data, team.id):
            if m.kind in _BYE_LETTER:
                groups.setdefault((_BYE_LETTER[m.kind], m.round), []).append(team.id)
    return [
        f"240 {letter} {rnd:3d} " + " ".join(f"{tid:4d}" for tid in ids)
        for (letter, rnd), ids in sorted(groups.items(), key=lambda kv: kv[0][::-1])
    ]


def _lineups(out: Output, data: TeamData, needed: frozenset[tuple[int, int]]) -> list[str]:
    """300 where the board order is not the reader's default: the players by board (0000:
    an empty board)."""
    lines = []
    for team in data.teams:
        for m in _matches(out, data, team.id):
            if m.opponent is None or (team.id, m.round) not in needed:
                continue
            boards = data.lineups.get((team.id, m.round), ())
            ids = " ".join(f"{b.player or 0:4d}" for b in boards)
            lines.append(f"300 {m.round:3d} {team.id:3d} {m.opponent:3d} {ids}")
    return lines


def _abnormal(out: Output, data: TeamData) -> list[str]:
    """299 for a match scored outside the match and game scoring (a team file's 299)."""
    lines = []
    for team in data.teams:
        for m in _matches(out, data, team.id):
            mp = data.match_scoring.points(m.kind, Colour.NONE)
            if m.kind in _PLAYED:
                boards = data.lineups.get((team.id, m.round), ())
                gp = sum((b.points for b in boards), Fraction(0))
            else:
                gp = data.game_scoring.points(m.kind, Colour.NONE)
            if (m.mp, m.gp) == (mp, gp) or m.kind not in MATCH_LETTER:
                continue
            what = f"team {team.id}, round {m.round}:"
            lines.append(
                f"299 {MATCH_LETTER[m.kind]}  "
                f"{points_field(m.mp, 4, f'{what} match points', out.problems)}  "
                f"{points_field(m.gp, 4, f'{what} game points', out.problems)}  "
                f"{m.round:3d} {team.id:4d}"
            )
    return lines


# -- TRF16 --------------------------------------------------------------------------------


def _trf16(out: Output, data: TeamData) -> list[str]:
    """013 records (teams numbered by their order); what only TRF-2026 records carry is
    refused here, and :func:`verify_trf16` checks the rest by reading the text back."""
    problems = out.problems
    ids = [team.id for team in data.teams]
    if ids != list(range(1, len(ids) + 1)):
        problems.append(
            "team numbers other than 1..N in order (TRF16 013 numbers the teams "
            "by their order; TRF-2026 310 holds them)"
        )
    if out.ranks:
        out.refuse("310", "the teams' ranks (TRF16 013 has no rank column; TRF-2026 310 does)")
    if data.primary != "MP":
        out.refuse("192", "game points as the primary score (TRF-2026 192 _GP_MP)")
    m = data.match_scoring
    if (m.win, m.draw, m.loss) != (2, 1, 0):
        out.refuse("362", f"match points {m.win}/{m.draw}/{m.loss} (TRF-2026 362)")
    for team in data.teams:
        if team.nickname:
            out.refuse("310", f"team {team.id}'s nickname '{team.nickname}' (TRF-2026 310)")
        for match in _matches(out, data, team.id):
            if match.kind.forfeit:
                out.refuse(
                    "330",
                    f"round {match.round}: the forfeited match of team {team.id} (TRF-2026 330)",
                )
            elif match.kind in _BYE_LETTER:
                out.refuse(
                    "240",
                    f"round {match.round}: the {match.kind.description} of team "
                    f"{team.id} (TRF-2026 240)",
                )
    lines = []
    for team in data.teams:
        name = fit(team.name, 32, f"team {team.id}: name", problems)
        lines.append(f"013 {name:<32}" + " ".join(f"{pid:4d}" for pid in team.players))
    return lines


def lineups_to_state(out: Output, text: str) -> frozenset[tuple[int, int]]:
    """The (team, round) whose line-up, read back from *text* (written without 300
    records), is not the model's: those need a 300 record."""
    from .reader import parse_trf

    data = out.t.team
    back = parse_trf(text).tournament.team
    assert data is not None and back is not None
    return frozenset(
        (team.id, r)
        for team in data.teams
        for r in range(1, out.t.rounds + 1)
        if data.lineups.get((team.id, r)) != back.lineups.get((team.id, r))
    )


def verify_trf16(out: Output, text: str) -> None:
    """Read the TRF16 text back and refuse it when the team event it gives differs (board
    order, PABs, board count and PAB points are the reader's rules in TRF16)."""
    from .forms import TrfFormError
    from .reader import parse_trf

    data = out.t.team
    assert data is not None
    back = parse_trf(text).tournament.team
    reasons = []
    if back is None:
        reasons.append("the team records (read back, the file has no teams)")
    else:
        reasons += _differences(out.t, data, back)
    if reasons:
        raise TrfFormError("trf16", reasons)


def _differences(t: Tournament, data: TeamData, back: TeamData) -> list[str]:
    reasons = []
    if back.boards != data.boards:
        reasons.append(
            f"{data.boards} boards where the players sat on {back.boards} (TRF-2026 352)"
        )
    if back.game_scoring.pab != data.game_scoring.pab or (
        back.match_scoring.pab != data.match_scoring.pab
    ):
        reasons.append("the PAB's match and game points (TRF-2026 320)")
    for team in data.teams:
        mine, theirs = data.matches[team.id][: t.rounds], back.matches.get(team.id, ())
        for a, b in zip(mine, theirs, strict=False):
            if a.kind is ResultKind.PAB and b.kind is not ResultKind.PAB:
                reasons.append(f"round {a.round}: the PAB of team {team.id} (TRF-2026 320)")
            elif a != b:
                reasons.append(
                    f"round {a.round}: the match of team {team.id} as the model "
                    "has it (TRF-2026 299, 320)"
                )
        for r in range(1, t.rounds + 1):
            if data.lineups.get((team.id, r)) != back.lineups.get((team.id, r)):
                reasons.append(f"round {r}: the board order of team {team.id} (TRF-2026 300)")
    return reasons
