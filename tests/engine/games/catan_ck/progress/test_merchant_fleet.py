"""Merchant Fleet (cities_and_knights.md §2.9, §10 items 77-78, §11.30)."""

from __future__ import annotations

from engine.games.catan_ck.actions import BANK
from engine.games.catan_ck.tables import Card
from tests.engine.games.catan_ck.helpers import set_hand
from tests.engine.games.catan_ck.progress.cards import act, hold, main_phase


def test_named_kind_at_two_to_one_for_the_rest_of_the_turn() -> None:
    """§10 items 77-78: the kind named trades 2:1 with the supply, for a resource or a commodity, as
    often as wanted this turn; the next turn it is gone."""
    st = main_phase()
    set_hand(st, 0, coin=4)
    hold(st, 0, Card.MERCHANT_FLEET)
    assert BANK[7][2][4] not in st.legal_actions(0)
    act(st, 0, "play merchant-fleet coin")
    act(st, 0, "bank give 2 coin get 1 ore")
    act(st, 0, "bank give 2 coin get 1 paper")
    assert st.hands[0] == [0, 0, 0, 0, 1, 1, 0, 0]
    act(st, 0, "end")
    assert st.fleet == []
