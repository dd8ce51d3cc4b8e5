"""Command line of SDK bots: ``python -m bots NAME --address HOST:PORT --token T``.

Every option also reads an environment variable, so a spawned bot needs no arguments:
``ARENA_ADDRESS``, ``ARENA_TOKEN`` (a per-seat token) or ``ARENA_BOT_KEY`` (a registered bot's key),
``ARENA_BOT_SEED`` (the bot's own seed: a built-in bot's, or the ``seed`` of a class's constructor),
``ARENA_BEARER`` (bearer token), ``ARENA_TLS_CA`` (a PEM file of root certificates: use TLS).
"""

from __future__ import annotations

import argparse
import asyncio
import inspect
import os
import sys
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from google.protobuf import text_format

from bots.sdk.bridge import EngineBot
from bots.sdk.client import PerMatch, RefereeError, play_async
from bots.sdk.messages import Match
from engine.core import loops


def builtin_factory(name: str, seed: int | None = None) -> PerMatch:
    """A per-match factory running the built-in bot ``name`` (``bots/builtin.py``) over the wire.

    Its seed is ``seed``, or else derived from the match id and seat (see ``bots.builtin.bot_seed``).
    """
    from bots.builtin import bot_class, bot_seed

    cls = bot_class(name)

    def build(match: Match) -> EngineBot:
        own = seed if seed is not None else bot_seed(name, match.match_id, match.seat)
        return EngineBot(match, cls(own))

    return PerMatch(build)


def seeded(bot: Any, seed: int | None) -> Any:
    """``bot`` as ``run(bot)`` plays it: a class whose constructor takes a ``seed`` is built in every
    match with ``seed`` (``--seed`` or ``ARENA_BOT_SEED``, which a spawned bot gets), as a ``py:``
    class is; without a seed, or for any other bot, ``bot`` itself."""
    if seed is None or not inspect.isclass(bot):
        return bot
    try:
        takes_seed = "seed" in inspect.signature(bot).parameters
    except (TypeError, ValueError):
        return bot
    if not takes_seed:
        return bot
    cls: Any = bot
    return PerMatch(lambda match: cls(seed=seed))


def parser(prog: str, with_name: bool) -> argparse.ArgumentParser:
    env = os.environ.get
    p = argparse.ArgumentParser(prog=prog, description="Play on an arena referee over gRPC.")
    if with_name:
        p.add_argument(
            "bot",
            nargs="?",
            default=env("ARENA_BOT", "random"),
            help="built-in bot name, or py:FILE.py:Class[:KEY=VALUE]... (an SDK bot class)",
        )
    p.add_argument(
        "--address", default=env("ARENA_ADDRESS"), help="referee HOST:PORT or unix:PATH (env ARENA_ADDRESS)"
    )
    p.add_argument("--token", default=env("ARENA_TOKEN"), help="per-seat token (env ARENA_TOKEN)")
    p.add_argument("--bot-key", default=env("ARENA_BOT_KEY"), help="registered bot key (env ARENA_BOT_KEY)")
    seed = env("ARENA_BOT_SEED")
    p.add_argument(
        "--seed",
        type=int,
        default=int(seed) if seed else None,
        help="the bot's own seed (a class's: its constructor's seed) (env ARENA_BOT_SEED)",
    )
    p.add_argument("--name", default=None, help="display name sent in the hello")
    p.add_argument(
        "--version",
        default=env("ARENA_BOT_VERSION", ""),
        help="the bot's version, for a standing ladder (env ARENA_BOT_VERSION)",
    )
    p.add_argument("--want-forced", action="store_true", help="also receive forced decisions")
    p.add_argument(
        "--skip-forced",
        action="store_true",
        help="built-in bots: let the referee apply forced decisions (by default they see them, as in process)",
    )
    p.add_argument("--bearer", default=env("ARENA_BEARER"), help="bearer token (env ARENA_BEARER)")
    p.add_argument("--tls-ca", default=env("ARENA_TLS_CA"), help="PEM root certificates: use TLS")
    p.add_argument("--log", action="store_true", help="print every message to stderr")
    p.add_argument(
        "--reconnect",
        action="store_true",
        help="with --bot-key: connect again whenever the stream ends or the referee cannot be reached"
        " (a standing ladder); stop at a refusal of the key or version, or when another process"
        " takes the key's stream",
    )
    return p


FINAL_REFUSALS = {
    "ERROR_CODE_UNAUTHENTICATED",
    "UNAUTHENTICATED",
    "ERROR_CODE_BOT_VERSION",
    "INVALID_ARGUMENT",
    "ERROR_CODE_NOT_YOUR_BOT",
    "PERMISSION_DENIED",
    "ERROR_CODE_VERSION",
}
"""Refusals that connecting again cannot change (a wrong key, a refused version): ``--reconnect`` stops."""

