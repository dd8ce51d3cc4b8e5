"""Irrigation (cities_and_knights.md §2.9, §10 items 20-21, §11.16, §11.18)."""

from __future__ import annotations

from engine.games.catan.tables import Terrain
from engine.games.catan_ck.progress.irrigation import hexes_next_to
from engine.games.catan_ck.tables import Card
from tests.engine.games.catan_ck.helpers import set_hand
from tests.engine.games.catan_ck.progress.cards import act, free_corner, hold, main_phase, settle

GRAIN = 3


def _fields_corner(st: object) -> int:
    from engine.games.catan_ck.state import CkState

    assert isinstance(st, CkState)
    topo = st.board.topology
    avoid: list[int] = []
    while True:
        c = free_corner(st, tuple(avoid))
        if any(st.board.terrain[h] == Terrain.FIELDS for h in topo.corner_hexes[c]):
            return c
        avoid.append(c)


def test_two_grain_per_fields_hex_once_and_cities_do_not_double() -> None:
    """§10 item 21: 2 grain per fields hex next to the seat, a hex counted once, cities not doubling;
    §11.16: the robber on such a hex does not stop it."""
    st = main_phase()
    c = _fields_corner(st)
    settle(st, 0, c, city=True)
    fields = hexes_next_to(st, 0, Terrain.FIELDS)
    assert fields
    hold(st, 0, Card.IRRIGATION)
    set_hand(st, 0)
    st.robber = fields[0]
    act(st, 0, "play irrigation")
    assert st.hands[0][GRAIN] == 2 * len(fields)
    by_hand = {h for b in st.buildings_of[0] for h in st.board.topology.corner_hexes[b]}
    assert len(fields) == sum(1 for h in by_hand if st.board.terrain[h] == Terrain.FIELDS)


def test_short_supply_pays_what_it_holds() -> None:
    """The supply pays what it holds when it holds less than is owed (docs/rules-decisions.md)."""
    st = main_phase()
    settle(st, 0, _fields_corner(st))
    hold(st, 0, Card.IRRIGATION)
    set_hand(st, 0)
    moved = st.bank[GRAIN] - 1
    st.bank[GRAIN] = 1
    st.hands[1][GRAIN] += moved
    act(st, 0, "play irrigation")
    assert st.hands[0][GRAIN] == 1 and st.bank[GRAIN] == 0


def test_playable_for_nothing() -> None:
    """§11.18: always playable, even with no fields hex next to the seat (it takes nothing)."""
    st = next(
        s for s in (main_phase(seed=seed) for seed in range(1, 40)) if not hexes_next_to(s, 0, Terrain.FIELDS)
    )
    hold(st, 0, Card.IRRIGATION)
    before = list(st.hands[0])
    act(st, 0, "play irrigation")
    assert st.hands[0] == before


def test_robber_blocks_with_the_option() -> None:
    """§11.16 (configurable): with ``robber_blocks_cards`` the robber's hex gives nothing."""
    st = main_phase(robber_blocks_cards=True)
    settle(st, 0, _fields_corner(st))
    fields = hexes_next_to(st, 0, Terrain.FIELDS)
    hold(st, 0, Card.IRRIGATION)
    set_hand(st, 0)
    st.robber = fields[0]
    act(st, 0, "play irrigation")
    assert st.hands[0][GRAIN] == 2 * (len(fields) - 1)
