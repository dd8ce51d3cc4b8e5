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
from typing import TYPE_CHECKING, TypeVar

from engine.core.observation import Observation
from engine.games.frozen import maker
from engine.games.puerto_rico.notation import decision_text
from engine.games.puerto_rico.round import NOT_IN_PLAY
from engine.games.puerto_rico.tables import (
    BUILDINGS,
    GOOD_NAMES,
    NO_GOOD,
    ROLE_TILE_NAMES,
    ROLE_TILES,
    TILE_NAMES,
)

if TYPE_CHECKING:
    from engine.core.decisions import Decision
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


# -- building ------------------------------------------------------------------------------------------
#
# Design detail: an observation is rebuilt for every decision request, so the parts that change rarely
# are shared. The tuples of small views (a seat's city, its island, the ships, the roles) are cached by
# the state's values they are made from, copied into a tuple as the key; a whole SeatView by its values
# and the ids of its two view tuples (which it keeps alive); a single view (a building, an island
# kind, a ship, a role) by its class and values, so a tuple made again keeps the unchanged views as the
# same objects; a decision's text by the decision (its value). Nothing is cached by state object or
# ply: a cloned or mutated state can never see a stale view. The caches are emptied when they grow
# past _CACHE_LIMIT. SeatViews and the observation are built through
# :func:`engine.games.frozen.maker` (half the cost of their ``__init__``).

_CACHE_LIMIT = 1 << 14

_make_seat = maker(SeatView)
_make_observation = maker(PuertoRicoObservation)

_BUILDING_NAMES: tuple[str, ...] = tuple(b.name for b in BUILDINGS)
_RECEIVED: tuple[tuple[str, ...], ...] = tuple(
    tuple(GOOD_NAMES[g] for g in range(5) if mask >> g & 1) for mask in range(32)
)
"""The Craftsman's received kinds, by bit mask."""

_CITIES: dict[tuple[int, ...], tuple[BuildingView, ...]] = {}
_ISLANDS: dict[tuple[int, ...], tuple[IslandView, ...]] = {}
_SHIPS: dict[tuple[int, ...], tuple[ShipView, ...]] = {}
_ROLES: dict[tuple[int, ...], tuple[RoleView, ...]] = {}
_STACK_TEXT: dict[Decision, str] = {}
"""``decision_text`` by decision (frozen dataclasses, equal only within one class): the engine makes a
new decision object for every step, so a key by identity would never be found again."""
_SEAT_VIEWS: dict[tuple[int | None, ...], SeatView] = {}
_ITEMS: dict[tuple[object, ...], object] = {}
"""Single views (a building, an island kind, a ship, a role) by class and values."""
_V = TypeVar("_V")


def _item(cls: type[_V], *values: object) -> _V:
    """The one view of ``cls`` made of ``values``: a view that did not change stays the same object
    in the next tuple of views (the referee's JSON memo then reuses its text)."""
    key = (cls, *values)
    view = _ITEMS.get(key)
    if view is None:
        if len(_ITEMS) >= _CACHE_LIMIT:
            _ITEMS.clear()
        view = _ITEMS[key] = cls(*values)
    return view  # type: ignore[return-value]


def _city(key: tuple[int, ...]) -> tuple[BuildingView, ...]:
    """The city views of a seat's ``city`` row (-1 not owned, else colonists)."""
    if len(_CITIES) >= _CACHE_LIMIT:
        _CITIES.clear()
    names = _BUILDING_NAMES
    views = _CITIES[key] = tuple(_item(BuildingView, names[b], c) for b, c in enumerate(key) if c >= 0)
    return views


def _island(key: tuple[int, ...]) -> tuple[IslandView, ...]:
    """The island views of a seat's ``tiles + tiles_occ`` rows."""
    if len(_ISLANDS) >= _CACHE_LIMIT:
        _ISLANDS.clear()
    views = _ISLANDS[key] = tuple(
        _item(IslandView, TILE_NAMES[k], key[k], key[k + 6]) for k in range(6) if key[k]
    )
    return views


def _ships(key: tuple[int, ...]) -> tuple[ShipView, ...]:
    """The ship views of ``ship_cap + ship_kind + ship_count``."""
    if len(_SHIPS) >= _CACHE_LIMIT:
        _SHIPS.clear()
    views = _SHIPS[key] = tuple(
        _item(ShipView, key[i], GOOD_NAMES[key[i + 3]] if key[i + 3] != NO_GOOD else None, key[i + 6])
        for i in range(3)
    )
    return views


