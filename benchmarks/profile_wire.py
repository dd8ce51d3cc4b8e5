"""Where a remote decision's time goes: CPU per decision by part, on the referee and in the SDK bot.

Run ``python benchmarks/profile_wire.py [--game puerto-rico|catan] [--matches N] [--streams 1|4]
[--transport tcp|unix] [--cprofile FILE]``. The referee (this process) plays 4-seat matches against SDK
bots (``act`` returns 0); every callback of its event loop is timed in thread CPU time (not wall time:
the machine may be shared) and charged to what it runs, and the request-building functions inside the
match task are timed the same way. The bots time their own event loop's callbacks and their parts.
Thread CPU time is read around each part (a system call of about a microsecond), so small parts read
high by about that much. ``--cprofile FILE`` also writes cProfile statistics of the referee's event-loop
thread (``python -m pstats FILE``). The timed runs play on the standard asyncio loop
(``ARENA_EVENT_LOOP=asyncio``, for the referee and its bots alike): the timers see the loop's
callbacks through asyncio's ``Handle``, which uvloop does not use. With valgrind, the referee's
instructions per decision are
``(Ir of --matches 3 - Ir of --matches 1) / (decisions of 3 - decisions of 1)`` from
``valgrind --tool=callgrind --callgrind-out-file=FILE python benchmarks/profile_wire.py --untimed ...``:
``--untimed`` plays the same matches on the referee's own loop (uvloop where installed) without the
timers and prints the decisions played (the forced ones the referee applies itself included).

``--bot-callgrind FILE`` runs the one bot process (``--streams 1``) uninstrumented under callgrind
(``--separate-threads=yes``: ``FILE-01`` is its event-loop thread, the others gRPC's); its instructions
per decision are the same difference of ``--matches 3`` and ``--matches 1`` (the sum of the files, or
``-01`` alone). ``--echo-callgrind FILE --echo-messages N`` runs instead the bare echo client of
``bench_roundtrip.py`` under callgrind, answering N messages of ``--echo-size`` bytes: its instructions
per message are the difference of two such runs (1000 and 300 messages), the floor of the bot's.

``--in-process loop`` plays the same matches without the wire instead (no server, no bots): the match
loop (:class:`engine.core.match.MatchRunner`) driven as the referee drives it, every seat answering
index 0 as the bots do, so that the loop's own step can be counted apart; ``--in-process engine`` plays
them with the engine alone (legal actions, then apply the first), the floor of that step. Under
callgrind, ``(Ir of --matches 12 - Ir of --matches 2) / (decisions of 12 - decisions of 2)`` is the
instructions per decision of either.
"""

from __future__ import annotations

import argparse
import collections
import cProfile
import functools
import os
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from engine.core import loops  # noqa: E402

INSTRUMENT = """
import asyncio, asyncio.events, atexit, collections, functools, os, sys, time
_acc, _cnt, _tt = collections.Counter(), collections.Counter(), time.thread_time_ns
_run = asyncio.events.Handle._run
def _name(handle):
    owner = getattr(handle._callback, "__self__", None)
    if isinstance(owner, asyncio.Task):
        coro = owner.get_coro()
        return "loop: task " + str(getattr(coro, "__qualname__", None) or type(coro).__name__)
    return "loop: callback " + str(getattr(handle._callback, "__qualname__", None) or "?")
def _timed_run(self):
    t = _tt(); _run(self); k = _name(self); _acc[k] += _tt() - t; _cnt[k] += 1
asyncio.events.Handle._run = _timed_run
def _wrap(owner, name, label):
    f = getattr(owner, name)
    @functools.wraps(f)
    def w(*a, **k):
        t = _tt()
        try:
            return f(*a, **k)
        finally:
            _acc[label] += _tt() - t; _cnt[label] += 1
    setattr(owner, name, w)
"""

BOT = (
    INSTRUMENT
    + """
import bots.sdk.client as _client
from bots.sdk import messages as _messages
_wrap(_client, "encode_answer", "  encode the answer")
_wrap(_messages.Request, "__init__", "  wrap the request (Request)")
def _dump():
    n = _cnt["  wrap the request (Request)"] or 1  # one per decision (an index answer skips encode_answer)
    with open(os.path.join(sys.argv[1], f"bot-{os.getpid()}.txt"), "w") as out:
        for k, v in sorted(_acc.items()):
            out.write(f"{k}\\t{v / n / 1000:.2f}\\t{_cnt[k] / n:.2f}\\n")
atexit.register(_dump)
from bots.sdk import run
run(lambda request: 0, sys.argv[2:])
"""
)

PLAIN_BOT = """
import sys
from bots.sdk import run
run(lambda request: 0, sys.argv[2:])
"""


