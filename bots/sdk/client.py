"""The SDK's client: dial the referee, say hello, answer every request, until the stream ends.

A bot is either a function ``act(request) -> answer`` or a class whose instances keep per-match state
(a fresh instance per match: ``on_match_start(match)``, ``act(request)``, ``on_match_end(end)``,
``on_fault(notice)`` are all optional but ``act``). An answer is an index into ``request.legal``, a
:class:`LegalAction`, an action text, a wire ``Action``, or any object with a ``text()`` method (an
engine action, for Python bots that use the engine as a forward model).

Design detail: the client is one asyncio task on one stream, the same as the referee's side, so a
decision costs one read and one write with no thread hop; ``act`` runs inline (a bot that thinks for
seconds holds only its own stream).

What ``act`` raises, or returns that is not an answer, is printed on stderr and sent as the answer's
``failure`` (:mod:`bots.sdk.answers`): one fault of the seat, as in process, and the stream goes on.
"""

from __future__ import annotations

import inspect
import logging
import sys
import time
import traceback
import typing
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, Protocol

import grpc

from bots.sdk.answers import MAX_INDEX, answer_or_failure, failure_of_exception
from bots.sdk.answers import encode_answer as encode_answer  # part of this module's API
from bots.sdk.messages import Match, MatchEnd, Request
from engine.core import loops
from engine.core.heap import settle_heap
from engine.wire import PROTOCOL_VERSION, SERVICE, fault_kind_name, referee_pb2

log = logging.getLogger("arena.bot")

PLAY_METHOD = f"/{SERVICE}/Play"


class BotLike(Protocol):
    """A bot with per-match state; only ``act`` is required."""

    def act(self, request: Request) -> Any: ...


BotFactory = Callable[[Match], BotLike]
"""Builds the bot for one match."""


class RefereeError(RuntimeError):
    """The referee refused the bot (a fatal error or a non-OK end of the stream)."""

    def __init__(self, code: str, message: str) -> None:
        self.code = code
        self.message = message
        super().__init__(f"{code}: {message}")


@dataclass(slots=True)
class Session:
    """What happened on one stream: the matches played, errors and fault notices received."""

    welcome: referee_pb2.Welcome | None = None
    ends: list[MatchEnd] = field(default_factory=list)
    errors: list[referee_pb2.Error] = field(default_factory=list)
    faults: list[referee_pb2.FaultNotice] = field(default_factory=list)
    decisions: int = 0


class _FunctionBot:
    def __init__(self, act: Callable[[Request], Any]) -> None:
        self._act = act

    def act(self, request: Request) -> Any:
        return self._act(request)


@dataclass(frozen=True, slots=True)
class PerMatch:
    """Marks a function as a per-match factory ``build(match) -> bot`` (not an ``act`` function)."""

    build: BotFactory


def as_factory(bot: Any) -> BotFactory:
    """A per-match factory from a function, a class, a :class:`PerMatch` or a bot instance."""
    if isinstance(bot, PerMatch):
        return bot.build
    if inspect.isclass(bot):
        cls = bot

        def build(match: Match) -> BotLike:
            instance: BotLike = typing.cast(BotLike, cls())
            return instance

        return build
    if hasattr(bot, "act"):
        return lambda match: bot
    if callable(bot):
        return lambda match: _FunctionBot(bot)
    raise TypeError(f"a bot is a function act(request), a class with act(), or an instance: {bot!r}")


def _channel(address: str, root_certificates: bytes | None, insecure: bool) -> grpc.aio.Channel:
    options = [("grpc.max_receive_message_length", 64 << 20), ("grpc.max_send_message_length", 64 << 20)]
    if insecure or root_certificates is None:
        return grpc.aio.insecure_channel(address, options=options)
    creds = grpc.ssl_channel_credentials(root_certificates=root_certificates)
    return grpc.aio.secure_channel(address, creds, options=options)


