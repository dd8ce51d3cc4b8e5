"""The Python bot SDK: write ``act(request) -> answer`` (or a class with per-match state) and play.

>>> from bots.sdk import run
>>> def act(request):
...     return 0  # the first listed action
>>> # run(act)  reads --address/--token or ARENA_ADDRESS/ARENA_TOKEN and plays until the referee ends

See ``docs/protocol.md`` for the messages, clocks and faults.
"""

from __future__ import annotations

import sys
from typing import Any

from bots.sdk.client import PerMatch, RefereeError, Session, encode_answer, play, play_async
from bots.sdk.messages import Family, LegalAction, Match, MatchEnd, Request, typed_event


def run(bot: Any, argv: list[str] | None = None) -> None:
    """Play ``bot`` with the command line / environment settings and exit with the SDK's code."""
    from bots.sdk.cli import main

    sys.exit(main(bot, argv))


__all__ = [
    "Family",
    "LegalAction",
    "Match",
    "MatchEnd",
    "PerMatch",
    "RefereeError",
    "Request",
    "Session",
    "encode_answer",
    "play",
    "play_async",
    "run",
    "typed_event",
]
