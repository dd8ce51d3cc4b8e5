"""The in-process match loop: ask the seats to move, apply their answers, enforce the fault policy.

Seats are pluggable :class:`Bot` objects; the referee plugs in seats backed by gRPC streams, the CLI
plugs in built-in bots. Policies belong to the caller (HS-21): :class:`FaultPolicy` says how many
strikes a seat may take and who plays a forfeited seat, :class:`MatchHooks` lets a caller watch every
decision, action, fault and the end. No I/O happens here.
"""

from __future__ import annotations

import contextlib
import time
from collections.abc import Callable, Generator, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Protocol

from engine.core.action import Action
from engine.core.answers import brief, quote, read_answer
from engine.core.errors import MalformedAction, RulesError
from engine.core.replay import ReplayLog
from engine.core.result import Fault, FaultKind, Result, Termination
from engine.core.view import DecisionView as DecisionView
from engine.core.view import view_of

if TYPE_CHECKING:
    from engine.core.events import Event
    from engine.core.game import Game
    from engine.core.state import State


class Bot(Protocol):
    """A seat. ``act`` returns an action, its canonical text, or an index into ``legal``.

    A seat may also define ``prepare(view)``: for a decision several seats take at once, the loop calls
    ``prepare`` for every one of them before the first ``act``, so that a remote seat can send all its
    requests together and then wait for each answer. A seat that defines ``end(result)`` is told the
    result once the match is over (a seat's bot for the whole match, even when a fallback played its
    last moves; what it raises there is ignored).
    """

    def act(self, view: DecisionView) -> Action | str | int: ...


class SeatFault(Exception):
    """Raised by a seat adapter (the referee's remote seats) to report a fault of a given kind."""

    def __init__(self, kind: FaultKind, message: str) -> None:
        self.kind = kind
        super().__init__(message)


class FirstLegal:
    """The fallback seat: always the first listed action."""

    def act(self, view: DecisionView) -> Action | str | int:
        return 0


@dataclass(frozen=True, slots=True)
class FaultPolicy:
    """The graded fault policy: a default legal action and a strike per fault; past the limit, forfeit."""

    strike_limit: int = 3
    """Faults a seat may commit; the next one forfeits the seat."""
    fallback: Callable[[int], Bot] = field(default=lambda seat: FirstLegal())
    """Builds the bot that plays a forfeited seat until the end."""

    def forfeits(self, strikes: int) -> bool:
        """True when a seat's ``strikes``-th fault forfeits the seat (it is past the strike limit)."""
        return strikes > self.strike_limit


class MatchHooks:
    """Callbacks for a live view or a referee; every method does nothing by default."""

    def on_seats(self, names: Sequence[str]) -> None:
        """Called once before :meth:`on_start` with the display name of each seat, as the match uses
        them (a remote bot's hello may have named its seat)."""

    def on_start(self, state: State) -> None:
        """Called once with the initial state."""

    def on_decision(self, view: DecisionView) -> None:
        """Called when a seat is asked to decide."""

    def on_action(self, seat: int, action: Action, events: list[Event], state: State) -> None:
        """Called after an action is applied."""

    def on_fault(self, fault: Fault) -> None:
        """Called when a seat commits a fault."""

    def on_end(self, result: Result, state: State) -> None:
        """Called once with the final result."""


@dataclass(slots=True)
class MatchRecord:
    """What :func:`play_match` returns: the final state, the result and the replay log."""

    state: State
    result: Result
    log: ReplayLog
    decisions: int
    """Decisions asked of the seats (forced ones included)."""
    seconds: float


@dataclass(frozen=True, slots=True)
class Prepare:
    """A step of :class:`MatchRunner`: several seats decide at once from the same position.

    The driver calls :meth:`prepare_all` (e.g. a remote seat sends its request now) before the
    :class:`Ask` steps of the same decision; no reply is expected.
    """

    views: tuple[DecisionView, ...]
    bots: tuple[Bot, ...]

    def prepare_all(self) -> None:
        """Call ``prepare(view)`` on each seat's bot that has it."""
        for bot, view in zip(self.bots, self.views, strict=True):
            prepare = getattr(bot, "prepare", None)
            if prepare is not None:
                prepare(view)


@dataclass(slots=True)
class Ask:
    """A step of :class:`MatchRunner`: ``bot`` must decide ``view``; reply with an :data:`Outcome`.

    Not frozen: one is made for every decision, and a frozen dataclass's ``__init__`` sets each field
    through ``object.__setattr__``. Nothing changes one once made.
    """

    view: DecisionView
    bot: Bot


Step = Prepare | Ask
Outcome = tuple[object, Exception | None]
"""What a seat's ``act`` returned, or the exception it raised (then the answer is None)."""


