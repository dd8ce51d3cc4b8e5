"""Seafarers decision frames (HS-6); the others are base Catan's.

After a roll (or a gold field in setup, or a gold field discovered in the fog) the seats owed gold
choose one card at a time in turn order (seafarers.md §5.3): a :class:`GoldChoice` frame on top of
whatever was pending, naming the seat choosing now. The robber or pirate step is base Catan's
``PlaceRobber`` frame, which in Seafarers accepts ``robber ...`` and ``pirate ...`` alike (§5.6), and
Road Building's free pieces are base Catan's ``FreeRoads`` frame, which takes roads and ships (§5.8).
A ship move is two steps: ``move ship A-B`` lifts the ship and pushes :class:`PlaceShip`, answered by
``ship C-D`` (§5.5).
"""

from __future__ import annotations

from dataclasses import dataclass

from engine.core.decisions import Decision


@dataclass(frozen=True, slots=True)
class GoldChoice(Decision):
    """seafarers.md §5.3: ``owed[s]`` gold cards each seat still chooses; ``seats`` is the one choosing
    now, the first seat owed in ``order``."""

    owed: tuple[int, ...]
    order: tuple[int, ...]
    """Seats in choosing order: turn order from the active seat (the placer, for a discovery)."""


@dataclass(frozen=True, slots=True)
class PlaceShip(Decision):
    """seafarers.md §5.5: the seat puts the ship it lifted from edge ``origin`` on another edge."""

    origin: int
