"""tiebreak-core as a program under test: our model turned into its records, in process.

tiebreak-core (PyPI) is never a dependency: this module imports it when the adapter runs.
Each round becomes a ``GameRecord`` of the kind C.07 Art. 16 gives it: a game over the
board (a short game, W/D/L, is one too) is ``played``; forfeits keep the scheduled opponent
(a double forfeit is a forfeit loss for both); a PAB and a full-point bye are
``pairing_bye``; a half- or zero-point bye and a round not paired are ``requested_bye``
(16.1.1 counts the rounds after a withdrawal as zero-point byes), except the round an odd
round robin leaves a participant out (``absent``). Unrated participants
have rating 0, which tiebreak-core leaves out of rating tie-breaks. Values are floats
there; they are printed to 10 decimals and compared at that precision (its adapter
declares every code rounded), so float noise is not a finding but a wrong value is.
"""

from __future__ import annotations

from typing import Any

from ..model import Colour, ResultKind, Tournament, TournamentType
from .adapters import Answer, Request

# Our codes and tiebreak-core's criteria (fide-2024 and fide-2026 rulesets).
CRITERIA = {
    "BH": "buchholz",
    "BH/C1": "buchholz_cut1",
    "BH/C2": "buchholz_cut2",
    "BH/M1": "median_buchholz",
    "BH/M2": "median_buchholz_2",
    "SB": "sonneborn_berger",
    "SB/C1": "sonneborn_berger_cut1",
    "SB/C2": "sonneborn_berger_cut2",
    "PS": "progressive",
    "PS/C1": "progressive_cut1",
    "WIN": "wins",
    "WON": "won",
    "BPG": "games_black",
    "BWG": "wins_black",
    "REP": "rounds_elected",
    "ARO": "aro",
    "ARO/C1": "aro_cut1",
    "ARO/C2": "aro_cut2",
    "ARO/M1": "aro_median1",
    "ARO/M2": "aro_median2",
    "AOB": "aob",
    "AOB/F": "aob_fb",
    "FB": "fore_buchholz",
    "FB/C1": "fore_buchholz_cut1",
    "FB/C2": "fore_buchholz_cut2",
    "FB/M1": "fore_median1",
    "FB/M2": "fore_median2",
    "KS": "koya",
    "TPR": "tpr",
    "PTP": "ptp",
    "APRO": "apro",
    "APPO": "appo",
    "STD": "std",
    "DE": "direct_encounter",
    "RTNG": "rtng",
    "TPN": "tpn",
}
ORDER_ONLY = {"direct_encounter", "rtng", "tpn"}  # ranking stages: no value to print

_KINDS = {
    ResultKind.FORFEIT_WIN: "forfeit_win",
    ResultKind.FORFEIT_LOSS: "forfeit_loss",
    ResultKind.DOUBLE_FORFEIT: "forfeit_loss",
    ResultKind.PAB: "pairing_bye",
    ResultKind.FULL_BYE: "pairing_bye",
    ResultKind.HALF_BYE: "requested_bye",
    ResultKind.ZERO_BYE: "requested_bye",
    ResultKind.NOT_PAIRED: "requested_bye",
}


def records(t: Tournament) -> dict[int, Any]:
    """Our tournament as tiebreak-core's ``PlayerTiebreakData`` by player id."""
    from tiebreak_core import GameRecord, PlayerTiebreakData

    rating = {p.id: p.rating or 0 for p in t.participants}
    out = {}
    for p in t.participants:
        games = []
        for g in p.results:
            kind = "played" if g.kind.played else _KINDS[g.kind]
            opponent = g.opponent if g.opponent is not None and kind != "pairing_bye" else -1
            if kind == "requested_bye":
                opponent = -1
                if g.kind is ResultKind.NOT_PAIRED and t.type is TournamentType.ROUND_ROBIN:
                    kind = "absent"  # the round an odd round robin leaves one out
            games.append(
                GameRecord(
                    opponent_id=opponent,
                    opponent_rating=rating.get(opponent, 0),
                    score=float(g.points),
                    color="black" if g.colour is Colour.BLACK else "white",
                    round_number=g.round,
                    kind=kind,
                )
            )
        out[p.id] = PlayerTiebreakData(p.id, p.rating or 0, float(p.points), games)
    return out


def tiebreak_core(request: Request) -> Answer:
    """Rank the event with tiebreak-core's strict API (``rank_standings_strict``)."""
    from tiebreak_core import rank_standings_strict

    from ..formats.trf.reader import parse_trf

    t = parse_trf(request.trf.encode()).tournament
    if t.team is not None:  # its team API is another door; team events are not compared
        return Answer({}, {}, ())
    offered = tuple(c for c in request.codes if c in CRITERIA)
    criteria = [CRITERIA[c] for c in offered]
    extra = _edition_arguments(request, criteria, t)
    players = records(t)
    result = rank_standings_strict(players, criteria, t.rounds, ruleset=request.edition, **extra)
    # It breaks the ties its criteria leave by deterministic keys: ranking again with the
    # keys reversed shows which participants it left tied (their order flips).
    backwards = rank_standings_strict(
        players,
        criteria,
        t.rounds,
        ruleset=request.edition,
        deterministic_keys={p: -p for p in players},
        **extra,
    )
    values = {player.player_id: _values(player, offered, criteria) for player in result.players}
    shown = tuple(c for c, k in zip(offered, criteria, strict=True) if k not in ORDER_ONLY)
    complete = len(offered) == len(request.codes)
    ranks = (
        shared_ranks(
            [p.player_id for p in result.players], [p.player_id for p in backwards.players]
        )
        if complete
        else {}
    )
    return Answer(values, ranks, shown, shares_ties=True)


def _edition_arguments(request: Request, criteria: list[Any], t: Tournament) -> dict[str, Any]:
    """What tiebreak-core's 2026 ruleset takes besides the players: the system (Swiss or
    round robin) and, for TPN, the pairing numbers (our start ranks)."""
    extra: dict[str, Any] = {}
    if request.edition == "fide-2026":
        extra["mode"] = "round_robin" if request.type == "round-robin" else "swiss"
        if "tpn" in criteria:
            extra["pairing_numbers"] = {p.id: p.id for p in t.participants}
    return extra


def _values(player: Any, offered: tuple[str, ...], criteria: list[Any]) -> dict[str, str | None]:
    """One player's values as exact-looking strings (tiebreak-core gives floats), by code."""
    row: dict[str, str | None] = {}
    for code, criterion in zip(offered, criteria, strict=True):
        value = player.values.get(criterion)
        row[code] = None if value is None else f"{value:.10f}".rstrip("0").rstrip(".")
    return row


def shared_ranks(order: list[int], reversed_ties: list[int]) -> dict[int, int]:
    """Ranks with ties from two orders that break ties in opposite directions: consecutive
    participants whose order flips between the two were tied."""
    where = {pid: i for i, pid in enumerate(reversed_ties)}
    ranks: dict[int, int] = {}
    for i, pid in enumerate(order):
        tied = i > 0 and where[order[i - 1]] > where[pid]
        ranks[pid] = ranks[order[i - 1]] if tied else i + 1
    return ranks
