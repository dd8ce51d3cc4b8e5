"""Interned Seafarers actions of one frame topology, indexed by edge id (built once per shape, HS-4)."""

from __future__ import annotations

import functools
from dataclasses import dataclass

from engine.games.catan.seafarers.actions import MoveShip, Ship
from engine.games.catan.topology import Topology


@dataclass(frozen=True, slots=True, eq=False)
class SeaPrebuilt:
    """The ``ship`` and ``move ship`` actions of every edge, by edge id."""

    ships: tuple[Ship, ...]
    moves: tuple[MoveShip, ...]


@functools.cache
def sea_prebuilt(topo: Topology) -> SeaPrebuilt:
    return SeaPrebuilt(
        ships=tuple(Ship(a, b) for a, b in topo.edge_corners),
        moves=tuple(MoveShip(a, b) for a, b in topo.edge_corners),
    )
