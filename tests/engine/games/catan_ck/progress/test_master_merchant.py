"""Master Merchant (cities_and_knights.md §2.9, §10 items 68-69, §11.18, §11.21, §12.8)."""

from __future__ import annotations

from engine.games.catan_ck.decisions import CardStep
from engine.games.catan_ck.tables import Card
from tests.engine.games.catan_ck.helpers import set_hand
from tests.engine.games.catan_ck.progress.cards import (
    act,
    free_corner,
    hold,
    main_phase,
    refused,
    settle,
    to_move,
)


def test_takes_two_of_the_leaders_shown_cards() -> None:
    """§10 item 68: an opponent with more VP; the player sees its hand (alone, §12.8) and takes 2."""
    st = main_phase()
    settle(st, 1, free_corner(st))
    set_hand(st, 1, ore=2, cloth=1, wool=1)
    set_hand(st, 0)
    hold(st, 0, Card.MASTER_MERCHANT)
    act(st, 0, "play master-merchant 1")
    assert isinstance(st.decisions[-1], CardStep) and to_move(st) == (0,)
    assert st.observe(0).shown == (0, 0, 1, 0, 2, 0, 1, 0)
    assert st.observe(1).shown == () and st.observe(2).shown == ()
    refused(st, 0, "take 1 ore", "take exactly 2 cards")
    refused(st, 0, "take 2 cloth", "does not hold these cards")
    act(st, 0, "take 1 ore 1 cloth")
    assert st.hands[0] == [0, 0, 0, 0, 1, 0, 1, 0]
    assert st.hands[1] == [0, 0, 1, 0, 1, 0, 0, 0]


def test_one_card_takes_what_there_is() -> None:
    """§11.18: fewer than 2 hand cards: the player takes what there is."""
    st = main_phase()
    settle(st, 2, free_corner(st))
    set_hand(st, 2, coin=1)
    hold(st, 0, Card.MASTER_MERCHANT)
    act(st, 0, "play master-merchant 2")
    refused(st, 0, "take 2 coin", "take exactly 1 cards")
    act(st, 0, "take 1 coin")
    assert st.hands[2] == [0] * 8


def test_nobody_ahead_no_target_and_equal_vp_refused() -> None:
    """§10 item 69, §11.18: only against an opponent with more VP."""
    st = main_phase()
    hold(st, 0, Card.MASTER_MERCHANT)
    refused(st, 0, "play master-merchant 1", "no opponent has more VP")
    settle(st, 1, free_corner(st))
    refused(st, 0, "play master-merchant 2", "not more than seat 0's")
