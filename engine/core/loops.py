"""The event loop a referee and a bot's stream run on: uvloop's when it is installed, else asyncio's.

A remote decision crosses the event loop several times on each side (gRPC's completion wakes the loop,
the stream's reader resumes, the answer's write starts), so the loop's own cost per turn is part of
every round trip. uvloop (libuv under asyncio's interface) runs those turns for less than the
standard library's loop; gRPC's asyncio API works on any asyncio loop.

``ARENA_EVENT_LOOP=asyncio`` picks the standard library's loop instead (to debug with its debug mode,
or where uvloop is not installed, which is also the fallback); ``uvloop``, or nothing, picks uvloop.
"""

from __future__ import annotations

import asyncio
import os
from collections.abc import Callable, Coroutine
from typing import Any, TypeVar

ENV = "ARENA_EVENT_LOOP"
"""The environment variable that picks the loop: ``uvloop`` (the default) or ``asyncio``."""

T = TypeVar("T")


def loop_factory() -> Callable[[], asyncio.AbstractEventLoop]:
    """What makes the loop :data:`ENV` picks; raises ``ValueError`` (one line) for another value."""
    choice = os.environ.get(ENV, "").strip().lower() or "uvloop"
    if choice not in ("uvloop", "asyncio"):
        raise ValueError(f"{ENV}={choice!r}: expected uvloop or asyncio")
    if choice == "uvloop":
        try:
            import uvloop
        except ImportError:  # not installed here (it has no Windows build): the standard loop
            return asyncio.new_event_loop
        return uvloop.new_event_loop
    return asyncio.new_event_loop


def kind() -> str:
    """The loop :data:`ENV` picks here: ``uvloop``, or ``asyncio`` (asked for, or uvloop not installed)."""
    return "asyncio" if loop_factory() is asyncio.new_event_loop else "uvloop"


def new_event_loop() -> asyncio.AbstractEventLoop:
    """A new loop of the kind :data:`ENV` picks (not set as the thread's current loop)."""
    return loop_factory()()


def run(main: Coroutine[Any, Any, T]) -> T:
    """``asyncio.run(main)`` on a loop of the kind :data:`ENV` picks."""
    factory = loop_factory()
    with asyncio.Runner(loop_factory=factory) as runner:
        return runner.run(main)
