"""``dataclass``: the standard library's data classes, with one method a class compiled, late.

The model, the readers and the plugin host are frozen data classes, and a standings run
creates about thirty of them at start-up. The standard library's ``dataclasses.dataclass``
writes out and compiles (``exec``) five or six methods for each frozen class (``__init__``,
``__repr__``, ``__eq__``, ``__hash__``, ``__setattr__``, ``__delattr__``): about five
million instructions a class, more than the rest of a 16-player run together
(docs/benchmarks.md, "Start-up").

:func:`dataclass` here makes the same classes with one compiled method, ``__init__`` (its
parameters are the class's own, so it has to be written out, by ``data_class_init``; it is
compiled only when a class has made :data:`COMPILE_AFTER` instances or is inspected, see
:class:`_LazyInit`, so a class a run makes a few times costs none). The other
methods are written once, in this module, and read the class's fields through a per-class
:func:`operator.attrgetter`. The fields (``dataclasses.fields``, ``replace``, ``asdict``,
``is_dataclass``, ``KW_ONLY``, ``field(...)``), the defaults, ``__match_args__`` and
``__dataclass_params__`` are the standard library's: ``data_class_fields`` makes them as
``dataclasses.dataclass`` with those methods turned off would, for the declarations the
package writes, and calls it for any other (slots, for one); the methods behave as the
generated ones do (``tests/test_data_classes.py`` compares each with
``dataclasses.dataclass`` on the same declarations). The module is written here: what it
matches is the standard library's behaviour, as those tests observe it, not its code; a
name it shares (``__dataclass_self__``, ``<factory>``, an error's message) is one a caller
sees. A declaration this module does not
cover (``order``, ``unsafe_hash``, ``InitVar`` or ``ClassVar`` fields, a data class base)
goes to ``dataclasses.dataclass`` itself, unchanged.

Use it as the standard one: ``from ..data_classes import dataclass``, then
``@dataclass(frozen=True)``, ``@dataclass(frozen=True, kw_only=True)``, ``@dataclass``.

:data:`NamedTuple` is ``typing.NamedTuple`` for the same reason: the class statement
``class Row(NamedTuple): ...`` makes the class ``collections.namedtuple`` would make, with
the same defaults, methods and attributes, by ``named_tuples.tuple_class`` (which compiles
no ``__new__`` per class), and without ``typing``'s checks of each annotation (in a module
with ``from __future__ import annotations`` each is a string, which ``typing`` compiles
into a ``ForwardRef``; ``__annotations__`` keeps the strings, which
``typing.get_type_hints`` reads alike). About 0.4 million instructions a class instead of
1.2 million; a type checker sees ``typing.NamedTuple``.
"""

from __future__ import annotations

import dataclasses
import sys
import typing
from _thread import get_ident
from abc import update_abstractmethods
from collections.abc import Callable
from dataclasses import MISSING, Field, FrozenInstanceError
from operator import attrgetter
from typing import TYPE_CHECKING, Any, TypeVar, dataclass_transform, overload

from .data_class_fields import declared_fields, fields_by_dataclasses
from .named_tuples import tuple_class

_T = TypeVar("_T")

#: Whether ``__eq__`` compares tuples of the fields, as the standard library's up to 3.12.
_BY_TUPLES = sys.version_info < (3, 13)

#: The keyword arguments this module handles; with any other, ``dataclasses.dataclass``.
_OURS = frozenset({"repr", "eq", "frozen", "kw_only", "slots", "match_args", "init"})


@overload
def dataclass(cls: type[_T], /) -> type[_T]: ...


@overload
def dataclass(
    *,
    init: bool = ...,
    repr: bool = ...,
    eq: bool = ...,
    frozen: bool = ...,
    match_args: bool = ...,
    kw_only: bool = ...,
    slots: bool = ...,
) -> Callable[[type[_T]], type[_T]]: ...


@dataclass_transform(field_specifiers=(dataclasses.field, dataclasses.Field))
def dataclass(cls: Any = None, /, **options: Any) -> Any:
    """``dataclasses.dataclass(cls, **options)``, made as the module docstring says."""

    def wrap(cls: type[_T]) -> type[_T]:
        return _process(cls, options)

    return wrap if cls is None else wrap(cls)


