"""What the built-in plugins register is well-formed, by the host's own check.

The host checks each item another plugin registers (``registered.malformed``) every time the
registry is built, and leaves the built-ins' items out of that check: they change only with
the package, and this test runs the same check over every one of them. The items are marked
with their plugin by a copy (``tiebreak.provided_by``), held here to what
``dataclasses.replace`` makes.
"""

from __future__ import annotations

import dataclasses
import importlib

import pytest

from fide_tiebreaks import host
from fide_tiebreaks.editions import Edition
from fide_tiebreaks.hookspecs import hookimpl
from fide_tiebreaks.registered import malformed
from fide_tiebreaks.tiebreak import Option, Preset, Tiebreak, provided_by

HOOKS = {
    "fide_tiebreaks_register": Tiebreak,
    "fide_tiebreaks_editions": Edition,
    "fide_tiebreaks_options": Option,
    "fide_tiebreaks_presets": Preset,
}


def _items(module_name: str) -> list[tuple[str, object]]:
    module = importlib.import_module(module_name)
    return [
        (hook, item) for hook in HOOKS if hasattr(module, hook) for item in getattr(module, hook)()
    ]


@pytest.mark.parametrize("module_name", host.DEFAULT_PLUGINS)
def test_every_builtin_item_passes_the_check_other_plugins_get(module_name):
    items = _items(module_name)
    assert items  # every built-in registers something
    for hook, item in items:
        assert isinstance(item, HOOKS[hook]), (hook, item)
        assert malformed(item) is None, (hook, item, malformed(item))


def test_the_registry_keeps_every_builtin_item():
    reg = host.load_registry(entry_points=False, strict=True)
    assert reg.problems == []
    for module_name in host.DEFAULT_PLUGINS:
        plugin = module_name.rsplit(".", 1)[1]
        provider = next(p for p in reg.providers if p.name == plugin)
        for _, item in _items(module_name):
            if isinstance(item, Tiebreak):
                assert item.code in provider.codes
            elif isinstance(item, Edition):
                assert item.name in provider.editions
            elif isinstance(item, Option):
                assert item.name in [o.name for o in provider.options]
            else:
                assert isinstance(item, Preset)
                assert item.name in provider.presets


class _Blank:
    """A plugin returning an option whose name no user could type."""

    @hookimpl
    def fide_tiebreaks_options(self):
        return [Option(name="Not A Name", type="bool", default=False)]


def test_a_plugin_under_a_builtins_name_is_checked(monkeypatch):
    # With the built-in left out, another plugin may take its name: it is no built-in.
    monkeypatch.setenv("FIDE_TIEBREAKS_DISABLE_PLUGINS", "ratings")
    with pytest.warns(host.PluginWarning, match="plugin 'ratings' returned an Option whose name"):
        reg = host.load_registry(entry_points=False, extra=[("ratings", _Blank())])
    assert "Not A Name" not in reg.options


class _Subclass(Tiebreak):
    """A plugin's own Tiebreak class: copied through dataclasses.replace."""


@pytest.mark.parametrize("module_name", host.DEFAULT_PLUGINS)
def test_the_marked_copy_is_what_replace_makes(module_name):
    for _, item in _items(module_name):
        marked = provided_by(item, "someone")
        expected = dataclasses.replace(item)  # type: ignore[type-var]
        object.__setattr__(expected, "provider", "someone")
        assert type(marked) is type(item)
        assert marked is not item and vars(marked) == vars(expected)
        assert marked == expected and marked.provider == "someone"
        assert item.provider == ""  # the plugin's own object is left as it was


def test_a_subclass_is_copied_by_replace():
    item = _Subclass(code="XSUB", name="Sub", compute=len)
    marked = provided_by(item, "someone")
    assert type(marked) is _Subclass and marked.provider == "someone"
    assert dataclasses.replace(marked) == item  # replace leaves provider at its default
    assert provided_by(marked, "other").provider == "other" and marked.provider == "someone"


def test_an_item_holding_more_than_its_fields_is_copied_by_replace():
    item = Tiebreak(code="XODD", name="Odd", compute=len)
    object.__setattr__(item, "extra", 1)  # what replace does not copy
    marked = provided_by(item, "someone")
    assert "extra" not in vars(marked) and marked == provided_by(
        Tiebreak(code="XODD", name="Odd", compute=len), "someone"
    )
