"""Who is connected and what is outstanding: streams, seat tokens, bot keys and pending requests.

The lobby is shared by the asyncio side (the servicer reading streams, the match tasks) and the
callers' threads (opening matches, stopping the referee). Every mutation takes :attr:`Lobby.lock`;
an answer (or a spoilt request, or a closed stream) resolves the request's :attr:`Pending.waiter`,
which the match task awaits, or calls its :attr:`Pending.relay` in the same turn. Messages to a bot
go through :meth:`Connection.send`, which is safe from any thread and serializes in the caller's
thread so the event loop only moves bytes; on the loop's thread a message goes to gRPC at once when
the stream has no write in flight and no other work waits in the loop's turn
(:mod:`engine.referee.writer`).
"""

from __future__ import annotations

import asyncio
import itertools
import secrets
import threading
import time
from collections.abc import Callable, Iterable, Sized
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

import grpc

from engine.referee.writer import END, StreamWriter, Write
from engine.wire import referee_pb2

if TYPE_CHECKING:
    from engine.referee.seats import RemoteSeat

_CLOSE = END
"""Sent to end the response stream (after the messages before it)."""

MAX_QUEUED_BYTES = 8 << 20
"""Bytes a stream may leave unread (queued for it) before the referee closes it: a bot that reads its
requests never has more than a few kilobytes waiting."""
FLOOD_BURST = 100
"""Messages answering no request (stale or foreign answers, unreadable bytes, extra hellos) a stream
may send at once before the referee closes it..."""
FLOOD_PER_S = 10.0
"""...and how many more per second it may send after that. A bot that answers each request once never
sends more than one such message per request it let time out."""
FLOOD_REPLIES = 10
"""Of a burst of such messages, how many get an Error each (the rest are counted in silence)."""
COOLDOWN_S = 10.0
"""A bot key whose stream the referee closed (flooding, not reading) is refused for this long."""
CUT_GRACE_S = 1.0
"""After a bot's messages end, how long the referee waits to tell a half-close (the call goes on) from a
cut stream (gRPC cancels the call: the bot cancelled it, its connection broke, or the transport refused
a message above its limit). The requests outstanding on the stream end at once either way
(:meth:`Lobby.end_reads`); only the reason their faults give waits for it."""
CLOSED_BY_REFEREE = "closed by the referee: "
"""How the close reason of a stream the referee ended on purpose begins (flooding, not reading, a newer
stream with the same bot key): what the bot did afterwards does not replace it."""


RECENT_REQUESTS = 256
"""How many of a stream's latest request ids it remembers the match of, so that an Error about a late
or duplicate answer names the match."""


def error_message(
    code: int,
    message: str,
    *,
    request_id: int = 0,
    match_id: str = "",
    fatal: bool = False,
) -> referee_pb2.RefereeMessage:
    """A RefereeMessage carrying an Error (``match_id`` "" when no match is concerned or known)."""
    msg = referee_pb2.RefereeMessage()
    msg.error.code = code  # type: ignore[assignment]
    msg.error.message = message
    msg.error.match_id = match_id
    msg.error.request_id = request_id
    msg.error.fatal = fatal
    return msg


