"""Builder phase: one building per seat, quarry discount by column, university, 12th-space trigger.

puerto_rico.md §5.3 and §9 DP-BLD/DP-BLD2: each seat from the Builder may build one building it does
not own, with a copy left, room in its city and enough doubloons for max(0, cost - min(occupied
quarries, column) - [Builder]); filling the 12th city space fires an end trigger (§6, A10, A17).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from engine.core.events import Event
from engine.games.puerto_rico.actions import BUILD, DECLINE, PASS, UNIVERSITY, Build, UniversityColonist
from engine.games.puerto_rico.buildings import is_colonist_available, price, take_colonist
from engine.games.puerto_rico.decisions import SEAT, BuilderTurn, UniversityOffer
from engine.games.puerto_rico.round import finish_phase
from engine.games.puerto_rico.tables import BUILDING_COUNT, BUILDINGS, CITY_SPACES, SIZES, Building

if TYPE_CHECKING:
    from engine.core.action import Action
    from engine.games.puerto_rico.state import PuertoRicoState

_BUILDINGS = range(BUILDING_COUNT)


def start(st: PuertoRicoState, chooser: int) -> list[Event]:
    """The Builder builds first (§5.3)."""
    st.decisions.append(BuilderTurn(SEAT[chooser], chooser))
    return []


def legal_build(st: PuertoRicoState, dec: BuilderTurn) -> tuple[Action, ...]:
    """DP-BLD: every affordable building with a copy left, not owned, that fits; then pass."""
    seat = dec.seats[0]
    money = st.doubloons[seat]
    is_builder = seat == dec.chooser
    room = CITY_SPACES - st.city_used[seat]
    city = st.city[seat]
    supply = st.building_supply
    acts: list[Action] = []
    for b in _BUILDINGS:
        if supply[b] and city[b] < 0 and SIZES[b] <= room and price(st, seat, b, is_builder) <= money:
            acts.append(BUILD[b])
    acts.append(PASS)
    return tuple(acts)


def apply_build(st: PuertoRicoState, seat: int, action: Action, dec: BuilderTurn) -> list[Event]:
    """Pay, place the building unoccupied, check the 12th space; the university may then add one."""
    if type(action) is not Build:
        return _next(st, seat, dec.chooser)
    building = int(action.building)
    cost = price(st, seat, building, seat == dec.chooser)
    st.doubloons[seat] -= cost
    st.building_supply[building] -= 1
    st.city[seat][building] = 0
    st.city_used[seat] += SIZES[building]
    events = [Event("build", {"seat": seat, "building": BUILDINGS[building].name, "paid": cost})]
    if st.city_used[seat] >= CITY_SPACES:
        st.end_triggered = True
        events.append(Event("end_trigger", {"reason": "city", "seat": seat}))
    if st.city[seat][Building.UNIVERSITY] > 0 and is_colonist_available(st):
        st.decisions.append(UniversityOffer(SEAT[seat], dec.chooser, building))
        return events
    return events + _next(st, seat, dec.chooser)


def _next(st: PuertoRicoState, seat: int, chooser: int) -> list[Event]:
    del st.decisions[1:]
    following = (seat + 1) % st.n
    if following == chooser:
        return finish_phase(st)
    st.decisions.append(BuilderTurn(SEAT[following], chooser))
    return []


def legal_university(st: PuertoRicoState, dec: UniversityOffer) -> tuple[Action, ...]:
    """DP-BLD2: take the university colonist or decline."""
    return (UNIVERSITY, DECLINE)


def apply_university(st: PuertoRicoState, seat: int, action: Action, dec: UniversityOffer) -> list[Event]:
    """One colonist (supply, else ship) onto the new building (§3.4, A19)."""
    events: list[Event] = []
    if type(action) is UniversityColonist:
        take_colonist(st)
        st.city[seat][dec.building] += 1
        events.append(Event("university", {"seat": seat, "building": BUILDINGS[dec.building].name}))
    return events + _next(st, seat, dec.chooser)


def explain(st: PuertoRicoState, seat: int, action: Action, dec: Any) -> str | None:
    """Rule-naming reasons for a refused ``build``."""
    if type(action) is not Build or not isinstance(dec, BuilderTurn):
        return None
    b = int(action.building)
    name = BUILDINGS[b].name
    if st.city[seat][b] >= 0:
        return f"seat {seat} already owns a {name}; one of each building per seat (puerto_rico.md §3.1)"
    if not st.building_supply[b]:
        return f"no {name} is left in the supply (puerto_rico.md §5.3)"
    if st.city_used[seat] + SIZES[b] > CITY_SPACES:
        room = CITY_SPACES - st.city_used[seat]
        return f"{name} needs {SIZES[b]} free city spaces, seat {seat} has {room} (puerto_rico.md §5.3)"
    cost = price(st, seat, b, seat == dec.chooser)
    return f"{name} costs {cost} doubloons, seat {seat} has {st.doubloons[seat]} (puerto_rico.md §5.3)"


LEGAL: dict[type, Any] = {BuilderTurn: legal_build, UniversityOffer: legal_university}
APPLY: dict[type, Any] = {BuilderTurn: apply_build, UniversityOffer: apply_university}
EXPLAIN: dict[type, Any] = {BuilderTurn: explain}
