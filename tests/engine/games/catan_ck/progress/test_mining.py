"""Mining (cities_and_knights.md §2.9, §10 items 24-25, §11.16, §11.18)."""

from __future__ import annotations

from engine.games.catan.tables import Resource, Terrain
from engine.games.catan_ck.progress.gather import hexes_next_to
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

ORE = Resource.ORE


def test_two_ore_per_mountains_hex_cities_not_doubling_robber_no_bar() -> None:
    """§10 item 25: 2 ore per mountains hex next to the seat, cities not doubling; §11.16: the robber
    does not stop a card effect."""
    st = main_phase()
    settle(st, 0, corner_next_to(st, Terrain.MOUNTAINS), city=True)
    mountains = hexes_next_to(st, 0, Terrain.MOUNTAINS)
    hold(st, 0, Card.MINING)
    set_hand(st, 0)
    st.robber = mountains[0]
    act(st, 0, "play mining")
    assert st.hands[0][ORE] == 2 * len(mountains)


def test_playable_for_nothing() -> None:
    """§11.18: always playable, even with no mountains next to the seat."""
    harvest_for_nothing(Card.MINING, Terrain.MOUNTAINS)


def test_robber_blocks_with_the_option() -> None:
    """§11.16 (configurable): with ``robber_blocks_cards`` the robber's hex gives nothing."""
    harvest_robber_option(Card.MINING, Terrain.MOUNTAINS, ORE)
