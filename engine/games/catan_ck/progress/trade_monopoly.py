"""Trade Monopoly (cities_and_knights.md §2.9, §10 item 76): the seat names a commodity (paper, cloth or
coin); each opponent holding one gives it 1. Always playable (§11.18). A monopoly of
:mod:`engine.games.catan_ck.progress.gather`, as the Resource Monopoly."""

from __future__ import annotations

from engine.games.catan_ck.progress.gather import monopoly_effect
from engine.games.catan_ck.tables import COMMODITIES, Card

EACH = 1

EFFECT = monopoly_effect(
    Card.TRADE_MONOPOLY,
    COMMODITIES,
    EACH,
    no_target="the Trade Monopoly is always playable (cities_and_knights.md §11.18)",
)
