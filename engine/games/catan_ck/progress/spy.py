"""Spy (cities_and_knights.md §2.9, §10 items 56-58, §11.18): the seat looks at the progress cards of
an opponent holding at least one and takes one of them (a Spy too, to play at once or keep). VP cards
are never in a hand, so never taken.

The step ``take`` is the seat's own (``take-card CARD``): while it decides, its observation shows the
opponent's progress cards (``shown``), to it alone. A taken card that makes five in hand (the Spy was
played in place of dropping a fifth card) asks the fifth-card decision again (§4.4, §11.3)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.core.events import Event
from engine.games.catan.tables import MAX_SEATS
from engine.games.catan_ck.actions import PlayCard, TakeCard, play
from engine.games.catan_ck.decisions import CardStep
from engine.games.catan_ck.progress import Effect, Step
from engine.games.catan_ck.rules.progress import check_limit
from engine.games.catan_ck.tables import CARD_NAMES, Card

if TYPE_CHECKING:
    from engine.core.action import Action
    from engine.games.catan_ck.state import CkState


SEAT_PLAYS = tuple(play(Card.SPY, s) for s in range(MAX_SEATS))
"""The play naming each seat."""


def targets(st: CkState, seat: int) -> tuple[PlayCard, ...]:
    return tuple([SEAT_PLAYS[s] for s in range(st.n) if s != seat and st.progress[s]])


def why(st: CkState, seat: int, action: PlayCard) -> str | None:
    s = action.args[0]
    if s == seat:
        return "Spy: name an opponent, not oneself (cities_and_knights.md §2.9)"
    if not 0 <= s < st.n:
        return f"Spy: there is no seat {s} (0..{st.n - 1}; cities_and_knights.md §2.9)"
    return f"Spy: seat {s} holds no progress card (cities_and_knights.md §11.18)"


def apply(st: CkState, seat: int, action: PlayCard) -> list[Event]:
    victim = action.args[0]
    st.decisions.append(CardStep((seat,), Card.SPY, "take", seat, (victim,)))
    return [Event("spy", {"seat": seat, "victim": victim})]


def legal_take(st: CkState, seat: int, frame: CardStep) -> tuple[Action, ...]:
    return tuple(TakeCard(c) for c in sorted(set(st.progress[frame.data[0]])))


def why_take(st: CkState, seat: int, frame: CardStep, action: Action) -> str | None:
    victim = frame.data[0]
    if isinstance(action, TakeCard) and action.card in st.progress[victim]:
        return None
    return f"Spy: take one of seat {victim}'s progress cards: 'take-card CARD' (cities_and_knights.md §2.9)"


def reveals(st: CkState, seat: int, frame: CardStep) -> tuple[int, str]:
    return frame.data[0], "progress"


def apply_take(st: CkState, seat: int, frame: CardStep, action: Action) -> list[Event]:
    assert isinstance(action, TakeCard)
    st.decisions.pop()
    victim = frame.data[0]
    st.progress[victim].remove(action.card)
    hand = st.progress[seat]
    hand.append(action.card)
    hand.sort()
    events = [
        Event(
            "spy_take",
            {"seat": seat, "victim": victim},
            {"card": CARD_NAMES[action.card]},
            audience=(seat, victim),
        )
    ]
    check_limit(st, seat, action.card)
    return events


EFFECT = Effect(
    card=Card.SPY,
    targets=targets,
    apply=apply,
    why=why,
    no_target="Spy: no opponent holds a progress card (cities_and_knights.md §11.18)",
    steps={"take": Step(legal=legal_take, apply=apply_take, why=why_take, reveals=reveals)},
)
