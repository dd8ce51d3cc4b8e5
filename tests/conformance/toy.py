"""High Card: a small, correct, unregistered game that exercises every part of the core contract.

Each seat holds a hidden hand. A round is a simultaneous decision: every seat plays one card face down
(a multi-seat decision; cards played earlier in the round stay hidden from the others), then the cards
are revealed, the highest card scores a point (ties score for nobody) and each seat draws a card from
the shuffled deck. The match ends after ``rounds`` rounds. It is the base of the broken games in
``broken.py`` that prove the conformance suite catches each kind of defect.
"""

from __future__ import annotations

from dataclasses import dataclass

from engine.core import (
    Action,
    Decision,
    Event,
    Game,
    IllegalAction,
    MalformedAction,
    MatchRng,
    Observation,
    Result,
    State,
    Stream,
    Termination,
)
from engine.core.action import action_words, ranged, read_int
from engine.core.result import places_from_scores

HAND = 3
CARDS = tuple(range(1, 14)) * 4


@dataclass(frozen=True, slots=True)
class Play(Action):
    card: int = ranged(0, 99)

    def text(self) -> str:
        return f"play {self.card}"


@dataclass(frozen=True, slots=True)
class PlayRound(Decision):
    """Every seat in ``seats`` still has to play a card this round."""


@dataclass(frozen=True, slots=True)
class HighCardObservation(Observation):
    hand: tuple[int, ...]
    hand_sizes: tuple[int, ...]
    points: tuple[int, ...]
    played: tuple[bool, ...]
    deck_size: int
    round: int


class HighCardGame(Game):
    id = "high-card"

    @property
    def turn_cap(self) -> int:
        return int(self.options.get("rounds", 6)) + 1

    def new_state(self, seed: int) -> HighCardState:
        return HighCardState(self, seed)

    def parse_action(self, text: str) -> Action:
        words = action_words(text)
        if len(words) != 2 or words[0] != "play":
            raise MalformedAction(text, "expected 'play N'")
        return Play(read_int(words[1], text, 0, 99, "card"))


class HighCardState(State):
    __slots__ = ("deck", "hands", "pending", "points")

    def __init__(self, game: Game, seed: int) -> None:
        super().__init__(game, seed, MatchRng(seed))
        deck = list(CARDS)
        self.rng.stream("deck").mix(deck)
        self.deck = deck
        n = game.players
        self.hands = [sorted(deck.pop() for _ in range(HAND)) for _ in range(n)]
        self.points = [0] * n
        self.pending: list[int] = [0] * n
        self.turn = 1
        self.decisions.append(PlayRound(tuple(range(n))))

    def _legal_actions(self, seat: int) -> tuple[Action, ...]:
        return tuple(Play(c) for c in sorted(set(self.hands[seat])))

    def explain_illegal(self, seat: int, action: Action) -> str:
        return f"seat {seat} does not hold that card"

    def _apply(self, seat: int, action: Action) -> list[Event]:
        assert isinstance(action, Play)
        self.hands[seat].remove(action.card)
        self.pending[seat] = action.card
        events = [Event("played", {"seat": seat}, {"card": action.card}, audience=(seat,))]
        left = tuple(s for s in self.decisions[-1].seats if s != seat)
        self.decisions.pop()
        if left:
            self.decisions.append(PlayRound(left))
            return events
        return events + self._reveal()

    def _reveal(self) -> list[Event]:
        best = max(self.pending)
        top = [s for s, c in enumerate(self.pending) if c == best]
        events = [Event("reveal", {"cards": list(self.pending)})]
        if len(top) == 1:
            self.points[top[0]] += 1
        self.pending = [0] * len(self.pending)
        for s, hand in enumerate(self.hands):
            if self.deck:
                card = self.deck.pop()
                hand.append(card)
                hand.sort()
                events.append(Event("draw", {"seat": s}, {"card": card}, audience=(s,), chance=True))
        self.turn += 1
        if self.turn <= int(self.game.options.get("rounds", 6)):
            self.decisions.append(PlayRound(tuple(range(len(self.hands)))))
        return events

    def observe(self, seat: int) -> HighCardObservation:
        return HighCardObservation(
            seat=seat,
            hand=tuple(self.hands[seat]),
            hand_sizes=tuple(len(h) for h in self.hands),
            points=tuple(self.points),
            played=tuple(p > 0 for p in self.pending),
            deck_size=len(self.deck),
            round=self.turn,
        )

    def determinized_for(self, seat: int, rng: Stream) -> HighCardState:
        twin = self.clone()
        others = [s for s in range(len(self.hands)) if s != seat]
        unseen = list(twin.deck)
        for s in others:
            unseen.extend(twin.hands[s])
            if twin.pending[s]:
                unseen.append(twin.pending[s])
        rng.mix(unseen)
        for s in others:
            twin.hands[s] = sorted(unseen.pop() for _ in twin.hands[s])
            if twin.pending[s]:
                twin.pending[s] = unseen.pop()
        twin.deck = unseen
        return twin

    def is_terminal(self) -> bool:
        return not self.decisions

    def scores(self) -> tuple[float, ...]:
        return tuple(float(p) for p in self.points)

    def result(self) -> Result:
        if not self.is_terminal():
            raise IllegalAction("", "the match is not over")
        return Result(places_from_scores([(p,) for p in self.points]), self.scores(), Termination.VICTORY)
