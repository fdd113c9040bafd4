"""``fide_tiebreaks.data_classes.dataclass`` behaves as ``dataclasses.dataclass``.

Each declaration below is made twice, by the standard library's decorator (the reference)
and by ours, and every behaviour a caller can see is compared: the fields, ``__init__``
(its signature, defaults, default factories, keyword-only parameters, its errors),
``repr``, equality and hashing (``compare=False`` fields ignored), frozenness and its
error, ``replace``, ``asdict``, ``__match_args__``, the docstring made for a class without
one, slots and pickling, ``__post_init__``; before and after the class's ``__init__`` is
compiled (:data:`~fide_tiebreaks.data_classes.COMPILE_AFTER` instances).
"""

from __future__ import annotations

import copy
import dataclasses
import inspect
import pickle
import sys
import textwrap
import types
import typing
from functools import partial
from typing import Any

import pytest

from fide_tiebreaks import data_classes
from fide_tiebreaks.data_classes import dataclass as ours

DECLARATIONS = {
    "frozen": """
        @dataclass(frozen=True)
        class Point:
            '''A point.'''
            x: int
            y: int = 0
            label: str = "p"
            tags: list[int] = field(default_factory=list, compare=False)
            line: int | None = field(default=None, compare=False, repr=False)
    """,
    "plain": """
        @dataclass
        class State:
            name: str
            items: list[str] = field(default_factory=list)
            count: int = 0
    """,
    "frozen, no docstring": """
        @dataclass(frozen=True)
        class Bare:
            a: int
            b: str = "x"
            c: dict[str, int] = field(default_factory=dict)
    """,
    "keyword-only": """
        @dataclass(frozen=True, kw_only=True)
        class Named:
            name: str
            size: int = 1
            note: str = ""
    """,
    "KW_ONLY marker": """
        @dataclass(frozen=True)
        class Mixed:
            first: int
            _: KW_ONLY
            second: int
            third: int = 3
    """,
    "slots": """
        @dataclass(frozen=True, slots=True)
        class Slotted:
            severity: int
            message: str
            path: str = "<input>"
            line: int = 0
    """,
    "post-init, not compared, not in init": """
        @dataclass(frozen=True)
        class Checked:
            low: int
            high: int = 10
            made: list[int] = field(default_factory=list, init=False, compare=False)
            hashed: int = field(default=0, hash=False)

            def __post_init__(self) -> None:
                if self.low > self.high:
                    raise ValueError("low above high")
                self.made.append(self.low)
    """,
    "own __repr__ and __eq__": """
        @dataclass(frozen=True)
        class Own:
            v: int

            def __repr__(self) -> str:
                return "own"

            def __eq__(self, other: object) -> bool:
                return True

            __hash__ = object.__hash__
    """,
    "one field": """
        @dataclass(frozen=True)
        class One:
            only: float
    """,
    "no fields": """
        @dataclass(frozen=True)
        class Empty:
            '''Nothing.'''
    """,
    "a field named self": """
        @dataclass
        class Odd:
            self: int
            other: int = 2
    """,
    "field options": """
        @dataclass(frozen=True)
        class Options:
            '''Options.'''
            a: int
            b: int = field(default=2, repr=False)
            c: int = field(default=3, compare=False, hash=True)
            d: int = field(default=4, hash=False, metadata={"unit": "pt"})
            e: list[int] = field(default_factory=list, init=False)
            f: int = field(default=6, init=False)
            g: str = field(default="g", kw_only=True)
            h: tuple[int, ...] = field(default=(), kw_only=False)
            i: int = field(kw_only=True)
    """,
    "defaults with __set_name__": """
        class Recorded:
            def __init__(self):
                self.seen = []

            def __set_name__(self, owner, name):
                self.seen.append((owner.__name__, name))

            def __repr__(self):
                return f"Recorded({self.seen})"

            def __eq__(self, other):
                return repr(self) == repr(other)

            def __hash__(self):
                return hash(repr(self))

        @dataclass(frozen=True)
        class Described:
            a: int
            r: Recorded = Recorded()
            w: Recorded = field(default=Recorded(), compare=False)
    """,
    "annotations naming the module's names": """
        import typing as t
        from fractions import Fraction

        @dataclass
        class Typed:
            a: Fraction
            b: t.Any = None
            c: "t.Optional[int]" = None
            d: Fraction | None = field(default=None, repr=False)
            e: dataclasses.Field[int] | None = None
    """,
    "an abstract base": """
        from abc import ABC, abstractmethod

        class Shape(ABC):
            @abstractmethod
            def __repr__(self) -> str: ...

        @dataclass(frozen=True)
        class Square(Shape):
            side: int = 1
    """,
    "KW_ONLY through its module": """
        @dataclass
        class Dotted:
            a: int
            _: dataclasses.KW_ONLY
            b: int = 2
            c: dataclasses.Field[int] | None = None
    """,
    "KW_ONLY through its module alone": """
        del KW_ONLY  # the module names the marker only as dataclasses.KW_ONLY

        @dataclass(frozen=True)
        class OnlyDotted:
            a: int
            _: dataclasses.KW_ONLY
            b: int = 0
    """,
    "a ClassVar by another name": """
        from typing import ClassVar
        Shared = ClassVar

        @dataclass(frozen=True)
        class Counted:
            total: Shared[int] = 0
            a: int = 1
    """,
}

