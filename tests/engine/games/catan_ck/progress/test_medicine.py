"""Medicine (cities_and_knights.md §2.9, §10 items 22-23)."""

from __future__ import annotations

from engine.games.catan_ck.tables import Card
from tests.engine.games.catan_ck.helpers import set_hand
from tests.engine.games.catan_ck.progress.cards import act, fresh, hold, main_phase, refused


def _settlement(st: object) -> int:
    from engine.games.catan_ck.state import CkState

    assert isinstance(st, CkState)
    return next(c for c in st.buildings_of[0] if st.level[c] == 1)


def test_city_for_two_ore_one_grain() -> None:
    """§10 item 22: a settlement becomes a city for 2 ore + 1 grain."""
    st = main_phase()
    hold(st, 0, Card.MEDICINE)
    set_hand(st, 0, ore=2, grain=1, wool=1)
    c = _settlement(st)
    vp = st.building_vp[0]
    act(st, 0, f"play medicine {c}")
    assert st.level[c] == 2 and st.building_vp[0] == vp + 1
    assert st.hands[0] == [0, 0, 1, 0, 0, 0, 0, 0]
    assert st.cities_left[0] == 2


def test_without_the_cards_no_target() -> None:
    """§2.9, §11.18: 2 ore + 1 grain are needed; without them the card has no legal use."""
    st = main_phase()
    hold(st, 0, Card.MEDICINE)
    set_hand(st, 0, ore=2)
    refused(st, 0, f"play medicine {_settlement(st)}", "Medicine: the seat needs")


def test_no_city_piece_left_no_target() -> None:
    """§2.9: a city piece must be available."""
    st = main_phase()
    hold(st, 0, Card.MEDICINE)
    set_hand(st, 0, ore=2, grain=1)
    st.cities_left[0] = 0
    fresh(st)
    refused(st, 0, f"play medicine {_settlement(st)}", "city piece left")


def test_a_city_is_not_upgraded() -> None:
    """§2.9: Medicine upgrades a settlement."""
    st = main_phase()
    hold(st, 0, Card.MEDICINE)
    set_hand(st, 0, ore=2, grain=1)
    city = next(c for c in st.buildings_of[0] if st.level[c] == 2)
    refused(st, 0, f"play medicine {city}", "is not a settlement of seat 0")
