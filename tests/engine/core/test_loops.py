"""The event loop a referee and a bot's stream run on (:mod:`engine.core.loops`): uvloop's by default,
the standard library's with ``ARENA_EVENT_LOOP=asyncio``, and a match over the wire plays the same
on either."""

from __future__ import annotations

import asyncio

import pytest
import uvloop

from bots.builtin import make_bot
from engine.core import loops
from engine.core.match import play_match
from engine.referee import Remote, TimeControl, create_server
from tests.conformance.toy import HighCardGame
from tests.engine.referee.helpers import WAIT_S, first, start_bot


def test_uvloop_by_default_and_the_standard_loop_on_request(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv(loops.ENV, raising=False)
    loop = loops.new_event_loop()
    assert isinstance(loop, uvloop.Loop) and loops.kind() == "uvloop"
    loop.close()
    monkeypatch.setenv(loops.ENV, "asyncio")
    loop = loops.new_event_loop()
    assert not isinstance(loop, uvloop.Loop) and isinstance(loop, asyncio.AbstractEventLoop)
    assert loops.kind() == "asyncio"
    loop.close()


def test_a_value_it_does_not_know_is_a_one_line_error(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(loops.ENV, "tokio")
    with pytest.raises(ValueError, match=r"ARENA_EVENT_LOOP='tokio': expected uvloop or asyncio"):
        loops.new_event_loop()


@pytest.mark.parametrize("kind", ["uvloop", "asyncio"])
def test_run_returns_the_coroutines_result_on_the_loop_picked(
    monkeypatch: pytest.MonkeyPatch, kind: str
) -> None:
    monkeypatch.setenv(loops.ENV, kind)

    async def which() -> bool:
        await asyncio.sleep(0)
        return isinstance(asyncio.get_running_loop(), uvloop.Loop)

    assert loops.run(which()) is (kind == "uvloop")


@pytest.mark.parametrize("kind", ["uvloop", "asyncio"])
def test_a_match_over_the_wire_plays_the_same_on_either_loop(
    monkeypatch: pytest.MonkeyPatch, kind: str
) -> None:
    monkeypatch.setenv(loops.ENV, kind)
    referee, _port = create_server("127.0.0.1:0", control=TimeControl(join_timeout_s=20))
    try:
        assert isinstance(referee.loop, uvloop.Loop) is (kind == "uvloop")
        referee.register_bot_key("k-loop", "loop")
        bot = start_bot(first, referee.address, bot_key="k-loop", name="loop")
        game = HighCardGame("base", 3, {"rounds": 4})
        record = referee.open_match(game, [Remote("loop", bot_key="k-loop")] * 3, seed=4).start()
        result = record.wait(WAIT_S).result
        same = play_match(game, [make_bot("first", game.id, s, 0) for s in range(3)], 4).result
        assert (result.scores, result.faults) == (same.scores, ())
        assert not bot.error
    finally:
        referee.stop(grace=0)
