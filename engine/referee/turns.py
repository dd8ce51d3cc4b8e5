"""Whether other work waits in the current turn of the event loop, behind the callback running now.

The relay (:mod:`engine.referee.relay`) steps a match and the stream writer (:mod:`engine.referee.writer`)
starts gRPC's send in the turn that brought a bot's answer when nothing else waits in that turn: a lone
decision's round trip then pays no extra turn of the loop. When other work waits (other streams'
readers woken by the same batch of gRPC completions, relays already put off), they put their own work
off to the next turn instead, behind it: the reads of a turn are taken first and the writes they lead
to start together. One referee at 16 concurrent matches then spends fewer CPU microseconds per
decision (stepping and writing inside every reader's turn made gRPC's poller and event-engine threads
wake more often per decision), and a lone decision's round trip stays as it was.

Design detail: what waits is read from the loop's ready queue (``_ready``, the deque of handles that
``asyncio``'s base event loop runs in its current turn, the same in every supported Python). Only a
waiting task's step (a stream reader or a match task, woken) and a put-off :class:`Deferrable`'s
callback count; gRPC's own completion callbacks and a write's resumption do not, since a lone decision
has them too. A loop without such a queue (another event loop implementation) never defers.
"""

from __future__ import annotations

import asyncio
from collections import deque
from typing import Any


class Deferrable:
    """A base for objects whose put-off callbacks count as work waiting in the turn (the relay)."""

    __slots__ = ()


Ready = deque[Any]
"""The loop's queue of handles to run in its current turn."""


def ready_queue(loop: asyncio.AbstractEventLoop) -> Ready | None:
    """``loop``'s ready queue, or None when the loop keeps none that can be read."""
    ready = getattr(loop, "_ready", None)
    return ready if isinstance(ready, deque) else None


def others_waiting(ready: Ready | None) -> bool:
    """True when a woken task or a put-off :class:`Deferrable` callback waits in ``ready``."""
    if not ready:
        return False
    for handle in ready:
        owner = getattr(getattr(handle, "_callback", None), "__self__", None)
        if isinstance(owner, _WORK):
            return True
    return False


_WORK = (asyncio.Task, Deferrable)
