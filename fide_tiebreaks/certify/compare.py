"""Comparing a program's answer with ours, value by value and in the final order.

Every value is compared exactly (``Fraction``), except where the adapter declares the
program rounds a code for display (compared at the printed precision, half up) or prints a
code in another notation (``order_only``: DE is compared by the order it induces inside each
group still tied when the list reaches it). The final order is compared when every value
agreed: where we separate two participants, the program must order them the same way; where
we leave them tied, any order of the program is accepted (programs break a full tie by start
number or by lot, C.07 4.2 leaves that to the regulations).
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from fractions import Fraction
from itertools import pairwise

from ..data_classes import NamedTuple, dataclass
from ..model import Participant, Tournament
from ..numbers import exact_str
from ..results_reader import value_of
from ..standings import Row, Standings
from .adapters import Adapter, Answer

# The most telling category first: a discrepancy is filed under the first one found among
# the participant's rounds and those of its scheduled opponents.
CATEGORY_ORDER = ("16.2.5", "16.2.3", "16.2.4", "16.2.2", "16.2.1")
ORDER = "order"  # the code under which a final-order discrepancy is filed
RUN = "run"  # ... and a failed run (crash, time-out, unreadable output)


@dataclass(frozen=True)
class Discrepancy:
    code: str
    edition: str
    category: str  # C.07 Art. 16 category (see CATEGORY_ORDER), "played" or "round robin"
    participant: int
    ours: str | None
    theirs: str | None
    detail: str = ""

    @property
    def group(self) -> tuple[str, str, str]:
        return self.code, self.edition, self.category


def category(t: Tournament, pid: int) -> str:
    """The Art. 16 category a participant's values depend on most: the first of
    CATEGORY_ORDER among its own rounds and its scheduled opponents' rounds."""
    from ..plugins.unplayed import categories

    seen: set[str] = set()
    p = t.participant(pid)
    people: list[Participant] = [p]
    people += [
        t.participant(g.opponent)
        for g in p.results
        if g.opponent is not None and g.opponent in t.index
    ]
    for q in people:
        seen.update(categories(q))
    found = next((c for c in CATEGORY_ORDER if c in seen), "played")
    if t.type.value == "round-robin":
        return f"round robin, {found}"
    return found


def number(text: str | None) -> Fraction | None:
    """A printed value as a Fraction: '2.5', '5/2', '2,5'; None for no value. Raises
    ValueError for text that is not a number as every reader here takes numbers (ASCII
    digits only: not '1_0', '1e3', '٣' or full-width digits, which Fraction would take)."""
    return value_of(text)


def agrees(ours: Fraction | None, theirs: str | None, rounded: bool) -> bool:
    """Whether the program's printed value is ours (at its printed precision if *rounded*)."""
    if ours is not None and theirs is not None and theirs == _text(ours):
        return True  # the common case, without parsing
    try:
        value = number(theirs)
    except ValueError:
        return False
    if ours is None or value is None:
        return ours is None and value is None
    mark = None if theirs is None else theirs.strip().replace(",", ".")
    if rounded and mark is not None and "." in mark:  # a whole number is compared exactly
        return half_up(ours, len(mark.partition(".")[2])) == value
    return ours == value


def half_up(value: Fraction, places: int) -> Fraction:
    """*value* rounded to *places* decimals, halves away from zero: how the programs the
    adapters declare ``rounded`` print a value for display (exact; no Decimal precision)."""
    scale = 10**places
    units = math.floor(abs(value) * scale + Fraction(1, 2))
    return Fraction(units if value >= 0 else -units, scale)


def _text(value: Fraction) -> str:
    return str(value.numerator) if value.denominator == 1 else exact_str(value)


def stray(answer: Answer, asked: Sequence[str], ids: set[int]) -> str:
    """What the answer holds that was not asked: a row for a participant the event does not
    have, a value of a code not in the list ('' when nothing). Either means the program
    ranked another event or by another list, whatever its other values say."""
    extra = sorted((set(answer.values) | set(answer.ranks)) - ids)
    if extra:
        return f"the answer has a row for participant {extra[0]}, who is not in the event"
    wanted = {c.upper() for c in asked}
    unasked = sorted({c for row in answer.values.values() for c in row if c.upper() not in wanted})
    if unasked:
        return (
            f"the answer has values for {', '.join(unasked)}, not asked for (asked: "
            f"{','.join(asked)})"
        )
    return ""


class Column(NamedTuple):
    """One code of our list as compared: its position in our rows' values, its spelling in
    our list, and its spelling in the program's answer."""

    position: int
    code: str
    key: str


def compare(
    ours: Standings, answer: Answer, adapter: Adapter, edition: str
) -> tuple[list[Discrepancy], int]:
    """The discrepancies between our standings and the program's answer, and how many
    values (and orders) were compared."""
    if answer.error:  # a program that answered nothing compared nothing: the run fails
        return [_failed_run(answer.error, edition)], 0
    found: list[Discrepancy] = []
    compared = 0
    offered = {c.upper() for c in answer.offered} if answer.offered is not None else None
    sample = next(iter(answer.values.values()), {})
    for i, code in enumerate(ours.codes):
        if offered is not None and code.upper() not in offered:
            continue
        column = Column(position=i, code=code, key=_answer_key(code, sample))
        base = code.split("/")[0].split(":")[0]
        if base in adapter.order_only:
            wrong, n = _order_discrepancies(ours, column, answer, edition)
        else:
            rounded = base in adapter.rounded or "*" in adapter.rounded
            wrong, n = _value_discrepancies(ours, column, answer, edition, rounded)
        found += wrong
        compared += n
    if not found and answer.ranks:  # an answer ranks by the whole list, or gives no ranks
        compared += 1
        found += _compare_ranks(ours, answer.ranks, edition, answer.shares_ties)
    return found, compared