def referee_parts(acc: collections.Counter[str], cnt: collections.Counter[str]) -> Any:
    """Wrap the referee's per-decision functions with thread-CPU timers (see INSTRUMENT)."""
    from engine.core import match
    from engine.games.catan.state import CatanState
    from engine.games.puerto_rico.state import PuertoRicoState
    from engine.referee import lobby, request_bytes, seats, servicer

    tt = time.thread_time_ns

    def wrap(owner: Any, name: str, label: str) -> None:
        f = getattr(owner, name)

        @functools.wraps(f)
        def timed(*a: Any, **k: Any) -> Any:
            t = tt()
            try:
                return f(*a, **k)
            finally:
                acc[label] += tt() - t
                cnt[label] += 1

        setattr(owner, name, timed)

    wrap(match.MatchRunner, "send", "  engine: the match loop's step (apply, legal actions, views)")
    wrap(PuertoRicoState, "observe", "    observation: the engine's observe")
    wrap(CatanState, "observe", "    observation: the engine's observe")
    wrap(seats.RemoteSeat, "_send", "  request: build and hand to gRPC (all)")
    wrap(request_bytes, "observation_utf8", "    observation: JSON")
    wrap(request_bytes, "events_fields", "    events")
    wrap(request_bytes, "decision_request_bytes", "    request bytes (observation JSON and events included)")
    wrap(lobby.Connection, "send_bytes", "    stream write (hand to gRPC)")
    wrap(lobby.Lobby, "open_request", "    open the pending request")
    wrap(servicer.RefereeServicer, "_message", "  answer: parse and route (reader task)")
    wrap(seats.RemoteSeat, "conclude", "  answer: convert, charge the clock")
    wrap(match, "read_answer", "  answer: check against the rules")


