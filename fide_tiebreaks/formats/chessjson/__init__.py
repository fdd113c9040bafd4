"""Chess-JSON: FIDE TEC's JSON model of an event, read and written.

The model is the one the TEC's reference program (gacrux) speaks; its field names are in
gacrux's ``jsonscheme.py`` and the conventions below follow what that program writes and
reads (docs/formats.md, "Chess-JSON"):

- ``event.profiles`` hold the people, ``event.tournaments[0].competitors`` the participants
  (``cid`` is the start rank; in team events the team number, with ``cplayers``);
- ``gameList`` has one entry per game with ``white`` / ``black`` sides, each with ``cid`` and
  a result letter of the score system (``W D L`` for games, ``P`` for the pairing-allocated
  bye, ``Z`` for a zero-point bye or forfeit loss), ``played`` and ``rated``; a bye has no
  ``black``;
- ``scoreSystem.game`` gives the points per letter (a value or another letter).

Reading turns the document into the equivalent TRF and hands it to the TRF reader, so there
is one model and one set of checks (as for XML). What Chess-JSON has no field for (round
dates, arbiters, team line-ups, abnormal points, engine records) travels in the tournament's
``other.trf`` list as the TRF records themselves, so TRF -> Chess-JSON -> TRF keeps every value.
"""

from .reader import read_chess_json
from .translate import to_trf
from .writer import dumps, event

__all__ = ["dumps", "event", "read_chess_json", "to_trf"]
