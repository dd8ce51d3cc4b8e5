"""Alchemist (cities_and_knights.md §2.9, §10 items 2-7)."""

from __future__ import annotations

from engine.games.catan_ck.decisions import DiscardCards
from engine.games.catan_ck.tables import Card, Track
from tests.engine.games.catan_ck.helpers import after_setup, set_dice, set_hand, settle
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


def test_event_first_with_the_chosen_red_then_the_chosen_seven() -> None:
    """§2.9 (the Alchemist), §10 items 4-6: the event die is rolled (here the science gate) and resolved first,
    its draws reading the chosen red die; then the chosen dice (a 7) are resolved: the discards."""
    st = after_setup()
    hold(st, 0, Card.ALCHEMIST)
    st.improvements[1][Track.SCIENCE] = 1  # draws on red 1-2 (§4.3)
    set_hand(st, 2, ore=9)
    set_dice(st, 6, 6, 6)  # rolled: red 6, yellow 6 (no draw, no 7) and the science gate
    drawn = st.decks[Track.SCIENCE][-1]
    act(st, 0, "play alchemist 1 6")
    assert st.dice == [1, 6, 6] and st.rolled == 7
    assert drawn in st.progress[1] or st.vp_cards[1] == 1
    top = st.decisions[-1]
    assert isinstance(top, DiscardCards) and top.cause == "seven" and top.seats == (2,)
