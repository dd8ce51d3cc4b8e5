"""A full Puerto Rico position built from one seat's observation, for search bots (puerto_rico.md §9).

Everything a seat sees is kept as it is: the decision stack (from its notation), the boards, the
supplies, the ships, the roles and the face-up row. What is hidden is sampled from ``rng``:

* the face-down plantation deck: its kinds are the plantations not on the row, in the discard or on
  an island (§2.1), in a random order, of the observed size;
* with ``hidden_vp`` (A11), the other seats' VP chips: the chips taken so far (the supply of §2.2
  minus the chips left) less the seat's own, split among the other seats at random;
* the chance streams: a fresh match seed, so later draws are unknown as well.

The result, observed by the same seat, gives back the same observation.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.core.rng import MatchRng, Stream
from engine.games.puerto_rico.notation import parse_decision
from engine.games.puerto_rico.observe import PuertoRicoObservation
from engine.games.puerto_rico.round import AVAILABLE, NOT_IN_PLAY
from engine.games.puerto_rico.tables import (
    BUILDING_BY_NAME,
    GOOD_NAMES,
    NO_GOOD,
    PLANTATIONS,
    ROLE_TILE_NAMES,
    ROLE_TILES,
    SETUP,
    TILE_NAMES,
)

if TYPE_CHECKING:
    from engine.games.puerto_rico.game import PuertoRicoGame
    from engine.games.puerto_rico.state import PuertoRicoState

_GOOD = {name: k for k, name in enumerate(GOOD_NAMES)}
_TILE = {name: k for k, name in enumerate(TILE_NAMES)}
_ROLE = {name: t for t, name in enumerate(ROLE_TILE_NAMES)}


def state_from_observation(game: PuertoRicoGame, obs: PuertoRicoObservation, rng: Stream) -> PuertoRicoState:
    """A position ``obs.seat`` cannot tell apart from the one it observed (see the module docstring)."""
    if not isinstance(obs, PuertoRicoObservation) or obs.players != game.players:
        raise ValueError(f"not an observation of {game.ref.canonical()}: {type(obs).__name__}")
    from engine.games.puerto_rico.state import PuertoRicoState

    st = PuertoRicoState(game, 0)
    st.turn = obs.round
    st.governor = obs.governor
    st.end_triggered = obs.end_triggered
    st.over = obs.game_over
    st.colonist_supply = obs.colonist_supply
    st.colonist_ship = obs.colonist_ship
    st.vp_supply = obs.vp_supply
    st.quarries = obs.quarries
    st.goods_supply = list(obs.goods_supply)
    st.house = [_GOOD[g] for g in obs.trading_house]
    for i, ship in enumerate(obs.ships):
        st.ship_cap[i] = ship.capacity
        st.ship_kind[i] = NO_GOOD if ship.kind is None else _GOOD[ship.kind]
        st.ship_count[i] = ship.count
    st.role_owner = [NOT_IN_PLAY] * ROLE_TILES
    for role in obs.roles:
        t = _ROLE[role.name]
        st.role_doubloons[t] = role.doubloons
        st.role_owner[t] = AVAILABLE if role.taken_by is None else role.taken_by
    st.row = [_TILE[name] for name in obs.plantation_row]
    st.discard = [_TILE[name] for name in obs.discard]
    st.building_supply = list(obs.building_supply)
    st.received = sum(1 << _GOOD[g] for g in obs.craftsman_received)
    st.captain_bonus = int(obs.captain_bonus_used)
    st.quarry_taken = 0
    st.wharf_used = 0
    hidden: list[int] = []
    for s, view in enumerate(obs.seats):
        st.doubloons[s] = view.doubloons
        st.goods[s] = list(view.goods)
        st.san_juan[s] = view.san_juan
        st.tiles[s] = [0] * 6
        st.tiles_occ[s] = [0] * 6
        for tile in view.island:
            st.tiles[s][_TILE[tile.kind]] = tile.tiles
            st.tiles_occ[s][_TILE[tile.kind]] = tile.occupied
        st.city[s] = [-1] * len(st.city[s])
        for building in view.city:
            st.city[s][int(BUILDING_BY_NAME[building.name])] = building.colonists
        st.city_used[s] = view.city_spaces
        st.quarry_taken |= int(view.took_quarry) << s
        st.wharf_used |= int(view.used_wharf) << s
        if view.vp is None:
            hidden.append(s)
        else:
            st.vp[s] = view.vp
    _deal_vp(st, hidden, rng)
    st.deck = _deck(st, obs.deck_size, rng)
    st.decisions[:] = [parse_decision(text) for text in obs.stack]
    st.rng = MatchRng(rng.getrandbits(63))
    return st


def _deal_vp(st: PuertoRicoState, hidden: list[int], rng: Stream) -> None:
    """Split the chips the ``hidden`` seats hold between them at random (A11)."""
    if not hidden:
        return
    shown = sum(st.vp[s] for s in range(st.n) if s not in hidden)
    left = max(0, SETUP[st.n].vp_chips - st.vp_supply - shown)
    for s in hidden:
        st.vp[s] = 0
    for _ in range(left):
        st.vp[hidden[rng.below(len(hidden))]] += 1


def _deck(st: PuertoRicoState, size: int, rng: Stream) -> list[int]:
    """The face-down plantations: every plantation not seen elsewhere, shuffled (§2.1)."""
    left = list(PLANTATIONS)
    for k in st.row + st.discard:
        left[k] -= 1
    for tiles in st.tiles:
        for k in range(len(PLANTATIONS)):
            left[k] -= tiles[k]
    deck = [k for k, c in enumerate(left) for _ in range(max(c, 0))]
    rng.mix(deck)
    if len(deck) != size:
        raise ValueError(f"the observation shows {size} face-down plantations, {len(deck)} are unseen")
    return deck
