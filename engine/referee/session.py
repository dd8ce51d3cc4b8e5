"""One referee match: seats (remote or in process), their tokens, a task running the core loop.

:class:`MatchSession` is what the referee's callers hold: it issues a per-seat token for each remote
seat as soon as it is opened (so a spawner can hand them to bot processes), waits for the remote seats
to connect, sends MatchStart, drives :class:`engine.core.match.MatchRunner` as a task on the referee's
event loop with :class:`RemoteSeat` adapters, and sends MatchEnd with the result. The loop's semantics
(views, events, validation, fault policy) are the core's own; the session only adds the wire around
them.
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import inspect
import secrets
import threading
import time
from collections.abc import Coroutine, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, cast

from engine.core.match import (
    Ask,
    Bot,
    FaultPolicy,
    MatchHooks,
    MatchRecord,
    MatchRunner,
    Outcome,
    act_outcome,
    hook_of,
)
from engine.referee import convert
from engine.referee.clock import TimeControl
from engine.referee.json_encoders import JsonMemo
from engine.referee.relay import WAITING, Relay, Resume
from engine.referee.seats import RemoteSeat, WireLog, poll_until
from engine.wire import referee_pb2

if TYPE_CHECKING:
    import subprocess
    from pathlib import Path

    from engine.core.action import Action
    from engine.core.events import Event
    from engine.core.game import Game
    from engine.core.result import Fault, Result
    from engine.core.state import State
    from engine.referee.lobby import Lobby


@dataclass(frozen=True, slots=True)
class Remote:
    """A seat played over gRPC: by whoever presents the seat's token, or by a registered bot key."""

    name: str = "remote"
    """Display name of the seat (the bot's hello name is logged beside it)."""
    bot_key: str | None = None
    """When set, the seat goes to the long-lived bot that connected with this key."""
    hello_name: bool = False
    """When True, the seat is shown by the name its bot gives in its hello (when it gives one), in
    MatchStart, the replay log and the result: for a bot the host did not name."""


SeatSpec = Bot | Remote
"""What plays a seat: an in-process bot, or a :class:`Remote` marker."""


def new_match_id() -> str:
    """An opaque match id: ``m-`` and 16 random hex digits, a function of nothing a bot could know."""
    return f"m-{secrets.token_hex(8)}"


def display_name(hello_name: str) -> str:
    """A bot's hello name as a seat's display name: printable characters only (no terminal escapes),
    spaces collapsed, at most 40 characters; "" when nothing is left."""
    kept = "".join(ch if ch.isprintable() else " " if ch.isspace() else "" for ch in hello_name)
    return " ".join(kept.split())[:40]


async def _remote_outcome(answer: Coroutine[Any, Any, object]) -> Outcome:
    """A remote seat's answer, or the fault it raised."""
    try:
        return await answer, None
    except Exception as exc:
        return None, exc


MATCH_TASK_PREFIX = "match-"
"""Name prefix of a match's task on the referee's loop (the server ends them when it stops)."""


class _Hooks(MatchHooks):
    """Keeps every action's events and tells bots about their faults; forwards to ``inner``.

    Design detail: a remote seat's request carries the events of its decision view (the core
    collects them per seat); the session only keeps the raw events of every action so that a seat's
    MatchEnd can carry what it saw after its last view.
    """

    def __init__(self, session: MatchSession, inner: MatchHooks | None) -> None:
        self.session = session
        self.inner = inner = inner or MatchHooks()
        # Design detail: called for every decision, so an inner hook that does nothing (the base
        # class's) is not called; the core loop then calls no ``on_decision`` at all.
        on_decision = hook_of(inner, "on_decision")
        if on_decision is not None:
            self.on_decision = on_decision  # type: ignore[method-assign]
        self._inner_action = hook_of(inner, "on_action")

    def on_seats(self, names: Sequence[str]) -> None:
        self.inner.on_seats(names)

    def on_start(self, state: State) -> None:
        self.inner.on_start(state)

    def on_action(self, seat: int, action: Action, events: list[Event], state: State) -> None:
        session = self.session
        if session.log_error is not None:  # the host's wire log failed: the match's error, not a seat's
            raise session.log_error
        session.history.append(events)
        if self._inner_action is not None:
            self._inner_action(seat, action, events, state)

    def on_fault(self, fault: Fault) -> None:
        remote = self.session.remote(fault.seat)
        if remote is not None:
            remote.notify_fault(fault, self.session.policy.forfeits(fault.strike))
        self.inner.on_fault(fault)

    def on_end(self, result: Result, state: State) -> None:
        self.inner.on_end(result, state)


