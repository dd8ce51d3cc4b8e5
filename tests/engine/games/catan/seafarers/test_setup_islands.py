"""Set-up (seafarers.md §5.1), island bonuses (§5.10) and victory (§5.12)."""

from __future__ import annotations

import engine
from engine.games.catan.seafarers.state import SeafarersState

from .sea import Map, new_shores, play, refused

M = new_shores()
HOME = M.corner(28, "NE")
LANDING = M.corner(23, "NW")
LINE = f"s0.settle={HOME} s0.ship={M.edge(22, 'SE')},{M.edge(22, 'E')}"


def island_of(st: SeafarersState, corner: int) -> str:
    return st.board.island_names[st.board.corner_island[corner]]


def test_new_shores_setup_settlements_stand_on_the_main_island() -> None:
    # seafarers.md §5.1 step 4
    st = engine.load_game("catan", "seafarers-new-shores", 4).new_state(1)
    assert isinstance(st, SeafarersState)
    corners = [a.corner for a in st.legal_actions(0)]  # type: ignore[attr-defined]
    assert corners and {island_of(st, c) for c in corners} == {"Main"}
    refused(st, 0, f"settle {LANDING}", "setup settlements stand on the islands Main")


def test_a_coastal_setup_settlement_takes_a_road_or_a_ship() -> None:
    # seafarers.md §5.1 step 3
    st = M.state(f"s0.settle={HOME} decision=setup_road:0:{HOME}")
    listed = {a.text() for a in st.legal_actions(0)}
    coast = M.edge(28, "E")
    assert {f"road {coast}", f"ship {coast}", f"ship {M.edge(22, 'SE')}"} <= listed
    assert f"road {M.edge(22, 'SE')}" not in listed  # sea on both sides
    refused(st, 0, f"ship {M.edge(28, 'W')}", "borders no sea hex")
    play(st, 0, f"ship {M.edge(22, 'SE')}")
    assert st.ships_left[0] == 14 and st.seats_to_move() == (1,)


def test_no_setup_ship_on_the_pirates_hex() -> None:
    # seafarers.md §5.1 step 3: the Four Islands for 3 seats start the pirate on sea hex 17 (4,6)
    fi3 = Map("four-islands", 3)
    corner = fi3.corner(17, "N")  # also a corner of land hex 12
    st = fi3.state(f"s0.settle={corner} decision=setup_road:0:{corner}")
    assert st.pirate == 17
    listed = {a.text() for a in st.legal_actions(0)}
    assert f"ship {fi3.edge(17, 'NW')}" not in listed and f"ship {fi3.edge(17, 'NE')}" not in listed
    assert f"road {fi3.edge(17, 'NE')}" in listed and f"ship {fi3.edge(11, 'E')}" in listed
    refused(st, 0, f"ship {fi3.edge(17, 'NW')}", "pirate's hex 17")


def test_four_islands_home_islands_are_the_islands_of_the_setup_settlements() -> None:
    # seafarers.md §5.1 step 4, §6.3: seat 0 takes the NW and SE islands, the others any
    st = engine.load_game("catan", "seafarers-four-islands", 4).new_state(2)
    assert isinstance(st, SeafarersState)
    wanted = {0: ["NW", "SE"]}
    while type(st.decisions[-1]).__name__ != "TurnPhase":
        seat = st.seats_to_move()[0]
        legal = st.legal_actions(seat)
        if type(st.decisions[-1]).__name__ == "SetupSettle" and seat in wanted:
            island = wanted[seat].pop(0)
            action = next(a for a in legal if island_of(st, a.corner) == island)  # type: ignore[attr-defined]
        else:
            action = legal[0]
        st.apply(seat, action)
    names = st.board.island_names
    assert {names[i] for i in range(4) if st.home[0] >> i & 1} == {"NW", "SE"}
    assert all(st.home[s] for s in range(4)) and st.island_vp == [0, 0, 0, 0]


