"""Discovery of the fog spaces (seafarers.md §5.11).

Placing a road or a ship (in the set-up, by building, by Road Building or by moving a ship) discovers
every fog space touching either corner of its edge, in ascending hex id (row by row, west to east).
Each takes the top hex of the face-down stack; a land hex also takes the top number token and pays
the placer one card of its resource (a gold field: one card of choice; nothing when the supply has
none; in the set-up only with ``setup_discovery_reward``, §9.8). A sea hex pays nothing.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.core.events import Event
from engine.games.catan.seafarers.board import reveal
from engine.games.catan.seafarers.rules.networks import revealed
from engine.games.catan.tables import RESOURCE_NAMES, TERRAIN_NAMES, Terrain

if TYPE_CHECKING:
    from engine.games.catan.seafarers.state import SeafarersState


def discover(st: SeafarersState, seat: int, edge: int, setup: bool = False) -> tuple[list[Event], int]:
    """Discover the fog spaces at the ends of ``edge`` for ``seat``: the events and the gold cards the
    seat is owed (the caller asks for them once its own frames are on the stack)."""
    board = st.board
    if not board.fog:
        return [], 0
    a, b = board.topology.edge_corners[edge]
    corner_fog = board.corner_fog
    if not corner_fog[a] and not corner_fog[b]:
        return [], 0
    spaces = sorted(set(corner_fog[a] + corner_fog[b]))
    events: list[Event] = []
    gold = 0
    paid = not setup or st.setup_reward
    for h in spaces:
        kind = st.fog_stack.pop()
        token = 0 if kind == Terrain.SEA else st.fog_tokens.pop()
        board = reveal(board, h, kind, token)
        name = TERRAIN_NAMES[kind]
        events.append(
            Event("discover", {"seat": seat, "hex": h, "terrain": name, "token": token}, None, (), True)
        )
        if kind == Terrain.SEA or not paid:
            continue
        if kind == Terrain.GOLD:
            gold += 1
        elif st.bank[kind]:
            st.bank[kind] -= 1
            st.hands[seat][kind] += 1
            events.append(Event("discovery_card", {"seat": seat, "resource": RESOURCE_NAMES[kind]}))
    st.board = board
    revealed(st, spaces)
    return events, gold
