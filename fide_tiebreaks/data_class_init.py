"""The ``__init__`` of a class :func:`~fide_tiebreaks.data_classes.dataclass` makes, written
out and compiled: the one method of such a class that is (its parameters are the class's
own). ``data_classes`` loads this module the first time a class's ``__init__`` is compiled
(see ``data_classes._LazyInit``), so a run that compiles none does without it.

Written here, as ``data_classes`` is: the function behaves as the standard library's
(``tests/test_data_classes.py`` compares the two), its text and names are this module's own.
"""

from __future__ import annotations

import sys
from dataclasses import MISSING, Field
from typing import Any


class _Factory:
    """The default an ``__init__`` parameter shows for a field with a ``default_factory``
    (the standard library's shows ``<factory>`` too)."""

    def __repr__(self) -> str:
        return "<factory>"


#: That default: a parameter still holding it was not given, so the factory makes the value.
FACTORY_DEFAULT = _Factory()


#: Names the compiled ``__init__`` reads from its closure, besides each field's default or
#: factory (``__default_<field>__``): spelled so that no field of a class body meets them
#: (a field may well be called ``object``).
_OBJECT, _GIVEN_FACTORY = "__object__", "__factory_default__"


def _parameter(f: Field[Any], closure: dict[str, Any]) -> str | None:
    """Field *f*'s parameter of ``__init__`` (None if not one); its default or factory goes
    into *closure*."""
    if f.default_factory is not MISSING:
        closure[f"__default_{f.name}__"] = f.default_factory
        closure[_GIVEN_FACTORY] = FACTORY_DEFAULT
        return f"{f.name}={_GIVEN_FACTORY}" if f.init else None
    if f.default is not MISSING:
        closure[f"__default_{f.name}__"] = f.default
        return f"{f.name}=__default_{f.name}__" if f.init else None
    return f.name if f.init else None


def _assignment(f: Field[Any], frozen: bool, slots: bool, self_name: str) -> str | None:
    """The line of ``__init__`` that sets field *f*; None for a field not a parameter that
    its class attribute serves, as the standard library leaves it."""
    default = f"__default_{f.name}__"
    if f.default_factory is not MISSING:
        value = f"{default}() if {f.name} is {_GIVEN_FACTORY} else {f.name}"
        value = value if f.init else f"{default}()"
    elif f.init:
        value = f.name
    elif slots and f.default is not MISSING:
        value = default
    else:
        return None
    if frozen:
        return f"{_OBJECT}.__setattr__({self_name},{f.name!r},{value})"
    return f"{self_name}.{f.name}={value}"


def written_init(
    cls: Any, fields: tuple[Field[Any], ...], frozen: bool, slots: bool, post_init: bool
) -> Any:
    """``__init__`` written out as the standard library's behaves (the same parameters,
    defaults, annotations, module globals; ``object.__setattr__`` for a frozen class's
    fields; ``__post_init__`` called where the class has one), compiled once."""
    # A field called "self" moves the instance's parameter to this name, which
    # inspect.signature shows: the standard library's spelling, kept as behaviour.
    self_name = "__dataclass_self__" if any(f.name == "self" for f in fields) else "self"
    closure: dict[str, Any] = {_OBJECT: object}
    parameters, keywords, body = [self_name], list[str](), list[str]()
    for f in fields:
        parameter, line = _parameter(f, closure), _assignment(f, frozen, slots, self_name)
        if parameter is not None:
            (keywords if f.kw_only else parameters).append(parameter)
        if line is not None:
            body.append(line)
    if post_init:
        body.append(f"{self_name}.__post_init__()")
    if keywords:
        parameters += ["*", *keywords]
    init = _compile_init(cls, parameters, body, closure)
    init.__annotations__ = _init_annotations(fields)
    init.__qualname__ = f"{cls.__qualname__}.__init__"
    return init


def _init_annotations(fields: tuple[Field[Any], ...]) -> dict[str, Any]:
    """The parameters' annotations in the order of the signature (keyword-only last)."""
    return {
        **{f.name: f.type for f in fields if f.init and not f.kw_only},
        **{f.name: f.type for f in fields if f.init and f.kw_only},
        "return": None,
    }


def _compile_init(cls: Any, parameters: list[str], body: list[str], closure: dict[str, Any]) -> Any:
    """Compile ``def __init__(<parameters>): <body>`` in the class's module (its globals
    resolve the annotations and names as the class body's), inside a maker function whose
    arguments are *closure*, and return it."""
    text = (
        f"def __make_init__({','.join(closure)}):\n"
        f" def __init__({','.join(parameters)}):\n"
        + "".join(f"  {line}\n" for line in body or ["pass"])
        + " return __init__"
    )
    module = sys.modules.get(cls.__module__)
    namespace: dict[str, Any] = {}
    exec(text, module.__dict__ if module else {}, namespace)
    return namespace["__make_init__"](**closure)