#: The declarations ours gives the standard library the fields of (with the methods off).
BY_DATACLASSES = {"slots", "a ClassVar by another name"}

# Calls to make on each class: (positional, keyword) arguments, good ones and bad ones.
CALLS: dict[str, list[tuple[tuple[Any, ...], dict[str, Any]]]] = {
    "frozen": [
        ((1,), {}),
        ((1, 2, "q"), {}),
        ((), {"x": 1, "tags": [5]}),
        ((1,), {"line": 4}),
        ((), {}),
        ((1,), {"x": 2}),
        ((1,), {"z": 2}),
        ((1, 2, "q", [1], 3, 4), {}),
    ],
    "plain": [(("a",), {}), (("a", ["b"], 3), {}), ((), {"name": "n", "count": 2}), ((), {})],
    "frozen, no docstring": [((1,), {}), ((1, "y", {"k": 1}), {}), ((), {"b": "z"})],
    "keyword-only": [((), {"name": "n"}), ((), {"name": "n", "size": 2}), (("n",), {})],
    "KW_ONLY marker": [((1,), {"second": 2}), ((1, 2), {}), ((1,), {}), ((), {"first": 1})],
    "slots": [((2, "m"), {}), ((2, "m", "f", 3), {}), ((2,), {}), ((), {"message": "m"})],
    "post-init, not compared, not in init": [
        ((1,), {}),
        ((1, 5), {"hashed": 9}),
        ((11,), {}),
        ((1,), {"made": [2]}),
    ],
    "own __repr__ and __eq__": [((1,), {}), ((2,), {})],
    "one field": [((0.5,), {}), ((float("nan"),), {}), ((), {})],
    "no fields": [((), {}), ((1,), {})],
    "a field named self": [((1,), {}), ((), {"self": 1, "other": 3}), ((1, 2, 3), {})],
    "field options": [
        ((1,), {"i": 9}),
        ((1, 5, 6, 7, (8,)), {"g": "x", "i": 0}),
        ((1,), {"e": [1], "i": 0}),
        ((1,), {}),
    ],
    "defaults with __set_name__": [((1,), {}), ((1, 2), {})],
    "annotations naming the module's names": [((1,), {}), ((1, 2, 3, 4, None), {}), ((), {})],
    "an abstract base": [((), {}), ((2,), {})],
    "a ClassVar by another name": [((), {}), ((2,), {}), ((), {"total": 1})],
    "KW_ONLY through its module": [((1,), {}), ((1, 2), {}), ((1,), {"b": 3, "c": None})],
    "KW_ONLY through its module alone": [((1,), {}), ((1, 2), {}), ((1,), {"b": 3})],
}


