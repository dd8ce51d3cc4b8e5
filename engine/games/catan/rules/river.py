"""The Big River variant's rules (seafarers.md §8.3, §8.4): the riverbank ban at setup and the gold
mine's bonus VP.

The River's mountain and forest parts are ordinary hexes and need no rule of their own; the gold mine
produces nothing (its hex has no token). Every building on a corner of the gold mine is worth
:data:`~engine.games.catan.tables.GOLD_MINE_VP` more, or with ``gold_mine_bonus=first_only`` only those
of the first seat to build there; buildings are never removed in these variants, so the bonus is
counted once, when the settlement is placed (a city keeps it).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.core.events import Event
from engine.games.catan.tables import GOLD_MINE_VP

if TYPE_CHECKING:
    from engine.games.catan.state import CatanState


def why_riverbank(st: CatanState, corner: int) -> str | None:
    """The riverbank ban of setup (seafarers.md §8.3), or ``None``."""
    if corner in st.board.riverbank:
        return f"corner {corner} is on the riverbank: no settlement there during setup (seafarers.md §8.3)"
    return None


def gold_mine_settled(st: CatanState, seat: int, corner: int) -> list[Event]:
    """A settlement on a corner of the gold mine: the bonus VP, when this seat scores it (§8.4)."""
    if st.gold_first < 0:
        st.gold_first = seat
    if st.gold_first_only and seat != st.gold_first:
        return []
    st.gold_vp[seat] += GOLD_MINE_VP
    return [Event("gold_mine", {"seat": seat, "corner": corner, "points": st.gold_vp[seat]})]


def gold_mine_points(st: CatanState) -> list[int]:
    """Each seat's gold-mine VP from the buildings on the board and the first builder (seafarers.md
    §8.4): what :func:`gold_mine_settled` has added up, computed afresh."""
    points = [0] * st.n
    for c in st.board.gold_corners:
        s = st.owner[c]
        if s >= 0 and not (st.gold_first_only and s != st.gold_first):
            points[s] += GOLD_MINE_VP
    return points
