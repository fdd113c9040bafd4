"""The hooks a fide-tiebreaks plugin implements. These docstrings are the plugin author's
reference (docs/plugins.md repeats them with a worked example).

A plugin is a module (or object) with functions decorated by :data:`hookimpl`, registered
through the entry-point group ``fide_tiebreaks``::

    # pyproject.toml of your distribution
    [project.entry-points.fide_tiebreaks]
    my_tiebreaks = "my_package.tiebreaks"

The built-in tie-breaks and editions are plugins too: they register through these same hooks
(``fide_tiebreaks.plugins.*``).

Hooks are called **once per process**, when the registry is first needed, never per
tournament, player or round: a hook returns *definitions*, and the host calls their plain
``compute`` functions once per tournament. Hooks take no arguments.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING

import pluggy

if TYPE_CHECKING:
    from .editions import Edition
    from .tiebreak import Option, Preset, Tiebreak

PROJECT = "fide_tiebreaks"
PREFIX = "fide_tiebreaks_"  # every hook name starts with it
hookspec = pluggy.HookspecMarker(PROJECT)
hookimpl = pluggy.HookimplMarker(PROJECT)


@hookspec
def fide_tiebreaks_register() -> Iterable[Tiebreak]:
    """Return the tie-breaks this plugin provides.

    Each item is a :class:`fide_tiebreaks.Tiebreak`::

        @hookimpl
        def fide_tiebreaks_register():
            return [Tiebreak(code="XPTS2", name="Double points", compute=_double_points)]

    ``compute(ctx)`` is called once per tournament (once per tied group for
    ``group=True`` tie-breaks such as Direct Encounter) and returns a mapping from every
    participant id (``ctx.tournament.participants[i].id``: the start rank, or the team
    number for teams) to an exact number: ``int`` or :class:`fractions.Fraction`, never
    ``float``. Higher ranks better unless ``lower_is_better=True``.

    ``ctx`` (:class:`fide_tiebreaks.Context`) carries the immutable ``tournament``, the
    parsed code with its modifiers (``ctx.spec``: ``cut``, ``median``,
    ``forfeits_as_played``, ...), the rules ``edition``, and
    ``ctx.opponent_table()``: every participant's per-round opponent scores with
    unplayed rounds already handled the way the edition says (C.07 Art. 16 for the modern
    editions). Build Buchholz-like tie-breaks on it and they follow every edition.

    A code of another rulebook, with its own rules for unplayed rounds, names the edition
    it is always computed under: ``Tiebreak(..., edition="uschess-7")``. Its ``ctx.edition``
    (and ``ctx.opponent_table()``) is then that edition whatever edition the run uses, and a
    list made only of such codes is reported under it; a code naming an edition that no
    installed plugin provides is left out with a warning. Codes without one follow the run's
    edition. plugins-uschess/ in the fide-tiebreaks repository is a whole rulebook built so.

    A code may be provided by one plugin only; when two plugins provide the same code, the
    user picks one (``--provider CODE=PLUGIN`` or ``FIDE_TIEBREAKS_PROVIDERS``).
    Must be cheap: do heavy imports inside ``compute``.

    Every field is given by name (``Tiebreak``, ``Edition``, ``Option`` and ``Preset`` are
    keyword-only). ``provider`` is not an argument: the host sets it to the plugin's name
    when it registers the item, so ``Tiebreak(..., provider="other")`` is a TypeError.
    """
    raise NotImplementedError  # a specification: plugins implement it


@hookspec
def fide_tiebreaks_editions() -> Iterable[Edition]:
    """Return the rules editions (unplayed-round policies) this plugin provides.

    An :class:`fide_tiebreaks.Edition` names a set of rules (``"fide-2024"``), the dates it
    was in force (the default edition is the one in force on the tournament's end date), and
    two functions every opponent-score tie-break uses:

    - ``opponent_table(tournament, forfeits_as_played, options)`` → :class:`OpponentTable`:
      for each
      participant and round, the opponent's score as the tie-break sees it (adjusted score,
      dummy or virtual opponent for unplayed rounds), the points obtained, and whether the
      round is a voluntarily unplayed round;
    - ``cut(entries, low, high, weighted)`` → the entries left after removing the ``low``
      least and ``high`` most significant values under the edition's cut rules (C.07
      14.1-14.4 and 16.5 for the modern editions).

    By keyword, as every registered item::

        @hookimpl
        def fide_tiebreaks_editions():
            return [Edition(name="club-2025", title="Club rules", citation="Club (2025)",
                            in_force_from=None, in_force_until=None,
                            opponent_table=my_table, cut=my_cut)]

    This is the hook through which the legacy virtual-opponent rule and later editions
    plug in, and another rulebook's rules (``"uschess-7"``): an edition with neither date
    is never chosen by date, only by name (``--edition``, a code's ``Tiebreak.edition``, a
    preset's ``Preset.edition``).
    """
    raise NotImplementedError  # a specification: plugins implement it


@hookspec
def fide_tiebreaks_options() -> Iterable[Option]:
    """Return the options this plugin's tie-breaks and editions read from ``ctx.options``.

    Each item is a :class:`fide_tiebreaks.Option`: a name (lower case, words joined by
    ``_``), a type (``"bool"``, ``"int"``, ``"choice"`` or ``"text"``), a default and one
    line of help::

        @hookimpl
        def fide_tiebreaks_options():
            return [Option(name="xpts_factor", type="int", default=2, minimum=1,
                           help="what XPTS2 multiplies the points by")]

    Users give it as ``--option xpts-factor=3`` (``compute_standings(options=...)``, serve's
    ``"options"``). An option no installed plugin declares is refused as a usage error with
    the nearest names; so is a value of the wrong type, with the values the option takes. The
    host converts the value once (``"yes"`` on the command line is ``True``) and every
    ``compute``, ``check``, ``explain`` and edition function gets it typed in
    ``ctx.options[name]``, the default when the user gave none. ``fide-tiebreaks plugins``
    lists the options with their help. A name may be declared by one plugin only.
    """
    raise NotImplementedError  # a specification: plugins implement it


@hookspec
def fide_tiebreaks_add_fixture_dirs() -> Iterable[str]:
    """Return directories of conformance cases (``*.xml``, see fide-tiebreaks.xsd) that test
    the tie-breaks this plugin provides.

    ``fide-tiebreaks conformance`` and the pytest plugin run them with the bundled corpus;
    cases for codes a chosen provider does not offer are skipped and counted, not failed.
    """
    raise NotImplementedError  # a specification: plugins implement it


@hookspec
def fide_tiebreaks_presets() -> Iterable[Preset]:
    """Return named tie-break lists (:class:`fide_tiebreaks.tiebreak.Preset`) for the
    regulations this plugin knows, e.g. a national federation's junior championship::

        @hookimpl
        def fide_tiebreaks_presets():
            return [Preset(name="nor-junior", tiebreaks="BH/C1,BH,SB,WIN",
                           description="junior championships",
                           citation="NSF regulations 2026, 7.3")]

    A user names one as ``-t preset:NAME`` or ``--preset NAME``; ``fide-tiebreaks presets``
    lists them. *name* is lower-case letters, digits and hyphens; *tiebreaks* is a list in
    the TEC syntax, whose codes are resolved when it is used (a plugin may name codes that
    another plugin provides). *edition* (optional) names the edition the regulations use:
    a run of the preset that names none (neither the user nor the event) uses it. A name
    already taken by another plugin is refused with a warning; the built-in FIDE presets
    are in ``fide_tiebreaks.plugins.presets``.
    """
    raise NotImplementedError  # a specification: plugins implement it
