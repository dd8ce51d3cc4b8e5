"""Per-seat observations, built from the state (puerto_rico.md §9 Visibility, §8 A11).

Everything is public except the order of the face-down plantation deck (only its size is shown) and,
with ``hidden_vp``, the VP chips of the other seats (not even their count). Design detail: every
VP-earning event (``ship``) is a public event, as in the board game where chips are taken in view, so
a seat that remembers events can add up everyone's chips; ``hidden_vp`` only keeps the running totals
out of the observation. :meth:`PuertoRicoState.determinized_for` therefore re-deals only the deck.
Once the game is over every score is public.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from engine.core.observation import Observation
from engine.games.puerto_rico.notation import decision_text
from engine.games.puerto_rico.round import NOT_IN_PLAY
from engine.games.puerto_rico.tables import (
    BUILDING_COUNT,
    BUILDINGS,
    GOOD_NAMES,
    NO_GOOD,
    ROLE_TILE_NAMES,
    ROLE_TILES,
    TILE_NAMES,
)

if TYPE_CHECKING:
    from engine.games.puerto_rico.state import PuertoRicoState


@dataclass(frozen=True, slots=True)
class ShipView:
    """One cargo ship."""

    capacity: int
    kind: str | None
    """The good aboard, or None when empty."""
    count: int


@dataclass(frozen=True, slots=True)
class RoleView:
    """One role tile in play."""

    name: str
    doubloons: int
    taken_by: int | None
    """The seat that chose it this round, or None."""


@dataclass(frozen=True, slots=True)
class IslandView:
    """The seat's tiles of one kind."""

    kind: str
    tiles: int
    occupied: int


@dataclass(frozen=True, slots=True)
class BuildingView:
    """One building in a seat's city."""

    name: str
    colonists: int


@dataclass(frozen=True, slots=True)
class SeatView:
    """Everything about one seat that the observer may know."""

    seat: int
    doubloons: int
    vp: int | None
    """VP chips; None for another seat when ``hidden_vp`` is on and the game is not over."""
    goods: tuple[int, ...]
    """Barrels per good: corn, indigo, sugar, tobacco, coffee."""
    san_juan: int
    island: tuple[IslandView, ...]
    city: tuple[BuildingView, ...]
    city_spaces: int
    took_quarry: bool
    """Took a quarry in the current Settler phase."""
    used_wharf: bool
    """Used the wharf in the current Captain phase."""


@dataclass(frozen=True, slots=True)
class PuertoRicoObservation(Observation):
    """What one seat sees (puerto_rico.md §9)."""

    players: int
    round: int
    governor: int
    to_move: tuple[int, ...]
    decision: str
    """Kind of the decision on top of the stack ("" when the game is over)."""
    stack: tuple[str, ...]
    """The decision stack in notation form, bottom first (public progress of the phase)."""
    end_triggered: bool
    game_over: bool
    colonist_supply: int
    colonist_ship: int
    vp_supply: int
    quarries: int
    goods_supply: tuple[int, ...]
    trading_house: tuple[str, ...]
    ships: tuple[ShipView, ...]
    roles: tuple[RoleView, ...]
    plantation_row: tuple[str, ...]
    deck_size: int
    """Face-down plantations left; their order is hidden from everyone."""
    discard: tuple[str, ...]
    """Face-up discarded plantations, sorted."""
    building_supply: tuple[int, ...]
    """Copies left of each building, in building-table order."""
    craftsman_received: tuple[str, ...]
    captain_bonus_used: bool
    seats: tuple[SeatView, ...]


def _seat_view(st: PuertoRicoState, seat: int, observer: int) -> SeatView:
    city = st.city[seat]
    shows_vp = seat == observer or not st.hidden_vp or st.over
    return SeatView(
        seat=seat,
        doubloons=st.doubloons[seat],
        vp=st.vp[seat] if shows_vp else None,
        goods=tuple(st.goods[seat]),
        san_juan=st.san_juan[seat],
        island=tuple(
            IslandView(TILE_NAMES[k], st.tiles[seat][k], st.tiles_occ[seat][k])
            for k in range(6)
            if st.tiles[seat][k]
        ),
        city=tuple(BuildingView(BUILDINGS[b].name, city[b]) for b in range(BUILDING_COUNT) if city[b] >= 0),
        city_spaces=st.city_used[seat],
        took_quarry=bool(st.quarry_taken >> seat & 1),
        used_wharf=bool(st.wharf_used >> seat & 1),
    )


def observe(st: PuertoRicoState, seat: int) -> PuertoRicoObservation:
    """The observation of ``seat``: public state, own VP, deck size only."""
    top = st.decisions[-1] if st.decisions else None
    return PuertoRicoObservation(
        seat=seat,
        players=st.n,
        round=st.turn,
        governor=st.governor,
        to_move=st.seats_to_move(),
        decision=type(top).__name__ if top is not None else "",
        stack=tuple(decision_text(d) for d in st.decisions),
        end_triggered=st.end_triggered,
        game_over=st.over,
        colonist_supply=st.colonist_supply,
        colonist_ship=st.colonist_ship,
        vp_supply=st.vp_supply,
        quarries=st.quarries,
        goods_supply=tuple(st.goods_supply),
        trading_house=tuple(GOOD_NAMES[g] for g in st.house),
        ships=tuple(
            ShipView(
                st.ship_cap[i],
                GOOD_NAMES[st.ship_kind[i]] if st.ship_kind[i] != NO_GOOD else None,
                st.ship_count[i],
            )
            for i in range(3)
        ),
        roles=tuple(
            RoleView(
                ROLE_TILE_NAMES[t], st.role_doubloons[t], st.role_owner[t] if st.role_owner[t] >= 0 else None
            )
            for t in range(ROLE_TILES)
            if st.role_owner[t] != NOT_IN_PLAY
        ),
        plantation_row=tuple(TILE_NAMES[k] for k in st.row),
        deck_size=len(st.deck),
        discard=tuple(TILE_NAMES[k] for k in sorted(st.discard)),
        building_supply=tuple(st.building_supply),
        craftsman_received=tuple(GOOD_NAMES[g] for g in range(5) if st.received >> g & 1),
        captain_bonus_used=bool(st.captain_bonus),
        seats=tuple(_seat_view(st, s, seat) for s in range(st.n)),
    )
