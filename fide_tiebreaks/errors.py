"""The one base of every exception fide-tiebreaks raises on purpose.

``except FideTiebreaksError`` catches all of ours and nothing else: a file that cannot be
read (:class:`~fide_tiebreaks.InputError`), a code or an option that is not one
(:class:`~fide_tiebreaks.CodeError`, :class:`~fide_tiebreaks.OptionError`), data the
builder refuses (:class:`~fide_tiebreaks.BuilderError`), a plugin that cannot be used
(:class:`~fide_tiebreaks.PluginError`), a pairing index that cannot be computed
(:class:`~fide_tiebreaks.PairingIndexError`), an argument of the wrong type or value
(:class:`ArgumentTypeError`, :class:`ArgumentValueError`), a fault of our own
(:class:`~fide_tiebreaks.InternalError`). Each keeps the built-in class it had before
(``ValueError``, ``OSError`` ...), so callers that caught those still do.

:attr:`FideTiebreaksError.exit_code` is the exit status a command gives when the error
stops it (docs/commands.md, "Exit codes"): 2 unless the class says otherwise.

This module is imported at start-up by every command: it imports nothing.
"""

from __future__ import annotations

EXIT_PROBLEMS, EXIT_USAGE, EXIT_INTERNAL = 1, 2, 3


class FideTiebreaksError(Exception):
    """Base of the package's exceptions; *exit_code* is a command's exit status for it."""

    exit_code: int = EXIT_USAGE


class ArgumentTypeError(FideTiebreaksError, TypeError):
    """A public function was given an argument of the wrong type; the message names the
    parameter, what was given and what is expected. Raised under a command, it is a bug of
    the command's (the command line gives no Python values): exit 3."""

    exit_code = EXIT_INTERNAL


class ArgumentValueError(FideTiebreaksError, ValueError):
    """A public function was given an argument of the right type but an impossible value
    (round 0, an empty edition name); the message names the parameter."""
