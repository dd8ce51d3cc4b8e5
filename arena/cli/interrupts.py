"""SIGTERM ends an ``arena`` command as Ctrl-C does.

A host stops a tournament with Ctrl-C at a terminal, and with SIGTERM everywhere else (``kill``, a
service manager, a CI job's timeout). Both take the same path: the signal raises
:class:`KeyboardInterrupt` in the main thread, so ``arena run`` drops the matches under way, ends its
workers and bots and says what is stored, and the exit status names the signal (130 for SIGINT, 143 for
SIGTERM). Commands that stop on SIGTERM by themselves (``arena league``, ``arena report --serve``)
install their own handler over this one while they run. Ray's driver (``ray.init``) installs handlers of
its own too; the Ray backend puts the one in place before back at once (:mod:`arena.ray_backend`).
"""

from __future__ import annotations

import signal
import threading
from types import FrameType

_received: list[int] = []


def install() -> None:
    """Make SIGTERM raise :class:`KeyboardInterrupt` in the main thread (a no-op in any other)."""
    if threading.current_thread() is threading.main_thread():
        signal.signal(signal.SIGTERM, _interrupt)


def _interrupt(signum: int, frame: FrameType | None) -> None:
    _received.append(signum)
    raise KeyboardInterrupt


def exit_status() -> int:
    """128 plus the number of the signal that interrupted the command: SIGTERM's, or else SIGINT's."""
    return 128 + (signal.SIGTERM if signal.SIGTERM in _received else signal.SIGINT)
