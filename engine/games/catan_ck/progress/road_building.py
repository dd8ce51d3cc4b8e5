"""Road Building (cities_and_knights.md §2.9, §10 item 33): two roads, free, each by every building
rule (they need not join each other). The roads are placed one after another (step ``road``, answered
with ``road A-B``); after the first the second is asked only while a road piece and a legal path are
left (§12.6: it may stop early). Not playable without a road piece and a legal path (no target).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.games.catan.actions import Road
from engine.games.catan.rules import build as base
from engine.games.catan_ck.actions import PlayCard, play
from engine.games.catan_ck.decisions import CardStep
from engine.games.catan_ck.progress import Effect, Step
from engine.games.catan_ck.tables import Card

if TYPE_CHECKING:
    from engine.core.action import Action
    from engine.core.events import Event
    from engine.games.catan_ck.state import CkState

ROADS = 2
PLAY = play(Card.ROAD_BUILDING)


def _can_build(st: CkState, seat: int) -> bool:
    return st.roads_left[seat] > 0 and bool(base.road_spots(st, seat))


def targets(st: CkState, seat: int) -> tuple[PlayCard, ...]:
    return (PLAY,) if _can_build(st, seat) else ()


def apply(st: CkState, seat: int, action: PlayCard) -> list[Event]:
    st.decisions.append(CardStep((seat,), Card.ROAD_BUILDING, "road", seat, (ROADS,)))
    return []


def legal_road(st: CkState, seat: int, frame: CardStep) -> tuple[Action, ...]:
    roads = st.pre.roads
    return tuple(roads[e] for e in base.road_spots(st, seat))


def why_road(st: CkState, seat: int, frame: CardStep, action: Action) -> str | None:
    if not isinstance(action, Road):
        return "Road Building: answer with 'road A-B' (cities_and_knights.md §2.9)"
    reason = base.why_road_spot(st, seat, action)
    return f"Road Building: {reason}" if reason else None


def apply_road(st: CkState, seat: int, frame: CardStep, action: Action) -> list[Event]:
    assert isinstance(action, Road)
    st.decisions.pop()
    events = base.place_road(st, seat, st.board.topology.edge_index[(action.a, action.b)])
    left = frame.data[0] - 1
    if left and _can_build(st, seat):
        st.decisions.append(CardStep(frame.seats, frame.card, frame.step, frame.player, (left,)))
    return events


EFFECT = Effect(
    card=Card.ROAD_BUILDING,
    targets=targets,
    apply=apply,
    no_target="Road Building: the seat has no road piece left or no legal path for a road "
    "(cities_and_knights.md §2.9, §11.18)",
    steps={"road": Step(legal=legal_road, apply=apply_road, why=why_road)},
)
