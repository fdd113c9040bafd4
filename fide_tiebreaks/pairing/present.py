"""Pairing indexes as JSON (every number an exact string, as the standings JSON) and as text:
the table of every player, and one player's working round by round (explain)."""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from ..numbers import exact_str
from .burstein import BursteinEntry, BursteinIndex
from .common import ColourPreference
from .dubov import DubovEntry, DubovIndex

Index = BursteinIndex | DubovIndex


def _colour(c: ColourPreference) -> dict[str, Any]:
    name = {"w": "white", "b": "black"}.get(c.colour.value)
    return {"colour": name, "strength": c.strength or None, "difference": c.difference}


def _opt(v: Fraction | None) -> str | None:
    return None if v is None else exact_str(v)


def _burstein_entry(e: BursteinEntry) -> dict[str, Any]:
    return {
        "id": e.id,
        "score": exact_str(e.score),
        "seen_score": exact_str(e.seen_score),
        "virtual_points": exact_str(e.virtual_points),
        "pairing_score": exact_str(e.pairing_score),
        "buchholz": exact_str(e.buchholz),
        "sonneborn_berger": exact_str(e.sonneborn_berger),
        "median": _opt(e.median),
        "colour_preference": _colour(e.colour),
    }


def _dubov_entry(e: DubovEntry) -> dict[str, Any]:
    return {
        "id": e.id,
        "rating": e.rating,
        "provisional": e.provisional,
        "score": exact_str(e.score),
        "virtual_points": exact_str(e.virtual_points),
        "pairing_score": exact_str(e.pairing_score),
        "games": e.games,
        "rating_sum": e.rating_sum,
        "aro": e.aro,
        "colour_preference": _colour(e.colour),
    }


def to_dict(index: Index) -> dict[str, Any]:
    """The JSON shape of docs/pairing-indexes.md."""
    head: dict[str, Any] = {
        "system": index.system,
        "edition": index.edition,
        "after_round": index.after_round,
        "next_round": index.next_round,
        "planned_rounds": index.planned_rounds,
    }
    if isinstance(index, BursteinIndex):
        head |= {
            "zero_bye": index.zero_bye,
            "seeding_rounds": index.seeding_rounds,
            "seeding": index.seeding,
            "order": list(index.order),
            "groups": [
                {"score": exact_str(g.score), "players": list(g.players)} for g in index.groups
            ],
            "players": [_burstein_entry(e) for e in index.entries],
        }
    else:
        head |= {
            "max_upfloats": index.max_upfloats,
            "groups": [
                {
                    "score": exact_str(g.score),
                    "white_seekers": list(g.white_seekers),
                    "black_seekers": list(g.black_seekers),
                    "white_shifters": list(g.white_shifters),
                    "black_shifters": list(g.black_shifters),
                }
                for g in index.groups
            ],
            "players": [_dubov_entry(e) for e in index.entries],
        }
    head["notes"] = list(index.notes)
    return head


def render_table(index: Index) -> str:
    """Every player, one line each, in the ranking order (Burstein 1.8) or by start rank."""
    lines = [_title(index)]
    if isinstance(index, BursteinIndex):
        lines.append(
            f"{'TPN':>5} {'score':>6} {'seen':>6} {'pair':>6} {'BH':>8} {'SB':>10}"
            + ("  median" if index.edition == "till-2025" else "")
        )
        for pid in index.order:
            e = index.entry(pid)
            row = (
                f"{e.id:>5} {exact_str(e.score):>6} {exact_str(e.seen_score):>6} "
                f"{exact_str(e.pairing_score):>6} {exact_str(e.buchholz):>8} "
                f"{exact_str(e.sonneborn_berger):>10}"
            )
            lines.append(row + (f"  {exact_str(e.median)}" if e.median is not None else ""))
    else:
        lines.append(f"{'TPN':>5} {'rating':>6} {'score':>6} {'games':>5} {'ARO':>5}  colour")
        for d in index.entries:
            rating = "-" if d.rating is None else f"{d.rating}{'*' if d.provisional else ''}"
            lines.append(
                f"{d.id:>5} {rating:>6} {exact_str(d.pairing_score):>6} "
                f"{d.games:>5} {d.aro:>5}  {_colour_text(d.colour)}"
            )
        for g in index.groups:
            lines.append(
                f"group {exact_str(g.score)}: White seekers (3.2.5) "
                f"{_ids(g.white_seekers)}; Black seekers {_ids(g.black_seekers)}; "
                f"shifters (4.3.3) W {_ids(g.white_shifters)}, "
                f"B {_ids(g.black_shifters)}"
            )
    lines.extend(f"note: {n}" for n in index.notes)
    return "\n".join(lines) + "\n"


