"""Referee latency: a decision round trip beside a bare gRPC echo, and a full match over gRPC vs in process.

Run ``python benchmarks/bench_roundtrip.py [--reps R] [--matches N] [--transports tcp,unix]
[--streams 1,4] [--match-modes skip,forced] [--pin]``. Every
measurement is repeated ``R`` times, interleaved (echo, referee, echo, referee, ...), so a slow spell of
the machine touches both sides; each line gives the median over the repetitions of each repetition's
percentile. Each transport is measured on its own: TCP on loopback (remote bots) and the referee's
Unix domain socket (the bots it spawns on its machine), each against an echo over the same transport.
``--pin`` puts this process (referee, echo server) on one CPU and the bots and echo clients on the
others: the scheduler then stops moving them, which makes the figures much steadier between runs.

1. **echo**: bare ``grpc.aio`` bidirectional streams on loopback. The server sends a payload as large
   as the median Puerto Rico decision request; a client process answers each with a message as large
   as an Answer. Timed on the server, from the write to the reply. One stream (the plain echo), and
   four streams of four client processes taken in turn (the traffic of a 4-seat match).
2. **referee**: the same shape through the referee: Python SDK bots (``act`` returns 0) answer every
   decision request of 4-seat Puerto Rico matches, either four bot processes (one seat token each) or
   one process with a bot key playing all four seats on one stream. Timed from the seat's asking to
   the checked answer (:mod:`benchmarks.decision_timer`), the whole cost the match loop pays per remote decision: building the request (observation, events,
   legal actions), the wire, reading and checking the answer. ``wire`` is the part from handing the
   request bytes to the stream to the answer's arrival. Targets at p50: four bot processes at most
   1.3x the 4-stream echo, one stream at most 1.5x the 1-stream echo.
3. **match**: a 4-bot Catan match (random bots, same seeds) over gRPC with four long-lived SDK bot
   processes against the same match in process. ``floor`` is the match's own requests replayed on a
   bare echo over the same transport (each to the stream of the bot it went to, in the same order, of
   the same sizes, one at a time, each answered by an Answer-sized reply) plus the same match in
   process. Target: at most 1.5x the floor. Not in the floor: the MatchStart and MatchEnd messages (one
   way, eight a match) and the SDK's work in the bot (reading the request, building the engine's view
   for the built-in bot): those are the wire's and the SDK's costs that the target is about.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import os
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

import engine  # noqa: E402
from benchmarks.decision_timer import decision_times  # noqa: E402
from bots.builtin import bot_seed, make_bot  # noqa: E402
from engine.core.match import play_match  # noqa: E402
from engine.referee import Remote, TimeControl, create_server  # noqa: E402
from engine.referee.lobby import Connection, Lobby  # noqa: E402

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
BOT_KEY = "bench-key"


PIN_PREFIX: list[str] = []
"""With ``--pin``: the ``taskset`` prefix that puts a spawned process (bot, echo client) on its CPUs."""


def pin(enabled: bool) -> str:
    """Put this process on the first CPU and spawned processes on the others; describe the placement.

    Design detail: the children are placed by ``taskset`` rather than by a ``preexec_fn``, which would
    run Python between fork and exec while gRPC's threads are live.
    """
    cpus = sorted(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else []
    taskset = shutil.which("taskset")
    if not enabled:
        return "not pinned"
    if len(cpus) < 2 or taskset is None:
        return "not pinned (needs two CPUs and taskset)"
    os.sched_setaffinity(0, {cpus[0]})
    PIN_PREFIX[:] = [taskset, "-c", ",".join(str(c) for c in cpus[1:])]
    return f"pinned: referee and echo server on CPU {cpus[0]}, bots and echo clients on CPUs {cpus[1:]}"


def idle_policy() -> str:
    """How this machine's idle cores wait, where Linux says: the cpuidle governor, and for ``haltpoll``
    (a KVM guest's) how long a core polls before it halts.

    Design detail: a remote decision leaves the referee's and the bots' cores idle while the other side
    works, so a machine whose idle cores halt at once pays a wake-up at every message, a bare echo's
    included: every figure here moves with it (``docs/wire-speed.md``).
    """
    root = Path("/sys/devices/system/cpu/cpuidle")
    try:
        governor = (root / "current_governor").read_text().strip()
    except OSError:
        return "idle policy unknown"
    if governor != "haltpoll":
        return f"idle governor {governor}"
    try:
        poll_ns = int(Path("/sys/module/haltpoll/parameters/guest_halt_poll_ns").read_text())
    except (OSError, ValueError):
        return "idle governor haltpoll"
    if poll_ns <= 0:
        return "idle governor haltpoll, halting at once (guest_halt_poll_ns 0)"
    return f"idle governor haltpoll, polling {poll_ns // 1000} us before a halt"


def pct(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def echo_round_trips(
    payload: int, reply: int, count: int, streams: int = 1, transport: str = "tcp"
) -> list[float]:
    """Server-timed ping-pong on bare grpc.aio streams; seconds per round trip.

    ``transport`` ``tcp`` listens on loopback, ``unix`` on a Unix domain socket (as the referee does
    for the bots it spawns).

    One stream: the handler writes and reads in turn (a generator, the plainest echo). Several
    streams: a driver writes to each stream in turn with ``context.write`` and waits for its reply,
    which the stream's handler reads; one message is outstanding at a time.
    """
    times: list[float] = []
    done = threading.Event()
    loop = asyncio.new_event_loop()
    data = b"p" * payload
    contexts: list[tuple[Any, list[asyncio.Future[None]]]] = []

    async def one(requests: Any, context: Any) -> Any:
        stream = aiter(requests)
        await anext(stream)
        for _ in range(count):
            started = time.perf_counter()
            yield data
            await anext(stream)
            times.append(time.perf_counter() - started)
        done.set()

    async def driver() -> None:
        for n in range(count):
            context, slot = contexts[n % streams]
            reply_future = slot[0] = asyncio.get_running_loop().create_future()
            started = time.perf_counter()
            await context.write(data)
            await reply_future
            times.append(time.perf_counter() - started)
        done.set()

    async def many(requests: Any, context: Any) -> None:
        slot: list[asyncio.Future[None]] = [asyncio.get_running_loop().create_future()]
        stream = aiter(requests)
        await anext(stream)
        contexts.append((context, slot))
        if len(contexts) == streams:
            asyncio.get_running_loop().create_task(driver())
        async for _ in stream:
            slot[0].set_result(None)
            if done.is_set():
                return

    async def start() -> tuple[grpc.aio.Server, int]:
        server = grpc.aio.server()
        handler = grpc.stream_stream_rpc_method_handler(one if streams == 1 else many)
        server.add_generic_rpc_handlers(
            (grpc.method_handlers_generic_handler("bench.Echo", {"Stream": handler}),)
        )
        if transport == "unix":
            server.add_insecure_port(f"unix:{folder}/echo.sock")
            port = 0
        else:
            port = server.add_insecure_port("127.0.0.1:0")
        await server.start()
        return server, port

    folder = tempfile.mkdtemp(prefix="bench-echo-")
    thread = threading.Thread(target=loop.run_forever, daemon=True)
    thread.start()
    server, port = asyncio.run_coroutine_threadsafe(start(), loop).result()
    target = f"unix:{folder}/echo.sock" if transport == "unix" else f"127.0.0.1:{port}"
    clients = [
        subprocess.Popen(
            [*PIN_PREFIX, sys.executable, "-c", ECHO_CLIENT, target, str(reply)],
            stderr=subprocess.DEVNULL,
        )
        for _ in range(streams)
    ]
    done.wait(120)
    asyncio.run_coroutine_threadsafe(server.stop(0), loop).result()
    for client in clients:
        client.wait(30)
    loop.call_soon_threadsafe(loop.stop)
    thread.join()
    shutil.rmtree(folder, ignore_errors=True)
    # Design detail: the write returns once the message is queued, so the timer covers the write,
    # the client's read and write, and our read: the same span as a remote decision's wait.
    return times


class ReplayEcho:
    """Bare grpc.aio echo streams to replay a match's requests on, kept for several replays.

    One client process per stream answers each message with ``reply`` bytes; :meth:`replay` writes
    the messages of a plan in order, one outstanding at a time, and times each from the write to the
    reply (as :func:`echo_round_trips` does). Made before the matches it serves, so its clients start
    while the bots warm up.
    """

    def __init__(self, streams: int, reply: int, transport: str) -> None:
        self._streams = streams
        self._contexts: list[tuple[Any, list[asyncio.Future[None]]]] = []
        self._joined = threading.Event()
        self._folder = tempfile.mkdtemp(prefix="bench-echo-")
        self._loop = asyncio.new_event_loop()
        self._thread = threading.Thread(target=self._loop.run_forever, daemon=True)
        self._thread.start()
        self._server, target = asyncio.run_coroutine_threadsafe(self._start(transport), self._loop).result()
        self._clients = [
            subprocess.Popen(
                [*PIN_PREFIX, sys.executable, "-c", ECHO_CLIENT, target, str(reply)],
                stderr=subprocess.DEVNULL,
            )
            for _ in range(streams)
        ]

    async def _start(self, transport: str) -> tuple[grpc.aio.Server, str]:
        server = grpc.aio.server()
        handler = grpc.stream_stream_rpc_method_handler(self._stream)
        server.add_generic_rpc_handlers(
            (grpc.method_handlers_generic_handler("bench.Echo", {"Stream": handler}),)
        )
        if transport == "unix":
            target = f"unix:{self._folder}/echo.sock"
            server.add_insecure_port(target)
        else:
            target = f"127.0.0.1:{server.add_insecure_port('127.0.0.1:0')}"
        await server.start()
        return server, target

    async def _stream(self, requests: Any, context: Any) -> None:
        slot: list[asyncio.Future[None]] = [asyncio.get_running_loop().create_future()]
        stream = aiter(requests)
        await anext(stream)
        self._contexts.append((context, slot))
        if len(self._contexts) == self._streams:
            self._joined.set()
        async for _ in stream:
            if not slot[0].done():
                slot[0].set_result(None)

    async def _drive(self, sequence: list[tuple[int, bytes]]) -> list[float]:
        times: list[float] = []
        for stream, message in sequence:
            context, slot = self._contexts[stream]
            reply = slot[0] = asyncio.get_running_loop().create_future()
            started = time.perf_counter()
            await context.write(message)
            await reply
            times.append(time.perf_counter() - started)
        return times

    def replay(self, plan: list[tuple[int, int]]) -> list[float]:
        """Seconds of each round trip of ``plan``: a message of ``size`` bytes to stream ``stream``
        for each ``(stream, size)``."""
        if not self._joined.wait(120):
            raise SystemExit("the echo clients did not connect")
        blobs = {size: b"p" * size for _stream, size in plan}
        sequence = [(stream, blobs[size]) for stream, size in plan]
        return asyncio.run_coroutine_threadsafe(self._drive(sequence), self._loop).result()

    def close(self) -> None:
        asyncio.run_coroutine_threadsafe(self._server.stop(0), self._loop).result()
        for client in self._clients:
            client.wait(30)
        self._loop.call_soon_threadsafe(self._loop.stop)
        self._thread.join()
        shutil.rmtree(self._folder, ignore_errors=True)


def bot_address(server: Any, transport: str) -> str:
    """Where a bot dials: the referee's Unix socket (``unix``) or its TCP address (``tcp``)."""
    if transport == "unix":
        if server.local_address is None:
            raise SystemExit("the referee has no Unix socket on this platform")
        return str(server.local_address)
    return str(server.address)


def referee_round_trips(
    matches: int, streams: int, transport: str = "tcp"
) -> tuple[list[float], list[float], list[int]]:
    """Per remote decision of 4-seat Puerto Rico matches: decision seconds, wire seconds, request bytes.

    ``streams`` 4: four SDK bot processes with a seat token each; 1: one process with a bot key
    playing every seat on one stream.
    """
    times: list[float] = []
    wire: list[float] = []
    sizes: list[int] = []
    sent_at: dict[int, float] = {}
    timer = contextlib.ExitStack()
    send_bytes = Connection.send_bytes
    answer = Lobby.answer

    def sized(self: Connection, data: bytes) -> None:
        # Design detail: the size is taken from the bytes the referee sends (a wire log would parse
        # every request inside the timed span); 0x1a opens RefereeMessage.decision.
        if data[:1] == b"\x1a":
            sizes.append(len(data))
            sent_at[len(sizes)] = time.perf_counter()
        send_bytes(self, data)

    def arrived(self: Lobby, conn: Connection, msg: Any) -> int:
        sent = sent_at.pop(len(sizes), None)
        if sent is not None:
            wire.append(time.perf_counter() - sent)
        return answer(self, conn, msg)

    Connection.send_bytes = sized  # type: ignore[method-assign]
    Lobby.answer = arrived  # type: ignore[method-assign, assignment]
    try:
        timer.enter_context(decision_times(times))
        server, _port = create_server(control=TimeControl(join_timeout_s=60))
        server.register_bot_key(BOT_KEY, "sdk")
        address = bot_address(server, transport)
        game = engine.load_game("puerto-rico", players=4)
        keyed = None
        if streams == 1:
            keyed = _spawn([sys.executable, "-c", SDK_CLIENT], address, bot_key=BOT_KEY)
        for seed in range(matches):
            if keyed is not None:
                session = server.open_match(game, [Remote("sdk", bot_key=BOT_KEY) for _ in range(4)], seed)
                session.start().wait(300)
                continue
            session = server.open_match(game, [Remote(f"sdk{s}") for s in range(4)], seed)
            procs = [_spawn([sys.executable, "-c", SDK_CLIENT], address, session.tokens[s]) for s in range(4)]
            session.wait_joined(60)
            session.start().wait(300)
            for proc in procs:
                proc.wait(30)
        server.stop()
        if keyed is not None:
            keyed.wait(30)
    finally:
        timer.close()
        Connection.send_bytes = send_bytes  # type: ignore[method-assign]
        Lobby.answer = answer  # type: ignore[method-assign]
    return times, wire, sizes


def _spawn(
    cmd: list[str], address: str, token: str = "", seed: int | None = None, bot_key: str = ""
) -> subprocess.Popen[bytes]:
    env = dict(os.environ, ARENA_ADDRESS=address, PYTHONPATH=str(ROOT))
    env.pop("ARENA_TOKEN", None)
    env.pop("ARENA_BOT_KEY", None)
    if token:
        env["ARENA_TOKEN"] = token
    if bot_key:
        env["ARENA_BOT_KEY"] = bot_key
    if seed is not None:
        env["ARENA_BOT_SEED"] = str(seed)
    return subprocess.Popen([*PIN_PREFIX, *cmd], env=env, cwd=ROOT, stderr=subprocess.DEVNULL)


def match_times(
    seeds: list[int], game_id: str, forced: bool, transport: str = "tcp"
) -> tuple[list[float], list[float], list[float], list[list[tuple[int, int]]]]:
    """Wall seconds of 4-bot random matches over gRPC and in process, their floors, each match's requests.

    The four bot processes are long-lived registered bots (one bot key each, as in a ladder), started
    once and warmed up by one untimed match, so the timed matches do not include Python starting and
    importing. Each bot has a fixed seed; the in-process bots get the same seeds, so both sides play
    the same moves, and with ``forced`` (the bots see every decision, as in process) the results are
    checked to be identical. A match's requests are listed in the order sent as ``(stream, bytes)``,
    the stream numbered 0-3 by the bot's first request. Its floor: those requests replayed on a bare
    echo (:class:`ReplayEcho`: the same streams, order and sizes, one outstanding at a time, an
    Answer-sized reply) plus the same match in process.
    """
    game = engine.load_game(game_id, players=4)
    server, _port = create_server(control=TimeControl(join_timeout_s=60))
    address = bot_address(server, transport)
    keys = [f"bench-seat-{seat}" for seat in range(4)]
    for key in keys:
        server.register_bot_key(key, "random")
    flags = [] if forced else ["--skip-forced"]
    procs = [
        _spawn(
            [sys.executable, "-m", "bots", "random", *flags],
            address,
            seed=bot_seed("random", 0, s),
            bot_key=key,
        )
        for s, key in enumerate(keys)
    ]
    echo = ReplayEcho(4, 12, transport)
    remote: list[float] = []
    local: list[float] = []
    floors: list[float] = []
    plans: list[list[tuple[int, int]]] = []
    streams: dict[int, int] = {}
    send_bytes = Connection.send_bytes

    def recorded(self: Connection, data: bytes) -> None:
        if data[:1] == b"\x1a" and plans:  # 0x1a opens RefereeMessage.decision
            plans[-1].append((streams.setdefault(id(self), len(streams)), len(data)))
        send_bytes(self, data)

    def seats() -> list[Remote]:
        return [Remote("random", bot_key=key) for key in keys]

    Connection.send_bytes = recorded  # type: ignore[method-assign]
    try:
        server.open_match(game, seats(), 0).start().wait(600)  # warm-up: connects and imports
        for seed in seeds:
            plans.append([])
            session = server.open_match(game, seats(), seed)
            started = time.perf_counter()
            record = session.start().wait(600)
            remote.append(time.perf_counter() - started)
            bots = [make_bot("random", game_id, s, 0) for s in range(4)]
            started = time.perf_counter()
            same = play_match(game, bots, seed)
            local.append(time.perf_counter() - started)
            if forced:
                assert same.result == record.result, "over gRPC and in process differ"
            # the floor right after its match (the bots idle meanwhile), so a slow spell touches both
            floors.append(sum(echo.replay(plans[-1])) + local[-1])
    finally:
        Connection.send_bytes = send_bytes  # type: ignore[method-assign]
        echo.close()
        server.stop()
        for proc in procs:
            proc.wait(30)
    return remote, local, floors, plans


def _us(values: list[tuple[float, float]]) -> str:
    return f"p50 {statistics.median(v[0] for v in values):6.0f} us   p90 {statistics.median(v[1] for v in values):6.0f} us"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--reps", type=int, default=3, help="interleaved repetitions of each measurement")
    parser.add_argument("--matches", type=int, default=2, help="matches per measurement and repetition")
    parser.add_argument(
        "--transports", default="tcp,unix", help="tcp (loopback), unix (Unix domain socket) or both"
    )
    parser.add_argument(
        "--streams", default="1,4", help="round trips on 1 stream, on 4 streams (4 bot processes) or both"
    )
    parser.add_argument(
        "--match-modes",
        default="skip,forced",
        help="Catan matches where the referee applies forced decisions (skip), the bots see them (forced), or both",
    )
    parser.add_argument(
        "--pin",
        action="store_true",
        help="pin this process to one CPU and the spawned processes to the others (steadier figures)",
    )
    args = parser.parse_args()
    placement = f"{pin(args.pin)}; {idle_policy()}"
    transports = [t.strip() for t in args.transports.split(",") if t.strip()]

    rows: dict[str, list[tuple[float, float]]] = {}
    ratios: dict[str, list[float]] = {}
    payload = 0
    requests = 0

    def add(name: str, samples: list[float]) -> tuple[float, float]:
        row = (pct(samples, 0.5) * 1e6, pct(samples, 0.9) * 1e6)
        rows.setdefault(name, []).append(row)
        return row

    streams = {int(n) for n in args.streams.split(",") if n.strip()}
    for _ in range(args.reps):
        for t in transports:
            ref1, wire1, sizes = referee_round_trips(args.matches, streams=1, transport=t)
            payload = int(statistics.median(sizes))
            requests = len(ref1)
            echo1 = add(f"{t}: echo, 1 stream", echo_round_trips(payload, 12, requests, 1, t))
            if 4 in streams:
                ref4, wire4, _sizes = referee_round_trips(args.matches, streams=4, transport=t)
                echo4 = add(f"{t}: echo, 4 streams in turn", echo_round_trips(payload, 12, requests, 4, t))
                r4 = add(f"{t}: referee, 4 bot processes", ref4)
                add(f"{t}:   wire part, 4 bot processes", wire4)
                ratios.setdefault(f"{t}: 4 bot processes / 4-stream echo (target 1.3)", []).append(
                    r4[0] / echo4[0]
                )
                ratios.setdefault(f"{t}: 4 bot processes / 1-stream echo", []).append(r4[0] / echo1[0])
            if 1 in streams:
                r1 = add(f"{t}: referee, 1 process, 1 stream", ref1)
                add(f"{t}:   wire part, 1 process, 1 stream", wire1)
                ratios.setdefault(f"{t}: 1 stream / 1-stream echo (target 1.5)", []).append(r1[0] / echo1[0])

    print(
        f"decision round trip, Puerto Rico (4 seats), {requests} requests of median {payload} bytes "
        f"per measurement, median of {args.reps} interleaved repetitions; {placement}"
    )
    for name, values in rows.items():
        print(f"  {name:42s} {_us(values)}")
    print("  ratio at p50:")
    for name, runs in ratios.items():
        print(
            f"    {name:58s} {statistics.median(runs):.2f}x   (runs: {', '.join(f'{v:.2f}' for v in runs)})"
        )
    for t in (t for t in transports if t != "tcp" and "tcp" in transports):
        for kind in ("echo, 1 stream", "referee, 1 process, 1 stream", "referee, 4 bot processes"):
            if f"{t}: {kind}" not in rows:
                continue
            ours = statistics.median(v[0] for v in rows[f"{t}: {kind}"])
            tcp = statistics.median(v[0] for v in rows[f"tcp: {kind}"])
            print(f"  {t} / tcp, {kind}: {ours / tcp:.2f}x")

    seeds = list(range(1, args.matches + 1))
    modes = [m.strip() for m in args.match_modes.split(",") if m.strip()]
    for forced in [mode == "forced" for mode in modes]:
        mode = "bots see forced decisions too" if forced else "referee applies forced decisions"
        for t in transports:
            remote, local, floors, plans = match_times(seeds, "catan", forced, t)
            grpc_s, floor = statistics.median(remote), statistics.median(floors)
            per_match = statistics.median(len(plan) for plan in plans)
            size = statistics.median(size for plan in plans for _stream, size in plan)
            match_ratios = [r / f for r, f in zip(remote, floors, strict=True)]
            print(
                f"full 4-bot Catan match over {t} ({mode}), median of {len(seeds)}, "
                f"{per_match:.0f} requests/match of median {size:.0f} bytes:"
            )
            print(
                f"  over gRPC {grpc_s * 1000:7.1f} ms   in process {statistics.median(local) * 1000:5.1f} ms"
                f"   echo floor {floor * 1000:6.1f} ms   gRPC / floor {statistics.median(match_ratios):.2f}x"
                f" (target 1.5; runs: {', '.join(f'{r:.2f}' for r in match_ratios)})"
            )
            # the design's floor: the match's round trips at a bare echo's p50, with the match in process;
            # the 4-stream echo is the one whose messages alternate between processes as a match's do
            for row, name in (("1 stream", "1-stream"), ("4 streams in turn", "4-stream")):
                echo_rows = rows.get(f"{t}: echo, {row}")
                if echo_rows:
                    p50 = statistics.median(v[0] for v in echo_rows)
                    floor_s = per_match * p50 / 1e6 + statistics.median(local)
                    print(
                        f"  beside requests x the {name} echo's p50 + in process ({floor_s * 1000:.1f} ms):"
                        f" {grpc_s / floor_s:.2f}x"
                    )


if __name__ == "__main__":
    main()
