"""The host's wire log failing (``arena play --log | head`` closes its output) is the match's error,
never a fault of the seat whose message it was printing."""

from __future__ import annotations

from typing import Any

import pytest

from engine.referee import Remote, TimeControl, create_server
from tests.conformance.toy import HighCardGame
from tests.engine.referee.helpers import WAIT_S, first, start_bot


class OutputClosed(Exception):
    pass


def test_a_failing_wire_log_ends_the_match_with_its_error_and_charges_no_seat() -> None:
    calls: list[tuple[str, int, str]] = []

    def log(direction: str, match_id: str, seat: int, msg: Any) -> None:
        calls.append((direction, seat, msg.WhichOneof("kind") if direction == "->" else "answer"))
        if len(calls) == 6:  # an answer or a request in the middle of the match
            raise OutputClosed("standard output was closed")

    server, _port = create_server(
        "127.0.0.1:0", control=TimeControl(deadline_ms=5_000, time_bank_ms=5_000, join_timeout_s=20), log=log
    )
    try:
        game = HighCardGame("base", 2, {"rounds": 6})
        session = server.open_match(game, [Remote("a"), Remote("b")], seed=1)
        bots = [start_bot(first, server.address, token=session.tokens[s], name=f"bot{s}") for s in (0, 1)]
        with pytest.raises(OutputClosed, match="standard output was closed"):
            session.start().wait(WAIT_S)
        for bot in bots:
            played = bot.join()  # the stream ends with the match
            assert played.faults == []  # no fault notice: nothing was charged to either seat
    finally:
        server.stop(grace=0)
    assert len(calls) == 6  # the log is not called again once it has failed
