"""A seat's observation written straight to its JSON text (puerto_rico.md §9 Visibility).

:func:`observe_json` writes the compact JSON of ``observe(st, seat).to_json()`` without making the
observation: a referee sends one observation per remote decision and needs only its text, and making
the frozen views first and writing them after cost twice as much. The text is the same byte for byte
(``tests/engine/games/puerto_rico/test_observe_text.py`` compares them over whole matches, with the VP
chips hidden and shown); what the seat may know is decided by the same functions (:func:`~.observe.to_decide`,
:func:`~.observe.shows_all_vp`).

Design detail: a seat's part, the ships and the roles change rarely, so their texts are kept by the
values they are written from (an ``orjson.Fragment`` spliced into the whole). A text is a function of
its key alone, and another seat's VP chips are in a key only when the observer may see them (else
the key holds None), so a kept text never shows a seat more than its own observation would. The
tables are emptied when they grow past :data:`~.observe._CACHE_LIMIT`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import orjson

from engine.games.puerto_rico.observe import (
    _BUILDING_NAMES,
    _CACHE_LIMIT,
    _RECEIVED,
    _stack,
    shows_all_vp,
    to_decide,
)
from engine.games.puerto_rico.round import NOT_IN_PLAY
from engine.games.puerto_rico.tables import GOOD_NAMES, NO_GOOD, ROLE_TILE_NAMES, ROLE_TILES, TILE_NAMES

if TYPE_CHECKING:
    from engine.games.puerto_rico.state import PuertoRicoState

_SEATS: dict[tuple[int | None, ...], orjson.Fragment] = {}
_SHIPS: dict[tuple[int, ...], orjson.Fragment] = {}
_ROLES: dict[tuple[int, ...], orjson.Fragment] = {}
_dumps = orjson.dumps


def _seat_text(key: tuple[int | None, ...], st: PuertoRicoState, s: int, vp: int | None) -> orjson.Fragment:
    """The text of seat ``s``'s part (a ``SeatView``), kept by ``key``."""
    tiles, occupied = st.tiles[s], st.tiles_occ[s]
    text = _dumps(
        {
            "seat": s,
            "doubloons": st.doubloons[s],
            "vp": vp,
            "goods": st.goods[s],
            "san_juan": st.san_juan[s],
            "island": [
                {"kind": TILE_NAMES[k], "tiles": tiles[k], "occupied": occupied[k]}
                for k in range(len(tiles))
                if tiles[k]
            ],
            "city": [
                {"name": _BUILDING_NAMES[b], "colonists": c} for b, c in enumerate(st.city[s]) if c >= 0
            ],
            "city_spaces": st.city_used[s],
            "took_quarry": bool(st.quarry_taken >> s & 1),
            "used_wharf": bool(st.wharf_used >> s & 1),
        }
    )
    if len(_SEATS) >= _CACHE_LIMIT:
        _SEATS.clear()
    fragment = _SEATS[key] = orjson.Fragment(text)
    return fragment


def _ships_text(key: tuple[int, ...]) -> orjson.Fragment:
    """The text of the ships (``ship_cap + ship_kind + ship_count``)."""
    text = _dumps(
        [
            {
                "capacity": key[i],
                "kind": GOOD_NAMES[key[i + 3]] if key[i + 3] != NO_GOOD else None,
                "count": key[i + 6],
            }
            for i in range(3)
        ]
    )
    if len(_SHIPS) >= _CACHE_LIMIT:
        _SHIPS.clear()
    fragment = _SHIPS[key] = orjson.Fragment(text)
    return fragment


def _roles_text(key: tuple[int, ...]) -> orjson.Fragment:
    """The text of the role tiles in play (``role_doubloons + role_owner``)."""
    owners = key[ROLE_TILES:]
    text = _dumps(
        [
            {
                "name": ROLE_TILE_NAMES[t],
                "doubloons": key[t],
                "taken_by": owners[t] if owners[t] >= 0 else None,
            }
            for t in range(ROLE_TILES)
            if owners[t] != NOT_IN_PLAY
        ]
    )
    if len(_ROLES) >= _CACHE_LIMIT:
        _ROLES.clear()
    fragment = _ROLES[key] = orjson.Fragment(text)
    return fragment


def observe_json(st: PuertoRicoState, seat: int) -> bytes:
    """The compact JSON text (UTF-8) of ``observe(st, seat).to_json()``."""
    decision, to_move = to_decide(st)
    all_vp = shows_all_vp(st)
    vp = st.vp
    quarry_taken = st.quarry_taken
    wharf_used = st.wharf_used
    kept = _SEATS
    seats = []
    for s, (city, tiles, occupied) in enumerate(zip(st.city, st.tiles, st.tiles_occ, strict=True)):
        shown_vp = vp[s] if all_vp or s == seat else None
        key = (
            s,
            st.doubloons[s],
            shown_vp,
            st.san_juan[s],
            st.city_used[s],
            quarry_taken >> s & 1,
            wharf_used >> s & 1,
            *st.goods[s],
            *city,
            *tiles,
            *occupied,
        )
        seats.append(kept.get(key) or _seat_text(key, st, s, shown_vp))
    ship_key = tuple(st.ship_cap + st.ship_kind + st.ship_count)
    role_key = tuple(st.role_doubloons + st.role_owner)
    tile_name = TILE_NAMES.__getitem__
    return _dumps(
        {
            "seat": seat,
            "players": st.n,
            "round": st.turn,
            "governor": st.governor,
            "to_move": to_move,
            "decision": decision,
            "stack": _stack(st.decisions),
            "end_triggered": st.end_triggered,
            "game_over": st.over,
            "colonist_supply": st.colonist_supply,
            "colonist_ship": st.colonist_ship,
            "vp_supply": st.vp_supply,
            "quarries": st.quarries,
            "goods_supply": st.goods_supply,
            "trading_house": [GOOD_NAMES[g] for g in st.house],
            "ships": _SHIPS.get(ship_key) or _ships_text(ship_key),
            "roles": _ROLES.get(role_key) or _roles_text(role_key),
            "plantation_row": list(map(tile_name, st.row)),
            "deck_size": len(st.deck),
            "discard": list(map(tile_name, sorted(st.discard))),
            "building_supply": st.building_supply,
            "craftsman_received": _RECEIVED[st.received],
            "captain_bonus_used": bool(st.captain_bonus),
            "seats": seats,
        }
    )
