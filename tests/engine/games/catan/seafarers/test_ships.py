"""Building and moving ships (seafarers.md §5.4, §5.5), and settling where ships arrive.

Positions on New Shores for 4 seats (docs/rules/seafarers.md §6.2): seat 0 has a settlement on the
north-east corner of hex 28 (mountains 8, the main island's east coast), with the sea hexes 22 and 29
beyond; two ships along the south-east and east sides of hex 22 reach the north-west corner of hex 23,
on the NE island.
"""

from __future__ import annotations

import pytest

from engine.games.catan.seafarers.rules.build import SHIP_COST

from .sea import new_shores, play, refused

M = new_shores()
HOME = M.corner(28, "NE")
LANDING = M.corner(23, "NW")
OUT = M.edge(22, "SE")  # sea on both sides, from HOME
ON = M.edge(22, "E")  # the coast of hex 23, to LANDING
LINE = f"s0.settle={HOME} s0.ship={OUT},{ON}"


def test_a_ship_costs_lumber_and_wool_and_joins_a_building() -> None:
    # seafarers.md §3.2, §5.4
    st = M.state(f"s0.settle={HOME} s0.hand=1l1w1b")
    assert SHIP_COST == (0, 1, 1, 0, 0)
    assert play(st, 0, f"ship {OUT}")[0] == "ship"
    assert st.hands[0] == [1, 0, 0, 0, 0]
    assert st.ships_left[0] == 14
    assert st.ship_owner[M.edge_id(22, "SE")] == 0


def test_a_ship_continues_a_ship() -> None:
    # seafarers.md §5.4 item 2
    st = M.state(f"s0.settle={HOME} s0.ship={OUT} s0.hand=1l1w")
    play(st, 0, f"ship {ON}")
    assert st.road_len[0] == 2


@pytest.mark.parametrize(
    ("position", "edge", "why"),
    [
        (f"s0.settle={HOME} s0.hand=1w", OUT, "missing 1 lumber"),
        (f"s0.settle={HOME} s0.hand=1l1w", M.edge(28, "W"), "borders no sea hex"),
        (
            f"s0.settle={HOME} s0.road={M.edge(28, 'E')} s0.hand=1l1w",
            M.edge(29, "SW"),
            "does not continue a road",
        ),
        (f"s0.settle={HOME} s0.road={M.edge(28, 'E')} s0.hand=1l1w", M.edge(28, "E"), "already holds a road"),
        (f"s0.settle={HOME} s0.hand=1l1w pirate=22", OUT, "on the pirate's hex 22"),
        (
            f"{LINE} s1.settle={LANDING} s0.hand=1l1w",
            M.edge(16, "SW"),
            "except through an opponent's building",
        ),
        (f"s0.settle={HOME} s0.hand=1l1w", M.edge(2, "SW"), "does not join seat 0's ships"),
    ],
    ids=[
        "cost",
        "land edge",
        "no ship after a road",
        "coast holds a road",
        "pirate",
        "opponent",
        "not joined",
    ],
)
def test_a_ship_is_refused(position: str, edge: str, why: str) -> None:
    # seafarers.md §4.3, §5.4, §5.6
    refused(M.state(position), 0, f"ship {edge}", why)


def test_no_ship_when_the_supply_is_empty() -> None:
    # seafarers.md §3.2: 15 ships per seat
    st = M.state(f"s0.settle={HOME} s0.hand=1l1w")
    st.ships_left[0] = 0
    refused(st, 0, f"ship {OUT}", "no ships left")


def test_a_road_does_not_continue_a_ship() -> None:
    # seafarers.md §5.4: roads and ships meet only at one's own building
    st = M.state(f"s0.settle={HOME} s0.ship={M.edge(28, 'E')} s0.hand=1b1l")
    refused(st, 0, f"road {M.edge(28, 'SE')}", "a road does not continue a ship")


def test_land_frame_coasts_take_ships_unless_the_option_says_no() -> None:
    # seafarers.md §4.3, §9.9: hex 24 (fields 9) has the frame to its west
    corner = M.corner(24, "NW")
    text = f"s0.settle={corner} s0.hand=1l1w"
    play(M.state(text), 0, f"ship {M.edge(24, 'W')}")
    refused(M.state(text, ship_on_frame_coast=False), 0, f"ship {M.edge(24, 'W')}", "borders no sea hex")


