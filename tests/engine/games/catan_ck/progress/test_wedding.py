"""Wedding (cities_and_knights.md §2.9, §10 items 61-63, §11.21, §12.7 item 10)."""

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


def test_leaders_give_two_of_their_choice_at_once() -> None:
    """§10 items 61-63: each opponent with more VP gives 2 cards of its choice (1 if it has only 1);
    equal VP are spared; the givers answer at once."""
    st = main_phase()
    settle(st, 1, free_corner(st))
    settle(st, 2, free_corner(st))
    set_hand(st, 1, ore=3, coin=1)
    set_hand(st, 2, wool=1)
    set_hand(st, 3, brick=5)
    set_hand(st, 0)
    hold(st, 0, Card.WEDDING)
    act(st, 0, "play wedding")
    assert isinstance(st.decisions[-1], CardStep) and to_move(st) == (1, 2)
    refused(st, 1, "give 1 ore", "gives exactly 2 cards")
    refused(st, 2, "give 1 brick", "cards not held")
    act(st, 2, "give 1 wool")
    act(st, 1, "give 1 ore 1 coin")
    assert st.hands[0] == [0, 0, 1, 0, 1, 0, 0, 1]
    assert st.hands[3][0] == 5
    assert to_move(st) == (0,)


def test_nobody_ahead_still_playable() -> None:
    """§11.18: the Wedding is always playable, even when nobody owes a card."""
    st = main_phase()
    hold(st, 0, Card.WEDDING)
    act(st, 0, "play wedding")
    assert not isinstance(st.decisions[-1], CardStep)
