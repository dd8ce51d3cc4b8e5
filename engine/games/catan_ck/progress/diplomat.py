"""Diplomat (cities_and_knights.md §2.9, §10 items 45-49, §11.18, §11.22): one open road of any seat is
removed. A road is open when at least one of its ends holds neither another road of its owner nor its
owner's settlement, city or knight (an opponent's piece there does not close it). An opponent's road
goes back to its owner's supply; the seat's own road must be placed again at once elsewhere, free, by
the building rules (step ``replace``: ``road A-B``), and may be removed only when such a place exists.
Longest Road is measured again (for one's own road, once it is placed again).

The play names the road's path with the lower corner first (``play diplomat 12-13``)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.core.events import Event
from engine.games.catan.actions import Road
from engine.games.catan.rules import build as base
from engine.games.catan_ck.actions import PlayCard, play
from engine.games.catan_ck.decisions import CardStep
from engine.games.catan_ck.progress import Effect, Step
from engine.games.catan_ck.rules.build import lift_road
from engine.games.catan_ck.tables import Card

if TYPE_CHECKING:
    from engine.core.action import Action
    from engine.games.catan_ck.state import CkState


def is_open(st: CkState, edge: int) -> bool:
    """§11.22: an end of the road holds no other road and no piece of the road's owner."""
    topo = st.board.topology
    o = st.road_owner[edge]
    road_owner, occupant = st.road_owner, st.occupant
    for c in topo.edge_corners[edge]:
        if occupant[c] == o:
            continue
        for f in topo.corner_edges[c]:
            if f != edge and road_owner[f] == o:
                break
        else:
            return True
    return False


def removable(st: CkState, seat: int) -> list[int]:
    """Edges of open roads the seat may remove: any opponent's, its own when it can go elsewhere."""
    out = []
    for o, roads in enumerate(st.roads_of):
        for e in roads:
            if is_open(st, e) and (o != seat or base.road_spots(st, seat, without=e)):
                out.append(e)
    out.sort()
    return out


def targets(st: CkState, seat: int) -> tuple[PlayCard, ...]:
    corners = st.board.topology.edge_corners
    return tuple(play(Card.DIPLOMAT, *corners[e]) for e in removable(st, seat))


def why(st: CkState, seat: int, action: PlayCard) -> str | None:
    a, b = action.args[0], action.args[1]
    edge = st.board.topology.edge_index.get((min(a, b), max(a, b)))
    if edge is None or st.road_owner[edge] < 0:
        return f"Diplomat: there is no road on {a}-{b} (cities_and_knights.md §2.9)"
    if not is_open(st, edge):
        return (
            f"Diplomat: the road on {a}-{b} is not open: both its ends hold its owner's road or piece "
            "(cities_and_knights.md §11.22)"
        )
    if st.road_owner[edge] == seat:
        return (
            f"Diplomat: seat {seat}'s own road on {a}-{b} has nowhere else to go (cities_and_knights.md §2.9)"
        )
    return None


def apply(st: CkState, seat: int, action: PlayCard) -> list[Event]:
    edge = st.board.topology.edge_index[(action.args[0], action.args[1])]
    owner = st.road_owner[edge]
    events = [Event("diplomat", {"seat": seat, "owner": owner, "corners": [action.args[0], action.args[1]]})]
    if owner != seat:
        return events + lift_road(st, edge)
    # one's own road is measured once it is placed again: measuring it while lifted could hand
    # Longest Road to a seat that would then keep it on a tie (catan.md §5.9 case 1)
    st.road_owner[edge] = -1
    st.roads_of[seat].remove(edge)
    st.roads_left[seat] += 1
    st.decisions.append(CardStep((seat,), Card.DIPLOMAT, "replace", seat, (edge,)))
    corners = [action.args[0], action.args[1]]
    events.append(Event("road_removed", {"seat": seat, "edge": edge, "corners": corners}))
    return events


def _spots(st: CkState, seat: int, frame: CardStep) -> list[int]:
    removed = frame.data[0]
    return [e for e in base.road_spots(st, seat) if e != removed]


def legal_replace(st: CkState, seat: int, frame: CardStep) -> tuple[Action, ...]:
    roads = st.pre.roads
    return tuple(roads[e] for e in _spots(st, seat, frame))


def why_replace(st: CkState, seat: int, frame: CardStep, action: Action) -> str | None:
    if isinstance(action, Road):
        edge = st.board.topology.edge_index.get((action.a, action.b))
        if edge is not None and edge in _spots(st, seat, frame):
            return None
        if edge == frame.data[0]:
            return "Diplomat: the road goes to another path than the one it left (cities_and_knights.md §2.9)"
    return (
        "Diplomat: place the removed road again on a path connected to the seat's roads or buildings: "
        "'road A-B' (cities_and_knights.md §2.9, §10 item 48)"
    )


def apply_replace(st: CkState, seat: int, frame: CardStep, action: Action) -> list[Event]:
    assert isinstance(action, Road)
    st.decisions.pop()
    return base.place_road(st, seat, st.board.topology.edge_index[(action.a, action.b)], recount=True)


EFFECT = Effect(
    card=Card.DIPLOMAT,
    targets=targets,
    apply=apply,
    why=why,
    no_target="Diplomat: no open road can be removed (cities_and_knights.md §11.18, §11.22)",
    steps={"replace": Step(legal=legal_replace, apply=apply_replace, why=why_replace)},
)
