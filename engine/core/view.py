"""The decision view: everything a seat is told when it must decide, in process as over the wire."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from engine.core.action import Action, ActionFamily
    from engine.core.game import GameRef
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
        "_state",
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
        state: State | None = None,
    ) -> None:
        if (observation is not None) + (observe is not None) + (state is not None) != 1:
            raise ValueError("give exactly one of observation, observe and state")
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
        self._state = state
        """The position the view is of, while it stays at ``ply``: the observation is made from it on
        first use (:func:`view_of` gives it)."""

    @property
    def legal_count(self) -> int:
        """How many actions are listed (``len(legal)``; a view rebuilt from a wire request counts
        them without parsing them)."""
        return len(self.legal)

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
        observation = self._observation
        if observation is None:
            state = self._state
            if state is None:
                assert self._observe is not None
                observation = self._observe()
            else:
                observation = self._position(state).observe(self.seat)
            self._observation = observation
        return observation

    def observation_json(self) -> bytes | None:
        """The observation's compact JSON text (UTF-8) written straight from the position, when the
        game can (:meth:`State.observe_json`) and the observation has not been made already; else
        None (write :attr:`observation`)."""
        state = self._state
        if state is None or self._observation is not None:
            return None
        return self._position(state).observe_json(self.seat)

    def _position(self, state: State) -> State:
        """``state``, still at the view's ply."""
        if state.ply != self.ply:
            raise RuntimeError(f"the observation of ply {self.ply} was first asked for at ply {state.ply}")
        return state

    def __repr__(self) -> str:
        return (
            f"DecisionView(seat={self.seat}, ply={self.ply}, legal={len(self.legal)}, forced={self.forced})"
        )


def view_of(
    state: State, seat: int, inbox: list[list[dict[str, Any]]], seat_names: tuple[str, ...]
) -> DecisionView:
    """The view of ``seat`` at ``state``: its legal actions and families, and the events in its box of
    ``inbox`` (emptied); the observation is built on first use, and only at this very position."""
    legal = state.legal_actions(seat)
    families = state.families(seat)
    box = inbox[seat]
    events = tuple(box)
    box.clear()
    ply = state.ply
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
    view._observe = None
    view._state = state
    return view


_new_view = object.__new__
