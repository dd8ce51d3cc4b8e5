"""What one seat may know of a Seafarers position (seafarers.md §5.13), and re-dealt copies for search.

Everything of base Catan's observation (catan.md §5.12), with the board as it stands (an undiscovered
fog space shows :data:`Terrain.FOG` and no token), plus the public pieces of the sea: every ship, the
ships left, the pirate, which ships were built this turn and whether a ship was moved, the ship being
moved, the island VP tokens and the islands that paid them, home islands, the gold still owed and who
chooses next, and what the fog's face-down stacks still hold (their contents, never their order).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from engine.core.rng import Stream
from engine.games.catan.decisions import FreeRoads
from engine.games.catan.observe import CatanObservation, observe_values
from engine.games.catan.observe import determinize as base_determinize
from engine.games.catan.seafarers.decisions import GoldChoice, PlaceShip
from engine.games.frozen import maker

if TYPE_CHECKING:
    from engine.games.catan.seafarers.state import SeafarersState


@dataclass(frozen=True, slots=True)
class SeafarersObservation(CatanObservation):
    """One seat's view of a Seafarers position (seafarers.md §5.13)."""

    ship_owner: tuple[int, ...]
    """Seat owning each edge's ship, or -1."""
    ships_left: tuple[int, ...]
    """Ships each seat has left in its supply (15 at the start, §3.2)."""
    pirate: int
    """The pirate's sea hex, or -1 on the frame (§5.6)."""
    new_ships: tuple[int, ...]
    """Edges of the ships built this turn, ascending: they cannot move this turn (§5.5)."""
    ship_moved: bool
    """True once the active seat has moved a ship this turn."""
    moving_ship: int
    """The edge a ship was lifted from while the seat puts it down (the second step of a move), or -1."""
    island_vp: tuple[int, ...]
    """VP tokens of each seat (§5.10), counted in ``public_vp``."""
    island_bonus: tuple[int, ...]
    """Per seat, a bit for each island (by its index in the map) that paid it a bonus."""
    home_islands: tuple[int, ...]
    """Per seat, a bit for each island of its setup settlements (§6.3)."""
    claimed: int
    """A bit for each island whose bonus someone took (``svp_mode=first_player_only``)."""
    fog_hexes_left: tuple[int, ...]
    """The terrains left in the face-down hex stack, ascending (contents public, order hidden, §5.11)."""
    fog_tokens_left: tuple[int, ...]
    """The number tokens left in the face-down token stack, ascending."""
    gold_owed: tuple[int, ...]
    """Gold cards each seat still chooses (all zero outside a gold choice, §5.3)."""
    gold_order: tuple[int, ...]
    """Seats in the order they choose gold now (empty outside a gold choice)."""
    gold_under: str
    """The kind of the decision a gold choice interrupts (``SetupRoad``, ``TurnPhase``...), or ''."""
    free_pieces: int
    """Free roads or ships of Road Building still to place, also under a gold choice (§5.8)."""


_make = maker(SeafarersObservation)


def observe(st: SeafarersState, seat: int) -> SeafarersObservation:
    """The observation of ``seat`` (seafarers.md §5.13)."""
    decisions = st.decisions
    top = decisions[-1] if decisions else None
    gold: tuple[int, ...] = (0,) * st.n
    order: tuple[int, ...] = ()
    under = ""
    if isinstance(top, GoldChoice):
        gold, order = top.owed, top.order
        under = type(decisions[-2]).__name__ if len(decisions) > 1 else ""
    free = next((d.remaining for d in reversed(decisions) if isinstance(d, FreeRoads)), 0)
    turn = st.turn
    return _make(
        *observe_values(st, seat),
        tuple(st.ship_owner),
        tuple(st.ships_left),
        st.pirate,
        tuple(e for e, t in enumerate(st.ship_built) if t == turn and st.ship_owner[e] >= 0),
        st.moved == turn,
        top.origin if isinstance(top, PlaceShip) else -1,
        tuple(st.island_vp),
        tuple(st.rewarded),
        tuple(st.home),
        st.claimed,
        tuple(sorted(st.fog_stack)),
        tuple(sorted(st.fog_tokens)),
        gold,
        order,
        under,
        free,
    )


def determinize(st: SeafarersState, seat: int, rng: Stream) -> SeafarersState:
    """A copy with everything hidden from ``seat`` re-dealt: base Catan's (hands, development cards,
    the deck, the chance streams) and the order of the fog's face-down stacks (§5.11)."""
    twin = base_determinize(st, seat, rng)
    rng.mix(twin.fog_stack)  # type: ignore[attr-defined]
    rng.mix(twin.fog_tokens)  # type: ignore[attr-defined]
    return twin  # type: ignore[return-value]
