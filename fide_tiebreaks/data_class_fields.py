"""``declared_fields``: a data class's fields, made and set on it as ``dataclasses`` does.

:func:`~fide_tiebreaks.data_classes.dataclass` writes a class's methods itself; the fields
were the standard library's: ``dataclasses.dataclass`` with the methods turned off. That
call was still two thirds of what a class cost (about 0.3 million instructions of a frozen
class of five fields, and a standings run creates some thirty classes at start-up): it
checks each string annotation three times with a regular expression (``ClassVar``,
``InitVar``, ``KW_ONLY``), makes each field through ``field()``, looks up absent
attributes by catching ``AttributeError``, and sets ``__dataclass_params__`` through a
class it then undoes.

:func:`declared_fields` does the same work once a field, for the declarations the package
writes, and leaves every other one to the standard library (it answers None, the class
untouched): slots (the standard library makes a new class), an annotation that is or may be
a ``ClassVar`` or an ``InitVar``, a declaration the standard library refuses (which then
raises its own error), a Python from 3.14 (which reads annotations through
``annotationlib``). The classes it makes are the standard library's to the attribute:
``__dataclass_fields__`` of ``Field`` objects of the kind ``_FIELD``, ``kw_only`` from the
option and from a ``KW_ONLY`` pseudo-field, the defaults as class attributes (a
``field()`` replaced by its default, or removed), ``__dataclass_params__``,
``__match_args__`` and 3.13's ``__replace__`` (``tests/test_data_classes.py`` compares
them on each Python the package supports). It uses three private names of ``dataclasses``:
the kind ``_FIELD``, the class ``_DataclassParams`` (whose constructor takes four more
options from 3.12) and the regular expression with which the standard library reads a
string annotation's first name, and ``typing._GenericAlias``, by which it tells a
``ClassVar[...]``.
"""

from __future__ import annotations

import dataclasses
import sys
import typing
from dataclasses import (  # type: ignore[attr-defined]  # private names: see the docstring
    _FIELD,
    _MODULE_IDENTIFIER_RE,
    KW_ONLY,
    MISSING,
    Field,
    InitVar,
    _DataclassParams,
)
from types import MemberDescriptorType
from typing import (  # type: ignore[attr-defined]  # _GenericAlias: see the docstring
    Any,
    ClassVar,
    _GenericAlias,
)

#: The Pythons whose ``dataclasses`` this module follows, and those that give a data class
#: ``__replace__``.
_FOLLOWED, _REPLACE = sys.version_info < (3, 14), sys.version_info >= (3, 13)

#: The attributes ``getattr`` finds on a class of ``type`` with no base but ``object``,
#: besides the class's own: a field's name outside these and the class's own has no
#: default, without ``getattr`` raising and catching an ``AttributeError`` to say so.
_TYPE_ATTRIBUTES = frozenset(type.__dict__).union(object.__dict__)

#: ``Field(default, default_factory, init, repr, hash, compare, metadata, kw_only)``, the
#: constructor ``field()`` calls (typed loosely: its stub has no ``MISSING`` or ``None``).
_NEW_FIELD: Any = Field

#: What :func:`_kind` says of an annotation: the ``KW_ONLY`` marker, or maybe no field.
_MARKER, _UNSURE = "KW_ONLY", "pseudo-field"

#: One field read from the class body: its Field, name, annotation and default ``kw_only``.
_Given = tuple[Field[Any], str, Any, bool]


def declared_fields(
    cls: Any, options: dict[str, Any]
) -> tuple[tuple[Field[Any], ...], bool] | None:
    """The fields of *cls*, made and set on it as ``dataclasses.dataclass(cls, **options)``
    with ``init``, ``repr``, ``eq`` and ``frozen`` off would, ``__dataclass_params__`` as
    *options* ask, and whether all are plain (no ``field()`` in the class body); None, the
    class untouched, for a declaration left to the standard library (see the module
    docstring)."""
    module = sys.modules.get(cls.__module__)
    if not _FOLLOWED or module is None or options.get("slots", False):
        return None
    given: list[_Given] = []
    fields = _found_fields(cls, module.__dict__, options.get("kw_only", False), given)
    if fields is None:
        return None
    if given:
        fields = _with_given(cls, fields, given)
    cls.__dataclass_params__ = _params(options)
    cls.__dataclass_fields__ = fields
    made = tuple(fields.values())
    if options.get("match_args", True) and "__match_args__" not in cls.__dict__:
        cls.__match_args__ = tuple([f.name for f in made if f.init and not f.kw_only])  # type: ignore[misc]
    if _REPLACE and "__replace__" not in cls.__dict__:
        cls.__replace__ = dataclasses._replace  # type: ignore[attr-defined]
    return made, not given


def _found_fields(
    cls: Any, namespace: dict[str, Any], kw_only: bool, given: list[_Given]
) -> dict[str, Field[Any]] | None:
    """The Field of each annotation of *cls* (*namespace*: its module's), in order: a new
    one, or the class body's ``field()``, which goes into *given* too, to be named once all
    are read; None for a declaration left to the standard library."""
    own = cls.__dict__
    annotations = own.get("__annotations__", {})
    plain = type(cls) is type and cls.__bases__ == (object,)
    found: dict[str, Field[Any]] = {}
    marker = False
    for name, annotation in annotations.items():
        first = _FIRST_NAMES.get(annotation) if type(annotation) is str else None
        if first is not None and first[0] is None and namespace.get(first[1]) is None:
            kind = None  # the common case, without a call: a bare name not the module's (int)
        else:
            kind = _kind(annotation, namespace)
        if kind is not None:
            if kind is _UNSURE or marker:  # a pseudo-field, or KW_ONLY twice (refused)
                return None
            marker = kw_only = True
            continue
        if name in own or not plain or name in _TYPE_ATTRIBUTES:
            default = getattr(cls, name, MISSING)
            if isinstance(default, Field):
                if own.get(name) is not default or default.default.__class__.__hash__ is None:
                    return None  # a base's field(), a mutable default: as the standard library
                given.append((default, name, annotation, kw_only))
                found[name] = default
                continue
            if isinstance(default, MemberDescriptorType):  # a slot's: no default
                default = MISSING
            elif default.__class__.__hash__ is None:  # a mutable default, which it refuses
                return None
        else:
            default = MISSING
        f = found[name] = _NEW_FIELD(default, MISSING, True, True, None, True, None, kw_only)
        f.name, f.type, f._field_type = name, annotation, _FIELD
    if any([isinstance(v, Field) and k not in annotations for k, v in own.items()]):
        return None  # a field() without an annotation, which it refuses
    return found


