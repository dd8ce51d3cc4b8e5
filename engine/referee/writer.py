"""The outgoing side of a bot's stream: a message goes to gRPC from the code that sends it.

A decision request is handed to gRPC by the code that built it (the relay or the match task), in the
same turn of the event loop, rather than put on a queue for a writer coroutine that would hand it
over one turn later; when the referee has other requests out (:mod:`engine.referee.turns`), in the
next turn, behind the readers of their answers. gRPC takes one write at a time on a
stream: a message sent while a write is in flight waits in :attr:`StreamWriter.pending` and goes out
when that write completes.

Design detail: ``context.write(data)`` is a coroutine whose first step starts gRPC's send batch and
whose remaining step only learns that the batch completed. The writer runs the first step at once, on
the caller's stack, and resumes the coroutine from a done-callback of the future it waits on; no task
is made per message. A write that raises (the call is over: cancelled, cut, the server stopping) ends
the writing, and :attr:`StreamWriter.done` tells the servicer that the stream writes no more. The
writer drops its reference to the call's ``write`` then, so a finished stream keeps nothing of gRPC
alive.
"""

from __future__ import annotations

import asyncio
from collections import deque
from collections.abc import Awaitable, Callable, Coroutine, Sized
from typing import Any

from engine.referee.turns import others_outstanding

END = b""
"""Marks the end of the stream in :attr:`StreamWriter.pending` (a message is never empty)."""

Write = Callable[[bytes], Awaitable[None]]
"""A stream's ``context.write``."""


class StreamWriter:
    """Writes one stream's messages in order, one at a time; every method runs on the loop's thread."""

    __slots__ = ("_busy", "_coro", "_loop", "_outstanding", "done", "pending", "pending_bytes", "write")

    def __init__(self, loop: asyncio.AbstractEventLoop, write: Write | None, outstanding: Sized) -> None:
        self.write = write
        """The stream's ``context.write`` (None: nothing is written, messages only queue)."""
        self.pending: deque[bytes] = deque()
        """Messages waiting for the write in flight to complete."""
        self.pending_bytes = 0
        """Bytes in :attr:`pending`."""
        self.done: asyncio.Future[None] = loop.create_future()
        """Resolved once the stream writes no more: its end was reached, or a write failed."""
        self._busy = False
        """A write is in flight, or the callback that starts the next one is scheduled."""
        self._coro: Coroutine[Any, Any, None] | None = None
        self._loop = loop
        self._outstanding = outstanding
        """The referee's outstanding requests (the lobby's), the one being written among them."""

    def put(self, data: bytes) -> None:
        """Write ``data`` now when no write is in flight (in the next turn when the referee has other
        requests out than this one), else after the ones before it (:data:`END`: end the stream after
        them)."""
        if self.done.done():
            return
        self.pending.append(data)
        self.pending_bytes += len(data)
        if self._busy:
            return
        if others_outstanding(self._outstanding, 1):
            self._busy = True
            self._loop.call_soon(self._start)
        else:
            self._pump()

    def _start(self) -> None:
        """Start the writes put off from an earlier turn."""
        self._busy = False
        self._pump()

    def drop_pending(self) -> int:
        """Forget the messages not yet handed to gRPC; how many bytes they held."""
        dropped = self.pending_bytes
        self.pending.clear()
        self.pending_bytes = 0
        return dropped

    def _pump(self) -> None:
        while self.pending and not self._busy:
            data = self.pending.popleft()
            self.pending_bytes -= len(data)
            write = self.write
            if not data or write is None:  # END, or nothing to write with
                self._stop()
                return
            try:
                coro = write(data)
            except Exception:  # the call is over
                self._stop()
                return
            self._busy = True
            self._coro = coro  # type: ignore[assignment]
            self._resume(None)

    def _resume(self, _done: object) -> None:
        """Run the write coroutine to its next wait (its first step: gRPC's send starts now)."""
        coro = self._coro
        assert coro is not None
        try:
            waiting = coro.send(None)
        except StopIteration:
            self._busy = False
            self._coro = None
            self._pump()
            return
        except (Exception, asyncio.CancelledError):  # the write failed: the call is over
            self._busy = False
            self._coro = None
            self._stop()
            return
        if asyncio.isfuture(waiting):
            # what a task does with a future its coroutine yields: clear the flag, wake on completion
            waiting._asyncio_future_blocking = False
            waiting.add_done_callback(self._resume)
        elif waiting is None:  # a bare yield: carry on in the next turn
            asyncio.get_running_loop().call_soon(self._resume, None)
        else:
            coro.close()
            self._busy = False
            self._coro = None
            self._stop()

    def _stop(self) -> None:
        """Write no more: drop what is pending, release the call, tell the servicer."""
        self.drop_pending()
        self.write = None
        if not self.done.done():
            self.done.set_result(None)
