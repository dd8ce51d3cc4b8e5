"""Saboteur (cities_and_knights.md §2.9, §10 items 54-55, §11.21, §12.6)."""

from __future__ import annotations

from engine.games.catan_ck.decisions import DiscardCards
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


def test_opponents_with_as_many_vp_discard_half_at_once() -> None:
    """§10 items 54-55: every opponent with as many VP or more discards half its hand, rounded down,
    of its own choice; the owing seats answer at once from the same position (§12.7 item 9)."""
    st = main_phase()
    set_hand(st, 1, ore=3, wool=2)
    set_hand(st, 2, ore=1)
    set_hand(st, 3, brick=4)
    set_hand(st, 0, grain=9)
    hold(st, 0, Card.SABOTEUR)
    act(st, 0, "play saboteur")
    top = st.decisions[-1]
    assert isinstance(top, DiscardCards) and top.cause == "saboteur"
    assert to_move(st) == (1, 3)
    refused(st, 3, "discard 1 brick", "exactly 2 cards")
    refused(st, 1, "discard 2 brick", "cards not held")
    act(st, 3, "discard 2 brick")
    assert to_move(st) == (1,)
    act(st, 1, "discard 1 wool 1 ore")
    assert st.hands[1] == [0, 0, 1, 0, 2, 0, 0, 0]
    assert st.hands[0][3] == 9
    assert to_move(st) == (0,)


def test_fewer_vp_spared_and_always_playable() -> None:
    """§11.21, §11.18: opponents with fewer VP are spared; the card is playable when nobody owes."""
    st = main_phase()
    settle(st, 0, free_corner(st))
    for s in range(1, 4):
        set_hand(st, s, ore=6)
    hold(st, 0, Card.SABOTEUR)
    act(st, 0, "play saboteur")
    assert not isinstance(st.decisions[-1], DiscardCards)
    assert all(st.hands[s][4] == 6 for s in range(1, 4))