class Connection:
    """One bot's open ``Play`` stream."""

    def __init__(
        self,
        loop: asyncio.AbstractEventLoop,
        peer: str,
        write: Write | None = None,
        *,
        outstanding: Sized,
    ) -> None:
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
        self.writer = StreamWriter(loop, write, outstanding)
        """Hands the messages to the stream's ``write`` (``context.write``), in order (``outstanding``:
        the referee's outstanding requests, :mod:`engine.referee.turns`)."""
        self.max_queued_bytes = MAX_QUEUED_BYTES
        self.on_overflow: Callable[[Connection, str], None] | None = None
        """Called (on the loop) when the bot leaves more than ``max_queued_bytes`` unread: the servicer
        closes the stream."""
        self._overflowed = False
        self._flood_tokens = float(FLOOD_BURST)
        self._flood_at = time.monotonic()
        self.closed = threading.Event()
        self.close_reason = ""
        """Why the stream ended, as the seats' faults quote it."""
        self.reads_ended = False
        """Set on the loop when the bot's messages end (a half-close, or a cut the referee has not yet
        seen as one): nothing it is asked can be answered any more (:meth:`Lobby.end_reads`)."""
        self.cut_reason = ""
        """Set when gRPC cut the call (rather than the bot half-closing or the referee ending it)."""
        self.match_id = ""
        """The match of a seat-token stream (a token admits one seat of one match); "" for a bot key."""
        self.pending: dict[int, Pending] = {}
        """Requests sent on this stream and not yet answered, by request id (guarded by the lobby lock)."""
        self.recent: dict[int, str] = {}
        """The match of each of the latest :data:`RECENT_REQUESTS` requests sent on this stream, by
        request id, answered or not (guarded by the lobby lock)."""
        self.persistent = False
        """True for a bot-key stream: it stays open between matches."""
        self.bot_key = ""
        """The bot key the stream said hello with ("" for a seat token)."""
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

    def _put(self, data: bytes) -> None:
        """Write ``data`` (on the loop thread), unless the bot has left too much unread."""
        if self._overflowed:
            return
        if data and self.queued_bytes + len(data) > self.max_queued_bytes:
            self._overflowed = True
            waiting = self.writer.drop_pending()  # what it did not read is dropped with the stream
            reason = (
                f"the bot did not read its stream ({waiting} bytes waiting, at most {self.max_queued_bytes})"
            )
            if self.on_overflow is not None:
                self.on_overflow(self, reason)
            notice = error_message(
                referee_pb2.ERROR_CODE_NOT_READING, reason, match_id=self.match_id, fatal=True
            )
            self.writer.put(notice.SerializeToString())
            self.writer.put(_CLOSE)
            return
        self.writer.put(data)

    @property
    def queued_bytes(self) -> int:
        """Bytes sent to the bot and not yet handed to gRPC (waiting for the write in flight)."""
        return self.writer.pending_bytes

    def finish(self) -> None:
        """End the response stream after the messages already queued (the bot sees a clean end)."""
        self.send_bytes(_CLOSE)

    def end_writes(self) -> None:
        """End the response stream after what is queued, even once the stream counts as closed (on the
        loop's thread: the servicer's reader calls it when the bot's side has ended)."""
        self.writer.put(_CLOSE)

    def end_with(self, code: int, text: str, status: grpc.StatusCode) -> None:
        """Send a fatal Error (naming the stream's match, if it has one), then end it with ``status``."""
        self.send(error_message(code, text, match_id=self.match_id, fatal=True))
        self.status = (status, text)
        self.finish()

    def unsolicited(self) -> bool:
        """Count a message that answers no request; False once the stream has sent too many."""
        now = time.monotonic()
        self._flood_tokens = min(FLOOD_BURST, self._flood_tokens + (now - self._flood_at) * FLOOD_PER_S)
        self._flood_at = now
        self._flood_tokens -= 1
        return self._flood_tokens >= 0

    def match_of(self, request_id: int) -> str:
        """The match of a request this stream was sent lately, else the stream's own match, else ""."""
        return self.recent.get(request_id, self.match_id)

    @property
    def ended(self) -> bool:
        """True once the stream is closed or the bot's messages have ended: no request goes out on it."""
        return self.reads_ended or self.closed.is_set()

    @property
    def is_closed_by_referee(self) -> bool:
        """True when the referee ended the stream on purpose (see :data:`CLOSED_BY_REFEREE`)."""
        return self.close_reason.startswith(CLOSED_BY_REFEREE)

    @property
    def replies_to_unsolicited(self) -> bool:
        """True while the current burst of messages that answer nothing is short enough to answer."""
        return self._flood_tokens >= FLOOD_BURST - FLOOD_REPLIES


@dataclass(slots=True)
class Pending:
    """A decision request waiting for its answer."""

    request_id: int
    conn: Connection
    waiter: asyncio.Future[None]
    """Resolved on the stream's event loop when the request ends (answer, spoilt, stream closed) or its
    time is up; the asking seat awaits it."""
    match_id: str = ""
    """The match the request belongs to."""
    answer: referee_pb2.Answer | None = None
    error: str = ""
    """Why the request ended without a readable answer (garbage bytes, an oversized message)."""
    closed: bool = False
    """The stream closed before an answer came."""
    relay: Callable[[Pending], None] | None = None
    """Called on the stream's event loop, in the turn that ends the request, instead of resolving
    :attr:`waiter` (see :mod:`engine.referee.relay`)."""


@dataclass(slots=True)
class KeyEntry:
    """A long-lived bot registered with a bot key."""

    conn: Connection | None = None
    connected: threading.Event = field(default_factory=threading.Event)
    seats: dict[int, RemoteSeat] = field(default_factory=dict)
    """The seats of running matches this bot plays, by ``id``: a stream that reconnects with the key
    takes them over (guarded by the lobby lock)."""