def _process(cls: Any, options: dict[str, Any]) -> Any:
    if not _ours(cls, options):
        return dataclasses.dataclass(cls, **options)
    doc = cls.__dict__.get("__doc__")
    keeps_hash = _defines_hash(cls)
    declared = declared_fields(cls, options)
    if declared is not None:
        made, (fields, plain) = cls, declared
    else:
        made = fields_by_dataclasses(cls, options)
        if made is None:  # a ClassVar or InitVar: all the standard library's
            return dataclasses.dataclass(cls, **options)
        fields, plain = dataclasses.fields(made), False
    _check_defaults_order(fields)
    _add_methods(made, fields, plain, options, keeps_hash)
    if not doc:
        made.__doc__ = _doc(made, fields)
    if "__abstractmethods__" in made.__dict__:  # an abstract class's, as the standard library
        update_abstractmethods(made)
    return made


def _add_methods(
    made: Any, fields: tuple[Field[Any], ...], plain: bool, options: dict[str, Any], keeps: bool
) -> None:
    """The methods *options* ask for, those the class does not define (``__hash__`` unless
    it *keeps* its own); *plain*: no field has ``repr``, ``compare`` or ``hash`` set."""
    eq, frozen, slots = (
        options.get("eq", True),
        options.get("frozen", False),
        options.get("slots", False),
    )
    if "__init__" not in made.__dict__:
        made.__init__ = _LazyInit(made, fields, frozen=frozen, slots=slots)
    names = [f.name for f in fields]
    shown, compared, hashed = (names, names, names) if plain else _chosen_names(fields)
    key = _getter(compared) if eq and _BY_TUPLES else None
    if options.get("repr", True):
        _add(made, "__repr__", _repr(shown))
    if eq:
        _add(made, "__eq__", _eq(compared, key))
    if frozen:
        _frozen_methods(made, tuple(names), slots)
    if eq and not keeps:
        made.__hash__ = _hash_method(made, frozen, hashed, key if hashed is compared else None)


def _chosen_names(fields: tuple[Field[Any], ...]) -> tuple[list[str], list[str], list[str]]:
    """The names of the fields *repr* shows, ``__eq__`` compares and ``__hash__`` hashes
    (``hash=None`` follows ``compare``)."""
    shown = [f.name for f in fields if f.repr]
    compared = [f.name for f in fields if f.compare]
    hashed = [f.name for f in fields if (f.compare if f.hash is None else f.hash)]
    return shown, compared, (compared if hashed == compared else hashed)


def _defines_hash(cls: Any) -> bool:
    """Whether the class body sets ``__hash__`` itself (``__hash__ = None`` beside an
    ``__eq__`` of its own is what Python writes implicitly, so it does not count)."""
    own = cls.__dict__.get("__hash__", MISSING)
    return not (own is MISSING or (own is None and "__eq__" in cls.__dict__))


def _frozen_methods(made: Any, names: tuple[str, ...], slots: bool) -> None:
    """A frozen class's ``__setattr__`` and ``__delattr__`` (the class may not define its
    own), and with slots the pickling pair that restores an instance around them."""
    if _add(made, "__setattr__", _setattr(made, names)):
        raise TypeError(f"Cannot overwrite attribute __setattr__ in class {made.__name__}")
    if _add(made, "__delattr__", _delattr(made, names)):
        raise TypeError(f"Cannot overwrite attribute __delattr__ in class {made.__name__}")
    if slots:
        if "__getstate__" not in made.__dict__:
            made.__getstate__ = _getstate
        if "__setstate__" not in made.__dict__:
            made.__setstate__ = _setstate


def _hash_method(made: Any, frozen: bool, hashed: list[str], key: Any) -> Any:
    """The ``__hash__`` of a class with ``eq`` and no hash of its own: a frozen one hashes
    its *hashed* fields (read by *key*, if already made), any other is unhashable."""
    if not frozen:
        return None
    return _named(made, _hash(key or _getter(hashed)), "__hash__")


def _ours(cls: Any, options: dict[str, Any]) -> bool:
    """Whether this module makes *cls*: options it handles, ``__init__`` wanted, and no data
    class base (the standard library checks a base's frozenness against its own
    methods)."""
    if not options.keys() <= _OURS or not options.get("init", True):
        return False
    bases = cls.__mro__[1:]
    return bases == (object,) or not any(hasattr(b, "__dataclass_fields__") for b in bases)


def _check_defaults_order(fields: tuple[Field[Any], ...]) -> None:
    """The standard library's check: in the positional parameters, no field without a
    default after one with a default (which 3.13's error names)."""
    seen: Field[Any] | None = None
    for f in fields:
        if f.init and not f.kw_only:
            if not (f.default is MISSING and f.default_factory is MISSING):
                seen = f
            elif seen is not None:
                after = f" {seen.name!r}" if sys.version_info >= (3, 13) else ""
                raise TypeError(f"non-default argument {f.name!r} follows default argument{after}")


