"""Tie-break codes in the TEC syntax ``NAME[:MP|:GP][/Cn|/Mn|/L±n|/Kx][/P][/F]``, plus ``/R``
(reverse order, for TPN and RTNG, as FIDE TEC's reference program writes it).

The syntax is that of FIDE TEC's "Mandatory Tie-Breaks" list for TRF-2026 (records 202 and
212). The Handbook's hyphen form (``BH-C1``, ``SB-C1``) is accepted and written back in the
slash form.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from fractions import Fraction

from . import arguments
from .data_classes import dataclass
from .errors import FideTiebreaksError
from .numbers import (
    MAX_DIGITS,
    NumberError,
    clip,
    exact_str,
    parse_int,
    read_decimal,
)
from .patterns import DIGITS, LETTERS, spelled


class CodeError(FideTiebreaksError, ValueError):
    """A tie-break code that does not parse, or names what nobody provides. *typed* is the
    name that is no tie-break's name, when that is the problem (for suggestions)."""

    def __init__(self, message: str, typed: str | None = None) -> None:
        super().__init__(message)
        self.typed = typed


_NAME_CHARS = LETTERS + DIGITS + "_"  # a name is a letter, then these
_KELVIN = "\u212a"  # KELVIN SIGN: a K to a case-insensitive pattern, as Unicode folds it


def _digits(text: str) -> bool:
    return text.isascii() and text.isdigit()  # [0-9]+: isdigit alone takes other digits


def _is_modifier(text: str) -> bool:
    r"""Whether *text* is one modifier: exactly what the case-insensitive pattern
    ``^(?:[CM][0-9]+|L[+-]?[0-9]+|K[0-9]+(?:[.,][0-9]+)?|P|F|R)$`` matches (its ``$`` before
    a final newline too), read by str methods because every list with a modifier comes this
    way, and compiling the pattern cost every run more than parsing the whole list."""
    body = text.removesuffix("\n")
    first, rest = body[:1], body[1:]
    if first and first in "PpFfRr":
        return not rest
    if first and first in "Ll":
        return _digits(rest.removeprefix("+") if rest[:1] == "+" else rest.removeprefix("-"))
    if first and first in "Kk" + _KELVIN:
        number, point, fraction = rest.replace(",", ".", 1).partition(".")  # [.,]: one of them
        return _digits(number) and (not point or _digits(fraction))
    return bool(first) and first in "CcMm" and _digits(rest)


# An event has at most 99 rounds (TRF's round columns; the builder and every reader hold
# that limit). A Cut of 99 values or a Median of 50 (100 values) leaves nothing in any event:
# C.07 14.1-14.4 define the modifiers as removing some of the values, never all of them, so
# such a code is refused where it is read. A smaller one that removes every value of *this*
# event (BH/C5 in 5 rounds) is a warning when standings are computed: the list is published
# before the event (C.07 4.1) and serves the standings after each round too.
_MOST_ROUNDS = 99

# Letters a Tiebreak lists in ``modifiers`` to accept them.
CUT = "C"
MEDIAN = "M"
LIMIT = "L"
FACTOR = "K"
FORFEITS_AS_PLAYED = "P"
FORE = "F"
SCORE = ":"
REVERSE = "R"
MODIFIER_NAMES = {
    CUT: "/Cn (Cut, C.07 14.1-14.2)",
    MEDIAN: "/Mn (Median, C.07 14.3-14.4)",
    LIMIT: "/L±n (Limit, C.07 14.5)",
    FACTOR: "/Kx (SSSC factor, C.07 13.4)",
    FORFEITS_AS_PLAYED: "/P (forfeits as played games)",
    FORE: "/F (Fore Buchholz)",
    SCORE: ":MP or :GP (team score)",
    REVERSE: "/R (reverse order, C.07 (2026) 7.8 and 10.6)",
}


