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

from engine.core.action import MAX_ACTION_TEXT, Action, ActionFamily, check_fields
from engine.core.errors import MalformedAction, RulesError
from engine.core.replay import ReplayLog
from engine.core.result import Fault, FaultKind, Result, Termination

if TYPE_CHECKING:
    from engine.core.events import Event
    from engine.core.game import Game, GameRef
    from engine.core.observation import Observation
    from engine.core.state import State


class DecisionView:
    """Everything a seat is told when it must decide: the same content the wire request carries.

    Design detail: the observation is built on first use, since most decisions of random or forced
    play never look at it (in Catan it is the largest cost of a decision). It may only be first asked
    for while the position is the one the view was made for; a bot that keeps views for later gets a
    clear error instead of a newer position.
    """

    __slots__ = (
        "_events",
        "_observation",
        "_observe",
        "_read_events",
        "families",
        "forced",
        "game",
        "legal",
        "ply",
        "seat",
        "seat_names",
    )

    def __init__(
        self,
        *,
        game: GameRef,
        seat: int,
        ply: int,
        legal: tuple[Action, ...],
        families: tuple[ActionFamily, ...],
        events: tuple[dict[str, Any], ...] | None = None,
        forced: bool,
        observation: Observation | None = None,
        observe: Callable[[], Observation] | None = None,
        seat_names: tuple[str, ...] = (),
        read_events: Callable[[], tuple[dict[str, Any], ...]] | None = None,
    ) -> None:
        if (observation is None) == (observe is None):
            raise ValueError("give exactly one of observation and observe")
        if (events is None) == (read_events is None):
            raise ValueError("give exactly one of events and read_events")
        self.game = game
        self.seat = seat
        self.ply = ply
        """Number of actions applied so far in the match."""
        self.legal = legal
        """The enumerated legal actions, in the order their indices refer to."""
        self.families = families
        """Open action families the seat may use instead of a listed action."""
        self._events = events
        self._read_events = read_events
        self.forced = forced
        """True when there is exactly one choice."""
        self.seat_names = seat_names
        """The name of the bot in every seat, by seat index, as every seat is told at the start
        (``MatchStart.seats``); empty when the driver names no seats."""
        self._observation = observation
        self._observe = observe

    @property
    def events(self) -> tuple[dict[str, Any], ...]:
        """What this seat saw happen since its previous decision (read on first use when the view
        was given ``read_events``: a bot over the wire decodes them only if it looks)."""
        events = self._events
        if events is None:
            assert self._read_events is not None
            events = self._events = self._read_events()
        return events

    @property
    def observation(self) -> Observation:
        """What the seat may know of the position (built on first use)."""
        if self._observation is None:
            assert self._observe is not None
            self._observation = self._observe()
        return self._observation

    def __repr__(self) -> str:
        return (
            f"DecisionView(seat={self.seat}, ply={self.ply}, legal={len(self.legal)}, forced={self.forced})"
        )


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

    def ask(view: DecisionView, since: float | None = None) -> Generator[Step, Outcome | None, Action]:
        asked = time.perf_counter() if since is None else since
        outcome = yield Ask(view, seats[view.seat])
        assert outcome is not None
        waited[view.seat] += time.perf_counter() - asked
        return _settle(outcome, view, game, state, fault)

    # Design detail: the loop runs once per decision of every match (a remote seat's included), so
    # what is the same for the whole match is looked up once here, and hooks left as the base class
    # has them (doing nothing) are not called.
    on_decision = _overridden(hooks, "on_decision")
    on_action = _overridden(hooks, "on_action")
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
            views = (_view(state, movers[0], inbox, shown),)
        else:
            views = tuple(_view(state, seat, inbox, shown) for seat in movers)
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
                    view = _view(state, seat, inbox, shown)
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
                    public = {"kind": event.kind, **event.data}
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


