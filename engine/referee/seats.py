"""Remote seats: the seat adapter that asks a bot over its stream.

A :class:`RemoteSeat` is a seat of the core loop (it has the :class:`~engine.core.match.Bot`
protocol's ``prepare``) that the session asks on the referee's event loop instead of with ``act``:
:meth:`RemoteSeat.begin` sends a DecisionRequest, the answer is awaited on the referee's own clock
(by :class:`engine.referee.relay.Relay` in the turn that reads it or the next, or by
:meth:`RemoteSeat.act_async` in the match's task), and :meth:`RemoteSeat.conclude` returns the index
or action for the core loop to validate; a timeout, a
closed stream, a crashed process or an unreadable message becomes a :class:`SeatFault` of the right
kind. Forced decisions are answered here without a round trip unless the bot asked for them, and
reported to the bot as ``forced`` events in its next request.
"""

from __future__ import annotations

import asyncio
import signal
import threading
import time
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from engine.core.match import DecisionView, SeatFault
from engine.core.result import Fault, FaultKind
from engine.referee import convert, request_bytes
from engine.referee.clock import SeatClock, TimeControl, allowance
from engine.referee.json_encoders import JsonMemo
from engine.referee.lobby import CUT_GRACE_S, resolve_waiter
from engine.referee.output_tail import last_output
from engine.wire import referee_pb2

if TYPE_CHECKING:
    import subprocess
    from pathlib import Path

    from engine.core.action import Action
    from engine.core.events import Event
    from engine.core.game import Game
    from engine.referee.lobby import Connection, KeyEntry, Lobby, Pending

_POLL_S = 0.005
"""How often the event loop looks at a thread-side flag (a bot key connecting, a process exiting)."""

NEVER_CONNECTED = "the bot never connected"
"""The fault message of a seat whose bot did not connect before the match's join timeout."""

Sent = tuple["Pending", float, float]
"""A request on its way: its pending entry, when its clock started (``time.monotonic()``) and the
seconds it may take."""

WireLog = Callable[[str, str, int, Any], None]
"""``log(direction, match_id, seat, message)``: ``direction`` is ``"->"`` (to the bot) or ``"<-"``."""


async def poll_until(ready: Callable[[], bool], deadline: float) -> bool:
    """Check ``ready()`` every :data:`_POLL_S` seconds until it holds (True) or ``deadline`` passes."""
    while not ready():
        left = deadline - time.monotonic()
        if left <= 0:
            return False
        await asyncio.sleep(min(_POLL_S, left))
    return True


async def settled(conn: Connection) -> None:
    """Wait until a stream whose messages have ended is closed, with the reason its faults give (a
    half-close is told from a cut within :data:`~engine.referee.lobby.CUT_GRACE_S`)."""
    await poll_until(conn.closed.is_set, time.monotonic() + CUT_GRACE_S + 1.0)


