"""The robber or the pirate after a 7 or a knight (seafarers.md §5.6).

The seat moves one of the two to a new place: the robber to another land hex (desert and gold
included, never sea or fog), the pirate to another sea hex or, with ``pirate_to_frame``, onto the frame
(frame to frame is no move). The steal is mandatory when an opponent qualifies: for the robber an
opponent with a building on the hex (catan.md §5.4), for the pirate an opponent with a ship on one of
its edges; the frame steals nothing. The card is drawn as in base Catan
(:func:`engine.games.catan.rules.robber.steal`). Both moves answer base Catan's ``PlaceRobber`` frame.
"""

from __future__ import annotations

import functools
from typing import TYPE_CHECKING

from engine.core.events import Event
from engine.games.catan.actions import MoveRobber
from engine.games.catan.rules.robber import opponent_masks, steal, victims_at
from engine.games.catan.seafarers.actions import MovePirate
from engine.games.catan.seafarers.board import FRAME
from engine.games.catan.seafarers.rules.networks import pirate_moved
from engine.games.catan.tables import MAX_SEATS
from engine.games.catan.topology import Topology

if TYPE_CHECKING:
    from engine.core.action import Action
    from engine.games.catan.seafarers.state import SeafarersState

TO_FRAME = MovePirate(FRAME, -1)


@functools.cache
def pirate_moves(topo: Topology) -> tuple[tuple[tuple[MovePirate, ...], ...], ...]:
    """``pirate_moves(topo)[hex][mask]``: the pirate moves to ``hex`` with the victims in ``mask``."""
    return tuple(
        tuple(
            tuple(MovePirate(h, v) for v in range(MAX_SEATS) if mask >> v & 1) or (MovePirate(h, -1),)
            for mask in range(1 << MAX_SEATS)
        )
        for h in range(topo.n_hexes)
    )


def ship_masks(st: SeafarersState, seat: int) -> list[int]:
    """Per hex, the bit mask of the opponents with a ship on one of its edges (§5.6)."""
    edge_hexes = st.board.topology.edge_hexes
    masks = [0] * st.board.topology.n_hexes
    for s, ships in enumerate(st.ships_of):
        if s != seat and ships:
            bit = 1 << s
            for e in ships:
                for h in edge_hexes[e]:
                    masks[h] |= bit
    return masks


def pirate_victims(st: SeafarersState, seat: int, hex_id: int) -> list[int]:
    """Opponents with a ship on an edge of ``hex_id``, ascending."""
    edges = st.board.topology.hex_edges[hex_id]
    return sorted({st.ship_owner[e] for e in edges if st.ship_owner[e] >= 0 and st.ship_owner[e] != seat})


def legal_thief(st: SeafarersState, seat: int) -> tuple[Action, ...]:
    """Every robber move (land hexes) then every pirate move (sea hexes, then the frame)."""
    board = st.board
    out: list[Action] = []
    robber_by_mask = st.pre.robber_by_mask
    masks = opponent_masks(st, seat, board.topology.n_hexes)
    robber = st.robber
    for h in board.land:
        if h != robber:
            out += robber_by_mask[h][masks[h]]
    moves = pirate_moves(board.topology)
    masks = ship_masks(st, seat)
    pirate = st.pirate
    for h in board.sea:
        if h != pirate:
            out += moves[h][masks[h]]
    if st.pirate_to_frame and st.pirate != FRAME:
        out.append(TO_FRAME)
    return tuple(out)


def why_robber(st: SeafarersState, seat: int, action: MoveRobber) -> str | None:
    board = st.board
    h = action.hex
    if not 0 <= h < board.topology.n_hexes:
        return f"hex {h} does not exist (0..{board.topology.n_hexes - 1}; seafarers.md §4.1)"
    if h not in board.land:
        return f"hex {h} is not land: the robber stands on land, never on sea or fog (seafarers.md §5.6)"
    if h == st.robber:
        return f"the robber must move to another hex than {st.robber} (seafarers.md §5.6)"
    victims = victims_at(st, seat, h)
    if action.victim < 0 and victims:
        return f"the steal is mandatory: name one of seats {victims} (seafarers.md §9.3)"
    if action.victim >= 0 and action.victim not in victims:
        return f"seat {action.victim} has no building on hex {h} (catan.md §5.4 step 3)"
    return None


def why_pirate(st: SeafarersState, seat: int, action: MovePirate) -> str | None:
    board = st.board
    h = action.hex
    if h == FRAME:
        if not st.pirate_to_frame:
            return "the pirate stands on a sea hex: the frame is off with pirate_to_frame=false (seafarers.md §9.4)"
        if st.pirate == FRAME:
            return "the pirate is on the frame already: move it to a sea hex (seafarers.md §5.6)"
        if action.victim >= 0:
            return "the pirate steals nothing on the frame (seafarers.md §5.6)"
        return None
    if not 0 <= h < board.topology.n_hexes:
        return f"hex {h} does not exist (0..{board.topology.n_hexes - 1}; seafarers.md §4.1)"
    if h not in board.sea:
        return f"hex {h} is not a sea hex: the pirate never stands on land or fog (seafarers.md §5.6)"
    if h == st.pirate:
        return f"the pirate must move to another place than hex {h} (seafarers.md §5.6)"
    victims = pirate_victims(st, seat, h)
    if action.victim < 0 and victims:
        return f"the steal is mandatory: name one of seats {victims} (seafarers.md §9.3)"
    if action.victim >= 0 and action.victim not in victims:
        return f"seat {action.victim} has no ship on an edge of hex {h} (seafarers.md §5.6)"
    return None


def apply_pirate(st: SeafarersState, seat: int, action: MovePirate) -> list[Event]:
    st.decisions.pop()
    previous = st.pirate
    st.pirate = action.hex
    pirate_moved(st, previous)
    events = [Event("pirate", {"seat": seat, "hex": action.hex, "victim": action.victim})]
    if action.victim >= 0:
        events += steal(st, seat, action.victim)
    return events