def make(source: str, decorator: Any, module: str, future: bool = True) -> type:
    """The data class *source* declares, made with *decorator*, in a module of its own
    (with ``from __future__ import annotations`` unless not *future*)."""
    namespace = types.ModuleType(module)
    sys.modules[module] = namespace
    namespace.__dict__.update(
        dataclass=decorator,
        field=dataclasses.field,
        KW_ONLY=dataclasses.KW_ONLY,
        dataclasses=dataclasses,
    )
    header = "from __future__ import annotations\n" if future else ""
    code = compile(header + textwrap.dedent(source), module, "exec", dont_inherit=True)
    exec(code, namespace.__dict__)
    (cls,) = [
        v
        for k, v in vars(namespace).items()
        if isinstance(v, type) and k[0].isupper() and dataclasses.is_dataclass(v)
    ]
    return cls


@pytest.fixture(params=sorted(DECLARATIONS))
def pair(request):
    name = request.param
    made = []
    for tag, decorator in (("reference", dataclasses.dataclass), ("ours", ours)):
        module = f"_data_classes_{tag}_{abs(hash(name))}"
        made.append(make(DECLARATIONS[name], decorator, module))
    yield name, made[0], made[1]
    for cls in made:
        sys.modules.pop(cls.__module__, None)


def outcome(call: Any) -> tuple[str, Any]:
    """What *call* did: ('ok', value) or the exception's type and message."""
    try:
        return "ok", call()
    except Exception as e:
        return type(e).__name__, str(e)


def _described(cls: type, args: tuple[Any, ...], kwargs: dict[str, Any]) -> dict[str, Any]:
    return described(cls(*args, **kwargs))


def described(obj: Any) -> dict[str, Any]:
    """What a caller can see of an instance (or the error instead)."""
    cls = type(obj)
    other = copy.copy(obj)
    seen: dict[str, Any] = {
        "repr": repr(obj),
        "fields": {f.name: getattr(obj, f.name, "<unset>") for f in dataclasses.fields(obj)},
        "equal to a copy": obj == other,
        "not equal to other types": obj.__eq__(object()),
        "hash": outcome(lambda: hash(obj) if cls.__hash__ is not object.__hash__ else "identity"),
        "asdict": outcome(lambda: dataclasses.asdict(obj)),
        "replace": outcome(lambda: repr(dataclasses.replace(obj))),
        "set": outcome(lambda: setattr(obj, dataclasses.fields(obj)[0].name, 7)),
        "set other": outcome(lambda: setattr(obj, "unknown_attribute", 7)),
        "delete": outcome(lambda: delattr(obj, dataclasses.fields(obj)[0].name)),
        "pickled": outcome(lambda: repr(pickle.loads(pickle.dumps(obj)))),
    }
    if not dataclasses.fields(obj):
        for key in ("set", "delete"):
            del seen[key]
    seen["class"] = cls.__name__
    return seen


def test_the_class_is_the_standard_librarys_but_for_its_methods(pair):
    _, reference, made = pair
    assert dataclasses.is_dataclass(made)
    assert [_field(f) for f in dataclasses.fields(made)] == [
        _field(f) for f in dataclasses.fields(reference)
    ]
    assert _params(made) == _params(reference)
    assert _class_attributes(made) == _class_attributes(reference)
    assert made.__match_args__ == reference.__match_args__
    assert getattr(made, "__abstractmethods__", None) == getattr(
        reference, "__abstractmethods__", None
    )
    assert made.__dict__.get("__replace__") is reference.__dict__.get("__replace__")
    assert made.__doc__ == reference.__doc__
    assert getattr(made, "__slots__", None) == getattr(reference, "__slots__", None)
    assert (made.__hash__ is None) == (reference.__hash__ is None)
    assert str(inspect.signature(made)) == str(inspect.signature(reference))
    assert made.__init__.__qualname__ == reference.__init__.__qualname__
    assert made.__init__.__annotations__ == reference.__init__.__annotations__
    for method in ("__repr__", "__eq__", "__hash__", "__setattr__", "__delattr__"):
        ref, got = getattr(reference, method), getattr(made, method)
        assert (ref is None) == (got is None), method
        if isinstance(ref, types.FunctionType):
            assert got.__qualname__ == ref.__qualname__, method


