"""Run a coroutine's first step at once, on the caller's stack, and leave the rest to a task.

The referee writes a decision request from the match's own task: ``context.write(data)`` hands the
bytes to gRPC in its first step (the batch is started there) and then only waits for gRPC to report
the write done. :func:`start_eagerly` runs that first step now, so the bytes leave in the same turn
of the event loop that built them, instead of one turn later in a writer task; a task takes over the
wait. (Python 3.12's eager task factory does the same for every task; this is the one place we want it.)
"""

from __future__ import annotations

import asyncio
from collections.abc import Coroutine, Generator
from typing import Any


class _Rest:
    """An awaitable that carries on a coroutine already started by hand.

    Design detail: a coroutine suspended on a future yields that future; a task awaiting this object
    receives the same future (its ``_asyncio_future_blocking`` flag is already set by the future's own
    ``__await__``) and wakes us when it is done, exactly as if the task had run the first step itself.
    """

    __slots__ = ("_coro", "_yielded")

    def __init__(self, coro: Coroutine[Any, Any, Any], yielded: Any) -> None:
        self._coro = coro
        self._yielded = yielded

    def __await__(self) -> Generator[Any, Any, Any]:
        coro, yielded = self._coro, self._yielded
        while True:
            try:
                sent = yield yielded
            except BaseException as exc:  # the task was cancelled (or another error thrown in)
                try:
                    yielded = coro.throw(exc)
                except StopIteration as stop:
                    return stop.value
                continue
            try:
                yielded = coro.send(sent)
            except StopIteration as stop:
                return stop.value


async def _carry_on(rest: _Rest) -> Any:
    return await rest


def start_eagerly(
    coro: Coroutine[Any, Any, Any], loop: asyncio.AbstractEventLoop
) -> asyncio.Task[Any] | None:
    """Run ``coro`` up to its first suspension now; a task for the rest, or None when it finished.

    Raises what the first step raises. Call it on ``loop``'s thread.
    """
    try:
        yielded = coro.send(None)
    except StopIteration:
        return None
    return loop.create_task(_carry_on(_Rest(coro, yielded)))