def _ids(ids: tuple[int, ...]) -> str:
    return " ".join(map(str, ids)) or "-"


def _colour_text(c: ColourPreference) -> str:
    return "-" if not c.strength else f"{c.strength} {c.colour.name.lower()}"


def _title(index: Index) -> str:
    if isinstance(index, BursteinIndex):
        seeding = {
            True: "a seeding round (1.6): paired by the Dutch rules, the index is not used",
            False: "after the seeding rounds: brackets ranked by 1.8",
            None: "seeding rounds unknown",
        }[index.seeding]
        return (
            f"Burstein index ({index.edition}, zero-point byes: {index.zero_bye}) after "
            f"round {index.after_round}; round {index.next_round} is {seeding}"
        )
    return f"Dubov ARO (C.04.4.1, 2026) after round {index.after_round}, for round " + str(
        index.next_round
    )


def explain_dict(index: Index, pid: int) -> dict[str, Any]:
    """One player's entry and its working, round by round."""
    if isinstance(index, BursteinIndex):
        rows = [
            {
                "round": r.round,
                "kind": r.kind.description,
                "opponent": r.opponent,
                "points": exact_str(r.points),
                "counted_score": exact_str(r.counted_score),
                "buchholz": exact_str(r.buchholz),
                "sonneborn_berger": exact_str(r.sonneborn_berger),
                "rule": r.rule,
            }
            for r in index.working(pid)
        ]
        entry = _burstein_entry(index.entry(pid))
    else:
        rows = [
            {
                "round": r.round,
                "kind": r.kind.description,
                "opponent": r.opponent,
                "rating": r.rating,
                "rule": r.rule,
            }
            for r in index.working(pid)
        ]
        entry = _dubov_entry(index.entry(pid))
    return {
        "system": index.system,
        "after_round": index.after_round,
        "player": entry,
        "rounds": rows,
    }


def explain_text(index: Index, pid: int) -> str:
    """One player's working as text."""
    p = index.tournament.participant(pid)
    lines = [_title(index), f"#{pid} {p.name}"]
    if isinstance(index, BursteinIndex):
        e = index.entry(pid)
        for r in index.working(pid):
            who = f"#{r.opponent}" if r.opponent is not None else "himself"
            lines.append(
                f"  R{r.round} {r.kind.description:<22} vs {who:<8} points "
                f"{exact_str(r.points):>4} x score {exact_str(r.counted_score):>5}"
                f"  BH +{exact_str(r.buchholz)}  SB +{exact_str(r.sonneborn_berger)}"
                f"  ({r.rule})"
            )
        lines.append(
            f"  Buchholz {exact_str(e.buchholz)}, Sonneborn-Berger "
            f"{exact_str(e.sonneborn_berger)}; score {exact_str(e.score)}, as "
            f"opponents see it {exact_str(e.seen_score)} (1.7.2)"
        )
    else:
        d = index.entry(pid)
        for dr in index.working(pid):
            rating = "" if dr.rating is None else f" rating {dr.rating}"
            lines.append(
                f"  R{dr.round} {dr.kind.description:<22} vs "
                f"{'-' if dr.opponent is None else '#' + str(dr.opponent):<6}{rating}"
                f"  ({dr.rule})"
            )
        how = (
            f"{d.rating_sum} / {d.games} = {exact_str(Fraction(d.rating_sum, d.games))}, "
            "rounded half up (1.7.1)"
            if d.games
            else "no game played yet (1.7.3)"
        )
        lines.append(f"  ARO {d.aro}: {how}; colour {_colour_text(d.colour)}")
    return "\n".join(lines) + "\n"
