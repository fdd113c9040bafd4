"""What a plugin registers (:class:`Tiebreak`) and what its ``compute`` gets (:class:`Context`)."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import field, fields, replace
from fractions import Fraction
from typing import Any, TypeVar

from .codes import CodeError, TiebreakSpec
from .data_classes import dataclass
from .editions import Edition, OpponentTable
from .errors import FideTiebreaksError
from .faults import PluginFault, guarded
from .model import Tournament
from .numbers import MAX_DIGITS, parse_int

Value = int | Fraction


# -- the parts of a working (what a tie-break's ``explain`` returns) ---------------------
# They live here, not in ``explain``, so that a plugin imports them at module top without
# making every standings run import the explain machinery; ``fide_tiebreaks.explain``
# exports the same classes.


@dataclass(frozen=True)
class Line:
    """One round of a participant, as one tie-break counts it."""

    round: int
    opponent: int | None  # None: a dummy or virtual opponent
    category: str  # "played", "16.2.3", the virtual opponent's working, ...
    opponent_score: Fraction  # the opponent's score as this tie-break sees it
    points: Fraction  # points obtained in the round
    contribution: Fraction
    removed: str = ""  # which cut or median removed it, with its article
    opponent_final: Fraction | None = None  # the opponent's final score, where one was met


@dataclass(frozen=True)
class Step:
    """A step of the working that is not a round-by-round contribution: a rating used, a
    table lookup, a rounding, the rule that separated a tied group."""

    text: str
    value: Fraction | None = None
    round: int | None = None
    opponent: int | None = None


@dataclass(frozen=True)
class Table:
    """A small table in an explanation, such as DE's mini-table of the tied group."""

    caption: str
    header: tuple[str, ...]
    rows: tuple[tuple[str, ...], ...]


class Unusable(FideTiebreaksError):
    """Raised by ``Tiebreak.check`` when a code cannot be used for this tournament and
    edition. With ``drop=True`` the standings go on without it (with a warning), as C.07
    says for rating tie-breaks when unrated players are present; else it is an error."""

    def __init__(self, message: str, drop: bool = False):
        super().__init__(message)
        self.drop = drop


@dataclass(frozen=True)
class Context:
    """Everything a tie-break's ``compute`` may read. Immutable apart from ``cache``, which
    the tie-breaks of one plugin share during one standings run (each plugin has its own),
    and ``tables``, where :meth:`opponent_table` keeps the tables every plugin shares (so BH
    and SB build the opponent table once); plugins use them only through these methods.
    """

    tournament: Tournament  # the event (for ":MP"/":GP" codes, scored that way)
    spec: TiebreakSpec  # the code as the user wrote it, parsed: cut, median, /P, ...
    edition: Edition  # the rules edition in use: name, citation, cut(), opponent_table()
    group: frozenset[int] | None = None  # the tied participants, for group tie-breaks
    # This plugin's own store for one run; use cached() rather than this directly.
    cache: dict[Any, Any] = field(default_factory=dict, compare=False, repr=False)
    options: Mapping[str, Any] = field(default_factory=dict)  # e.g. {"unrated_rating": 1000}
    # The opponent tables every plugin shares, kept by opponent_table(); not for plugins.
    tables: dict[Any, Any] = field(default_factory=dict, compare=False, repr=False)

    def cached(self, key: Any, build: Callable[[], Any]) -> Any:
        """``build()``, made once per standings run for *key* (explanations ask once per
        participant; a whole-event table must not be rebuilt for each)."""
        if key not in self.cache:
            self.cache[key] = build()
        return self.cache[key]

    def opponent_table(self, forfeits_as_played: bool | None = None) -> OpponentTable:
        """Per-participant opponent entries under this edition's unplayed-round rules.
        ``forfeits_as_played`` defaults to the code's ``/P`` modifier."""
        if forfeits_as_played is None:
            forfeits_as_played = self.spec.forfeits_as_played
        key = (
            "opponent_table",
            self.edition.name,
            id(self.tournament),
            forfeits_as_played,
            tuple(sorted(self.options.items())),
        )
        table = self.tables.get(key)
        if not isinstance(table, OpponentTable):  # not built yet (or overwritten: rebuilt)
            # The edition's code belongs to the plugin that registered it: a fault there is
            # that plugin's, not the tie-break's that asked for the table.
            who = f"edition '{self.edition.name}' from plugin '{self.edition.provider}'"
            with guarded(who, " in opponent_table", plugin=self.edition.provider):
                table = self.edition.opponent_table(
                    self.tournament, forfeits_as_played, self.options
                )
            if not isinstance(table, OpponentTable):
                raise PluginFault(
                    f"{who} returned {type(table).__name__} from opponent_table, "
                    "not an OpponentTable",
                    self.edition.provider,
                )
            self.tables[key] = table
        return table


