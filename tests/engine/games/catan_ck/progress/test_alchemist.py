"""Alchemist (cities_and_knights.md §2.9, §10 items 2-7)."""

from __future__ import annotations

from engine.games.catan_ck.tables import Card
from tests.engine.games.catan_ck.helpers import after_setup, settle
from tests.engine.games.catan_ck.progress.cards import act, hold, main_phase, refused


def test_chosen_dice_before_the_roll() -> None:
    """§10 items 3-6: the player sets the red and yellow dice; the event die is rolled."""
    st = after_setup()
    hold(st, 0, Card.ALCHEMIST)
    assert st.game.parse_action("play alchemist 2 5") in st.legal_actions(0)
    act(st, 0, "play alchemist 2 5")
    assert st.dice[0] == 2 and st.dice[1] == 5 and 1 <= st.dice[2] <= 6
    settle(st)
    assert Card.ALCHEMIST not in st.progress[0]


def test_never_after_the_roll() -> None:
    """§10 item 7: not after the dice are rolled."""
    st = main_phase()
    hold(st, 0, Card.ALCHEMIST)
    refused(st, 0, "play alchemist 3 4", "only before the roll")
