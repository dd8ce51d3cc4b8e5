"""Helpers of the Seafarers rule tests: positions written with hex ids and sides (seafarers.md §4.1).

``Map(variant, seats)`` names corners and edges of a scenario's frame the way its map in
docs/rules/seafarers.md §6 reads: ``m.corner(28, "NE")`` is the north-east corner of hex 28,
``m.edge(22, "SE")`` the text ``A-B`` of the south-east side of hex 22. ``m.state(text)`` builds a
position in the notation of :mod:`engine.games.catan.seafarers.notation` (4 seats, the fixed map,
seat 0 after its roll unless the text says otherwise).
"""

from __future__ import annotations

import functools

from engine.core.errors import RulesError
from engine.games.catan.seafarers.notation import from_text
from engine.games.catan.seafarers.state import SeafarersState
from engine.games.catan.topology import SIDE_NAMES

CORNERS = ("N", "NE", "SE", "S", "SW", "NW")
"""Corner names of a hex, top first and clockwise (the order of ``Topology.hex_corners``)."""


class Map:
    def __init__(self, variant: str, seats: int = 4) -> None:
        self.prefix = f"v=seafarers-{variant} p={seats}"
        self.blank = from_text(self.prefix)

    def corner(self, h: int, name: str) -> int:
        return self.blank.board.topology.hex_corners[h][CORNERS.index(name)]

    def edge_id(self, h: int, side: str) -> int:
        return self.blank.board.topology.hex_edges[h][SIDE_NAMES.index(side)]

    def edge(self, h: int, side: str) -> str:
        a, b = self.blank.board.topology.edge_corners[self.edge_id(h, side)]
        return f"{a}-{b}"

    def state(self, text: str = "", **options: object) -> SeafarersState:
        return from_text(f"{self.prefix} {text}", **options)


@functools.cache
def new_shores() -> Map:
    """New Shores, 4 seats: the main island is base Catan's beginner map (hexes 12-39), the small
    islands NW (0, 1), NE (3, 9, 10, 16, 23) and SE (36, 41)."""
    return Map("new-shores")


def refused(state: SeafarersState, seat: int, text: str, why: str) -> None:
    """``text`` is refused with a ``RulesError`` whose message holds ``why``, the state unchanged."""
    before = state.fingerprint()
    action = state.game.parse_action(text)
    try:
        state.apply(seat, action)
    except RulesError as exc:
        assert why in str(exc), (text, str(exc))
    else:  # pragma: no cover - the failure being tested for
        raise AssertionError(f"{text!r} was accepted")
    assert state.fingerprint() == before


def play(state: SeafarersState, seat: int, *texts: str) -> list[str]:
    """Apply the texts in turn; the kinds of the events they made."""
    kinds: list[str] = []
    for text in texts:
        kinds += [e.kind for e in state.apply(seat, state.game.parse_action(text))]
    return kinds
