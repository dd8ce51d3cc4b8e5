"""Who is connected and what is outstanding: streams, seat tokens, bot keys and pending requests.

The lobby is shared by the asyncio side (the servicer reading streams, the match tasks) and any
thread that opens requests (a session run in a thread of its own). Every mutation takes
:attr:`Lobby.lock`; an answer sets the request's :class:`Signal` (a waiting thread) and resolves its
:attr:`Pending.waiter` (a match task on the loop). Messages to a bot go through :meth:`Connection.send`, which is safe from any
thread and serializes in the caller's thread so the event loop only moves bytes.
"""

from __future__ import annotations

import asyncio
import contextlib
import itertools
import secrets
import threading
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

import grpc

from engine.wire import referee_pb2

if TYPE_CHECKING:
    from engine.referee.seats import RemoteSeat

_CLOSE = b""
"""Queue sentinel: end the response stream."""


class Connection:
    """One bot's open ``Play`` stream."""

    _ids = itertools.count(1)

    def __init__(self, loop: asyncio.AbstractEventLoop, peer: str) -> None:
        self.id = next(self._ids)
        self.loop = loop
        self._loop_thread = threading.get_ident()
        """The thread running ``loop`` (a Connection is made on it, by the servicer)."""
        self.peer = peer
        """The bot's network address as gRPC reports it."""
        self.name = ""
        """The bot name from its hello."""
        self.want_forced = False
        """The bot asked to receive forced decisions too."""
        self.typed_observation = False
        """The bot asked for typed observations besides the JSON form."""
        self.typed_events = False
        """The bot asked for typed events besides the JSON form."""
        self.queue: asyncio.Queue[bytes] = asyncio.Queue()
        self._put = self.queue.put_nowait
        self.closed = threading.Event()
        self.close_reason = ""
        self.pending: dict[int, Pending] = {}
        """Requests sent on this stream and not yet answered, by request id (guarded by the lobby lock)."""
        self.seats: list[RemoteSeat] = []
        """Seats this stream plays (one for a seat token; any number for a bot key)."""
        self.persistent = False
        """True for a bot-key stream: it stays open between matches."""
        self.status: tuple[grpc.StatusCode, str] | None = None
        """The gRPC status to end the stream with after a fatal error (None: OK)."""

    def send(self, msg: referee_pb2.RefereeMessage) -> None:
        """Queue a message for the bot; safe from any thread; dropped once the stream is closed."""
        self.send_bytes(msg.SerializeToString())

    def send_bytes(self, data: bytes) -> None:
        if self.closed.is_set():
            return
        if threading.get_ident() == self._loop_thread:
            self._put(data)
        else:
            self.loop.call_soon_threadsafe(self._put, data)

    def finish(self) -> None:
        """End the response stream after the messages already queued (the bot sees a clean end)."""
        self.send_bytes(_CLOSE)


class Signal:
    """A one-shot flag a match thread waits on: ``threading.Event`` without its condition variable.

    Design detail: the flag is a lock held from birth and released once by :meth:`set`; a waiter
    acquires it (with a timeout) and releases it again, so every later wait returns at once. Each
    pending request is set by exactly one party (whoever removed it from the lobby under its lock).
    """

    __slots__ = ("_flag", "_lock")

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._lock.acquire()
        self._flag = False

    def set(self) -> None:
        if self._flag:
            return
        self._flag = True
        with contextlib.suppress(RuntimeError):  # already released by a concurrent set
            self._lock.release()

    def is_set(self) -> bool:
        return self._flag

    def wait(self, timeout: float | None = None) -> bool:
        """Block until set or ``timeout`` seconds (None: forever); True when set."""
        if self._flag:
            return True
        if self._lock.acquire(True, -1 if timeout is None else max(0.0, timeout)):
            self._lock.release()
            return True
        return self._flag


@dataclass(slots=True)
class Pending:
    """A decision request waiting for its answer."""

    request_id: int
    conn: Connection
    done: Signal = field(default_factory=Signal)
    waiter: asyncio.Future[None] | None = None
    """Resolved with ``done`` when the request was opened on the event loop (an async seat awaits it)."""
    answer: referee_pb2.Answer | None = None
    error: str = ""
    """Why the request ended without a readable answer (garbage bytes, an oversized message)."""
    closed: bool = False
    """The stream closed before an answer came."""


@dataclass(slots=True)
class KeyEntry:
    """A long-lived bot registered with a bot key."""

    name: str
    conn: Connection | None = None
    connected: threading.Event = field(default_factory=threading.Event)


