"""A Seafarers position built from one seat's observation, for search bots (seafarers.md §5.13).

Base Catan's sampler (:mod:`engine.games.catan.sample`) keeps the public facts and deals the hidden
cards; here the board is the observed one (fog spaces still fog), the pieces of the sea are copied, the
island VP tokens are counted back into the building VP, and the fog's face-down stacks are dealt in a
random order from the contents the observation lists. The decision stack is base Catan's, with the
set-up placements told by ships as well as roads, the gold choice on top of what it interrupts and the
second step of a ship move.
"""

from __future__ import annotations

import dataclasses
from typing import TYPE_CHECKING

from engine.core.decisions import Decision
from engine.core.rng import Stream
from engine.games.catan.decisions import SetupRoad, SetupSettle
from engine.games.catan.observe import CatanObservation
from engine.games.catan.rules.setup import snake_order
from engine.games.catan.sample import rebuild_stack, state_from_observation
from engine.games.catan.seafarers.board import sea_board
from engine.games.catan.seafarers.decisions import GoldChoice, PlaceShip
from engine.games.catan.seafarers.observe import SeafarersObservation
from engine.games.catan.seafarers.rules.networks import forget

if TYPE_CHECKING:
    from engine.core.game import Game
    from engine.games.catan.game import CatanGame
    from engine.games.catan.seafarers.state import SeafarersState
    from engine.games.catan.state import CatanState


def sea_state_from_observation(game: CatanGame, obs: CatanObservation, rng: Stream) -> SeafarersState:
    """A position ``obs.seat`` cannot tell apart from the one it observed."""
    if not isinstance(obs, SeafarersObservation):
        raise ValueError(f"not a Seafarers observation: {type(obs).__name__}")
    st: SeafarersState = state_from_observation(game, obs, rng, _place, _stack)  # type: ignore[assignment]
    n = st.n
    st.ship_owner = list(obs.ship_owner)
    st.ships_of = [[] for _ in range(n)]
    for e, s in enumerate(st.ship_owner):
        if s >= 0:
            st.ships_of[s].append(e)
    st.ship_built = [st.turn if e in obs.new_ships else -1 for e in range(len(st.ship_owner))]
    st.ships_left = list(obs.ships_left)
    st.pirate = obs.pirate
    st.moved = st.turn if obs.ship_moved else -1
    st.island_vp = list(obs.island_vp)
    st.rewarded = list(obs.island_bonus)
    st.home = list(obs.home_islands)
    st.claimed = obs.claimed
    for s in range(n):
        st.building_vp[s] += st.island_vp[s]
    st.fog_stack = list(obs.fog_hexes_left)
    rng.mix(st.fog_stack)
    st.fog_tokens = list(obs.fog_tokens_left)
    rng.mix(st.fog_tokens)
    forget(st)  # the pieces, the pirate and the board were set by hand
    return st


def _place(game: Game, st: CatanState, obs: CatanObservation) -> None:
    """The observed board on the new state (of ``game``'s scenario and seat count)."""
    assert isinstance(obs, SeafarersObservation)
    if len(obs.hand_sizes) != game.players:
        raise ValueError(f"an observation of {len(obs.hand_sizes)} seats, not of {game.ref.canonical()}")
    board = st.board
    if len(obs.terrain) != board.topology.n_hexes or board.harbor_edges != obs.harbor_edges:
        raise ValueError(f"the observed board is not a board of {game.ref.canonical()}")
    st.board = sea_board(
        board.map,  # type: ignore[attr-defined]
        board.layout,
        obs.terrain,
        obs.tokens,
        obs.harbor_types,
        board.frame_coast,  # type: ignore[attr-defined]
        board.desert,
    )


def _stack(st: CatanState, obs: CatanObservation, rng: Stream) -> list[Decision]:
    """Base Catan's stack, with the Seafarers frames (see the module docstring)."""
    assert isinstance(obs, SeafarersObservation)
    kind = obs.decision
    top: Decision | None = None
    if kind == "GoldChoice":
        chooser = next(s for s in obs.gold_order if obs.gold_owed[s])
        top = GoldChoice((chooser,), obs.gold_owed, obs.gold_order)
        kind = obs.gold_under
    elif kind == "PlaceShip":
        top = PlaceShip((obs.seat,), obs.moving_ship)
        kind = "TurnPhase"
    if kind in ("SetupSettle", "SetupRoad"):
        stack: list[Decision] = [_setup_frame(st, obs, kind)]
    else:
        view = dataclasses.replace(obs, decision=kind, free_roads=obs.free_pieces)
        stack = rebuild_stack(st, view, rng)
    if top is not None:
        stack.append(top)
    return stack


def _setup_frame(st: CatanState, obs: SeafarersObservation, kind: str) -> Decision:
    """The set-up placement pending: the settlement after the last road or ship, or the road or ship
    touching the settlement that has none of its seat's."""
    placed = sum(1 for s in obs.owner if s >= 0)
    if kind == "SetupSettle":
        return SetupSettle((snake_order(st.n)[placed],), placed)
    seat = snake_order(st.n)[placed - 1]
    edges = st.board.topology.corner_edges
    corner = next(
        c
        for c, s in enumerate(obs.owner)
        if s == seat and all(obs.road_owner[e] != seat and obs.ship_owner[e] != seat for e in edges[c])
    )
    return SetupRoad((seat,), placed - 1, corner)
