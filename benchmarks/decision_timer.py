"""The referee's latency per remote decision, as the benchmarks time it.

A remote decision runs from :meth:`RemoteSeat.begin` (the seat is asked: the request is built and
handed to the stream) to :meth:`RemoteSeat.conclude` (the answer is read back and converted): the
whole cost the match loop pays per remote decision, whether the relay carries the match from the
answer (the usual case) or the match task does (:meth:`RemoteSeat.act_async`, after a timeout or a
closed stream). ``with decision_times(times): ...`` appends the seconds of each decision a bot
answered to ``times`` while the block runs.
"""

from __future__ import annotations

import contextlib
import time
from collections.abc import Callable, Iterator
from typing import Any

from engine.referee.seats import RemoteSeat, Sent

Keep = Callable[[RemoteSeat, Any], bool]
"""Which decisions count: called with the seat and the decision's view."""


def unforced(_seat: RemoteSeat, view: Any) -> bool:
    """Count the decisions that were not forced (the default)."""
    return not view.forced


@contextlib.contextmanager
def decision_times(times: list[float], keep: Keep = unforced) -> Iterator[None]:
    """Append to ``times`` the seconds of every answered remote decision that ``keep`` accepts."""
    begin, conclude = RemoteSeat.begin, RemoteSeat.conclude
    asked: dict[int, float] = {}

    def timed_begin(self: RemoteSeat, view: Any) -> Sent | None:
        started = time.perf_counter()
        sent = begin(self, view)
        if sent is not None and keep(self, view):
            asked[sent[0].request_id] = started
        return sent

    def timed_conclude(self: RemoteSeat, sent: Sent) -> Any:
        started = asked.pop(sent[0].request_id, None)
        result = conclude(self, sent)
        if started is not None:
            times.append(time.perf_counter() - started)
        return result

    RemoteSeat.begin = timed_begin  # type: ignore[method-assign]
    RemoteSeat.conclude = timed_conclude  # type: ignore[method-assign]
    try:
        yield
    finally:
        RemoteSeat.begin = begin  # type: ignore[method-assign]
        RemoteSeat.conclude = conclude  # type: ignore[method-assign]