class Lobby:
    """Seat tokens, bot keys, live connections and pending requests of one referee."""

    def __init__(self) -> None:
        self.lock = threading.Lock()
        self.tokens: dict[str, RemoteSeat] = {}
        """Unused and used seat tokens; a token admits one stream once."""
        self.used: set[str] = set()
        self.keys: dict[str, KeyEntry] = {}
        self.pending: dict[int, Pending] = {}
        self._request_ids = itertools.count(secrets.randbelow(1 << 20) + 1)
        self.on_disconnect: list[Callable[[Connection], None]] = []
        self.live: set[Connection] = set()
        """Open streams (guarded by the lock)."""

    def join(self, conn: Connection) -> None:
        with self.lock:
            self.live.add(conn)

    def finish_all(self) -> None:
        """End every open stream cleanly (the referee is shutting down)."""
        with self.lock:
            live = list(self.live)
        for conn in live:
            conn.finish()

    # -- credentials ---------------------------------------------------------------------------------

    def issue_token(self, seat: RemoteSeat) -> str:
        """A fresh unguessable token admitting exactly this seat."""
        token = secrets.token_urlsafe(18)
        with self.lock:
            self.tokens[token] = seat
        return token

    def register_key(self, key: str, name: str) -> KeyEntry:
        """Register (or look up) a long-lived bot key."""
        with self.lock:
            entry = self.keys.get(key)
            if entry is None:
                entry = self.keys[key] = KeyEntry(name)
            return entry

    # -- requests ------------------------------------------------------------------------------------

    def open_request(self, conn: Connection) -> Pending:
        """A new pending request; opened on the event loop, it also has a :attr:`Pending.waiter`."""
        waiter = conn.loop.create_future() if threading.get_ident() == conn._loop_thread else None
        with self.lock:
            pending = Pending(next(self._request_ids), conn, waiter=waiter)
            self.pending[pending.request_id] = pending
            conn.pending[pending.request_id] = pending
        return pending

    def close_request(self, pending: Pending) -> None:
        """Forget a request (answered or timed out): any later answer to it is stale."""
        with self.lock:
            self.pending.pop(pending.request_id, None)
            pending.conn.pending.pop(pending.request_id, None)

    def answer(self, conn: Connection, answer: referee_pb2.Answer) -> int:
        """Route an answer to its request; returns 0 when delivered, else the error code to send."""
        with self.lock:
            pending = self.pending.get(answer.request_id)
            if pending is None:
                return referee_pb2.ERROR_CODE_STALE_REQUEST
            if pending.conn is not conn:
                return referee_pb2.ERROR_CODE_NOT_YOUR_REQUEST
            del self.pending[answer.request_id]
            conn.pending.pop(answer.request_id, None)
            pending.answer = answer
        _wake(pending)
        return referee_pb2.ERROR_CODE_UNSPECIFIED

    def spoil_oldest(self, conn: Connection, error: str) -> int:
        """Fail the stream's oldest outstanding request with ``error``; its request id, or 0 if none."""
        with self.lock:
            if not conn.pending:
                return 0
            request_id = min(conn.pending)
            pending = conn.pending.pop(request_id)
            self.pending.pop(request_id, None)
            pending.error = error
        _wake(pending)
        return request_id

    def disconnect(self, conn: Connection, reason: str) -> None:
        """The stream is gone: wake every request waiting on it."""
        with self.lock:
            if conn.closed.is_set():
                return
            conn.close_reason = reason
            conn.closed.set()
            self.live.discard(conn)
            waiting = list(conn.pending.values())
            conn.pending.clear()
            for pending in waiting:
                self.pending.pop(pending.request_id, None)
                pending.closed = True
            for entry in self.keys.values():
                if entry.conn is conn:
                    entry.conn = None
                    entry.connected.clear()
        for pending in waiting:
            _wake(pending)
        for callback in self.on_disconnect:
            callback(conn)


def _wake(pending: Pending) -> None:
    """Set a request's signal and resolve its waiter (on its loop's thread)."""
    pending.done.set()
    waiter = pending.waiter
    if waiter is not None:
        conn = pending.conn
        if threading.get_ident() == conn._loop_thread:
            _resolve(waiter)
        else:
            conn.loop.call_soon_threadsafe(_resolve, waiter)


def _resolve(waiter: asyncio.Future[None]) -> None:
    if not waiter.done():
        waiter.set_result(None)
