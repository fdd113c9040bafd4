"""An event built in memory, round by round: the door for pairing programs.

A pairing program records each round as it is played and ranks after it::

    ev = EventBuilder(rounds=9, edition="fide-2024")
    ev.add_player(1, "Carlsen, Magnus", rating=2830, federation="NOR", fide_id=1503014)
    ...
    ev.record_round(1, games=[(1, 5, "1-0"), (2, 6, "1/2-1/2")], byes={9: "U"})
    standings = compute_standings(ev.tournament(), "BH/C1,BH,SB")

Result and bye codes are the TRF's (C.04 Annex 2) and mean exactly what the TRF reader makes
of them: the builder reads them with the reader's own tables. :meth:`EventBuilder.tournament`
returns the same immutable :class:`~fide_tiebreaks.model.Tournament` that the reader gives
for the event's TRF (provenance fields such as source lines are not compared; see
docs/builder.md). Bad data raises :class:`BuilderError`, which names the round and the
participant; the builder is left as it was.

Each round costs time linear in the players; a snapshot costs time linear in players x
rounds (copying each player's games into a tuple), never a re-read of earlier rounds.
"""

from .event import EventBuilder
from .results import BuilderError, game_kinds

__all__ = ["BuilderError", "EventBuilder", "game_kinds"]
