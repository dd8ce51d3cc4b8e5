"""The barbarian attack (cities_and_knights.md §8, §11.10-§11.13, V2 of §1.5): won, lost and tied."""

from __future__ import annotations

from engine.games.catan.actions import ROLL
from engine.games.catan.decisions import PlaceRobber, TurnPhase
from engine.games.catan_ck.actions import CHOOSE_DECK, ChooseCorner, defend
from engine.games.catan_ck.decisions import Declare, Pillage, TieReward
from engine.games.catan_ck.state import CkState
from engine.games.catan_ck.tables import Track

from .helpers import after_setup, knight, set_dice, settlement


def attack(st: CkState, red: int = 2, yellow: int = 3) -> None:
    """The active seat rolls a ship that brings the barbarians to Catan."""
    st.ship = st.game.barbarian_track - 1
    set_dice(st, red, yellow, 1)
    st.apply(st.active, ROLL)


def city(st: CkState, seat: int) -> int:
    return next(c for c in st.buildings_of[seat] if st.level[c] == 2)


def test_catan_holds_and_the_strongest_is_defender() -> None:
    """§8.4 step 1, §8.5: D >= B; the one strongest seat takes a Defender card (1 VP); every knight
    turns inactive, the ship returns, the robber is active from now on."""
    st = after_setup()
    knight(st, 0, 29, level=3, active=True)
    knight(st, 1, 41, level=1, active=True)  # 4 active strength against 4 cities
    vp = st.scores()
    attack(st)
    assert st.defenders == [1, 0, 0, 0] and st.scores()[0] == vp[0] + 1
    assert st.k_active[29] == 0 and st.k_active[41] == 0
    assert st.ship == 0 and st.attacks == 1 and st.robber_active


def test_a_tie_for_strongest_draws_progress_cards_in_turn_order() -> None:
    """§8.4 step 2: each tied seat picks a deck, one at a time from the active seat."""
    st = after_setup()
    knight(st, 1, 29, level=2, active=True)
    knight(st, 3, 41, level=2, active=True)
    attack(st)
    top = st.decisions[-1]
    assert isinstance(top, TieReward) and top.seats == (1,) and top.rest == (3,)
    assert st.legal_actions(1) == CHOOSE_DECK
    st.apply(1, CHOOSE_DECK[Track.SCIENCE])
    assert st.decisions[-1] == TieReward((3,), ())
    st.apply(3, CHOOSE_DECK[Track.TRADE])
    assert isinstance(st.decisions[-1], TurnPhase)
    assert len(st.progress[1]) + st.vp_cards[1] == 1 and len(st.progress[3]) + st.vp_cards[3] == 1
    assert st.defenders == [0, 0, 0, 0]


def test_barbarians_win_and_the_weakest_lose_a_city() -> None:
    """§8.3: every seat with a city without a metropolis at the least strength loses one (one city:
    no choice)."""
    st = after_setup()
    knight(st, 0, 29, level=1, active=True)
    knight(st, 1, 41, level=1, active=True)
    cities = [city(st, s) for s in range(4)]
    attack(st)
    assert [st.level[c] for c in cities] == [2, 2, 1, 1]
    assert st.cities_left == [3, 3, 4, 4] and st.settlements_left == [4, 4, 3, 3]


def test_seats_with_several_cities_choose_at_once_and_walls_fall() -> None:
    """§8.3 step 4, §11.13: the losers choose their city from the same position; the wall goes; a
    metropolis is immune; with no settlement piece left the city still becomes a settlement."""
    st = after_setup()
    settlement(st, 2, 29, city=True)
    settlement(st, 3, 41, city=True)
    st.walls[41] = 1
    st.walls_left[3] -= 1
    st.metropolis[Track.TRADE] = city(st, 1)  # seat 1's only city is a metropolis: immune
    st.settlements_left[3] = 0
    knight(st, 0, 35, level=1, active=True)
    attack(st)
    top = st.decisions[-1]
    assert isinstance(top, Pillage) and top.seats == (2, 3)
    assert st.seats_to_move() == (2, 3)
    st.apply(3, ChooseCorner(41))
    assert st.seats_to_move() == (2,)
    st.apply(2, ChooseCorner(29))
    assert st.level[41] == 1 and st.walls[41] == 0 and st.walls_left[3] == 3
    assert st.settlements_left[3] == -1  # a sixth settlement: the city lies on its side (§11.13)
    assert st.level[city(st, 1)] == 2


def test_nobody_is_rewarded_at_strength_zero() -> None:
    """§11.11: no cities and no knights: Catan holds, but nobody has strength 1."""
    st = after_setup()
    for s in range(4):
        c = city(st, s)
        st.level[c] = 1
    attack(st)
    assert st.defenders == [0] * 4 and isinstance(st.decisions[-1], TurnPhase)


def test_the_robber_is_active_for_a_seven_in_the_turn_of_the_first_attack() -> None:
    """§11.10: the event is resolved first, so the 7 of the same roll moves the robber."""
    st = after_setup()
    knight(st, 0, 29, level=3, active=True)
    knight(st, 1, 41, level=1, active=True)
    attack(st, 3, 4)
    assert st.robber_active and isinstance(st.decisions[-1], PlaceRobber)


def test_declared_defenders_v2() -> None:
    """V2 of §1.5: seats declare in turn order; only declared knights count and turn inactive."""
    st = after_setup(declared_defenders=True)
    knight(st, 0, 29, level=3, active=True)
    knight(st, 1, 41, level=1, active=True)
    knight(st, 1, 35, level=2, active=True)
    attack(st)
    top = st.decisions[-1]
    assert isinstance(top, Declare) and top.seats == (0,) and top.rest == (1,)
    assert st.legal_actions(0) == (defend([]), defend([29]))
    st.apply(0, defend([29]))
    assert len(st.legal_actions(1)) == 4
    st.apply(1, defend([41]))  # 3 + 1 = 4 against 4 cities: Catan holds, seat 0 strongest
    assert st.defenders[0] == 1
    assert st.k_active[29] == 0 and st.k_active[41] == 0 and st.k_active[35] == 1
