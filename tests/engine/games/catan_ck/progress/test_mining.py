"""Mining (cities_and_knights.md §2.9, §10 items 24-25, §11.16, §11.18)."""

from __future__ import annotations

from engine.games.catan.tables import Terrain
from engine.games.catan_ck.progress.irrigation import hexes_next_to
from engine.games.catan_ck.state import CkState
from engine.games.catan_ck.tables import Card
from tests.engine.games.catan_ck.helpers import set_hand
from tests.engine.games.catan_ck.progress.cards import act, free_corner, hold, main_phase, settle

ORE = 4


def _mountain_corner(st: CkState) -> int:
    avoid: list[int] = []
    while True:
        c = free_corner(st, tuple(avoid))
        if any(st.board.terrain[h] == Terrain.MOUNTAINS for h in st.board.topology.corner_hexes[c]):
            return c
        avoid.append(c)


def test_two_ore_per_mountains_hex_cities_not_doubling_robber_no_bar() -> None:
    """§10 item 25: 2 ore per mountains hex next to the seat, cities not doubling; §11.16: the robber
    does not stop a card effect."""
    st = main_phase()
    settle(st, 0, _mountain_corner(st), city=True)
    mountains = hexes_next_to(st, 0, Terrain.MOUNTAINS)
    hold(st, 0, Card.MINING)
    set_hand(st, 0)
    st.robber = mountains[0]
    act(st, 0, "play mining")
    assert st.hands[0][ORE] == 2 * len(mountains)


def test_playable_for_nothing() -> None:
    """§11.18: always playable, even with no mountains next to the seat."""
    st = next(
        s
        for s in (main_phase(seed=seed) for seed in range(1, 40))
        if not hexes_next_to(s, 0, Terrain.MOUNTAINS)
    )
    hold(st, 0, Card.MINING)
    before = list(st.hands[0])
    act(st, 0, "play mining")
    assert st.hands[0] == before


def test_robber_blocks_with_the_option() -> None:
    """§11.16 (configurable): with ``robber_blocks_cards`` the robber's hex gives nothing."""
    st = main_phase(robber_blocks_cards=True)
    settle(st, 0, _mountain_corner(st))
    mountains = hexes_next_to(st, 0, Terrain.MOUNTAINS)
    hold(st, 0, Card.MINING)
    set_hand(st, 0)
    st.robber = mountains[0]
    act(st, 0, "play mining")
    assert st.hands[0][ORE] == 2 * (len(mountains) - 1)
