"""The Seafarers parts of the learning encoding and action space (docs/learning.md): ships and the
pirate are seen from the observer like roads and the robber, undiscovered fog is its own terrain, and
the pirate's move to the frame has a slot."""

from __future__ import annotations

from typing import Any

import numpy as np

from engine.core.rng import Stream
from engine.games.catan.seafarers.actions import MovePirate
from engine.games.catan.tables import Terrain
from learning.space import load, space_of


def part(space: Any, vec: np.ndarray, name: str) -> np.ndarray:
    for field, start, size, _doc in space.layout.describe():
        if field == name:
            return vec[start : start + size]
    raise KeyError(name)


def test_ships_the_pirate_and_the_fog_are_encoded_from_the_observers_seat() -> None:
    game = load("catan", "seafarers-fog-islands", 3)
    space = space_of(game)
    state = game.new_state(3)
    pick = Stream(3)
    while sum(o >= 0 for o in state.ship_owner) < 2 or state.pirate < 0:
        seat = state.seats_to_move()[0]
        legal = state.legal_actions(seat)
        state.apply(seat, legal[pick.below(len(legal))])
    edges, hexes = len(state.ship_owner), len(state.board.terrain)
    for seat in range(3):
        vec = space.encode(state.observe(seat))
        rows = part(space, vec, "ship_owner").reshape(edges, 3)
        for e, owner in enumerate(state.ship_owner):
            expected = np.zeros(3)
            if owner >= 0:
                expected[(owner - seat) % 3] = 1.0
            assert np.array_equal(rows[e], expected), (seat, e)
        pirate = part(space, vec, "pirate")
        assert pirate.sum() == 1 and pirate[state.pirate] == 1
        terrain = part(space, vec, "terrain").reshape(hexes, -1)
        fogged = [h for h, t in enumerate(state.board.terrain) if t == Terrain.FOG]
        assert fogged and all(terrain[h, Terrain.FOG] == 1 for h in fogged)
        left = part(space, vec, "fog_hexes_left")
        assert list(left) == [state.fog_stack.count(t) for t in Terrain] + [0]


def test_the_pirate_on_the_frame_has_a_slot() -> None:
    catalog = space_of(load("catan", "seafarers-fog-islands", 3)).catalog
    for victim in (-1, 0, 2):
        slot = catalog.slot_of(MovePirate(-1, victim))
        assert slot is not None and catalog.names[slot] == MovePirate(-1, victim).text()
