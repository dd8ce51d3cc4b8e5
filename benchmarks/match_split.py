"""Where a remote decision's wall time goes, part by part, in the referee and in the bots.

Run ``python benchmarks/match_split.py [--transport unix|tcp] [--matches N] [--game catan|puerto-rico]
[--bot random|index0] [--rebuild]``: one referee (this process, pinned to the first CPU) plays 4-seat
matches against four long-lived SDK bot processes pinned to the other CPUs: by default the built-in
``random`` bot in Catan (``--skip-forced``: the referee applies forced decisions), as
``bench_roundtrip.py``'s match does; ``--bot index0`` a function answering index 0, as its round trips
do. Every remote decision is stamped with the wall clock (``perf_counter_ns``) where the referee starts
building the request, starts handing it to gRPC, has handed it over, reads the answer, and has concluded
it; the bots stamp where the request's parsing starts and ends, where the bot is asked and has answered,
and where the answer is serialized. The parts are printed per remote decision (mean and median), with
the referee's garbage collections. Then the referee process's CPU time and context switches per remote
decision (all its threads: the event loop's and gRPC's), beside a bare gRPC echo server's per round
trip, run in this process right after the matches over the same transport (``echo_round_trips`` of
``bench_roundtrip.py``: one stream, as many messages as remote decisions, of the requests' median size).
The two sides' system time and switches come out alike, so the referee's user time beyond the echo's
is its own work (with ``--rebuild``, the second builds too). ``--rebuild`` builds every request's bytes
twice in place, the second time right after the first, and prints both times: the first is the request
as the match pays for it, the second the same work with the caches the first one warmed (the build
part then holds both).

Design detail: wall time, not CPU time, since what a match waits for is the sum of these parts; each
stamp costs well under a microsecond. The same work timed in a loop over captured requests runs
several times faster than between real requests: a process that sleeps between requests finds its
caches cold, which only a measurement in place shows.
"""

from __future__ import annotations

import argparse
import gc
import glob
import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

import engine  # noqa: E402
from benchmarks.bench_roundtrip import (  # noqa: E402
    PIN_PREFIX,
    bot_address,
    echo_round_trips,
    idle_policy,
    pin,
)
from bots.builtin import bot_seed  # noqa: E402
from engine.referee import Remote, TimeControl, create_server, request_bytes  # noqa: E402
from engine.referee.lobby import Connection, Lobby  # noqa: E402
from engine.referee.seats import RemoteSeat  # noqa: E402

