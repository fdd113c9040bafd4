"""Readers and writers, one module or package per format, and the dispatcher that picks one.

Reading: :func:`read_trf` and :func:`parse_any` recognise the format from the data itself (TRF
text, the XML tournament form when it starts with ``<``, Chess-JSON when it starts with ``{``)
and return one :class:`~fide_tiebreaks.formats.base.ReadResult`: the same immutable
:class:`~fide_tiebreaks.model.Tournament` whichever format it came from. XML and Chess-JSON are
turned into the equivalent TRF and read by the TRF reader, so every format gets the same checks.

Writing: :func:`render` presents computed standings in one of :data:`FORMATS`; ``convert``
writes a tournament itself (``trf.writer.encode`` for the same bytes,
``trf.model_writer.write_tournament_trf`` for TRF16 or TRF-2026 from the model,
``chessjson.event``).
"""

from __future__ import annotations

import os
import re
from fractions import Fraction
from typing import TYPE_CHECKING, Any

from .. import arguments
from ..data_classes import NamedTuple
from ..diagnostics import InputError
from ..patterns import LazyPattern
from .base import ReadResult, ReadSettings, fatal, read_bytes, settled, wide_codec
from .trf.reader import parse_trf

if TYPE_CHECKING:
    from collections.abc import Callable, Sequence

    from ..categories import Category
    from ..standings import Standings
    from .base import PgnOptions


def read_tournament(
    path: str | os.PathLike[str],
    *,
    settings: ReadSettings | None = None,
    team_pab: tuple[Fraction, Fraction] | None = None,
    pgn: PgnOptions | None = None,
    lenient: bool = False,
) -> ReadResult:
    """Read a tournament file in any format we read: TRF (TRF16, TRF-2026), the XML
    tournament form (fide-tiebreaks.xsd), Chess-JSON or a tournament PGN, told apart by their
    content. Raises :class:`~fide_tiebreaks.diagnostics.InputError` only when it cannot be
    read at all.

    *settings* (:class:`~fide_tiebreaks.formats.base.ReadSettings`) holds what the file may
    leave open; ``team_pab=(mp, gp)`` is the short form of ``settings=ReadSettings(team_pab=
    (mp, gp))``: the match and game points of a team's pairing-allocated bye where the file
    cannot say them (TRF16: default a drawn match, half the boards); ``pgn=`` likewise
    the short form of ``settings=ReadSettings(pgn=...)``: how to read what a PGN cannot say
    (:class:`~fide_tiebreaks.formats.pgn.PgnOptions`). ``lenient=True`` (short for
    ``settings=ReadSettings(lenient=True)``) reads an impossible event as written, with
    warnings, where by default each impossibility is an error (no standings from it)."""
    arguments.path(path, "path")
    settings = settled(settings, team_pab, pgn, lenient)
    try:
        data = read_bytes(path)
    except InputError:
        if isinstance(path, str) and ("\n" in path or "\r" in path) and not os.path.lexists(path):
            raise _content_for_path(path) from None
        raise
    return parse_any(data, str(path), settings=settings)


def _content_for_path(text: str) -> InputError:
    """A file's content given where its path goes: said so, not "No such file" with the
    whole content for the file's name (a path may hold a line break, so only a missing one)."""
    from ..numbers import clip

    return InputError(
        [
            fatal(
                repr(clip(text)),
                "no such file, and this path holds a line break: is it a file's content "
                "rather than its path? (from Python, parse_any(data, name) reads a file's bytes)",
            )
        ]
    )


#: The name :func:`read_tournament` had first, kept for programs that use it.
read_trf = read_tournament


def parse_any(
    data: bytes,
    path: str = "<input>",
    *,
    settings: ReadSettings | None = None,
    team_pab: tuple[Fraction, Fraction] | None = None,
    pgn: PgnOptions | None = None,
    lenient: bool = False,
) -> ReadResult:
    """Parse TRF bytes, the XML tournament form (fide-tiebreaks.xsd) when the data starts
    with ``<``, Chess-JSON when it starts with ``{``, a tournament PGN (its tags,
    formats/pgn.py) when it starts with ``[``, or a Swiss-Manager file (TUNX, TURX, TUMX,
    TUTX: the ``swiss-manager`` extra) by its header. lxml is imported only for XML, the
    Swiss-Manager decoder only for its files."""
    arguments.instance(data, bytes, "data", hint="a file's bytes (open it with 'rb')")
    settings = settled(settings, team_pab, pgn, lenient)  # the short forms
    # A Swiss-Manager file by its header (swiss_manager.MAGIC), or binary data named like one
    if data[:4] == b"\x93\xff\x89\x44" or (
        path[-5:].upper() in (".TUNX", ".TUMX", ".TURX", ".TUTX") and b"\x00" in data[:4096]
    ):
        from .swiss_manager import read_swiss_manager

        return read_swiss_manager(data, path, settings=settings)
    head = _head(data)
    first = head[:1]
    if first == b"[" or _pgn_preamble(head):
        from .pgn import read_pgn

        return read_pgn(data, path, settings=settings)
    if first == b"<":
        from .xml import read_xml

        return read_xml(data, path, settings=settings)
    if first == b"{":
        from .chessjson import read_chess_json

        return read_chess_json(data, path, settings=settings)
    return parse_trf(data, path, settings=settings)


