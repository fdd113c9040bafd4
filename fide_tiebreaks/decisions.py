"""After the tie-break list: decisions and the drawing of lots, C.07 (2024) 4.2.

When the list is exhausted, a group still tied is ordered by what happens outside the list:
a play-off (blitz, Armageddon) or the arbiter's ruling (:class:`~fide_tiebreaks.model.Decision`),
then, for what is still tied, a drawing of lots. A decision orders only participants the list
left tied; one that contradicts the points or an earlier tie-break is refused, naming both.

The drawing of lots is reproducible from the seed alone, on every platform and Python
version (no ``random``): each participant of a still-tied group gets the key
``SHA-256(UTF-8(seed + ":" + str(id)))`` in lowercase hexadecimal, where *id* is the start
rank (the team number for teams); the group is ordered by ascending key, and equal keys
(never seen for SHA-256) by ascending id. docs/decisions.md gives a worked example.
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction
from itertools import groupby, pairwise
from typing import Protocol

from .data_classes import NamedTuple, dataclass
from .errors import FideTiebreaksError
from .model import Decision, Participant
from .numbers import exact_str
from .patterns import LazyPattern

BY = ("play-off", "arbiter")  # who decided: a play-off's result, or the arbiter's ruling
MAX_SEED = 200  # characters: a seed is a phrase or a number, not a file


class DecisionError(FideTiebreaksError, ValueError):
    """A decision that cannot apply: unknown participant, not tied, or contradicting the list."""


class Ranked(Protocol):
    """A standings row as the ranking makes it (``standings.Row``)."""

    @property
    def rank(self) -> int: ...
    @property
    def participant(self) -> Participant: ...
    @property
    def values(self) -> tuple[Fraction | None, ...]: ...


class Applied(NamedTuple):
    """How a tied group starting at *place* was ordered: by a play-off, the arbiter or lots."""

    place: int  # the first place of the group
    order: tuple[int, ...]  # the ids placed, best first
    by: str  # "play-off", "arbiter" or "lots"
    seed: str | None = None  # the seed, for lots
    note: str = ""


class OpenTie(NamedTuple):
    """A group the list left tied and nothing decided: it shares *place* (lots needed)."""

    place: int
    members: tuple[int, ...]  # in start-rank order


@dataclass(frozen=True)
class Settlement:
    """What happened after the list: the rows' new order and ranks, the decisions applied
    and the groups still sharing a place."""

    order: tuple[int, ...]  # indices into the ranked rows, best first
    ranks: tuple[int, ...]  # the rank of each row of *order*
    applied: tuple[Applied, ...] = ()
    open_ties: tuple[OpenTie, ...] = ()
    seed: str | None = None
    decisions: tuple[Decision, ...] = ()  # as given, in the order applied

    def how(self, pid: int) -> Applied | None:
        """The decision that placed participant *pid*, if one did."""
        return next((a for a in self.applied if pid in a.order), None)


def lots_key(seed: str, pid: int) -> str:
    """The drawing-of-lots key of participant *pid*: SHA-256 of ``seed:pid`` (module doc)."""
    import hashlib  # only a drawing of lots needs it (docs/architecture.md, "Start-up")

    return hashlib.sha256(f"{seed}:{pid}".encode()).hexdigest()


def draw_lots(seed: str, ids: Sequence[int]) -> list[int]:
    """C.07 4.2: *ids* (one still-tied group) in the order the lots drawn with *seed* give."""
    return sorted(ids, key=lambda pid: (lots_key(seed, pid), pid))


def check_seed(seed: str) -> str:
    """A usable seed: printable, one line, at most MAX_SEED characters (ValueError if not)."""
    if not seed or len(seed) > MAX_SEED or not seed.isprintable() or seed != seed.strip():
        raise ValueError(
            f"a lots seed is 1 to {MAX_SEED} printable characters without "
            f"leading or trailing spaces, not {seed[:40]!r}"
        )
    return seed


_DECIDED = LazyPattern(
    r"(?:(?P<by>[A-Za-z-]{1,20}):)?(?P<order>\d{1,5}(?:>\d{1,5})*)(?:\s+(?P<note>.{0,200}))?"
)


def parse_decided(text: str, origin: str = "--decided") -> Decision:
    """``[play-off:|arbiter:]ID>ID>...[ note]``: e.g. ``play-off:5>3>7`` (5 ahead of 3 ahead
    of 7) or ``arbiter:12`` (12 takes the first place of its tied group)."""
    m = _DECIDED.fullmatch(text.strip())
    if m is None:
        raise DecisionError(
            f"{origin}: '{text[:40]}' is not a decision; write BY:ID>ID>..., e.g. "
            "play-off:5>3>7 or arbiter:12 (BY is play-off or arbiter)"
        )
    by = (m["by"] or "play-off").lower()
    if by == "playoff":
        by = "play-off"
    if by not in BY:
        raise DecisionError(
            f"{origin}: '{m['by']}' in '{text}' is not who decides; write play-off or arbiter"
        )
    order = tuple(int(x) for x in m["order"].split(">"))
    if len(set(order)) != len(order):
        raise DecisionError(f"{origin}: '{text}' names a participant twice")
    return Decision(order=order, by=by, note=(m["note"] or "").strip(), origin=origin)


def decided_text(d: Decision) -> str:
    """A decision as :func:`parse_decided` reads it back."""
    order = ">".join(str(pid) for pid in d.order)
    return f"{d.by}:{order}" + (f" {d.note}" if d.note else "")


def settle(
    rows: Sequence[Ranked], codes: Sequence[str], decisions: Sequence[Decision], seed: str | None
) -> Settlement:
    """Apply *decisions* (in order) to the groups *rows* leave tied, then draw lots with
    *seed* for what is still tied (C.07 4.2). Raises DecisionError for a decision that names
    an unknown participant, one not tied, or one that contradicts the list."""
    # row index by participant id: only decisions and lots name participants
    named = bool(decisions) or seed is not None
    position = {row.participant.id: i for i, row in enumerate(rows)} if named else {}
    runs = _tied_runs(rows)
    applied: list[Applied] = []
    for d in decisions:
        runs = _apply(runs, d, rows, codes, position, applied)
    ranks: list[int] = []
    order: list[int] = []
    open_ties: list[OpenTie] = []
    id_at = [row.participant.id for row in rows].__getitem__
    for run in runs:
        place = len(order) + 1
        if len(run) > 1 and seed is not None:
            drawn = draw_lots(seed, list(map(id_at, run)))
            applied.append(Applied(place=place, order=tuple(drawn), by="lots", seed=seed))
            order.extend(position[pid] for pid in drawn)
            ranks.extend(range(place, place + len(run)))
            continue
        if len(run) > 1:
            open_ties.append(OpenTie(place, tuple(sorted(map(id_at, run)))))
        order.extend(run)
        ranks.extend([place] * len(run))
    return Settlement(
        order=tuple(order),
        ranks=tuple(ranks),
        applied=tuple(applied),
        open_ties=tuple(open_ties),
        seed=seed,
        decisions=tuple(decisions),
    )


def _tied_runs(rows: Sequence[Ranked]) -> list[list[int]]:
    """The runs of rows sharing a rank, as lists of row indices, best first: grouped in C,
    as a large event has thousands of them."""
    rank_at = [row.rank for row in rows]
    return [list(run) for _, run in groupby(range(len(rows)), rank_at.__getitem__)]


def _apply(
    runs: list[list[int]],
    d: Decision,
    rows: Sequence[Ranked],
    codes: Sequence[str],
    position: dict[int, int],
    applied: list[Applied],
) -> list[list[int]]:
    """*runs* with decision *d* applied: its participants first, in its order, then the
    rest of their group, still tied."""
    where = d.origin or "decision"
    unknown = [pid for pid in d.order if pid not in position]
    if unknown:
        raise DecisionError(f"{where}: {decided_text(d)}: no participant {unknown[0]}")
    run_of = {i: k for k, run in enumerate(runs) for i in run}
    named = [position[pid] for pid in d.order]
    home = run_of[named[0]]
    for i, j in pairwise(named):
        if run_of[i] != run_of[j]:
            raise DecisionError(f"{where}: {decided_text(d)}: {_apart(rows, codes, i, j)}")
    run = runs[home]
    if len(run) == 1:
        pid = rows[run[0]].participant.id
        raise DecisionError(
            f"{where}: {decided_text(d)}: #{pid} is not tied with anyone "
            "(the list already gives the place); a decision orders only a "
            "still-tied group"
        )
    first = sum(len(r) for r in runs[:home]) + 1
    applied.append(Applied(place=first, order=d.order, by=d.by, seed=None, note=d.note))
    rest = [i for i in run if i not in set(named)]
    return [*runs[:home], *([i] for i in named), *([rest] if rest else []), *runs[home + 1 :]]


def _apart(rows: Sequence[Ranked], codes: Sequence[str], a: int, b: int) -> str:
    """Why rows *a* and *b* (which the decision puts in that order) are not in one tied
    group: the points or the first tie-break that separates them, with both values; else an
    earlier decision."""
    pa, pb = rows[a].participant, rows[b].participant
    ahead, behind = (a, b) if a < b else (b, a)
    found = _separator(rows[ahead], rows[behind], codes)
    if found is None:
        return (
            f"#{pa.id} and #{pb.id} were already ordered by an earlier decision; a "
            "decision orders only a still-tied group"
        )
    what, va, vb = found
    contradicts = "contradicts" if a > b else "does not apply"
    return (
        f"{contradicts}: #{pa.id} and #{pb.id} are not tied, #{rows[ahead].participant.id} is "
        f"ahead of #{rows[behind].participant.id} on {what} ({_text(va)} against {_text(vb)}); "
        "a decision orders only a still-tied group"
    )


def _separator(
    first: Ranked, second: Ranked, codes: Sequence[str]
) -> tuple[str, Fraction | None, Fraction | None] | None:
    """What puts *first* ahead of *second*: the points or the first tie-break whose values
    differ (code, first's value, second's value); None when nothing in the list does."""
    if first.participant.points != second.participant.points:
        return "points", first.participant.points, second.participant.points
    for code, x, y in zip(codes, first.values, second.values, strict=True):
        if x != y:
            return code, x, y
    return None


def _text(v: Fraction | None) -> str:
    return "none" if v is None else exact_str(v)
