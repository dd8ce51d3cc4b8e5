"""Victory points and the win (cities_and_knights.md §2.11, §9.5): all VP are public.

A settlement 1, a city 2, a metropolis 2 more, Longest Road 2, the merchant 1, each Defender of Catan
card 1, each VP progress card (Printer, Constitution) 1. The active seat wins the moment it has 13 (the
``vp_to_win`` option) during its own turn; a seat reaching it in another seat's turn waits for its own.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.core.events import Event
from engine.games.catan_ck.tables import LONGEST_ROAD_VP, MERCHANT_VP, METROPOLIS_VP

MOST_EXTRA = LONGEST_ROAD_VP + MERCHANT_VP + 3 * METROPOLIS_VP
"""The most VP a seat can hold beyond its buildings, Defender cards and VP cards."""

if TYPE_CHECKING:
    from engine.games.catan_ck.state import CkState


def metropolises_of(st: CkState, seat: int) -> int:
    """How many metropolises the seat holds (§6.5)."""
    owner = st.owner
    return sum([1 for c in st.metropolis if c >= 0 and owner[c] == seat])


def victory_points(st: CkState, seat: int) -> int:
    """Every VP of a seat (§2.11)."""
    vp = st.building_vp[seat] + st.defenders[seat] + st.vp_cards[seat]
    if st.longest == seat:
        vp += LONGEST_ROAD_VP
    if st.merchant_owner == seat:
        vp += MERCHANT_VP
    for c in st.metropolis:
        if c >= 0 and st.owner[c] == seat:
            vp += METROPOLIS_VP
    return vp


def check_victory(st: CkState) -> list[Event]:
    """§9.5: the active seat wins at the target during its own turn (not during setup)."""
    seat = st.active
    if st.over or seat < 0:
        return []
    if st.building_vp[seat] + st.defenders[seat] + st.vp_cards[seat] + MOST_EXTRA < st.vp_to_win:
        return []  # not even Longest Road, the merchant and three metropolises would make it
    points = victory_points(st, seat)
    if points < st.vp_to_win:
        return []
    st.over = True
    st.winner = seat
    st.decisions.clear()
    return [Event("victory", {"seat": seat, "points": points})]