def test_a_ship_line_reaching_a_coast_lets_the_seat_settle_there() -> None:
    # seafarers.md §5.4: the settlement is joined by a ship; the NE island pays its bonus (§5.10)
    st = M.state(f"{LINE} s0.hand=1b1l1w1g")
    kinds = play(st, 0, f"settle {LANDING}")
    assert kinds[:2] == ["settle", "island_bonus"]
    assert st.island_vp[0] == 2


def test_a_settlement_needs_a_site_touching_land() -> None:
    # seafarers.md §4.3: a corner touching only sea and the frame is no site
    board = M.blank.board
    topo = board.topology
    a, b = next((a, b) for a, b in topo.edge_corners if board.sites[a] != board.sites[b])
    site, sea_corner = (a, b) if board.sites[a] else (b, a)
    edge = f"{a}-{b}"
    st = M.state(f"s0.settle={site} s0.ship={edge} s0.hand=1b1l1w1g")
    refused(st, 0, f"settle {sea_corner}", "not a settlement site")


# -- moving a ship (§5.5) --------------------------------------------------------------------------


def test_a_ship_with_an_open_end_moves_in_two_steps() -> None:
    st = M.state(LINE)
    assert f"move ship {ON}" in {a.text() for a in st.legal_actions(0)}
    assert f"move ship {OUT}" not in {a.text() for a in st.legal_actions(0)}  # both ends held
    assert play(st, 0, f"move ship {ON}") == ["lift_ship"]
    assert type(st.decisions[-1]).__name__ == "PlaceShip"
    targets = {a.text() for a in st.legal_actions(0)}
    assert f"ship {ON}" not in targets and f"ship {M.edge(28, 'E')}" in targets
    assert play(st, 0, f"ship {M.edge(28, 'E')}")[0] == "move_ship"
    assert st.ship_owner[M.edge_id(22, "E")] == -1 and st.ship_owner[M.edge_id(28, "E")] == 0
    assert st.hands[0] == [0] * 5  # free
    refused(st, 0, f"move ship {OUT}", "one ship move per turn")


@pytest.mark.parametrize(
    ("position", "ship", "why"),
    [
        (f"{LINE} phase=pre_roll", ON, "before the roll"),
        (f"{LINE} moved=1", ON, "one ship move per turn"),
        (f"{LINE} newships={ON}", ON, "built this turn"),
        (f"{LINE} s0.settle={HOME},{LANDING}", ON, "no open end"),
        (f"{LINE} pirate=23", ON, "on the pirate's hex"),
        (f"{LINE}", M.edge(2, "SW"), "has no ship on edge"),
    ],
    ids=["before the roll", "second move", "built this turn", "closed route", "pirate", "not a ship"],
)
def test_a_ship_move_is_refused(position: str, ship: str, why: str) -> None:
    refused(M.state(position), 0, f"move ship {ship}", why)


def test_the_ship_moved_goes_to_another_edge_where_it_could_be_built() -> None:
    # seafarers.md §5.5, §9.13; pirate on hex 29: the east coast of hex 28 is one of its edges
    st = M.state(f"{LINE} pirate=29")
    play(st, 0, f"move ship {ON}")
    refused(st, 0, f"ship {ON}", "another edge")
    refused(st, 0, f"ship {M.edge(28, 'E')}", "pirate's hex 29")
    refused(st, 0, f"ship {M.edge(2, 'SW')}", "does not join")
    refused(st, 0, f"road {M.edge(28, 'E')}", "is not allowed now")


def test_ships_of_road_building_count_as_built_this_turn() -> None:
    # seafarers.md §5.5, §5.8, §9.1
    st = M.state(f"s0.settle={HOME} s0.dev=1r")
    play(st, 0, "play road-building", f"ship {OUT}", f"ship {ON}")
    assert st.ships_left[0] == 13 and st.road_len[0] == 2
    assert not any(a.text().startswith("move ship") for a in st.legal_actions(0))
    refused(st, 0, f"move ship {ON}", "built this turn")


def test_road_building_places_a_road_and_a_ship() -> None:
    # seafarers.md §5.8: 2 roads, 2 ships, or one of each
    st = M.state(f"s0.settle={HOME} s0.dev=1r")
    listed = {a.text() for a in (play(st, 0, "play road-building") and st.legal_actions(0))}
    assert (
        f"road {M.edge(28, 'E')}" in listed
        and f"ship {M.edge(28, 'E')}" in listed
        and f"ship {OUT}" in listed
    )
    play(st, 0, f"road {M.edge(28, 'NE')}", f"ship {OUT}")
    assert (st.roads_left[0], st.ships_left[0]) == (14, 14)
