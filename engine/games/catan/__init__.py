"""Catan (base game, 3-4 seats) on the engine core: ``catan.md`` §2-§5, §8 and §9 (docs/rules/).

Modules: ``tables`` (counts and costs), ``topology`` (ids and adjacency from a layout description),
``layouts`` (beginner and random boards), ``variants`` (VariantSpec), ``actions`` (texts and parser),
``decisions`` (the decision stack frames), ``state`` (CatanState), ``rules/`` (one module per phase),
``observe`` (observations and determinization), ``notation`` (compact positions) and ``render`` (ASCII).
"""

from __future__ import annotations

from engine.games.catan.game import CatanGame
from engine.games.catan.state import CatanState

__all__ = ["CatanGame", "CatanState"]
