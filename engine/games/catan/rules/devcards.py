"""Playing development cards (catan.md §5.7, §9.3, §9.15, §9.17).

At most one card per turn, before or after the roll, never one bought this turn (victory point cards
are never played: they count by themselves). Knight: move the robber and steal, no discards, then
Largest Army. Road building: up to two free roads, as many as the seat has and can place. Year of
plenty: two cards of any types, same type allowed, only what the supply holds. Monopoly: every other
seat hands over all cards of the named type.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.core.events import Event
from engine.games.catan.actions import (
    MONOPOLY,
    PLAY_KNIGHT,
    PLAY_ROAD_BUILDING,
    YEAR_OF_PLENTY,
    PlayKnight,
    PlayMonopoly,
    PlayRoadBuilding,
    PlayYearOfPlenty,
    Road,
)
from engine.games.catan.decisions import FreeRoads, PlaceRobber
from engine.games.catan.rules.build import place_road, road_spots, why_road_spot
from engine.games.catan.rules.scoring import update_largest_army
from engine.games.catan.tables import DEV_NAMES, RESOURCE_NAMES, DevCard

if TYPE_CHECKING:
    from engine.core.action import Action
    from engine.games.catan.state import CatanState

_KIND = {
    PlayKnight: DevCard.KNIGHT,
    PlayRoadBuilding: DevCard.ROAD_BUILDING,
    PlayYearOfPlenty: DevCard.YEAR_OF_PLENTY,
    PlayMonopoly: DevCard.MONOPOLY,
}


def _playable(st: CatanState, seat: int, kind: int) -> bool:
    return st.devs[seat][kind] - st.new_devs[seat][kind] > 0


def year_of_plenty_choices(bank: list[int]) -> list[Action]:
    """Pairs the supply can give; single cards only when no pair is possible (catan.md §9.17)."""
    out: list[Action] = []
    for a in range(5):
        if not bank[a]:
            continue
        for b in range(a, 5):
            if bank[b] >= (2 if a == b else 1):
                out.append(YEAR_OF_PLENTY[a][b + 1])
    if not out:
        out.extend(YEAR_OF_PLENTY[a][0] for a in range(5) if bank[a])
    return out


def legal_plays(st: CatanState, seat: int, out: list[Action]) -> None:
    """Append the cards the active seat may play now."""
    if st.dev_played:
        return
    devs = st.devs[seat]
    new = st.new_devs[seat]
    if devs[0] > new[0]:
        out.append(PLAY_KNIGHT)
    if devs[1] > new[1] and st.roads_left[seat] > 0 and road_spots(st, seat):
        out.append(PLAY_ROAD_BUILDING)
    if devs[2] > new[2]:
        out.extend(year_of_plenty_choices(st.bank))
    if devs[3] > new[3]:
        out.extend(MONOPOLY)


def why_card(st: CatanState, seat: int, kind: int) -> str | None:
    """Why the seat may not play a card of ``kind`` now, whatever the card does (catan.md §5.7)."""
    if st.dev_played:
        return "only one development card per turn (catan.md §5.7)"
    if not st.devs[seat][kind]:
        return f"seat {seat} holds no {DEV_NAMES[kind]} card (catan.md §5.7)"
    if not _playable(st, seat, kind):
        return f"a {DEV_NAMES[kind]} card bought this turn cannot be played this turn (catan.md §5.7)"
    return None


def why_play(st: CatanState, seat: int, action: Action) -> str | None:
    """The rule a card play breaks, or ``None`` (catan.md §5.7)."""
    kind = _KIND[type(action)]
    reason = why_card(st, seat, kind)
    if reason:
        return reason
    if isinstance(action, PlayRoadBuilding) and (st.roads_left[seat] <= 0 or not road_spots(st, seat)):
        return "road building needs a road in supply and a legal path (catan.md §9.17)"
    if isinstance(action, PlayYearOfPlenty) and action not in year_of_plenty_choices(st.bank):
        return "year of plenty takes only cards the supply holds (catan.md §9.17)"
    return None


def apply_play(st: CatanState, seat: int, action: Action) -> list[Event]:
    kind = _KIND[type(action)]
    st.devs[seat][kind] -= 1
    st.dev_played = True
    events = [Event("play", {"seat": seat, "card": DEV_NAMES[kind]})]
    if isinstance(action, PlayKnight):
        st.knights[seat] += 1
        st.decisions.append(PlaceRobber((seat,)))
        return events + update_largest_army(st)
    if isinstance(action, PlayRoadBuilding):
        st.decisions.append(FreeRoads((seat,), min(2, st.roads_left[seat])))
        return events
    if isinstance(action, PlayYearOfPlenty):
        taken = []
        for r in (action.first, action.second):
            if r >= 0:
                st.bank[r] -= 1
                st.hands[seat][r] += 1
                taken.append(RESOURCE_NAMES[r])
        events.append(Event("year_of_plenty", {"seat": seat, "cards": taken}))
        return events
    assert isinstance(action, PlayMonopoly)
    r = action.resource
    given: dict[str, int] = {}
    for s in range(st.n):
        if s != seat and st.hands[s][r]:
            given[str(s)] = st.hands[s][r]
            st.hands[seat][r] += st.hands[s][r]
            st.hands[s][r] = 0
    events.append(Event("monopoly", {"seat": seat, "resource": RESOURCE_NAMES[r], "given": given}))
    return events


def legal_free_road(st: CatanState, seat: int) -> tuple[Action, ...]:
    roads = st.pre.roads
    return tuple(roads[e] for e in road_spots(st, seat))


def why_free_road(st: CatanState, seat: int, action: Road) -> str | None:
    return why_road_spot(st, seat, action)


def apply_free_road(st: CatanState, seat: int, action: Road) -> list[Event]:
    top = st.decisions.pop()
    assert isinstance(top, FreeRoads)
    events = place_road(st, seat, st.board.topology.edge_index[(action.a, action.b)])
    left = top.remaining - 1
    if left > 0 and st.roads_left[seat] > 0 and road_spots(st, seat):
        st.decisions.append(FreeRoads(top.seats, left))
    return events
