"""What a plugin registers (:class:`Tiebreak`) and what its ``compute`` gets (:class:`Context`)."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from fractions import Fraction
from typing import TYPE_CHECKING, Any

from .codes import TiebreakSpec
from .model import Tournament

if TYPE_CHECKING:
    from .editions import Edition, OpponentTable

Value = int | Fraction


@dataclass(frozen=True)
class Context:
    """Everything a tie-break's ``compute`` may read. Immutable apart from a cache that is
    shared by the tie-breaks of one standings run (so BH and SB build the opponent table once).
    """

    tournament: Tournament
    spec: TiebreakSpec
    edition: Edition
    group: frozenset[int] | None = None  # the tied participants, for group tie-breaks
    cache: dict[Any, Any] = field(default_factory=dict, compare=False, repr=False)

    def opponent_table(self, forfeits_as_played: bool | None = None) -> OpponentTable:
        """Per-participant opponent entries under this edition's unplayed-round rules.
        ``forfeits_as_played`` defaults to the code's ``/P`` modifier."""
        if forfeits_as_played is None:
            forfeits_as_played = self.spec.forfeits_as_played
        key = ("opponent_table", self.edition.name, id(self.tournament), forfeits_as_played)
        table = self.cache.get(key)
        if table is None:
            table = self.edition.opponent_table(self.tournament, forfeits_as_played)
            self.cache[key] = table
        return table


@dataclass(frozen=True)
class Tiebreak:
    """A tie-break definition, as returned by ``fide_tiebreaks_register``.

    ``modifiers`` lists the modifier letters the code accepts: ``"C"`` cut, ``"M"``
    median, ``"L"`` limit, ``"K"`` factor, ``"P"`` forfeits as played, ``"F"`` fore,
    ``":"`` team score (``:MP``/``:GP``). Anything else in a code is refused with a
    clear error before ``compute`` runs.
    """

    code: str
    name: str
    compute: Callable[[Context], Mapping[int, Value]]
    article: str = ""  # e.g. "8.1"; shown as "C.07 (2024) 8.1" with the edition
    description: str = ""
    modifiers: frozenset[str] = frozenset()
    aliases: tuple[str, ...] = ()
    lower_is_better: bool = False
    group: bool = False  # type A (C.07 4.3): recomputed inside each tied group
    provider: str = ""  # filled in by the host: the plugin that registered it
