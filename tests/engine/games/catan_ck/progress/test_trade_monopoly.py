"""Trade Monopoly (cities_and_knights.md §2.9, §10 item 76)."""

from __future__ import annotations

import pytest

from engine.core.errors import MalformedAction
from engine.games.catan_ck.tables import Card
from tests.engine.games.catan_ck.helpers import set_hand
from tests.engine.games.catan_ck.progress.cards import act, hold, main_phase


def test_one_from_each_opponent_holding_it() -> None:
    """§10 item 76: each opponent gives 1 of the commodity named if it has any."""
    st = main_phase()
    set_hand(st, 0)
    set_hand(st, 1, cloth=3)
    set_hand(st, 2, cloth=1)
    set_hand(st, 3, coin=2)
    hold(st, 0, Card.TRADE_MONOPOLY)
    act(st, 0, "play trade-monopoly cloth")
    assert st.hands[0][6] == 2 and st.hands[1][6] == 2 and st.hands[2][6] == 0 and st.hands[3][7] == 2


def test_a_resource_is_not_a_commodity() -> None:
    """§2.9: a commodity is named (paper, cloth, coin)."""
    st = main_phase()
    with pytest.raises(MalformedAction, match="is not a commodity"):
        st.game.parse_action("play trade-monopoly ore")


def test_always_playable() -> None:
    """§11.18: playable even when no opponent holds the commodity."""
    st = main_phase()
    for s in range(4):
        set_hand(st, s)
    hold(st, 0, Card.TRADE_MONOPOLY)
    assert st.game.parse_action("play trade-monopoly coin") in st.legal_actions(0)
    act(st, 0, "play trade-monopoly coin")
    assert sum(map(sum, st.hands)) == 0
