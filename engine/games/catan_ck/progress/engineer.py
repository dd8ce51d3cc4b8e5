"""Engineer (cities_and_knights.md §2.9, §10 items 13-15): a city wall, free, under one of the seat's
cities without a wall; one wall per city and three per seat on the board (§9.1)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.games.catan.tables import MAX_CORNERS
from engine.games.catan_ck.actions import PlayCard, play
from engine.games.catan_ck.progress import Effect
from engine.games.catan_ck.rules.build import place_wall, why_wall_spot
from engine.games.catan_ck.rules.improvements import CITIES, cities_of
from engine.games.catan_ck.tables import Card

if TYPE_CHECKING:
    from engine.core.events import Event
    from engine.games.catan_ck.state import CkState


PLAYS = tuple(play(Card.ENGINEER, c) for c in range(MAX_CORNERS))


def targets(st: CkState, seat: int) -> tuple[PlayCard, ...]:
    if st.walls_left[seat] <= 0 or st.cities_left[seat] >= CITIES:  # why_wall_spot; no city at all
        return ()
    walls = st.walls
    return tuple([PLAYS[c] for c in sorted(cities_of(st, seat)) if not walls[c]])


def why(st: CkState, seat: int, action: PlayCard) -> str | None:
    reason = why_wall_spot(st, seat, action.args[0])
    return f"Engineer: {reason}" if reason else None


def apply(st: CkState, seat: int, action: PlayCard) -> list[Event]:
    return place_wall(st, seat, action.args[0])


EFFECT = Effect(
    card=Card.ENGINEER,
    targets=targets,
    apply=apply,
    why=why,
    no_target="Engineer: the seat has no city without a wall, or three walls on the board already "
    "(cities_and_knights.md §2.9, §9.1, §11.18)",
)
