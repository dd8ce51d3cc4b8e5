"""``python -m catanatron_bridge SPEC``: play a catanatron player on an arena referee over gRPC.

``SPEC`` is ``[catanatron:]NAME[:KEY=VALUE...]`` (``--list`` shows the players and parameters). The
referee's address and the seat token come as for any SDK bot: ``--address``/``--token`` or
``ARENA_ADDRESS``/``ARENA_TOKEN``, the bot's seed from ``ARENA_BOT_SEED``; the arena spawns the bridge
with all three for a ``catanatron:`` bot. ``--check SPEC`` only checks that this environment can seat
the player (exit status 2 and one line on stderr if not), which the arena asks before a tournament.

Each decision gets the time the referee allows less a margin (or the spec's ``seconds``); a player
that takes longer is stopped and the seat answers the first legal action. Every answer the bridge had
to make without the player is logged on stderr with its ply.
"""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Sequence
from typing import Any

from bots.sdk import Match, PerMatch, Request
from bots.sdk.cli import main as sdk_main
from catanatron_bridge.messages import MatchInfo
from catanatron_bridge.players import SpecError, describe, parse_spec
from catanatron_bridge.worker import Worker
from engine.core.rng import derive_seed

MARGIN_S = 0.3
"""Time kept from the referee's deadline for the answer's way back."""
NO_DEADLINE_S = 60.0
"""A decision's budget when the referee sets no deadline."""


def log(line: str) -> None:
    print(f"catanatron-bridge: {line}", file=sys.stderr, flush=True)


class BridgeSeat:
    """The SDK bot of one match: hands every decision to the worker, within the decision's budget."""

    def __init__(self, worker: Worker, match: Match, seed: int, seconds: float) -> None:
        self.worker = worker
        self.match = match
        self.seconds = seconds
        info = MatchInfo(
            game=match.game,
            variant=match.variant,
            players=match.players,
            options=dict(match.options),
            seat=match.seat,
            board=dict(match.board),
        )
        worker.open_match(match.match_id, info, seed)

    def act(self, request: Request) -> Any:
        legal = [a.text for a in request.legal]
        if not legal:  # only an open family is offered: the bridge always has a listed action to fall on
            log(f"ply {request.ply}: no listed action to answer with")
            return 0
        budget = self.seconds
        if budget <= 0:
            budget = (
                max(0.1, request.deadline_ms / 1000 - MARGIN_S) if request.deadline_ms > 0 else NO_DEADLINE_S
            )
        startup = max(0.0, request.time_bank_ms / 2000)  # a worker still starting may use half the bank
        answer = self.worker.decide(
            self.match.match_id, request.ply, request.observation, legal, budget, startup
        )
        if answer.note:
            log(answer.note)
        return answer.answer

    def on_match_end(self, end: Any) -> None:
        self.worker.end_match(self.match.match_id)


def main(argv: Sequence[str] | None = None) -> int:
    args = list(sys.argv[1:] if argv is None else argv)
    parser = argparse.ArgumentParser(
        prog="python -m catanatron_bridge",
        description="Play a catanatron player on an arena referee (SDK options: --address, --token, ...).",
        add_help=False,
    )
    parser.add_argument(
        "spec", nargs="?", help="catanatron:NAME[:KEY=VALUE...], e.g. catanatron:victory-point"
    )
    parser.add_argument("--check", action="store_true", help="only check that this environment seats SPEC")
    parser.add_argument("--list", action="store_true", help="list the players and their parameters")
    parser.add_argument("--seed", type=int, default=None)
    parser.add_argument("-h", "--help", action="store_true")
    known, rest = parser.parse_known_args(args)
    if known.help or (not known.spec and not known.list):
        parser.print_help()
        print("\nplayers:\n  " + "\n  ".join(describe()))
        return 0 if known.help else 2
    if known.list:
        print("\n".join(describe()))
        return 0
    try:
        spec = parse_spec(known.spec)
        from catanatron_bridge.players import player_class

        player_class(spec.info)
    except SpecError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    if known.check:
        from catanatron_bridge.players import installed

        print(f"{spec.text()}: seated with {installed()}")
        return 0
    seed_text = os.environ.get("ARENA_BOT_SEED")
    seed = known.seed if known.seed is not None else int(seed_text) if seed_text else None
    worker = Worker(spec.text())
    worker.start()  # catanatron loads in the worker while the bot connects and says hello

    def build(match: Match) -> BridgeSeat:
        own = seed if seed is not None else derive_seed("catanatron-bridge", match.match_id, match.seat)
        return BridgeSeat(worker, match, own, spec.seconds)

    sdk_args = [*rest]
    if "--name" not in sdk_args:
        sdk_args += ["--name", spec.text()]
    try:
        return sdk_main(PerMatch(build), sdk_args)
    finally:
        worker.stop()
