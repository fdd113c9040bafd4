"""Arguments checked at the door of a public function, one line each.

A wrong type fails here, naming the parameter, what was given and what is expected
(:class:`~fide_tiebreaks.errors.ArgumentTypeError`, a ``TypeError``), rather than deep
inside as an ``AttributeError`` about an attribute the caller never heard of. An impossible
value of the right type is :class:`~fide_tiebreaks.errors.ArgumentValueError`
(a ``ValueError``). Both derive from :class:`~fide_tiebreaks.errors.FideTiebreaksError`.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TypeVar

from .errors import ArgumentTypeError, ArgumentValueError

T = TypeVar("T")


def _shown(value: object) -> str:
    """A short description of *value* for a message: its type, and its repr when short."""
    text = repr(value)
    kind = type(value).__name__
    return f"{kind} {text}" if len(text) <= 40 else f"a {kind}"


def instance(value: object, cls: type[T], name: str, *, hint: str = "") -> T:
    """*value* when it is a *cls*; else ArgumentTypeError naming *name* (and *hint*)."""
    if not isinstance(value, cls):
        raise ArgumentTypeError(
            f"{name} must be a {cls.__name__}, not {_shown(value)}{hint and '; ' + hint}"
        )
    return value


def text(value: object, name: str, *, optional: bool = False, empty: bool = True) -> str | None:
    """A ``str`` (None too when *optional*; an empty or blank one only when *empty*)."""
    if value is None and optional:
        return None
    if not isinstance(value, str):
        also = " or None" if optional else ""
        raise ArgumentTypeError(f"{name} must be a str{also}, not {_shown(value)}")
    if not empty and not value.strip():
        raise ArgumentValueError(f"{name} must not be empty")
    return value


def round_number(value: object, name: str, *, optional: bool = True) -> int | None:
    """A round: a plain ``int`` (None too when *optional*); never a bool (``True`` is not
    round 1), a float (``3.0``) or the text ``'3'``."""
    if value is None and optional:
        return None
    if isinstance(value, bool) or not isinstance(value, int):
        hint = "; pass int(...)" if isinstance(value, str | float) else ""
        raise ArgumentTypeError(f"{name} must be a whole number (int), not {_shown(value)}{hint}")
    return value


def codes(value: object, name: str, *, optional: bool = True) -> None:
    """A tie-break list: a ``str`` ("BH/C1,BH") or a list or tuple of ``str`` (None too when
    *optional*: the default list)."""
    if (value is None and optional) or isinstance(value, str):
        return
    if not isinstance(value, list | tuple):
        raise ArgumentTypeError(
            f"{name} must be a str such as 'BH/C1,BH' or a list of str, not {_shown(value)}"
        )
    for i, item in enumerate(value):
        if not isinstance(item, str):
            raise ArgumentTypeError(
                f"{name}[{i}] must be a code (str) such as 'BH/C1', not {_shown(item)}"
            )


def text_mapping(value: object, name: str) -> None:
    """None or a mapping of ``str`` to ``str`` (``{"BH": "buchholz"}``)."""
    if value is None:
        return
    if not isinstance(value, Mapping):
        raise ArgumentTypeError(
            f"{name} must be a mapping such as {{'BH': 'buchholz'}}, not {_shown(value)}"
        )
    for key, item in value.items():
        if not isinstance(key, str) or not isinstance(item, str):
            raise ArgumentTypeError(
                f"{name} must map str to str, not {_shown(key)} to {_shown(item)}"
            )


def sequence_of(value: object, cls: type, name: str, *, example: str) -> None:
    """A list or tuple whose items are all *cls* (``decided``: Decision objects)."""
    if not isinstance(value, list | tuple):
        raise ArgumentTypeError(
            f"{name} must be a list of {cls.__name__} ({example}), not {_shown(value)}"
        )
    for i, item in enumerate(value):
        if not isinstance(item, cls):
            raise ArgumentTypeError(
                f"{name}[{i}] must be a {cls.__name__} ({example}), not {_shown(item)}"
            )


def path(value: object, name: str) -> None:
    """A file's path: a ``str`` or an ``os.PathLike`` (an ``int`` would be opened as a file
    descriptor, ``bytes`` are no path this package names in a message)."""
    import os  # loaded at start-up anyway

    if not isinstance(value, str | os.PathLike):
        raise ArgumentTypeError(
            f"{name} must be a file's path (str or os.PathLike), not {_shown(value)}"
        )


def file_data(data: object, name: object) -> None:
    """What a reader takes: the file's *data* as ``bytes`` and its *name* (a ``str``, for
    the messages). Text, a path or a file object is refused by parameter name."""
    hint = "the file's bytes: open it with 'rb', or pass its path to read_tournament(path)"
    if not isinstance(data, bytes):
        raise ArgumentTypeError(f"data must be bytes, not {_shown(data)}; {hint}")
    text(name, "name")