def _failed_run(error: str, edition: str) -> Discrepancy:
    return Discrepancy(
        code=RUN,
        edition=edition,
        category="-",
        participant=0,
        ours=None,
        theirs=None,
        detail=error,
    )


def _answer_key(code: str, sample: Mapping[str, object]) -> str:
    """Our list names a code with its registered spelling (MPvGP); a program may echo the
    spelling it was given (MPVGP)."""
    return code if code in sample or code.upper() not in sample else code.upper()


def _order_discrepancies(
    ours: Standings, column: Column, answer: Answer, edition: str
) -> tuple[list[Discrepancy], int]:
    """An ``order_only`` code: each participant ordered otherwise inside its tied group."""
    t = ours.tournament
    wrong, compared = _compare_order(ours, column.position, answer.values, column.key)
    found = [
        Discrepancy(
            code=column.code,
            edition=edition,
            category=category(t, pid),
            participant=pid,
            ours=a,
            theirs=b,
            detail="order in the tied group differs",
        )
        for pid, a, b in wrong
    ]
    return found, compared


def _value_discrepancies(
    ours: Standings, column: Column, answer: Answer, edition: str, rounded: bool
) -> tuple[list[Discrepancy], int]:
    """Each participant whose printed value is not ours (see :func:`agrees`)."""
    t = ours.tournament
    found: list[Discrepancy] = []
    compared = 0
    for row in ours.rows:
        pid = row.participant.id
        theirs = answer.values.get(pid, {}).get(column.key)
        compared += 1
        value = row.values[column.position]
        if not agrees(value, theirs, rounded):
            mine = None if value is None else exact_str(value)
            found.append(
                Discrepancy(
                    code=column.code,
                    edition=edition,
                    category=category(t, pid),
                    participant=pid,
                    ours=mine,
                    theirs=theirs,
                )
            )
    return found, compared


def _compare_order(
    ours: Standings, i: int, theirs: Mapping[int, Mapping[str, str | None]], code: str
) -> tuple[list[tuple[int, str | None, str | None]], int]:
    """Pairs inside each group tied before position *i* must be ordered alike (smaller is
    better for both, no value counts as 0: the program separated nobody)."""
    groups: dict[tuple[object, ...], list[int]] = {}
    mine: dict[int, Fraction | None] = {}
    for row in ours.rows:
        groups.setdefault((row.participant.points, row.values[:i]), []).append(row.participant.id)
        mine[row.participant.id] = row.values[i]
    wrong = []
    compared = 0
    for members in groups.values():
        if len(members) < 2:
            continue
        compared += len(members)
        try:
            theirs_of = {p: number(theirs.get(p, {}).get(code)) or Fraction(0) for p in members}
        except ValueError:
            theirs_of = {p: Fraction(-1) for p in members}
        bad = {
            a
            for a in members
            for b in members
            if _sign((mine[a] or 0) - (mine[b] or 0)) != _sign(theirs_of[a] - theirs_of[b])
        }
        for pid in sorted(bad):
            value = mine[pid]
            wrong.append(
                (pid, None if value is None else exact_str(value), theirs.get(pid, {}).get(code))
            )
    return wrong, compared


def _sign(x: Fraction | int) -> int:
    return (x > 0) - (x < 0)


def _compare_ranks(
    ours: Standings, ranks: Mapping[int, int], edition: str, ties: bool = False
) -> list[Discrepancy]:
    """Where we separate two participants, the program must order them alike; with *ties*
    (the program shows its ties), where we leave them tied it must too."""
    rows = sorted(ours.rows, key=lambda r: r.rank)
    t = ours.tournament
    if ties:
        for row in rows:
            first = next(r for r in rows if r.rank == row.rank)
            a, b = first.participant.id, row.participant.id
            if a != b and ranks.get(a) != ranks.get(b):
                why = (
                    f"we leave #{a} and #{b} tied; the program ranks them {ranks.get(a)} "
                    f"and {ranks.get(b)}"
                )
                return [
                    Discrepancy(
                        code=ORDER,
                        edition=edition,
                        category=category(t, b),
                        participant=b,
                        ours=str(row.rank),
                        theirs=str(ranks.get(b)),
                        detail=why,
                    )
                ]
    for above, below in _pairs_across(rows):
        a, b = above.participant.id, below.participant.id
        if a not in ranks or b not in ranks or ranks[a] >= ranks[b]:
            return [
                Discrepancy(
                    code=ORDER,
                    edition=edition,
                    category=category(t, b),
                    participant=b,
                    ours=str(below.rank),
                    theirs=str(ranks.get(b)),
                    detail=f"we rank #{a} above #{b}; the program "
                    f"gives #{a} rank {ranks.get(a)} and #{b} rank "
                    f"{ranks.get(b)}",
                )
            ]
    return []


def _pairs_across(rows: Sequence[Row]) -> list[tuple[Row, Row]]:
    """Every pair (above, below) from consecutive rank groups: enough to check a weak order
    is respected (if each of a group's members is above each of the next group's)."""
    groups: list[list[Row]] = []
    for row in rows:
        if groups and groups[-1][0].rank == row.rank:
            groups[-1].append(row)
        else:
            groups.append([row])
    return [(a, b) for upper, lower in pairwise(groups) for a in upper for b in lower]
