"""Reading Swiss-Manager's own files (``.TUNX`` individual Swiss, ``.TURX`` individual round
robin, ``.TUMX`` team Swiss, ``.TUTX`` team round robin) through the Apache-2.0 decoder
``chess-results-api`` (the ``swiss-manager`` extra, Python 3.12+), imported only when such a
file is read. The decoded records become the one model every reader builds, directly
(:mod:`.build`): reading a TUNX costs little more than reading the same event as TRF.
"""

from __future__ import annotations

import struct
import sys
from dataclasses import replace
from datetime import date
from typing import TYPE_CHECKING

from ... import arguments
from ...diagnostics import Diagnostic, InputError, Severity
from ..base import DEFAULT_SETTINGS, ReadResult, ReadSettings, fatal

if TYPE_CHECKING:
    from chess_results_api.models import Tournament as SmTournament

    from ...model import Tournament

#: Every Swiss-Manager file starts with these four bytes (the decoder's header marker).
MAGIC = b"\x93\xff\x89\x44"
EXTRA = "swiss-manager"
# The package is not on PyPI yet: the extra is installed from a checkout.
INSTALL = "from a checkout: pip install '.[swiss-manager]'"
#: Swiss-Manager's printouts of events that ended before C.07 (2023) came into force
#: follow its own conventions over the 2012 virtual opponent: the edition sm-2012.
SM_EDITION = "sm-2012"
C07_2023 = date(2023, 9, 1)


def is_swiss_manager(data: bytes) -> bool:
    """Whether *data* is a Swiss-Manager file (by its header, whatever the file's name)."""
    return data[:4] == MAGIC


def missing_extra(path: str) -> InputError:
    """The message for a Swiss-Manager file when the decoder cannot be imported."""
    if sys.version_info < (3, 12):
        why = (
            f"it needs Python 3.12 or newer (this is {sys.version_info.major}."
            f"{sys.version_info.minor}) with the '{EXTRA}' extra ({INSTALL})"
        )
    else:
        why = f"install the '{EXTRA}' extra ({INSTALL})"
    return InputError(
        [fatal(path, f"this is a Swiss-Manager file (TUNX, TUMX, TURX, TUTX); to read it, {why}")]
    )


def not_trf(path: str) -> InputError:
    """The TRF reader's message for a Swiss-Manager file given to it as TRF."""
    from importlib.util import find_spec

    if find_spec("chess_results_api") is None:
        return missing_extra(path)
    return InputError(
        [
            fatal(
                path,
                "this is a Swiss-Manager file (TUNX, TUMX, TURX, TUTX), not TRF text: "
                "read_tournament() and parse_any() read it",
            )
        ]
    )


def read_swiss_manager(
    data: bytes, path: str = "<input>", *, settings: ReadSettings = DEFAULT_SETTINGS
) -> ReadResult:
    """Read a Swiss-Manager file; raise InputError with a clear message when the decoder is
    missing, refuses the file, or the event holds what the model cannot."""
    arguments.file_data(data, path)
    if not is_swiss_manager(data):
        raise InputError(
            [
                fatal(
                    path,
                    "named like a Swiss-Manager file, but it does not start with "
                    "Swiss-Manager's header (a damaged, zero-filled or renamed file?)",
                )
            ]
        )
    event = _decode(data, path)
    if not event.players and not event.teams:
        return _empty(event, path)
    from .build import BadEvent, build, played_rounds

    try:
        built = build(event)
        tournament = built.tournament
        if event.tournament_type.is_team:
            from .teams import team_event  # team events only

            rounds = event.rounds[: played_rounds(event)]
            tournament = team_event(tournament, event, rounds, settings.team_pab, built.notes)
    except BadEvent as e:
        raise InputError([fatal(path, str(e))]) from None
    tournament = replace(tournament, path=path)  # every later message names the file
    notes = [Diagnostic(severity=Severity.WARNING, message=n, path=path) for n in built.notes]
    notes += impossible_dates(tournament, path, lenient=settings.lenient)
    end = tournament.end_date
    if end is not None and end < C07_2023:
        tournament = replace(tournament, edition=SM_EDITION)
        notes.append(
            Diagnostic(
                severity=Severity.NOTE,
                message=f"a Swiss-Manager file of an event that ended on {end.isoformat()}, before "
                f"C.07 (2023): ranked under {SM_EDITION} (Swiss-Manager's conventions over "
                "the 2012 virtual opponent); choose another with --edition",
                path=path,
            )
        )
    return ReadResult(tournament, tuple(notes))


def impossible_dates(tournament: Tournament, path: str, *, lenient: bool) -> list[Diagnostic]:
    """The impossible events the TRF reader refuses in its dates (formats/trf/settings.py,
    players.py): an end date before the start date, a player born after the event ended.
    Each an error (nothing is ranked) unless *lenient*; a Swiss-Manager file has no lines,
    so the message names the player."""
    from ...dates import read_birth
    from ...diagnostics import Collector

    out = Collector(path, lenient=lenient)
    start, end = tournament.start_date, tournament.end_date
    if start is not None and end is not None and end < start:
        out.impossible(0, 0, f"the end date, {end}, is before the start date, {start}")
    for p in tournament.participants if end is not None else ():
        birth = read_birth(p.birth_date).birth
        if birth is not None and end is not None and birth.earliest > end:
            out.impossible(
                0, 0, f"player {p.id} was born on {p.birth_date}, after the event ended ({end})"
            )
    return out.items


def _empty(event: SmTournament, path: str) -> ReadResult:
    """An event set up with no participant yet: nothing to rank, said in a warning."""
    from ...model import Tournament
    from .codes import map_codes

    c = event.configuration
    mapped = map_codes(tuple(c.tie_break_codes))
    t = Tournament(
        name=event.metadata.name,
        participants=(),
        rounds=0,
        start_date=c.start_date,
        end_date=c.end_date,
        planned_rounds=c.round_count or None,
        declared_tiebreaks=mapped.codes,
        path=path,
    )
    kind = "teams" if event.tournament_type.is_team else "players"
    message = f"the event has no {kind} yet: nothing to rank"
    notes = [Diagnostic(severity=Severity.WARNING, message=message, path=path)]
    notes += [Diagnostic(severity=Severity.WARNING, message=w, path=path) for w in mapped.warnings]
    return ReadResult(t, tuple(notes))


def _decode(data: bytes, path: str) -> SmTournament:
    """The decoder's event; its refusals become ours (exit 2), with where it stopped."""
    try:
        from chess_results_api import SwissManagerDecodeError, decode_tournament
    except ImportError:
        raise missing_extra(path) from None
    try:
        return decode_tournament(data)
    except SwissManagerDecodeError as e:
        message = f"not a Swiss-Manager file this reader understands: {e}"
    except (ValueError, struct.error, IndexError, OverflowError) as e:
        message = f"not a Swiss-Manager file this reader understands ({type(e).__name__}: {e})"
    raise InputError(
        [
            fatal(
                path,
                f"{message} (a truncated or damaged file, or a layout of "
                "another Swiss-Manager version)",
            )
        ]
    )
