"""catan-greedy's play of the Seafarers scenarios (docs/rules/seafarers.md).

It sails toward land: a ship is worth what the open settlement sites one or two edges past its end are
worth, more on an island that still pays it a bonus (seafarers.md §5.10) and more again for the fog
it would discover (§5.11); it builds one when it has nothing better to save for, or when its roads
reach no open site. It moves a ship that leads nowhere to the best edge it may go to. On a 7 or a knight
it moves the pirate onto the leader's ships when that hurts more than the robber would; gold goes to
the resource its next build lacks most. Everything reads only the seat's observation.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.core.action import Action
from engine.games.catan.actions import MoveRobber, Road
from engine.games.catan.seafarers.actions import ChooseGold, MovePirate, MoveShip, Ship
from engine.games.catan.seafarers.maps import FRAMES
from engine.games.catan.seafarers.observe import SeafarersObservation
from engine.games.catan.tables import Terrain
from engine.games.catan.topology import Topology, topology_for

if TYPE_CHECKING:
    from bots.reference.catan_greedy import CatanGreedy

LAND = frozenset(int(t) for t in Terrain if t <= Terrain.GOLD)
FOG = int(Terrain.FOG)
SEA = int(Terrain.SEA)
SHIP_COST = (0, 1, 1, 0, 0)


def frame_topology(hexes: int) -> Topology | None:
    """The topology of a Seafarers frame with this many hexes (35 or 42), or None."""
    for rows in FRAMES.values():
        if sum(rows) == hexes:
            return topology_for(rows)
    return None


def is_sea(obs: object) -> bool:
    return isinstance(obs, SeafarersObservation)


def is_site(bot: CatanGreedy, obs: SeafarersObservation, corner: int) -> bool:
    """An open settlement site: touches land, distance rule."""
    topo = bot.topo(obs)
    return any(obs.terrain[h] in LAND for h in topo.corner_hexes[corner]) and bot.is_open(obs, corner)


def site_value(bot: CatanGreedy, obs: SeafarersObservation, corner: int, new_only: bool = False) -> float:
    """A site's production, plus the island bonus it would pay (an estimate: land the seat has not
    settled yet); with ``new_only``, 0 for a site on land the seat already touches."""
    value = bot.corner_value(obs, corner, bot.owned_kinds(obs))
    topo = bot.topo(obs)
    mine = {h for c, s in enumerate(obs.owner) if s == obs.seat for h in topo.corner_hexes[c]}
    land = [h for h in topo.corner_hexes[corner] if obs.terrain[h] in LAND]
    if land and not _joined(topo, obs, land[0], mine):
        return value + 4.0  # likely a bonus island, and new numbers
    return 0.0 if new_only else value


def _joined(topo: Topology, obs: SeafarersObservation, start: int, mine: set[int]) -> bool:
    """Whether the land hex ``start`` is on land the seat already touches (a walk over land hexes)."""
    seen = {start}
    frontier = [start]
    while frontier:
        h = frontier.pop()
        if h in mine:
            return True
        for n in topo.hex_neighbors[h]:
            if n not in seen and obs.terrain[n] in LAND:
                seen.add(n)
                frontier.append(n)
    return False


def ship_value(bot: CatanGreedy, obs: SeafarersObservation, a: int, b: int, new_only: bool = False) -> float:
    """How good the open sites one to three edges past this edge are (only those on new land with
    ``new_only``), and the fog it discovers."""
    topo = bot.topo(obs)
    best = 0.0
    for end in (a, b):
        if obs.owner[end] >= 0 and obs.owner[end] != obs.seat:
            continue
        near = {end}
        for depth, weight in enumerate((1.0, 0.7, 0.5)):
            for c in near:
                if (c not in (a, b) or depth == 0) and is_site(bot, obs, c):
                    best = max(best, site_value(bot, obs, c, new_only) * weight + (2 if depth == 0 else 0))
            near = {n for c in near for n in topo.corner_corners[c]} - {a, b}
        best += 1.5 * sum(1 for h in topo.corner_hexes[end] if obs.terrain[h] == FOG)
    return best + bot.rng.below(100) / 1000


def reaches_site(bot: CatanGreedy, obs: SeafarersObservation) -> bool:
    """Whether the seat's roads or ships end at an open site."""
    topo = bot.topo(obs)
    for owners in (obs.road_owner, obs.ship_owner):
        for e, s in enumerate(owners):
            if s == obs.seat and any(is_site(bot, obs, c) for c in topo.edge_corners[e]):
                return True
    return False


def decide(bot: CatanGreedy, obs: SeafarersObservation, legal: tuple[Action, ...]) -> Action | None:
    """The sea's own decisions: gold, where a moved ship goes, the setup piece, the robber or pirate."""
    kinds = {type(a) for a in legal}
    if ChooseGold in kinds:
        need = [max(0, c - h) for c, h in zip(bot.goal(obs, ()), obs.hand, strict=True)]
        return max(legal, key=lambda a: (need[a.resource], -obs.hand[a.resource]))  # type: ignore[attr-defined]
    if Ship in kinds and (obs.moving_ship >= 0 or obs.active < 0 or obs.free_pieces):
        return best_piece(bot, obs, legal)
    if MovePirate in kinds:
        return thief(bot, obs, legal)
    return None


def best_piece(bot: CatanGreedy, obs: SeafarersObservation, legal: tuple[Action, ...]) -> Action:
    """The road or ship leading to the best site (set-up, Road Building, a moved ship)."""

    def value(a: Action) -> float:
        if isinstance(a, Ship):
            return ship_value(bot, obs, a.a, a.b)
        if isinstance(a, Road):
            return bot.road_value(obs, a)
        return -1.0

    return max(legal, key=value)


def thief(bot: CatanGreedy, obs: SeafarersObservation, legal: tuple[Action, ...]) -> Action:
    """The robber's best move, unless the pirate on the leader's ships steals from a stronger seat."""
    robbers = [a for a in legal if isinstance(a, MoveRobber)]
    robber = bot.robber(obs, tuple(robbers)) if robbers else None
    others = [s for s in range(len(obs.public_vp)) if s != obs.seat]
    leader = max(others, key=lambda s: (obs.public_vp[s], obs.hand_sizes[s]))
    topo = bot.topo(obs)
    pirates = [a for a in legal if isinstance(a, MovePirate) and a.victim == leader]
    if pirates:

        def ships_hit(a: MovePirate) -> int:
            return sum(1 for e in topo.hex_edges[a.hex] if obs.ship_owner[e] == leader)

        best = max(pirates, key=ships_hit)
        robbing_leader = isinstance(robber, MoveRobber) and robber.victim == leader
        if not robbing_leader:
            return best
    if robber is not None:
        return robber
    return legal[0]


def main_move(
    bot: CatanGreedy, obs: SeafarersObservation, by_kind: dict[type, list[Action]], goal: tuple[int, ...]
) -> Action | None:
    """A ship to build or to move on the seat's turn, or None."""
    ships = by_kind.get(Ship, [])
    stuck = not reaches_site(bot, obs)
    if ships:
        new_only = not stuck
        value = {a: ship_value(bot, obs, a.a, a.b, new_only) for a in ships}  # type: ignore[attr-defined]
        best = max(ships, key=value.__getitem__)
        if value[best] >= (1.0 if stuck or sum(obs.hand) > 7 else 4.0):
            return best
    moves = by_kind.get(MoveShip, [])
    if moves and stuck:
        idle = [m for m in moves if ship_value(bot, obs, m.a, m.b) < 1.0]  # type: ignore[attr-defined]
        if idle:
            return idle[0]
    return None