STOPPED = "the referee stopped before it ended"
"""Why a match failed that the referee's stop cut short (or kept from starting)."""


class Started:
    """The matches started on one referee and not yet ended; once the referee stops, no more start.

    Design detail: a match starts as a task scheduled onto the referee's loop from the caller's thread.
    One scheduled while the referee stops may find the loop stopped before the task ever runs; nothing
    would then end it, and a caller waiting for its record would wait forever. The referee closes this
    book when it begins to stop (a later start fails at once) and, once its loop has stopped, abandons
    every match still in it (:meth:`MatchSession.abandon`).
    """

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._open: set[MatchSession] = set()
        self._closed = False

    def add(self, session: MatchSession) -> bool:
        """Enter a starting match; False once the referee is stopping (the match must not start)."""
        with self._lock:
            if self._closed:
                return False
            self._open.add(session)
            return True

    def discard(self, session: MatchSession) -> None:
        """The match ended (or failed)."""
        with self._lock:
            self._open.discard(session)

    def close(self) -> None:
        """No match starts from now on."""
        with self._lock:
            self._closed = True

    def left(self) -> list[MatchSession]:
        """The matches started and not ended."""
        with self._lock:
            return list(self._open)


class MatchSession:
    """A match on a referee: open it, hand out ``tokens``, ``start()``, then ``wait()`` for the record."""

    def __init__(
        self,
        *,
        lobby: Lobby,
        game: Game,
        seats: Sequence[SeatSpec],
        seed: int,
        loop: asyncio.AbstractEventLoop,
        started: Started,
        names: Sequence[str] | None = None,
        match_id: str | None = None,
        control: TimeControl | None = None,
        policy: FaultPolicy | None = None,
        hooks: MatchHooks | None = None,
        log: WireLog | None = None,
        max_plies: int = 100_000,
    ) -> None:
        if len(seats) != game.players:
            raise ValueError(f"{game.ref.canonical()} needs {game.players} seats, got {len(seats)}")
        self.lobby = lobby
        self.game = game
        self.seed = seed
        self.match_id = match_id or new_match_id()
        self.control = control or TimeControl()
        self.policy = policy or FaultPolicy()
        self.max_plies = max_plies
        self.names = list(names or [s.name if isinstance(s, Remote) else type(s).__name__ for s in seats])
        self.bots: list[Bot] = []
        self.history: list[list[Event]] = []
        """The events of every action applied so far (see :class:`_Hooks`)."""
        self.remote_seats: list[RemoteSeat] = []
        self._hello_named = {
            seat for seat, spec in enumerate(seats) if isinstance(spec, Remote) and spec.hello_name
        }
        self.tokens: dict[int, str] = {}
        """The per-seat token of each remote seat played by a spawned or hand-started bot."""
        json_memo = JsonMemo()
        self.log_error: Exception | None = None
        """What the host's wire log raised (its output closed, say): the match ends on it at its next
        action; the seat whose message was being logged is not charged."""
        log = None if log is None else self._guarded(log)
        for seat, spec in enumerate(seats):
            if isinstance(spec, Remote):
                key = lobby.register_key(spec.bot_key) if spec.bot_key else None
                remote = RemoteSeat(
                    lobby=lobby,
                    game=game,
                    match_id=self.match_id,
                    seat=seat,
                    control=self.control,
                    history=self.history,
                    key=key,
                    log=log,
                    json_memo=json_memo,
                )
                if key is None:
                    self.tokens[seat] = lobby.issue_token(remote)
                self.remote_seats.append(remote)
                # The match task asks a remote seat on the event loop, never through ``Bot.act``.
                self.bots.append(cast("Bot", remote))
            else:
                self.bots.append(spec)
        self.hooks = _Hooks(self, hooks)
        self.record: MatchRecord | None = None
        self.error: BaseException | None = None
        self.done = threading.Event()
        self.loop = loop
        """The referee's event loop: the match runs there as a task."""
        self._task: concurrent.futures.Future[None] | None = None
        self._started = started
        """The referee's book of started matches."""
        self._coro: Coroutine[Any, Any, None] | None = None
        """The match task's coroutine, kept so that one the loop never ran can be closed."""

    def _guarded(self, log: WireLog) -> WireLog:
        """``log`` as the seats call it: the first exception it raises is kept in :attr:`log_error`,
        and it is not called again. The wire log is the host's (``arena play --log | head`` closes its
        output): its failure must neither become a fault of the seat whose message it was printing nor
        leave the match running unlogged."""

        def logged(direction: str, match_id: str, seat: int, msg: Any) -> None:
            if self.log_error is None:
                try:
                    log(direction, match_id, seat, msg)
                except Exception as exc:
                    self.log_error = exc

        return logged

    def remote(self, seat: int) -> RemoteSeat | None:
        for remote in self.remote_seats:
            if remote.seat == seat:
                return remote
        return None

    def attach_process(
        self, seat: int, process: subprocess.Popen[bytes], log_path: Path | None = None
    ) -> None:
        """Tell the referee which process plays ``seat``, so its death is recorded as a crash."""
        remote = self.remote(seat)
        if remote is None:
            raise ValueError(f"seat {seat} is not a remote seat")
        remote.process = process
        remote.process_log = log_path

    def start(self) -> MatchSession:
        """Run the match as a task on the referee's event loop (waiting first for the remote seats to
        connect). On a referee that is stopping or stopped, the match fails at once (:meth:`wait`
        raises ``RuntimeError``)."""
        if self._task is not None or self.done.is_set():
            return self
        if not self._started.add(self):
            self._end_unplayed()
            return self
        self._coro = self._run_async()
        try:
            self._task = asyncio.run_coroutine_threadsafe(self._coro, self.loop)
        except RuntimeError:  # the loop is closed
            self.abandon()
        return self

    def abandon(self) -> None:
        """End a started match that the referee's stopped loop will never run to its end (its ``wait``
        then raises ``RuntimeError``); nothing when it has ended. Called by the referee once its loop
        has stopped."""
        if self.done.is_set():
            return
        coro = self._coro
        if coro is not None and inspect.getcoroutinestate(coro) == inspect.CORO_CREATED:
            coro.close()  # the loop never ran it: closed unstarted, as if it had never been made
        self._end_unplayed()

    def _end_unplayed(self) -> None:
        """Fail the match without its task: the error for :meth:`wait`, the streams of its seats ended
        (while the loop can still take their last messages), the lobby's and the book's entries freed."""
        self.error = RuntimeError(f"match {self.match_id}: {STOPPED}")
        if not self.loop.is_closed():
            self._failed(self.error)
        self._release()
        self.done.set()

    def wait(self, timeout: float | None = None) -> MatchRecord:
        """Block until the match ends; return its record (raises if the match itself failed)."""
        if not self.done.wait(timeout):
            raise TimeoutError(f"match {self.match_id} still running after {timeout} s")
        if self.error is not None:
            raise self.error
        assert self.record is not None
        return self.record

    def wait_joined(self, timeout: float | None = None) -> bool:
        """Block until every token seat has connected; False on timeout."""
        deadline = None if timeout is None else time.monotonic() + timeout
        for remote in self.remote_seats:
            left = None if deadline is None else max(0.0, deadline - time.monotonic())
            if remote.key is None and not remote.joined.wait(left):
                return False
        return True

    # -- the match task (on the event loop) ---------------------------------------------------------

    async def _run_async(self) -> None:
        # Design detail: the core loop runs as a MatchRunner driven here, on the loop that reads the
        # streams; from a remote answer to the next request the relay carries it in the reader's own
        # turn or the next (engine.referee.relay), and this task does what the relay leaves it. An in-process
        # seat (a built-in bot, which may think for long) decides in the loop's executor, so that it
        # never holds up the streams of this or any other match.
        loop = asyncio.get_running_loop()
        task = asyncio.current_task()
        if task is not None:
            task.set_name(f"{MATCH_TASK_PREFIX}{self.match_id}")
        try:
            await self._join_async()
            runner = MatchRunner(
                self.game,
                self.bots,
                self.seed,
                seat_names=self.names,
                policy=self.policy,
                hooks=self.hooks,
                max_plies=self.max_plies,
            )
            relay = Relay(runner, loop, self.lobby.pending)
            try:
                left = relay.run(runner.send(None))
                while left is not None:
                    outcome: Outcome
                    if left is WAITING:
                        left = await relay.parked()
                        continue
                    if isinstance(left, Resume):
                        outcome = await _remote_outcome(left.seat.finish_async(left.view, left.sent))
                    elif isinstance(left, Ask) and isinstance(left.bot, RemoteSeat):
                        outcome = await _remote_outcome(left.bot.act_async(left.view))
                    else:
                        assert isinstance(left, Ask)
                        outcome = await loop.run_in_executor(None, act_outcome, left.bot, left.view)
                    left = relay.run(runner.send(outcome))
            finally:
                relay.close()
            assert runner.record is not None
            self.record = runner.record
            self._finish(self.record)
        except asyncio.CancelledError:
            self._failed(RuntimeError(f"match {self.match_id}: {STOPPED}"))
            raise
        except BaseException as exc:
            self._failed(exc)
            if not isinstance(exc, Exception):
                raise
        finally:
            self._release()
            self.done.set()

    def _release(self) -> None:
        """Forget the match in the lobby (its tokens, and its seats on their bots' keys) and in the
        referee's book of started matches."""
        self.lobby.release_tokens(self.tokens.values())
        for remote in self.remote_seats:
            remote.release()
        self._started.discard(self)

    async def _join_async(self) -> None:
        start = self._start_message()
        deadline = time.monotonic() + self.control.join_timeout_s
        for remote in self.remote_seats:
            await remote.bind_key_async(deadline)
            # A spawned bot that exits before it connects is not waited for.
            await poll_until(remote.joined_or_exited, deadline)
        for remote in self.remote_seats:
            conn = remote.conn
            shown = display_name(conn.name) if conn is not None else ""
            if remote.seat in self._hello_named and shown:
                self.names[remote.seat] = shown
                start.match_start.seats[remote.seat].name = shown
        self._send_starts(start)

    def _failed(self, exc: BaseException) -> None:
        self.error = exc
        for remote in self.remote_seats:
            if remote.conn is not None and not remote.conn.persistent:
                remote.conn.finish()

    def _start_message(self) -> referee_pb2.RefereeMessage:
        start = referee_pb2.RefereeMessage()
        ms = start.match_start
        ms.match_id = self.match_id
        ms.game.CopyFrom(convert.game_ref_to_pb(self.game.ref))
        for seat, name in enumerate(self.names):
            ms.seats.add(seat=seat, name=name)
        ms.deadline_ms = self.control.deadline_ms
        ms.time_bank_ms = self.control.time_bank_ms
        ms.strike_limit = self.policy.strike_limit
        # The tables come from a state of its own: the match's state is made by the match loop, which
        # starts after every seat has its MatchStart. A state is a function of the game and the seed.
        tables = self.game.new_state(self.seed).static_tables()
        ms.board.CopyFrom(convert.board_to_pb(tables, self.game.ref.game))
        return start

    def _send_starts(self, start: referee_pb2.RefereeMessage) -> None:
        for remote in self.remote_seats:
            msg = referee_pb2.RefereeMessage()
            msg.CopyFrom(start)
            msg.match_start.seat = remote.seat
            # Design detail: set start_msg and send under the lobby lock so a bot joining late gets
            # MatchStart exactly once (attach() sends it when it is already set).
            with self.lobby.lock:
                remote.start_msg = msg
                joined = remote.joined.is_set()
            if joined:
                remote.send(msg)

    def _finish(self, record: MatchRecord) -> None:
        game_id = self.game.ref.game
        result_pb = convert.result_to_pb(record.result, game_id)
        for remote in self.remote_seats:
            msg = referee_pb2.RefereeMessage()
            end = msg.match_end
            end.match_id = self.match_id
            end.seat = remote.seat
            end.result.CopyFrom(result_pb)
            typed = remote.conn is not None and remote.conn.typed_events
            end.events.extend(convert.event_to_pb(e, game_id, typed) for e in remote.tail_events())
            remote.send(msg)
            conn = remote.conn
            if conn is not None and not conn.persistent:
                conn.finish()
