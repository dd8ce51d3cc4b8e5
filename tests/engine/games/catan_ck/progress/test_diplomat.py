"""Diplomat (cities_and_knights.md §2.9, §10 items 45-49, §11.18, §11.22)."""

from __future__ import annotations

from engine.games.catan_ck.decisions import CardStep
from engine.games.catan_ck.state import CkState
from engine.games.catan_ck.tables import Card
from tests.engine.games.catan_ck.progress.cards import act, fresh, hold, main_phase, refused, road, to_move


def _chain(st: CkState, seat: int) -> tuple[int, int]:
    """Extend a road of the seat that leaves its building by one more: (that road, now closed at both
    ends, and the new one, open at its far end)."""
    topo = st.board.topology
    for r in st.roads_of[seat]:
        x, m = topo.edge_corners[r]
        if st.occupant[m] == seat:
            x, m = m, x
        if st.occupant[x] != seat or st.occupant[m] >= 0:
            continue
        if sum(1 for f in topo.corner_edges[m] if st.road_owner[f] == seat) != 1:
            continue
        for f in topo.corner_edges[m]:
            far = next(y for y in topo.edge_corners[f] if y != m)
            free = st.road_owner[f] < 0 and st.occupant[far] != seat
            if free and not any(st.road_owner[g] == seat for g in topo.corner_edges[far]):
                road(st, seat, f)
                return r, f
    raise AssertionError("no chain")


def _text(st: CkState, edge: int) -> str:
    a, b = st.board.topology.edge_corners[edge]
    return f"{a}-{b}"


def test_opponent_open_road_back_to_its_supply() -> None:
    """§10 items 45-47: an open road of an opponent goes back to its owner's supply."""
    st = main_phase()
    _, tip = _chain(st, 1)
    hold(st, 0, Card.DIPLOMAT)
    left = st.roads_left[1]
    act(st, 0, f"play diplomat {_text(st, tip)}")
    assert st.road_owner[tip] == -1 and st.roads_left[1] == left + 1
    assert tip not in st.roads_of[1]
    assert to_move(st) == (0,)


def test_closed_road_refused() -> None:
    """§11.22: a road whose ends both hold its owner's road or piece is not open."""
    st = main_phase()
    closed, _ = _chain(st, 1)
    hold(st, 0, Card.DIPLOMAT)
    refused(st, 0, f"play diplomat {_text(st, closed)}", "is not open")


def test_own_road_placed_again_elsewhere() -> None:
    """§10 items 48-49: one's own open road must be placed again, elsewhere, by the building rules."""
    st = main_phase()
    _, tip = _chain(st, 0)
    hold(st, 0, Card.DIPLOMAT)
    left = st.roads_left[0]
    act(st, 0, f"play diplomat {_text(st, tip)}")
    top = st.decisions[-1]
    assert isinstance(top, CardStep) and top.step == "replace" and to_move(st) == (0,)
    refused(st, 0, f"road {_text(st, tip)}", "another path")
    again = st.legal_actions(0)[0]
    st.apply(0, again)
    assert st.roads_left[0] == left and st.road_owner[tip] == -1
    assert not isinstance(st.decisions[-1], CardStep)


def test_unknown_road_refused() -> None:
    """§2.9: the Diplomat removes a road that exists."""
    st = main_phase()
    hold(st, 0, Card.DIPLOMAT)
    empty = next(e for e, o in enumerate(st.road_owner) if o < 0)
    refused(st, 0, f"play diplomat {_text(st, empty)}", "there is no road")


def test_path_read_in_either_order() -> None:
    """§2.9: a path A-B is the same path as B-A (kept lower corner first)."""
    st = main_phase()
    assert st.game.parse_action("play diplomat 13-12").text() == "play diplomat 12-13"


def test_no_open_road_no_target() -> None:
    """§11.18, §11.22: without an open road on the board the card has no legal use."""
    st = main_phase()
    hold(st, 0, Card.DIPLOMAT)
    for seat, roads in enumerate(st.roads_of):
        for edge in roads:
            st.road_owner[edge] = -1
        st.roads_left[seat] += len(roads)
        roads.clear()
    fresh(st)
    refused(st, 0, "play diplomat 0-1", "Diplomat: no open road can be removed")
