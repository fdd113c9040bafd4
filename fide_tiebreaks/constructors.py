"""Constructors for the hot loops: a named tuple or a frozen data class built without its
Python-level ``__new__`` or ``__init__``, for the loops that build one per participant and
round of a large event. Everywhere else, build the model's types by keyword.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import MISSING, fields
from functools import partial
from typing import Any, TypeVar

_Fields = TypeVar("_Fields", bound=tuple[Any, ...])


def fast_constructor(cls: type[_Fields]) -> Callable[[Iterable[Any]], _Fields]:
    """A constructor of the named tuple *cls* from one iterable of its fields in order,
    ``fast_constructor(Row)((rank, participant, values))``, that skips the named tuple's
    Python-level ``__new__``. Only for loops that build one per participant and round
    (opponent entries, standings rows): it checks neither the number nor the names of the
    fields, so everywhere else build named tuples by keyword."""
    return partial(tuple.__new__, cls)


_Frozen = TypeVar("_Frozen")


def frozen_maker(cls: type[_Frozen]) -> Callable[..., _Frozen]:
    """A keyword constructor of the frozen data class *cls* that fills the instance's
    ``__dict__`` at once: a frozen class's ``__init__`` sets each field through
    ``object.__setattr__``, a call per field. For the loop that builds one per participant
    of a large event: every field without a default must be given by name, and a field
    with a ``default_factory`` is refused (when the constructor is made)."""
    defaults = {}
    for f in fields(cls):  # type: ignore[arg-type]
        if f.default_factory is not MISSING:
            raise TypeError(f"{cls.__name__}.{f.name}: a default factory needs __init__")
        if f.default is not MISSING:
            defaults[f.name] = f.default
    new, set_field = object.__new__, object.__setattr__

    def make(**values: object) -> _Frozen:
        made = new(cls)
        # one dictionary made whole and given to the instance: updating the instance's own
        # copies the keyword arguments again and grows it key by key
        set_field(made, "__dict__", {**defaults, **values})
        return made

    return make


def frozen_from_fields(cls: type[_Frozen]) -> Callable[[dict[str, Any]], _Frozen]:
    """A constructor of the frozen data class *cls* from a dictionary of every one of its
    fields, in field order, that becomes the instance's ``__dict__`` as it is. For the
    loop that builds one per participant of a large event: a dictionary display is made
    in one step, where keyword arguments are gathered and then merged with the defaults
    (about 5,000 instructions more a participant). It checks nothing: a test holds each
    caller's dictionary to the class's fields."""
    new, set_field = object.__new__, object.__setattr__

    def make(values: dict[str, Any]) -> _Frozen:
        made = new(cls)
        set_field(made, "__dict__", values)
        return made

    return make
