"""A source file's text as read: its lines and their ends, and what a writer needs to give
back the same bytes (the readers keep it on :attr:`Tournament.source
<fide_tiebreaks.model.Tournament.source>`).

About a file's text, not the tournament; :mod:`fide_tiebreaks.model` imports the names from
here and keeps them importable from there.
"""

from __future__ import annotations

from bisect import bisect_right
from collections.abc import Iterator, Sequence
from itertools import chain, compress, islice
from typing import Any

from .data_classes import NamedTuple, dataclass
from .patterns import LazyPattern


class SourceLine(NamedTuple):
    """A line of the source file exactly as read: text without its end, and the end.
    A named tuple, as :class:`Game`: there is one per line of the file."""

    text: str
    eol: str


_EOL_SPLIT = LazyPattern(r"(\r\n|\r|\n)")
_NONSPACE = LazyPattern(r"\S")  # what str.strip() keeps
_LINE_END = LazyPattern(r"[\r\n]")
# Characters a line has on average, at least, in a piece that records() splits: a TRF record
# has 50 or more; a file of blank lines, one or two.
_RECORD_CHARS = 16
PIECE_CHARS = 1 << 20  # characters split at a time: the lists of one piece's lines stay small


def line_ends(text: str, start: int = 0, stop: int | None = None) -> int:
    """The line ends in ``text[start:stop]``, each CR LF, CR or LF one end, as the readers
    split lines (a file with CR-only ends, old Mac, has as many lines as with LF)."""
    stop = len(text) if stop is None else stop
    return (
        text.count("\n", start, stop)
        + text.count("\r", start, stop)
        - text.count("\r\n", start, stop)
    )


def line_and_column(text: str, at: int) -> tuple[int, int]:
    """The line and column (both from 1) of the character at index *at* of *text*, lines
    ended as :func:`line_ends` counts them: for a message about a place in a file's text."""
    start = max(text.rfind("\n", 0, at), text.rfind("\r", 0, at)) + 1
    return line_ends(text, 0, start) + 1, at - start + 1


def lf_ends(data: bytes) -> bytes:
    """*data* (an ASCII-compatible encoding) with each CR LF and each CR made LF: what an XML
    parser does to a document's line ends (XML 1.0, 2.11) before it counts lines, which
    libxml2 does by LF only."""
    return data.replace(b"\r\n", b"\n").replace(b"\r", b"\n") if b"\r" in data else data


def _scan_records(text: str, at: int, size: int, line: int) -> Iterator[tuple[int, str]]:
    """:meth:`SourceLines.records` of ``text[at:size]`` (whole lines, the first numbered
    *line*) by searches: blank lines are skipped by one regular-expression search."""
    while (m := _NONSPACE.search(text, at, size)) is not None:
        found = m.start()
        start = max(at, text.rfind("\n", at, found) + 1, text.rfind("\r", at, found) + 1)
        line += line_ends(text, at, start)
        e = _LINE_END.search(text, found, size)
        at = e.start() if e else size
        yield line, text[start:at]


def _split(piece: str) -> tuple[list[str], list[str]]:
    """The lines of *piece* and their ends (CR LF, CR or LF), at C speed."""
    if "\r" not in piece or "\n" not in piece:
        eol = "\r" if "\r" in piece else "\n"
        texts = piece.split(eol)
        eols = [eol] * (len(texts) - 1)
    else:
        parts = _EOL_SPLIT.split(piece)
        texts, eols = parts[0::2], parts[1::2]
    if texts[-1]:
        eols.append("")  # the last line of the file, without an end
    else:
        texts.pop()
    return texts, eols


class SourceLines(Sequence[SourceLine]):
    """The lines of a text (ends CR LF, CR or LF), as :class:`SourceLine` objects made on
    demand. Held as the text itself and where each piece of about a megabyte starts and ends
    (on a line end), not as an object per line: memory stays the size of the file whatever
    its lines hold (a tuple of named tuples made 8 MB of blank lines take 845 MB). Reading
    it in order costs one split per piece; indexing a line splits its piece. Not
    str.splitlines: that also splits at form feeds, vertical tabs and other separators a TRF
    line may hold as text."""

    __slots__ = ("_firsts", "_pieces", "text")

    def __init__(self, text: str) -> None:
        self.text = text
        pieces: list[tuple[int, int]] = []
        firsts = [0]  # the index of each piece's first line, then the number of lines
        at, size = 0, len(text)
        while at < size:
            stop = min(at + PIECE_CHARS, size)
            if stop < size:  # end the piece after a line end (a CR LF kept whole)
                m = _EOL_SPLIT.search(text, stop - 1)
                stop = m.end() if m else size
            ends = line_ends(text, at, stop)
            last = text[stop - 1]
            pieces.append((at, stop))
            firsts.append(firsts[-1] + ends + (last not in "\r\n"))
            at = stop
        self._pieces = tuple(pieces)
        self._firsts = tuple(firsts)

    def __len__(self) -> int:
        return self._firsts[-1]

    def _piece(self, k: int) -> tuple[list[str], list[str]]:
        start, stop = self._pieces[k]
        return _split(self.text[start:stop])

    def records(self) -> Iterator[tuple[int, str]]:
        """(line number, text without its end) of each line that is not blank (has a
        character other than white space), in order: what a reader scans. A piece of
        records (lines of some length on average) is split and filtered at C speed; a piece
        of mostly blank lines is scanned by regular-expression searches, which skip a run of
        them at once, without an object each: the work is linear in the text whatever its
        line ends."""
        text, firsts = self.text, self._firsts
        for k, (start, stop) in enumerate(self._pieces):
            first, lines = firsts[k] + 1, firsts[k + 1] - firsts[k]
            if stop - start >= _RECORD_CHARS * lines:
                texts, _ = self._piece(k)
                numbered = enumerate(texts, start=first)
                yield from compress(numbered, map(str.strip, texts))  # blank: stripped to ""
            else:
                yield from _scan_records(text, start, stop, first)

    def __iter__(self) -> Iterator[SourceLine]:
        return chain.from_iterable(
            map(SourceLine, *self._piece(k)) for k in range(len(self._pieces))
        )

    def __getitem__(self, i: Any) -> Any:
        if isinstance(i, slice):
            return list(islice(self, *i.indices(len(self))))
        if i < 0:
            i += len(self)
        if not 0 <= i < len(self):
            raise IndexError("line index out of range")
        k = bisect_right(self._firsts, i) - 1
        texts, eols = self._piece(k)
        j = i - self._firsts[k]
        return SourceLine(texts[j], eols[j])

    def __eq__(self, other: object) -> bool:
        if isinstance(other, SourceLines):
            return self.text == other.text
        return isinstance(other, Sequence) and tuple(self) == tuple(other)

    def __hash__(self) -> int:
        return hash(self.text)

    def __repr__(self) -> str:
        return f"SourceLines({len(self)} lines)"


@dataclass(frozen=True)
class SourceFile:
    """What a writer needs to give back the same bytes: lines, encoding, byte-order mark."""

    path: str
    lines: Sequence[SourceLine]
    encoding: str
    bom: bool = False