def play_in_process(game_name: str, matches: int, mode: str) -> None:
    """Play ``matches`` seeded matches in process, through the match loop or the engine alone (see the
    module's docstring), after one warming match; print the decisions and the wall time per decision."""
    import engine
    from engine.core.match import Ask, MatchHooks, MatchRunner

    game = engine.load_game(game_name, players=4)

    class Seat:
        def prepare(self, view: object) -> None:
            """Takes the request early, as a remote seat does."""

    class History(MatchHooks):
        """Keeps every action's events, as the referee's hooks do."""

        def __init__(self) -> None:
            self.history: list[object] = []

        def on_action(self, seat: int, action: Any, events: Any, state: Any) -> None:
            self.history.append(events)

    def play(seed: int) -> int:
        if mode == "engine":
            state = game.new_state(seed)
            count = 0
            while not state.is_terminal():
                seat = state.seats_to_move()[0]
                state.apply(seat, state.legal_actions(seat)[0])
                count += 1
            return count
        runner = MatchRunner(game, [Seat() for _ in range(game.players)], seed, hooks=History())
        step = runner.send(None)
        count = 0
        while step is not None:
            if isinstance(step, Ask):
                count += 1
                step = runner.send((0, None))
            else:
                step = runner.send(None)
        return count

    play(10_000)
    started = time.perf_counter()
    decisions = sum(play(seed) for seed in range(matches))
    seconds = time.perf_counter() - started
    print(f"{game_name}, {matches} matches in process ({mode}): {decisions} decisions")
    print(f"  {seconds / max(decisions, 1) * 1e6:8.2f} us per decision (wall time)")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="puerto-rico")
    parser.add_argument("--matches", type=int, default=3)
    parser.add_argument("--streams", type=int, default=1, choices=(1, 4))
    parser.add_argument("--transport", default="tcp", choices=("tcp", "unix"))
    parser.add_argument("--cprofile", default="", help="write cProfile statistics of the referee loop here")
    parser.add_argument(
        "--bot-callgrind",
        default="",
        help="run the bot (one stream) uninstrumented under valgrind's callgrind, its output file here",
    )
    parser.add_argument(
        "--echo-callgrind",
        default="",
        help="instead: run bench_roundtrip's bare echo client under callgrind, its output file here",
    )
    parser.add_argument("--echo-messages", type=int, default=1000, help="messages the echo client answers")
    parser.add_argument("--echo-size", type=int, default=2700, help="bytes of each echoed request")
    parser.add_argument(
        "--untimed",
        action="store_true",
        help="play without the timers, on the referee's own event loop (to count instructions under valgrind)",
    )
    parser.add_argument(
        "--in-process",
        default="",
        choices=("", "loop", "engine"),
        help="play without the wire: through the match loop, or with the engine alone",
    )
    args = parser.parse_args()
    if args.echo_callgrind:
        import bench_roundtrip

        bench_roundtrip.PIN_PREFIX[:] = [
            "valgrind",
            "--tool=callgrind",
            "--separate-threads=yes",
            f"--callgrind-out-file={args.echo_callgrind}",
        ]
        times = bench_roundtrip.echo_round_trips(args.echo_size, 12, args.echo_messages)
        print(f"echo: {len(times)} round trips of {args.echo_size} bytes")
        return
    if args.in_process:
        play_in_process(args.game, args.matches, args.in_process)
        return

    timed = not (args.untimed or args.bot_callgrind)
    acc: collections.Counter[str] = collections.Counter()
    cnt: collections.Counter[str] = collections.Counter()
    if timed:
        # The timers charge the event loop's callbacks through asyncio's own Handle, which uvloop does
        # not use: a timed run plays the referee and its bots on the standard loop.
        os.environ[loops.ENV] = "asyncio"
        exec(INSTRUMENT, namespace := {})  # our own instrumentation source
        acc = namespace["_acc"]
        cnt = namespace["_cnt"]
        referee_parts(acc, cnt)

    import engine
    from engine.referee import Remote, TimeControl, create_server

    game = engine.load_game(args.game, players=4)
    server, _ = create_server(control=TimeControl(join_timeout_s=300 if args.bot_callgrind else 60))
    address = server.local_address if args.transport == "unix" and server.local_address else server.address
    folder = tempfile.mkdtemp(prefix="profile-wire-")
    script = Path(folder) / "bot.py"
    script.write_text(BOT if timed else PLAIN_BOT)
    prefix = (
        [
            "valgrind",
            "--tool=callgrind",
            "--separate-threads=yes",
            f"--callgrind-out-file={args.bot_callgrind}",
        ]
        if args.bot_callgrind
        else []
    )
    profile = cProfile.Profile() if args.cprofile else None
    loop_cpu: dict[str, float] = {}

    def on_loop(fn: Any) -> None:
        done = threading.Event()

        def call() -> None:
            fn()
            done.set()

        server.loop.call_soon_threadsafe(call)
        done.wait()

    def spawn(**env: str) -> subprocess.Popen[bytes]:
        full = dict(os.environ, ARENA_ADDRESS=address, PYTHONPATH=str(ROOT), **env)
        return subprocess.Popen(
            [*prefix, sys.executable, str(script), folder], env=full, cwd=ROOT, stderr=subprocess.DEVNULL
        )

    # One untimed match first: the bots connect and import, the referee's caches fill.
    procs: list[subprocess.Popen[bytes]] = []
    key = "profile-key"
    server.register_bot_key(key, "sdk")
    if args.bot_callgrind and args.streams != 1:
        raise SystemExit("--bot-callgrind runs one bot process: use --streams 1")
    if args.streams == 1:
        procs.append(spawn(ARENA_BOT_KEY=key))

    def one_match(seed: int) -> int:
        """Play one match; its decisions (the forced ones the referee applies itself included)."""
        if args.streams == 1:
            seats = [Remote("sdk", bot_key=key) for _ in range(4)]
            return server.open_match(game, seats, seed).start().wait(600).decisions
        session = server.open_match(game, [Remote(f"sdk{s}") for s in range(4)], seed)
        bots = [spawn(ARENA_TOKEN=session.tokens[s]) for s in range(4)]
        played = session.start().wait(600).decisions
        for bot in bots:
            bot.wait(60)
        return played

    one_match(10_000)
    acc.clear()
    cnt.clear()
    on_loop(lambda: loop_cpu.__setitem__("start", time.thread_time()))
    if profile is not None:
        on_loop(profile.enable)
    played = sum(one_match(seed) for seed in range(args.matches))
    if profile is not None:
        on_loop(profile.disable)
        profile.dump_stats(args.cprofile)
    on_loop(lambda: loop_cpu.__setitem__("end", time.thread_time()))
    decisions = cnt["  request: build and hand to gRPC (all)"] or 1
    server.stop()
    for proc in procs:
        proc.wait(60)
    if not timed:
        print(f"{args.game}, {args.matches} matches, decisions {played}, on {loops.kind()}")
        return

    print(
        f"{args.game}, {args.matches} matches, {decisions} remote decisions, "
        f"{'one bot process on one stream' if args.streams == 1 else 'four bot processes'} over {args.transport}"
        ", on the standard asyncio loop"
    )
    print("referee, thread CPU per decision (event-loop thread):")
    total = (loop_cpu["end"] - loop_cpu["start"]) * 1e6 / decisions
    callbacks = sum(v for k, v in acc.items() if k.startswith("loop:")) / decisions / 1000
    for label in sorted(acc):
        print(f"  {acc[label] / decisions / 1000:8.1f} us  {cnt[label] / decisions:5.2f}/decision  {label}")
    print(f"  {total - callbacks:8.1f} us  the event loop itself (select, scheduling)")
    print(f"  {total:8.1f} us  in all")
    rows: dict[str, list[float]] = collections.defaultdict(list)
    for path in Path(folder).glob("bot-*.txt"):
        for line in path.read_text().splitlines():
            label, us, _calls = line.split("\t")
            rows[label].append(float(us))
    if rows:
        print("SDK bot, thread CPU per decision (mean over the bot processes):")
        for label in sorted(rows):
            print(f"  {sum(rows[label]) / len(rows[label]):8.1f} us  {label}")


if __name__ == "__main__":
    main()
