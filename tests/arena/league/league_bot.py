"""Bots for the league's tests and its simulated day, each a separate SDK process:
``python tests/arena/league/league_bot.py KIND [SDK options]``.

Kinds: ``mix:P`` plays the game's greedy bot but picks a random legal action with probability ``P``
(so strengths range from the greedy bot, ``mix:0``, to random, ``mix:1``); ``illegal`` answers every
request with an index out of range (it faults until it forfeits); ``crashy:P[:EPOCH]`` plays like
``mix:0.5`` and exits mid-match with probability ``P`` per match (from the wall-clock time ``EPOCH``);
``dies:N`` answers 0 and exits at its N-th decision; ``feeder:NAME`` plays like ``mix:0.3`` except at
a table with the bot named ``NAME`` (its partner), where it plays the first legal action (a bot that
loses to its partner on purpose). All draw their choices from ``ARENA_BOT_SEED`` or the match id.
"""

from __future__ import annotations

import os
import random
import sys
import time
from typing import Any

from bots.builtin import bot_class, bot_seed
from bots.sdk.bridge import EngineBot
from bots.sdk.cli import main
from bots.sdk.client import PerMatch
from bots.sdk.messages import Match, Request

GREEDY = {"puerto-rico": "pr-greedy", "catan": "catan-greedy", "catan-ck": "ck-greedy"}


class Mixed(EngineBot):
    """The greedy bot with probability ``1 - p``, a random legal action otherwise."""

    def __init__(self, match: Match, p: float, crash: float = 0.0, partner: str = "") -> None:
        game = match.game
        seed = bot_seed("league", match.match_id, match.seat)
        super().__init__(match, bot_class(GREEDY.get(game, "random"))(seed))
        self.rng = random.Random(seed)
        self.p = p
        self.crash_at = self.rng.randrange(20, 200) if self.rng.random() < crash else -1
        self.decisions = 0
        names = [s.name for s in match.seats]
        self.feeding = bool(partner) and any(n.split("@")[0] == partner for n in names)

    def act(self, request: Request) -> Any:
        self.decisions += 1
        if self.decisions == self.crash_at:
            os._exit(3)
        if self.feeding:
            return 0
        if self.rng.random() < self.p:
            return self.rng.randrange(len(request.legal))
        return super().act(request)


def factory(kind: str) -> Any:
    name, _, arg = kind.partition(":")
    if name == "illegal":
        return lambda request: 10**6
    if name == "mix":
        return PerMatch(lambda match: Mixed(match, float(arg)))
    if name == "crashy":  # crashy:P or crashy:P:EPOCH (no crash before that wall-clock time)
        p, _, after = arg.partition(":")
        return PerMatch(
            lambda match: Mixed(match, 0.5, crash=float(p) if time.time() >= float(after or 0) else 0.0)
        )
    if name == "dies":  # dies:N exits at its N-th decision (in its first match for a small N)
        asked = [0]

        def dies(request: Request) -> int:
            asked[0] += 1
            if asked[0] >= int(arg):
                os._exit(3)
            return 0

        return dies
    if name == "feeder":
        return PerMatch(lambda match: Mixed(match, 0.3, partner=arg))
    raise SystemExit(f"unknown kind {kind!r}")


if __name__ == "__main__":
    sys.exit(main(factory(sys.argv[1]), sys.argv[2:]))
