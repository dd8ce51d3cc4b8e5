"""A hostile neighbour on the same referee: how much it slows an innocent match's round trips.

Run ``python benchmarks/bench_neighbour.py [--reps R] [--matches N]``. One referee (this process)
plays 4-seat Puerto Rico matches against one SDK bot process that holds a bot key for all four seats
(the innocent match). Beside it, a hostile client process attacks the same referee without pause,
reconnecting with its own bot key each time the referee closes its stream:

- ``flood``: answers to requests that were never sent, as fast as gRPC takes them;
- ``oversized``: answers whose action text fills almost all of ``max_message_bytes`` (read, then refused);
- ``huge``: 1 MiB messages, above ``max_message_bytes`` (refused unread);
- ``garbage``: bytes that are not a BotMessage.

Each round trip is a remote decision of the innocent match (:mod:`benchmarks.decision_timer`), the whole cost the match loop pays
per remote decision. ``--pin`` puts the referee on the first CPU and the bots on the others; the
hostile process runs at the lowest priority (``nice 19``) beside the innocent bot. ``alone`` is the
unloaded figure; ``busy`` is a control, a process that only burns CPU beside the bot, which shows how
much of a change comes from sharing the bots' CPU rather than from the referee. Every measurement is
repeated ``R`` times, interleaved; a line gives the median over the repetitions. Target: every attack
within 1.5x of ``alone`` at p50.
"""

from __future__ import annotations

import argparse
import os
import shutil
import statistics
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

import engine  # noqa: E402
from benchmarks.bench_roundtrip import pct  # noqa: E402
from benchmarks.decision_timer import decision_times  # noqa: E402
from engine.referee import Remote, TimeControl, create_server  # noqa: E402
from engine.referee.seats import RemoteSeat  # noqa: E402

INNOCENT_KEY = "innocent"
HOSTILE_KEY = "hostile"
SDK_CLIENT = "from bots.sdk import run; run(lambda request: 0)"
BUSY = "while True: pass"
HOSTILE = """
import sys, grpc
from engine.wire import PROTOCOL_VERSION, referee_pb2
address, mode, key, limit = sys.argv[1], sys.argv[2], sys.argv[3], int(sys.argv[4])
hello = referee_pb2.BotMessage()
hello.hello.protocol_version = PROTOCOL_VERSION
hello.hello.bot_name = "hostile"
hello.hello.bot_key = key
answer = referee_pb2.BotMessage()
answer.answer.request_id = 1 << 60
if mode == "flood":
    answer.answer.index = 0
    payload = answer.SerializeToString()
elif mode == "oversized":
    answer.answer.action.text = "x" * (limit - 64)
    payload = answer.SerializeToString()
elif mode == "huge":
    payload = b"\\x00" * (1 << 20)
else:
    payload = b"\\xff" * 512
def messages():
    yield hello.SerializeToString()
    while True:
        yield payload
while True:
    channel = grpc.insecure_channel(address, options=[("grpc.max_send_message_length", 8 << 20)])
    call = channel.stream_stream("/arena.v1.Referee/Play", request_serializer=None, response_deserializer=None)
    try:
        for _ in call(messages()):
            pass
    except grpc.RpcError:
        pass
    channel.close()
"""

PIN: dict[str, list[str]] = {"bots": []}


def pin(enabled: bool) -> str:
    """Put this process on the first CPU and spawned processes on the others; describe the placement."""
    cpus = sorted(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else []
    taskset = shutil.which("taskset")
    if not enabled or len(cpus) < 2 or taskset is None:
        return "not pinned"
    os.sched_setaffinity(0, {cpus[0]})
    others = ",".join(str(c) for c in cpus[1:])
    PIN["bots"] = [taskset, "-c", others]
    return f"referee on CPU {cpus[0]}, bots on CPU {others}"


def spawn(code: str, *args: str, nice: bool = False, **extra_env: str) -> subprocess.Popen[bytes]:
    env = dict(os.environ, PYTHONPATH=str(ROOT), **extra_env)
    prefix = [*PIN["bots"], *(["nice", "-n", "19"] if nice and shutil.which("nice") else [])]
    return subprocess.Popen(
        [*prefix, sys.executable, "-c", code, *args],
        env=env,
        cwd=ROOT,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )


def innocent_round_trips(server: Any, matches: int, seed: int) -> list[float]:
    """The seconds of every unforced decision of ``matches`` innocent matches."""
    times: list[float] = []

    def innocent(seat: RemoteSeat, view: Any) -> bool:
        return not view.forced and seat.key is server.lobby.keys[INNOCENT_KEY]

    with decision_times(times, innocent):
        game = engine.load_game("puerto-rico", players=4)
        for n in range(matches):
            seats = [Remote("innocent", bot_key=INNOCENT_KEY) for _ in range(4)]
            server.open_match(game, seats, seed + n).start().wait(600)
    return times


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--reps", type=int, default=3, help="interleaved repetitions (default 3)")
    parser.add_argument("--matches", type=int, default=3, help="innocent matches per measurement (default 3)")
    parser.add_argument("--pin", action="store_true", help="referee on CPU 0, bots on the others")
    args = parser.parse_args()
    placement = pin(args.pin)
    server, port = create_server(control=TimeControl(join_timeout_s=60, deadline_ms=10_000))
    address = f"127.0.0.1:{port}"
    server.register_bot_key(INNOCENT_KEY, "innocent")
    server.register_bot_key(HOSTILE_KEY, "hostile")
    bot = spawn(SDK_CLIENT, ARENA_ADDRESS=address, ARENA_BOT_KEY=INNOCENT_KEY)
    modes = ["alone", "busy", "flood", "oversized", "huge", "garbage"]
    samples: dict[str, list[tuple[float, float, int]]] = {m: [] for m in modes}
    limit = server.max_message_bytes
    try:
        innocent_round_trips(server, 1, 10_000)  # warm up: caches, the bot's imports
        for rep in range(args.reps):
            for mode in modes:
                neighbour = None
                if mode == "busy":
                    neighbour = spawn(BUSY, nice=True)
                elif mode != "alone":
                    neighbour = spawn(HOSTILE, address, mode, HOSTILE_KEY, str(limit), nice=True)
                try:
                    time.sleep(0.5)  # the neighbour is under way
                    times = innocent_round_trips(server, args.matches, 100 * rep)
                finally:
                    if neighbour is not None:
                        neighbour.kill()
                        neighbour.wait()
                samples[mode].append((pct(times, 0.5), pct(times, 0.99), len(times)))
    finally:
        server.stop()
        bot.kill()
        bot.wait()
    print(f"hostile neighbour on one referee: Puerto Rico, 4 seats on one bot-key stream; {placement}")
    print(f"{args.reps} interleaved repetitions of {args.matches} innocent matches each")
    base = statistics.median(p50 for p50, _, _ in samples["alone"])
    print(f"{'neighbour':<12}{'decisions':>10}{'p50 ms':>10}{'p99 ms':>10}{'p50 / alone':>12}")
    for mode in modes:
        p50 = statistics.median(s[0] for s in samples[mode])
        p99 = statistics.median(s[1] for s in samples[mode])
        count = int(statistics.median(s[2] for s in samples[mode]))
        print(f"{mode:<12}{count:>10}{p50 * 1e3:>10.3f}{p99 * 1e3:>10.3f}{p50 / base:>12.2f}")


if __name__ == "__main__":
    main()
