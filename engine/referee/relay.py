"""A match carried from a bot's answer to the next request by the event loop, without waking the match task.

The match task (:mod:`engine.referee.session`) steps a :class:`~engine.core.match.MatchRunner`. A
remote decision's request goes out; when its answer arrives, the stream's reader hands it to the
request's :attr:`~engine.referee.lobby.Pending.relay`, and :class:`Relay` checks it, steps the match
and sends the next request, instead of waking the match task (which would run one turn of the loop
later, after a task switch). The match task sleeps while the relay carries the match,
and is woken only for what needs waiting of its own: a request that ended without an answer
(timeout, unreadable answer, closed stream: :class:`Resume`), an in-process seat (it decides in the
loop's executor), a seat whose stream has closed before its request went out, and the end of the
match.

Design detail: the relay steps the match in the reader's own turn when the referee has no other
request out (a lone decision: no turn lost), and in the loop's next turn when it has
(:mod:`engine.referee.turns`): stepping and starting the next write inside every reader's turn made
gRPC's poller and event-engine threads wake more often per decision when many matches share the
referee, and putting every step off lengthened a lone decision's round trip.

Design detail: the relay uses the seats' own :meth:`~engine.referee.seats.RemoteSeat.begin` and
:meth:`~engine.referee.seats.RemoteSeat.conclude`, as :meth:`~engine.referee.seats.RemoteSeat.act_async`
does, so clocks, faults, limits and what a request carries are the same on both paths. Everything
it runs is guarded: an exception of the match (an engine or hook error) goes to the match task,
never into the reader of the stream that happened to bring the answer.
"""

from __future__ import annotations

import asyncio
import time
from dataclasses import dataclass
from typing import TYPE_CHECKING

from engine.core.match import Ask, MatchRunner, Outcome, Step
from engine.referee.lobby import resolve_waiter
from engine.referee.seats import Gone, RemoteSeat, Sent
from engine.referee.turns import others_outstanding

if TYPE_CHECKING:
    from collections.abc import Sized

    from engine.core.match import DecisionView
    from engine.referee.lobby import Pending


@dataclass(frozen=True, slots=True)
class Resume:
    """A remote decision whose request ended without an answer: the match task finishes it
    (:meth:`~engine.referee.seats.RemoteSeat.finish_async`)."""

    seat: RemoteSeat
    view: DecisionView
    sent: Sent


class _Waiting:
    """A request is out and armed: await :meth:`Relay.parked`."""


WAITING = _Waiting()

Next = Ask | Resume | _Waiting | None
"""What :meth:`Relay.run` leaves to the match task: an Ask it does not take (an in-process seat, a
closed stream), a :class:`Resume`, :data:`WAITING`, or None when the match is over."""


