"""What decided the standings after the tie-break list (C.07 4.2), as the writers show it:
play-offs and the arbiter's rulings, the drawing of lots with its seed, and the groups that
still share a place (lots needed)."""

from __future__ import annotations

from typing import Any

from ..decisions import Applied
from ..standings import Standings

WORDS = {
    "play-off": "decided by play-off",
    "arbiter": "decided by the arbiter",
    "lots": "drawn by lots",
}


def _who(ids: tuple[int, ...]) -> str:
    return ", ".join(f"#{pid}" for pid in ids)


def describe(a: Applied) -> str:
    """One decision in words: "place 3: decided by play-off (blitz): #5, #3, #7"."""
    how = WORDS[a.by]
    if a.by == "lots":
        how += f" with seed '{a.seed}' (C.07 4.2)"
    elif a.note:
        how += f" ({a.note})"
    return f"place {a.place}: {how}: {_who(a.order)}, in that order"


def lines(s: Standings) -> list[str]:
    """Every decision and every group still tied, in words (empty when there is none)."""
    done = s.settlement
    if done is None:
        return []
    out = [describe(a) for a in sorted(done.applied, key=lambda a: a.place)]
    for tie in done.open_ties:
        out.append(
            f"place {tie.place}: {_who(tie.members)} share the place: the list is "
            "exhausted; lots are needed to break it (C.07 4.2; --lots SEED)"
        )
    return out


def by_participant(s: Standings) -> dict[int, str]:
    """Participant id → how its place was decided after the list, in words."""
    done = s.settlement
    if done is None:
        return {}
    out = {pid: WORDS[a.by] for a in done.applied for pid in a.order}
    for tie in done.open_ties:
        out.update(dict.fromkeys(tie.members, "shared: lots needed"))
    return out


def as_dict(s: Standings) -> dict[str, Any] | None:
    """The JSON ``after_list`` part: the seed, the decisions applied (best first) and the
    groups sharing a place; None when nothing was decided and nothing is still tied."""
    done = s.settlement
    if done is None or not (done.applied or done.open_ties or done.seed):
        return None
    return {
        "lots_seed": done.seed,
        "decisions": [
            {"place": a.place, "by": a.by, "order": list(a.order), "note": a.note or None}
            for a in sorted(done.applied, key=lambda a: a.place)
        ],
        "lots_needed": [{"place": t.place, "members": list(t.members)} for t in done.open_ties],
    }
