"""Crane (cities_and_knights.md §2.9, §10 items 8-12)."""

from __future__ import annotations

from engine.games.catan_ck.tables import Card, Track
from tests.engine.games.catan_ck.helpers import set_hand
from tests.engine.games.catan_ck.progress.cards import act, fresh, hold, main_phase, refused


def test_level_one_is_free_and_level_two_costs_one_fewer() -> None:
    """§2.9, §10 item 11: a level-1 improvement becomes free; §10 item 8: one commodity fewer."""
    st = main_phase()
    hold(st, 0, Card.CRANE, Card.CRANE)
    set_hand(st, 0, cloth=1)
    act(st, 0, "play crane trade")
    assert st.improvements[0][Track.TRADE] == 1
    assert st.hands[0][6] == 1
    act(st, 0, "play crane trade")
    assert st.improvements[0][Track.TRADE] == 2
    assert st.hands[0][6] == 0
    assert Card.CRANE not in st.progress[0]


def test_no_track_affordable_is_no_target() -> None:
    """§11.18: with every track at level 1 and no commodity, nothing can be bought even one cheaper."""
    st = main_phase()
    hold(st, 0, Card.CRANE)
    set_hand(st, 0)
    st.improvements[0] = [1, 1, 1]
    fresh(st)
    refused(st, 0, "play crane science", "Crane: no improvement track")


def test_unaffordable_track_refused_while_another_is_listed() -> None:
    """§2.9: the Crane buys one level of one track: the track named must be affordable at cost - 1."""
    st = main_phase()
    hold(st, 0, Card.CRANE)
    set_hand(st, 0)
    st.improvements[0] = [0, 1, 1]
    fresh(st)
    assert st.game.parse_action("play crane trade") in st.legal_actions(0)
    refused(st, 0, "play crane politics", "costs 1 coin")