def _overridden(hooks: MatchHooks, name: str) -> Callable[..., None] | None:
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
        fault(seat, FaultKind.MALFORMED, f"{_quote(action)}: the action could not be applied ({_brief(exc)})")
        return None


def _view(
    state: State, seat: int, inbox: list[list[dict[str, Any]]], seat_names: tuple[str, ...]
) -> DecisionView:
    legal = state.legal_actions(seat)
    families = state.families(seat)
    box = inbox[seat]
    events = tuple(box)
    box.clear()
    ply = state.ply

    def observe() -> Observation:
        if state.ply != ply:
            raise RuntimeError(f"the observation of ply {ply} was first asked for at ply {state.ply}")
        return state.observe(seat)

    # Design detail: made without ``__init__``'s keyword arguments and checks (one view per decision of
    # every match); the slots set here are every one of them, as ``__init__`` sets them.
    view = _new_view(DecisionView)
    view.game = state.game.ref
    view.seat = seat
    view.ply = ply
    view.legal = legal
    view.families = families
    view._events = events
    view._read_events = None
    view.forced = len(legal) == 1 and not families
    view.seat_names = seat_names
    view._observation = None
    view._observe = observe
    return view


_new_view = object.__new__


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
        fault(seat, FaultKind.MALFORMED, f"{_quote(answer)}: the answer could not be checked ({_brief(exc)})")
        return view.legal[0]
    return action


def _quote(answer: object) -> str:
    text = (_text_or_none(answer) or type(answer).__name__) if isinstance(answer, Action) else repr(answer)
    return text[:60]


def _text_or_none(action: Action) -> str | None:
    try:
        return action.text()
    except Exception:
        return None


def _brief(exc: BaseException) -> str:
    return f"{type(exc).__name__}: {str(exc)[:200]}"


def read_answer(answer: object, view: DecisionView, game: Game, state: State) -> Action:
    """A seat's answer to ``view`` as an action legal in ``state``; raises a ``RulesError`` otherwise.

    This is all the loop does with what a seat returns, so its refusals are the seat's faults: a
    ``MalformedAction`` for what is not an action of the game, another ``RulesError`` for an action
    the rules refuse now. Any other exception is a defect of the engine.
    """
    action = resolve_answer(answer, view, game)
    state.validate(view.seat, action)
    return action


def resolve_answer(answer: object, view: DecisionView, game: Game) -> Action:
    """Turn an index, a canonical text or an action into an action; raise ``MalformedAction``."""
    if isinstance(answer, bool):
        raise MalformedAction(repr(answer), "an answer is an action, its text or an index")
    if isinstance(answer, int):
        if 0 <= answer < len(view.legal):
            return view.legal[answer]
        raise MalformedAction(
            f"#{answer}", f"index out of range: {len(view.legal)} legal actions (0..{len(view.legal) - 1})"
        )
    if isinstance(answer, str):
        if len(answer) > MAX_ACTION_TEXT:  # refused before any parsing
            raise MalformedAction(
                answer[:40] + "...",
                f"an action text is at most {MAX_ACTION_TEXT} characters, got {len(answer)}",
            )
        return game.parse_action(answer)
    if isinstance(answer, Action):
        if answer in view.legal:
            return answer
        return canonical_action(answer, game)
    raise MalformedAction(repr(answer)[:60], "an answer is an action, its text or an index")


def canonical_action(action: Action, game: Game) -> Action:
    """The game's own value for an action a seat built (a typed wire message, an in-process bot's value).

    Its fields are checked against their declared types and ranges first (``check_fields``), so its
    text is faithful; the text is then parsed, which gives the game's canonical value (the interned
    instance the legal list holds, the two cards of a Year of Plenty in order). Raises
    ``MalformedAction``.
    """
    check_fields(action)
    try:
        text = action.text()
    except (IndexError, KeyError, TypeError, ValueError) as exc:
        raise MalformedAction(
            type(action).__name__, f"its fields have no text form ({_brief(exc)})"
        ) from None
    return game.parse_action(text)
