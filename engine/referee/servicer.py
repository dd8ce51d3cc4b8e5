"""The ``arena.v1.Referee/Play`` handler: authenticate, route answers by request id, nothing more.

HS-19: the transport is a thin adapter. The handler reads the bot's hello (checked and bound by
:mod:`engine.referee.hello`), then routes each answer to the pending request it names; every decision
is taken by the match's task on the same event loop. The method takes raw bytes (no request
deserializer) so that garbage bytes become a MALFORMED fault on the request they spoil, with an error to
the bot, instead of a broken stream. It also keeps a stream within its limits: messages that answer
no request are rate-limited (FLOOD), and a bot that leaves too much unread is closed (NOT_READING).
"""

from __future__ import annotations

import asyncio
import hmac
import logging
import time
from collections.abc import AsyncIterator

import grpc
from google.protobuf.message import DecodeError

from engine.core.visible import visible
from engine.referee.hello import Refusal, admit
from engine.referee.lobby import (
    CLOSED_BY_REFEREE,
    COOLDOWN_S,
    CUT_GRACE_S,
    MAX_QUEUED_BYTES,
    Connection,
    Lobby,
    error_message,
)
from engine.wire import SERVICE, referee_pb2

log = logging.getLogger("arena.referee")


class RefereeServicer:
    """The Play method over a :class:`Lobby`."""

    def __init__(
        self,
        lobby: Lobby,
        *,
        max_message_bytes: int,
        max_queued_bytes: int = MAX_QUEUED_BYTES,
        bearer_token: str | None = None,
        hello_timeout_s: float = 30.0,
    ) -> None:
        self.lobby = lobby
        self.max_message_bytes = max_message_bytes
        """The largest message gRPC delivers (its receive limit): a larger one ends the stream with
        RESOURCE_EXHAUSTED before the referee reads a byte of it."""
        self.max_queued_bytes = max_queued_bytes
        self.bearer_token = bearer_token
        self.hello_timeout_s = hello_timeout_s
        self._tasks: dict[Connection, asyncio.Task[object] | None] = {}
        """The call task of each open stream (to end a stream whose bot does not read)."""

    def handler(self) -> grpc.GenericRpcHandler:
        """The generic handler registering ``arena.v1.Referee/Play`` on a server."""
        return grpc.method_handlers_generic_handler(
            SERVICE,
            {
                "Play": grpc.stream_stream_rpc_method_handler(
                    self.play, request_deserializer=None, response_serializer=None
                )
            },
        )

    async def play(self, requests: AsyncIterator[bytes], context: grpc.aio.ServicerContext) -> None:
        """The bidirectional stream: one reader task feeding the lobby; messages to the bot are handed
        to ``context.write`` by whoever sends them (:mod:`engine.referee.writer`), and the call ends
        once the last one is written."""
        conn = Connection(
            asyncio.get_running_loop(), context.peer(), context.write, outstanding=self.lobby.pending
        )
        conn.on_overflow = self._overflow
        conn.max_queued_bytes = self.max_queued_bytes
        task = asyncio.current_task()
        self._tasks[conn] = task
        status: tuple[grpc.StatusCode, str] | None = None
        # Design detail: a wrong bearer token is refused after the hello is read, like a wrong seat
        # token, so the bot always gets the Error message instead of a write racing a closed stream.
        authorized = self.bearer_token is None or self._authorized(context)
        self.lobby.join(conn)
        reader = asyncio.create_task(self._read(requests, conn, authorized))
        try:
            await conn.writer.done
            status = conn.status
        except asyncio.CancelledError:
            conn.cut_reason = conn.cut_reason or self._cut_text()
            raise
        finally:
            reader.cancel()
            self._tasks.pop(conn, None)
            self.lobby.disconnect(conn, conn.cut_reason or "the referee ended the stream")
        if status is not None:
            context.set_code(status[0])
            context.set_details(status[1])

    def _authorized(self, context: grpc.aio.ServicerContext) -> bool:
        """True when the metadata carries ``authorization: Bearer TOKEN`` (the scheme in any case,
        RFC 6750 and RFC 7235 §2.1), compared in constant time."""
        assert self.bearer_token is not None
        expected = self.bearer_token.encode()
        for key, value in context.invocation_metadata() or ():
            if key.lower() != "authorization" or not isinstance(value, str):
                continue
            scheme, _, credential = value.strip().partition(" ")
            if scheme.lower() == "bearer" and hmac.compare_digest(credential.strip().encode(), expected):
                return True
        return False

    def _cut_text(self) -> str:
        return (
            "the stream was cut: the bot cancelled it, its connection or process died, or gRPC refused "
            f"a message above {self.max_message_bytes} bytes (RESOURCE_EXHAUSTED)"
        )

    def _overflow(self, conn: Connection, reason: str) -> None:
        """The bot left too much unread: its seats' decisions fail now, the call ends soon after."""
        log.info("closing %s (%s): %s", visible(conn.name) or "a bot", conn.peer, visible(reason))
        conn.status = (grpc.StatusCode.RESOURCE_EXHAUSTED, reason)
        self._close_abusive(conn, reason)
        task = self._tasks.get(conn)
        if task is not None:  # a writer blocked on a bot that does not read never sees the close
            conn.loop.call_later(CUT_GRACE_S, task.cancel)

    async def _read(self, requests: AsyncIterator[bytes], conn: Connection, authorized: bool) -> None:
        reason = "the bot half-closed its stream"
        try:
            stream = aiter(requests)
            try:
                first = await asyncio.wait_for(anext(stream), self.hello_timeout_s)
            except StopAsyncIteration:
                return
            except TimeoutError:
                self._fatal(conn, referee_pb2.ERROR_CODE_NO_HELLO, "no hello received in time")
                return
            if authorized:
                refusal = admit(self.lobby, conn, first, self.max_message_bytes)
            else:
                text = "missing or wrong bearer token (metadata 'authorization: Bearer TOKEN')"
                refusal = Refusal(referee_pb2.ERROR_CODE_UNAUTHENTICATED, text)
            if refusal is not None:
                await asyncio.sleep(refusal.delay_s)
                self._fatal(conn, refusal.code, refusal.text, refusal.status)
                return
            async for data in stream:
                if not self._message(conn, data):
                    return
            # Design detail: the messages also end this way when gRPC cuts the call (the bot cancelled
            # it, its connection broke, a message was above the transport's limit); the call is then
            # cancelled a moment later, which a half-close never is. The requests outstanding end now
            # either way (no answer can come); their faults wait for the reason.
            self.lobby.end_reads(conn)
            reason = "the bot half-closed its stream"
            await asyncio.sleep(CUT_GRACE_S)
        except asyncio.CancelledError:
            reason = conn.cut_reason = conn.cut_reason or self._cut_text()
            raise
        except Exception as exc:  # a broken transport: record why, the seats get DISCONNECT faults
            reason = f"stream error: {type(exc).__name__}: {exc}"
        finally:
            self.lobby.disconnect(conn, reason)
            conn.end_writes()

    def _fatal(
        self,
        conn: Connection,
        code: int,
        text: str,
        status: grpc.StatusCode = grpc.StatusCode.FAILED_PRECONDITION,
    ) -> None:
        log.info("refusing %s: %s", conn.peer, visible(text))
        conn.end_with(code, text, status)

    def _message(self, conn: Connection, data: bytes) -> bool:
        """Route one message after the hello (gRPC has refused any above ``max_message_bytes``);
        False when the stream is closed for flooding."""
        try:
            msg = referee_pb2.BotMessage.FromString(data)
        except DecodeError as exc:
            text = f"{len(data)} bytes that are not a BotMessage ({exc})"
            return self._spoil(conn, referee_pb2.ERROR_CODE_MALFORMED, text)
        kind = msg.WhichOneof("kind")
        if kind == "answer":
            code = self.lobby.answer(conn, msg.answer)
            if code == referee_pb2.ERROR_CODE_UNSPECIFIED:
                return True
            request_id = msg.answer.request_id
            if code == referee_pb2.ERROR_CODE_STALE_REQUEST:
                with self.lobby.lock:
                    match_id = conn.match_of(request_id)
                    out = sorted(conn.pending)
                text = (
                    f"request {request_id} is not outstanding (late, duplicate or unknown): ignored; "
                    + _outstanding_text(out)
                )
            else:  # another stream's match is none of this bot's business
                text = f"request {request_id} was sent to another stream: ignored"
                match_id = ""
            return self._unsolicited(conn, code, text, request_id, match_id)
        if kind == "hello":
            return self._unsolicited(
                conn,
                referee_pb2.ERROR_CODE_NO_HELLO,
                "a second hello on the stream: ignored",
                match_id=conn.match_id,
            )
        text = f"a BotMessage of {len(data)} bytes with no kind set"
        return self._spoil(conn, referee_pb2.ERROR_CODE_MALFORMED, text)

    def _spoil(self, conn: Connection, code: int, text: str) -> bool:
        """An unreadable message: fail the stream's oldest outstanding request (a MALFORMED fault)."""
        pending = self.lobby.spoil_oldest(conn, text)
        if pending is None:
            return self._unsolicited(conn, code, text, match_id=conn.match_id)
        conn.send(error_message(code, text, request_id=pending.request_id, match_id=pending.match_id))
        return True

    def _unsolicited(
        self, conn: Connection, code: int, text: str, request_id: int = 0, match_id: str = ""
    ) -> bool:
        """A message that answers no request: an Error (naming the match where one is known), or the
        end of a stream that floods."""
        if conn.unsolicited():
            if conn.replies_to_unsolicited:
                conn.send(error_message(code, text, request_id=request_id, match_id=match_id))
            return True
        flood = (
            "too many messages that answer no request (stale or foreign answers, unreadable bytes, "
            f"extra hellos; the last: {text})"
        )
        self._fatal(conn, referee_pb2.ERROR_CODE_FLOOD, flood, grpc.StatusCode.RESOURCE_EXHAUSTED)
        self._close_abusive(conn, flood)
        return False

    def _close_abusive(self, conn: Connection, reason: str) -> None:
        """End a stream for abuse: its seats' decisions fail, and its bot key must wait to come back."""
        if conn.bot_key:
            with self.lobby.lock:
                self.lobby.cooldown[conn.bot_key] = time.monotonic() + COOLDOWN_S
        self.lobby.disconnect(conn, CLOSED_BY_REFEREE + reason)


def _outstanding_text(request_ids: list[int]) -> str:
    """Which requests a stream has outstanding, for an Error about an answer to none of them."""
    if not request_ids:
        return "nothing is outstanding on this stream"
    shown = ", ".join(str(r) for r in request_ids[:8]) + (", ..." if len(request_ids) > 8 else "")
    return f"outstanding on this stream: {shown}"
