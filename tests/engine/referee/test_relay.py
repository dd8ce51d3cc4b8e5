"""The relay: a match carried from an answer to the next request in the reader's turn.

An error of the match itself (here a host's hook that raises while the relay applies an answer) fails
that match and nothing else: the bot-key stream whose answer it was keeps serving its other match.
"""

from __future__ import annotations

import pytest

from engine.core.match import MatchHooks
from engine.core.result import Termination
from engine.referee import Remote
from engine.referee.server import RefereeServer
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