async def play_async(
    bot: Any,
    address: str,
    *,
    token: str | None = None,
    bot_key: str | None = None,
    name: str = "python-bot",
    version: str = "",
    want_forced: bool = False,
    typed_observation: bool = False,
    typed_events: bool = False,
    bearer_token: str | None = None,
    root_certificates: bytes | None = None,
    on_message: Callable[[str, Any], None] | None = None,
) -> Session:
    """Play on one stream until the referee ends it; return what happened.

    ``version`` is the bot's version for a standing ladder (``arena league``): a version the ladder has
    not seen is a new entry there, after placement matches.
    ``on_message(direction, message)`` sees every message (``"<-"`` received, ``"->"`` sent).
    ``typed_observation`` / ``typed_events`` ask the referee for the typed forms besides the JSON
    (``request.typed_observation``, ``request.typed_events``).
    Raises :class:`RefereeError` when the referee refuses the bot.
    """
    if (token is None) == (bot_key is None):
        raise ValueError("give exactly one of token (a per-seat token) and bot_key")
    factory = as_factory(bot)
    session = Session()
    metadata = (("authorization", f"Bearer {bearer_token}"),) if bearer_token else None
    async with _channel(address, root_certificates, insecure=root_certificates is None) as channel:
        call = channel.stream_stream(
            PLAY_METHOD,
            request_serializer=referee_pb2.BotMessage.SerializeToString,
            response_deserializer=referee_pb2.RefereeMessage.FromString,
        )(metadata=metadata)
        hello = referee_pb2.BotMessage()
        hello.hello.protocol_version = PROTOCOL_VERSION
        hello.hello.bot_name = name
        hello.hello.bot_version = version
        hello.hello.want_forced = want_forced
        hello.hello.typed_observation = typed_observation
        hello.hello.typed_events = typed_events
        if token is not None:
            hello.hello.seat_token = token
        else:
            assert bot_key is not None
            hello.hello.bot_key = bot_key
        if on_message:
            on_message("->", hello)
        await _write(call, hello)
        # Per match: the match, the bot, and a function bot's own function (None for other bots, whose
        # ``act`` is looked up at every decision as before).
        matches: dict[str, tuple[Match | None, BotLike, Callable[[Request], Any] | None]] = {}
        # Design detail: an answer is written inline, awaited before the next read: deferring the
        # write to a task of its own (so the next read is issued first) measured slower, since the
        # write then starts one event-loop turn later, behind the read. An index answer (the common
        # case) refills one message kept for the stream: the write serializes it before it returns,
        # and the next answer is built only after that. With ``on_message`` every answer is a new
        # message, since the callback may keep it.
        index_msg = referee_pb2.BotMessage()
        index_answer = index_msg.answer
        settle_heap()  # the process's first stream: its start-up heap leaves the collector's passes
        try:
            async for msg in call:
                if on_message:
                    on_message("<-", msg)
                kind = msg.WhichOneof("kind")
                if kind == "decision":
                    req = msg.decision
                    entry = matches.get(req.match_id)
                    if entry is None:
                        entry = _start(factory, _unknown_match(req), with_start=False)
                    function = entry[2]
                    request = Request(entry[0], req)
                    asked = time.monotonic()
                    try:
                        result = function(request) if function is not None else entry[1].act(request)
                    except Exception as exc:  # the bot's bug: one fault of its seat, the stream goes on
                        answer = _failure(req.request_id, exc, function or entry[1].act)
                    else:
                        if type(result) is int and on_message is None and 0 <= result <= MAX_INDEX:
                            index_answer.request_id = req.request_id
                            index_answer.index = result
                            answer = index_msg
                        else:
                            answer = answer_or_failure(req.request_id, result, len(req.legal))
                    session.decisions += 1
                    if on_message:
                        on_message("->", answer)
                    try:
                        await call.write(answer)
                    except (grpc.aio.AioRpcError, grpc.aio.UsageError) as exc:
                        await _write_failed(call, exc, (req, time.monotonic() - asked))
                elif kind == "match_start":
                    match = Match.from_pb(msg.match_start)
                    matches[match.match_id] = _start(factory, match)
                elif kind == "match_end":
                    end = MatchEnd.from_pb(msg.match_end)
                    session.ends.append(end)
                    finished = matches.pop(end.match_id, None)
                    if finished is not None:
                        _call(finished[1], "on_match_end", end)
                elif kind == "fault":
                    session.faults.append(msg.fault)
                    fault = msg.fault.fault
                    kind = fault_kind_name(fault.kind)
                    log.warning("fault at ply %d (%s): %s", fault.ply, kind, fault.message)
                    entry = matches.get(msg.fault.match_id)
                    if entry is not None:
                        _call(entry[1], "on_fault", msg.fault)
                elif kind == "error":
                    session.errors.append(msg.error)
                    if msg.error.fatal:  # said once, by whoever catches the exception
                        code = referee_pb2.ErrorCode.Name(msg.error.code)
                        raise RefereeError(code, msg.error.message)
                    log.warning("referee error: %s", msg.error.message)
                elif kind == "welcome":
                    session.welcome = msg.welcome
        except grpc.aio.AioRpcError as exc:
            raise RefereeError(exc.code().name, exc.details() or "") from None
        await call.done_writing()
    return session


