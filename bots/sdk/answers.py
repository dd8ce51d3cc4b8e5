"""What the SDK sends for what a bot's ``act`` did: its answer, or the failure the referee records.

A bot's own bug never ends its stream. When ``act`` raises, or returns something that is not an
answer (``None``, a negative index, an object of another type), the client prints the traceback or the
problem on stderr (a referee that started the process keeps it in the bot's log) and sends an
``Answer`` whose ``failure`` says what happened: the referee records one fault of the seat (CRASH for
an exception, MALFORMED for a non-answer), plays the default action, and the match and the stream go
on, as for the same class in process (:mod:`bots.sdk.local`).
"""

from __future__ import annotations

import sys
import traceback
from collections.abc import Callable
from pathlib import Path
from typing import Any

from bots.sdk.messages import LegalAction
from engine.core.answers import index_out_of_range
from engine.wire import common_pb2, referee_pb2

MAX_INDEX = (1 << 32) - 1
"""The largest index an Answer carries (``uint32``)."""

NOT_AN_ANSWER = "an answer is an index, a LegalAction, an action text or an action"


class NotAnAnswer(TypeError):
    """What ``act`` returned cannot be sent as an answer (the message says why)."""


def encode_answer(request_id: int, answer: Any) -> referee_pb2.BotMessage:
    """The Answer message for what a bot's ``act`` returned; :class:`NotAnAnswer` (a ``TypeError``)
    for anything else, and for an index the wire cannot carry."""
    msg = referee_pb2.BotMessage()
    out = msg.answer
    out.request_id = request_id
    if isinstance(answer, bool):
        raise NotAnAnswer("an answer is an index, a LegalAction, a text or an Action, not a bool")
    if isinstance(answer, int):
        if not 0 <= answer <= MAX_INDEX:
            raise NotAnAnswer(f"index {answer} cannot be sent (0..{MAX_INDEX})")
        out.index = answer
    elif isinstance(answer, LegalAction):
        out.index = answer.index
    elif isinstance(answer, str):
        out.action.text = answer
    elif isinstance(answer, common_pb2.Action):
        out.action.CopyFrom(answer)
    elif hasattr(answer, "text") and callable(answer.text):
        out.action.text = answer.text()
    else:
        raise NotAnAnswer(f"cannot send {type(answer).__name__} as an answer")
    return msg


def failure(request_id: int, message: str, *, raised: bool) -> referee_pb2.BotMessage:
    """An Answer saying the bot has none: one fault of the seat, CRASH when its code ``raised``."""
    msg = referee_pb2.BotMessage()
    msg.answer.request_id = request_id
    msg.answer.failure.message = message
    msg.answer.failure.raised = raised
    return msg


def answer_or_failure(request_id: int, result: Any, legal_count: int) -> referee_pb2.BotMessage:
    """The Answer for ``result``, or the failure that says why it is none (printed on stderr too)."""
    if isinstance(result, int) and not isinstance(result, bool) and not 0 <= result <= MAX_INDEX:
        return _not_an_answer(request_id, f"act returned {index_out_of_range(result, legal_count)}")
    try:
        return encode_answer(request_id, result)
    except NotAnAnswer:
        return _not_an_answer(request_id, f"act returned {repr(result)[:60]}: {NOT_AN_ANSWER}")
    except Exception as exc:  # an object whose text() raised
        return failure_of_exception(
            request_id, "act answered an object whose text() raised", exc, None, raised=False
        )


def failure_of_exception(
    request_id: int,
    what: str,
    exc: BaseException,
    act: Callable[..., Any] | None,
    *,
    raised: bool = True,
    trace: bool = True,
) -> referee_pb2.BotMessage:
    """The failure for an exception of the bot's code (``what``: ``act raised``, ``could not start:``),
    naming the line of the file ``act`` is written in; the traceback goes to stderr (with ``trace``)."""
    text = f"{what} {type(exc).__name__}: {str(exc)[:200]}{_where(exc, act)}"
    if trace:
        traceback.print_exception(exc, file=sys.stderr)
    _say(request_id, text, raised)
    return failure(request_id, text, raised=raised)


def _not_an_answer(request_id: int, text: str) -> referee_pb2.BotMessage:
    _say(request_id, text, False)
    return failure(request_id, text, raised=False)


def _say(request_id: int, text: str, raised: bool) -> None:
    kind = "crash" if raised else "malformed"
    print(f"request {request_id}: {text} (sent as a failure: a {kind} fault)", file=sys.stderr, flush=True)


def _where(exc: BaseException, act: Callable[..., Any] | None) -> str:
    """`` at bot.py:12``: the last line of the traceback in the file ``act`` is written in, if any."""
    function = getattr(act, "__func__", act)
    code = getattr(function, "__code__", None)
    return "" if code is None else line_in(exc, Path(code.co_filename))


def line_in(exc: BaseException, source: Path) -> str:
    """`` at bot.py:12``: the last line of ``exc``'s traceback in the file ``source``, or ""."""
    frames = [f for f in traceback.extract_tb(exc.__traceback__) if Path(f.filename) == source]
    return f" at {source.name}:{frames[-1].lineno}" if frames else ""