def _defines(cls: Any, name: str) -> bool:
    """``hasattr(cls, name)``, for a class of ``type`` with no base but ``object`` (which
    have no such *name*) without raising and catching an ``AttributeError`` when absent."""
    if name in cls.__dict__:
        return True
    return (type(cls) is not type or cls.__bases__ != (object,)) and hasattr(cls, name)


def _add(cls: Any, name: str, method: Any) -> bool:
    """Set *method* unless the class defines *name* itself (the standard library's rule);
    True when it does."""
    if name in cls.__dict__:
        return True
    setattr(cls, name, _named(cls, method, name))
    return False


def _named(cls: Any, method: Any, name: str) -> Any:
    method.__name__ = name
    method.__qualname__ = f"{cls.__qualname__}.{name}"
    return method


def _getter(names: list[str]) -> Callable[[Any], tuple[Any, ...]]:
    """The tuple of the fields *names* of an object (the generated methods compare and hash
    ``(self.a, self.b,)``: always a tuple, also of one field or none)."""
    if len(names) > 1:
        return attrgetter(*names)
    if names:
        one = attrgetter(names[0])
        return lambda obj: (one(obj),)
    return lambda obj: ()


def _eq(names: list[str], key: Callable[[Any], Any] | None) -> Callable[[Any, Any], Any]:
    """``__eq__`` as the standard library of this Python writes it: up to 3.12 the tuples
    of the compared fields (``(self.a, self.b) == (other.a, other.b)``, so a field that
    is the same object counts as equal, NaN too), which *key* (``_getter(names)``, given
    up to 3.12) reads; from 3.13 the fields one by one (``self is other or self.a ==
    other.a and self.b == other.b``)."""
    if key is not None:

        def by_tuples(self: Any, other: Any) -> Any:
            if other.__class__ is self.__class__:
                return key(self) == key(other)
            return NotImplemented

        return by_tuples

    def by_fields(self: Any, other: Any) -> Any:
        if self is other:
            return True
        if other.__class__ is self.__class__:
            same: Any = True
            for name in names:
                same = getattr(self, name) == getattr(other, name)
                if not same:
                    return same
            return same
        return NotImplemented

    return by_fields


def _hash(key: Callable[[Any], tuple[Any, ...]]) -> Callable[[Any], int]:
    def __hash__(self: Any) -> int:
        return hash(key(self))

    return __hash__


def _repr(names: list[str]) -> Callable[[Any], str]:
    running: set[tuple[int, int]] = set()  # one set per class, as the standard library's

    def __repr__(self: Any) -> str:
        key = id(self), get_ident()
        if key in running:
            return "..."
        running.add(key)
        try:
            shown = ", ".join(f"{name}={getattr(self, name)!r}" for name in names)
            return f"{self.__class__.__qualname__}({shown})"
        finally:
            running.discard(key)

    return __repr__


def _setattr(cls: Any, names: tuple[str, ...]) -> Callable[[Any, str, Any], None]:
    def __setattr__(self: Any, name: str, value: Any) -> None:
        if type(self) is cls or name in names:
            raise FrozenInstanceError(f"cannot assign to field {name!r}")
        super(cls, self).__setattr__(name, value)

    return __setattr__


def _delattr(cls: Any, names: tuple[str, ...]) -> Callable[[Any, str], None]:
    def __delattr__(self: Any, name: str) -> None:
        if type(self) is cls or name in names:
            raise FrozenInstanceError(f"cannot delete field {name!r}")
        super(cls, self).__delattr__(name)

    return __delattr__


def _getstate(self: Any) -> list[Any]:
    """A frozen class with slots pickles its fields' values (as the standard library's)."""
    return [getattr(self, f.name) for f in dataclasses.fields(self)]


def _setstate(self: Any, state: list[Any]) -> None:
    for f, value in zip(dataclasses.fields(self), state, strict=False):
        object.__setattr__(self, f.name, value)


