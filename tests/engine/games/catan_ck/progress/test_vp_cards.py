"""Printer and Constitution (cities_and_knights.md §2.9, §10 items 31-32 and 38): revealed when drawn,
1 VP, never held, never played, never taken by the Spy."""

from __future__ import annotations

from engine.games.catan_ck.actions import play
from engine.games.catan_ck.rules.progress import draw
from engine.games.catan_ck.rules.scoring import victory_points
from engine.games.catan_ck.tables import Card, Track
from tests.engine.games.catan_ck.progress.cards import fresh, hold, main_phase, refused


def test_drawn_vp_cards_score_at_once_and_are_never_played() -> None:
    """§10 items 31-32 and 38: 1 VP each, revealed even on another seat's turn, never in hand."""
    st = main_phase()
    for card, track in ((Card.PRINTER, Track.SCIENCE), (Card.CONSTITUTION, Track.POLITICS)):
        deck = st.decks[track]
        deck.remove(card)
        deck.append(card)
        vp = victory_points(st, 1)
        draw(st, 1, track)
        assert victory_points(st, 1) == vp + 1 and st.progress[1] == []
    fresh(st)
    refused(st, 0, play(Card.PRINTER), "is a VP card")


def test_the_spy_never_takes_a_vp_card() -> None:
    """§10 item 32: a VP card lies face up, never in hand: an opponent whose only progress card is a
    revealed Printer is no target of the Spy."""
    st = main_phase()
    deck = st.decks[Track.SCIENCE]
    deck.remove(Card.PRINTER)
    deck.append(Card.PRINTER)
    draw(st, 1, Track.SCIENCE)
    assert st.vp_cards[1] == 1 and st.progress[1] == []
    hold(st, 0, Card.SPY)
    refused(st, 0, play(Card.SPY, 1), "Spy: no opponent holds a progress card")
