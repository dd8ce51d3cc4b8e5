"""Resource Monopoly (cities_and_knights.md §2.9, §10 items 79-80): the seat names a resource; each
opponent gives it 2 of that resource, or 1 if it holds only 1, or none. Always playable (§11.18).
The Trade Monopoly shares the transfer (:func:`collect`)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.core.events import Event
from engine.games.catan_ck.actions import PlayCard, play
from engine.games.catan_ck.progress import Effect
from engine.games.catan_ck.tables import KIND_NAMES, Card

if TYPE_CHECKING:
    from engine.games.catan_ck.state import CkState

EACH = 2
PLAYS = tuple(play(Card.RESOURCE_MONOPOLY, r) for r in range(5))


def collect(st: CkState, seat: int, kind: int, each: int, name: str) -> list[Event]:
    """Each opponent in seat order gives the seat up to ``each`` cards of ``kind`` (public counts)."""
    given: dict[str, int] = {}
    mine = st.hands[seat]
    for s in range(st.n):
        k = min(each, st.hands[s][kind]) if s != seat else 0
        if k:
            st.hands[s][kind] -= k
            mine[kind] += k
            given[str(s)] = k
    return [Event(name, {"seat": seat, "card": KIND_NAMES[kind], "given": given})]


def targets(st: CkState, seat: int) -> tuple[PlayCard, ...]:
    return PLAYS


def apply(st: CkState, seat: int, action: PlayCard) -> list[Event]:
    return collect(st, seat, action.args[0], EACH, "resource_monopoly")


EFFECT = Effect(
    card=Card.RESOURCE_MONOPOLY,
    targets=targets,
    apply=apply,
    no_target="the Resource Monopoly is always playable (cities_and_knights.md §11.18)",
)
