"""Bishop (cities_and_knights.md §2.9, §4.2, §10 items 36-37, §11.9, §11.18)."""

from __future__ import annotations

from engine.games.catan.rules.robber import victims_at
from engine.games.catan_ck.tables import Card
from tests.engine.games.catan_ck.helpers import set_hand
from tests.engine.games.catan_ck.progress.cards import act, fresh, hold, main_phase, refused


def test_robber_moves_and_one_card_from_each_opponent_there() -> None:
    """§10 items 36-37: one random card from each opponent with a building on the new hex, however
    many buildings it has there."""
    st = main_phase()
    st.robber_active = True
    hex_, victims = next(
        (h, v) for h in range(len(st.board.tokens)) if h != st.robber and len(v := victims_at(st, 0, h)) >= 2
    )
    hold(st, 0, Card.BISHOP)
    set_hand(st, 0)
    for s in range(1, st.n):
        st.hands[s] = [0] * 8
    st.hands[victims[0]][0] = 3
    st.hands[victims[1]][7] = 1
    st.bank[0] -= 3
    st.bank[7] -= 1
    fresh(st)
    act(st, 0, f"play bishop {hex_}")
    assert st.robber == hex_
    assert st.hands[0][0] == 1 and st.hands[0][7] == 1 and st.hands[victims[0]][0] == 2
    assert sum(st.hands[victims[1]]) == 0


def test_before_the_first_attack_no_target() -> None:
    """§4.2, §11.18: the robber cannot be moved before the first barbarian attack."""
    st = main_phase()
    hold(st, 0, Card.BISHOP)
    assert not st.robber_active
    refused(st, 0, f"play bishop {(st.robber + 1) % 19}", "before the first barbarian attack")


def test_robber_must_change_hex() -> None:
    """§11.9: the robber always changes hexes."""
    st = main_phase()
    st.robber_active = True
    hold(st, 0, Card.BISHOP)
    refused(st, 0, f"play bishop {st.robber}", "another hex")
