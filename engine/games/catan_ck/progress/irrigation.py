"""Irrigation (cities_and_knights.md §2.9, §10 items 20-21): 2 grain for each fields hex next to at
least one of the seat's settlements or cities; a city does not double it and several buildings on one
hex count it once. Always playable, even for nothing (§11.18). The robber does not stop it (§11.16;
the ``robber_blocks_cards`` option), and a short supply pays what it holds: a harvest of
:mod:`engine.games.catan_ck.progress.gather`."""

from __future__ import annotations

from engine.games.catan.tables import Resource, Terrain
from engine.games.catan_ck.progress.gather import harvest_effect
from engine.games.catan_ck.tables import Card

EFFECT = harvest_effect(
    Card.IRRIGATION,
    Terrain.FIELDS,
    Resource.GRAIN,
    no_target="Irrigation is always playable (cities_and_knights.md §11.18)",
)