def _doc(cls: Any, fields: tuple[Field[Any], ...]) -> str:
    """The docstring the standard library gives a class without one: its name and the
    signature of ``__init__`` as ``inspect`` writes it (written here from the fields where
    every annotation is a string, as in a module with ``from __future__ import
    annotations``, so that the ``__init__`` need not be compiled for it)."""
    params = [f for f in fields if f.init]
    if not all(isinstance(f.type, str) for f in params):
        import inspect

        try:
            return cls.__name__ + str(inspect.signature(cls)).replace(" -> None", "")
        except (TypeError, ValueError):  # pragma: no cover - as the standard library
            return str(cls.__name__)

    def shown(f: Field[Any]) -> str:
        if f.default is not MISSING:
            return f"{f.name}: {f.type!r} = {f.default!r}"
        if f.default_factory is not MISSING:
            return f"{f.name}: {f.type!r} = <factory>"
        return f"{f.name}: {f.type!r}"

    words = [shown(f) for f in params if not f.kw_only]
    keywords = [shown(f) for f in params if f.kw_only]
    if keywords:
        words += ["*", *keywords]
    return f"{cls.__name__}({', '.join(words)}) -> None".replace(" -> None", "")


#: Instances made by the generic ``__init__`` before the class's own is compiled. Measured on
#: a frozen class of six fields (callgrind, 3.11): compiling its ``__init__`` costs about 1.5
#: million instructions, the generic one about 18,000 a call more than the compiled one, so
#: the two break even near a hundred instances.
COMPILE_AFTER = 100


class _LazyInit:
    """Stands in for a class's ``__init__``. Looked up on the class (``inspect.signature``,
    ``help``), it compiles the real one, puts it in the class in its place and gives it
    back. Looked up to make an instance, it gives a generic ``__init__`` that fills the
    fields from the arguments by the same rules, for the first :data:`COMPILE_AFTER`
    instances, then compiles the real one: a class made a few times in a run (most of
    them, in a small event's) costs no compilation, a class made for every player or game
    runs the compiled one. A call the generic one does not cover (a missing or unknown
    argument, one given twice, too many) goes to the real one, which raises what the
    standard library's raises."""

    __slots__ = ("calls", "cls", "fields", "frozen", "generic", "post_init", "slots")

    def __init__(self, cls: Any, fields: tuple[Field[Any], ...], frozen: bool, slots: bool):
        self.cls, self.fields, self.frozen, self.slots = cls, fields, frozen, slots
        self.post_init = _defines(cls, "__post_init__")
        self.calls = 0
        self.generic: Callable[..., None] | None = None  # made for the first instance

    def __get__(self, obj: Any, owner: Any = None) -> Any:
        if obj is None or isinstance(obj, type):  # on the class (3.13's inspect passes it)
            return self.compiled().__get__(obj, owner)
        self.calls += 1
        if self.calls > COMPILE_AFTER:
            return self.compiled().__get__(obj, owner)
        if self.generic is None:
            self.generic = _generic_init(self)
        return self.generic.__get__(obj, owner)

    def compiled(self) -> Any:
        init = self.cls.__dict__.get("__init__")
        if init is self:
            init = self.written()
            type.__setattr__(self.cls, "__init__", init)
        elif isinstance(init, _LazyInit) or init is None:  # pragma: no cover - replaced
            init = self.written()
        return init

    def written(self) -> Any:
        # Loaded with the first class compiled: a run whose classes never are does without.
        from .data_class_init import written_init

        return written_init(self.cls, self.fields, self.frozen, self.slots, self.post_init)


#: How the generic ``__init__`` sets a field: its argument or default, its argument or a
#: call of its factory, a call of its factory, its default (not parameters, the last two).
_ARGUMENT, _ARGUMENT_OR_FACTORY, _FACTORY, _DEFAULT = range(4)


def _fill_plan(fields: tuple[Field[Any], ...], slots: bool) -> list[tuple[str, int, Any]]:
    """Each field the generic ``__init__`` sets: its name, how (the constants above) and its
    default or factory. A field left out is read from its class attribute."""
    plan: list[tuple[str, int, Any]] = []
    for f in fields:
        if f.default_factory is not MISSING:
            plan.append((f.name, _ARGUMENT_OR_FACTORY if f.init else _FACTORY, f.default_factory))
        elif f.init:
            plan.append((f.name, _ARGUMENT, f.default))
        elif slots and f.default is not MISSING:
            plan.append((f.name, _DEFAULT, f.default))
    return plan


