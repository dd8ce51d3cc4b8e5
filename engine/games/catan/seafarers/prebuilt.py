"""Interned Seafarers actions and bit masks of one frame topology, indexed by id (built once per shape,
HS-4)."""

from __future__ import annotations

import functools
from dataclasses import dataclass

from engine.games.catan.seafarers.actions import MoveShip, Ship
from engine.games.catan.topology import Topology


@dataclass(frozen=True, slots=True, eq=False)
class SeaPrebuilt:
    """The ``ship`` and ``move ship`` actions of every edge, by edge id, and the edges of each corner."""

    ships: tuple[Ship, ...]
    moves: tuple[MoveShip, ...]
    corner_masks: tuple[int, ...]
    """For each corner, the edges meeting there as a bit mask (bit ``e`` for edge ``e``)."""


@functools.cache
def sea_prebuilt(topo: Topology) -> SeaPrebuilt:
    return SeaPrebuilt(
        ships=tuple(Ship(a, b) for a, b in topo.edge_corners),
        moves=tuple(MoveShip(a, b) for a, b in topo.edge_corners),
        corner_masks=tuple(sum(1 << e for e in edges) for edges in topo.corner_edges),
    )