@dataclass(frozen=True, kw_only=True)
class Tiebreak:
    """A tie-break definition, as returned by ``fide_tiebreaks_register``.

    ``modifiers`` lists the modifier letters the code accepts: ``"C"`` cut, ``"M"``
    median, ``"L"`` limit, ``"K"`` factor, ``"P"`` forfeits as played, ``"F"`` fore,
    ``":"`` team score (``:MP``/``:GP``). Anything else in a code is refused with a
    clear error before ``compute`` runs.
    """

    code: str
    name: str
    compute: Callable[[Context], Mapping[int, Value]]
    article: str = ""  # e.g. "8.1"; shown as "C.07 (2024) 8.1" with the edition
    description: str = ""
    modifiers: frozenset[str] = frozenset()
    aliases: tuple[str, ...] = ()
    lower_is_better: bool = False
    group: bool = False  # type A (C.07 4.3): recomputed inside each tied group
    alone: Value | None = None  # group tie-breaks: the value of one not tied when reached
    # Called once before compute: raise Unusable when the code cannot be used here.
    check: Callable[[Context], None] | None = None
    # The working for one participant: fide_tiebreaks.explain Line, Step and Table objects.
    explain: Callable[[Context, int], Sequence[Any]] | None = None
    # A code of another rulebook: the name of the edition (its rules for unplayed rounds)
    # it is always computed under, whatever edition the run uses; "" follows the run's.
    edition: str = ""
    # Filled in by the host (provided_by): the plugin that registered it; not an argument.
    provider: str = field(init=False, default="")
    # Filled in by the host: the Edition that ``edition`` names (None: the run's edition).
    rules: Edition | None = field(default=None, compare=False, repr=False)

    def edition_in(self, run: Edition) -> Edition:
        """The edition this code is computed under in a run of edition *run*."""
        return self.rules or run


def pin_editions(
    tiebreaks: dict[str, list[Tiebreak]],
    editions: Mapping[str, Edition],
    problem: Callable[[str, str], None],
) -> None:
    """Give each registered tie-break that names its own edition (``Tiebreak.edition``: a
    code of another rulebook) that edition, in place; one naming an edition no plugin
    provides is reported through *problem* (the plugin, the message) and left out. The host
    runs it once every plugin's editions are registered, so that a code may name any
    plugin's edition."""
    pinned: dict[int, Tiebreak | None] = {}
    for key in list(tiebreaks):
        kept = []
        for tb in tiebreaks[key]:
            if id(tb) not in pinned:
                pinned[id(tb)] = _pinned(tb, editions, problem)
            found = pinned[id(tb)]
            if found is not None:
                kept.append(found)
        if kept:
            tiebreaks[key] = kept
        else:
            del tiebreaks[key]


def _pinned(
    tb: Tiebreak, editions: Mapping[str, Edition], problem: Callable[[str, str], None]
) -> Tiebreak | None:
    if not tb.edition:
        return tb
    found = editions.get(tb.edition.lower())
    if found is None:
        problem(
            tb.provider,
            f"tie-break '{tb.code}' from plugin '{tb.provider}' is computed under edition "
            f"'{tb.edition}', which no installed plugin provides; left out",
        )
        return None
    return provided_by(replace(tb, rules=found), tb.provider)


_Provided = TypeVar("_Provided", "Tiebreak", "Edition", "Option", "Preset")


def provided_by(item: _Provided, plugin: str) -> _Provided:
    """A copy of *item* (a :class:`Tiebreak`, :class:`~fide_tiebreaks.editions.Edition`,
    :class:`Option` or :class:`Preset` a plugin returned) marked as *plugin*'s. The host's
    one way to set ``provider``: it is no argument of the constructors, so that no plugin can
    register under another's name, and ``dataclasses.replace`` leaves it at its default
    (hence the copy is marked again here). A copy, as the plugin's own object may be
    returned by another plugin too, or registered again by another registry."""
    marked = _copy(item)
    object.__setattr__(marked, "provider", plugin)  # frozen: the one write, at registration
    return marked


