"""Plugin code kept a fault of its plugin: one guard around every call into it.

The host (import, hooks), the standings (``check``, ``compute``), explanations (``explain``)
and the tie-break context (an edition's opponent table) call plugin code only inside
:func:`guarded`, so that an exception, ``sys.exit()`` or text written to standard output is
reported as a :class:`PluginFault` naming the plugin (docs/reliability.md, "Plugin faults").
"""

from __future__ import annotations

import sys
from _thread import allocate_lock, get_ident
from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from typing import Any

from .errors import EXIT_INTERNAL, EXIT_PROBLEMS, FideTiebreaksError


class PluginError(FideTiebreaksError):
    """A plugin that cannot be used, or a code that cannot be resolved to one provider.
    *plugin* names the plugin when one is to blame (as pluggy's PluginValidationError
    carries its plugin); "" when none is (a code nobody provides)."""

    exit_code = EXIT_PROBLEMS

    def __init__(self, message: str = "", plugin: str = "") -> None:
        super().__init__(message)
        self.plugin = plugin


class PluginFault(PluginError):
    """Plugin code misbehaved while it ran: it raised, called ``sys.exit()`` or wrote to
    standard output (which belongs to the program's own output: JSON, serve's responses).
    *plugin* names the plugin whose code it was (when the guard was told), so that a fault
    in a built-in plugin is reported as ours (:class:`InternalError`)."""


class InternalError(FideTiebreaksError):
    """A fault in fide-tiebreaks itself, such as an exception in a built-in tie-break or
    edition: never a plugin's warning, always exit 3 with a request to report it."""

    exit_code = EXIT_INTERNAL


class _StdoutGuard:
    """``sys.stdout`` while plugin code runs in some thread: what a thread inside
    :func:`guarded` writes is kept for it (and reported as a fault), what any other thread
    writes goes through. Installed by the first guarded call, removed by the last."""

    def __init__(self, real: Any) -> None:
        self.real = real
        self.captured: dict[int, list[str]] = {}  # thread id -> what its plugin wrote

    def write(self, text: str) -> int:
        kept = self.captured.get(get_ident())
        if kept is None:
            return int(self.real.write(text)) if self.real is not None else len(text)
        kept.append(str(text))
        return len(text)

    def writelines(self, lines: Iterable[str]) -> None:
        for line in lines:
            self.write(line)

    def flush(self) -> None:
        if get_ident() not in self.captured and self.real is not None:
            self.real.flush()

    def close(self) -> None:
        if get_ident() in self.captured:  # a plugin closing it would silence our results
            raise ValueError("plugins must not close standard output (it carries the results)")
        self.real.close()

    @property
    def buffer(self) -> Any:
        """The byte stream: bytes a plugin writes there are kept as its text is."""
        kept = self.captured.get(get_ident())
        if kept is None:
            return self.real.buffer
        return _BytesKept(kept)

    def __getattr__(self, name: str) -> Any:
        return getattr(self.real, name)


class _BytesKept:
    """``sys.stdout.buffer`` for plugin code: what it writes is kept, never output."""

    def __init__(self, kept: list[str]) -> None:
        self.kept = kept

    def write(self, data: bytes) -> int:
        self.kept.append(bytes(data).decode("utf-8", "replace"))
        return len(data)

    def flush(self) -> None:
        pass


_guard_lock = allocate_lock()
_guard: _StdoutGuard | None = None
_guarded_calls = 0


@contextmanager
def guarded(
    who: str, where: str = "", allow: tuple[type[BaseException], ...] = (), plugin: str = ""
) -> Iterator[None]:
    """Run plugin code (an import, a hook, ``compute``, ``check``, ``explain``) so that
    whatever it does stays a fault of that plugin: an exception, ``sys.exit()`` or text
    written to ``sys.stdout`` becomes :class:`PluginFault` naming *who* (e.g. "tie-break
    'BH' from plugin 'x'") and *where* (e.g. " at import"). Exceptions in *allow* (such as
    ``Unusable`` from ``check``) pass unchanged; KeyboardInterrupt is never caught. *plugin*
    (the plugin's registered name) is kept in the fault; a fault from code this code called
    (an edition's table asked for by a tie-break) keeps the name it was raised with."""
    global _guard, _guarded_calls
    with _guard_lock:
        if _guarded_calls == 0 or _guard is None or sys.stdout is not _guard:
            _guard = _StdoutGuard(sys.stdout)
            sys.stdout = _guard
        _guarded_calls += 1
        guard = _guard
    tid = get_ident()
    outer = guard.captured.get(tid)  # a plugin calling the API that calls a plugin
    written: list[str] = []
    guard.captured[tid] = written
    try:
        yield
    except PluginFault:
        raise
    except allow:
        raise
    except SystemExit as e:
        raise PluginFault(f"{who} called sys.exit({e.code!r}){where}", plugin) from None
    except (KeyboardInterrupt, GeneratorExit):
        raise  # the user stopping the run; the guard itself being closed
    except BaseException as e:  # an exception class of the plugin's own, outside Exception too
        raise PluginFault(f"{who} failed{where}: {type(e).__name__}: {e}", plugin) from e
    finally:
        if outer is None:
            guard.captured.pop(tid, None)
        else:
            guard.captured[tid] = outer
        with _guard_lock:
            replaced = sys.stdout is not guard  # a plugin set sys.stdout: our output is ours
            if replaced:
                sys.stdout = guard
            _guarded_calls -= 1
            if _guarded_calls == 0:
                sys.stdout = guard.real
    if replaced:
        raise PluginFault(
            f"{who} replaced sys.stdout{where}; plugins must not touch standard "
            "output (it carries the results)",
            plugin,
        )
    text = "".join(written)
    if text:
        shown = text if len(text) <= 40 else text[:40] + "..."
        raise PluginFault(
            f"{who} wrote to standard output{where} ({shown!r}); plugins must "
            "not print (standard output carries the results)",
            plugin,
        )