def _head(data: bytes) -> bytes:
    """The data from its first character that is not white space or a byte-order mark, as
    UTF-8: UTF-16 or UTF-32 text is looked at as its characters (its first 4 KiB), so that
    UTF-16 XML is read as XML, and UTF-16 JSON is told apart by its ``{`` (and refused by
    name: Chess-JSON is UTF-8)."""
    codec = wide_codec(data) if b"\x00" in data[:64] or data[:2] in _MARKS else ""
    if codec:
        data = data[:4096].decode(codec, errors="ignore").encode("utf-8")
    return data.lstrip(b"\xef\xbb\xbf \t\r\n")


_MARKS = (b"\xff\xfe", b"\xfe\xff")  # UTF-16's byte-order marks (and UTF-32's first bytes)


# A tag pair at the start of a line: a PGN game's first line (PGN standard 8.1).
_TAG_LINE = LazyPattern(rb'^[ \t]*\[[A-Za-z0-9_]+[ \t]+"', re.MULTILINE)


def _pgn_preamble(head: bytes) -> bool:
    """Whether *head* (the data from its first character) opens with what PGN allows before
    the first tag pair: an escape line (``%``, PGN 6), a comment to the line's end (``;``),
    or a ``{`` comment, which may hold any text (``{ "quoted" }``). A ``{`` with a tag pair
    at the start of a later line (``[Event "``) opens a PGN comment: in JSON no line starts
    so (a string holds no line end; ``[`` is followed by a value, never a bare name)."""
    first = head[:1]
    if first in (b"%", b";"):
        return True
    return first == b"{" and _TAG_LINE.search(head, 0, 1 << 16) is not None


def to_trf(s: Standings, form: str | None = None) -> bytes:
    """The standings as TRF. *form* None: the tournament's own TRF lines with the computed
    ranks, the tie-break list and the decisions filled in (the same bytes otherwise), or
    TRF-2026 for an event read from no file (the builder). ``"trf16"`` / ``"trf26"``: the
    event written from the model in that form (the door's choice for standings after round
    N, or another type), which raises :class:`~fide_tiebreaks.formats.trf.forms.TrfFormError`
    for what the form cannot hold."""
    if form is None and s.tournament.source is not None:
        from .trf.writer import with_ranks  # only when writing TRF

        ranks = {row.participant.id: row.rank for row in s.rows}
        return with_ranks(
            s.tournament.source,
            ranks,
            s.codes,
            teams=s.tournament.team is not None,
            decisions=decision_records(s),
        )
    from .trf.model_writer import write_tournament_trf

    if form == "trf16":
        return write_tournament_trf(s.tournament, form="trf16", standings=s).encode("utf-8")
    return write_tournament_trf(s.tournament, form="trf26", standings=s).encode("utf-8")


def decision_records(s: Standings) -> list[str]:
    """The TRF comment records of what decided the standings after the list: the decisions
    (read back as given), the lots seed, and the drawn orders for a reader's eyes."""
    from ..decisions import decided_text
    from .trf.extras import DECIDED, LOTS, PREFIX

    if s.settlement is None:
        return []
    out = [f"{PREFIX}{DECIDED} {decided_text(d)}" for d in s.settlement.decisions]
    if s.settlement.seed is not None:
        out.append(f"{PREFIX}{LOTS} {s.settlement.seed}")
        for a in s.settlement.applied:
            if a.by == "lots":
                out.append(f"{PREFIX}drawn: place {a.place}: {'>'.join(map(str, a.order))}")
    return out


class Asked(NamedTuple):
    """What :func:`render` was asked for besides the standings, as every writer receives it."""

    options: dict[str, Any] | None
    categories: Sequence[Category]
    trf_form: str | None


def render(
    s: Standings,
    fmt: str,
    options: dict[str, Any] | None = None,
    categories: Sequence[Category] = (),
    *,
    trf_form: str | None = None,
) -> bytes:
    """*s* in one of :data:`FORMATS`; *options* reach the tie-breaks' explanations (html);
    *categories* add a section each to table, json, csv and html. Each writer is imported
    only when its format is asked for (start-up)."""
    writer = WRITERS.get(fmt)
    if writer is None:
        raise ValueError(f"format {fmt!r} is not one of: {', '.join(FORMATS)}")
    return writer(s, Asked(options=options, categories=categories, trf_form=trf_form))


def _table(s: Standings, asked: Asked) -> bytes:
    from .table import to_table

    return to_table(s, asked.categories).encode("utf-8")


def _json(s: Standings, asked: Asked) -> bytes:
    from .json import to_json

    return to_json(s, asked.categories).encode("utf-8")


def _csv(s: Standings, asked: Asked) -> bytes:
    from .csv import to_csv

    return to_csv(s, asked.categories).encode("utf-8")


def _trf(s: Standings, asked: Asked) -> bytes:
    return to_trf(s, asked.trf_form)


def _xml(s: Standings, asked: Asked) -> bytes:
    from .xml_standings import standings_xml

    return standings_xml(s)


def _html(s: Standings, asked: Asked) -> bytes:
    from .html import standings_html

    return standings_html(s, asked.options, asked.categories)


def _chess_json(s: Standings, asked: Asked) -> bytes:
    from .chessjson import dumps, event
    from .chessjson.writer import Ranked

    ranking = [Ranked(row.participant.id, row.rank, row.values) for row in s.rows]
    return dumps(event(s.tournament, ranking, s.codes)).encode("utf-8")


#: Format name -> its writer: the one place a standings format is added. Each writer imports
#: its module when called, so a run imports only the writer it uses.
WRITERS: dict[str, Callable[[Standings, Asked], bytes]] = {
    "table": _table,
    "json": _json,
    "csv": _csv,
    "trf": _trf,
    "xml": _xml,
    "html": _html,
    "chess-json": _chess_json,
}
#: The standings formats, in the order ``--format`` lists them.
FORMATS = tuple(WRITERS)