#: Each registered class's fields: those ``__init__`` takes, and all (see :func:`_copy`).
_FIELDS: dict[type, tuple[frozenset[str], frozenset[str]]] = {}


def _copy(item: _Provided) -> _Provided:
    """``dataclasses.replace(item)``, without running ``__init__`` again for the four
    classes themselves, whose ``__init__`` only sets each field it takes (while none has a
    ``__post_init__``): the instance's ``__dict__`` copied, when it holds those fields and
    no other. The host copies about fifty items at start-up, and ``replace`` costs some
    eighty thousand instructions an item. A subclass a plugin made goes through ``replace``."""
    kind = type(item)
    known = _FIELDS.get(kind)
    if (
        known is None
        and kind in (Tiebreak, Edition, Option, Preset)
        and not hasattr(kind, "__post_init__")
    ):
        every = fields(kind)
        known = _FIELDS[kind] = (
            frozenset(f.name for f in every if f.init),
            frozenset(f.name for f in every),
        )
    values = vars(item)
    if known is None or not known[0] <= values.keys() <= known[1]:
        return replace(item)
    copy = object.__new__(kind)
    copy.__dict__.update(values)  # a provider already set is set again by the caller
    return copy


OPTION_TYPES = ("bool", "int", "choice", "text")
TRUE_TEXTS, FALSE_TEXTS = ("yes", "true", "1"), ("no", "false", "0")


class OptionError(CodeError):
    """An option that no installed plugin declares, or a value of the wrong type."""


@dataclass(frozen=True, kw_only=True)
class Option:
    """An option a plugin reads from ``ctx.options``, as returned by
    ``fide_tiebreaks_options``. Users give it as ``--option NAME=VALUE`` (``-`` or ``_``
    between words), through ``compute_standings(options=...)`` or serve's ``"options"``;
    the host refuses names nobody declares and values of the wrong type, converts the value
    once and gives every plugin ``ctx.options[name]`` typed (the *default* when not given).

    ``type`` is ``"bool"`` (on the command line ``yes``/``no``/``true``/``false``/``1``/
    ``0``), ``"int"`` (a whole number, within ``minimum``..``maximum`` when given),
    ``"choice"`` (one of ``choices``) or ``"text"``.
    """

    name: str  # as ctx.options holds it: lower case, words joined by "_"
    type: str
    default: Any = None  # None: not given (the plugin decides what that means)
    help: str = ""  # one line, shown by 'fide-tiebreaks plugins'
    choices: tuple[str, ...] = ()
    minimum: int | None = None
    maximum: int | None = None
    # Filled in by the host (provided_by): the plugin that declared it; not an argument.
    provider: str = field(init=False, default="")

    def accepted(self) -> str:
        """The values this option takes, as messages say them."""
        if self.type == "bool":
            return "yes, no, true, false, 1 or 0"
        if self.type == "int":
            if self.minimum is not None and self.maximum is not None:
                return f"a whole number {self.minimum}..{self.maximum}"
            return "a whole number"
        if self.type == "choice":
            return "one of " + ", ".join(self.choices)
        return "text"

    def parse(self, text: str, shown: str) -> Any:
        """The value of *text* as the command line gives it; OptionError when it is not one
        of the values accepted. *shown* is the name as the user wrote it."""
        if self.type == "bool":
            if text in TRUE_TEXTS or text in FALSE_TEXTS:
                return text in TRUE_TEXTS
        elif self.type == "int":
            digits = text.removeprefix("-")
            if digits.isascii() and digits.isdigit() and len(digits) <= MAX_DIGITS:
                return self.convert(int(text), shown)
        elif self.type != "choice" or text in self.choices:
            return self.convert(text, shown)
        raise OptionError(f"option {shown} takes {self.accepted()}, not '{_clip(text)}'")

    def convert(self, value: Any, shown: str) -> Any:
        """*value* as the API and serve give it (true/false, a whole number, text), checked
        against the declared type; OptionError naming what is accepted."""
        if value is None:
            return self.default
        if self.type == "bool":
            ok = isinstance(value, bool)
        elif self.type == "int":
            ok = isinstance(value, int) and not isinstance(value, bool)
            if ok and not _within(value, self.minimum, self.maximum):
                raise OptionError(
                    f"option {shown}: {_shown(value)} is outside {self.minimum}..{self.maximum}"
                )
        else:
            ok = isinstance(value, str) and (self.type == "text" or value in self.choices)
        if not ok:
            what = "true or false" if self.type == "bool" else self.accepted()
            raise OptionError(
                f"option {shown} takes {what}, not {type(value).__name__} {_shown(value)}"
            )
        return value


