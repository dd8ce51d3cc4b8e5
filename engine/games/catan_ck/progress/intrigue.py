"""Intrigue (cities_and_knights.md §2.9, §10 items 50-53, §11.5, §11.18): an opponent's knight on a
corner touching at least one of the seat's roads is displaced; the seat needs no knight. Its owner
moves it to a free corner reachable along its own roads (``Relocate``, as after a displacement, §7.5 b)
or, with none, it goes back to its supply. No free knight for the seat: the corner is only vacated
(§11.5), for a knight the seat may then build there as usual."""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.core.events import Event
from engine.games.catan.tables import MAX_CORNERS
from engine.games.catan_ck.actions import PlayCard, play
from engine.games.catan_ck.progress import Effect
from engine.games.catan_ck.rules.knights import displaced, lift_knight, recount_routes
from engine.games.catan_ck.tables import Card

if TYPE_CHECKING:
    from engine.games.catan_ck.state import CkState

PLAYS = tuple(play(Card.INTRIGUE, c) for c in range(MAX_CORNERS))


def corners(st: CkState, seat: int) -> list[int]:
    """Corners touching a road of the seat and holding an opponent's knight, ascending."""
    corner_edges = st.board.topology.corner_edges
    road_owner = st.road_owner
    found = []
    for s, knights in enumerate(st.k_corners):  # the opponents' knights are few: look at each
        if s != seat:
            for c in knights:
                for e in corner_edges[c]:
                    if road_owner[e] == seat:
                        found.append(c)
                        break
    found.sort()
    return found


def targets(st: CkState, seat: int) -> tuple[PlayCard, ...]:
    return tuple([PLAYS[c] for c in corners(st, seat)])


def why(st: CkState, seat: int, action: PlayCard) -> str | None:
    return (
        f"Intrigue: corner {action.args[0]} holds no opponent knight touching a road of seat {seat} "
        "(cities_and_knights.md §2.9)"
    )


def apply(st: CkState, seat: int, action: PlayCard) -> list[Event]:
    c = action.args[0]
    owner = st.k_owner[c]
    knight = lift_knight(st, c)
    events = [Event("intrigue", {"seat": seat, "corner": c, "victim": owner})]
    events += recount_routes(st, (c,), owner)
    return events + displaced(st, owner, c, knight)


EFFECT = Effect(
    card=Card.INTRIGUE,
    targets=targets,
    apply=apply,
    why=why,
    no_target="Intrigue: no opponent knight stands on a corner touching a road of the seat "
    "(cities_and_knights.md §2.9, §11.18)",
)
