"""The board-derived part of a Seafarers turn's listing, kept from one decision of the seat to the next.

After the roll, every decision of the active seat lists its road, ship and settlement spots and its
ship moves (seafarers.md §5.4, §5.5), while most of its decisions (maritime trades, cards, trade
answers) move no piece. Those lists depend only on the pieces and buildings on the board, the pirate,
the turn (ships built this turn stay put) and whether the seat has moved a ship this turn, so
:func:`listed` keeps them under a key of exactly those: the turn, the seat, the turn of the last ship
move, the pirate, the board (a fog discovery replaces it) and the numbers of roads, ships and buildings
on it. Pieces never leave the board in Seafarers, and a moved ship is lifted and put down within the
turn in which ``moved`` changes, so the same key means the same pieces in the same places. A city
leaves the key unchanged, and changes none of the lists.

Design detail: the entry lives in the state's ``listed`` slot (a plain list, copied with a clone, left
out of the fingerprint) and each list is filled the first time a decision needs it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from engine.games.catan.seafarers.state import SeafarersState

ROAD_SPOTS, SHIP_SPOTS, SETTLE_SPOTS, SHIP_MOVES = 1, 2, 3, 4
"""Indices of the lists in the entry; index 0 holds the key."""


def listed(st: SeafarersState, seat: int) -> list[object]:
    """The seat's entry: ``[key, roads, ships, settlements, moves]``, each list ``None`` until filled."""
    key = (
        st.turn,
        seat,
        st.moved,
        st.pirate,
        st.board,
        sum(map(len, st.roads_of)),
        sum(map(len, st.ships_of)),
        sum(map(len, st.buildings_of)),
    )
    entry = st.listed
    if entry[0] != key:
        entry = st.listed = [key, None, None, None, None]
    return entry
