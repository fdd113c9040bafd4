"""TRF writer: the same bytes back for an unchanged file; ranks and 212 filled for standings."""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence

from ...model import SourceFile, SourceLine, SourceLines


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
    out: list[SourceLine] = []
    placed = False
    first_player = None
    after_202 = None
    for sl in source.lines:
        code = sl.text[:3]
        if sl.text.startswith(_DECISION_RECORDS):
            continue
        if code == "212":
            if not placed:
                out.append(SourceLine(record.text, sl.eol))
                out.extend(extra)
                placed = True
            continue  # a second 212 would contradict the first
        if code == "310" and teams:
            tid_text = sl.text[4:7].strip()
            if tid_text.isdigit() and int(tid_text) in ranks:
                text = sl.text.ljust(71)
                sl = SourceLine(text[:68] + f"{ranks[int(tid_text)]:>3}" + text[71:], sl.eol)
        if code == "001":
            if first_player is None:
                first_player = len(out)
            pid_text = sl.text[4:8].strip()
            if not teams and pid_text.isdigit() and int(pid_text) in ranks:
                text = sl.text.ljust(89)
                sl = SourceLine(text[:85] + f"{ranks[int(pid_text)]:>4}" + text[89:], sl.eol)
        out.append(sl)
        if code == "202":
            after_202 = len(out)
    if not placed:
        at = after_202 if after_202 is not None else (first_player or 0)
        out[at:at] = [record, *extra]
    return encode(source, out)
