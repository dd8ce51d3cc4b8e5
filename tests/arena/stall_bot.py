"""A built-in random bot over gRPC that stalls once, in the middle of a match, for a test to kill the
process playing that match.

Given a file name as its first argument (``stall_bot.py MARKER``), the first copy of this bot to reach its fifth decision creates that file
(exclusively: one copy ever does), writes into it the pid of the process that spawned it (the worker
playing the match) and waits to be killed with that process. Every other copy, and every copy without
the argument, plays like ``python -m bots random`` (same seed, same moves).
"""

from __future__ import annotations

import os
import sys
import time
from typing import Any

from bots.builtin import bot_class, bot_seed
from bots.sdk.bridge import EngineBot
from bots.sdk.cli import main
from bots.sdk.client import PerMatch
from bots.sdk.messages import Match, Request

STALL_AT = 5


class StallingBot(EngineBot):
    def __init__(self, match: Match, inner: Any, marker: str) -> None:
        super().__init__(match, inner)
        self.marker = marker
        self.decisions = 0

    def act(self, request: Request) -> Any:
        self.decisions += 1
        if self.marker and self.decisions == STALL_AT:
            try:
                fd = os.open(self.marker, os.O_CREAT | os.O_EXCL | os.O_WRONLY)
            except FileExistsError:
                pass
            else:
                os.write(fd, f"{os.getppid()} {self.match.match_id}\n".encode())
                os.close(fd)
                time.sleep(60)  # killed long before: the worker's death kills this bot
        return super().act(request)


def factory(seed: int | None, marker: str) -> PerMatch:
    cls = bot_class("random")

    def build(match: Match) -> EngineBot:
        own = seed if seed is not None else bot_seed("random", match.match_id, match.seat)
        return StallingBot(match, cls(own), marker)

    return PerMatch(build)


if __name__ == "__main__":
    raw = os.environ.get("ARENA_BOT_SEED")
    sys.exit(main(factory(int(raw) if raw else None, (sys.argv[1:] or [""])[0]), [], builtin=None))
