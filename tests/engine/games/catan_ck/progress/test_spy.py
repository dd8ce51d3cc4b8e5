"""Spy (cities_and_knights.md §2.9, §10 items 56-58, §11.18, §12.8)."""

from __future__ import annotations

from engine.games.catan_ck.decisions import CardStep, Overflow
from engine.games.catan_ck.tables import Card
from tests.engine.games.catan_ck.progress.cards import act, hold, main_phase, refused, to_move


def test_sees_the_opponents_cards_alone_and_takes_one() -> None:
    """§10 item 56: look at an opponent's progress cards and take one; §12.8: only the player sees
    them (the observation's ``shown``)."""
    st = main_phase()
    hold(st, 0, Card.SPY)
    hold(st, 1, Card.SPY, Card.BISHOP)
    act(st, 0, "play spy 1")
    assert isinstance(st.decisions[-1], CardStep) and to_move(st) == (0,)
    assert st.observe(0).shown == (Card.BISHOP, Card.SPY)
    assert st.observe(1).shown == () and st.observe(2).shown == ()
    refused(st, 0, "take-card warlord", "take one of seat 1's progress cards")
    act(st, 0, "take-card spy")
    assert st.progress[0] == [Card.SPY] and st.progress[1] == [Card.BISHOP]
    assert st.observe(0).shown == ()
    act(st, 0, "play spy 1")
    act(st, 0, "take-card bishop")
    assert st.progress[1] == [] and st.progress[0] == [Card.BISHOP]


def test_no_opponent_with_cards_no_target() -> None:
    """§11.18: an opponent with at least one progress card is needed."""
    st = main_phase()
    hold(st, 0, Card.SPY)
    refused(st, 0, "play spy 1", "no opponent holds a progress card")
    hold(st, 2, Card.WARLORD)
    refused(st, 0, "play spy 1", "seat 1 holds no progress card")


def test_a_fifth_card_taken_asks_the_fifth_card_decision() -> None:
    """§4.4, §11.3: a Spy played instead of dropping a fifth card, taking one, makes five again."""
    st = main_phase()
    hold(st, 0, Card.SPY, Card.WARLORD, Card.WARLORD, Card.SABOTEUR, Card.SABOTEUR)
    hold(st, 1, Card.BISHOP)
    act(st, 0, "play spy 1")
    act(st, 0, "take-card bishop")
    assert isinstance(st.decisions[-1], Overflow) and len(st.progress[0]) == 5