@pytest.mark.parametrize("compiled", [False, True], ids=["generic __init__", "compiled"])
def test_instances_behave_as_the_standard_librarys(pair, compiled, monkeypatch):
    name, reference, made = pair
    if compiled:
        inspect.signature(made)  # looking it up on the class compiles the real one
        assert isinstance(made.__dict__["__init__"], types.FunctionType)
    else:
        assert isinstance(made.__dict__["__init__"], data_classes._LazyInit)
    for args, kwargs in CALLS[name]:
        expected = outcome(partial(_described, reference, args, kwargs))
        got = outcome(partial(_described, made, args, kwargs))
        if name == "slots" and expected[0] == "ok":
            # The one difference: the standard library's frozen class with slots checks
            # against the class before slots were added, so an attribute that is no field
            # fails in super() with a TypeError; ours says the instance is frozen.
            assert expected[1].pop("set other")[0] == "TypeError"
            assert got[1].pop("set other") == (
                "FrozenInstanceError",
                "cannot assign to field 'unknown_attribute'",
            )
        assert got == expected, (args, kwargs)


def test_default_factories_make_a_new_value_each_time(pair):
    name, reference, made = pair
    factories = [f.name for f in dataclasses.fields(made) if f.default_factory is not None]
    args, kwargs = CALLS[name][0]
    for cls in (reference, made):
        try:
            a, b = cls(*args, **kwargs), cls(*args, **kwargs)
        except Exception:
            continue
        for f in dataclasses.fields(cls):
            if f.default_factory is not dataclasses.MISSING and f.name not in kwargs:
                assert getattr(a, f.name) is not getattr(b, f.name), (cls, f.name)
    assert factories is not None


def test_the_generic_init_gives_way_to_the_compiled_one_after_enough_instances():
    cls = make(DECLARATIONS["frozen"], ours, "_data_classes_count")
    try:
        made = [cls(i, y=i) for i in range(data_classes.COMPILE_AFTER + 5)]
        assert isinstance(cls.__dict__["__init__"], types.FunctionType)
        assert [(p.x, p.y, p.label, p.tags) for p in made] == [
            (i, i, "p", []) for i in range(data_classes.COMPILE_AFTER + 5)
        ]
    finally:
        sys.modules.pop("_data_classes_count", None)


def test_a_recursive_repr_shows_dots_as_the_standard_librarys():
    for decorator in (dataclasses.dataclass, ours):
        cls = make(DECLARATIONS["plain"], decorator, "_data_classes_recursive")
        try:
            s = cls("a")
            s.items.append(s)
            assert repr(s) == "State(name='a', items=[...], count=0)"
        finally:
            sys.modules.pop("_data_classes_recursive", None)