async def _write(call: Any, msg: referee_pb2.BotMessage) -> None:
    """Write, turning a write onto a stream the referee already ended into its final status."""
    try:
        await call.write(msg)
    except (grpc.aio.AioRpcError, grpc.aio.UsageError) as exc:
        await _write_failed(call, exc)


LOST = ("INTERNAL", "UNAVAILABLE", "CANCELLED", "STREAM_CLOSED")
"""Ends of a stream that are no refusal: the connection went (the referee stopped or closed it)."""


async def _write_failed(
    call: Any, exc: Exception, answering: tuple[referee_pb2.DecisionRequest, float] | None = None
) -> typing.NoReturn:
    """Raise the stream's final status after a write failed (the referee already ended the stream);
    ``answering``: the request the bot was answering, and how long it took."""
    code = await call.code()
    details = await call.details()
    name = code.name if code is not None and code != grpc.StatusCode.OK else "STREAM_CLOSED"
    if answering is not None and name in LOST:
        req, took = answering
        raise RefereeError(
            "STREAM_LOST",
            f"the referee had closed the stream when the bot answered request {req.request_id} (ply"
            f" {req.ply}) after {took:.1f} s: past its deadline and time bank a seat is timed out, and"
            " the match may have ended without it (a longer --deadline-ms for debugging)",
        ) from None
    raise RefereeError(name, details or str(exc)) from None


def _function_of(bot: BotLike) -> Callable[[Request], Any] | None:
    """A function bot's own function (called without its wrapper's ``act``), else None."""
    return bot._act if type(bot) is _FunctionBot else None


def _unknown_match(req: referee_pb2.DecisionRequest) -> Match:
    start = referee_pb2.MatchStart(match_id=req.match_id, seat=req.seat)
    return Match.from_pb(start)


def _call(obj: object, method: str, arg: object) -> None:
    """Call the bot's optional ``method``; what it raises is printed on stderr (the match goes on)."""
    fn = getattr(obj, method, None)
    if fn is None:
        return
    try:
        fn(arg)
    except Exception:
        traceback.print_exc(file=sys.stderr)


class _Unstarted:
    """The bot of a match it could not be made or started for: each decision is a CRASH fault, as in
    process."""

    def __init__(self, exc: Exception) -> None:
        self.exc = exc

    def act(self, request: Request) -> Any:
        raise _NotStarted from self.exc


class _NotStarted(Exception):
    """Raised by :class:`_Unstarted`: the failure names the exception of the start."""


def _start(
    factory: BotFactory, match: Match, *, with_start: bool = True
) -> tuple[Match | None, BotLike, Callable[[Request], Any] | None]:
    """The bot of a new match (``on_match_start`` called); one that cannot start answers with failures."""
    try:
        bot = factory(match)
        start = getattr(bot, "on_match_start", None) if with_start else None
        if start is not None:
            start(match)
    except Exception as exc:
        traceback.print_exc(file=sys.stderr)
        return (match if with_start else None, _Unstarted(exc), None)
    return (match if with_start else None, bot, _function_of(bot))


def _failure(request_id: int, exc: Exception, act: Callable[..., Any]) -> referee_pb2.BotMessage:
    """The failure for an exception of ``act`` (of the start, for a bot that could not start)."""
    if isinstance(exc, _NotStarted) and isinstance(exc.__cause__, Exception):
        return failure_of_exception(request_id, "could not start:", exc.__cause__, None, trace=False)
    return failure_of_exception(request_id, "act raised", exc, act)


def play(bot: Any, address: str, **kwargs: Any) -> Session:
    """Blocking :func:`play_async`: play on one stream until the referee ends it."""
    return loops.run(play_async(bot, address, **kwargs))