@dataclass(frozen=True)
class TiebreakSpec:
    """A parsed code: the tie-break's name and its modifiers."""

    name: str  # the tie-break's code without modifiers, e.g. "BH"
    score: str | None = None  # "MP" or "GP"
    cut: int = 0  # /Cn: Cut, the n least significant values left out (C.07 14.1-14.2)
    median: int = 0  # /Mn: Median, n values cut at each end (C.07 14.3-14.4)
    limit: int | None = None  # /L±n: Limit (C.07 14.5), in half-point steps, signed
    factor: Fraction | None = None  # /Kx: the SSSC factor (C.07 13.4)
    forfeits_as_played: bool = False  # /P: forfeits count as games played
    fore: bool = False  # /F: Fore Buchholz
    reverse: bool = False  # /R: reverse order (C.07 (2026) 7.8 and 10.6)

    @property
    def code(self) -> str:
        """Canonical TEC text, e.g. ``BH/C1`` for ``bh-c1``."""
        text = self.name + (f":{self.score}" if self.score else "")
        if self.cut:
            text += f"/C{self.cut}"
        if self.median:
            text += f"/M{self.median}"
        if self.limit is not None:
            text += f"/L{self.limit:+d}"
        if self.factor is not None:
            text += f"/K{exact_str(self.factor)}"
        if self.forfeits_as_played:
            text += "/P"
        if self.fore:
            text += "/F"
        if self.reverse:
            text += "/R"
        return text

    @property
    def modifiers(self) -> frozenset[str]:
        used = set()
        if self.score:
            used.add(SCORE)
        if self.cut:
            used.add(CUT)
        if self.median:
            used.add(MEDIAN)
        if self.limit is not None:
            used.add(LIMIT)
        if self.factor is not None:
            used.add(FACTOR)
        if self.forfeits_as_played:
            used.add(FORFEITS_AS_PLAYED)
        if self.fore:
            used.add(FORE)
        if self.reverse:
            used.add(REVERSE)
        return frozenset(used)

    def __str__(self) -> str:
        return self.code


def parse_code(text: str) -> TiebreakSpec:
    """Parse one code. Raises :class:`CodeError` with a message that says what is wrong."""
    arguments.text(text, "parse_code's text")
    raw = text.strip()
    if not raw:
        raise CodeError("empty tie-break code")
    head, mods = _head_and_modifiers(raw)
    fields = _name_and_score(raw, head)
    seen: set[str] = set()
    for mod in mods:
        letter = _modifier_letter(raw, mod, seen)
        seen.add(letter)
        fields.update(_modifier_field(raw, letter, mod[1:]))
    _check_together(raw, seen, fields)
    return TiebreakSpec(**fields)  # type: ignore[arg-type]


def _head_and_modifiers(raw: str) -> tuple[str, list[str]]:
    """``NAME[:score]`` and the modifiers after it, in the slash or the Handbook's hyphen form."""
    head, *mods = raw.split("/")
    if "-" in head:  # Handbook form BH-C1: split only where the rest are modifiers
        first, *rest = head.split("-")
        if rest and all(_is_modifier(r) for r in rest):
            head, mods = first, [*rest, *mods]
    return head, mods


def _name_and_score(raw: str, head: str) -> dict[str, object]:
    name, _, score = head.partition(":")
    if not spelled(name, LETTERS, _NAME_CHARS):
        raise CodeError(f"'{raw}': '{name}' is not a tie-break name", typed=raw)
    fields: dict[str, object] = {"name": name.upper()}
    if score:
        if score.upper() not in ("MP", "GP"):
            raise CodeError(f"'{raw}': ':{score}' must be :MP or :GP")
        fields["score"] = score.upper()
    return fields


def _modifier_letter(raw: str, mod: str, seen: set[str]) -> str:
    """The letter of modifier *mod*, checked to be a modifier not given before."""
    if not _is_modifier(mod):
        raise CodeError(
            f"'{raw}': unknown modifier '/{mod}' (expected /Cn, /Mn, /L±n, /Kx, /P, /F or /R)"
        )
    # The KELVIN SIGN is a K to the case-insensitive grammar, and upper-cases to itself.
    letter = FACTOR if mod[0] == _KELVIN else mod[0].upper()
    if letter in seen:
        raise CodeError(f"'{raw}': modifier /{letter} given twice")
    return letter


_FLAGS = {FORFEITS_AS_PLAYED: "forfeits_as_played", FORE: "fore", REVERSE: "reverse"}


def _modifier_field(raw: str, letter: str, value: str) -> dict[str, object]:
    """The :class:`TiebreakSpec` field modifier *letter* sets, with its number converted."""
    if letter in _FLAGS:
        return {_FLAGS[letter]: True}
    what = f"'{clip(raw)}': /{letter}"
    try:  # numbers are bounded before they are converted (numbers.parse_int)
        if letter == FACTOR:
            return {"factor": read_decimal(value, what)}
        if letter == LIMIT:
            return {"limit": parse_int(value, what, -(10**MAX_DIGITS - 1))}
        key = "cut" if letter == CUT else "median"
        n = parse_int(value, what, 0, 10**MAX_DIGITS - 1)
    except NumberError as e:
        raise CodeError(str(e)) from None
    return {key: _removable(raw, letter, n)}


