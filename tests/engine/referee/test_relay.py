"""The relay: a match carried from an answer to the next request in the reader's turn or the next.

An error of the match itself (here a host's hook that raises while the relay applies an answer) fails
that match and nothing else: the bot-key stream whose answer it was keeps serving its other match.
The relay and the stream writer put their work off to the loop's next turn only while the referee has
other requests out (:mod:`engine.referee.turns`); put off or not, a match plays the same.
"""

from __future__ import annotations

from collections.abc import Sized

import pytest

import engine
from bots.builtin import make_bot
from engine.core.match import MatchHooks, play_match
from engine.core.result import Termination
from engine.referee import Remote, relay, writer
from engine.referee.server import RefereeServer
from engine.referee.turns import others_outstanding
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


def test_the_relay_puts_a_step_off_only_while_the_referee_has_other_requests_out(
    referee: RefereeServer, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A lone match of turns (Puerto Rico) steps in the reader's turn; a simultaneous decision's first
    answers, and two matches on one stream, find other requests out and wait a turn
    (:mod:`engine.referee.turns`)."""
    seen: list[bool] = []

    def recorded(outstanding: Sized, own: int = 0) -> bool:
        seen.append(others_outstanding(outstanding, own))
        return seen[-1]

    monkeypatch.setattr(relay, "others_outstanding", recorded)
    referee.register_bot_key("k-out", "out")
    bot = start_bot(first, referee.address, bot_key="k-out", name="out")
    seats = [Remote("out", bot_key="k-out") for _ in range(3)]
    turns = engine.load_game("puerto-rico", players=3)
    referee.open_match(turns, seats, seed=1, max_plies=60).start().wait(WAIT_S)
    assert len(seen) > 20 and not any(seen)
    seen.clear()
    rounds = HighCardGame("base", 3, {"rounds": 1})  # one simultaneous decision of three seats
    referee.open_match(rounds, seats, seed=1).start().wait(WAIT_S)
    assert seen.count(True) >= 1
    seen.clear()
    both = [referee.open_match(turns, seats, seed=seed, max_plies=60) for seed in (2, 3)]
    for session in both:
        session.start()
    for session in both:
        assert session.wait(WAIT_S).result.faults == ()
    assert any(seen)
    assert bot.thread.is_alive() and not bot.error


def test_others_outstanding_counts_the_requests_beyond_the_callers_own() -> None:
    assert others_outstanding({}) is False
    assert others_outstanding({7: "out"}) is True
    assert others_outstanding({7: "being written"}, 1) is False
    assert others_outstanding({7: "being written", 8: "another"}, 1) is True


@pytest.mark.parametrize("defer", [False, True], ids=["in the reader's turn", "in the next turn"])
def test_a_match_plays_the_same_whether_the_relay_and_the_writer_defer_or_not(
    referee: RefereeServer, monkeypatch: pytest.MonkeyPatch, defer: bool
) -> None:
    monkeypatch.setattr(relay, "others_outstanding", lambda outstanding, own=0: defer)
    monkeypatch.setattr(writer, "others_outstanding", lambda outstanding, own=0: defer)
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