def _with_given(
    cls: Any, found: dict[str, Field[Any]], given: list[_Given]
) -> dict[str, Field[Any]]:
    """The class body's ``field()`` objects named, their class attributes replaced by their
    defaults (or removed), as the standard library does it (also for one object given
    twice, then named after the last)."""
    for f, name, annotation, kw_only in given:
        f.name, f.type, f._field_type = name, annotation, _FIELD  # type: ignore[attr-defined]
        if f.kw_only is MISSING:
            f.kw_only = kw_only
    for f, *_ in given:
        if isinstance(getattr(cls, f.name, None), Field):
            if f.default is MISSING:
                delattr(cls, f.name)
            else:
                setattr(cls, f.name, f.default)
    return {f.name: f for f in found.values()}


def _kind(annotation: Any, namespace: dict[str, Any]) -> str | None:
    """Whether the standard library may take *annotation* for no field's type: ``KW_ONLY``
    (:data:`_MARKER`), maybe a ``ClassVar`` or ``InitVar`` (:data:`_UNSURE`), or not (None).
    A string annotation stands for what its first name is, as it reads one: a bare name in
    the class's module, ``m.X`` in ``m`` when the module's ``m`` is ``dataclasses`` or
    ``typing`` (the only modules it looks in), else for nothing."""
    prefix = None
    if isinstance(annotation, str):
        first = _FIRST_NAMES.get(annotation, MISSING)
        if first is MISSING:
            first = _first_name(annotation)
        if first is None:
            return None
        prefix, name = first
        if prefix is None:
            annotation = namespace.get(name)
        else:
            module = namespace.get(prefix)
            annotation = vars(module).get(name) if module in (dataclasses, typing) else None
        if annotation is None:
            return None
    if annotation is KW_ONLY:
        return _MARKER if prefix is None or namespace.get(prefix) is dataclasses else _UNSURE
    if (
        annotation is ClassVar
        or (type(annotation) is _GenericAlias and annotation.__origin__ is ClassVar)
        or annotation is InitVar
        or type(annotation) is InitVar
    ):
        return _UNSURE
    return None


#: The first name of each string annotation read, ``(None, "X")`` of ``"X[int]"``,
#: ``("m", "X")`` of ``"m.X"``, as the standard library's regular expression finds it:
#: annotations recur, and a look-up here costs a fraction of a match.
_FIRST_NAMES: dict[str, tuple[str | None, str] | None] = {}


def _first_name(annotation: str) -> tuple[str | None, str] | None:
    match = _MODULE_IDENTIFIER_RE.match(annotation)
    first = None if match is None else match.groups()
    if len(_FIRST_NAMES) < 1000:  # bounded: a program that makes classes on the fly
        _FIRST_NAMES[annotation] = first
    return first


def _params(options: dict[str, Any]) -> Any:
    """The ``__dataclass_params__`` of a class made with *options* (the constructor takes
    ``match_args``, ``kw_only``, ``slots`` and ``weakref_slot`` too from 3.12)."""
    repr_, eq = options.get("repr", True), options.get("eq", True)
    frozen = options.get("frozen", False)
    if sys.version_info < (3, 12):
        return _DataclassParams(True, repr_, eq, False, False, frozen)
    match_args, kw_only = options.get("match_args", True), options.get("kw_only", False)
    return _DataclassParams(
        True, repr_, eq, False, False, frozen, match_args, kw_only, False, False
    )


def fields_by_dataclasses(cls: Any, options: dict[str, Any]) -> Any:
    """For a declaration :func:`declared_fields` leaves: ``dataclasses.dataclass`` with the
    methods ``data_classes`` writes turned off, its ``__dataclass_params__`` then set to
    what was asked; None, the class untouched, if it has a ``ClassVar`` or ``InitVar``."""
    annotations = cls.__dict__.get("__annotations__", {})  # noqa: RUF063 - as dataclasses reads them
    if any(_pseudo_field(a) for a in annotations.values()):
        return None
    if not cls.__dict__.get("__doc__"):
        cls.__doc__ = "?"  # the standard library would make one from object's signature
    off = {"init": False, "repr": False, "eq": False, "frozen": False}
    made = dataclasses.dataclass(cls, **{**options, **off})
    params = made.__dataclass_params__
    params.init = True
    params.repr, params.eq = options.get("repr", True), options.get("eq", True)
    params.frozen = options.get("frozen", False)
    return made


def _pseudo_field(annotation: Any) -> bool:
    """``ClassVar`` or ``InitVar``, or a string that may name one (then the standard library
    decides: this errs on its side)."""
    if isinstance(annotation, str):
        return "ClassVar" in annotation or "InitVar" in annotation
    return (
        annotation is ClassVar
        or getattr(annotation, "__origin__", None) is ClassVar
        or annotation is InitVar
        or isinstance(annotation, InitVar)
    )
