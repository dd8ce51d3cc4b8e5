"""Trade Monopoly (cities_and_knights.md §2.9, §10 item 76): the seat names a commodity (paper, cloth or
coin); each opponent holding one gives it 1. Always playable (§11.18)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.games.catan_ck.actions import PlayCard, play
from engine.games.catan_ck.progress import Effect
from engine.games.catan_ck.progress.resource_monopoly import collect
from engine.games.catan_ck.tables import COMMODITIES, Card

if TYPE_CHECKING:
    from engine.core.events import Event
    from engine.games.catan_ck.state import CkState

EACH = 1
PLAYS = tuple(play(Card.TRADE_MONOPOLY, k) for k in COMMODITIES)


def targets(st: CkState, seat: int) -> tuple[PlayCard, ...]:
    return PLAYS


def apply(st: CkState, seat: int, action: PlayCard) -> list[Event]:
    return collect(st, seat, action.args[0], EACH, "trade_monopoly")


EFFECT = Effect(
    card=Card.TRADE_MONOPOLY,
    targets=targets,
    apply=apply,
    no_target="the Trade Monopoly is always playable (cities_and_knights.md §11.18)",
)
