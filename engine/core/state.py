"""States: the authoritative, mutable position of one match.

:meth:`State.apply` is the one mutation entry point, a template method: it checks that the match is
on and the seat is to move, validates the action, calls the game's ``_apply``, counts the ply and
returns the events. Games implement ``_legal_actions``, ``_apply``, ``observe``, ``is_terminal``,
``result`` and ``scores``; they never touch the bookkeeping. ``clone`` is derived from ``__slots__``.
"""

from __future__ import annotations

import json
from abc import ABC, abstractmethod
from typing import TYPE_CHECKING, ClassVar, Self

from engine.core.errors import IllegalAction, NotYourTurn
from engine.core.result import Result, Termination, places_from_scores
from engine.core.snapshot import clone_slots, fingerprint, slots_of

if TYPE_CHECKING:
    from engine.core.action import Action, ActionFamily
    from engine.core.decisions import Decision
    from engine.core.events import Event
    from engine.core.game import Game
    from engine.core.observation import Observation
    from engine.core.rng import MatchRng, Stream


class State(ABC):
    """Base of every game state."""

    __slots__ = ("_legal_cache", "decisions", "game", "ply", "rng", "seed", "turn")

    DERIVED: ClassVar[tuple[str, ...]] = ()
    """Slots a game fills with data derived from the others (kept for speed, built again when missing):
    a :meth:`clone` sets them to ``None`` and :meth:`fingerprint` leaves them out."""

    def __init__(self, game: Game, seed: int, rng: MatchRng) -> None:
        self.game = game
        """The game (static rules) this state belongs to."""
        self.seed = seed
        """The match seed."""
        self.rng = rng
        """The named chance streams of this match."""
        self.decisions: list[Decision] = []
        """The decision stack; the top says who acts now."""
        self.ply = 0
        """Number of actions applied so far."""
        self.turn = 0
        """The game's own turn counter (rounds in Puerto Rico, turns in Catan), checked by the turn cap."""
        self._legal_cache: dict[int, tuple[Action, ...]] = {}

    # -- who acts and what they may do -------------------------------------------------------------

    def seats_to_move(self) -> tuple[int, ...]:
        """The seats that must act now; empty exactly when the match is over."""
        if self.is_terminal() or not self.decisions:
            return ()
        return self.decisions[-1].seats

    def legal_actions(self, seat: int) -> tuple[Action, ...]:
        """The enumerated legal actions of ``seat`` in a deterministic order (empty if not to move)."""
        cached = self._legal_cache.get(seat)
        if cached is None:
            cached = self._legal_actions(seat) if seat in self.seats_to_move() else ()
            self._legal_cache[seat] = cached
        return cached

    def families(self, seat: int) -> tuple[ActionFamily, ...]:
        """Open action families of ``seat`` (parametric actions checked by :meth:`validate`)."""
        return ()

    def is_forced(self, seat: int) -> bool:
        """True when ``seat`` has exactly one choice: one listed action and no open family."""
        return len(self.legal_actions(seat)) == 1 and not self.families(seat)

    def validate(self, seat: int, action: Action) -> None:
        """Raise a ``RulesError`` naming the rule if ``seat`` may not take ``action`` now."""
        if self.is_terminal():
            raise IllegalAction(action.text(), "the match is over")
        movers = self.seats_to_move()
        if seat not in movers:
            raise NotYourTurn(action.text(), f"seat {seat} is not to move (to move: {_seats(movers)})")
        if action in self.legal_actions(seat):
            return
        self._validate_family(seat, action)

    def apply(self, seat: int, action: Action) -> list[Event]:
        """Apply ``action`` of ``seat`` and return what happened; the state is unchanged on error."""
        listed = self._legal_cache.get(seat)
        # Design detail: the cache only holds actions listed for a seat to move in this very position
        # (it is emptied by every apply), so an action found there needs no further check.
        if not listed or action not in listed:
            self.validate(seat, action)
        self._legal_cache = {}
        events = self._apply(seat, action)
        self.ply += 1
        return events

    def child(self, seat: int, action: Action) -> Self:
        """A clone with ``action`` applied (for search bots)."""
        twin = self.clone()
        twin.apply(seat, action)
        return twin

    # -- copies and identity -----------------------------------------------------------------------

    def clone(self, rng: MatchRng | None = None) -> Self:
        """An independent copy: applying to one never changes the other. With ``rng`` the copy draws its
        chance from those streams instead of copies of this state's (re-dealt copies for search)."""
        skip = ("_legal_cache", "game", *self.DERIVED)
        if rng is None:
            twin: Self = clone_slots(self, skip=skip)
        else:
            twin = clone_slots(self, skip=(*skip, "rng"))
            twin.rng = rng
        twin.game = self.game
        twin._legal_cache = {}
        for name in self.DERIVED:
            object.__setattr__(twin, name, None)
        return twin

    def restore(self, saved: Self) -> None:
        """Return to the position of ``saved``, a :meth:`clone` of this state; ``saved`` is used up."""
        for name in slots_of(type(self)):
            if name not in ("_legal_cache", "game") and hasattr(saved, name):
                object.__setattr__(self, name, getattr(saved, name))
        self._legal_cache = {}

    def fingerprint(self) -> str:
        """A stable hash of the whole position, chance streams included."""
        return fingerprint(self, skip=("_legal_cache", "game", *self.DERIVED))

    def determinized_for(self, seat: int, rng: Stream) -> Self:
        """A clone in which everything hidden from ``seat`` is re-dealt from ``rng``.

        The result is a position ``seat`` cannot tell apart from this one, so ``observe(seat)`` on it
        equals ``observe(seat)`` here. Games with hidden information override this.
        """
        return self.clone()

    # -- results -----------------------------------------------------------------------------------

    def capped_result(self) -> Result:
        """The result when the turn cap stops the match: seats placed by :meth:`scores`."""
        scores = self.scores()
        return Result(
            places=places_from_scores([(s,) for s in scores]),
            scores=scores,
            termination=Termination.TURN_CAP,
        )

    # -- what games implement ----------------------------------------------------------------------

    @abstractmethod
    def _legal_actions(self, seat: int) -> tuple[Action, ...]:
        """Enumerate the legal actions of a seat that is to move."""

    @abstractmethod
    def _apply(self, seat: int, action: Action) -> list[Event]:
        """Change the state for a validated action; return the events."""

    def _validate_family(self, seat: int, action: Action) -> None:
        """Accept a legal action of an open family, or raise ``IllegalAction`` naming the rule."""
        raise IllegalAction(action.text(), self.explain_illegal(seat, action))

    def explain_illegal(self, seat: int, action: Action) -> str:
        """Why an unlisted action is illegal; games override this to name the rule."""
        listed = self.legal_actions(seat)
        return f"not one of the {len(listed)} legal actions"

    @abstractmethod
    def observe(self, seat: int) -> Observation:
        """What ``seat`` may know of this position, and nothing more."""

    def observe_json(self, seat: int) -> bytes | None:
        """The compact JSON text (UTF-8) of ``observe(seat).to_json()`` written without making the
        observation, or None when the game has no faster way than writing it (the default)."""
        return None

    @abstractmethod
    def is_terminal(self) -> bool:
        """True when the match is over."""

    @abstractmethod
    def result(self) -> Result:
        """The final result; only valid when :meth:`is_terminal`."""

    @abstractmethod
    def scores(self) -> tuple[float, ...]:
        """Each seat's current score (victory points), used when the turn cap ends the match."""

    def render_for(self, seat: int) -> str:
        """A picture of the position as ``seat`` sees it, for a human seat and ``arena replay --seat``:
        the public position and this seat's own hidden cards, nothing hidden from it (as
        :meth:`observe`). The default lists the seat's observation field by field; games override it."""
        return observation_lines(self.observe(seat))

    def render_legend(self) -> str:
        """What the letters and marks of :meth:`render` mean, and the ids it has no room to draw
        (``arena render``); empty by default."""
        return ""

    def to_text(self) -> str:
        """A compact text notation of the position; games with a notation module override this."""
        return self.fingerprint()

    def render(self) -> str:
        """A picture of the position for people (the CLI, replays); games override this."""
        return self.to_text()

    def static_tables(self) -> object | None:
        """The static facts of this match a bot plans with (the board, the game's component tables) as
        frozen dataclasses, or None for a game without any. The referee sends them once, in MatchStart;
        they are public and never change during the match. Games with a typed wire contract name
        their fields after the fields of their ``.proto`` message."""
        return None


def observation_lines(observation: Observation) -> str:
    """An observation as ``field: value`` lines, lists joined by spaces (the default of ``render_for``)."""
    lines = []
    for name, value in observation.to_json().items():
        if isinstance(value, list):
            value = " ".join(json.dumps(v, separators=(",", ":")) for v in value) or "-"
        elif not isinstance(value, str):
            value = json.dumps(value, separators=(",", ":"))
        lines.append(f"{name}: {value}")
    return "\n".join(lines)


def _seats(seats: tuple[int, ...]) -> str:
    return ", ".join(str(s) for s in seats) or "nobody"