class RemoteSeat:
    """One seat of one match played by a bot over gRPC."""

    def __init__(
        self,
        *,
        lobby: Lobby,
        game: Game,
        match_id: str,
        seat: int,
        control: TimeControl,
        history: list[list[Event]],
        key: KeyEntry | None = None,
        log: WireLog | None = None,
        json_memo: JsonMemo | None = None,
    ) -> None:
        self.lobby = lobby
        self.game = game
        self.match_id = match_id
        self.seat = seat
        self.control = control
        self.clock = SeatClock(control)
        self.key = key
        """Set when the seat is played by a long-lived bot-key stream instead of a seat token."""
        self.log = log
        self.conn: Connection | None = None
        self.joined = threading.Event()
        self.process: subprocess.Popen[bytes] | None = None
        """The spawned bot process, when the referee started it (tells a crash from a disconnect)."""
        self.process_log: Path | None = None
        """Where the spawned process's output goes; its last lines are quoted in a CRASH fault."""
        self.inbox: list[dict[str, Any]] = []
        """Events this seat saw since its last request and before its latest view: those of the
        forced decisions answered here, with their ``forced`` events (the rest come with the view)."""
        self.history = history
        """Every action's events of the match (the session's), for the events after the last view."""
        self.seen = 0
        """How many of ``history``'s entries the seat's views have covered."""
        self.start_msg: referee_pb2.RefereeMessage | None = None
        self.last_request_id = 0
        self._default: Action | None = None
        """The default action of the latest decision asked (its first legal action), if it had one."""
        self._prepared: tuple[int, Sent] | None = None
        """The request already sent by :meth:`prepare`, with the ply it was sent at."""
        self.json_memo = json_memo or JsonMemo()
        """The JSON of the match's recent observations' unchanged parts (one memo for every seat of
        the match), for the parts this seat's next one shares."""
        self._last_events: list[dict[str, Any]] = []
        """The events of the last request sent, for sending it again on a reconnected stream."""

    # -- connection ----------------------------------------------------------------------------------

    def attach(self, conn: Connection) -> None:
        """Bind the seat to a bot's stream (the servicer calls this on a valid hello)."""
        with self.lobby.lock:
            self.conn = conn
            if self.start_msg is not None:
                self.send(self.start_msg)
            self.joined.set()

    async def bind_key_async(self, deadline: float) -> None:
        """For a bot-key seat: wait until the key's stream is connected (or ``deadline``) and attach."""
        if self.key is None or self.joined.is_set():
            return
        await poll_until(self.key.connected.is_set, deadline)
        self.attach_key()

    def attach_key(self) -> None:
        """Attach a bot-key seat to its key's stream, when one is connected."""
        if self.key is None or self.joined.is_set():
            return
        with self.lobby.lock:
            self.key.seats[id(self)] = self
        conn = self.key.conn
        if conn is not None:
            self.attach(conn)

    def rebind(self, conn: Connection) -> None:
        """The bot of this bot-key seat reconnected on ``conn``: later requests and MatchEnd go there.

        It gets this match's MatchStart again; a decision that was waiting on the old stream was a
        DISCONNECT fault already.
        """
        with self.lobby.lock:
            self.conn = conn
            if self.start_msg is not None:
                self.send(self.start_msg)
            self.joined.set()

    def release(self) -> None:
        """The match is over: a bot-key stream that reconnects no longer takes this seat."""
        if self.key is not None:
            with self.lobby.lock:
                self.key.seats.pop(id(self), None)

    def joined_or_exited(self) -> bool:
        """True once the bot is connected, or when its spawned process exited (it will not connect)."""
        return self.joined.is_set() or (self.process is not None and self.process.poll() is not None)

    def send(self, msg: referee_pb2.RefereeMessage) -> None:
        conn = self.conn
        if conn is None:
            return
        if self.log is not None:
            self.log("->", self.match_id, self.seat, msg)
        conn.send(msg)

    # -- asking the bot ------------------------------------------------------------------------------

    def prepare(self, view: DecisionView) -> None:
        """Send the request of a simultaneous decision now; :meth:`act_async` then only awaits the answer."""
        conn = self.conn
        if self._is_skipped(view) or conn is None or conn.ended:
            return
        self._prepared = (view.ply, self._send(view, conn))

    def _take_events(self, view: DecisionView) -> list[dict[str, Any]]:
        """The events to send with a request for ``view``: those held back, then the view's own."""
        self.seen = len(self.history)
        if not self.inbox:
            return list(view.events)
        events = self.inbox
        events.extend(view.events)
        self.inbox = []
        return events

    def tail_events(self) -> list[dict[str, Any]]:
        """The events this seat saw since its last request (for MatchEnd); empties the inbox."""
        events = self.inbox
        self.inbox = []
        for batch in self.history[self.seen :]:
            for event in batch:
                seen = event.view(self.seat)
                if seen is not None:
                    events.append(seen)
        self.seen = len(self.history)
        return events

    async def act_async(self, view: DecisionView) -> Action | str | int:
        """Ask the bot and await its answer (on the referee's event loop); return its index or action,
        or raise :class:`SeatFault`."""
        asked = time.monotonic()
        try:
            sent = self.begin(view)
        except Gone as gone:
            sent = await self._resend(view, gone.conn, asked)
        if sent is None:
            return 0
        return await self.finish_async(view, sent)

    async def finish_async(self, view: DecisionView, sent: Sent) -> Action | str | int:
        """Await the answer to the request ``sent`` for ``view`` (sending it again on a reconnected
        stream where a bot-key seat's stream closed); its index or action, or raise :class:`SeatFault`."""
        while True:
            pending, started, budget = sent
            waiter = pending.waiter
            if not waiter.done():
                left = max(0.0, budget - (time.monotonic() - started))
                timer = pending.conn.loop.call_later(left, resolve_waiter, waiter)
                try:
                    await waiter
                finally:
                    timer.cancel()
            try:
                return self.conclude(sent)  # type: ignore[no-any-return]
            except Gone as gone:
                sent = await self._resend(view, gone.conn, started)

    async def _resend(self, view: DecisionView, gone: Connection, asked: float) -> Sent:
        """The stream ``gone`` closed before the answer: for a bot-key seat, send the request again
        once the bot reconnects (within the decision's deadline, counted from ``asked``); otherwise,
        or when it does not come back, raise the fault of the closed stream."""
        if self.key is None:
            raise await self._gone_async(gone) from None
        deadline = asked + self.clock.deadline_ms / 1000.0

        def back() -> bool:
            conn = self.conn
            return conn is not None and conn is not gone and not conn.ended

        if not await poll_until(back, deadline):
            await settled(gone)
            fault = self._gone_fault(gone, None)
            raise SeatFault(
                fault.kind,
                f"{fault}; the bot did not reconnect with its bot key within {self.clock.deadline_ms} ms",
            ) from None
        conn = self.conn
        assert conn is not None
        return self._send(view, conn, asked=asked, events=self._last_events)

    def begin(self, view: DecisionView) -> Sent | None:
        """Send the request for ``view`` (unless :meth:`prepare` did); None for a skipped forced one.

        Raises :class:`Gone` when the seat's stream has closed (:meth:`act_async` then waits for a
        bot-key seat's bot to reconnect) and :class:`SeatFault` when its bot never connected."""
        self._default = view.legal[0] if view.legal else None
        prepared, self._prepared = self._prepared, None
        if self._is_skipped(view):
            # Design detail: the view's events (what the core collected for this seat since its
            # previous view) are held back with a "forced" event for the next request.
            self.seen = len(self.history)
            self.inbox.extend(view.events)
            self.inbox.append({"kind": "forced", "seat": self.seat, "action": self.last_default})
            return None
        conn = self.conn
        if conn is None:
            raise self._never_connected()
        if prepared is not None and prepared[0] == view.ply:
            return prepared[1]
        if conn.ended:
            raise Gone(conn)
        return self._send(view, conn)

    @property
    def last_default(self) -> str:
        """The text of the latest decision's default action ("" when it had none): written only when
        a fault notice or a forced event needs it."""
        default = self._default
        return default.text() if default is not None else ""

    def _is_skipped(self, view: DecisionView) -> bool:
        """A forced decision the bot did not ask to see: answered here, without a round trip."""
        conn = self.conn
        return view.forced and (conn is None or not conn.want_forced)

    def _send(
        self,
        view: DecisionView,
        conn: Connection,
        *,
        asked: float | None = None,
        events: list[dict[str, Any]] | None = None,
    ) -> Sent:
        """Send the request for ``view`` on ``conn``; ``asked`` and ``events`` are those of the first
        send when the request is sent again on a new stream (its clock runs from the first)."""
        pending = self.lobby.open_request(conn, self.match_id)
        self.last_request_id = pending.request_id
        if events is None:
            events = self._last_events = self._take_events(view)
        typed = conn.typed_observation
        text = None if typed else view.observation_json()
        data = request_bytes.decision_request_bytes(
            match_id=self.match_id,
            request_id=pending.request_id,
            seat=self.seat,
            ply=view.ply,
            game_id=view.game.game,
            observation=view.observation if text is None else None,
            observation_json=text,
            events=events,
            legal=view.legal,
            families=view.families,
            deadline_ms=self.clock.deadline_ms,
            time_bank_ms=self.clock.bank_ms,
            forced=view.forced,
            typed_observation=typed,
            typed_events=conn.typed_events,
            memo=self.json_memo,
        )
        if self.log is not None:
            self.log("->", self.match_id, self.seat, referee_pb2.RefereeMessage.FromString(data))
        started = time.monotonic() if asked is None else asked
        conn.send_bytes(data)
        return pending, started, self.clock.budget_s()

    def conclude(self, sent: Sent) -> Any:
        """The answer after the wait, or raise its fault (:class:`Gone` when the stream closed).

        An answered, spoilt or disconnected request has left the lobby already; a timed-out one (or
        one whose stream closed) is closed here, so that a later answer to it is stale.
        """
        pending, started, budget = sent
        conn = pending.conn
        elapsed = time.monotonic() - started
        if pending.answer is not None:
            self.clock.charge(elapsed)
            if self.log is not None:
                self.log("<-", self.match_id, self.seat, pending.answer)
            try:
                return convert.answer_to_engine(pending.answer, self.game)
            except convert.BotFailure as failure:  # the bot says its code failed
                raise SeatFault(failure.kind, f"request {pending.request_id}: {failure}") from None
            except Exception as exc:  # whatever the bytes held, it is this seat's fault
                raise SeatFault(FaultKind.MALFORMED, f"request {pending.request_id}: {exc}") from None
        if pending.error:
            self.clock.charge(elapsed)
            raise SeatFault(FaultKind.MALFORMED, f"request {pending.request_id}: {pending.error}")
        self.lobby.close_request(pending)
        if pending.closed or conn.ended:
            raise Gone(conn)
        self.clock.expire()
        raise SeatFault(
            FaultKind.TIMEOUT,
            f"no answer to request {pending.request_id} within {budget * 1000:.0f} ms "
            f"({allowance(budget, self.control)})",
        )

    def _never_connected(self) -> SeatFault:
        """The fault for a seat whose bot never connected: a crash when its process already died with
        an error, a disconnect saying so when it exited with code 0."""
        process = self.process
        code = process.poll() if process is not None else None
        if code is None:
            return SeatFault(FaultKind.DISCONNECT, NEVER_CONNECTED)
        kind = FaultKind.DISCONNECT if code == 0 else FaultKind.CRASH
        return SeatFault(kind, f"{exit_text(code)} before connecting{self._log_tail()}")

    async def _gone_async(self, conn: Connection) -> SeatFault:
        """The fault for a closed stream: a crash when the spawned process died with an error (it is
        given up to the crash grace to exit)."""
        await settled(conn)
        process = self.process
        code = None
        if process is not None:
            deadline = time.monotonic() + self.control.crash_grace_s
            await poll_until(lambda: process.poll() is not None, deadline)
            code = process.poll()
        return self._gone_fault(conn, code)

    def _gone_fault(self, conn: Connection, code: int | None) -> SeatFault:
        """The fault of a closed stream. The referee's own reason for closing it comes first: a bot
        that exits on the fatal error of a FLOOD close is a DISCONNECT for flooding, its exit after."""
        if conn.is_closed_by_referee:
            text = f"no answer: {conn.close_reason}"
            if self.process is not None:
                ended = (
                    "is still running" if code is None else exit_text(code).removeprefix("the bot process ")
                )
                text += f"; the bot process then {ended}" + (self._log_tail() if code else "")
            return SeatFault(FaultKind.DISCONNECT, text)
        if code is not None and code != 0:
            return SeatFault(FaultKind.CRASH, f"{exit_text(code)}{self._log_tail()}")
        reason = conn.close_reason or "the stream ended"
        if self.process is not None:
            reason += "; the bot process " + ("exited with code 0" if code == 0 else "is still running")
        return SeatFault(FaultKind.DISCONNECT, f"no answer: {reason}")

    def _log_tail(self) -> str:
        if self.process_log is None:
            return ""
        tail = last_output(self.process_log)
        return f"; its last output: {tail}" if tail else ""

    # -- notices -------------------------------------------------------------------------------------

    def notify_fault(self, fault: Fault, forfeited: bool) -> None:
        """Tell the bot about a fault recorded against its seat."""
        msg = referee_pb2.RefereeMessage()
        notice = msg.fault
        notice.match_id = self.match_id
        notice.request_id = self.last_request_id
        notice.fault.CopyFrom(convert.fault_to_pb(fault))
        notice.default_action = self.last_default
        notice.forfeited = forfeited
        self.send(msg)


def exit_text(code: int) -> str:
    """How a bot process ended, from its ``Popen.returncode`` (negative: the signal that killed it)."""
    if code < 0:
        try:
            name = signal.Signals(-code).name
        except ValueError:
            name = "unknown signal"
        return f"the bot process was killed by signal {-code} ({name})"
    return f"the bot process exited with code {code}"


class Gone(Exception):
    """The seat's stream is closed (turned into a DISCONNECT or CRASH fault by the caller)."""

    def __init__(self, conn: Connection) -> None:
        self.conn = conn
        super().__init__()