TAKEN_OVER = {"ERROR_CODE_TOKEN_USED", "ALREADY_EXISTS"}
"""The end of a bot-key stream that a newer stream with the same key took over: another process plays
with the key, and connecting again would only take it back (each taking the stream from the other
until the referee refuses the key for flooding), so the older process stops, ``--reconnect`` or not."""
TAKEN_OVER_TEXT = (
    "another process is playing with this bot key (its stream took over this one's matches); "
    "stopping: run one process per key"
)


def _log(direction: str, msg: Any) -> None:
    print(direction, text_format.MessageToString(msg, as_one_line=True)[:400], file=sys.stderr, flush=True)


def main(bot: Any = None, argv: Sequence[str] | None = None, *, builtin: str | None = None) -> int:
    """Run ``bot`` (a function, a class or a factory), or the built-in bot named on the command line."""
    with_name = bot is None and builtin is None
    args = parser("python -m bots" if with_name else (builtin or "bot"), with_name).parse_args(argv)
    if not args.address or not (args.token or args.bot_key):
        print("error: need --address and --token (or ARENA_ADDRESS and ARENA_TOKEN)", file=sys.stderr)
        return 2
    name = builtin or (args.bot if with_name else None)
    is_class_spec = name is not None and name.startswith("py:")
    if is_class_spec:
        assert name is not None
        from bots.pyclass import PyBotError, sdk_factory

        try:
            bot = sdk_factory(name, args.seed)
        except PyBotError as exc:
            print(f"error: {exc}", file=sys.stderr)
            return 2
    elif name is not None:
        bot = builtin_factory(name, args.seed)
    else:
        bot = seeded(bot, args.seed)
    ca = Path(args.tls_ca).read_bytes() if args.tls_ca else None
    options: dict[str, Any] = {
        "token": args.token or None,
        "bot_key": None if args.token else args.bot_key,
        "name": args.name or name or "python-bot",
        "version": args.version,
        "want_forced": args.want_forced or (name is not None and not args.skip_forced),
        # an author's class is told over the wire what a py: seat is told in process
        "typed_observation": is_class_spec,
        "typed_events": is_class_spec,
        "bearer_token": args.bearer,
        "root_certificates": ca,
        "on_message": _log if args.log else None,
    }
    return loops.run(_play_on(bot, args, options))


class Outage:
    """What ``--reconnect`` says while it cannot connect: the first failure, then a line a minute, and
    how long it took once a referee welcomes the bot again (not a line per attempt)."""

    EVERY_S = 60.0

    def __init__(self) -> None:
        self.attempts = 0
        self.since = 0.0
        self.said = 0.0

    def failed(self, reason: str) -> None:
        now = time.monotonic()
        self.attempts += 1
        if self.attempts == 1:
            self.since = self.said = now
            print(f"the stream ended ({reason}); connecting again every second", file=sys.stderr)
        elif now - self.said >= self.EVERY_S:
            self.said = now
            print(
                f"still not connected after {self.attempts} attempts ({now - self.since:.0f} s): {reason}",
                file=sys.stderr,
            )

    def connected(self) -> None:
        if self.attempts:
            took = time.monotonic() - self.since
            tries = f"{self.attempts} attempt" + ("" if self.attempts == 1 else "s")
            print(f"connected again after {tries} ({took:.0f} s)", file=sys.stderr)
        self.attempts = 0


async def _play_on(bot: Any, args: argparse.Namespace, options: dict[str, Any]) -> int:
    """Play; with ``--reconnect`` and a bot key, again and again, on one event loop (gRPC's channels
    of a closed loop would still call into it); the exit code."""
    reconnect = bool(args.reconnect and options["bot_key"])
    outage = Outage()
    inner = options.get("on_message")

    def on_message(direction: str, msg: Any) -> None:
        if direction == "<-" and msg.WhichOneof("kind") == "welcome":
            outage.connected()
        if inner is not None:
            inner(direction, msg)

    options = {**options, "on_message": on_message}
    while True:
        try:
            session = await play_async(bot, args.address, **options)
        except RefereeError as exc:
            if options["bot_key"] and exc.code in TAKEN_OVER:
                print(f"error: {TAKEN_OVER_TEXT}", file=sys.stderr)
                return 1
            if reconnect and exc.code not in FINAL_REFUSALS:
                outage.failed(str(exc))
                await asyncio.sleep(1.0)
                continue
            if exc.code == "UNAVAILABLE":  # nothing refused the bot: nothing answered
                print(
                    f"error: no referee answers at {args.address} ({exc}); with a bot key, --reconnect waits for one",
                    file=sys.stderr,
                )
            elif exc.code == "STREAM_LOST":
                print(f"error: {exc.message}", file=sys.stderr)
            else:
                print(f"error: the referee refused the bot: {exc}", file=sys.stderr)
            return 1
        for end in session.ends:
            print(f"{end.match_id}: seat {end.seat} placed {end.place} ({end.termination})", file=sys.stderr)
        if not reconnect:
            return 0
        await asyncio.sleep(1.0)
