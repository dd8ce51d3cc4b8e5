"""Resource Monopoly (cities_and_knights.md §2.9, §10 items 79-80): the seat names a resource; each
opponent gives it 2 of that resource, or 1 if it holds only 1, or none. Always playable (§11.18). A
monopoly of :mod:`engine.games.catan_ck.progress.gather`, as the Trade Monopoly."""

from __future__ import annotations

from engine.games.catan_ck.progress.gather import monopoly_effect
from engine.games.catan_ck.tables import Card

EACH = 2

EFFECT = monopoly_effect(
    Card.RESOURCE_MONOPOLY,
    range(5),
    EACH,
    no_target="the Resource Monopoly is always playable (cities_and_knights.md §11.18)",
)
