"""The Seafarers board as a bot receives it at match start: base Catan's tables of the whole frame and
the sea's (seafarers.md §4, §6), as plain data. Field names are those of ``CatanBoard`` and
``CatanBoard.Sea`` in ``catan.proto``; the referee converts the value."""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from typing import TYPE_CHECKING

from engine.games.catan.board_tables import BoardTables, board_tables
from engine.games.catan.seafarers.maps import BONUS_VP, LISTED

if TYPE_CHECKING:
    from engine.games.catan.seafarers.state import SeafarersState


@dataclass(frozen=True, slots=True)
class IslandEntry:
    """One island of the map."""

    id: int
    name: str
    hexes: tuple[int, ...]
    setup: bool
    """Set-up settlements may stand on it (seafarers.md §5.1 step 4)."""
    bonus: bool
    """Every seat's first settlement there pays the bonus (the ``listed`` rule, §5.10)."""


@dataclass(frozen=True, slots=True)
class SeaTables:
    """What the sea adds to the board (``CatanBoard.Sea``)."""

    scenario: str
    frame: str
    islands: tuple[IslandEntry, ...]
    hex_island: tuple[int, ...]
    hex_q: tuple[int, ...]
    """The doubled column of each hex (§4.1)."""
    road_edges: tuple[bool, ...]
    ship_edges: tuple[bool, ...]
    sites: tuple[bool, ...]
    corner_island: tuple[int, ...]
    fog: tuple[int, ...]
    fog_hexes: tuple[int, ...]
    """The face-down hex stack's contents, ascending."""
    fog_tokens: tuple[int, ...]
    pirate: int
    """The pirate's start: a sea hex, or -1 for the frame."""
    bonus: str
    bonus_vp: int
    ships: int
    ship_cost: tuple[int, ...]


def sea_board_tables(st: SeafarersState, ships: int, ship_cost: tuple[int, ...]) -> BoardTables:
    """The board of a match at its start (the state's board, robber and pirate): base Catan's tables of
    the whole frame, and its :class:`SeaTables` as ``sea``."""
    board = st.board
    smap = board.map
    base = board_tables(board, st.robber)
    islands = tuple(
        IslandEntry(
            id=i,
            name=name,
            hexes=tuple(h for h, k in enumerate(board.hex_island) if k == i),
            setup=name in smap.setup_islands,
            bonus=smap.bonus == LISTED and name in smap.bonus_islands,
        )
        for i, name in enumerate(board.island_names)
    )
    sea = SeaTables(
        scenario=smap.scenario,
        frame=smap.frame,
        islands=islands,
        hex_island=board.hex_island,
        hex_q=tuple(q for _, q in board.positions),
        road_edges=board.road_edges,
        ship_edges=board.ship_edges,
        sites=board.sites,
        corner_island=board.corner_island,
        fog=board.fog,
        fog_hexes=tuple(sorted(st.fog_stack)),
        fog_tokens=tuple(sorted(st.fog_tokens)),
        pirate=st.pirate,
        bonus=smap.bonus,
        bonus_vp=BONUS_VP,
        ships=ships,
        ship_cost=ship_cost,
    )
    return dataclasses.replace(base, sea=sea)
