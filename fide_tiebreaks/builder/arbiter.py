"""What an arbiter adds to an event besides its rounds: ratings that change during it, the
national ratings of unrated players, play-off results and rulings, the lots seed, and a
change of the tie-break list (noticed, warned and recorded)."""

from __future__ import annotations

import warnings
from collections.abc import Sequence
from dataclasses import replace

from ..data_classes import dataclass
from ..decisions import BY, check_seed
from ..model import Decision, Participant, Tournament
from .results import BuilderError, text, tiebreak_codes, whole

MAX_RATING = 9999


class TiebreakListChanged(UserWarning):
    """The event's tie-break list was changed after rounds were recorded (C.07 4.1: it is
    published before the start)."""


@dataclass(frozen=True)
class ListChange:
    """A change of the tie-break list: after which round, from what to what."""

    after_round: int
    before: tuple[str, ...]
    after: tuple[str, ...]


class ArbiterRecords:
    """The arbiter's records of an :class:`~fide_tiebreaks.EventBuilder` (a mixin)."""

    rounds: int
    tiebreaks: tuple[str, ...]
    _built: Tournament | None

    def _arbiter_init(self) -> None:
        self._rating_changes: dict[int, dict[int, int]] = {}
        self._national: dict[int, int] = {}
        self._decisions: list[Decision] = []
        self._lots: str | None = None
        self.tiebreak_changes: list[ListChange] = []

    def _known(self, pid: object) -> int:
        raise NotImplementedError  # EventBuilder's

    def rating_from(self, pid: int, from_round: int, rating: int) -> None:
        """Player *pid* is rated *rating* from round *from_round* on (a new rating list
        during the event); ``--ratings per-round`` (``options={"ratings": "per-round"}``)
        makes the rating tie-breaks use it."""
        pid = self._known(pid)
        n = whole(from_round, "from_round", 1, 99)
        self._rating_changes.setdefault(pid, {})[n] = whole(rating, "rating", 1, MAX_RATING)
        self._built = None

    def national_rating(self, pid: int, rating: int) -> None:
        """The national rating of player *pid* (used for an unrated player with
        ``national_ratings``, C.07 Art. 10)."""
        self._national[self._known(pid)] = whole(rating, "national rating", 1, MAX_RATING)
        self._built = None

    def decide(self, order: Sequence[int], *, by: str = "play-off", note: str = "") -> None:
        """A play-off's result or the arbiter's ruling: *order* (participant ids, best first)
        for a group the tie-break list leaves tied (C.07 4.2)."""
        if by not in BY:
            raise BuilderError(f"by {by!r} must be 'play-off' or 'arbiter'")
        if isinstance(order, (str, bytes)) or not isinstance(order, Sequence):
            # "13" would read as players 1 and 3
            raise BuilderError(f"decision {order!r} must be a list of participant ids, best first")
        ids = tuple(self._known(pid) for pid in order)
        if not ids or len(set(ids)) != len(ids):
            raise BuilderError(f"decision {list(order)!r} must name participants, each once")
        note = text(note, "note")  # str(None) would be a note 'None'
        self._decisions.append(Decision(order=ids, by=by, note=note, origin="EventBuilder.decide"))
        self._built = None

    def draw_lots(self, seed: str) -> None:
        """Draw lots with *seed* for the groups still tied after the list and the decisions
        (C.07 4.2; the algorithm is in fide_tiebreaks.decisions)."""
        try:
            self._lots = check_seed(seed) if isinstance(seed, str) else check_seed(repr(seed))
        except ValueError as e:
            raise BuilderError(str(e)) from None
        self._built = None

    def set_tiebreaks(self, tiebreaks: str | Sequence[str]) -> None:
        """Change the event's list (TRF 202). After a round is recorded this is a change
        during the event: warned (:class:`TiebreakListChanged`) and recorded in
        :attr:`tiebreak_changes`."""
        if tiebreaks is None:
            raise BuilderError("tiebreaks None must be codes: 'BH/C1,BH' or ['BH/C1', 'BH']")
        new = tiebreak_codes(tiebreaks)
        if new != self.tiebreaks and self.rounds:
            change = ListChange(self.rounds, self.tiebreaks, new)
            self.tiebreak_changes.append(change)
            warnings.warn(
                f"the tie-break list changed after round {self.rounds}: "
                f"{','.join(change.before) or 'none'} -> {','.join(new) or 'none'} "
                "(C.07 4.1: the list is published before the start)",
                TiebreakListChanged,
                stacklevel=2,
            )
        self.tiebreaks = new
        self._built = None

    def _with_ratings(self, t: Tournament) -> Tournament:
        if not self._rating_changes and not self._national:
            return t
        return replace(t, participants=tuple(self._rated(p, t.rounds) for p in t.participants))

    def _rated(self, p: Participant, rounds: int) -> Participant:
        changes = self._rating_changes.get(p.id, {})
        national = self._national.get(p.id)
        if not changes and national is None:
            return p
        per_round: list[int | None] = []
        current: int | None = None
        for r in range(1, rounds + 1):
            current = changes.get(r, current)
            per_round.append(current)
        ratings = tuple(per_round) if any(x is not None for x in per_round) else ()
        return replace(p, national_rating=national, round_ratings=ratings)

    def _with_decisions(self, t: Tournament) -> Tournament:
        if not self._decisions and self._lots is None:
            return t
        return replace(t, decisions=tuple(self._decisions), lots_seed=self._lots)
