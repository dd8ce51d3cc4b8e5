"""Engineer (cities_and_knights.md §2.9, §9.1, §10 items 13-15)."""

from __future__ import annotations

from engine.games.catan_ck.rules.build import place_wall
from engine.games.catan_ck.rules.improvements import cities_of
from engine.games.catan_ck.tables import Card
from tests.engine.games.catan_ck.helpers import set_hand
from tests.engine.games.catan_ck.progress.cards import (
    act,
    free_corner,
    fresh,
    hold,
    main_phase,
    refused,
    settle,
)


def test_free_wall_under_a_city() -> None:
    """§10 item 13: one city wall, free, under one of the seat's cities."""
    st = main_phase()
    hold(st, 0, Card.ENGINEER)
    set_hand(st, 0)
    city = cities_of(st, 0)[0]
    act(st, 0, f"play engineer {city}")
    assert st.walls[city] == 1
    assert st.walls_left[0] == 2
    assert sum(st.hands[0]) == 0


def test_settlement_corner_refused() -> None:
    """§9.1: a wall goes under a city, never a settlement."""
    st = main_phase()
    hold(st, 0, Card.ENGINEER)
    settlement = next(c for c in st.buildings_of[0] if st.level[c] == 1)
    refused(st, 0, f"play engineer {settlement}", "is not a city of seat 0")


def test_every_city_walled_is_no_target() -> None:
    """§10 item 15, §11.18: one wall per city; with every city walled the card has no target."""
    st = main_phase()
    hold(st, 0, Card.ENGINEER)
    city = cities_of(st, 0)[0]
    st.walls[city] = 1
    st.walls_left[0] -= 1
    fresh(st)
    refused(st, 0, f"play engineer {city}", "Engineer: the seat has no city without a wall")


def test_three_walls_on_the_board_is_no_target() -> None:
    """§10 item 15, §9.1, §11.18: never more than three walls; with three up, a city without a wall
    takes none."""
    st = main_phase()
    hold(st, 0, Card.ENGINEER)
    bare = cities_of(st, 0)[0]
    for _ in range(3):
        c = free_corner(st)
        settle(st, 0, c, city=True)
        place_wall(st, 0, c)
    fresh(st)
    assert st.walls_left[0] == 0 and not st.walls[bare]
    refused(st, 0, f"play engineer {bare}", "three walls on the board already")
