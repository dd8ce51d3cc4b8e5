"""Referee latency: a decision round trip beside a bare gRPC echo, and a full match over gRPC vs in process.

Run ``python benchmarks/bench_roundtrip.py [--matches N]``. Three measurements, one run:

1. **echo**: a bare ``grpc.aio`` bidirectional stream on loopback. The server sends a payload as large
   as the median Puerto Rico decision request; a client process answers each with a message as large
   as an Answer. Timed on the server, from the write to the reply.
2. **referee**: the same shape through the referee: a Python SDK bot process (``act`` returns 0)
   answers every decision request of Puerto Rico matches. Timed as ``RemoteSeat.act_async``, the whole
   cost the match loop pays per remote decision (building the request, the wire, the answer; the match
   runs as a task on the referee's event loop, so there is no thread hop).
   Target: p50 at most 1.5x the echo.
3. **match**: a 4-bot Catan match (random bots, same seeds) over gRPC with four SDK bot processes
   against the same match in process. Target: at most 3x.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import statistics
import subprocess
import sys
import threading
import time
from pathlib import Path
from typing import Any

import grpc

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

import engine  # noqa: E402
from bots.builtin import bot_seed, make_bot  # noqa: E402
from engine.core.match import play_match  # noqa: E402
from engine.referee import Remote, TimeControl, create_server  # noqa: E402
from engine.referee.lobby import Connection  # noqa: E402
from engine.referee.seats import RemoteSeat  # noqa: E402

ECHO_METHOD = "/bench.Echo/Stream"
ECHO_CLIENT = """
import asyncio, sys, grpc
async def main():
    async with grpc.aio.insecure_channel(sys.argv[1]) as ch:
        call = ch.stream_stream("/bench.Echo/Stream", request_serializer=None, response_deserializer=None)()
        await call.write(b"hello")
        reply = b"r" * int(sys.argv[2])
        while True:
            msg = await call.read()
            if msg is grpc.aio.EOF:
                break
            await call.write(reply)
        await call.done_writing()
