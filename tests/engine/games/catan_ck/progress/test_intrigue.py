"""Intrigue (cities_and_knights.md §2.9, §7.5 b, §10 items 50-53, §11.5, §11.18)."""

from __future__ import annotations

from engine.games.catan_ck.decisions import Relocate
from engine.games.catan_ck.rules.knights import knight_spots, reachable
from engine.games.catan_ck.tables import Card
from tests.engine.games.catan_ck.helpers import knight
from tests.engine.games.catan_ck.progress.cards import (
    act,
    extend,
    fresh,
    hold,
    main_phase,
    refused,
    road,
    to_move,
)


def test_knight_without_a_way_out_goes_back_to_its_supply() -> None:
    """§10 items 50-52: an opponent knight on a corner touching the player's road is displaced; with no
    free corner reachable along its owner's roads it returns to its owner; no free knight (§11.5)."""
    st = main_phase()
    c = knight_spots(st, 0)[0]
    knight(st, 1, c, 2, active=True)
    fresh(st)
    assert not reachable(st, 1, c)[0]
    hold(st, 0, Card.INTRIGUE)
    act(st, 0, f"play intrigue {c}")
    assert st.k_owner[c] == -1 and st.k_supply[1] == [2, 2, 2]
    assert to_move(st) == (0,)
    assert st.k_supply[0] == [2, 2, 2]


def test_owner_relocates_along_its_roads() -> None:
    """§10 item 52, §7.5 b: the owner moves the knight to a free corner reachable along its roads."""
    st = main_phase()
    extend(st, 0, 3)
    topo = st.board.topology
    c, e = next(
        (c, e)
        for c in knight_spots(st, 0)
        for e in topo.corner_edges[c]
        if st.road_owner[e] < 0 and all(st.occupant[x] < 0 for x in topo.edge_corners[e])
    )
    road(st, 1, e)
    d = next(x for x in topo.edge_corners[e] if x != c)
    knight(st, 1, c, 1)
    fresh(st)
    hold(st, 0, Card.INTRIGUE)
    act(st, 0, f"play intrigue {c}")
    assert isinstance(st.decisions[-1], Relocate) and to_move(st) == (1,)
    refused(st, 1, f"choose {c}", "not free and reachable")
    act(st, 1, f"choose {d}")
    assert st.k_owner[d] == 1 and st.k_owner[c] == -1


def test_no_opponent_knight_by_the_roads_no_target() -> None:
    """§11.18: a displaceable knight is needed; one away from the player's roads is not."""
    st = main_phase()
    hold(st, 0, Card.INTRIGUE)
    refused(st, 0, "play intrigue 0", "Intrigue: no opponent knight")
    extend(st, 1, 2)
    far = next(c for c in knight_spots(st, 1) if c not in knight_spots(st, 0))
    knight(st, 1, far, 1)
    near = knight_spots(st, 0)[0]
    knight(st, 2, near, 1)
    fresh(st)
    refused(st, 0, f"play intrigue {far}", f"corner {far} holds no opponent knight touching a road of seat 0")
