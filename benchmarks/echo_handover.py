"""What handing a message to gRPC costs on a bare echo, with and without Python work just before it.

Run ``python benchmarks/echo_handover.py [--transport unix|tcp] [--messages N] [--size BYTES]
[--work-us US]``: a bare ``grpc.aio`` server (this process, pinned to the first CPU) writes messages
of ``--size`` bytes to four echo client processes in turn (pinned to the other CPUs), one outstanding
at a time, as ``bench_roundtrip.py``'s 4-stream echo does, on the referee's event loop
(:mod:`engine.core.loops`). Each stream's messages go through the referee's own stream writer
(:class:`engine.referee.writer.StreamWriter`), which runs the first step of ``context.write`` on the
caller's stack: that step, the *hand-over*, is timed apart from the whole round trip. With ``--work-us US`` the server
first runs about that many microseconds of Python before each write (JSON texts of a list of small
dicts, a dict filled), as the referee builds a request and steps its match before handing it over.
The two measurements are taken by turns (without the work, then with it, ``--reps`` times) and the
medians printed.

Design detail: the hand-over sends the bytes and wakes the client, inside gRPC's C code; the referee's
own figure for it (``match_split.py``) is about twice the bare echo's. The work before it shows how
much of that difference is the caches that the Python work leaves to gRPC's code rather than
anything the referee adds to the write.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import shutil
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path
from typing import Any

import grpc

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from benchmarks.bench_roundtrip import ECHO_CLIENT, PIN_PREFIX, idle_policy, pin  # noqa: E402
from engine.core import loops  # noqa: E402
from engine.referee.writer import StreamWriter  # noqa: E402

STREAMS = 4
_ROWS = [{"key": list(range(n % 17)), "text": "x" * (n % 40), "n": n} for n in range(300)]


def python_work(microseconds: float) -> None:
    """Run Python for about ``microseconds``: JSON texts and a dict, a few hundred kB touched."""
    end = time.perf_counter() + microseconds / 1e6
    while time.perf_counter() < end:
        json.dumps(_ROWS[:60])
        table = {}
        for i in range(120):
            table[i] = (i, str(i))


def measure(transport: str, messages: int, size: int, work_us: float) -> tuple[list[int], list[int]]:
    """Hand-over and round-trip nanoseconds of ``messages`` writes over a fresh echo."""
    hand: list[int] = []
    trips: list[int] = []
    done = threading.Event()
    loop = loops.new_event_loop()
    streams: list[tuple[StreamWriter, list[asyncio.Future[None]]]] = []
    data = b"p" * size

    async def driver() -> None:
        running = asyncio.get_running_loop()
        for n in range(messages):
            writer, slot = streams[n % STREAMS]
            reply = slot[0] = running.create_future()
            if work_us:
                python_work(work_us)
            started = time.perf_counter_ns()
            writer.put(data)
            took = time.perf_counter_ns() - started
            queued = bool(writer.pending)  # behind a write still in flight: not handed over now
            await reply
            if not queued:
                hand.append(took)
                trips.append(time.perf_counter_ns() - started)
        done.set()

    async def stream(requests: Any, context: Any) -> None:
        slot: list[asyncio.Future[None]] = [asyncio.get_running_loop().create_future()]
        replies = aiter(requests)
        await anext(replies)
        # no other requests are out: the writer hands each message over at once, as for a lone match
        streams.append((StreamWriter(asyncio.get_running_loop(), context.write, ()), slot))
        if len(streams) == STREAMS:
            asyncio.get_running_loop().create_task(driver())
        async for _ in replies:
            slot[0].set_result(None)
            if done.is_set():
                return

    folder = tempfile.mkdtemp(prefix="echo-handover-")

    async def start() -> tuple[grpc.aio.Server, str]:
        server = grpc.aio.server()
        handler = grpc.stream_stream_rpc_method_handler(stream)
        server.add_generic_rpc_handlers(
            (grpc.method_handlers_generic_handler("bench.Echo", {"Stream": handler}),)
        )
        if transport == "unix":
            target = f"unix:{folder}/echo.sock"
            server.add_insecure_port(target)
        else:
            target = f"127.0.0.1:{server.add_insecure_port('127.0.0.1:0')}"
        await server.start()
        return server, target

    thread = threading.Thread(target=loop.run_forever, daemon=True)
    thread.start()
    server, target = asyncio.run_coroutine_threadsafe(start(), loop).result()
    clients = [
        subprocess.Popen(
            [*PIN_PREFIX, sys.executable, "-c", ECHO_CLIENT, target, "12"], stderr=subprocess.DEVNULL
        )
        for _ in range(STREAMS)
    ]
    finished = done.wait(300)
    asyncio.run_coroutine_threadsafe(server.stop(0), loop).result()
    for client in clients:
        client.wait(30)
    loop.call_soon_threadsafe(loop.stop)
    thread.join()
    loop.close()
    shutil.rmtree(folder, ignore_errors=True)
    if not finished:
        raise SystemExit("the echo clients did not answer in time")
    skip = min(100, messages // 10)  # the streams' first messages warm gRPC up
    return hand[skip:], trips[skip:]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--transport", choices=("unix", "tcp"), default="unix")
    parser.add_argument("--messages", type=int, default=2000, help="writes per measurement")
    parser.add_argument("--size", type=int, default=2300, help="bytes per message (a Catan request's median)")
    parser.add_argument("--work-us", type=float, default=100.0, help="Python run before each write, in µs")
    parser.add_argument("--reps", type=int, default=2, help="measurements of each kind, by turns")
    args = parser.parse_args()
    placement = f"{pin(True)}; {idle_policy()}; event loop: {loops.kind()}"
    rows: dict[str, list[tuple[float, float]]] = {}
    for _ in range(args.reps):
        for label, work in (
            ("no work before the write", 0.0),
            (f"{args.work_us:.0f} us of Python before it", args.work_us),
        ):
            hand, trips = measure(args.transport, args.messages, args.size, work)
            rows.setdefault(label, []).append((statistics.median(hand) / 1e3, statistics.median(trips) / 1e3))
    print(
        f"bare echo over {args.transport}, {STREAMS} streams in turn, {args.messages} messages of {args.size} bytes"
        f" per measurement, {args.reps} measurements by turns; {placement}"
    )
    for label, values in rows.items():
        hands = ", ".join(f"{h:.1f}" for h, _ in values)
        trips = ", ".join(f"{t:.0f}" for _, t in values)
        print(f"  {label:34s} hand-over median {hands} us   round trip p50 {trips} us")


if __name__ == "__main__":
    main()
