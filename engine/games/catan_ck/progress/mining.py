"""Mining (cities_and_knights.md §2.9, §10 items 24-25): 2 ore for each mountains hex next to at least
one of the seat's settlements or cities; a city does not double it. Always playable (§11.18); the
robber does not stop it (§11.16; the ``robber_blocks_cards`` option): a harvest of
:mod:`engine.games.catan_ck.progress.gather`, as Irrigation."""

from __future__ import annotations

from engine.games.catan.tables import Resource, Terrain
from engine.games.catan_ck.progress.gather import harvest_effect
from engine.games.catan_ck.tables import Card

EFFECT = harvest_effect(
    Card.MINING,
    Terrain.MOUNTAINS,
    Resource.ORE,
    no_target="Mining is always playable (cities_and_knights.md §11.18)",
)
