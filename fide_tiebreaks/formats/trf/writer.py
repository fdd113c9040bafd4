"""TRF writer: the same bytes back for an unchanged file; ranks and 212 filled for standings."""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence

from ...source_text import SourceFile, SourceLine, SourceLines


def encode(source: SourceFile, lines: Sequence[SourceLine] | None = None) -> bytes:
    """The file's lines in its own encoding, line ends and byte-order mark."""
    if lines is None and isinstance(source.lines, SourceLines):
        text = source.lines.text  # unchanged: the text as read
    else:
        text = "".join(sl.text + sl.eol for sl in (source.lines if lines is None else lines))
    return (b"\xef\xbb\xbf" if source.bom else b"") + text.encode(source.encoding)


# Our comment records that standings replace (round-ratings are the event's, kept as read).
_DECISION_RECORDS = (
    "### fide-tiebreaks lots:",
    "### fide-tiebreaks decided:",
    "### fide-tiebreaks drawn:",
)


def with_ranks(
    source: SourceFile,
    ranks: Mapping[int, int],
    codes: Sequence[str],
    teams: bool = False,
    decisions: Sequence[str] = (),
) -> bytes:
    """The file with each player's rank in columns 86-89 (with *teams*: each team's rank in
    columns 69-71 of its ``310`` record) and ``212 PTS,<codes>``, followed by the
    *decisions* (our ``### fide-tiebreaks`` records, which replace the file's own).

    Only those rank columns, the 212 record and those records change; everything else,
    unknown records and line ends included, is written back as read.
    """
    eols = Counter(sl.eol for sl in source.lines if sl.eol)
    eol = eols.most_common(1)[0][0] if eols else "\n"
    record = SourceLine("212 " + ",".join(["PTS", *codes]), eol)
    extra = [SourceLine(text, eol) for text in decisions]
    ranked = [
        _ranked(sl, ranks, teams)
        for sl in source.lines
        if not sl.text.startswith(_DECISION_RECORDS)
    ]
    return encode(source, _placed(ranked, record, extra))


def _ranked(sl: SourceLine, ranks: Mapping[int, int], teams: bool) -> SourceLine:
    """A line with its rank filled in: a team's in columns 69-71 of its ``310`` record, or
    (an individual event) a player's in columns 86-89 of its ``001`` record."""
    code = sl.text[:3]
    if code == "310" and teams:
        return _with_rank(sl, sl.text[4:7], ranks, start=68, width=3)
    if code == "001" and not teams:
        return _with_rank(sl, sl.text[4:8], ranks, start=85, width=4)
    return sl


def _with_rank(
    sl: SourceLine, id_text: str, ranks: Mapping[int, int], *, start: int, width: int
) -> SourceLine:
    """*sl* with the rank of the id in *id_text*, right-aligned in the *width* columns after
    *start*; unchanged when the id has no rank."""
    tid = id_text.strip()
    if not (tid.isdigit() and int(tid) in ranks):
        return sl
    text = sl.text.ljust(start + width)
    rank = f"{ranks[int(tid)]:>{width}}"
    return SourceLine(text[:start] + rank + text[start + width :], sl.eol)


def _placed(
    lines: Sequence[SourceLine], record: SourceLine, extra: Sequence[SourceLine]
) -> list[SourceLine]:
    """*lines* with the 212 *record* and the *extra* records where the file's first 212
    stands (a second 212 would contradict the first: dropped), or else after the 202, or
    else before the first player."""
    out: list[SourceLine] = []
    placed = False
    first_player = None
    after_202 = None
    for sl in lines:
        code = sl.text[:3]
        if code == "212":
            if not placed:
                out.append(SourceLine(record.text, sl.eol))
                out.extend(extra)
                placed = True
            continue
        if code == "001" and first_player is None:
            first_player = len(out)
        out.append(sl)
        if code == "202":
            after_202 = len(out)
    if not placed:
        at = after_202 if after_202 is not None else (first_player or 0)
        out[at:at] = [record, *extra]
    return out
