"""Settler phase: plantations, quarries, hacienda, construction hut, hospice, refilling the row.

puerto_rico.md §5.1 and §9 DP-SET0/1/2: each seat from the Settler takes one turn (hacienda step,
normal pick, hospice offer); at the end the untaken row goes to the discard pile and N + 1 tiles are
drawn, reshuffling the discards when the deck runs out (§5.1, A13, A18).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from engine.core.events import Event
from engine.games.puerto_rico.actions import (
    DECLINE,
    HACIENDA,
    HACIENDA_QUARRY,
    HOSPICE,
    PASS,
    PLANTATION,
    QUARRY,
    HaciendaDraw,
    HaciendaQuarry,
    HospiceColonist,
    TakePlantation,
    TakeQuarry,
)
from engine.games.puerto_rico.buildings import (
    has_island_space,
    is_colonist_available,
    is_occupied,
    take_colonist,
)
from engine.games.puerto_rico.decisions import SEAT, HaciendaTurn, HospiceOffer, SettlerTurn
from engine.games.puerto_rico.round import finish_phase
from engine.games.puerto_rico.tables import SETUP, TILE_NAMES, Building, Tile

if TYPE_CHECKING:
    from engine.core.action import Action
    from engine.games.puerto_rico.state import PuertoRicoState

_GOODS = range(5)


def start(st: PuertoRicoState, chooser: int) -> list[Event]:
    """The Settler takes the first turn (§5.1)."""
    return _turn(st, chooser, chooser)


def reshuffle(st: PuertoRicoState) -> list[Event]:
    """Shuffle the discard pile face down into the deck (§5.1 "five new stacks", A13)."""
    st.deck.extend(st.discard)
    st.discard.clear()
    st.rng.stream("plantations").mix(st.deck)
    return [Event("reshuffle", {"deck": len(st.deck)}, chance=True)]


def can_quarry(st: PuertoRicoState, seat: int, chooser: int) -> bool:
    """A quarry is left, the seat is the Settler or has an occupied hut, and took none yet (§5.1, A1)."""
    return (
        st.quarries > 0
        and not st.quarry_taken >> seat & 1
        and (seat == chooser or st.city[seat][Building.CONSTRUCTION_HUT] > 0)
    )


def _can_hacienda_quarry(st: PuertoRicoState, seat: int) -> bool:
    return (
        st.hacienda_quarry_option
        and st.quarries > 0
        and not st.quarry_taken >> seat & 1
        and st.city[seat][Building.CONSTRUCTION_HUT] > 0
    )


def _turn(st: PuertoRicoState, seat: int, chooser: int) -> list[Event]:
    """Open ``seat``'s turn: the hacienda step when it has a choice, else the pick (DP-SET0)."""
    events: list[Event] = []
    if st.city[seat][Building.HACIENDA] > 0 and has_island_space(st, seat):
        if not st.deck and st.discard:
            events = reshuffle(st)
        if st.deck or _can_hacienda_quarry(st, seat):
            st.decisions.append(HaciendaTurn(SEAT[seat], chooser))
            return events
    st.decisions.append(SettlerTurn(SEAT[seat], chooser))
    return events


def _next(st: PuertoRicoState, seat: int, chooser: int) -> list[Event]:
    del st.decisions[1:]
    following = (seat + 1) % st.n
    if following == chooser:
        return _end(st)
    return _turn(st, following, chooser)


def refill_row(st: PuertoRicoState) -> list[Event]:
    """Draw N + 1 face-up tiles, reshuffling the discards if the deck runs out (§5.1, A18)."""
    events: list[Event] = []
    need = SETUP[st.n].row_size
    row = st.row
    while len(row) < need:
        if not st.deck:
            if not st.discard:
                break
            events += reshuffle(st)
        row.append(st.deck.pop())
    events.append(Event("row", {"row": [TILE_NAMES[k] for k in row]}, chance=True))
    return events


def _end(st: PuertoRicoState) -> list[Event]:
    st.discard.extend(st.row)
    st.row.clear()
    st.quarry_taken = 0
    events = refill_row(st)
    return events + finish_phase(st)


def legal_hacienda(st: PuertoRicoState, dec: HaciendaTurn) -> tuple[Action, ...]:
    """DP-SET0: draw (deck non-empty), a quarry (option A1 with a hut), or decline."""
    seat = dec.seats[0]
    if st.deck:
        if _can_hacienda_quarry(st, seat):
            return (HACIENDA, HACIENDA_QUARRY, DECLINE)
        return (HACIENDA, DECLINE)
    return (HACIENDA_QUARRY, DECLINE)