def test_what_it_does_not_cover_is_the_standard_librarys_own():
    # order=True, a data class base, a ClassVar: handed to dataclasses.dataclass unchanged
    cls = make(
        """
        @dataclass(frozen=True, order=True)
        class Ordered:
            a: int
        """,
        ours,
        "_data_classes_ordered",
    )
    try:
        assert cls(1) < cls(2)
        assert "__create_fn__" in _qualname(cls.__eq__)
    finally:
        sys.modules.pop("_data_classes_ordered", None)
    base = make(DECLARATIONS["frozen"], ours, "_data_classes_base")
    try:

        @ours(frozen=True)
        class Derived(base):  # type: ignore[misc, valid-type]
            z: int = 5

        assert [f.name for f in dataclasses.fields(Derived)][-1] == "z"
        assert repr(Derived(1)) == f"{Derived.__qualname__}(x=1, y=0, label='p', tags=[], z=5)"
    finally:
        sys.modules.pop("_data_classes_base", None)
    with pytest.raises(TypeError, match="non-default argument 'b' follows default argument"):
        make(
            """
            @dataclass
            class Wrong:
                a: int = 1
                b: int
            """,
            ours,
            "_data_classes_wrong",
        )
    sys.modules.pop("_data_classes_wrong", None)


THROUGH_MODULES = """
        import typing
        del KW_ONLY

        @dataclass
        class Through:
            a: int
            count: typing.ClassVar[int] = 3
            seen: int = 0
            start: dataclasses.InitVar[int] = 5

            def __post_init__(self, start):
                self.seen = start
    """


def test_pseudo_fields_named_through_their_modules_are_the_standard_librarys():
    # typing.ClassVar and dataclasses.InitVar in a module that imports neither name: the
    # standard library looks the name up in the module the prefix names, and so must we.
    made = [
        make(THROUGH_MODULES, decorator, f"_data_classes_through_{tag}")
        for tag, decorator in (("reference", dataclasses.dataclass), ("ours", ours))
    ]
    try:
        reference, got = made
        assert [f.name for f in dataclasses.fields(got)] == ["a", "seen"]
        assert [f.name for f in dataclasses.fields(reference)] == ["a", "seen"]
        for args, kwargs in [
            ((1,), {}),
            ((1, 2, 3), {}),
            ((1,), {"start": 7}),
            ((1,), {"count": 1}),
        ]:
            expected = outcome(partial(_described, reference, args, kwargs))
            assert outcome(partial(_described, got, args, kwargs)) == expected, (args, kwargs)
    finally:
        for cls in made:
            sys.modules.pop(cls.__module__, None)


@pytest.mark.parametrize("name", sorted(DECLARATIONS))
def test_the_fields_are_made_here_but_for_slots_and_pseudo_fields(name, monkeypatch):
    """data_class_fields makes the fields of every declaration above but those it gives the
    standard library (on a Python it follows), so the comparisons above test its work."""
    given = []
    real = data_classes.fields_by_dataclasses
    monkeypatch.setattr(
        data_classes, "fields_by_dataclasses", lambda *a: given.append(a) or real(*a)
    )
    try:
        make(DECLARATIONS[name], ours, "_data_classes_path")
    finally:
        sys.modules.pop("_data_classes_path", None)
    expected = name in BY_DATACLASSES or sys.version_info >= (3, 14)
    assert bool(given) == expected


@pytest.mark.parametrize(
    "name", ["frozen", "field options", "KW_ONLY marker", "annotations naming the module's names"]
)
def test_annotations_that_are_no_strings_make_the_same_fields(name):
    made = []
    for tag, decorator in (("reference", dataclasses.dataclass), ("ours", ours)):
        made.append(make(DECLARATIONS[name], decorator, f"_data_classes_{tag}_t", future=False))
    try:
        reference, cls = made
        assert not isinstance(reference.__annotations__[dataclasses.fields(cls)[0].name], str)
        assert [_field(f) for f in dataclasses.fields(cls)] == [
            _field(f) for f in dataclasses.fields(reference)
        ]
        assert _class_attributes(cls) == _class_attributes(reference)
        assert cls.__match_args__ == reference.__match_args__
        assert cls.__doc__ == reference.__doc__
    finally:
        for cls in made:
            sys.modules.pop(cls.__module__, None)


