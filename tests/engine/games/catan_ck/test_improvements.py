"""City improvements, their abilities and the metropolises (cities_and_knights.md §6, §11.14, §11.15)."""

from __future__ import annotations

import pytest

from engine.core.errors import IllegalAction
from engine.games.catan_ck.actions import BANK, ChooseCorner, Improve, MoveKnight, Promote
from engine.games.catan_ck.decisions import MetropolisCity
from engine.games.catan_ck.rules.trade import rates_of
from engine.games.catan_ck.state import CkState
from engine.games.catan_ck.tables import CLOTH, COIN, PAPER, Track

from .helpers import after_setup, changed, main_phase, set_hand, settlement

TRADE, POLITICS, SCIENCE = Track.TRADE, Track.POLITICS, Track.SCIENCE


def ready() -> CkState:
    st = after_setup()
    main_phase(st)
    return st


def city_of(st: CkState, seat: int) -> int:
    return next(c for c in st.buildings_of[seat] if st.level[c] == 2)


@pytest.mark.parametrize("track, kind", [(TRADE, CLOTH), (POLITICS, COIN), (SCIENCE, PAPER)])
def test_levels_cost_their_number_in_the_track_commodity(track: int, kind: int) -> None:
    """§6.2: level n costs n commodities of the track's kind, levels in order."""
    st = ready()
    st.hands[0][kind] = 15
    st.bank[kind] -= 15
    changed(st)
    for level in range(1, 4):
        assert Improve(track) in st.legal_actions(0)
        st.apply(0, Improve(track))
        assert st.improvements[0][track] == level
    assert st.hands[0][kind] == 15 - 6


def test_an_improvement_needs_a_city() -> None:
    """§6.2, §6.3: no city on the board, no improvement (a seat that lost its last city keeps its
    levels)."""
    st = ready()
    c = city_of(st, 0)
    st.level[c] = 1
    st.cities_left[0] += 1
    set_hand(st, 0, cloth=1)
    with pytest.raises(IllegalAction, match="no city"):
        st.apply(0, Improve(TRADE))


def test_level_four_without_a_city_that_can_take_a_metropolis_is_refused() -> None:
    """§6.2, §11.14 (the issue's bad input): the only city holds another track's metropolis."""
    st = ready()
    c = city_of(st, 0)
    st.metropolis[SCIENCE] = c
    st.improvements[0] = [3, 0, 4]
    set_hand(st, 0, cloth=4)
    before = st.fingerprint()
    with pytest.raises(
        IllegalAction, match=r"needs a city that can take a metropolis.*cities_and_knights.md §6.2, §11.14"
    ):
        st.apply(0, Improve(TRADE))
    assert st.fingerprint() == before


def test_the_first_to_level_four_takes_the_metropolis() -> None:
    """§6.5: placed at once on a city without a metropolis (asked when there are several)."""
    st = ready()
    st.improvements[0] = [3, 0, 0]
    set_hand(st, 0, cloth=4)
    vp = st.scores()[0]
    st.apply(0, Improve(TRADE))
    assert st.metropolis[TRADE] == city_of(st, 0)
    assert st.scores()[0] == vp + 2
    settlement(st, 0, 29, city=True)
    settlement(st, 0, 41, city=True)
    st.improvements[0] = [4, 3, 0]
    set_hand(st, 0, coin=4)
    st.apply(0, Improve(POLITICS))
    assert isinstance(st.decisions[-1], MetropolisCity)
    # the first city holds the trade metropolis
    assert st.legal_actions(0) == (ChooseCorner(29), ChooseCorner(41))
    st.apply(0, ChooseCorner(41))
    assert st.metropolis[POLITICS] == 41


def test_level_four_gives_nothing_when_held_and_level_five_first_captures() -> None:
    """§6.5, §11.15: no transfer at 4; reaching 5 before the holder takes the metropolis."""
    st = ready()
    holder_city = city_of(st, 1)
    st.metropolis[TRADE] = holder_city
    st.improvements[1] = [4, 0, 0]
    st.improvements[0] = [3, 0, 0]
    set_hand(st, 0, cloth=9)
    st.apply(0, Improve(TRADE))
    assert st.metropolis[TRADE] == holder_city
    st.apply(0, Improve(TRADE))
    assert st.metropolis[TRADE] == city_of(st, 0)


def test_a_holder_at_level_five_keeps_the_metropolis() -> None:
    """§6.5: once the holder reached 5, nobody takes it."""
    st = ready()
    st.metropolis[TRADE] = city_of(st, 1)
    st.improvements[1] = [5, 0, 0]
    st.improvements[0] = [4, 0, 0]
    set_hand(st, 0, cloth=5)
    st.apply(0, Improve(TRADE))
    assert st.metropolis[TRADE] == city_of(st, 1)


def test_the_trading_house_trades_commodities_two_for_one() -> None:
    """§6.4: trade level 3 gives 2:1 for commodities, never for resources."""
    st = ready()
    set_hand(st, 0, paper=2, ore=2)
    assert rates_of(st, 0)[PAPER] in (3, 4)
    st.improvements[0][TRADE] = 3
    changed(st)
    assert rates_of(st, 0)[PAPER] == 2 and rates_of(st, 0)[4] >= 3
    assert BANK[PAPER][2][0] in st.legal_actions(0)


def test_the_fortress_allows_mighty_knights() -> None:
    """§6.4, §7.4: strong to mighty needs politics 3."""
    st = ready()
    from .helpers import knight

    knight(st, 0, 3, level=2)
    set_hand(st, 0, wool=1, ore=1)
    assert Promote(3) not in st.legal_actions(0)
    st.improvements[0][POLITICS] = 3
    changed(st)
    assert Promote(3) in st.legal_actions(0)
    assert not any(isinstance(a, MoveKnight) for a in st.legal_actions(0))  # inactive: no action
