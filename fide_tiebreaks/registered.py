"""What a plugin registers, checked before the host keeps it: a Tiebreak, Preset, Option or
Edition whose fields the host and the standings read before any of its code runs. Each check
says what is wrong, or returns None when nothing is (the host then reports the problem as
its plugin's, :class:`~fide_tiebreaks.host.PluginProblem`)."""

from __future__ import annotations

from numbers import Rational

from .codes import MODIFIER_NAMES, CodeError, parse_list
from .editions import Edition
from .patterns import DIGITS, LETTERS, LOWER, spelled
from .tiebreak import Option, OptionError, Preset, Tiebreak

_CODE_CHARS = LETTERS + DIGITS + "_:"  # after the first letter; ESB:MM is an alias


def malformed(item: object) -> str | None:
    """What is wrong with a registered Tiebreak, Preset, Option or Edition (its fields are
    read by the host and the standings before any of its code runs); None when nothing is."""
    if isinstance(item, Tiebreak):
        return _malformed_tiebreak(item)
    if isinstance(item, Preset):
        return _malformed_preset(item)
    if isinstance(item, Option):
        return _malformed_option(item)
    if isinstance(item, Edition):
        return _malformed_edition(item)
    return None


def _malformed_tiebreak(item: Tiebreak) -> str | None:
    names = (item.code, *item.aliases) if isinstance(item.aliases, tuple | list) else ()
    if not names or not all(isinstance(n, str) and spelled(n, LETTERS, _CODE_CHARS) for n in names):
        return "code or aliases are not plain code names (letters, digits, _ and :)"
    if not (isinstance(item.modifiers, frozenset | set) and item.modifiers <= set(MODIFIER_NAMES)):
        return f"modifiers are not a set of {', '.join(sorted(MODIFIER_NAMES))}"
    if not callable(item.compute) or not all(
        f is None or callable(f) for f in (item.check, item.explain)
    ):
        return "compute, check or explain is not a function"
    return _malformed_values(item)


def _malformed_values(item: Tiebreak) -> str | None:
    """What is wrong with a Tiebreak's plain values (``alone``, ``edition``), or None."""
    if item.alone is not None and (
        isinstance(item.alone, bool) or not isinstance(item.alone, Rational)
    ):
        return "alone is not an exact number"
    if not isinstance(item.edition, str):
        return "edition is not the name of an edition (text)"
    return None


def _malformed_preset(item: Preset) -> str | None:
    if not isinstance(item.name, str) or not spelled(
        item.name, LOWER + DIGITS, LOWER + DIGITS + "-", longest=40
    ):
        return "name is not lower-case letters, digits and hyphens"
    if not isinstance(item.tiebreaks, str):
        return "tiebreaks is not a list in the TEC syntax (text)"
    if not isinstance(item.edition, str):
        return "edition is not the name of an edition (text)"
    try:
        parse_list(item.tiebreaks)
    except CodeError as e:
        return f"tiebreaks cannot be read ({e})"
    return None


def _malformed_edition(item: Edition) -> str | None:
    if not isinstance(item.name, str) or not item.name.strip():
        return "name is not text"
    if not callable(item.opponent_table) or not callable(item.cut):
        return "opponent_table or cut is not a function"
    return None


def _option_name(name: str) -> bool:
    """Lower-case words (letters and digits, the first starting with a letter) joined by
    single underscores, a final newline let through as :func:`spelled` lets it through."""
    return (
        spelled(name, LOWER, LOWER + DIGITS + "_")
        and "__" not in name
        and not name.endswith(("_", "_\n"))
    )


def _malformed_option(item: Option) -> str | None:
    if not isinstance(item.name, str) or not _option_name(item.name):
        return "name is not lower-case words joined by _"
    if item.type not in ("bool", "int", "choice", "text"):
        return "type is not bool, int, choice or text"
    if item.type == "choice" and not (
        isinstance(item.choices, tuple)
        and item.choices
        and all(isinstance(c, str) for c in item.choices)
    ):
        return "choices are not a tuple of texts"
    if not isinstance(item.help, str):
        return "help is not text"
    try:
        item.convert(item.default, item.name)
    except OptionError:
        return "default is not a value of its type"
    return None
