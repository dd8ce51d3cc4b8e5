"""Warlord (cities_and_knights.md §2.9, §7.3, §10 items 59-60)."""

from __future__ import annotations

from engine.games.catan_ck.actions import MoveKnight
from engine.games.catan_ck.rules.knights import knight_spots, reachable
from engine.games.catan_ck.tables import Card
from tests.engine.games.catan_ck.helpers import knight, set_hand
from tests.engine.games.catan_ck.progress.cards import act, extend, fresh, hold, main_phase, refused


def test_every_knight_active_free_and_none_acts_this_turn() -> None:
    """§10 items 59-60: all knights active without grain; a knight activated now cannot act this turn,
    and one that acted this turn is activated again but cannot act again."""
    st = main_phase()
    extend(st, 0, 3)
    a, b = knight_spots(st, 0)[:2]
    knight(st, 0, a, 1, active=False)
    knight(st, 0, b, 1, active=True)
    fresh(st)
    free, _ = reachable(st, 0, b)
    assert free
    st.apply(0, MoveKnight(b, free[0]))
    assert not st.k_active[free[0]]
    hold(st, 0, Card.WARLORD)
    set_hand(st, 0)
    act(st, 0, "play warlord")
    assert st.k_active[a] == 1 and st.k_active[free[0]] == 1
    assert sum(st.hands[0]) == 0
    refused(st, 0, MoveKnight(free[0], a), "activated this turn")
    refused(st, 0, MoveKnight(a, free[0]), "activated this turn")


def test_always_playable() -> None:
    """§11.18: the Warlord is always playable, even with no knight."""
    st = main_phase()
    hold(st, 0, Card.WARLORD)
    assert st.game.parse_action("play warlord") in st.legal_actions(0)
