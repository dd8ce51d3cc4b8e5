"""The relay: a match carried from an answer to the next request in the reader's turn or the next.

An error of the match itself (here a host's hook that raises while the relay applies an answer) fails
that match and nothing else: the bot-key stream whose answer it was keeps serving its other match.
The relay and the stream writer put their work off to the loop's next turn only when a woken task or
a put-off relay waits in the current one (:mod:`engine.referee.turns`); put off or not, a match plays
the same.
"""

from __future__ import annotations

import asyncio
import threading
from collections.abc import Callable

import pytest

from bots.builtin import make_bot
from engine.core.match import MatchHooks, play_match
from engine.core.result import Termination
from engine.referee import Remote, relay, writer
from engine.referee.server import RefereeServer
from engine.referee.turns import Deferrable, others_waiting, ready_queue
from tests.conformance.toy import HighCardGame
from tests.engine.referee.helpers import WAIT_S, first, start_bot


class Breaks(MatchHooks):
    """Raises on the third action applied."""

    def __init__(self) -> None:
        self.actions = 0

    def on_action(self, *args: object) -> None:
        self.actions += 1
        if self.actions == 3:
            raise RuntimeError("the host's hook broke")


def test_an_error_of_one_match_fails_it_and_the_stream_serves_its_other_match(
    referee: RefereeServer,
) -> None:
    referee.register_bot_key("k-both", "both")
    bot = start_bot(first, referee.address, bot_key="k-both", name="both")
    game = HighCardGame("base", 3, {"rounds": 4})
    seats = [Remote("both", bot_key="k-both") for _ in range(3)]
    broken = referee.open_match(game, seats, seed=1, hooks=Breaks())
    sound = referee.open_match(game, seats, seed=2)
    broken.start()
    sound.start()
    with pytest.raises(RuntimeError, match="the host's hook broke"):
        broken.wait(WAIT_S)
    record = sound.wait(WAIT_S)
    assert record.result.termination is Termination.VICTORY
    assert record.result.faults == ()
    assert referee.is_key_connected("k-both")
    assert bot.thread.is_alive() and not bot.error  # the bot plays on; the fixture's stop ends it


def test_only_a_woken_task_or_a_put_off_relay_counts_as_work_waiting_in_the_turn() -> None:
    seen: list[tuple[str, bool]] = []

    async def idle() -> None:
        return None

    def look(name: str) -> None:
        seen.append((name, others_waiting(ready_queue(loop))))

    def turn(*queued: Callable[[], object]) -> None:
        """Run one turn of the loop with these callbacks (and what they queue) behind ``look``."""
        for callback in queued:
            callback()
        loop.call_soon(loop.stop)
        loop.run_forever()

    def play() -> None:
        try:
            turn(lambda: loop.call_soon(look, "alone"))
            turn(lambda: loop.call_soon(look, "before a plain callback"), lambda: loop.call_soon(seen.copy))
            turn(lambda: loop.call_soon(look, "before a task's step"), lambda: loop.create_task(idle()))
            turn(lambda: loop.call_soon(look, "before a put-off relay"), lambda: loop.call_soon(Put().off))
        finally:
            loop.close()

    loop = asyncio.new_event_loop()
    # A thread of its own: no other loop can be running there (another test in this process may have
    # left one marked as running in the main thread).
    thread = threading.Thread(target=play)
    thread.start()
    thread.join(30)
    assert not thread.is_alive()
    assert seen == [
        ("alone", False),
        ("before a plain callback", False),
        ("before a task's step", True),
        ("before a put-off relay", True),
    ]
    assert others_waiting(None) is False  # a loop without a readable ready queue never defers


class Put(Deferrable):
    __slots__ = ()

    def off(self) -> None:
        return None


@pytest.mark.parametrize("defer", [False, True], ids=["in the reader's turn", "in the next turn"])
def test_a_match_plays_the_same_whether_the_relay_and_the_writer_defer_or_not(
    referee: RefereeServer, monkeypatch: pytest.MonkeyPatch, defer: bool
) -> None:
    monkeypatch.setattr(relay, "others_waiting", lambda ready: defer)
    monkeypatch.setattr(writer, "others_waiting", lambda ready: defer)
    referee.register_bot_key("k-turns", "turns")
    bot = start_bot(first, referee.address, bot_key="k-turns", name="turns")
    game = HighCardGame("base", 3, {"rounds": 4})
    seats = [Remote("turns", bot_key="k-turns") for _ in range(3)]
    sessions = [referee.open_match(game, seats, seed=seed) for seed in (1, 2)]
    for session in sessions:
        session.start()
    records = [session.wait(WAIT_S) for session in sessions]
    assert [r.result.termination for r in records] == [Termination.VICTORY] * 2
    assert [r.result.faults for r in records] == [(), ()]
    in_process = [
        play_match(game, [make_bot("first", game.id, s, 0) for s in range(3)], seed) for seed in (1, 2)
    ]
    assert [r.result.scores for r in records] == [r.result.scores for r in in_process]
    assert bot.thread.is_alive() and not bot.error
