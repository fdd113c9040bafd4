"""The result letter of a team's match in a TRF-2026 ``299`` record (column 5: ``W D L F H
Z + -``), the one table the team reader and the team writer share."""

from __future__ import annotations

from ..model import ResultKind

#: A match's result kind -> the 299 letter that names it (a double forfeit is a forfeit
#: loss, a round not paired a zero-point bye: 299 has no letter of their own).
MATCH_LETTER = {
    ResultKind.WIN: "W",
    ResultKind.DRAW: "D",
    ResultKind.LOSS: "L",
    ResultKind.FORFEIT_WIN: "+",
    ResultKind.FORFEIT_LOSS: "-",
    ResultKind.DOUBLE_FORFEIT: "-",
    ResultKind.FULL_BYE: "F",
    ResultKind.HALF_BYE: "H",
    ResultKind.ZERO_BYE: "Z",
    ResultKind.NOT_PAIRED: "Z",
}