def test_the_first_settlement_on_a_small_island_pays_two_vp_tokens_once() -> None:
    # seafarers.md §5.10: New Shores, the NE island
    st = M.state(f"{LINE} s0.hand=2b2l2w2g")
    play(st, 0, f"settle {LANDING}")
    assert (st.island_vp[0], st.building_vp[0]) == (2, 4)
    other = M.corner(16, "N")  # another corner of the NE island, two edges on along the coast
    st = M.state(
        f"{LINE} s0.settle={HOME},{LANDING} s0.ivp=2 s0.bonus=NE s0.hand=1b1l1w1g s0.road={M.edge(16, 'W')},{M.edge(16, 'NW')}"
    )
    assert "island_bonus" not in play(st, 0, f"settle {other}")
    assert st.island_vp[0] == 2


def test_island_tokens_stay_under_a_city() -> None:
    st = M.state(f"{LINE} s0.settle={HOME},{LANDING} s0.ivp=2 s0.bonus=NE s0.hand=2g3o")
    before = st.scores()[0]
    play(st, 0, f"city {LANDING}")
    assert st.scores()[0] == before + 1 and st.island_vp[0] == 2


def test_main_island_settlements_pay_no_bonus() -> None:
    corner = M.corner(28, "SE")
    st = M.state(
        f"s0.settle={M.corner(28, 'N')} s0.road={M.edge(28, 'NE')},{M.edge(28, 'E')} s0.hand=1b1l1w1g"
    )
    assert "island_bonus" not in play(st, 0, f"settle {corner}")


def test_four_islands_pay_for_islands_other_than_home() -> None:
    # seafarers.md §5.10, §6.3
    fi4 = Map("four-islands")
    home_corner = fi4.corner(21, "N")  # SW island (hills 8)
    away = fi4.corner(17, "SW")  # NE island (fields 10 at (4,6))
    text = f"s0.settle={home_corner} s0.home=SW s0.hand=2b2l2w2g"
    st = fi4.state(text)
    board = st.board
    topo = board.topology
    # a ship line from the SW island to the NE island's hex 17, built on the board's own edges
    path = _ship_path(st, home_corner, away)
    st = fi4.state(f"{text} s0.ship={','.join(path)}")
    assert "island_bonus" in play(st, 0, f"settle {away}")
    st = fi4.state(f"{text} s0.home=SW,NE s0.ship={','.join(path)}")
    assert "island_bonus" not in play(st, 0, f"settle {away}")
    assert topo is st.board.topology


def _ship_path(st: SeafarersState, start: int, goal: int) -> list[str]:
    """The edges of a shortest line of ship edges from ``start`` to ``goal`` (breadth first)."""
    topo = st.board.topology
    came: dict[int, int] = {start: -1}
    frontier = [start]
    while goal not in came:
        ahead = []
        for c in frontier:
            for e in topo.corner_edges[c]:
                if st.board.ship_edges[e]:
                    a, b = topo.edge_corners[e]
                    d = b if a == c else a
                    if d not in came:
                        came[d] = e
                        ahead.append(d)
        frontier = ahead
    edges = []
    c = goal
    while came[c] >= 0:
        a, b = topo.edge_corners[came[c]]
        edges.append(f"{a}-{b}")
        c = b if a == c else a
    return edges


def test_first_player_only_gives_each_island_to_one_seat() -> None:
    # seafarers.md §9.5
    text = f"{LINE} s0.hand=1b1l1w1g s1.bonus=NE s1.ivp=2 claimed=NE"
    assert "island_bonus" in play(M.state(text), 0, f"settle {LANDING}")
    assert "island_bonus" not in play(M.state(text, svp_mode="first_player_only"), 0, f"settle {LANDING}")


def test_island_tokens_count_toward_victory() -> None:
    # seafarers.md §5.12: 14 VP on New Shores; 11 (four cities, two settlements, a hidden VP card), then
    # the settlement and its 2 tokens make 14
    st = M.state(
        f"{LINE} s0.city={M.corner(12, 'N')},{M.corner(14, 'N')},{M.corner(19, 'S')},{M.corner(31, 'S')} s0.settle={HOME},{M.corner(38, 'S')} s0.dev=1v s0.hand=1b1l1w1g"
    )
    assert st.scores()[0] == 11
    kinds = play(st, 0, f"settle {LANDING}")
    assert kinds[-1] == "victory" and st.is_terminal() and st.winner == 0


def test_the_fog_islands_have_no_island_bonus() -> None:
    st = engine.load_game("catan", "seafarers-fog-islands", 3).new_state(1)
    assert isinstance(st, SeafarersState) and st.board.map.bonus == "none"