def _generic_init(lazy: _LazyInit) -> Callable[..., None]:
    """The ``__init__`` of *lazy*'s class without compiling one (see :class:`_LazyInit`)."""
    parameters = [f for f in lazy.fields if f.init]
    positional = tuple(f.name for f in parameters if not f.kw_only)
    names = frozenset(f.name for f in parameters)
    required = frozenset(
        f.name for f in parameters if f.default is MISSING and f.default_factory is MISSING
    )
    plan = _fill_plan(lazy.fields, lazy.slots)
    assign = object.__setattr__ if lazy.frozen else setattr
    post_init = lazy.post_init

    def __init__(self: Any, /, *args: Any, **kwargs: Any) -> None:
        given = dict(zip(positional, args, strict=False))
        if (
            len(args) > len(positional)
            or not kwargs.keys() <= names
            or not given.keys().isdisjoint(kwargs)
            or not required <= given.keys() | kwargs.keys()
        ):
            lazy.compiled()(self, *args, **kwargs)  # raises the standard library's TypeError
            return
        given.update(kwargs)
        for name, how, default in plan:
            if how == _ARGUMENT:
                assign(self, name, given[name] if name in given else default)
            elif how == _ARGUMENT_OR_FACTORY:
                assign(self, name, given[name] if name in given else default())
            elif how == _FACTORY:
                assign(self, name, default())
            else:
                assign(self, name, default)
        if post_init:
            self.__post_init__()

    return __init__


# -- named tuples ---------------------------------------------------------------------------

#: What a NamedTuple class body may not define (typing refuses the same names) ...
_RESERVED = frozenset(
    {"__new__", "__init__", "__slots__", "__getnewargs__", "_fields", "_field_defaults"}
    | {"_make", "_replace", "_asdict", "_source"}
)
#: ... and what of the body is not copied onto the class (typing leaves out the same).
_NOT_COPIED = frozenset({"__module__", "__name__", "__annotations__"})


class _NamedTupleMeta(type):
    """Makes a ``class X(NamedTuple)`` statement's class as ``typing.NamedTuple`` does,
    less the annotations' type checks (see the module docstring)."""

    def __new__(mcls, name: str, bases: tuple[type, ...], body: dict[str, Any]) -> Any:
        if bases != (_NamedTupleBase,):
            raise TypeError("a generic named tuple needs typing.NamedTuple")
        annotations = body.get("__annotations__", {})
        defaults = _tuple_defaults(annotations, body)
        made = tuple_class(name, tuple(annotations), defaults, body["__module__"])
        made.__annotations__ = made.__new__.__annotations__ = dict(annotations)
        for key, value in body.items():
            _copy_to_tuple_class(made, key, value)
        return made


def _tuple_defaults(annotations: dict[str, Any], body: dict[str, Any]) -> list[Any]:
    """The defaults of a named tuple's last fields (those the class body assigns), with
    typing's error for a field without one after them."""
    with_default: list[str] = []
    for field in annotations:
        if field in body:
            with_default.append(field)
        elif with_default:
            raise TypeError(
                f"Non-default namedtuple field {field} "
                f"cannot follow default field"
                f"{'s' if len(with_default) > 1 else ''} "
                f"{', '.join(with_default)}"
            )
    return [body[field] for field in with_default]


def _copy_to_tuple_class(made: Any, key: str, value: Any) -> None:
    """Put the class body's *key* on the named tuple class *made*, as typing does (a
    field's default stays the tuple's own descriptor)."""
    if key in _RESERVED:
        raise AttributeError("Cannot overwrite NamedTuple attribute " + key)
    if key in _NOT_COPIED:
        return
    if key == "__orig_bases__":  # as typing's: the bases as written
        value = tuple(typing.NamedTuple if b is _named_tuple else b for b in value)
    if key not in made._fields:
        setattr(made, key, value)
    if sys.version_info >= (3, 13):  # typing calls __set_name__ from 3.13 on
        set_name = getattr(type(value), "__set_name__", None)
        if set_name is not None:
            set_name(value, made, key)


_NamedTupleBase = type.__new__(_NamedTupleMeta, "NamedTuple", (), {})


def _named_tuple(typename: str, fields: Any = None, /, **kwargs: Any) -> Any:
    """``NamedTuple("Name", [("a", int)])``, the functional form: typing's own."""
    return typing.NamedTuple(typename, *(() if fields is None else (fields,)), **kwargs)


def _mro_entries(bases: tuple[Any, ...]) -> tuple[type, ...]:
    return (_NamedTupleBase,)


_named_tuple.__mro_entries__ = _mro_entries  # type: ignore[attr-defined]

if TYPE_CHECKING:
    from typing import NamedTuple as NamedTuple
else:
    NamedTuple = _named_tuple