REFUSED = {
    "a mutable default": "a: int\n    b: list = []",
    "a field() without an annotation": "a: int\n    b = field(default=1)",
    "KW_ONLY twice": "a: int\n    _: KW_ONLY\n    b: int\n    c: KW_ONLY",
    "a default before none": "a: int = 1\n    b: int",
    "a mutable field() default": "a: dict = field(default={})",
    "default and factory": "a: int = field(default=1, default_factory=int)",
}


@pytest.mark.parametrize("name", sorted(REFUSED))
def test_a_refused_declaration_fails_as_the_standard_librarys(name):
    source = "@dataclass(frozen=True)\nclass Bad:\n    " + REFUSED[name] + "\n"
    outcomes = []
    for tag, decorator in (("reference", dataclasses.dataclass), ("ours", ours)):
        module = f"_data_classes_refused_{tag}"
        outcomes.append(outcome(partial(make, source, decorator, module)))
        sys.modules.pop(module, None)
    assert outcomes[0][0] != "ok"
    assert outcomes[1] == outcomes[0]


def test_a_base_classs_field_default_is_the_standard_librarys_too():
    """A field() inherited from a base that is no data class: left to the standard library,
    which takes it (with a default) or fails to delete it (without)."""
    for default in ("default=5", "repr=False"):
        outcomes = []
        for decorator in (dataclasses.dataclass, ours):

            class Base:
                x = eval(f"dataclasses.field({default})")

            def made(decorator: Any = decorator, base: type = Base) -> Any:
                @decorator(frozen=True)
                class Child(base):  # type: ignore[misc, valid-type]
                    x: int

                return repr(Child(1)), [_field(f) for f in dataclasses.fields(Child)]

            outcomes.append(outcome(made))
        assert outcomes[1] == outcomes[0], default


CHILD = """
import dataclasses, sys
from fide_tiebreaks.cli import main
main(["standings", sys.argv[1], "-f", "json", "-o", sys.argv[2]])
for name, module in sorted(sys.modules.items()):
    if not name.startswith("fide_tiebreaks"):
        continue
    for value in vars(module).values():
        if isinstance(value, type) and value.__module__ == name and dataclasses.is_dataclass(value):
            eq = value.__dict__.get("__eq__")
            qualname = getattr(getattr(eq, "__code__", None), "co_qualname", "")
            print(name + "." + value.__qualname__, "__create_fn__" in qualname)
"""