class MatchRunner:
    """The match loop as steps, for a driver that asks its seats itself (the referee's event loop).

    ``step = runner.send(None)`` gives the first :class:`Prepare` or :class:`Ask`; the driver replies
    to each with ``runner.send(reply)`` (None after a Prepare, an :data:`Outcome` after an Ask) until
    it returns None; :attr:`record` then holds the match's record. Views, validation, faults, hooks and
    the replay log are the runner's: :func:`play_match` is a synchronous driver over it.
    """

    def __init__(
        self,
        game: Game,
        bots: Sequence[Bot],
        seed: int,
        *,
        seat_names: Sequence[str] | None = None,
        policy: FaultPolicy | None = None,
        hooks: MatchHooks | None = None,
        max_plies: int = 100_000,
    ) -> None:
        if len(bots) != game.players:
            raise ValueError(f"{game.ref.canonical()} needs {game.players} seats, got {len(bots)} bots")
        self.record: MatchRecord | None = None
        self._steps = _match_steps(
            game,
            list(bots),
            seed,
            list(seat_names or [type(b).__name__ for b in bots]),
            policy or FaultPolicy(),
            hooks or MatchHooks(),
            max_plies,
        )

    def send(self, reply: Outcome | None) -> Step | None:
        """Reply to the previous step (None to begin); the next step, or None when the match is over."""
        try:
            return self._steps.send(reply)
        except StopIteration as stop:
            self.record = stop.value
            return None


def act_outcome(bot: Bot, view: DecisionView) -> Outcome:
    """Call ``bot.act(view)``, catching what a bot may raise (a seat fault or a bot's bug)."""
    try:
        return bot.act(view), None
    except Exception as exc:  # a bot's bug must not stop the match
        return None, exc


def play_match(
    game: Game,
    bots: Sequence[Bot],
    seed: int,
    *,
    seat_names: Sequence[str] | None = None,
    policy: FaultPolicy | None = None,
    hooks: MatchHooks | None = None,
    max_plies: int = 100_000,
) -> MatchRecord:
    """Play one match to its end (or the turn cap) and return its record."""
    runner = MatchRunner(
        game, bots, seed, seat_names=seat_names, policy=policy, hooks=hooks, max_plies=max_plies
    )
    step = runner.send(None)
    while step is not None:
        if isinstance(step, Ask):
            step = runner.send(act_outcome(step.bot, step.view))
            continue
        step.prepare_all()
        step = runner.send(None)
    assert runner.record is not None
    return runner.record


def _match_steps(
    game: Game,
    seats: list[Bot],
    seed: int,
    names: list[str],
    policy: FaultPolicy,
    hooks: MatchHooks,
    max_plies: int,
) -> Generator[Step, Outcome | None, MatchRecord]:
    """The match loop: yields the steps of :class:`MatchRunner`, returns the record."""
    started = time.perf_counter()
    state = game.new_state(seed)
    log = ReplayLog.start(game.ref, seed, names)
    strikes = [0] * game.players
    forfeited: list[int] = []
    faults: list[Fault] = []
    inbox: list[list[dict[str, Any]]] = [[] for _ in range(game.players)]
    decisions = 0
    waited = [0.0] * game.players
    """Seconds each seat's answer to its current decision took, as this loop saw it (re-asks added)."""
    hooks.on_seats(names)
    players = tuple(seats)
    """The seats' own bots, told the result at the end even if a fallback replaced one."""
    shown = tuple(names)
    hooks.on_start(state)
    termination: Termination | None = None

    def fault(seat: int, kind: FaultKind, message: str) -> None:
        strikes[seat] += 1
        record = Fault(seat, kind, message, state.ply, strikes[seat])
        faults.append(record)
        hooks.on_fault(record)
        if policy.forfeits(strikes[seat]) and seat not in forfeited:
            forfeited.append(seat)
            seats[seat] = policy.fallback(seat)

    def ask(view: DecisionView) -> Generator[Step, Outcome | None, Action]:
        """A seat asked again (its answer no longer fit after an earlier answer of the decision)."""
        asked = time.perf_counter()
        outcome = yield Ask(view, seats[view.seat])
        assert outcome is not None
        waited[view.seat] += time.perf_counter() - asked
        return _settle(outcome, view, game, state, fault)

    # Design detail: the loop runs once per decision of every match (a remote seat's included), so
    # what is the same for the whole match is looked up once here, and hooks left as the base class
    # has them (doing nothing) are not called.
    on_decision = hook_of(hooks, "on_decision")
    on_action = hook_of(hooks, "on_action")
    turn_cap = game.turn_cap
    players_count = game.players
    seat_range = range(players_count)
    perf_counter = time.perf_counter
    while not state.is_terminal():
        if state.ply >= max_plies or state.turn > turn_cap:
            termination = Termination.TURN_CAP
            break
        if players_count > 1 and len(forfeited) >= players_count - 1:
            termination = Termination.FORFEIT
            break
        movers = state.seats_to_move()
        if not movers:
            raise RuntimeError(f"{game.ref.canonical()}: no seat to move at ply {state.ply}")
        # Every seat of a multi-seat decision is asked before any answer is applied, from the same
        # position: the decision is simultaneous (discards after a 7, answers to an offer). Seats that
        # can take a request early (``prepare``, e.g. a remote seat) get theirs all at once.
        prepared: float | None = None
        views: tuple[DecisionView, ...]
        if len(movers) == 1:
            views = (view_of(state, movers[0], inbox, shown),)
        else:
            views = tuple(view_of(state, seat, inbox, shown) for seat in movers)
            prepared = perf_counter()  # every seat of the decision is asked from here on
            yield Prepare(views, tuple(seats[view.seat] for view in views))
        answers: list[tuple[int, Action]] = []
        for view in views:
            decisions += 1
            if on_decision is not None:
                on_decision(view)
            seat = view.seat
            bot = seats[seat]
            # a seat that took its request at the Prepare step has been deciding since then
            asked = perf_counter() if prepared is None or getattr(bot, "prepare", None) is None else prepared
            outcome = yield Ask(view, bot)
            assert outcome is not None
            waited[seat] = perf_counter() - asked
            answers.append((seat, _settle(outcome, view, game, state, fault)))
        for i, (seat, action) in enumerate(answers):
            # The first answer is legal in this very position (``_settle`` checked it, or it is the
            # default action). A later one of the same decision is checked again: an earlier answer may
            # have ended the match, taken the seat off the decision or changed what it may do (then
            # the seat is asked again).
            if i > 0:
                if state.ply >= max_plies or state.is_terminal() or seat not in state.seats_to_move():
                    continue
                try:
                    state.validate(seat, action)
                except RulesError:
                    view = view_of(state, seat, inbox, shown)
                    decisions += 1
                    if on_decision is not None:
                        on_decision(view)
                    action = yield from ask(view)
            events = _apply_guarded(state, seat, action, fault)
            if events is None:  # the action broke the engine: the seat's fault, its default instead
                action = state.legal_actions(seat)[0]
                events = state.apply(seat, action)
            log.record(state.ply - 1, seat, action, events, ms=1000 * waited[seat])
            for event in events:
                if event.audience or event.hidden:
                    for s in seat_range:
                        seen = event.view(s)
                        if seen is not None:
                            inbox[s].append(seen)
                else:  # every seat sees the public part alike (Event.view): each its own copy
                    public = event.public()
                    for box in inbox:
                        box.append(public.copy())
            if on_action is not None:
                on_action(seat, action, events, state)

    if termination is None:
        result = state.result()
    elif termination is Termination.TURN_CAP:
        result = state.capped_result()
    else:
        capped = state.capped_result()
        result = Result(capped.places, capped.scores, Termination.FORFEIT)
    if forfeited or faults:
        result = result.with_forfeits(forfeited, faults)
    log.finish(result)
    for bot in players:
        end = getattr(bot, "end", None)
        if end is not None:
            with contextlib.suppress(Exception):  # the result stands whatever a bot does with it
                end(result)
    hooks.on_end(result, state)
    return MatchRecord(state, result, log, decisions, time.perf_counter() - started)


