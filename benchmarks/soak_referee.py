"""Soak: many matches on one long-lived referee, and its resident memory after every batch.

Run ``python benchmarks/soak_referee.py [--game catan] [--matches 500] [--every 50]``. One referee
(this process) plays match after match; in each, one seat is played over a seat token by a plain
synchronous gRPC client on a thread of this process that answers every request with index 0, one by an
SDK bot that stays connected with a bot key for the whole run, and the others in process by the random
bot. (The guest is not the SDK: ``asyncio.run`` in a new thread per match would leave one event loop
per match in gRPC's own per-loop registry, a cost of the client, not of the referee.) After every ``--every``
matches the script collects garbage and prints the resident set size (VmRSS), the objects the lobby
still holds and the threads alive. A referee that gives back what each match held shows a flat curve
after the first batches have warmed its caches.
"""

from __future__ import annotations

import argparse
import gc
import queue
import sys
import threading
import time
from pathlib import Path

import grpc

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

import engine  # noqa: E402
from bots.builtin import make_bot  # noqa: E402
from bots.sdk.client import play  # noqa: E402
from engine.referee import Remote, TimeControl, create_server  # noqa: E402
from engine.wire import PROTOCOL_VERSION, SERVICE, referee_pb2  # noqa: E402


def rss_kib() -> int:
    for line in Path("/proc/self/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1])
    return 0


def guest(address: str, token: str) -> None:
    """Play one seat over its token with a synchronous stream: index 0 for every request."""
    outbox: queue.Queue[bytes | None] = queue.Queue()
    hello = referee_pb2.BotMessage()
    hello.hello.protocol_version = PROTOCOL_VERSION
    hello.hello.bot_name = "guest"
    hello.hello.seat_token = token
    outbox.put(hello.SerializeToString())
    with grpc.insecure_channel(address) as channel:
        call = channel.stream_stream(
            f"/{SERVICE}/Play",
            request_serializer=None,
            response_deserializer=referee_pb2.RefereeMessage.FromString,
        )(iter(outbox.get, None))
        for msg in call:
            if msg.WhichOneof("kind") == "decision":
                answer = referee_pb2.BotMessage()
                answer.answer.request_id = msg.decision.request_id
                answer.answer.index = 0
                outbox.put(answer.SerializeToString())
        outbox.put(None)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--game", default="catan")
    parser.add_argument("--matches", type=int, default=500)
    parser.add_argument("--every", type=int, default=50)
    args = parser.parse_args()
    game = engine.load_game(args.game, players=4)
    server, _ = create_server(control=TimeControl(join_timeout_s=60))
    server.register_bot_key("resident", "resident")
    resident = threading.Thread(
        target=play, args=(lambda request: 0, server.address), kwargs={"bot_key": "resident"}, daemon=True
    )
    resident.start()
    print(f"soak: {args.matches} {game.ref.canonical()} matches on one referee")
    print(f"{'matches':>8}{'RSS MiB':>10}{'tokens':>8}{'live streams':>14}{'threads':>9}{'s':>8}")
    started = time.perf_counter()
    try:
        for n in range(args.matches):
            bots = [make_bot("random", game.ref.game, seat, n) for seat in (2, 3)]
            seats = [Remote("guest"), Remote("resident", bot_key="resident"), *bots]
            session = server.open_match(game, seats, seed=n)
            player = threading.Thread(target=guest, args=(server.address, session.tokens[0]))
            player.start()
            session.start().wait(600)
            player.join(60)
            if (n + 1) % args.every == 0:
                gc.collect()
                lobby = server.lobby
                print(
                    f"{n + 1:>8}{rss_kib() / 1024:>10.1f}{len(lobby.tokens):>8}{len(lobby.live):>14}"
                    f"{threading.active_count():>9}{time.perf_counter() - started:>8.0f}",
                    flush=True,
                )
    finally:
        server.stop()


if __name__ == "__main__":
    main()