BOT = """
import atexit, os, runpy, sys, time, types
import bots.sdk.bridge as bridge
import bots.sdk.client as client
from engine.wire import referee_pb2 as real
stamp, marks = time.perf_counter_ns, []
class _Request:
    @staticmethod
    def FromString(data):
        started = stamp()
        message = real.RefereeMessage.FromString(data)
        marks.append([started, stamp()])
        return message
class _Answer:
    def __new__(cls, *args, **kwargs):
        return real.BotMessage(*args, **kwargs)
    @staticmethod
    def SerializeToString(message):
        data = message.SerializeToString()
        if marks and len(marks[-1]) == 4:
            marks[-1].append(stamp())
        return data
shim = types.SimpleNamespace(**{k: getattr(real, k) for k in dir(real) if not k.startswith("__")})
shim.RefereeMessage, shim.BotMessage = _Request, _Answer
client.referee_pb2 = shim
act = bridge.EngineBot.act
def timed_act(self, request):
    started = stamp()
    answer = act(self, request)
    marks[-1] += [started, stamp()]
    return answer
bridge.EngineBot.act = timed_act
@atexit.register
def dump():
    with open(os.environ["SPLIT_OUT"] + "." + str(os.getpid()), "w") as out:
        out.write("\\n".join(" ".join(map(str, m)) for m in marks if len(m) == 5))
if os.environ["SPLIT_BOT"] == "index0":
    def first(request):
        started = stamp()
        marks[-1] += [started, stamp()]
        return 0
    from bots.sdk import run
    run(first)
else:
    sys.argv = ["bots", "random", "--skip-forced"]
    runpy.run_module("bots", run_name="__main__")
"""


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--transport", choices=("unix", "tcp"), default="unix")
    parser.add_argument("--matches", type=int, default=4)
    parser.add_argument("--game", default="catan", help="catan or puerto-rico (4 seats)")
    parser.add_argument(
        "--bot",
        choices=("random", "index0"),
        default="random",
        help="the bots: the built-in random bot (the referee applies forced decisions), or a function"
        " answering index 0 (as bench_roundtrip.py's round trips)",
    )
    parser.add_argument(
        "--rebuild",
        action="store_true",
        help="build each request's bytes twice in place and print both times (cold, then warm)",
    )
    args = parser.parse_args()
    placement = f"{pin(True)}; {idle_policy()}"
    stamp = time.perf_counter_ns
    marks: list[tuple[str, int]] = []
    begin, conclude, send_bytes, answer = (
        RemoteSeat.begin,
        RemoteSeat.conclude,
        Connection.send_bytes,
        Lobby.answer,
    )

    def timed_begin(self: RemoteSeat, view: Any) -> Any:
        started = stamp()
        sent = begin(self, view)
        if sent is not None:
            marks.append(("begin", started))
        return sent

    sizes: list[int] = []

    def timed_send(self: Connection, data: bytes) -> None:
        started = stamp()
        send_bytes(self, data)
        if data[:1] == b"\x1a":  # 0x1a opens RefereeMessage.decision
            marks.append(("hand", started))
            marks.append(("handed", stamp()))
            sizes.append(len(data))

    def timed_answer(self: Lobby, conn: Connection, msg: Any) -> int:
        marks.append(("answer", stamp()))
        return answer(self, conn, msg)

    def timed_conclude(self: RemoteSeat, sent: Any) -> Any:
        result = conclude(self, sent)
        marks.append(("concluded", stamp()))
        return result

    collections: dict[int, list[int]] = {0: [], 1: [], 2: []}
    gc_started = [0]

    def on_gc(phase: str, info: dict[str, int]) -> None:
        if phase == "start":
            gc_started[0] = stamp()
        else:
            collections[info["generation"]].append(stamp() - gc_started[0])

    builds: tuple[list[int], list[int]] = ([], [])
    build_bytes = request_bytes.decision_request_bytes

    def twice(**kwargs: Any) -> bytes:
        started = stamp()
        build_bytes(**kwargs)
        first = stamp()
        data = build_bytes(**kwargs)
        builds[0].append(first - started)
        builds[1].append(stamp() - first)
        return data

    if args.rebuild:
        request_bytes.decision_request_bytes = twice
    RemoteSeat.begin = timed_begin  # type: ignore[method-assign]
    RemoteSeat.conclude = timed_conclude  # type: ignore[method-assign]
    Connection.send_bytes = timed_send  # type: ignore[method-assign]
    Lobby.answer = timed_answer  # type: ignore[method-assign, assignment]
    game = engine.load_game(args.game, players=4)
    server, _port = create_server(control=TimeControl(join_timeout_s=60))
    address = bot_address(server, args.transport)
    keys = [f"split-{seat}" for seat in range(4)]
    out = tempfile.mkdtemp(prefix="match-split-")
    procs = []
    for seat, key in enumerate(keys):
        server.register_bot_key(key, "random")
        env = dict(os.environ, ARENA_ADDRESS=address, PYTHONPATH=str(ROOT), ARENA_BOT_KEY=key)
        env.update(
            ARENA_BOT_SEED=str(bot_seed("random", 0, seat)), SPLIT_OUT=f"{out}/bot", SPLIT_BOT=args.bot
        )
        env.pop("ARENA_TOKEN", None)
        procs.append(
            subprocess.Popen([*PIN_PREFIX, sys.executable, "-c", BOT], env=env, stderr=subprocess.DEVNULL)
        )
    try:
        server.open_match(game, [Remote("random", bot_key=k) for k in keys], 0).start().wait(600)
        marks.clear()
        sizes.clear()
        gc.callbacks.append(on_gc)
        wall = 0.0
        before = resource.getrusage(resource.RUSAGE_SELF)
        for seed in range(1, args.matches + 1):
            started = time.perf_counter()
            server.open_match(game, [Remote("random", bot_key=k) for k in keys], seed).start().wait(600)
            wall += time.perf_counter() - started
        referee_cpu = cpu_since(before)
        gc.callbacks.remove(on_gc)
    finally:
        server.stop()
        for proc in procs:
            proc.wait(30)
    before = resource.getrusage(resource.RUSAGE_SELF)
    echo = echo_round_trips(int(statistics.median(sizes)), 12, len(sizes), 1, args.transport)
    echo_cpu = cpu_since(before)
    parts: dict[str, list[int]] = {name: [] for name in ("build", "hand", "wire", "answer", "step")}
    last: dict[str, int] = {}
    concluded = None
    for kind, at in marks:
        last[kind] = at
        if kind == "begin" and concluded is not None:
            parts["step"].append(at - concluded)
        if kind == "concluded" and {"begin", "hand", "handed", "answer"} <= last.keys():
            parts["build"].append(last["hand"] - last["begin"])
            parts["hand"].append(last["handed"] - last["hand"])
            parts["wire"].append(last["answer"] - last["handed"])
            parts["answer"].append(at - last["answer"])
            concluded = at
    rows = [
        list(map(int, line.split()))
        for f in glob.glob(f"{out}/bot.*")
        for line in Path(f).read_text().splitlines()
        if line.strip()
    ]
    for name, index in (("parse", 0), ("to the bot", 1), ("the bot", 2), ("to the answer's bytes", 3)):
        parts[f"bot: {name}"] = [r[index + 1] - r[index] for r in rows]
    n = len(parts["build"])
    print(
        f"{args.game}, {args.bot} bots, {args.matches} matches, {n} remote decisions over {args.transport},"
        f" {wall * 1e6 / n:.0f} us each; {placement}"
    )
    labels = {
        "build": "referee: build the request",
        "hand": "referee: hand it to gRPC",
        "wire": "the wire and the bot (handed -> answer read)",
        "answer": "referee: route and conclude the answer",
        "step": "referee: the match's step to the next request",
    }
    for name, values in parts.items():
        if values:
            label = labels.get(name, "  " + name)
            print(
                f"  {label:48s} mean {statistics.mean(values) / 1000:6.1f} us   median {statistics.median(values) / 1000:6.1f} us"
            )
    if args.rebuild:
        print(
            "  the request's bytes built twice: first (as the match pays) median"
            f" {statistics.median(builds[0]) / 1000:.1f} us, again at once {statistics.median(builds[1]) / 1000:.1f} us"
        )
    n_echo = len(echo)
    print(
        f"  referee process per remote decision: {per(referee_cpu, n)}\n"
        f"  bare echo server per round trip ({n_echo} of {int(statistics.median(sizes))} bytes, 1 stream,"
        f" p50 {statistics.median(echo) * 1e6:.0f} us): {per(echo_cpu, n_echo)}\n"
        f"  the referee's beyond the echo's: user {(referee_cpu[0] / n - echo_cpu[0] / n_echo) * 1e6:.0f} us,"
        f" system {(referee_cpu[1] / n - echo_cpu[1] / n_echo) * 1e6:.0f} us"
    )
    for generation, times in collections.items():
        print(
            f"  referee garbage collections, generation {generation}: {len(times)}, {sum(times) / 1e6:.1f} ms in all"
        )


def cpu_since(before: resource.struct_rusage) -> tuple[float, float, int, int]:
    """This process's user and system seconds and its voluntary and involuntary context switches since
    ``before``, over all its threads."""
    now = resource.getrusage(resource.RUSAGE_SELF)
    return (
        now.ru_utime - before.ru_utime,
        now.ru_stime - before.ru_stime,
        now.ru_nvcsw - before.ru_nvcsw,
        now.ru_nivcsw - before.ru_nivcsw,
    )


def per(cpu: tuple[float, float, int, int], count: int) -> str:
    """``cpu`` (from :func:`cpu_since`) per one of ``count`` decisions or round trips."""
    user, system, voluntary, involuntary = cpu
    return (
        f"user {user * 1e6 / count:.0f} us, system {system * 1e6 / count:.0f} us,"
        f" {voluntary / count:.1f} voluntary and {involuntary / count:.1f} involuntary context switches"
    )


if __name__ == "__main__":
    main()