def _removable(raw: str, letter: str, n: int) -> int:
    """*n* for /C n or /M n when it leaves a value in the longest event (99 rounds)."""
    removed = n if letter == CUT else 2 * n
    if removed >= _MOST_ROUNDS:
        most = _MOST_ROUNDS - 1 if letter == CUT else (_MOST_ROUNDS - 1) // 2
        what = f"the {n} lowest" if letter == CUT else f"the {n} highest and the {n} lowest"
        raise CodeError(
            f"'{clip(raw)}': /{letter}{n} removes {what} values, {removed} in all, "
            f"and no event has more than {_MOST_ROUNDS} rounds: nothing would be left to "
            f"compare in any event (C.07 14.1-14.4 remove some values, never all); /{letter} "
            f"takes 1 to {most}"
        )
    return n


def _check_together(raw: str, seen: set[str], fields: dict[str, object]) -> None:
    if CUT in seen and MEDIAN in seen:
        raise CodeError(f"'{raw}': a Cut and a Median cannot be combined")
    if fields.get("cut") == 0 or fields.get("median") == 0:
        raise CodeError(f"'{raw}': /C0 and /M0 remove nothing; leave the modifier out")


def parse_list(text: str | list[str] | tuple[str, ...]) -> list[TiebreakSpec]:
    """A comma-separated list (as in TRF 202) or a sequence of codes. A leading ``PTS``
    (TRF 212 lists start with it) is dropped: points always rank first."""
    arguments.codes(text, "parse_list's text", optional=False)
    if isinstance(text, str):
        hint = separator_hint(text)
        if hint is not None:
            raise CodeError(f"'{text.strip()}': separate tie-break codes with commas: '{hint}'")
    items = text.split(",") if isinstance(text, str) else list(text)
    specs = [parse_code(item) for item in items if item.strip()]
    if specs and specs[0].name == "PTS" and specs[0].modifiers == frozenset():
        specs = specs[1:]
    return specs


def suggest(typed: str, names: Mapping[str, str], limit: int = 3) -> list[str]:
    """The codes nearest to *typed*, best first: *names* maps each code to the tie-break's
    name (``{"BH": "Buchholz", ...}``). A code or a name may be typed, misspelled or in part:
    ``Buchholz`` and ``buchols`` give ``BH`` (and the family's other codes after it),
    ``Sonneborn`` gives ``SB``."""
    import difflib

    word = typed.strip().lower()
    if not word:
        return []
    scores: dict[str, float] = {}

    def score(code: str, value: float) -> None:
        scores[code] = max(scores.get(code, 0.0), value)

    for code, name in names.items():
        lowered = name.lower()
        score(code, difflib.SequenceMatcher(None, word, code.lower()).ratio())
        score(code, difflib.SequenceMatcher(None, word, lowered).ratio())
        words = re.findall(r"[a-z0-9]+", lowered)
        if word == lowered or word in words:
            score(code, 1.0 if words and words[0] == word else 0.95)
        elif len(word) >= 4 and lowered.startswith(word):
            score(code, 0.9)
        else:  # a misspelled first word: "buchols", "soneborn"
            best = max(
                (difflib.SequenceMatcher(None, word, w).ratio() for w in words[:1]), default=0.0
            )
            score(code, best * 0.95)
    ranked = sorted((s, code) for code, s in scores.items() if s >= 0.6)
    ranked.sort(key=lambda item: (-item[0], len(item[1]), item[1]))
    return [code for _, code in ranked[:limit]]


def separator_hint(text: str) -> str | None:
    """What to write instead when a list uses another separator than the comma
    (``BH/C1;SB``, ``BH/C1 SB``): the corrected list, else None."""
    if not any(c in ";|" or c.isspace() for c in text):  # commas only: nothing to hint
        return None
    tidy = re.sub(r"\s*,\s*", ",", text.strip())
    if not re.search(r"[;|\s]", tidy):
        return None
    parts = [p for p in re.split(r"[;|\s,]+", tidy) if p]
    heads = [re.split(r"[/:-]", p, maxsplit=1)[0] for p in parts]
    if len(parts) > 1 and all(spelled(h, LETTERS, _NAME_CHARS) for h in heads):
        return ",".join(parts)
    return None