def apply_hacienda(st: PuertoRicoState, seat: int, action: Action, dec: HaciendaTurn) -> list[Event]:
    """Place the hacienda tile at once (no hospice colonist for it, §3.4), then the normal pick."""
    events: list[Event] = []
    if type(action) is HaciendaDraw:
        kind = st.deck.pop()
        st.tiles[seat][kind] += 1
        events.append(Event("hacienda", {"seat": seat, "tile": TILE_NAMES[kind]}, chance=True))
    elif type(action) is HaciendaQuarry:
        st.quarries -= 1
        st.tiles[seat][Tile.QUARRY] += 1
        st.quarry_taken |= 1 << seat
        events.append(Event("hacienda", {"seat": seat, "tile": "quarry"}))
    st.decisions[-1] = SettlerTurn(SEAT[seat], dec.chooser)
    return events


def legal_settle(st: PuertoRicoState, dec: SettlerTurn) -> tuple[Action, ...]:
    """DP-SET1: each kind in the row once, a quarry if allowed, and pass (§5.1)."""
    seat = dec.seats[0]
    if not has_island_space(st, seat):
        return (PASS,)
    row = st.row
    acts: list[Action] = [PLANTATION[g] for g in _GOODS if g in row]
    if can_quarry(st, seat, dec.chooser):
        acts.append(QUARRY)
    acts.append(PASS)
    return tuple(acts)


def apply_settle(st: PuertoRicoState, seat: int, action: Action, dec: SettlerTurn) -> list[Event]:
    """Place the tile; an occupied hospice then offers a colonist (DP-SET2)."""
    if type(action) is TakePlantation:
        kind = int(action.kind)
        st.row.remove(kind)
    elif type(action) is TakeQuarry:
        kind = Tile.QUARRY
        st.quarries -= 1
        st.quarry_taken |= 1 << seat
    else:
        return _next(st, seat, dec.chooser)
    st.tiles[seat][kind] += 1
    events = [Event("settle", {"seat": seat, "tile": TILE_NAMES[kind]})]
    if is_occupied(st, seat, Building.HOSPICE) and is_colonist_available(st):
        st.decisions.append(HospiceOffer(SEAT[seat], dec.chooser, kind))
        return events
    return events + _next(st, seat, dec.chooser)


def legal_hospice(st: PuertoRicoState, dec: HospiceOffer) -> tuple[Action, ...]:
    """DP-SET2: take the hospice colonist or decline."""
    return (HOSPICE, DECLINE)


def apply_hospice(st: PuertoRicoState, seat: int, action: Action, dec: HospiceOffer) -> list[Event]:
    """The colonist comes from the supply, else the ship, onto the tile just placed (§3.4)."""
    events: list[Event] = []
    if type(action) is HospiceColonist:
        take_colonist(st)
        st.tiles_occ[seat][dec.tile] += 1
        events.append(Event("hospice", {"seat": seat, "tile": TILE_NAMES[dec.tile]}))
    return events + _next(st, seat, dec.chooser)


def explain(st: PuertoRicoState, seat: int, action: Action, dec: Any) -> str | None:
    """Rule-naming reasons for refused Settler actions."""
    if type(action) in (TakePlantation, TakeQuarry, HaciendaDraw) and not has_island_space(st, seat):
        return "the seat's 12 island spaces are full (puerto_rico.md §5.1)"
    if type(action) is TakePlantation:
        return f"no {TILE_NAMES[action.kind]} plantation in the face-up row (puerto_rico.md §5.1)"
    if type(action) is TakeQuarry:
        if st.quarries == 0:
            return "no quarries are left (puerto_rico.md §5.1)"
        if st.quarry_taken >> seat & 1:
            return "at most one quarry per seat per Settler phase (puerto_rico.md §5.1, §8 A1)"
        return "only the Settler or the owner of an occupied construction hut may take a quarry (puerto_rico.md §5.1)"
    return None


def explain_hacienda(st: PuertoRicoState, seat: int, action: Action, dec: Any) -> str | None:
    """Rule-naming reasons for refused hacienda actions."""
    if type(action) is HaciendaQuarry:
        return (
            "a quarry in the hacienda slot needs the option hacienda_slot_allows_quarry, an occupied"
            " construction hut, a quarry left and no quarry taken this phase (puerto_rico.md §3.4, §8 A1)"
        )
    if type(action) is HaciendaDraw:
        return "the face-down deck is empty even after reshuffling the discards (puerto_rico.md §8 A13)"
    return None


LEGAL: dict[type, Any] = {
    HaciendaTurn: legal_hacienda,
    SettlerTurn: legal_settle,
    HospiceOffer: legal_hospice,
}
APPLY: dict[type, Any] = {
    HaciendaTurn: apply_hacienda,
    SettlerTurn: apply_settle,
    HospiceOffer: apply_hospice,
}
EXPLAIN: dict[type, Any] = {HaciendaTurn: explain_hacienda, SettlerTurn: explain}