asyncio.run(main())
"""
SDK_CLIENT = "from bots.sdk import run; run(lambda request: 0)"


def pct(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def echo_round_trips(payload: int, reply: int, count: int) -> list[float]:
    """Server-timed ping-pong on a bare grpc.aio stream; seconds per round trip."""
    times: list[float] = []
    done = threading.Event()
    loop = asyncio.new_event_loop()

    async def handler(requests: Any, context: Any) -> Any:
        stream = aiter(requests)
        await anext(stream)
        data = b"p" * payload
        for _ in range(count):
            started = time.perf_counter()
            yield data
            await anext(stream)
            times.append(time.perf_counter() - started)
        done.set()

    async def start() -> tuple[grpc.aio.Server, int]:
        server = grpc.aio.server()
        handlers = {"Stream": grpc.stream_stream_rpc_method_handler(handler)}
        server.add_generic_rpc_handlers((grpc.method_handlers_generic_handler("bench.Echo", handlers),))
        port = server.add_insecure_port("127.0.0.1:0")
        await server.start()
        return server, port

    thread = threading.Thread(target=loop.run_forever, daemon=True)
    thread.start()
    server, port = asyncio.run_coroutine_threadsafe(start(), loop).result()
    client = subprocess.Popen([sys.executable, "-c", ECHO_CLIENT, f"127.0.0.1:{port}", str(reply)])
    done.wait(120)
    client.wait(30)
    asyncio.run_coroutine_threadsafe(server.stop(0), loop).result()
    loop.call_soon_threadsafe(loop.stop)
    thread.join()
    # Design detail: the yield returns once the message is queued, so the timer covers the write,
    # the client's read and write, and our read: the same span as RemoteSeat.act_async's wait.
    return times


def referee_round_trips(matches: int) -> tuple[list[float], list[int]]:
    """RemoteSeat.act_async times (seconds) and request sizes (bytes) over Puerto Rico matches."""
    times: list[float] = []
    sizes: list[int] = []
    original = RemoteSeat.act_async

    async def timed(self: RemoteSeat, view: Any) -> Any:
        started = time.perf_counter()
        answer = await original(self, view)
        if not view.forced:
            times.append(time.perf_counter() - started)
        return answer

    send_bytes = Connection.send_bytes

    def sized(self: Connection, data: bytes) -> None:
        # Design detail: the size is taken from the bytes the referee sends (a wire log would parse
        # every request inside the timed span); 0x1a opens RefereeMessage.decision.
        if data[:1] == b"\x1a":
            sizes.append(len(data))
        send_bytes(self, data)

    RemoteSeat.act_async = timed  # type: ignore[method-assign]
    Connection.send_bytes = sized  # type: ignore[method-assign]
    try:
        server, port = create_server(control=TimeControl(join_timeout_s=60))
        game = engine.load_game("puerto-rico", players=4)
        for seed in range(matches):
            session = server.open_match(game, [Remote(f"sdk{s}") for s in range(4)], seed)
            procs = [_spawn([sys.executable, "-c", SDK_CLIENT], port, session.tokens[s]) for s in range(4)]
            session.wait_joined(60)
            session.start().wait(300)
            for proc in procs:
                proc.wait(30)
        server.stop()
    finally:
        RemoteSeat.act_async = original  # type: ignore[method-assign]
        Connection.send_bytes = send_bytes  # type: ignore[method-assign]
    return times, sizes


def _spawn(cmd: list[str], port: int, token: str, seed: int | None = None) -> subprocess.Popen[bytes]:
    env = dict(os.environ, ARENA_ADDRESS=f"127.0.0.1:{port}", ARENA_TOKEN=token, PYTHONPATH=str(ROOT))
    if seed is not None:
        env["ARENA_BOT_SEED"] = str(seed)
    return subprocess.Popen(cmd, env=env, cwd=ROOT, stderr=subprocess.DEVNULL)


def match_times(seeds: list[int], game_id: str, forced: bool) -> tuple[list[float], list[float], int]:
    """Wall seconds of the same 4-bot random matches over gRPC and in process; also requests sent."""
    game = engine.load_game(game_id, players=4)
    server, port = create_server(control=TimeControl(join_timeout_s=60))
    remote: list[float] = []
    local: list[float] = []
    requests = 0
    counter = {"n": 0}
    original = RemoteSeat.act_async

    async def counted(self: RemoteSeat, view: Any) -> Any:
        if not view.forced or forced:
            counter["n"] += 1
        return await original(self, view)

    RemoteSeat.act_async = counted  # type: ignore[method-assign]
    try:
        for seed in seeds:
            session = server.open_match(game, [Remote("random") for _ in range(4)], seed)
            flags = [] if forced else ["--skip-forced"]
            procs = [
                _spawn(
                    [sys.executable, "-m", "bots", "random", *flags],
                    port,
                    session.tokens[s],
                    bot_seed("random", seed, s),
                )
                for s in range(4)
            ]
            session.wait_joined(60)
            started = time.perf_counter()
            record = session.start().wait(600)
            remote.append(time.perf_counter() - started)
            for proc in procs:
                proc.wait(30)
            bots = [make_bot("random", game_id, s, seed) for s in range(4)]
            started = time.perf_counter()
            same = play_match(game, bots, seed)
            local.append(time.perf_counter() - started)
            if forced:
                assert same.result == record.result, "over gRPC and in process differ"
        requests = counter["n"]
    finally:
        RemoteSeat.act_async = original  # type: ignore[method-assign]
        server.stop()
    return remote, local, requests


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--matches", type=int, default=3, help="matches per measurement")
    args = parser.parse_args()

    ref_times, sizes = referee_round_trips(args.matches)
    payload = int(statistics.median(sizes))
    echo = echo_round_trips(payload, 12, len(ref_times))
    e50, e90 = pct(echo, 0.5) * 1e6, pct(echo, 0.9) * 1e6
    r50, r90 = pct(ref_times, 0.5) * 1e6, pct(ref_times, 0.9) * 1e6
    print(f"decision round trip, Puerto Rico, {len(ref_times)} requests of median {payload} bytes")
    print(f"  bare grpc.aio echo : p50 {e50:7.0f} us   p90 {e90:7.0f} us")
    print(f"  referee + SDK bot  : p50 {r50:7.0f} us   p90 {r90:7.0f} us   ({r50 / e50:.2f}x echo at p50)")

    seeds = list(range(1, args.matches + 1))
    for forced in (False, True):
        remote, local, requests = match_times(seeds, "catan", forced)
        mode = "bots see forced decisions too" if forced else "referee applies forced decisions"
        ratio = statistics.median(remote) / statistics.median(local)
        print(f"full 4-bot Catan match ({mode}), median of {len(seeds)}:")
        print(
            f"  over gRPC {statistics.median(remote) * 1000:7.1f} ms   in process "
            f"{statistics.median(local) * 1000:7.1f} ms   ({ratio:.1f}x; {requests // len(seeds)} requests/match)"
        )


if __name__ == "__main__":
    main()
