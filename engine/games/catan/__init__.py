"""Catan on the engine core: ``catan.md`` (docs/rules/). Variants ``base`` (3-4 seats, §2-§5, §8 and
§9), ``extended`` (5-6 seats on the 30-hex island, §6) and ``helpers`` (the Helpers of Catan scenario,
3-6 seats, §7).

Modules: ``tables`` (counts and costs), ``topology`` (ids and adjacency from a layout description),
``layouts`` (beginner and random boards), ``variants`` (VariantSpec), ``actions`` and
``helper_actions`` (the action values and texts), ``parse`` (the parser),
``decisions`` (the decision stack frames), ``state`` (CatanState), ``rules/`` (one module per phase),
``observe`` (observations and determinization), ``notation`` (compact positions) and ``render`` (ASCII).
"""

from __future__ import annotations

from engine.games.catan.game import CatanGame
from engine.games.catan.state import CatanState

__all__ = ["CatanGame", "CatanState"]