KeyCheck = Callable[["referee_pb2.Hello", str], "str | tuple[int, str, float]"]
"""A host's own check of a bot-key hello (a standing ladder's registry): called with the hello and the
bot's network address, on the referee's event loop (so it must be quick), before the key is looked up.
It returns the key under which the stream is bound (a registered key, :meth:`Lobby.register_key`: the
host may bind one presented key to several, per version of the bot), or a refusal as ``(ErrorCode,
message, seconds to wait before sending it)``."""


class Lobby:
    """Seat tokens, bot keys, live connections and pending requests of one referee."""

    def __init__(self) -> None:
        self.lock = threading.Lock()
        self.tokens: dict[str, RemoteSeat] = {}
        """Unused and used seat tokens; a token admits one stream once."""
        self.used: set[str] = set()
        self.keys: dict[str, KeyEntry] = {}
        self.cooldown: dict[str, float] = {}
        """Bot keys refused until a ``time.monotonic()`` instant: their stream was closed for abuse."""
        self.pending: dict[int, Pending] = {}
        """Every request sent and not yet answered, ended or timed out, by request id: while others than
        its own are out, the relay and the stream writer put their work off a turn
        (:mod:`engine.referee.turns`)."""
        self._request_ids = itertools.count(secrets.randbelow(1 << 20) + 1)
        self.live: set[Connection] = set()
        """Open streams (guarded by the lock)."""
        self.key_check: KeyCheck | None = None
        """When set, a bot key in a hello is shown to it first (see :data:`KeyCheck`)."""

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
        """A fresh unguessable token admitting exactly this seat (until :meth:`release_tokens`)."""
        token = secrets.token_urlsafe(18)
        with self.lock:
            self.tokens[token] = seat
        return token

    def release_tokens(self, tokens: Iterable[str]) -> None:
        """Forget the tokens of a finished match: the lobby keeps nothing of a match once it ends."""
        with self.lock:
            for token in tokens:
                self.tokens.pop(token, None)
                self.used.discard(token)

    def register_key(self, key: str) -> KeyEntry:
        """Register (or look up) a long-lived bot key."""
        with self.lock:
            entry = self.keys.get(key)
            if entry is None:
                entry = self.keys[key] = KeyEntry()
            return entry

    # -- requests ------------------------------------------------------------------------------------

    def open_request(self, conn: Connection, match_id: str = "") -> Pending:
        """A new pending request of ``match_id`` (opened by a match task, on the stream's event loop)."""
        waiter = conn.loop.create_future()
        with self.lock:
            pending = Pending(next(self._request_ids), conn, waiter=waiter, match_id=match_id)
            self.pending[pending.request_id] = pending
            conn.pending[pending.request_id] = pending
            conn.recent[pending.request_id] = match_id
            if len(conn.recent) > RECENT_REQUESTS:
                del conn.recent[next(iter(conn.recent))]
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

    def spoil_oldest(self, conn: Connection, error: str) -> Pending | None:
        """Fail the stream's oldest outstanding request with ``error``; that request, or None if none."""
        with self.lock:
            if not conn.pending:
                return None
            request_id = min(conn.pending)
            pending = conn.pending.pop(request_id)
            self.pending.pop(request_id, None)
            pending.error = error
        _wake(pending)
        return pending

    def end_reads(self, conn: Connection) -> None:
        """The bot's messages have ended (on the stream's loop): every request outstanding on it ends
        now, as on a closed stream (a DISCONNECT fault, never a TIMEOUT), though the stream is closed
        only once its reason is known (:data:`CUT_GRACE_S`)."""
        with self.lock:
            conn.reads_ended = True
            waiting = list(conn.pending.values())
            conn.pending.clear()
            for pending in waiting:
                self.pending.pop(pending.request_id, None)
                pending.closed = True
        for pending in waiting:
            _wake(pending)

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


def _wake(pending: Pending) -> None:
    """Tell whoever waits for a request that it ended (on its loop's thread)."""
    conn = pending.conn
    if threading.get_ident() == conn._loop_thread:
        _ended(pending)
    else:
        conn.loop.call_soon_threadsafe(_ended, pending)


def _ended(pending: Pending) -> None:
    relay = pending.relay
    if relay is None:
        resolve_waiter(pending.waiter)
    else:
        relay(pending)


def resolve_waiter(waiter: asyncio.Future[None]) -> None:
    """Wake whoever awaits ``waiter`` (once: a later call does nothing); call it on the waiter's loop."""
    if not waiter.done():
        waiter.set_result(None)
