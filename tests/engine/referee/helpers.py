"""Test helpers: SDK bots on threads, a raw stream client that can send anything, message filters."""

from __future__ import annotations

import queue
import threading
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from typing import Any

import grpc

from bots.sdk.client import PLAY_METHOD, Session, play
from engine.core.match import DecisionView, MatchHooks
from engine.wire import PROTOCOL_VERSION, referee_pb2

WAIT_S = 30.0
"""Upper bound for any single wait in the tests (a deadline, never a sleep)."""


@dataclass
class BotThread:
    """An SDK bot playing on its own thread."""

    thread: threading.Thread
    session: list[Session] = field(default_factory=list)
    error: list[BaseException] = field(default_factory=list)

    def join(self) -> Session:
        self.thread.join(WAIT_S)
        assert not self.thread.is_alive(), "bot thread still running"
        if self.error:
            raise self.error[0]
        return self.session[0]


def start_bot(bot: Any, address: str, **kwargs: Any) -> BotThread:
    """Run ``bots.sdk.play(bot, address, **kwargs)`` on a thread."""
    box = BotThread(threading.Thread(daemon=True, target=lambda: None))

    def run() -> None:
        try:
            box.session.append(play(bot, address, **kwargs))
        except BaseException as exc:
            box.error.append(exc)

    box.thread = threading.Thread(target=run, daemon=True)
    box.thread.start()
    return box


class RawStream:
    """A Play stream that sends raw bytes and reads RefereeMessages with deadlines."""

    def __init__(self, address: str, metadata: tuple[tuple[str, str], ...] = ()) -> None:
        self.channel = grpc.insecure_channel(address)
        self.outbox: queue.Queue[bytes | None] = queue.Queue()
        self.inbox: queue.Queue[referee_pb2.RefereeMessage | BaseException | None] = queue.Queue()
        method = self.channel.stream_stream(
            PLAY_METHOD,
            request_serializer=lambda b: b,
            response_deserializer=referee_pb2.RefereeMessage.FromString,
        )
        self.call = method(self._requests(), metadata=metadata or None)
        self.skipped: list[referee_pb2.RefereeMessage] = []
        """Messages ``next(kind)`` passed over; ``drain_until_end`` handles them first."""
        self.reader = threading.Thread(target=self._read, daemon=True)
        self.reader.start()

    def _requests(self) -> Iterator[bytes]:
        while True:
            item = self.outbox.get()
            if item is None:
                return
            yield item

    def _read(self) -> None:
        try:
            for msg in self.call:
                self.inbox.put(msg)
        except grpc.RpcError as exc:
            self.inbox.put(exc)
            return
        self.inbox.put(None)

    def send_bytes(self, data: bytes) -> None:
        self.outbox.put(data)

    def send(self, msg: referee_pb2.BotMessage) -> None:
        self.outbox.put(msg.SerializeToString())

    def hello(self, token: str, name: str = "raw", want_forced: bool = False) -> None:
        msg = referee_pb2.BotMessage()
        msg.hello.protocol_version = PROTOCOL_VERSION
        msg.hello.bot_name = name
        msg.hello.seat_token = token
        msg.hello.want_forced = want_forced
        self.send(msg)

    def answer(self, request_id: int, index: int | None = None, text: str | None = None) -> None:
        msg = referee_pb2.BotMessage()
        msg.answer.request_id = request_id
        if text is not None:
            msg.answer.action.text = text
        else:
            msg.answer.index = index or 0
        self.send(msg)

    def next(self, kind: str | None = None) -> referee_pb2.RefereeMessage:
        """The next message (of ``kind`` if given, skipping others); fails after the wait deadline."""
        while True:
            item = self.inbox.get(timeout=WAIT_S)
            if item is None:
                raise EOFError("stream ended")
            if isinstance(item, BaseException):
                raise item
            if kind is None or item.WhichOneof("kind") == kind:
                return item
            self.skipped.append(item)

    def drain_until_end(
        self, on_decision: Callable[[referee_pb2.DecisionRequest], None]
    ) -> list[referee_pb2.RefereeMessage]:
        """Answer decisions with ``on_decision`` until the stream ends; return every message."""
        seen: list[referee_pb2.RefereeMessage] = []
        while True:
            item = self.skipped.pop(0) if self.skipped else self.inbox.get(timeout=WAIT_S)
            if item is None or isinstance(item, BaseException):
                return seen
            seen.append(item)
            if item.WhichOneof("kind") == "decision":
                on_decision(item.decision)

    def close(self) -> None:
        self.outbox.put(None)

    def cancel(self) -> None:
        self.outbox.put(None)  # ends gRPC's thread that consumes the requests
        self.call.cancel()
        self.channel.close()


def first(request: Any) -> int:
    """An SDK bot: always the first listed action."""
    return 0


def recorder(requests: dict[int, list[Any]], seat: int) -> Callable[[Any], int]:
    """An SDK bot for ``seat``: keeps every request in ``requests[seat]``, plays the first listed action."""

    def act(request: Any) -> int:
        requests.setdefault(seat, []).append(request)
        return first(request)

    return act


class ViewCollector(MatchHooks):
    """Match hooks that keep every decision view, its observation built while the position is current."""

    def __init__(self) -> None:
        self.views: list[DecisionView] = []

    def on_decision(self, view: DecisionView) -> None:
        assert view.observation is not None
        self.views.append(view)