def _within(value: int, low: int | None, high: int | None) -> bool:
    return (low is None or value >= low) and (high is None or value <= high)


def _clip(text: str) -> str:
    return text if len(text) <= 40 else text[:37] + "..."


def requires(feature: str, what: str) -> Callable[[Context], None]:
    """A ``Tiebreak.check`` that refuses editions without *feature* (see
    ``fide_tiebreaks.editions.FEATURES``); *what* says where the rule comes from."""

    def check(ctx: Context) -> None:
        if feature not in ctx.edition.features:
            raise Unusable(
                f"{ctx.spec.name} exists from {what} on; the edition in use is {ctx.edition.name}"
            )

    return check


def option_value(text: str) -> bool | int | str:
    """An option given as text (``--option KEY=VALUE``, a conformance case): ``yes`` /
    ``true`` and ``no`` / ``false`` are booleans, a whole number is an int, anything else
    stays text."""
    lowered = text.strip().lower()
    if lowered in ("yes", "true"):
        return True
    if lowered in ("no", "false"):
        return False
    digits = lowered.removeprefix("-")
    if digits.isascii() and digits.isdigit():
        # NumberError (a ValueError, reported as a usage error) past 30 digits
        return parse_int(lowered, "option value", -(10**MAX_DIGITS - 1))
    return text


MAX_RATING = 9999  # the four columns of a TRF rating (C.04 Annex 2)
MAX_OPTION_INT = 10**9
MAX_OPTION_TEXT = 1000


def check_options(options: Mapping[str, Any]) -> None:
    """Refuse options a tie-break could misread: every value is what ``--option`` can give
    (a boolean, a whole number, a short text) or None (not given), and ``unrated_rating`` is
    a whole rating 0..9999. Raises ValueError naming the option (C.07 Art. 10 for the rating).
    """
    for key, value in options.items():
        if not isinstance(key, str):
            raise ValueError(f"option names are text, not {key!r}")
        if value is None:
            continue
        if key == "unrated_rating":
            if isinstance(value, bool) or not isinstance(value, int):
                raise ValueError(
                    f"unrated_rating must be a whole rating, not "
                    f"{type(value).__name__} {_shown(value)}"
                )
            if not 0 <= value <= MAX_RATING:
                raise ValueError(f"unrated_rating {value} is outside 0..{MAX_RATING}")
        elif isinstance(value, int):  # bool included
            if abs(value) > MAX_OPTION_INT:
                raise ValueError(
                    f"option {key}: {_shown(value)} is outside -{MAX_OPTION_INT}..{MAX_OPTION_INT}"
                )
        elif isinstance(value, str):
            if len(value) > MAX_OPTION_TEXT:
                raise ValueError(
                    f"option {key}: text of {len(value)} characters; the limit is {MAX_OPTION_TEXT}"
                )
        else:
            raise ValueError(
                f"option {key} must be true/false, a whole number or text, not "
                f"{type(value).__name__} {_shown(value)}"
            )


def _shown(value: Any) -> str:
    text = repr(value) if not isinstance(value, int) or abs(value) < 10**12 else "(a huge number)"
    return text if len(text) <= 40 else text[:37] + "..."


@dataclass(frozen=True, kw_only=True)
class Preset:
    """A named tie-break list for a kind of event under some regulations, returned by a
    plugin's ``fide_tiebreaks_presets`` hook and used as ``-t preset:NAME`` or
    ``--preset NAME``."""

    name: str  # lower case letters, digits and hyphens: "fide-swiss", "nor-junior"
    tiebreaks: str  # the list in the TEC syntax: "BH/C1,BH,SB"
    description: str = ""  # what kind of event it is for, in a few words
    citation: str = ""  # where the list comes from: the regulations and their article
    # The edition the regulations use ("uschess-7"): a run of the preset that names no
    # edition (neither the user nor the event) uses it; "" leaves the choice by date.
    edition: str = ""
    # Filled in by the host (provided_by): the plugin that returned it; not an argument.
    provider: str = field(init=False, default="")
