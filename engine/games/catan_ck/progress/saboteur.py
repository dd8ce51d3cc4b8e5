"""Saboteur (cities_and_knights.md §2.9, §10 items 54-55, §11.21): every opponent with as many VP as
the seat or more discards half of its hand cards, rounded down, cards of its own choice (walls give no
protection). Always playable, even when nobody owes a card (§11.18).

The discards are the 7's decision (``DiscardCards`` with cause ``saboteur``): every owing seat answers
at once, from the same position, with ``discard N KIND ...``."""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.core.events import Event
from engine.games.catan_ck.actions import PlayCard, play
from engine.games.catan_ck.decisions import DiscardCards
from engine.games.catan_ck.progress import Effect
from engine.games.catan_ck.rules.scoring import victory_points
from engine.games.catan_ck.tables import Card

if TYPE_CHECKING:
    from engine.games.catan_ck.state import CkState

PLAY = play(Card.SABOTEUR)


def targets(st: CkState, seat: int) -> tuple[PlayCard, ...]:
    return (PLAY,)


def apply(st: CkState, seat: int, action: PlayCard) -> list[Event]:
    mine = victory_points(st, seat)
    owed = tuple(
        sum(st.hands[s]) // 2 if s != seat and victory_points(st, s) >= mine else 0 for s in range(st.n)
    )
    seats = tuple(s for s in range(st.n) if owed[s])
    if seats:
        st.decisions.append(DiscardCards(seats, owed, "saboteur"))
    return [Event("saboteur", {"seat": seat, "owed": {str(s): owed[s] for s in seats}})]


EFFECT = Effect(
    card=Card.SABOTEUR,
    targets=targets,
    apply=apply,
    no_target="the Saboteur is always playable (cities_and_knights.md §11.18)",
)
