"""The ``arena.v1.Referee/Play`` handler: authenticate, route answers by request id, nothing more.

HS-19: the transport is a thin adapter. The handler reads the bot's hello (protocol version,
credentials), binds the stream to its seat (seat token) or to its registered bot key, then routes each
answer to the pending request it names; every decision is taken by the match's task on the same
event loop. The method takes raw bytes (no request deserializer) so that garbage bytes and oversized
messages become a MALFORMED fault on the request they spoil, with an error to the bot, instead of a
broken stream.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import AsyncIterator

import grpc
from google.protobuf.message import DecodeError

from engine.referee.lobby import _CLOSE, Connection, Lobby
from engine.wire import PROTOCOL_VERSION, SERVICE, referee_pb2

log = logging.getLogger("arena.referee")

REFEREE_NAME = "arena-referee/0.1"


def error_message(
    code: int,
    message: str,
    *,
    request_id: int = 0,
    fatal: bool = False,
) -> referee_pb2.RefereeMessage:
    """A RefereeMessage carrying an Error (its ``match_id`` left empty)."""
    msg = referee_pb2.RefereeMessage()
    msg.error.code = code  # type: ignore[assignment]
    msg.error.message = message
    msg.error.request_id = request_id
    msg.error.fatal = fatal
    return msg


class RefereeServicer:
    """The Play method over a :class:`Lobby`."""

    def __init__(
        self,
        lobby: Lobby,
        *,
        max_message_bytes: int,
        bearer_token: str | None = None,
        hello_timeout_s: float = 30.0,
    ) -> None:
        self.lobby = lobby
        self.max_message_bytes = max_message_bytes
        self.bearer_token = bearer_token
        self.hello_timeout_s = hello_timeout_s

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

    async def play(
        self, requests: AsyncIterator[bytes], context: grpc.aio.ServicerContext
    ) -> AsyncIterator[bytes]:
        """The bidirectional stream: one reader task feeding the lobby, this generator writing."""
        conn = Connection(asyncio.get_running_loop(), context.peer())
        status: tuple[grpc.StatusCode, str] | None = None
        # Design detail: a wrong bearer token is refused after the hello is read, like a wrong seat
        # token, so the bot always gets the Error message instead of a write racing a closed stream.
        authorized = self.bearer_token is None or self._authorized(context)
        self.lobby.join(conn)
        reader = asyncio.create_task(self._read(requests, conn, authorized))
        try:
            while True:
                data = await conn.queue.get()
                if data == _CLOSE:
                    break
                yield data
            status = conn.status
        finally:
            reader.cancel()
            self.lobby.disconnect(conn, "the bot's stream ended")
        if status is not None:
            context.set_code(status[0])
            context.set_details(status[1])

    def _authorized(self, context: grpc.aio.ServicerContext) -> bool:
        for key, value in context.invocation_metadata() or ():
            if key == "authorization" and value == f"Bearer {self.bearer_token}":
                return True
        return False

    async def _read(self, requests: AsyncIterator[bytes], conn: Connection, authorized: bool) -> None:
        reason = "the bot closed its stream"
        try:
            stream = aiter(requests)
            try:
                first = await asyncio.wait_for(anext(stream), self.hello_timeout_s)
            except StopAsyncIteration:
                return
            except TimeoutError:
                self._fatal(conn, referee_pb2.ERROR_CODE_NO_HELLO, "no hello received in time")
                return
            if not authorized:
                text = "missing or wrong bearer token (metadata 'authorization: Bearer TOKEN')"
                self._fatal(
                    conn, referee_pb2.ERROR_CODE_UNAUTHENTICATED, text, grpc.StatusCode.UNAUTHENTICATED
                )
                return
            if not self._hello(conn, first):
                return
            async for data in stream:
                self._message(conn, data)
        except asyncio.CancelledError:
            reason = "the bot disconnected"
            raise
        except Exception as exc:  # a broken transport: record why, the seats get DISCONNECT faults
            reason = f"stream error: {type(exc).__name__}: {exc}"
        finally:
            self.lobby.disconnect(conn, reason)
            conn.queue.put_nowait(_CLOSE)

    def _fatal(
        self,
        conn: Connection,
        code: int,
        text: str,
        status: grpc.StatusCode = grpc.StatusCode.FAILED_PRECONDITION,
    ) -> None:
        log.info("refusing %s: %s", conn.peer, text)
        conn.send(error_message(code, text, fatal=True))
        conn.status = (status, text)
        conn.finish()

    def _hello(self, conn: Connection, data: bytes) -> bool:
        """Check the hello and bind the stream; False (after a fatal error) when refused."""
        try:
            msg = referee_pb2.BotMessage.FromString(data)
        except DecodeError:
            msg = referee_pb2.BotMessage()
        if msg.WhichOneof("kind") != "hello":
            self._fatal(
                conn, referee_pb2.ERROR_CODE_NO_HELLO, "the first message of a stream must be a hello"
            )
            return False
        hello = msg.hello
        if hello.protocol_version != PROTOCOL_VERSION:
            self._fatal(
                conn,
                referee_pb2.ERROR_CODE_VERSION,
                f"protocol version {hello.protocol_version} is not supported (this referee speaks "
                f"{PROTOCOL_VERSION})",
            )
            return False
        conn.name = hello.bot_name[:64]
        conn.want_forced = hello.want_forced
        conn.typed_observation = hello.typed_observation
        conn.typed_events = hello.typed_events
        which = hello.WhichOneof("credentials")
        welcome = referee_pb2.RefereeMessage()
        welcome.welcome.protocol_version = PROTOCOL_VERSION
        welcome.welcome.referee = REFEREE_NAME
        welcome.welcome.max_message_bytes = self.max_message_bytes
        unauth = grpc.StatusCode.UNAUTHENTICATED
        if which == "seat_token":
            token = hello.seat_token
            with self.lobby.lock:
                seat = self.lobby.tokens.get(token)
                used = token in self.lobby.used
                if seat is not None and not used:
                    self.lobby.used.add(token)
            if seat is None:
                self._fatal(conn, referee_pb2.ERROR_CODE_UNAUTHENTICATED, "unknown seat token", unauth)
                return False
            if used:
                self._fatal(
                    conn,
                    referee_pb2.ERROR_CODE_TOKEN_USED,
                    "this seat token was already used by another stream",
                    grpc.StatusCode.ALREADY_EXISTS,
                )
                return False
            conn.send(welcome)
            seat.attach(conn)
            log.info("%s (%s) joined %s seat %d", conn.name, conn.peer, seat.match_id, seat.seat)
            return True
        if which == "bot_key":
            with self.lobby.lock:
                entry = self.lobby.keys.get(hello.bot_key)
                busy = entry is not None and entry.conn is not None and not entry.conn.closed.is_set()
                if entry is not None and not busy:
                    entry.conn = conn
                    conn.persistent = True
            if entry is None:
                self._fatal(conn, referee_pb2.ERROR_CODE_UNAUTHENTICATED, "unknown bot key", unauth)
                return False
            if busy:
                self._fatal(
                    conn,
                    referee_pb2.ERROR_CODE_TOKEN_USED,
                    "a stream with this bot key is already connected",
                    grpc.StatusCode.ALREADY_EXISTS,
                )
                return False
            conn.send(welcome)
            entry.connected.set()
            log.info("%s (%s) connected with its bot key", conn.name, conn.peer)
            return True
        self._fatal(conn, referee_pb2.ERROR_CODE_UNAUTHENTICATED, "the hello carries no credentials", unauth)
        return False

    def _message(self, conn: Connection, data: bytes) -> None:
        """Route one message after the hello."""
        if len(data) > self.max_message_bytes:
            text = f"a message of {len(data)} bytes exceeds the limit of {self.max_message_bytes} bytes"
            self._spoil(conn, referee_pb2.ERROR_CODE_TOO_LARGE, text)
            return
        try:
            msg = referee_pb2.BotMessage.FromString(data)
        except DecodeError as exc:
            self._spoil(
                conn, referee_pb2.ERROR_CODE_MALFORMED, f"{len(data)} bytes that are not a BotMessage ({exc})"
            )
            return
        kind = msg.WhichOneof("kind")
        if kind == "answer":
            code = self.lobby.answer(conn, msg.answer)
            if code == referee_pb2.ERROR_CODE_STALE_REQUEST:
                text = f"request {msg.answer.request_id} is not outstanding (late, duplicate or unknown): ignored"
                conn.send(error_message(code, text, request_id=msg.answer.request_id))
            elif code == referee_pb2.ERROR_CODE_NOT_YOUR_REQUEST:
                text = f"request {msg.answer.request_id} was sent to another stream: ignored"
                conn.send(error_message(code, text, request_id=msg.answer.request_id))
            return
        if kind == "hello":
            conn.send(error_message(referee_pb2.ERROR_CODE_NO_HELLO, "a second hello on the stream: ignored"))
            return
        self._spoil(
            conn, referee_pb2.ERROR_CODE_MALFORMED, f"a BotMessage of {len(data)} bytes with no kind set"
        )

    def _spoil(self, conn: Connection, code: int, text: str) -> None:
        """An unreadable message: fail the stream's oldest outstanding request (a MALFORMED fault)."""
        request_id = self.lobby.spoil_oldest(conn, text)
        conn.send(error_message(code, text, request_id=request_id))
