"""``named_tuples.tuple_class`` makes the class ``collections.namedtuple`` makes.

Each shape is made by both, on the Python running the tests, and everything a caller can
see is compared: the class's attributes in their order, each method's name, qualified
name, docstring, defaults and code names (``__module__`` is the package's), the fields'
accessors, the signature of ``__new__``, and what instances do (repr, equality, hashing,
``_make``, ``_replace``, ``_asdict``, pickling and copying, ``copy.replace`` where Python
has it) and their errors.
"""

from __future__ import annotations

import collections
import copy
import inspect
import pickle
import sys
from typing import Any

import pytest

from fide_tiebreaks.named_tuples import tuple_class

SHAPES = {
    "no field": ((), []),
    "one field": (("a",), []),
    "one with a default": (("a",), [7]),
    "two, the last defaulted": (("rank", "name"), ["x"]),
    "five, three defaulted": (("a", "b", "c", "d", "e"), [3, [4], None]),
    "all defaulted": (("x", "y"), [1, 2]),
}


def outcome(call: Any) -> tuple[str, Any]:
    try:
        return "ok", call()
    except Exception as e:
        return type(e).__name__, str(e)


def same(call: Any, ours: Any, reference: Any) -> None:
    """*call* does the same with ours as with the reference: the same value or error."""
    assert outcome(lambda: call(ours)) == outcome(lambda: call(reference))


def _pair(fields: tuple[str, ...], defaults: list[Any]) -> tuple[Any, Any]:
    reference = collections.namedtuple("Row", fields, defaults=defaults, module=__name__)
    return reference, tuple_class("Row", fields, defaults, __name__)


def _function(f: Any) -> tuple[Any, ...]:
    f = getattr(f, "__func__", f)
    code = f.__code__
    return (
        f.__name__,
        f.__qualname__,
        f.__doc__,
        f.__defaults__,
        f.__kwdefaults__,
        code.co_name,
        code.co_varnames[: code.co_argcount + code.co_kwonlyargcount],
        code.co_argcount,
        code.co_posonlyargcount,
        code.co_flags & (inspect.CO_VARARGS | inspect.CO_VARKEYWORDS),
    )


def _attribute(value: Any) -> Any:
    if isinstance(value, (classmethod, staticmethod)):
        return (type(value).__name__, _function(value))
    if inspect.isfunction(value):
        return ("function", _function(value))
    if type(value).__name__ == "_tuplegetter":
        return ("accessor", value.__doc__)
    return value


@pytest.mark.parametrize("shape", SHAPES.values(), ids=SHAPES.keys())
def test_the_class_has_the_standard_librarys_attributes(shape):
    reference, made = _pair(*shape)
    assert list(vars(made)) == list(vars(reference))
    for name, value in vars(reference).items():
        assert _attribute(vars(made)[name]) == _attribute(value), name
    for attr in ("__name__", "__qualname__", "__module__", "__doc__", "__bases__"):
        assert getattr(made, attr) == getattr(reference, attr), attr
    assert inspect.signature(made) == inspect.signature(reference)
    # The one difference: the other methods' __module__ is this package's, not collections'.
    assert made.__new__.__module__ == reference.__new__.__module__ == "namedtuple_Row"


@pytest.mark.parametrize("shape", SHAPES.values(), ids=SHAPES.keys())
def test_instances_behave_as_the_standard_librarys(shape):
    fields, _ = shape
    reference, made = _pair(*shape)
    globals()["Row"] = reference  # pickle finds the class by its module and name
    for args in [(), tuple(range(len(fields))), tuple(range(len(fields) + 1))]:
        same(lambda cls, args=args: repr(cls(*args)), made, reference)
    values = tuple(range(len(fields)))
    got, ref = made(*values), reference(*values)
    assert got == ref and hash(got) == hash(ref)
    assert repr(got._asdict()) == repr(ref._asdict())
    for iterable in (lambda: values, lambda: (*values, 9), lambda: iter(values)):
        same(lambda cls, it=iterable: repr(cls._make(it())), made, reference)
    for change in ({}, dict.fromkeys(fields[:1], "z"), {"nope": 1}):
        same(lambda one, change=change: repr(one._replace(**change)), got, ref)
    keyword = dict(zip(fields, values, strict=True))
    assert repr(made(**keyword)) == repr(ref)
    assert (
        outcome(lambda: made(*values, **keyword))[0]
        == outcome(lambda: reference(*values, **keyword))[0]
    )
    assert repr(copy.copy(got)) == repr(copy.deepcopy(ref))
    globals()["Row"] = made
    assert repr(pickle.loads(pickle.dumps(got))) == repr(ref)
    assert got.__getnewargs__() == ref.__getnewargs__() == values
    if sys.version_info >= (3, 13):
        assert repr(copy.replace(got)) == repr(copy.replace(ref))


@pytest.mark.parametrize(
    ("typename", "fields", "defaults"),
    [
        ("Row", ("_a",), []),
        ("Row", ("a", "a"), []),
        ("Row", ("a",), [1, 2]),
        ("Row", ("class",), []),
        ("Row", ("a-b",), []),
        ("def", ("a",), []),
        ("1Row", ("a",), []),
    ],
)
def test_it_refuses_what_the_standard_library_refuses(typename, fields, defaults):
    reference = outcome(lambda: collections.namedtuple(typename, fields, defaults=defaults))
    assert reference[0] != "ok"
    assert outcome(lambda: tuple_class(typename, fields, defaults, __name__)) == reference
