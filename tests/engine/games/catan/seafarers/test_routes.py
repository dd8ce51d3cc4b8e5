"""The Longest Trade Route (seafarers.md §5.7): hand-made positions and property tests.

The property tests draw roads and ships of one seat over the edges around the east coast of New
Shores' main island (hexes 15, 16, 21, 22, 27, 28, 29: land and sea), with settlements of that seat and
of an opponent on their corners, and compare the engine's measure with a plain search over every trail
that follows the rule word for word: each piece once, road to road or ship to ship, a switch only at
the seat's own building, never through an opponent's building.
"""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from engine.core.rng import Stream
from engine.games.catan.seafarers.decisions import PlaceShip
from engine.games.catan.seafarers.rules.networks import added, forget, lifted, networks
from engine.games.catan.seafarers.rules.pieces import put_road, put_ship
from engine.games.catan.seafarers.rules.routes import LENGTHS, moved_route_length, route_length
from engine.games.catan.seafarers.state import SeafarersState
from engine.registry import load_game

from .sea import new_shores, play

M = new_shores()
HOME = M.corner(28, "NE")
REGION = sorted({e for h in (15, 16, 21, 22, 27, 28, 29) for e in M.blank.board.topology.hex_edges[h]})
CORNERS = sorted({c for e in REGION for c in M.blank.board.topology.edge_corners[e]})


def brute_force(state: SeafarersState, seat: int) -> int:
    """The longest trail by the rule of §5.7, searched piece by piece."""
    corners = state.board.topology.edge_corners
    pieces = [(e, 0) for e in state.roads_of[seat]] + [(e, 1) for e in state.ships_of[seat]]
    best = 0

    def walk(corner: int, kind: int, used: int, length: int) -> None:
        nonlocal best
        best = max(best, length)
        holder = state.owner[corner]
        if holder >= 0 and holder != seat:
            return  # an opponent's building: the trail stops here
        for i, (e, k) in enumerate(pieces):
            if used >> i & 1 or corner not in corners[e] or (k != kind and holder != seat):
                continue
            a, b = corners[e]
            walk(b if a == corner else a, k, used | 1 << i, length + 1)

    for i, (e, k) in enumerate(pieces):
        a, b = corners[e]
        walk(b, k, 1 << i, 1)
        walk(a, k, 1 << i, 1)
    return best


def position(pieces: list[tuple[int, int]], buildings: list[tuple[int, int]]) -> SeafarersState:
    """Seat 0's pieces ``(edge, 0 road / 1 ship)`` and buildings ``(corner, seat)`` on a blank board."""
    state = M.state()
    for e, kind in pieces:
        (state.ships_of if kind else state.roads_of)[0].append(e)
        (state.ship_owner if kind else state.road_owner)[e] = 0
    for c, s in buildings:
        state.owner[c] = s
        state.level[c] = 1
        state.buildings_of[s].append(c)
    forget(state)  # the pieces were set by hand: the kept route graphs are built again from them
    return state


RINGS = [M.blank.board.topology.hex_edges[h] for h in (15, 16, 21, 22, 27, 28, 29)]


@st.composite
def pieces_strategy(draw: st.DrawFn) -> list[tuple[int, int]]:
    """Up to two whole rings around hexes (loops are where trails get hard), a network grown edge by
    edge from one corner (long trees and forks), and loose edges; each piece a road or a ship."""
    topo = M.blank.board.topology
    rings = draw(st.lists(st.sampled_from(RINGS), max_size=2))
    grown: list[int] = []
    reached = [draw(st.sampled_from(CORNERS))]
    for _ in range(draw(st.integers(0, 12))):
        corner = reached[draw(st.integers(0, len(reached) - 1))]
        edge = draw(st.sampled_from(topo.corner_edges[corner]))
        if edge in REGION and edge not in grown:
            grown.append(edge)
            reached += [c for c in topo.edge_corners[edge] if c not in reached]
    loose = draw(st.lists(st.sampled_from(REGION), max_size=4))
    edges = list(dict.fromkeys([e for ring in rings for e in ring] + grown + loose))
    kinds = draw(st.lists(st.integers(0, 1), min_size=len(edges), max_size=len(edges)))
    return list(zip(edges[:18], kinds, strict=False))


buildings_strategy = st.lists(
    st.tuples(st.sampled_from(CORNERS), st.integers(0, 1)), max_size=6, unique_by=lambda b: b[0]
)


@settings(max_examples=200, deadline=None)
@given(pieces_strategy(), buildings_strategy)
def test_the_route_is_the_longest_trail_by_the_rule(
    pieces: list[tuple[int, int]], buildings: list[tuple[int, int]]
) -> None:
    state = position(pieces, buildings)
    assert route_length(state, 0) == brute_force(state, 0)


@settings(max_examples=100, deadline=None)
@given(pieces_strategy(), buildings_strategy)
def test_measuring_only_the_network_of_a_new_piece_gives_the_same_length(
    pieces: list[tuple[int, int]], buildings: list[tuple[int, int]]
) -> None:
    state = position([], buildings)
    for e, kind in pieces:
        (put_ship if kind else put_road)(state, 0, e)
        state.road_len[0] = route_length(state, 0, added=e)
        assert state.road_len[0] == brute_force(state, 0)


