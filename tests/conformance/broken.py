"""Deliberately broken variants of High Card, one defect each, to prove every conformance check can fail.

None of these is registered; the replay subprocess builds them through ``--factory``.
"""

from __future__ import annotations

from dataclasses import dataclass

from engine.core import Action, Event, Observation, Stream
from tests.conformance.toy import HighCardGame, HighCardObservation, HighCardState, Play


class StallState(HighCardState):
    """After round 2 nobody is to move, yet the match is not over."""

    __slots__ = ()

    def seats_to_move(self) -> tuple[int, ...]:
        return () if self.turn >= 2 else super().seats_to_move()


class BadListState(HighCardState):
    """Lists a card the seat does not hold."""

    __slots__ = ()

    def _legal_actions(self, seat: int) -> tuple[Action, ...]:
        return (*super()._legal_actions(seat), Play(99))

    def validate(self, seat: int, action: Action) -> None:
        super().validate(seat, action)
        if action == Play(99):
            raise ValueError("card 99 does not exist")


@dataclass(frozen=True, slots=True)
class Discard(Action):
    card: int

    def text(self) -> str:
        return f"play {self.card}"  # the same text as Play: it parses back to the wrong action


class BadTextState(HighCardState):
    """Lists actions whose text parses back to a different action."""

    __slots__ = ()

    def _legal_actions(self, seat: int) -> tuple[Action, ...]:
        return tuple(Discard(c) for c in sorted(set(self.hands[seat])))

    def _apply(self, seat: int, action: Action) -> list[Event]:
        card = action.card if isinstance(action, Discard | Play) else 0
        return super()._apply(seat, Play(card))


class LaxState(HighCardState):
    """Accepts any card, held or not, and changes the state before refusing out-of-turn moves."""

    __slots__ = ()

    def validate(self, seat: int, action: Action) -> None:
        if seat not in self.seats_to_move():
            self.points[seat] += 0  # harmless
        self.pending = list(self.pending)

    def _apply(self, seat: int, action: Action) -> list[Event]:
        assert isinstance(action, Play)
        if action.card not in self.hands[seat]:
            self.hands[seat].append(action.card)
        return super()._apply(seat, action)


class SharedCloneState(HighCardState):
    """``clone`` shares the hands with the original."""

    __slots__ = ()

    def clone(self) -> SharedCloneState:
        twin = super().clone()
        twin.hands = self.hands
        return twin


@dataclass(frozen=True, slots=True)
class LeakyObservation(HighCardObservation):
    all_hands: tuple[tuple[int, ...], ...] = ()


class LeakyState(HighCardState):
    """Shows every seat the other seats' hands."""

    __slots__ = ()

    def observe(self, seat: int) -> Observation:
        base = super().observe(seat)
        return LeakyObservation(
            **{f: getattr(base, f) for f in base.__dataclass_fields__},
            all_hands=tuple(tuple(h) for h in self.hands),
        )

    def determinized_for(self, seat: int, rng: Stream) -> LeakyState:
        twin = super().determinized_for(seat, rng)
        assert isinstance(twin, LeakyState)
        return twin


class EndlessState(HighCardState):
    """Never runs out of rounds: the turn counter passes the cap."""

    __slots__ = ()

    def _apply(self, seat: int, action: Action) -> list[Event]:
        events = super()._apply(seat, action)
        if not self.decisions:
            self.decisions.append(type(self.decisions_template())(tuple(range(len(self.hands)))))
        return events

    def decisions_template(self) -> object:
        from tests.conformance.toy import PlayRound

        return PlayRound(())

    def _legal_actions(self, seat: int) -> tuple[Action, ...]:
        if not self.hands[seat]:
            self.hands[seat].append(1)
        return super()._legal_actions(seat)


class HashSeededState(HighCardState):
    """Deals the deck in an order that depends on Python's string hash: differs between processes."""

    __slots__ = ()

    def __init__(self, game: HighCardGame, seed: int) -> None:
        super().__init__(game, seed)
        order = Stream(hash(f"deal-{seed}") & 0xFFFFFFFF)
        deck = self.deck + [c for h in self.hands for c in h]
        order.mix(deck)
        self.hands = [sorted(deck.pop() for _ in h) for h in self.hands]
        self.deck = deck


class KindKeyState(HighCardState):
    """An event whose data has a ``kind`` key, which its view would put in place of the event's kind."""

    __slots__ = ()

    def _apply(self, seat: int, action: Action) -> list[Event]:
        return [*super()._apply(seat, action), Event("played", {"seat": seat, "kind": "high"})]


def _game(state_cls: type[HighCardState]) -> type[HighCardGame]:
    class _Broken(HighCardGame):
        def new_state(self, seed: int) -> HighCardState:
            return state_cls(self, seed)

    _Broken.__name__ = _Broken.__qualname__ = state_cls.__name__.replace("State", "Game")
    return _Broken


StallGame = _game(StallState)
BadListGame = _game(BadListState)
BadTextGame = _game(BadTextState)
LaxGame = _game(LaxState)
SharedCloneGame = _game(SharedCloneState)
LeakyGame = _game(LeakyState)
EndlessGame = _game(EndlessState)
HashSeededGame = _game(HashSeededState)
KindKeyGame = _game(KindKeyState)

#: broken game class name -> the check that must catch it
BROKEN = {
    "StallGame": "stall",
    "BadListGame": "listed",
    "BadTextGame": "text",
    "LaxGame": "rejects",
    "SharedCloneGame": "clone",
    "LeakyGame": "hidden",
    "KindKeyGame": "events",
    "EndlessGame": "turn_cap",
    "HashSeededGame": "determinism",
}