def test_the_standings_path_compiles_no_data_class_method_at_start_up(tmp_path):
    """Every data class a standings run creates is made by data_classes (one made by
    dataclasses.dataclass instead costs its five or six compilations again)."""
    import subprocess
    from pathlib import Path

    tec = Path(__file__).resolve().parent.parent / "conformance/fixtures/tec-exercise-2024"
    done = subprocess.run(
        [sys.executable, "-c", CHILD, str(tec / "tournament.trf"), str(tmp_path / "o.json")],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 0, done.stderr
    made = dict(line.rsplit(" ", 1) for line in done.stdout.splitlines())
    assert "fide_tiebreaks.model.Tournament" in made  # the check saw the model
    assert [name for name, stdlib in made.items() if stdlib == "True"] == []


def _field(f: dataclasses.Field[Any]) -> tuple[Any, ...]:
    """Every attribute of a Field (a default shown by its repr: a class's own object)."""
    assert type(f.metadata) is types.MappingProxyType
    return (
        f.name,
        f.type,
        repr(f.default),
        f.default_factory,
        f.init,
        f.repr,
        f.compare,
        f.hash,
        dict(f.metadata),
        f.kw_only,
        f._field_type,  # type: ignore[attr-defined]
    )


def _params(cls: type) -> dict[str, Any]:
    params = cls.__dataclass_params__  # type: ignore[attr-defined]
    assert type(params) is dataclasses._DataclassParams  # type: ignore[attr-defined]
    return {name: getattr(params, name) for name in type(params).__slots__}


def _class_attributes(cls: type) -> dict[str, Any]:
    """Each annotated name's class attribute (its repr: a default of the class's own)."""
    return {
        name: repr(cls.__dict__.get(name, "<absent>"))
        for name in cls.__dict__.get("__annotations__", {})  # noqa: RUF063 - as dataclasses
    }


def _qualname(method: Any) -> str:
    return getattr(getattr(method, "__code__", None), "co_qualname", "")


NAMED_TUPLE = """
class Row(NamedTuple):
    '''A row.'''

    rank: int
    name: str
    points: float = 0.5
    values: tuple[int, ...] = ()

    @property
    def first(self) -> bool:
        return self.rank == 1

    def shown(self) -> str:
        return f"{self.rank}. {self.name}"

    LIMIT = 3
"""


def _named_tuples() -> tuple[type, type]:
    made = []
    for tag, base in (("reference", typing.NamedTuple), ("ours", data_classes.NamedTuple)):
        namespace = types.ModuleType(f"_named_tuple_{tag}")
        sys.modules[namespace.__name__] = namespace
        namespace.__dict__["NamedTuple"] = base
        exec("from __future__ import annotations\n" + NAMED_TUPLE, namespace.__dict__)
        made.append(namespace.Row)
    return made[0], made[1]


def test_named_tuples_are_typings_own_class():
    reference, made = _named_tuples()
    try:
        for attr in ("_fields", "_field_defaults", "__doc__", "__qualname__", "__match_args__"):
            assert getattr(made, attr) == getattr(reference, attr), attr
        assert made.__bases__ == reference.__bases__ == (tuple,)
        assert getattr(made, "__orig_bases__", None) == getattr(reference, "__orig_bases__", None)
        # The one difference: the annotations are the strings as written, not typing's
        # ForwardRef of them; get_type_hints reads both alike.
        params = [inspect.signature(c).parameters.values() for c in (made, reference)]
        assert [(p.name, p.kind, p.default) for p in params[0]] == [
            (p.name, p.kind, p.default) for p in params[1]
        ]
        assert made.__annotations__["rank"] == "int"
        assert reference.__annotations__["rank"] == typing.ForwardRef("int")
        assert typing.get_type_hints(made) == typing.get_type_hints(reference)
        assert made.LIMIT == 3
        for args, kwargs in [
            ((1, "a"), {}),
            ((2, "b", 1.0, (1,)), {}),
            ((), {"rank": 3, "name": "c"}),
        ]:
            ref, got = reference(*args, **kwargs), made(*args, **kwargs)
            assert repr(got) == repr(ref)
            assert got == ref == tuple(ref)
            assert hash(got) == hash(ref)
            assert (got.first, got.shown()) == (ref.first, ref.shown())
            assert got._asdict() == ref._asdict()
            assert repr(got._replace(name="z")) == repr(ref._replace(name="z"))
            assert repr(made._make(tuple(ref))) == repr(ref)
            assert repr(pickle.loads(pickle.dumps(got))) == repr(ref)
        for args in [(), (1, 2, 3, 4, 5)]:
            assert outcome(partial(made, *args)) == outcome(partial(reference, *args))
    finally:
        sys.modules.pop("_named_tuple_reference", None)
        sys.modules.pop("_named_tuple_ours", None)


@pytest.mark.parametrize(
    "body",
    [
        "a: int = 1\n    b: int",
        "a: int\n    def _asdict(self): return {}",
        "a: int\n    __slots__ = ()",
    ],
    ids=["default order", "prohibited name", "slots"],
)
def test_named_tuples_refuse_what_typings_refuses(body):
    source = "class Bad(NamedTuple):\n    " + body + "\n"
    outcomes = []
    for base in (typing.NamedTuple, data_classes.NamedTuple):
        outcomes.append(outcome(partial(exec, source, {"NamedTuple": base, "__name__": "m"})))
    assert outcomes[0][0] != "ok"
    assert outcomes[1] == outcomes[0]
