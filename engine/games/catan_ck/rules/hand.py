"""Hand cards (cities_and_knights.md §2.3): paying, checking and naming cards of the eight kinds, and
the random pick of the robber, the Bishop and a knight's chase (§11.31: uniform over resources and
commodities together, never a progress card)."""

from __future__ import annotations

from operator import ge
from typing import TYPE_CHECKING

from engine.core.events import Event
from engine.games.catan_ck.tables import KIND_NAMES

if TYPE_CHECKING:
    from engine.games.catan_ck.state import CkState


def can_pay(hand: list[int], cost: tuple[int, ...]) -> bool:
    """Whether ``hand`` holds at least ``cost``, kind by kind (both of the eight kinds)."""
    return all(map(ge, hand, cost))


def pay(st: CkState, seat: int, cost: tuple[int, ...]) -> None:
    """Move ``cost`` from the seat's hand to the supply."""
    hand = st.hands[seat]
    bank = st.bank
    for k, c in enumerate(cost):
        if c:
            hand[k] -= c
            bank[k] += c


def why_unaffordable(st: CkState, seat: int, cost: tuple[int, ...], what: str) -> str | None:
    """The cards ``seat`` lacks for ``what``, or ``None``."""
    hand = st.hands[seat]
    missing = [f"{c - hand[k]} {KIND_NAMES[k]}" for k, c in enumerate(cost) if hand[k] < c]
    if missing:
        return f"cannot afford {what} (cities_and_knights.md §2.10): missing {', '.join(missing)}"
    return None


def cards_text(cards: list[int] | tuple[int, ...]) -> dict[str, int]:
    """Non-zero counts by kind name, for events."""
    return {KIND_NAMES[k]: n for k, n in enumerate(cards) if n}


def steal(st: CkState, thief: int, victim: int) -> list[Event]:
    """Move one random hand card of ``victim`` to ``thief`` (from the ``steal`` stream)."""
    hand = st.hands[victim]
    total = sum(hand)
    if not total:
        return [Event("steal", {"thief": thief, "victim": victim, "count": 0})]
    pick = st.rng.stream("steal").below(total)
    k = 0
    while pick >= hand[k]:
        pick -= hand[k]
        k += 1
    hand[k] -= 1
    st.hands[thief][k] += 1
    return [
        Event(
            "steal",
            {"thief": thief, "victim": victim, "count": 1},
            {"card": KIND_NAMES[k]},
            audience=(thief, victim),
            chance=True,
        )
    ]
