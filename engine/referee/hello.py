"""The first message of a stream: check the hello and its credentials, and bind the stream.

:func:`admit` either binds the stream (a seat token's seat, or a bot key's running matches) and queues
the Welcome, or returns the :class:`Refusal` the servicer sends. A refusal is sent after a delay:
half a second for a wrong credential, two seconds for a bot key in its cool-down after abuse. A client
that guesses tokens or reconnects in a loop then waits on one stream instead of costing the referee a
new connection many times a second.
"""

from __future__ import annotations

import logging
import time
from dataclasses import dataclass

import grpc
from google.protobuf.message import DecodeError

from engine.core.visible import visible
from engine.referee.lobby import CLOSED_BY_REFEREE, Connection, Lobby
from engine.wire import PROTOCOL_VERSION, referee_pb2

log = logging.getLogger("arena.referee")

REFEREE_NAME = "arena-referee/0.1"
REFUSAL_DELAY_S = 0.5
"""How long a stream waits for its refusal (wrong credentials, a wrong protocol version)..."""
COOLDOWN_DELAY_S = 2.0
"""...and a stream of a bot key in its cool-down after abuse (so that a loop of reconnections runs at
one attempt per two seconds)."""


_STATUS: dict[int, grpc.StatusCode] = {
    referee_pb2.ERROR_CODE_FLOOD: grpc.StatusCode.RESOURCE_EXHAUSTED,
    referee_pb2.ERROR_CODE_VERSION: grpc.StatusCode.FAILED_PRECONDITION,
    referee_pb2.ERROR_CODE_TOKEN_USED: grpc.StatusCode.ALREADY_EXISTS,
    referee_pb2.ERROR_CODE_BOT_VERSION: grpc.StatusCode.INVALID_ARGUMENT,
    referee_pb2.ERROR_CODE_NOT_YOUR_BOT: grpc.StatusCode.PERMISSION_DENIED,
}
"""The gRPC status a refusal from a host's key check ends its stream with, by error code."""


@dataclass(frozen=True, slots=True)
class Refusal:
    """A fatal error to send in answer to a hello, after ``delay_s`` seconds."""

    code: int
    """An ``ErrorCode``."""
    text: str
    status: grpc.StatusCode = grpc.StatusCode.UNAUTHENTICATED
    """The gRPC status the stream ends with."""
    delay_s: float = REFUSAL_DELAY_S


def welcome_message(max_message_bytes: int) -> referee_pb2.RefereeMessage:
    welcome = referee_pb2.RefereeMessage()
    welcome.welcome.protocol_version = PROTOCOL_VERSION
    welcome.welcome.referee = REFEREE_NAME
    welcome.welcome.max_message_bytes = max_message_bytes
    return welcome


def admit(lobby: Lobby, conn: Connection, data: bytes, max_message_bytes: int) -> Refusal | None:
    """Check the hello in ``data`` and bind ``conn``; the refusal to send when it is refused."""
    try:
        msg = referee_pb2.BotMessage.FromString(data)
    except DecodeError:
        msg = referee_pb2.BotMessage()
    if msg.WhichOneof("kind") != "hello":
        return Refusal(
            referee_pb2.ERROR_CODE_NO_HELLO,
            "the first message of a stream must be a hello",
            grpc.StatusCode.FAILED_PRECONDITION,
        )
    hello = msg.hello
    if hello.protocol_version != PROTOCOL_VERSION:
        return Refusal(
            referee_pb2.ERROR_CODE_VERSION,
            f"protocol version {hello.protocol_version} is not supported (this referee speaks "
            f"{PROTOCOL_VERSION})",
            grpc.StatusCode.FAILED_PRECONDITION,
        )
    conn.name = hello.bot_name[:64]
    conn.want_forced = hello.want_forced
    conn.typed_observation = hello.typed_observation
    conn.typed_events = hello.typed_events
    which = hello.WhichOneof("credentials")
    if which == "seat_token":
        return _admit_token(lobby, conn, hello.seat_token, max_message_bytes)
    if which == "bot_key":
        key = hello.bot_key
        check = lobby.key_check
        if check is not None:
            try:
                verdict = check(hello, conn.peer)
            except Exception:  # the host's check failed: refuse this stream, keep serving the others
                log.exception("the bot-key check failed for %s", conn.peer)
                verdict = (
                    referee_pb2.ERROR_CODE_UNAUTHENTICATED,
                    "the referee could not check this key",
                    2.0,
                )
            if not isinstance(verdict, str):
                code, text, delay = verdict
                status = _STATUS.get(code, grpc.StatusCode.UNAUTHENTICATED)
                return Refusal(code, text, status, delay_s=delay)
            key = verdict
            lobby.register_key(key)  # the host's check vouches for it
        return _admit_key(lobby, conn, key, max_message_bytes)
    return Refusal(referee_pb2.ERROR_CODE_UNAUTHENTICATED, "the hello carries no credentials")


def _admit_token(lobby: Lobby, conn: Connection, token: str, max_message_bytes: int) -> Refusal | None:
    with lobby.lock:
        seat = lobby.tokens.get(token)
        used = token in lobby.used
        if seat is not None and not used:
            lobby.used.add(token)
    if seat is None:
        text = "unknown seat token (a token admits one seat of one match until the match ends)"
        return Refusal(referee_pb2.ERROR_CODE_UNAUTHENTICATED, text)
    if used:
        return Refusal(
            referee_pb2.ERROR_CODE_TOKEN_USED,
            "this seat token was already used by another stream",
            grpc.StatusCode.ALREADY_EXISTS,
        )
    conn.match_id = seat.match_id
    conn.send(welcome_message(max_message_bytes))
    seat.attach(conn)
    log.info("%s (%s) joined %s seat %d", visible(conn.name), conn.peer, seat.match_id, seat.seat)
    return None


def _admit_key(lobby: Lobby, conn: Connection, key: str, max_message_bytes: int) -> Refusal | None:
    with lobby.lock:
        entry = lobby.keys.get(key)
        wait = lobby.cooldown.get(key, 0.0) - time.monotonic()
        if wait > 0:
            entry = None
        old = entry.conn if entry is not None else None
        if entry is not None:
            entry.conn = conn
            conn.persistent = True
            conn.bot_key = key
            running = list(entry.seats.values())
    if wait > 0:
        return Refusal(
            referee_pb2.ERROR_CODE_FLOOD,
            f"the referee closed this bot key's last stream for abuse: connect again in {wait:.0f} s",
            grpc.StatusCode.RESOURCE_EXHAUSTED,
            delay_s=min(wait, COOLDOWN_DELAY_S),
        )
    if entry is None:
        return Refusal(referee_pb2.ERROR_CODE_UNAUTHENTICATED, "unknown bot key")
    if old is not None and not old.closed.is_set():
        # Design detail: the newer stream wins. A bot that reconnects (after a crash, or over a new
        # connection while the old one still looks open) wants its seats back at once.
        text = "another stream connected with this bot key and took over its matches"
        old.end_with(referee_pb2.ERROR_CODE_TOKEN_USED, text, grpc.StatusCode.ALREADY_EXISTS)
        lobby.disconnect(old, CLOSED_BY_REFEREE + text)
    conn.send(welcome_message(max_message_bytes))
    entry.connected.set()
    log.info("%s (%s) connected with its bot key", visible(conn.name), conn.peer)
    for seat in running:  # a reconnecting bot takes its seats back (MatchStart again)
        seat.rebind(conn)
    return None
