"""Streams that misbehave over a long-lived referee: floods, bots that never read, reconnects, cut calls.

Each test runs a real referee on a free port and a client written against the raw stream. What must
hold: the referee gives back what a finished match held, bounds what it queues for a stream and what
it answers to messages that answer nothing, closes such streams with a fatal error that says why, and
records faults that say what was observed.
"""

from __future__ import annotations

import gc
import os
import queue
import re
import signal
import subprocess
import sys
import textwrap
import threading
import time
import weakref
from collections.abc import Callable, Iterator
from pathlib import Path

import grpc
import pytest

from bots.sdk.cli import TAKEN_OVER_TEXT
from bots.sdk.client import PLAY_METHOD
from engine.core.match import FaultPolicy, FirstLegal
from engine.core.result import FaultKind
from engine.referee import Remote, TimeControl, create_server
from engine.referee.hello import REFUSAL_DELAY_S
from engine.referee.lobby import FLOOD_BURST, FLOOD_REPLIES
from engine.referee.server import RefereeServer
from engine.referee.servicer import CUT_GRACE_S
from engine.registry import load_game
from engine.wire import PROTOCOL_VERSION, referee_pb2
from tests.conformance.toy import HighCardGame
from tests.engine.referee.helpers import WAIT_S, RawStream, first, start_bot


def toy(players: int = 3, rounds: int = 6) -> HighCardGame:
    return HighCardGame("base", players, {"rounds": rounds})


def answer_all(raw: RawStream) -> list[referee_pb2.RefereeMessage]:
    return raw.drain_until_end(lambda req: raw.answer(req.request_id, 0))


def answer_forever(raw: RawStream) -> None:
    """Answer every decision with index 0 until the stream ends, keeping nothing."""
    while True:
        try:
            msg = raw.next()
        except (EOFError, grpc.RpcError):
            return
        if msg.WhichOneof("kind") == "decision":
            raw.answer(msg.decision.request_id, 0)


