"""Road Building (cities_and_knights.md §2.9, §10 item 33, §12.6)."""

from __future__ import annotations

from engine.games.catan.rules import build as base
from engine.games.catan_ck.decisions import CardStep
from engine.games.catan_ck.tables import Card
from tests.engine.games.catan_ck.helpers import set_hand
from tests.engine.games.catan_ck.progress.cards import act, fresh, hold, main_phase, refused


def test_two_free_roads_one_after_another() -> None:
    """§10 item 33: two roads free, each by the building rules."""
    st = main_phase()
    hold(st, 0, Card.ROAD_BUILDING)
    set_hand(st, 0)
    act(st, 0, "play road-building")
    assert isinstance(st.decisions[-1], CardStep) and tuple(st.seats_to_move()) == (0,)
    first = st.legal_actions(0)[0]
    st.apply(0, first)
    assert isinstance(st.decisions[-1], CardStep)
    st.apply(0, st.legal_actions(0)[-1])
    assert not isinstance(st.decisions[-1], CardStep)
    assert st.roads_left[0] == 11
    assert sum(st.hands[0]) == 0


def test_unconnected_road_refused() -> None:
    """§2.9: each road obeys all building rules (connected to the seat's network)."""
    st = main_phase()
    hold(st, 0, Card.ROAD_BUILDING)
    act(st, 0, "play road-building")
    spots = set(base.road_spots(st, 0))
    far = next(e for e in range(len(st.road_owner)) if st.road_owner[e] < 0 and e not in spots)
    a, b = st.board.topology.edge_corners[far]
    refused(st, 0, f"road {a}-{b}", "Road Building:", "does not connect")


def test_one_piece_left_stops_after_one() -> None:
    """§12.6: the second road is asked only while a piece and a path are left."""
    st = main_phase()
    hold(st, 0, Card.ROAD_BUILDING)
    st.roads_left[0] = 1
    fresh(st)
    act(st, 0, "play road-building")
    st.apply(0, st.legal_actions(0)[0])
    assert not isinstance(st.decisions[-1], CardStep)
    assert st.roads_left[0] == 0


def test_no_piece_no_target() -> None:
    """§11.18 (engine choice): without a road piece the card has no legal use."""
    st = main_phase()
    hold(st, 0, Card.ROAD_BUILDING)
    st.roads_left[0] = 0
    fresh(st)
    refused(st, 0, "play road-building", "Road Building: the seat has no road piece")