class Relay:
    """Steps one match from answer to request on the referee's event loop (all methods run there)."""

    __slots__ = ("_current", "_due", "_loop", "_outstanding", "_parked", "_runner", "_timer")

    def __init__(self, runner: MatchRunner, loop: asyncio.AbstractEventLoop, outstanding: Sized) -> None:
        self._runner = runner
        self._loop = loop
        self._outstanding = outstanding
        """The referee's outstanding requests (the lobby's): while others are out, steps wait a turn."""
        self._parked: asyncio.Future[Next] | None = None
        self._current: tuple[RemoteSeat, DecisionView, Sent] | None = None
        self._timer: asyncio.TimerHandle | None = None
        """The one timer of the match: it fires at the armed request's time limit or before it."""
        self._due = 0.0
        """When the armed request's time is up, in the loop's time."""

    def run(self, step: Step | None) -> Next:
        """Take the match from ``step`` as far as it goes without waiting; what is left to the task."""
        runner = self._runner
        while step is not None:
            if not isinstance(step, Ask):  # a simultaneous decision: its requests go out now
                step.prepare_all()
                step = runner.send(None)
                continue
            seat = step.bot
            if not isinstance(seat, RemoteSeat):
                return step
            view = step.view
            try:
                sent = seat.begin(view)
            except Gone:
                return step  # the task asks again, waiting for a bot key to reconnect
            except Exception as exc:  # the seat's fault (its bot never connected)
                step = runner.send((None, exc))
                continue
            if sent is None:  # a forced decision the bot does not see
                step = runner.send((0, None))
                continue
            pending = sent[0]
            if pending.waiter.done():  # answered already (a prepared request), or ended
                if pending.answer is None:
                    return Resume(seat, view, sent)
                step = runner.send(_outcome(seat, sent))
                continue
            self._arm(seat, view, sent)
            return WAITING
        return None

    def parked(self) -> asyncio.Future[Next]:
        """What the task awaits after :data:`WAITING`: resolved when the relay stops carrying the match."""
        parked = self._parked
        assert parked is not None, "nothing is armed"
        return parked

    def close(self) -> None:
        """Carry the match no further (its task ends): a later answer only resolves its waiter."""
        self._disarm()
        self._stop_timer()
        self._parked = None

    def _arm(self, seat: RemoteSeat, view: DecisionView, sent: Sent) -> None:
        pending, started, budget = sent
        loop = self._loop
        due = self._due = loop.time() + max(0.0, budget - (time.monotonic() - started))
        # Design detail: a request's time limit is seconds away and its answer usually comes within a
        # millisecond, so the timer is not made again for every request: one that fires no later
        # than this request's limit is kept (it looks again when it fires, :meth:`_time_up`).
        timer = self._timer
        if timer is None or timer.when() > due:
            if timer is not None:
                timer.cancel()
            self._timer = loop.call_at(due, self._time_up)
        self._current = (seat, view, sent)
        pending.relay = self._ended
        if self._parked is None:
            self._parked = loop.create_future()

    def _disarm(self) -> None:
        current, self._current = self._current, None
        if current is not None:
            current[2][0].relay = None

    def _stop_timer(self) -> None:
        if self._timer is not None:
            self._timer.cancel()
            self._timer = None

    def _time_up(self) -> None:
        """The timer fired: end the armed request if its time is up, else wait again until it is."""
        self._timer = None
        current = self._current
        if current is None:
            return
        if self._loop.time() < self._due:
            self._timer = self._loop.call_at(self._due, self._time_up)
            return
        self._ended(current[2][0])

    def _ended(self, pending: Pending) -> None:
        """The armed request ended (an answer, a spoilt answer, a closed stream) or its time is up:
        go on now, or in the next turn when the referee has other requests out."""
        if others_outstanding(self._outstanding):
            self._loop.call_soon(self._step, pending)
        else:
            self._step(pending)

    def _step(self, pending: Pending) -> None:
        """Go on from the ended request, unless the relay has moved past it (or was closed)."""
        current = self._current
        if current is None or current[2][0] is not pending:
            return
        self._disarm()
        seat, view, sent = current
        if pending.answer is None:
            resolve_waiter(pending.waiter)
            self._hand(Resume(seat, view, sent))
            return
        try:
            left = self.run(self._runner.send(_outcome(seat, sent)))
        except Exception as exc:  # the match's own error: the task fails the match with it
            self._stop_timer()
            parked, self._parked = self._parked, None
            if parked is not None and not parked.done():
                parked.set_exception(exc)
            return
        if left is not WAITING:
            self._hand(left)

    def _hand(self, left: Next) -> None:
        """Wake the task with what it must do."""
        self._stop_timer()
        parked, self._parked = self._parked, None
        if parked is not None and not parked.done():
            parked.set_result(left)


def _outcome(seat: RemoteSeat, sent: Sent) -> Outcome:
    """The seat's answer to an ended request, or the fault it raises."""
    try:
        return seat.conclude(sent), None
    except Exception as exc:
        return None, exc
