"""The optional variants of cities_and_knights.md §1.5 (V2 is in test_barbarians): V3 the wandering
knight, V4 the easy start; both off by default."""

from __future__ import annotations

import pytest

from engine.core.errors import IllegalAction
from engine.games.catan.actions import ROLL, MoveRobber
from engine.games.catan.decisions import TurnPhase
from engine.games.catan_ck.actions import Chase
from engine.games.catan_ck.decisions import KnightRobber

from .helpers import after_setup, changed, knight, set_dice


def test_v3_a_knight_chases_the_robber_before_the_roll() -> None:
    """V3: before the roll an eligible active knight may chase the robber (then inactive); off by
    default, and never while the robber is inactive."""
    for wandering in (False, True):
        st = after_setup(wandering_knight=wandering)
        corner = next(c for c in st.board.topology.hex_corners[st.robber] if st.occupant[c] < 0)
        knight(st, 0, corner, level=1, active=True)
        assert Chase(corner) not in st.legal_actions(0)  # robber inactive (§4.2)
        st.robber_active = True
        changed(st)
        if not wandering:
            with pytest.raises(IllegalAction, match="roll first"):
                st.apply(0, Chase(corner))
            continue
        assert Chase(corner) in st.legal_actions(0)
        st.apply(0, Chase(corner))
        assert isinstance(st.decisions[-1], KnightRobber) and not st.k_active[corner]
        target = next(a for a in st.legal_actions(0) if isinstance(a, MoveRobber))
        st.apply(0, target)
        top = st.decisions[-1]
        assert isinstance(top, TurnPhase) and top.phase == "pre_roll"


def test_v4_easy_start_rolls_no_seven_and_no_event() -> None:
    """V4, §11.27: in each seat's first two turns a 7 is rolled again and the event die is not used."""
    st = after_setup(easy_start=True)
    set_dice(st, 3, 4, 1, 5, 5)
    st.apply(0, ROLL)
    assert st.rolled == 10 and st.dice == [5, 5, 0] and st.ship == 0
    st = after_setup(easy_start=True)
    st.turn = 2 * st.n + 1  # the start seat's third turn
    set_dice(st, 3, 4, 1)
    st.apply(0, ROLL)
    assert st.rolled == 7 and st.ship == 1


def test_v3_one_knight_chases_before_the_roll() -> None:
    """V3 (§1.5, §12.2 T1): one active knight may chase the robber before the roll, as one Knight card
    before the roll in base Catan; a second knight waits for the main phase."""
    st = after_setup(wandering_knight=True)
    st.robber_active = True
    hex_corners = st.board.topology.hex_corners
    first = next(c for c in hex_corners[st.robber] if st.occupant[c] < 0)
    knight(st, 0, first, level=1, active=True)
    st.apply(0, Chase(first))
    st.apply(0, next(a for a in st.legal_actions(0) if isinstance(a, MoveRobber)))
    second = next(c for c in hex_corners[st.robber] if st.occupant[c] < 0)
    knight(st, 0, second, level=1, active=True)  # next to the robber: it could chase after the roll
    assert Chase(second) not in st.legal_actions(0)
    before = st.fingerprint()
    with pytest.raises(
        IllegalAction, match=r"one knight's chase before the roll.*cities_and_knights.md §1.5 V3"
    ):
        st.apply(0, Chase(second))
    assert st.fingerprint() == before
    set_dice(st, 2, 3, 2)
    st.apply(0, ROLL)
    assert Chase(second) in st.legal_actions(0)  # after the roll it is an ordinary knight action