def _roles(key: tuple[int, ...]) -> tuple[RoleView, ...]:
    """The role views of ``role_doubloons + role_owner``."""
    if len(_ROLES) >= _CACHE_LIMIT:
        _ROLES.clear()
    owners = key[ROLE_TILES:]
    views = _ROLES[key] = tuple(
        _item(RoleView, ROLE_TILE_NAMES[t], key[t], owners[t] if owners[t] >= 0 else None)
        for t in range(ROLE_TILES)
        if owners[t] != NOT_IN_PLAY
    )
    return views


def _stack(decisions: list[Decision]) -> tuple[str, ...]:
    texts = _STACK_TEXT
    out: list[str] = []
    for d in decisions:
        text = texts.get(d)
        if text is None:
            if len(texts) >= _CACHE_LIMIT:
                texts.clear()
            text = texts[d] = decision_text(d)
        out.append(text)
    return tuple(out)


def to_decide(st: PuertoRicoState) -> tuple[str, tuple[int, ...]]:
    """The kind of the decision on top of the stack and the seats to move ("" and () when none)."""
    decisions = st.decisions
    if not decisions:
        return "", ()
    top = decisions[-1]
    return type(top).__name__, () if st.over else top.seats


def shows_all_vp(st: PuertoRicoState) -> bool:
    """Whether every seat's VP chips are shown to every seat (A11: unless hidden, until the game is
    over); else a seat sees only its own."""
    return not st.hidden_vp or st.over


def observe(st: PuertoRicoState, seat: int) -> PuertoRicoObservation:
    """The observation of ``seat``: public state, own VP, deck size only."""
    decisions = st.decisions
    over = st.over
    decision, to_move = to_decide(st)
    all_vp = shows_all_vp(st)
    make_seat = _make_seat
    vp = st.vp
    quarry_taken = st.quarry_taken
    wharf_used = st.wharf_used
    cities = _CITIES
    islands = _ISLANDS
    seat_views = _SEAT_VIEWS
    seats: list[SeatView] = []
    for s, (city, tiles, occupied) in enumerate(zip(st.city, st.tiles, st.tiles_occ, strict=True)):
        city_key = tuple(city)
        city_views = cities.get(city_key)
        if city_views is None:
            city_views = _city(city_key)
        island_key = tuple(tiles + occupied)
        island_views = islands.get(island_key)
        if island_views is None:
            island_views = _island(island_key)
        doubloons = st.doubloons[s]
        shown_vp = vp[s] if all_vp or s == seat else None
        goods = st.goods[s]
        san_juan = st.san_juan[s]
        city_used = st.city_used[s]
        # the views are kept alive by the SeatView they are in, so their ids are theirs while cached
        took_quarry = quarry_taken >> s & 1
        used_wharf = wharf_used >> s & 1
        seat_key = (
            s,
            doubloons,
            shown_vp,
            san_juan,
            city_used,
            took_quarry,
            used_wharf,
            id(island_views),
            id(city_views),
            *goods,
        )
        view = seat_views.get(seat_key)
        if view is None:
            if len(seat_views) >= _CACHE_LIMIT:
                seat_views.clear()
            view = seat_views[seat_key] = make_seat(
                s,
                doubloons,
                shown_vp,
                tuple(goods),
                san_juan,
                island_views,
                city_views,
                city_used,
                took_quarry == 1,
                used_wharf == 1,
            )
        seats.append(view)
    ship_key = tuple(st.ship_cap + st.ship_kind + st.ship_count)
    role_key = tuple(st.role_doubloons + st.role_owner)
    tile_name = TILE_NAMES.__getitem__
    return _make_observation(
        seat,
        st.n,
        st.turn,
        st.governor,
        to_move,
        decision,
        _stack(decisions),
        st.end_triggered,
        over,
        st.colonist_supply,
        st.colonist_ship,
        st.vp_supply,
        st.quarries,
        tuple(st.goods_supply),
        tuple(map(GOOD_NAMES.__getitem__, st.house)),
        _SHIPS.get(ship_key) or _ships(ship_key),
        _ROLES.get(role_key) or _roles(role_key),
        tuple(map(tile_name, st.row)),
        len(st.deck),
        tuple(map(tile_name, sorted(st.discard))),
        tuple(st.building_supply),
        _RECEIVED[st.received],
        bool(st.captain_bonus),
        tuple(seats),
    )
