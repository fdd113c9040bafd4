"""Team events in the builder: each round's team records (forfeited matches, team byes,
line-ups), checked, and the team event built from them as for a TRF team file."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from fractions import Fraction

from ..data_classes import dataclass
from ..diagnostics import Collector, Severity
from ..formats.trf.players import BYES
from ..formats.trf.team_records import report_team_findings
from ..model import ResultKind, Team, Tournament
from ..teams import Forfeit, Lineup, TeamBye, TeamRecords, build_team_event
from .results import BuilderError, listed, mapping


@dataclass(frozen=True)
class TeamSettings:
    """Boards (TRF 352), match points (362), primary score, a team PAB's MP and GP (320)."""

    boards: int | None
    match_points: Mapping[str, Fraction]
    primary: str
    team_pab: tuple[Fraction, Fraction] | None


@dataclass
class TeamRound:
    """One round's team records, as given to ``record_round``."""

    forfeits: list[tuple[str, int, int]]  # code, white team, black team (TRF-2026 330)
    byes: dict[int, ResultKind]  # team -> U, F, H or Z
    lineups: dict[int, tuple[int | None, ...]]  # team -> players by board (300)


def check_team_round(
    n: int,
    teams: Mapping[int, Team],
    known: Callable[[object, int], object],
    forfeits: Iterable[tuple[int, int, str]],
    byes: Mapping[int, str] | None,
    lineups: Mapping[int, Sequence[int | None]] | None,
) -> TeamRound:
    """Round *n*'s team records, checked: known teams, each placed once, known players
    (*known* raises for an unknown one)."""
    out = TeamRound([], {}, {})
    forfeits = listed(forfeits, "team_forfeits", n)
    byes, lineups = mapping(byes, "team_byes", n), mapping(lineups, "lineups", n)
    given = forfeits or byes or lineups
    if given and not teams:
        raise BuilderError("team_forfeits, team_byes and lineups need teams (add_team)", n)
    placed: dict[int, str] = {}

    def team(tid: object, what: str) -> int:
        if isinstance(tid, bool) or not isinstance(tid, int) or tid not in teams:
            raise BuilderError(f"unknown team {tid!r} ({what})", n)
        if tid in placed:
            raise BuilderError(f"team {tid} is paired twice ({placed[tid]}, and {what})", n)
        placed[tid] = what
        return tid

    for item in forfeits:
        try:
            white, black, code = item
        except (TypeError, ValueError):
            raise BuilderError(f"team forfeit {item!r} is not (white, black, code)", n) from None
        if code not in ("+-", "-+", "--"):
            raise BuilderError(f"team forfeit '{code}' must be +-, -+ or --", n)
        out.forfeits.append((code, team(white, f"forfeit {code}"), team(black, "forfeit")))
    for tid, code in byes.items():
        text = code.strip().upper() if isinstance(code, str) else ""
        if text not in ("U", "F", "H", "Z"):
            raise BuilderError(f"team bye {code!r} must be U, F, H or Z", n)
        out.byes[team(tid, f"bye {text}")] = BYES[text]
    for tid, board_list in lineups.items():
        if tid not in teams:
            raise BuilderError(f"unknown team {tid!r} (lineup)", n)
        board_list = listed(board_list, f"lineup of team {tid}", n)
        for p in board_list:
            if p is not None:
                known(p, n)
        out.lineups[tid] = tuple(board_list)
    return out


def team_event(
    ind: Tournament, teams: Mapping[int, Team], rounds: Sequence[TeamRound], settings: TeamSettings
) -> Tournament:
    """The team event of *ind* (C.07 Art. 11-13), built as for a TRF team file; what the
    file reader would warn about is a :class:`BuilderError`."""
    recs = TeamRecords(
        teams=list(teams.values()),
        boards=settings.boards,
        match_points=dict(settings.match_points),
        primary=settings.primary,
        pab_override=settings.team_pab,
    )
    team_of = {p: t.id for t in teams.values() for p in t.players}
    for r, tr in enumerate(rounds, start=1):
        _round_records(recs, r, tr, ind, team_of)
    out = Collector("<EventBuilder>")
    event = build_team_event(ind, recs)
    report_team_findings(event.findings, out)
    problems = [d.message for d in out.items if d.severity >= Severity.WARNING]
    if problems:
        raise BuilderError("; ".join(problems))
    return event.tournament


def _round_records(
    recs: TeamRecords, r: int, tr: TeamRound, ind: Tournament, team_of: Mapping[int, int]
) -> None:
    """Round *r* as the records a TRF team file gives (330 forfeits, 320 byes, 310 line-ups),
    each line-up's opponent the team its boards met."""
    for code, white, black in tr.forfeits:
        recs.forfeits.append(Forfeit(line=0, code=code, round=r, white=white, black=black))
    for kind in {k for k in tr.byes.values()}:
        recs.byes.append(
            TeamBye(line=0, kind=kind, round=r, teams=[t for t, k in tr.byes.items() if k is kind])
        )
    for tid, seats in tr.lineups.items():
        opponents = [
            team_of.get(ind.participant(p).results[r - 1].opponent or 0)
            for p in seats
            if p is not None
        ]
        opp = next((o for o in opponents if o), 0)
        recs.lineups.append(
            Lineup(line=0, round=r, team=tid, opponent=opp, players=[p or 0 for p in seats])
        )
