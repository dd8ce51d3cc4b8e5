"""Resource Monopoly (cities_and_knights.md §2.9, §10 items 79-80)."""

from __future__ import annotations

import pytest

from engine.core.errors import MalformedAction
from engine.games.catan_ck.tables import Card
from tests.engine.games.catan_ck.helpers import set_hand
from tests.engine.games.catan_ck.progress.cards import act, hold, main_phase


def test_two_from_each_opponent_or_what_it_has() -> None:
    """§10 items 79-80: each opponent gives 2 of the resource, 1 if it has only 1, none if none."""
    st = main_phase()
    set_hand(st, 0, ore=1)
    set_hand(st, 1, ore=3)
    set_hand(st, 2, ore=1)
    set_hand(st, 3, brick=2)
    hold(st, 0, Card.RESOURCE_MONOPOLY)
    act(st, 0, "play resource-monopoly ore")
    assert st.hands[0][4] == 4 and st.hands[1][4] == 1 and st.hands[2][4] == 0 and st.hands[3][0] == 2


def test_a_commodity_is_not_a_resource() -> None:
    """§2.9: a resource is named (brick, lumber, wool, grain, ore)."""
    st = main_phase()
    with pytest.raises(MalformedAction, match="is not a resource"):
        st.game.parse_action("play resource-monopoly coin")


def test_always_playable() -> None:
    """§11.18: playable even when nobody holds the resource."""
    st = main_phase()
    for s in range(4):
        set_hand(st, s)
    hold(st, 0, Card.RESOURCE_MONOPOLY)
    act(st, 0, "play resource-monopoly wool")
    assert sum(map(sum, st.hands)) == 0