@settings(max_examples=80, deadline=None)
@given(pieces_strategy(), buildings_strategy, st.data())
def test_measuring_after_a_ship_moves_gives_the_same_length(
    pieces: list[tuple[int, int]], buildings: list[tuple[int, int]], data: st.DataObject
) -> None:
    """seafarers.md §5.5, §5.7: a ship with an open end lifted and put down elsewhere, three times; the
    length measured from the old one and the ship's new edge is the plain search's."""
    state = position(pieces, buildings)
    ships = state.ships_of[0]
    state.road_len[0] = route_length(state, 0)
    for _ in range(3):
        movable = sorted(networks(state)[0].open)
        if not movable:
            return
        origin = data.draw(st.sampled_from(movable))
        free = [e for e in REGION if state.road_owner[e] < 0 and state.ship_owner[e] < 0]
        target = data.draw(st.sampled_from(free))
        ships.remove(origin)
        state.ship_owner[origin] = -1
        lifted(state, 0, origin)
        ships.append(target)
        state.ship_owner[target] = 0
        added(state, 0, target, 1)
        state.road_len[0] = moved_route_length(state, 0, target)
        assert state.road_len[0] == brute_force(state, 0)


# -- hand-made positions ---------------------------------------------------------------------------


def test_roads_and_ships_count_together_through_the_seats_building() -> None:
    # two roads on the main island's coast and two ships out to sea, meeting at the settlement
    text = f"s0.road={M.edge(28, 'SE')},{M.edge(28, 'E')} s0.ship={M.edge(22, 'SE')},{M.edge(22, 'E')}"
    assert M.state(f"{text} s0.settle={HOME}").road_len[0] == 4
    assert M.state(text).road_len[0] == 2  # meeting at an empty corner, they are two routes
    assert M.state(f"{text} s1.settle={HOME}").road_len[0] == 2  # an opponent's building cuts


def test_an_opponents_settlement_cuts_a_ship_line() -> None:
    line = (
        f"s0.settle={HOME} s0.ship={M.edge(22, 'SE')},{M.edge(22, 'E')},{M.edge(16, 'SW')},{M.edge(16, 'W')}"
    )
    assert M.state(line).road_len[0] == 4
    assert M.state(f"{line} s1.settle={M.corner(23, 'NW')}").road_len[0] == 2


def test_a_ring_of_ships_counts_every_ship() -> None:
    ring = ",".join(M.edge(22, side) for side in ("NE", "E", "SE", "SW", "W", "NW"))
    assert M.state(f"s0.ship={ring}").road_len[0] == 6


def test_the_fifth_ship_takes_the_longest_trade_route_card() -> None:
    # seafarers.md §5.7: 5 or more; then a strictly longer route takes it over
    line = [M.edge(22, side) for side in ("SE", "E", "NE", "NW")]
    st_ = M.state(f"s0.settle={HOME} s0.ship={','.join(line)} s0.hand=1l1w")
    kinds = play(st_, 0, f"ship {M.edge(22, 'W')}")
    assert "longest_road" in kinds and (st_.longest, st_.road_len[0]) == (0, 5)
    assert st_.scores()[0] == 3.0


# -- a ship move's route left open ----------------------------------------------------------------


def measured(state: SeafarersState, seat: int) -> int:
    """The seat's route measured whole; while its lifted ship waits to be put down (§5.5), with the
    ship back in its graph (the length a reader sees until the move ends)."""
    top = state.decisions[-1] if state.decisions else None
    if type(top) is not PlaceShip or top.seats[0] != seat:
        return route_length(state, seat)
    net = networks(state)[seat]
    net.link(state, seat, top.origin, 1)
    length = route_length(state, seat)
    net.unlink(top.origin)
    return length


def test_a_ship_move_that_cannot_move_the_card_leaves_the_route_within_bounds() -> None:
    """§5.7 with catan.md §5.9: a ship moved to an edge with a free end leaves its seat's route within
    one of the old length either way, and while the card cannot move nothing is measured. After every
    action of two random matches the bounds hold the measured routes, the card lies where the measured
    routes put it, and an observation every few actions and while a ship is lifted (which reads the lengths) shows
    them."""
    for variant, seed in (("fog-islands", 1), ("four-islands", 2)):
        state = load_game("catan", f"seafarers-{variant}", 3).new_state(seed)
        pick = Stream(seed)
        opened = checked = 0
        while not state.is_terminal():
            seat = state.seats_to_move()[0]
            legal = state.legal_actions(seat)
            state.apply(seat, legal[pick.below(len(legal))])
            truth = [measured(state, s) for s in range(state.n)]
            lows = LENGTHS.__get__(state)
            highs = lows if state.route_hi is None else state.route_hi
            opened += state.route_hi is not None
            assert all(lows[s] <= truth[s] <= highs[s] for s in range(state.n)), (
                state.ply,
                lows,
                truth,
                highs,
            )
            best = max(truth)
            if state.longest >= 0:
                assert truth[state.longest] == best >= 5
            else:
                assert best < 5 or truth.count(best) > 1
            top = state.decisions[-1] if state.decisions else None
            mover_open = type(top) is PlaceShip and highs[top.seats[0]] > lows[top.seats[0]]
            if state.ply % 29 == 0 or mover_open:
                checked += mover_open
                assert list(state.observe(seat).road_lengths) == truth
                assert state.route_hi is None
        assert opened > state.ply // 4 and checked