def hook_of(hooks: MatchHooks, name: str) -> Callable[..., None] | None:
    """``hooks``'s method ``name``, or None when it is the base class's (which does nothing)."""
    method = getattr(hooks, name)
    if getattr(method, "__func__", None) is getattr(MatchHooks, name):
        return None
    return method  # type: ignore[no-any-return]


def _apply_guarded(
    state: State, seat: int, action: Action, fault: Callable[[int, FaultKind, str], None]
) -> list[Event] | None:
    """Apply a validated action; None (state unchanged, fault recorded) if an unlisted one fails.

    Design detail: a listed action was built by the engine itself, so a failure there is the
    engine's and ends the match; an unlisted one (an offer, a discard: a seat's own values) is
    applied on a state that can be put back, so that an engine defect it meets costs the seat a
    strike instead of voiding the match for every seat.
    """
    if action in state.legal_actions(seat):
        return state.apply(seat, action)
    saved = state.clone()
    try:
        return state.apply(seat, action)
    except Exception as exc:
        state.restore(saved)
        fault(seat, FaultKind.MALFORMED, f"{quote(action)}: the action could not be applied ({brief(exc)})")
        return None


def _settle(
    outcome: Outcome,
    view: DecisionView,
    game: Game,
    state: State,
    fault: Callable[[int, FaultKind, str], None],
) -> Action:
    """The seat's answer as a validated action, or the default action after recording a fault."""
    seat = view.seat
    answer, error = outcome
    if error is None and type(answer) is int and 0 <= answer < len(view.legal):
        # an index into the view's own list, which the position has not left since: legal as it is
        return view.legal[answer]
    if isinstance(error, SeatFault):
        fault(seat, error.kind, str(error))
        return view.legal[0]
    if error is not None:
        fault(seat, FaultKind.CRASH, f"bot raised {type(error).__name__}: {error}")
        return view.legal[0]
    try:
        action = read_answer(answer, view, game, state)
    except MalformedAction as exc:
        fault(seat, FaultKind.MALFORMED, str(exc))
        return view.legal[0]
    except RulesError as exc:
        fault(seat, FaultKind.ILLEGAL, str(exc))
        return view.legal[0]
    except Exception as exc:  # a defect met by this answer: the seat's fault, never the match's end
        fault(seat, FaultKind.MALFORMED, f"{quote(answer)}: the answer could not be checked ({brief(exc)})")
        return view.legal[0]
    return action