def rss_kib() -> int:
    for line in Path("/proc/self/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1])
    raise RuntimeError("no VmRSS in /proc/self/status")


def test_a_finished_match_releases_its_tokens_and_seats(referee: RefereeServer) -> None:
    session = referee.open_match(toy(), [Remote("a"), Remote("b"), FirstLegal()], seed=1)
    bots = [start_bot(first, referee.address, token=session.tokens[s]) for s in (0, 1)]
    session.start().wait(WAIT_S)
    for bot in bots:
        bot.join()
    lobby = referee.lobby
    assert lobby.tokens == {} and lobby.used == set() and lobby.pending == {}
    seat = weakref.ref(session.remote_seats[0])
    record = weakref.ref(session)
    del session
    gc.collect()
    assert seat() is None and record() is None, "the lobby still holds the finished match"


def test_hundreds_of_matches_on_one_referee_keep_memory_flat(referee: RefereeServer) -> None:
    """Seat-token matches one after another beside a bot-key bot that stays connected."""
    referee.register_bot_key("resident", "resident")
    resident = RawStream(referee.address)
    resident.send(_key_hello("resident"))
    answering = threading.Thread(target=answer_forever, args=(resident,), daemon=True)
    answering.start()
    curve: list[int] = []
    for n in range(400):
        session = referee.open_match(
            toy(), [Remote("guest"), Remote("resident", bot_key="resident"), FirstLegal()], seed=n
        )
        raw = RawStream(referee.address)
        raw.hello(session.tokens[0])
        session.start()
        answer_all(raw)
        session.wait(WAIT_S)
        raw.cancel()
        if n % 50 == 49:
            gc.collect()
            curve.append(rss_kib())
    resident.cancel()
    answering.join(WAIT_S)
    lobby = referee.lobby
    assert lobby.tokens == {} and lobby.used == set() and lobby.pending == {}
    assert all(not entry.seats for entry in lobby.keys.values())
    # The first 100 matches warm the caches; after that the referee holds nothing per match.
    growth = curve[-1] - curve[1]
    assert growth < 6 * 1024, f"RSS grew {growth} KiB over 300 matches: {curve}"


def test_a_stream_that_floods_stale_answers_is_closed_with_a_fatal_error(referee: RefereeServer) -> None:
    session = referee.open_match(toy(rounds=3), [Remote("flood"), FirstLegal(), FirstLegal()], seed=2)
    raw = RawStream(referee.address)
    raw.hello(session.tokens[0])
    session.start()
    raw.next("decision")
    for n in range(20 * FLOOD_BURST):
        raw.answer(1 + n, 0)  # request ids that were never sent
    errors: list[referee_pb2.Error] = []
    with pytest.raises(grpc.RpcError) as ended:
        while True:
            msg = raw.next()
            if msg.WhichOneof("kind") == "error":
                errors.append(msg.error)
    assert ended.value.code() == grpc.StatusCode.RESOURCE_EXHAUSTED
    stale = [e for e in errors if e.code == referee_pb2.ERROR_CODE_STALE_REQUEST]
    assert 1 <= len(stale) <= FLOOD_REPLIES + 2  # the first of a burst are answered, the rest counted
    assert errors[-1].code == referee_pb2.ERROR_CODE_FLOOD and errors[-1].fatal
    result = session.wait(WAIT_S).result
    seat0 = [f for f in result.faults if f.seat == 0]
    assert seat0 and all(f.kind is FaultKind.DISCONNECT for f in seat0)
    assert "too many messages that answer no request" in seat0[0].message
    assert referee.lobby.live == set()


def test_a_wrong_token_waits_for_its_refusal(referee: RefereeServer) -> None:
    """A client guessing tokens gets one answer per half second and stream, not one per round trip."""
    raw = RawStream(referee.address)
    started = time.monotonic()
    raw.hello("guessed-token")
    error = raw.next("error").error
    assert error.code == referee_pb2.ERROR_CODE_UNAUTHENTICATED and error.fatal
    assert time.monotonic() - started >= REFUSAL_DELAY_S
    raw.cancel()


def test_a_bot_key_closed_for_flooding_must_wait_before_it_connects_again(referee: RefereeServer) -> None:
    referee.register_bot_key("noisy", "noisy")
    noisy = RawStream(referee.address)
    noisy.send(_key_hello("noisy"))
    noisy.next("welcome")
    for n in range(3 * FLOOD_BURST):
        noisy.answer(1 + n, 0)
    with pytest.raises(grpc.RpcError):
        while True:
            noisy.next()
    again = RawStream(referee.address)
    again.send(_key_hello("noisy"))
    error = again.next("error").error
    assert error.code == referee_pb2.ERROR_CODE_FLOOD and error.fatal
    assert "connect again in" in error.message
    again.cancel()


class Unread:
    """A stream whose bot says hello and then never reads (a small receive window, no probing)."""

    def __init__(self, address: str, token: str) -> None:
        options = [("grpc.http2.lookahead_bytes", 8192), ("grpc.http2.bdp_probe", 0)]
        self.channel = grpc.insecure_channel(address, options=options)
        self.outbox: queue.Queue[bytes | None] = queue.Queue()
        hello = referee_pb2.BotMessage()
        hello.hello.protocol_version = PROTOCOL_VERSION
        hello.hello.seat_token = token
        hello.hello.want_forced = True
        self.outbox.put(hello.SerializeToString())
        method = self.channel.stream_stream(PLAY_METHOD, request_serializer=lambda b: b)
        self.call = method(self._requests())

    def _requests(self) -> Iterator[bytes]:
        while (item := self.outbox.get()) is not None:
            yield item

    def close(self) -> None:
        self.outbox.put(None)
        self.call.cancel()
        self.channel.close()


def test_a_bot_that_does_not_read_its_stream_is_closed() -> None:
    control = TimeControl(deadline_ms=10, time_bank_ms=0, join_timeout_s=WAIT_S)
    server, _ = create_server(control=control, max_queued_bytes=32 << 10)
    try:
        game = load_game("puerto-rico", players=3)
        policy = FaultPolicy(strike_limit=10**6)
        session = server.open_match(game, [Remote("deaf"), FirstLegal(), FirstLegal()], seed=3, policy=policy)
        deaf = Unread(server.address, session.tokens[0])
        result = session.start().wait(WAIT_S).result
        kinds = [f.kind for f in result.faults]
        assert kinds[0] is FaultKind.TIMEOUT and FaultKind.DISCONNECT in kinds
        closed = next(f for f in result.faults if f.kind is FaultKind.DISCONNECT)
        assert "did not read its stream" in closed.message
        assert all(conn.queued_bytes <= 32 << 10 for conn in server.lobby.live)
        deaf.close()
    finally:
        server.stop(grace=0)


def test_a_bot_key_stream_that_reconnects_mid_match_takes_its_seat_back(referee: RefereeServer) -> None:
    referee.register_bot_key("k1", "comeback")
    first_stream = RawStream(referee.address)
    first_stream.send(_key_hello("k1"))
    assert first_stream.next("welcome")
    session = referee.open_match(
        toy(), [Remote("comeback", bot_key="k1"), FirstLegal(), FirstLegal()], seed=4
    )
    session.start()
    start = first_stream.next("match_start").match_start
    req = first_stream.next("decision").decision
    first_stream.answer(req.request_id, 0)
    waiting = first_stream.next("decision").decision
    first_stream.cancel()  # gone with a request outstanding
    second = RawStream(referee.address)
    second.send(_key_hello("k1"))
    assert second.next("welcome")
    again = second.next("match_start").match_start
    assert (again.match_id, again.seat) == (start.match_id, start.seat)
    seen = answer_all_until_end(second, session.match_id)
    decisions = [m.decision for m in seen if m.WhichOneof("kind") == "decision"]
    assert decisions[0].ply == waiting.ply, "the request outstanding at the drop is sent again"
    assert decisions[0].request_id != waiting.request_id
    result = session.wait(WAIT_S).result
    assert result.faults == () and result.forfeits == ()
    assert seen[-1].WhichOneof("kind") == "match_end", "the reconnected bot got no MatchEnd"
    second.cancel()


def test_a_bot_key_seat_whose_bot_does_not_come_back_is_a_disconnect_after_the_deadline() -> None:
    control = TimeControl(deadline_ms=200, time_bank_ms=0, join_timeout_s=WAIT_S)
    server, _ = create_server(control=control)
    try:
        server.register_bot_key("k2", "gone")
        stream = RawStream(server.address)
        stream.send(_key_hello("k2"))
        stream.next("welcome")
        session = server.open_match(toy(), [Remote("gone", bot_key="k2"), FirstLegal(), FirstLegal()], seed=5)
        session.start()
        stream.next("decision")
        stream.cancel()
        result = session.wait(WAIT_S).result
        fault = result.faults[0]
        assert fault.kind is FaultKind.DISCONNECT
        assert "did not reconnect with its bot key within 200 ms" in fault.message
        assert result.forfeits == (0,)
    finally:
        server.stop(grace=0)


def _key_hello(key: str) -> referee_pb2.BotMessage:
    msg = referee_pb2.BotMessage()
    msg.hello.protocol_version = PROTOCOL_VERSION
    msg.hello.bot_name = "comeback"
    msg.hello.bot_key = key
    return msg


def answer_all_until_end(raw: RawStream, match_id: str) -> list[referee_pb2.RefereeMessage]:
    seen: list[referee_pb2.RefereeMessage] = []
    while True:
        msg = raw.next()
        seen.append(msg)
        kind = msg.WhichOneof("kind")
        if kind == "decision":
            raw.answer(msg.decision.request_id, 0)
        if kind == "match_end" and msg.match_end.match_id == match_id:
            return seen


@pytest.mark.parametrize("scheme", ["Bearer", "bearer", "BEARER", "bEaReR"])
def test_the_bearer_scheme_is_matched_in_any_case(scheme: str) -> None:
    server, _ = create_server(bearer_token="s3cret", control=TimeControl(join_timeout_s=WAIT_S))
    try:
        session = server.open_match(toy(), [Remote("a"), FirstLegal(), FirstLegal()], seed=5)
        raw = RawStream(server.address, metadata=(("authorization", f"{scheme} s3cret"),))
        raw.hello(session.tokens[0])
        session.start()
        answer_all(raw)
        assert session.wait(WAIT_S).result.faults == ()
    finally:
        server.stop(grace=0)


def test_a_wrong_bearer_token_is_refused_whatever_its_case() -> None:
    server, _ = create_server(bearer_token="s3cret", control=TimeControl(join_timeout_s=0.5))
    try:
        session = server.open_match(toy(), [Remote("a"), FirstLegal(), FirstLegal()], seed=6)
        raw = RawStream(server.address)
        raw.hello(session.tokens[0])
        error = raw.next().error
        assert error.code == referee_pb2.ERROR_CODE_UNAUTHENTICATED and error.fatal
    finally:
        server.stop(grace=0)


def test_a_message_above_the_limit_is_refused_by_grpc_and_recorded_as_a_cut_stream() -> None:
    server, _ = create_server(max_message_bytes=1024, control=TimeControl(join_timeout_s=WAIT_S))
    try:
        session = server.open_match(toy(), [Remote("huge"), FirstLegal(), FirstLegal()], seed=7)
        raw = RawStream(server.address)
        raw.hello(session.tokens[0])
        session.start()
        req = raw.next("decision").decision
        raw.answer(req.request_id, text="play " + "9" * (server.max_message_bytes + 1))
        with pytest.raises(grpc.RpcError) as cut:
            while True:
                raw.next()
        assert cut.value.code() == grpc.StatusCode.RESOURCE_EXHAUSTED
        result = session.wait(WAIT_S).result
        fault = result.faults[0]
        assert fault.kind is FaultKind.DISCONNECT
        assert "the stream was cut" in fault.message
        assert f"gRPC refused a message above {server.max_message_bytes} bytes" in fault.message
    finally:
        server.stop(grace=0)


def test_a_bot_that_half_closes_its_stream_is_told_apart_from_a_cut_one(referee: RefereeServer) -> None:
    session = referee.open_match(toy(), [Remote("leaver"), FirstLegal(), FirstLegal()], seed=8)
    raw = RawStream(referee.address)
    raw.hello(session.tokens[0])
    session.start()
    raw.next("decision")
    raw.close()  # half-close: no more messages, the call goes on
    result = session.wait(WAIT_S + CUT_GRACE_S).result
    assert "the bot half-closed its stream" in result.faults[0].message
    raw.cancel()


def test_a_half_close_while_a_request_is_out_ends_it_at_once_as_a_disconnect() -> None:
    """The request's clock (500 ms) runs out before the referee can tell a half-close from a cut
    stream (CUT_GRACE_S): the request still ends when the bot's messages do, never as a TIMEOUT."""
    control = TimeControl(deadline_ms=300, time_bank_ms=200, join_timeout_s=WAIT_S)
    server, _ = create_server(control=control)
    try:
        session = server.open_match(toy(), [Remote("leaver"), FirstLegal(), FirstLegal()], seed=8)
        raw = RawStream(server.address)
        raw.hello(session.tokens[0])
        session.start()
        for _ in range(4):
            raw.answer(raw.next("decision").decision.request_id, 0)
        fifth = raw.next("decision").decision
        raw.close()  # half-close while the fifth request is out
        result = session.wait(WAIT_S).result
        assert result.faults[0].ply == fifth.ply
        assert [(f.seat, f.kind) for f in result.faults] == [(0, FaultKind.DISCONNECT)] * 2
        assert result.faults[0].message == "no answer: the bot half-closed its stream"
        raw.cancel()
    finally:
        server.stop(grace=0)


def _wait_for(what: str, ready: Callable[[], bool]) -> None:
    deadline = time.monotonic() + WAIT_S
    while not ready():
        assert time.monotonic() < deadline, f"timed out waiting for {what}"
        time.sleep(0.05)


def _own_lines(stderr: str) -> list[str]:
    """What the SDK printed, without gRPC's own log lines."""
    return [line for line in stderr.splitlines() if line and not re.match(r"[IWE]\d{4} ", line)]


@pytest.mark.slow
def test_two_sdk_processes_with_one_bot_key_the_older_stops_with_one_line(referee: RefereeServer) -> None:
    """With --reconnect they took the stream from each other every second (each with a traceback of a
    closed event loop) until the referee refused the key; now the one taken over stops."""
    referee.register_bot_key("k-twice", "twice")
    root = Path(__file__).resolve().parents[3]
    command = [sys.executable, "-m", "bots", "random", "--address", referee.address]
    command += ["--bot-key", "k-twice", "--reconnect"]

    def start() -> subprocess.Popen[str]:
        out = subprocess.DEVNULL
        return subprocess.Popen(command, cwd=root, stdout=out, stderr=subprocess.PIPE, text=True)

    older = start()
    newer = None
    try:
        _wait_for("the first process to connect", lambda: referee.is_key_connected("k-twice"))
        newer = start()
        try:
            older.wait(10)
        except subprocess.TimeoutExpired:
            pytest.fail("the process whose stream was taken over did not stop")
        assert older.returncode == 1
        assert _own_lines(older.communicate()[1]) == [f"error: {TAKEN_OVER_TEXT}"]
        time.sleep(2.5)  # nobody takes the stream back
        assert newer.poll() is None and referee.is_key_connected("k-twice")
    finally:
        for process in (older, newer):
            if process is not None and process.poll() is None:
                process.terminate()
                process.wait(WAIT_S)
    assert newer is not None and "Traceback" not in newer.communicate()[1]


KILLED = textwrap.dedent(
    """
    import os, signal
    from bots.sdk import run
    def act(request):
        os.kill(os.getpid(), signal.SIGKILL)
    run(act)
    """
)


@pytest.mark.slow
def test_a_bot_process_killed_by_a_signal_is_recorded_with_its_signal(
    referee: RefereeServer, tmp_path: Path
) -> None:
    from arena.spawn import spawn_bot

    session = referee.open_match(toy(), [Remote("victim"), FirstLegal(), FirstLegal()], seed=9)
    log = tmp_path / "victim.log"
    proc = spawn_bot(
        [sys.executable, "-c", KILLED], address=referee.address, token=session.tokens[0], log_path=log
    )
    session.attach_process(0, proc, log)
    result = session.start().wait(WAIT_S).result
    assert proc.wait(WAIT_S) == -signal.SIGKILL
    fault = result.faults[0]
    assert fault.kind is FaultKind.CRASH
    assert "the bot process was killed by signal 9 (SIGKILL)" in fault.message
    assert os.path.exists(log)
    assert threading.active_count() < 50


@pytest.mark.parametrize("attack", ["stale", "oversized", "garbage"])
def test_an_innocent_match_plays_on_untouched_beside_a_hostile_stream(
    referee: RefereeServer, attack: str
) -> None:
    """The round-trip figures are in benchmarks/bench_neighbour.py; here: no fault, and the attacker is shut."""
    game = load_game("puerto-rico", players=3)
    innocent = referee.open_match(game, [Remote("a"), Remote("b"), FirstLegal()], seed=12)
    hostile = referee.open_match(toy(), [Remote("h"), FirstLegal(), FirstLegal()], seed=13)
    bots = [start_bot(first, referee.address, token=innocent.tokens[s]) for s in (0, 1)]
    attacker = RawStream(referee.address)
    attacker.hello(hostile.tokens[0])
    hostile.start()
    innocent.start()
    stale = referee_pb2.BotMessage()
    stale.answer.request_id = 1 << 60
    stale.answer.action.text = "x" * (referee.max_message_bytes - 64 if attack == "oversized" else 1)
    payload = b"\xff" * 512 if attack == "garbage" else stale.SerializeToString()
    for _ in range(5 * FLOOD_BURST):
        attacker.send_bytes(payload)
    result = innocent.wait(WAIT_S).result
    assert result.faults == () and result.forfeits == ()
    for bot in bots:
        assert bot.join().ends[0].termination == "victory"
    shut = hostile.wait(WAIT_S).result
    assert shut.forfeits == (0,)
    attacker.cancel()
