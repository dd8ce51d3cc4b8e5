"""``--log``: every message between the referee and its bots, one line each, or in full.

The short form (``--log``) is one line per message: direction (``->`` to the bot, ``<-`` from it), the
match and seat, the kind, the request id, and what matters of the kind: a request's ply, number of
legal actions, open families and clock; an answer's chosen action (its index and text) and how long
the bot took since the request was sent; a fault's kind and message; the result at match end.
The full form (``--log=full``) prints each message as indented JSON, with the JSON text fields
(observations, events, result details) parsed so that they are indented too. What a bot sent (its
answers' texts, its name, fault messages quoting them) is printed with its control characters made
visible (:mod:`engine.core.visible`); the JSON form escapes them as JSON does.

Design detail: the referee calls the printer from its event loop as it sends or reads each message
(:data:`engine.referee.seats.WireLog`), so timings are the referee's own; a request's send time and
its legal texts are kept until its answer, a fault about it or its match's end.
"""

from __future__ import annotations

import contextlib
import json
import threading
import time
from collections.abc import Callable
from typing import Any

from google.protobuf.json_format import MessageToDict

from arena.web.names import plural
from engine.core.visible import visible, visible_json
from engine.wire import fault_kind_name, referee_pb2

Announce = Callable[[str], None]
LOG_FORMS = ("short", "full")
LOG_HELP = "print every message on the wire, one line each; --log=full prints each in full, as JSON"
LOG_FULL_HELP = "the full log (write --log=full)"


def wire_printer(announce: Announce, form: str = "short") -> Callable[[str, str, int, Any], None]:
    """A ``log`` hook for the referee that prints through ``announce`` in ``form`` (``short``/``full``)."""
    if form not in LOG_FORMS:
        raise ValueError(f"--log={form}: the log is short (--log) or full (--log=full)")
    if form == "full":
        return _full(announce)
    return ShortLog(lambda line: announce(visible(line)))


def _full(announce: Announce) -> Callable[[str, str, int, Any], None]:
    def log(direction: str, match_id: str, seat: int, msg: Any) -> None:
        body = _parse_json_fields(MessageToDict(msg, preserving_proto_field_name=True))
        text = visible_json(json.dumps(body, indent=2, ensure_ascii=False))
        announce(f"{direction} {visible(match_id)} seat {seat} {text}")

    return log


def _parse_json_fields(value: Any) -> Any:
    """The dict of a message with every ``json`` / ``*_json`` string replaced by the value it holds."""
    if isinstance(value, dict):
        out = {}
        for key, item in value.items():
            if isinstance(item, str) and (key == "json" or key.endswith("_json")):
                with contextlib.suppress(ValueError):
                    item = json.loads(item)
            out[key] = _parse_json_fields(item)
        return out
    if isinstance(value, list):
        return [_parse_json_fields(v) for v in value]
    return value


class ShortLog:
    """The one-line-per-message printer."""

    def __init__(self, announce: Announce) -> None:
        self.announce = announce
        self.lock = threading.Lock()
        self.asked: dict[int, tuple[float, list[str]]] = {}
        """Per outstanding request id: when it was sent and its legal actions' texts."""
        self.started: set[tuple[str, int]] = set()
        """The seats of matches that were sent their MatchStart."""

    def __call__(self, direction: str, match_id: str, seat: int, msg: Any) -> None:
        head = f"{direction} {match_id} seat {seat}"
        if direction == "<-":
            self.announce(f"{head} {self._answer(msg)}")
            return
        kind = msg.WhichOneof("kind")
        body = getattr(msg, kind) if kind else None
        describe = getattr(self, f"_{kind}", None)
        text = describe(body) if describe is not None else kind or "(empty)"
        if kind == "match_start":
            with self.lock:
                again = (match_id, seat) in self.started
                self.started.add((match_id, seat))
            if again:  # a bot key's stream was lost and opened again: the match is sent anew
                text += " (again: the seat's bot connected again; its open request follows under a new id)"
        elif kind == "match_end":
            with self.lock:
                self.started.discard((match_id, seat))
        self.announce(f"{head} {text}")

    def _decision(self, req: Any) -> str:
        with self.lock:
            self.asked[req.request_id] = (time.monotonic(), [a.action.text for a in req.legal])
        families = ", ".join(f.name for f in req.families)
        return (
            f"decision #{req.request_id} ply {req.ply}: {len(req.legal)} legal"
            + (f", families {families}" if families else "")
            + (", forced" if req.forced else "")
            + f"; {len(req.events)} events; deadline {req.deadline_ms} ms, bank {req.time_bank_ms} ms"
        )

    def _answer(self, answer: Any) -> str:
        with self.lock:
            sent, legal = self.asked.pop(answer.request_id, (None, []))
        took = "" if sent is None else f" ({(time.monotonic() - sent) * 1000:.1f} ms)"
        choice = answer.WhichOneof("choice")
        if choice == "index":
            text = legal[answer.index] if answer.index < len(legal) else "out of range"
            chosen = f"[{answer.index}] {text}"
        elif choice == "action":
            chosen = f"action {answer.action.text!r}" + (
                f" ({answer.action.WhichOneof('typed')})" if answer.action.WhichOneof("typed") else ""
            )
        elif choice == "failure":
            how = "raised" if answer.failure.raised else "not an answer"
            chosen = f"failure ({how}) {answer.failure.message[:120]!r}"
        else:
            chosen = "no choice"
        return f"answer #{answer.request_id}: {chosen}{took}"

    def _match_start(self, start: Any) -> str:
        names = ", ".join(s.name for s in start.seats)
        return (
            f"match_start {start.game.canonical or start.game.game}: seat {start.seat} of {names}; "
            f"deadline {start.deadline_ms} ms, bank {start.time_bank_ms} ms, strike limit {start.strike_limit}"
        )

    def _match_end(self, end: Any) -> str:
        result = end.result
        places = " ".join(str(p) for p in result.places)
        return f"match_end: places {places}, {plural(len(result.faults), 'fault')}" + (
            f", forfeits {list(result.forfeits)}" if result.forfeits else ""
        )

    def _fault(self, notice: Any) -> str:
        with self.lock:
            self.asked.pop(notice.request_id, None)
        fault = notice.fault
        kind = fault_kind_name(fault.kind)
        return (
            f"fault #{notice.request_id} {kind}, strike {fault.strike}: {fault.message};"
            f" default {notice.default_action!r}" + ("; the seat forfeits" if notice.forfeited else "")
        )

    def _error(self, error: Any) -> str:
        code = referee_pb2.ErrorCode.Name(error.code).removeprefix("ERROR_CODE_")
        return f"error {code} #{error.request_id}: {error.message}" + (" (fatal)" if error.fatal else "")

    def _welcome(self, welcome: Any) -> str:
        return f"welcome: {welcome.referee}, protocol {welcome.protocol_version}"
