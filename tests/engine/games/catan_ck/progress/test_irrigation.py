"""Irrigation (cities_and_knights.md §2.9, §10 items 20-21, §11.16, §11.18)."""

from __future__ import annotations

from engine.games.catan.rules import build as base
from engine.games.catan.tables import Resource, Terrain
from engine.games.catan_ck.state import CkState
from engine.games.catan_ck.tables import Card
from tests.engine.games.catan_ck.helpers import set_hand
from tests.engine.games.catan_ck.progress.cards import (
    act,
    corner_next_to,
    harvest_for_nothing,
    harvest_robber_option,
    hold,
    main_phase,
    settle,
)

GRAIN = Resource.GRAIN


def _fields_hex_with_two_free_corners(st: CkState) -> tuple[int, int, int]:
    """A fields hex and two of its corners two steps apart where buildings may stand (distance rule)."""
    for h, terrain in enumerate(st.board.terrain):
        if terrain != Terrain.FIELDS:
            continue
        corners = st.board.topology.hex_corners[h]
        for i in range(6):
            a, b = corners[i], corners[(i + 2) % 6]
            if all(base.why_settle_spot(st, 0, c, need_road=False) is None for c in (a, b)):
                return h, a, b
    raise AssertionError("no fields hex with two free corners")


def test_two_grain_per_fields_hex_once_and_cities_do_not_double() -> None:
    """§10 item 21: 2 grain per fields hex next to the seat, a hex next to two buildings counted once,
    cities not doubling; §11.16: the robber on such a hex does not stop it."""
    st = main_phase()
    field, a, b = _fields_hex_with_two_free_corners(st)
    settle(st, 0, a, city=True)
    settle(st, 0, b, city=True)
    hex_corners = st.board.topology.hex_corners
    fields = [
        h
        for h, terrain in enumerate(st.board.terrain)
        if terrain == Terrain.FIELDS and any(st.owner[c] == 0 for c in hex_corners[h])
    ]
    assert field in fields
    hold(st, 0, Card.IRRIGATION)
    set_hand(st, 0)
    st.robber = field
    act(st, 0, "play irrigation")
    assert st.hands[0][GRAIN] == 2 * len(fields)


def test_short_supply_pays_what_it_holds() -> None:
    """The supply pays what it holds when it holds less than is owed (docs/rules-decisions.md)."""
    st = main_phase()
    settle(st, 0, corner_next_to(st, Terrain.FIELDS))
    hold(st, 0, Card.IRRIGATION)
    set_hand(st, 0)
    moved = st.bank[GRAIN] - 1
    st.bank[GRAIN] = 1
    st.hands[1][GRAIN] += moved
    act(st, 0, "play irrigation")
    assert st.hands[0][GRAIN] == 1 and st.bank[GRAIN] == 0


def test_playable_for_nothing() -> None:
    """§11.18: always playable, even with no fields hex next to the seat (it takes nothing)."""
    harvest_for_nothing(Card.IRRIGATION, Terrain.FIELDS)


def test_robber_blocks_with_the_option() -> None:
    """§11.16 (configurable): with ``robber_blocks_cards`` the robber's hex gives nothing."""
    harvest_robber_option(Card.IRRIGATION, Terrain.FIELDS, GRAIN)
