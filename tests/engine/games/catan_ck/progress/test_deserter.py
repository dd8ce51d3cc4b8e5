"""Deserter (cities_and_knights.md §2.9, §10 items 39-44, §11.18, §11.19, §12.6)."""

from __future__ import annotations

from engine.games.catan_ck.decisions import CardStep
from engine.games.catan_ck.rules.knights import knight_spots
from engine.games.catan_ck.state import CkState
from engine.games.catan_ck.tables import Card, Track
from tests.engine.games.catan_ck.helpers import knight
from tests.engine.games.catan_ck.progress.cards import act, extend, fresh, hold, main_phase, refused, to_move


def _two_knights_of_seat_1(st: CkState) -> tuple[int, int]:
    extend(st, 1, 2)
    a, b = knight_spots(st, 1)[:2]
    knight(st, 1, a, 2, active=True)
    knight(st, 1, b, 1)
    fresh(st)
    return a, b


def test_opponent_chooses_and_the_player_places_the_same_level_with_its_status() -> None:
    """§10 items 39-40 and 44: the opponent removes a knight of its choice; the player places one of
    the same strength, free, with the removed knight's status."""
    st = main_phase()
    strong, _ = _two_knights_of_seat_1(st)
    hold(st, 0, Card.DESERTER)
    act(st, 0, "play deserter 1")
    top = st.decisions[-1]
    assert isinstance(top, CardStep) and top.step == "remove"
    assert to_move(st) == (1,)
    refused(st, 1, "choose 0" if st.k_owner[0] != 1 else "choose 1", "one of its own knights")
    act(st, 1, f"choose {strong}")
    assert st.k_owner[strong] == -1 and st.k_supply[1][1] == 2
    assert to_move(st) == (0,)
    spots = knight_spots(st, 0)
    assert st.game.parse_action("pass") in st.legal_actions(0)
    taken = next(c for c in range(len(st.k_owner)) if st.k_owner[c] >= 0)
    refused(st, 0, f"choose {taken}", "free corner touching a road")
    act(st, 0, f"choose {spots[0]}")
    assert st.k_owner[spots[0]] == 0 and st.k_level[spots[0]] == 2 and st.k_active[spots[0]] == 1
    assert st.k_since[spots[0]] == st.turn
    assert st.k_supply[0] == [2, 1, 2]


def test_no_token_of_that_level_gives_a_basic_one() -> None:
    """§10 item 41, §11.19: without a token of the removed level only a basic knight is placed."""
    st = main_phase()
    strong, _ = _two_knights_of_seat_1(st)
    st.k_supply[0][1] = 0
    hold(st, 0, Card.DESERTER)
    act(st, 0, "play deserter 1")
    act(st, 1, f"choose {strong}")
    top = st.decisions[-1]
    assert isinstance(top, CardStep) and top.data == (1, 1)


def test_nothing_to_place_the_opponent_still_loses_its_knight() -> None:
    """§10 item 42: with no knight to place, the opponent still removes its own; the player may also
    decline (``pass``)."""
    st = main_phase()
    strong, basic = _two_knights_of_seat_1(st)
    st.k_supply[0] = [0, 0, 0]
    hold(st, 0, Card.DESERTER, Card.DESERTER)
    act(st, 0, "play deserter 1")
    act(st, 1, f"choose {basic}")
    assert st.k_owner[basic] == -1
    assert not isinstance(st.decisions[-1], CardStep)
    st.k_supply[0] = [2, 2, 2]
    fresh(st)
    act(st, 0, "play deserter 1")
    act(st, 1, f"choose {strong}")
    act(st, 0, "pass")
    assert sum(1 for o in st.k_owner if o >= 0) == 0


def test_no_opponent_knight_no_target() -> None:
    """§11.18: an opponent with at least one knight on the board is needed."""
    st = main_phase()
    hold(st, 0, Card.DESERTER)
    refused(st, 0, "play deserter 1", "no opponent has a knight")
    _two_knights_of_seat_1(st)
    refused(st, 0, "play deserter 2", "seat 2 has no knight")
    refused(st, 0, "play deserter 0", "not oneself")


def test_a_mighty_knight_for_a_mighty_one_without_the_fortress() -> None:
    """§10 item 43: for a removed mighty knight the player may place a mighty one, even without the
    Fortress (politics below 3)."""
    st = main_phase()
    extend(st, 1, 1)
    corner = knight_spots(st, 1)[0]
    knight(st, 1, corner, 3)
    assert st.improvements[0][Track.POLITICS] < 3
    hold(st, 0, Card.DESERTER)
    act(st, 0, "play deserter 1")
    act(st, 1, f"choose {corner}")
    spot = knight_spots(st, 0)[0]
    act(st, 0, f"choose {spot}")
    assert st.k_owner[spot] == 0 and st.k_level[spot] == 3 and not st.k_active[spot]
    assert st.k_supply[0] == [2, 2, 1] and st.k_supply[1] == [2, 2, 2]
