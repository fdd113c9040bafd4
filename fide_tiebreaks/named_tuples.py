"""``tuple_class``: the class ``collections.namedtuple`` makes, without compiling at all.

``collections.namedtuple`` writes each class's ``__new__`` out as source and compiles it
(``eval`` of a ``lambda``): about 0.3 million instructions of the 0.6 million a named tuple
class costs, and a standings run creates some thirty of them at start-up
(docs/benchmarks.md, "Start-up"). The compiled code depends only on the number of fields:
the parameters' names are the only other thing in it. So :func:`tuple_class` compiles one
``__new__`` per number of fields, once, and gives each class a copy of that code with its
own parameter names (:func:`_new_code`); the rest of the class (``_make``, ``_replace``,
``_asdict``, ``__repr__``, ``__getnewargs__``, the fields' accessors, the docstrings) is
made as ``collections.namedtuple`` makes it, which ``tests/test_data_classes.py`` checks
attribute by attribute, on every Python the package supports. The module is written here:
what it matches is the standard library's behaviour, not its code.
"""

from __future__ import annotations

import sys
from _collections import _tuplegetter  # type: ignore[import-not-found]  # namedtuple's accessor
from keyword import iskeyword
from types import CodeType, FunctionType
from typing import Any

_tuple_new = tuple.__new__

#: What ``_replace`` raises for a name that is no field: ValueError up to 3.12.
_UNEXPECTED = TypeError if sys.version_info >= (3, 13) else ValueError

#: The template ``__new__`` code of each number of fields, compiled on first use.
_TEMPLATES: dict[int, CodeType] = {}


def tuple_class(
    typename: str, field_names: tuple[str, ...], defaults: list[Any], module: str
) -> Any:
    """``collections.namedtuple(typename, field_names, defaults=defaults, module=module)``."""
    fields = _checked(typename, tuple(map(sys.intern, field_names)))
    if len(defaults) > len(fields):
        raise TypeError("Got more default values than field names")
    given = tuple(defaults)
    listed = ", ".join(fields) + ("," if len(fields) == 1 else "")
    namespace: dict[str, Any] = {
        "__doc__": f"{typename}({listed})",
        "__slots__": (),
        "_fields": fields,
        "_field_defaults": dict(zip(fields[len(fields) - len(given) :], given, strict=True)),
        "__new__": _new(typename, fields, given, listed),
        **_methods(typename, fields),
        "__match_args__": fields,
    }
    for index, name in enumerate(fields):
        namespace[name] = _tuplegetter(index, sys.intern(f"Alias for field number {index}"))
    made = type(typename, (tuple,), namespace)
    made.__module__ = module
    return made


def _new(typename: str, fields: tuple[str, ...], defaults: tuple[Any, ...], listed: str) -> Any:
    """The class's ``__new__``: ``lambda _cls, a, b: _tuple_new(_cls, (a, b))``."""
    scope = {"_tuple_new": _tuple_new, "__builtins__": {}, "__name__": f"namedtuple_{typename}"}
    new = FunctionType(_new_code(fields), scope)
    new.__name__ = "__new__"
    new.__qualname__ = f"{typename}.__new__"
    new.__doc__ = f"Create new instance of {typename}({listed})"
    new.__defaults__ = defaults
    return new


def _new_code(fields: tuple[str, ...]) -> CodeType:
    """The code of that ``lambda`` for *fields*: the template of their number, compiled
    once, with their names as its parameters' (the only part of it that names them)."""
    template = _TEMPLATES.get(len(fields))
    if template is None:
        params = ", ".join(f"_{i}" for i in range(len(fields))) + ("," if len(fields) == 1 else "")
        source = f"lambda _cls, {params}: _tuple_new(_cls, ({params}))"
        made = eval(source, {"_tuple_new": _tuple_new})
        template = _TEMPLATES[len(fields)] = made.__code__
    return template.replace(co_varnames=("_cls", *fields))


def _checked(typename: str, fields: tuple[str, ...]) -> tuple[str, ...]:
    """*fields*, refused where ``collections.namedtuple`` refuses them (no ``rename``)."""
    for name in (typename, *fields):
        if not name.isidentifier():
            raise ValueError(f"Type names and field names must be valid identifiers: {name!r}")
        if iskeyword(name):
            raise ValueError(f"Type names and field names cannot be a keyword: {name!r}")
    seen: set[str] = set()
    for name in fields:
        if name.startswith("_"):
            raise ValueError(f"Field names cannot start with an underscore: {name!r}")
        if name in seen:
            raise ValueError(f"Encountered duplicate field name: {name!r}")
        seen.add(name)
    return fields


def _methods(typename: str, fields: tuple[str, ...]) -> dict[str, Any]:
    """The class's methods besides ``__new__``, each named as the standard library names it
    (``__replace__`` too from 3.13, as ``copy.replace`` uses it there)."""
    count = len(fields)
    shown = "(" + ", ".join(f"{name}=%r" for name in fields) + ")"

    def _make(cls: Any, iterable: Any) -> Any:
        made = _tuple_new(cls, iterable)
        if len(made) != count:
            raise TypeError(f"Expected {count} arguments, got {len(made)}")
        return made

    def _replace(self: Any, /, **kwds: Any) -> Any:
        made = self._make(map(kwds.pop, fields, self))
        if kwds:
            raise _UNEXPECTED(f"Got unexpected field names: {list(kwds)!r}")
        return made

    def __repr__(self: Any) -> str:
        return self.__class__.__name__ + shown % self

    def _asdict(self: Any) -> dict[str, Any]:
        return dict(zip(self._fields, self, strict=False))

    def __getnewargs__(self: Any) -> tuple[Any, ...]:
        return tuple(self)

    _make.__doc__ = f"Make a new {typename} object from a sequence or iterable"
    _replace.__doc__ = f"Return a new {typename} object replacing specified fields with new values"
    __repr__.__doc__ = "Return a nicely formatted representation string"
    _asdict.__doc__ = "Return a new dict which maps field names to their values."
    __getnewargs__.__doc__ = "Return self as a plain tuple.  Used by copy and pickle."
    methods: dict[str, Any] = {"_make": _make}
    if sys.version_info >= (3, 13):
        methods["__replace__"] = _replace
    methods.update(_replace=_replace, __repr__=__repr__, _asdict=_asdict)
    methods["__getnewargs__"] = __getnewargs__
    for name in ("_make", "_replace", "__repr__", "_asdict", "__getnewargs__"):
        methods[name].__qualname__ = f"{typename}.{name}"
    methods["_make"] = classmethod(_make)
    return methods
