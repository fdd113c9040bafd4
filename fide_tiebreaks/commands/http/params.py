"""Query parameters as a command's arguments: ``?tiebreaks=BH/C1,BH&after-round=5`` is
``--tiebreaks BH/C1,BH --after-round 5``, read by the command's own argument parser.

The names are the command's long options without the dashes, read from its parser, so a
new option is a new parameter with no change here. A switch takes ``true``/``false`` (or
no value); a repeatable option is the parameter given again (``decided=play-off:5>3&decided=
arbiter:12``). Options that name a file on the server or write one are not parameters:
``--output`` (the answer is the response), ``--categories FILE`` (here ``categories`` is the
definitions' text itself), ``--jobs``.
"""

from __future__ import annotations

import argparse
import difflib
import functools
from collections.abc import Iterable, Mapping
from types import MappingProxyType

from ...data_classes import NamedTuple
from .runner import parser_of

# Options that read or write a path on the server, or spread work over processes.
NOT_PARAMETERS = {"output", "jobs", "help", "standings"}
# The positional arguments a request gives as parameters (the file is always the body).
POSITIONAL = {"participant"}
TRUE = {"", "true", "1", "yes", "on"}
FALSE = {"false", "0", "no", "off"}


class ParameterError(ValueError):
    """A query parameter the command does not take, or a value it cannot be."""


class Parameter(NamedTuple):
    """One query parameter of a command, from its parser."""

    name: str
    option: str  # "--after-round", or "" for a positional argument
    switch: bool  # takes no value (store_true)
    repeatable: bool  # given again for each value (action="append")
    required: bool
    choices: tuple[str, ...] | None
    help: str


@functools.cache
def parameters(command: str) -> Mapping[str, Parameter]:
    """The query parameters *command* takes, by name, in its parser's order (the same for
    every request: read once)."""
    found: dict[str, Parameter] = {}
    for action in parser_of(command)._actions:
        found.update(_parameter(action))
    if command == "standings":  # the definitions' text, not a file on the server
        found["categories"] = found["categories"]._replace(
            repeatable=False, help="category definitions, one NAME:CONDITION a line"
        )
    return MappingProxyType(found)


def _parameter(action: argparse.Action) -> dict[str, Parameter]:
    longs = [o for o in action.option_strings if o.startswith("--")]
    if longs:
        name = longs[0][2:]
    elif not action.option_strings and action.dest in POSITIONAL:
        name = action.dest
    else:
        return {}
    if name in NOT_PARAMETERS:
        return {}
    choices = tuple(str(c) for c in action.choices) if action.choices else None
    return {
        name: Parameter(
            name=name,
            option=longs[0] if longs else "",
            switch=action.nargs == 0,
            repeatable=isinstance(action.default, list),
            required=bool(action.required) or not longs,
            choices=choices,
            help=" ".join((action.help or "").split()),
        )
    }


def arguments(command: str, query: Iterable[tuple[str, str]]) -> list[str]:
    """The command line that *query* (name, value pairs, in order) asks for, the file given
    as ``-`` (standard input: the request body); ParameterError for a parameter the command
    does not take, given twice, or a switch that is neither true nor false."""
    known = parameters(command)
    given: dict[str, list[str]] = {}
    for name, value in query:
        if name not in known:
            raise ParameterError(_unknown(name, known))
        given.setdefault(name, []).append(value)
    argv, positional = ["-"], []
    for name, values in given.items():
        if known[name].option:
            argv += _argument(known[name], values)
        else:
            positional += _argument(known[name], values)
    # After "--", so that "-5" is not read as an option.
    return [*argv, "--", *positional] if positional else argv


def _argument(p: Parameter, values: list[str]) -> list[str]:
    if len(values) > 1 and not p.repeatable:
        raise ParameterError(f"'{p.name}' is given {len(values)} times; it takes one value")
    if p.switch:
        value = values[0].strip().lower()
        if value not in TRUE | FALSE:
            raise ParameterError(f"'{p.name}' is a switch: true or false, not '{values[0]}'")
        return [p.option] if value in TRUE else []
    if p.name == "categories":
        lines = [line.strip() for line in values[0].splitlines()]
        kept = [line for line in lines if line and not line.startswith("#")]
        return [f"--category={line}" for line in kept]
    if not p.option:  # a positional argument
        return [values[0]]
    return [f"{p.option}={v}" for v in values]


def _unknown(name: str, known: Mapping[str, Parameter]) -> str:
    near = difflib.get_close_matches(name.replace("_", "-"), list(known), n=1)
    hint = f" (did you mean '{near[0]}'?)" if near else ""
    if name in NOT_PARAMETERS | {"file"}:
        hint = " (the file is the request body; the answer is the response; nothing is read "
        "from or written to the server's disk)"
    return f"unknown parameter '{name}'{hint}; this endpoint takes: {', '.join(known)}"
