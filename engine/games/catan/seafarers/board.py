"""Seafarers boards: a scenario map laid on its frame, with every table the rules read (seafarers.md §4).

The frame of a map (§4.2) is a hex shape like the base island, so :func:`topology_for` gives its ids
and adjacency: hexes in reading order, corners and edges as in ``engine.games.catan.topology``. A
:class:`SeaBoard` adds, once per content of the frame, what the kinds of hexes decide: which edges
take a road or a ship, which corners are settlement sites, the island of each site, the hexes the
robber and the pirate may enter, the fog spaces next to each corner and the production tables (gold
apart). A board is immutable and shared by clones; a discovery (§5.11) swaps in the board with the
revealed hex (:func:`reveal` changes only the tables around that hex), so rules code never does
coordinate maths (HS-4).

Undiscovered fog spaces are :data:`Terrain.FOG` on the board: their hexes and tokens exist only in the
state's face-down stacks, so a board never carries hidden information.
"""

from __future__ import annotations

import dataclasses
import functools
from dataclasses import dataclass

from engine.core.rng import MatchRng, Stream
from engine.games.catan.layouts import Board
from engine.games.catan.seafarers.maps import FIRST_Q, LISTED, ScenarioMap
from engine.games.catan.tables import N_RESOURCES, NO_HARBOR, Terrain
from engine.games.catan.topology import Topology, topology_for

FRAME = -1
"""The pirate's location when it stands on the frame (seafarers.md §5.6)."""
LAND_KINDS = frozenset(int(t) for t in Terrain if t <= Terrain.GOLD)
"""Terrains that are land: the five resources, the desert and gold (seafarers.md §4.3)."""
_SEA = int(Terrain.SEA)
"""The sea's terrain as a plain int, compared per hex by :func:`reveal` without the enum's lookup."""
LOW_NUMBERS = frozenset({2, 3, 11, 12})
"""seafarers.md §6.5: numbers no forest or pasture of the Four Islands may carry."""
REDRAWS = 10_000
"""seafarers.md §6.5: the variable setup redraws at most this often, then keeps the fixed map."""


@dataclass(frozen=True, slots=True, eq=False)
class SeaBoard(Board):
    """A Seafarers board: the base :class:`Board` tables on the frame, plus the sea's."""

    map: ScenarioMap
    frame_coast: bool
    """Ships may lie on land-frame coasts (option ``ship_on_frame_coast``, seafarers.md §9.9)."""
    island_names: tuple[str, ...]
    hex_island: tuple[int, ...]
    """Index into :attr:`island_names` of each land hex of the map, -1 for sea, fog and discovered land."""
    corner_island: tuple[int, ...]
    """The island of the land hexes at each corner (islands never share a corner), or -1."""
    road_edges: tuple[bool, ...]
    """Edges with land on at least one side (§4.3)."""
    ship_edges: tuple[bool, ...]
    """Edges of a sea hex, and land-frame coasts when :attr:`frame_coast` (§4.3)."""
    sites: tuple[bool, ...]
    """Corners touching a land hex: settlement sites (§4.3)."""
    land: tuple[int, ...]
    """Land hexes, ascending: where the robber may stand (§5.6)."""
    sea: tuple[int, ...]
    """Sea hexes, ascending: where the pirate may stand besides the frame (§5.6)."""
    fog: tuple[int, ...]
    """Fog spaces not yet discovered, ascending (§5.11)."""
    corner_fog: tuple[tuple[int, ...], ...]
    """The undiscovered fog spaces at each corner, ascending."""
    gold_sites: tuple[tuple[tuple[int, tuple[int, ...]], ...], ...]
    """For each dice sum 0..12, ``(hex, corners)`` of the gold fields with that token (§5.3)."""
    positions: tuple[tuple[int, int], ...]
    """``(r, q)`` of each hex (§4.1)."""

    def fingerprint_parts(self) -> list[object]:
        return [
            self.map.scenario,
            self.map.players,
            self.layout,
            self.terrain,
            self.tokens,
            self.harbor_types,
            self.frame_coast,
        ]

    def hex_at(self, r: int, q: int) -> int:
        """The id of the hex at ``(r, q)``."""
        return self.positions.index((r, q))


def positions_of(topo: Topology) -> tuple[tuple[int, int], ...]:
    """``(r, q)`` of every hex of a frame topology (§4.1, §4.2)."""
    return tuple((r, FIRST_Q[r - 1] + 2 * (c - 1)) for r, c in topo.hex_rc)


@functools.lru_cache(maxsize=512)
def sea_board(
    smap: ScenarioMap,
    layout: str,
    terrain: tuple[int, ...],
    tokens: tuple[int, ...],
    harbor_types: tuple[int, ...],
    frame_coast: bool,
    robber: int,
) -> SeaBoard:
    """The board of ``smap`` with these contents (terrain and token per hex, harbor type per slot);
    ``robber`` is the robber's start."""
    topo = topology_for(smap.rows)
    positions = positions_of(topo)
    where = {p: h for h, p in enumerate(positions)}
    names = tuple(name for name, _ in smap.islands)
    hex_island = [-1] * topo.n_hexes
    for i, (_, hexes) in enumerate(smap.islands):
        for r, q, _, _ in hexes:
            hex_island[where[(r, q)]] = i
    is_land = [t in LAND_KINDS for t in terrain]
    is_sea = [t == Terrain.SEA for t in terrain]
    is_fog = [t == Terrain.FOG for t in terrain]
    road_edges = tuple(any(is_land[h] for h in hs) for hs in topo.edge_hexes)
    ship_edges = tuple(
        any(is_sea[h] for h in hs) or (frame_coast and len(hs) == 1 and is_land[hs[0]])
        for hs in topo.edge_hexes
    )
    sites = tuple(any(is_land[h] for h in hs) for hs in topo.corner_hexes)
    corner_island = tuple(next((hex_island[h] for h in hs if is_land[h]), -1) for hs in topo.corner_hexes)
    harbor_edges = tuple(topo.side_edge(where[(r, q)], side) for r, q, side, _ in smap.harbors)
    corner_harbor = [NO_HARBOR] * topo.n_corners
    for edge, kind in zip(harbor_edges, harbor_types, strict=True):
        for c in topo.edge_corners[edge]:
            corner_harbor[c] = kind
    hex_resource = tuple(t if t < N_RESOURCES else -1 for t in terrain)
    roll: list[list[tuple[int, int, tuple[int, ...]]]] = [[] for _ in range(13)]
    gold: list[list[tuple[int, tuple[int, ...]]]] = [[] for _ in range(13)]
    for h, tok in enumerate(tokens):
        if tok and hex_resource[h] >= 0:
            roll[tok].append((h, hex_resource[h], topo.hex_corners[h]))
        elif tok and terrain[h] == Terrain.GOLD:
            gold[tok].append((h, topo.hex_corners[h]))
    deserts = tuple(h for h, t in enumerate(terrain) if t == Terrain.DESERT)
    return SeaBoard(
        layout=layout,
        topology=topo,
        terrain=terrain,
        tokens=tokens,
        harbor_edges=harbor_edges,
        harbor_types=harbor_types,
        corner_harbor=tuple(corner_harbor),
        hex_resource=hex_resource,
        roll_sites=tuple(tuple(r) for r in roll),
        desert=robber,
        robber_home=robber,
        deserts=deserts,
        jungles=(),
        discovery_sites=tuple(() for _ in range(13)),
        river=(),
        gold_mine=-1,
        gold_corners=frozenset(),
        riverbank=frozenset(),
        map=smap,
        frame_coast=frame_coast,
        island_names=names,
        hex_island=tuple(hex_island),
        corner_island=corner_island,
        road_edges=road_edges,
        ship_edges=ship_edges,
        sites=sites,
        land=tuple(h for h in range(topo.n_hexes) if is_land[h]),
        sea=tuple(h for h in range(topo.n_hexes) if is_sea[h]),
        fog=tuple(h for h in range(topo.n_hexes) if is_fog[h]),
        corner_fog=tuple(tuple(h for h in hs if is_fog[h]) for hs in topo.corner_hexes),
        gold_sites=tuple(tuple(g) for g in gold),
        positions=positions,
    )


def reveal(board: SeaBoard, hex_id: int, terrain: int, token: int) -> SeaBoard:
    """The board once the fog space ``hex_id`` shows ``terrain`` with ``token`` (seafarers.md §5.11):
    the board :func:`sea_board` builds from the new contents, made by changing only the entries of
    the hex, its edges and its corners.

    Design detail: loops rather than ``any()`` over generators, and the tables that do not change
    not rebuilt: a Fog Islands game discovers about ten spaces, at 58 µs each before, 2 to 3 % of
    its engine loop (see docs/speed.md, the twelfth look)."""
    topo = board.topology
    terrains = list(board.terrain)
    terrains[hex_id] = terrain
    land_kinds = LAND_KINDS
    land = terrain in land_kinds
    sea = terrain == _SEA
    resource = terrain if terrain < N_RESOURCES else -1
    road_edges = list(board.road_edges)
    ship_edges = list(board.ship_edges)
    coast = board.frame_coast and land
    edge_hexes = topo.edge_hexes
    for e in topo.hex_edges[hex_id]:
        hs = edge_hexes[e]
        road = ship = False
        for h in hs:
            t = terrains[h]
            if t in land_kinds:
                road = True
            elif t == _SEA:
                ship = True
        road_edges[e] = road
        ship_edges[e] = ship or (coast and len(hs) == 1)
    sites = list(board.sites)
    corner_island = list(board.corner_island)
    corner_fog = list(board.corner_fog)
    hex_island = board.hex_island
    corner_hexes = topo.corner_hexes
    for c in topo.hex_corners[hex_id]:
        site = False
        island = -1
        for h in corner_hexes[c]:
            if terrains[h] in land_kinds:  # the first land hex names the island
                site = True
                island = hex_island[h]
                break
        sites[c] = site
        corner_island[c] = island
        if hex_id in corner_fog[c]:
            fogged = list(corner_fog[c])
            fogged.remove(hex_id)
            corner_fog[c] = tuple(fogged)
    roll_sites = board.roll_sites
    gold_sites = board.gold_sites
    if token and resource >= 0:
        roll = list(roll_sites)
        roll[token] = tuple(sorted((*roll[token], (hex_id, resource, topo.hex_corners[hex_id]))))
        roll_sites = tuple(roll)
    elif token and terrain == Terrain.GOLD:
        gold = list(gold_sites)
        gold[token] = tuple(sorted((*gold[token], (hex_id, topo.hex_corners[hex_id]))))
        gold_sites = tuple(gold)
    hex_resource = list(board.hex_resource)
    hex_resource[hex_id] = resource
    tokens = list(board.tokens)
    tokens[hex_id] = token
    return dataclasses.replace(
        board,
        terrain=tuple(terrains),
        tokens=tuple(tokens),
        hex_resource=tuple(hex_resource),
        roll_sites=roll_sites,
        deserts=_with(board.deserts, hex_id, terrain == Terrain.DESERT),
        road_edges=tuple(road_edges),
        ship_edges=tuple(ship_edges),
        sites=tuple(sites),
        corner_island=tuple(corner_island),
        land=_with(board.land, hex_id, land),
        sea=_with(board.sea, hex_id, sea),
        fog=_with(board.fog, hex_id, terrain == Terrain.FOG),
        corner_fog=tuple(corner_fog),
        gold_sites=gold_sites,
    )


def _with(ids: tuple[int, ...], item: int, present: bool) -> tuple[int, ...]:
    """The ascending ``ids`` with ``item`` in them or not."""
    if item in ids:
        if present:
            return ids
        rest = list(ids)
        rest.remove(item)
        return tuple(rest)
    return tuple(sorted((*ids, item))) if present else ids


def map_contents(smap: ScenarioMap) -> tuple[list[int], list[int]]:
    """Terrain and token per hex of the fixed map: land as printed, fog spaces as fog, the rest sea."""
    topo = topology_for(smap.rows)
    where = {p: h for h, p in enumerate(positions_of(topo))}
    terrain = [int(Terrain.SEA)] * topo.n_hexes
    tokens = [0] * topo.n_hexes
    for _, hexes in smap.islands:
        for r, q, t, tok in hexes:
            terrain[where[(r, q)]] = int(t)
            tokens[where[(r, q)]] = tok
    for r, q in smap.fog:
        terrain[where[(r, q)]] = int(Terrain.FOG)
    return terrain, tokens


@functools.lru_cache(maxsize=64)
def seeded_board(smap: ScenarioMap, layout: str, harbors: str, frame_coast: bool, seed: int) -> SeaBoard:
    """The board of a match with this seed: :func:`new_board` drawing from the match's ``board`` stream
    (kept for the few seeds in use: a search samples many states of one match)."""
    return new_board(smap, layout, harbors, frame_coast, MatchRng(seed).stream("board"))


def new_board(
    smap: ScenarioMap,
    layout: str,
    harbors: str,
    frame_coast: bool,
    stream: Stream,
) -> SeaBoard:
    """The board a match starts on: the fixed map (§6.2-§6.4) or the variable setup (§6.5), harbor
    types fixed or shuffled over the fixed positions (option ``harbors``)."""
    terrain, tokens = map_contents(smap)
    harbor_types = [kind for _, _, _, kind in smap.harbors]
    topo = topology_for(smap.rows)
    where = {p: h for h, p in enumerate(positions_of(topo))}
    robber = where[smap.robber]
    if layout == "variable":
        groups = _shuffle_groups(smap)
        for _ in range(REDRAWS):
            drawn = _draw(smap, groups, terrain, tokens, where, stream)
            if drawn is not None:
                terrain, tokens = drawn
                robber = next(
                    (h for h, t in enumerate(terrain) if t == Terrain.DESERT),
                    next(h for h, tok in enumerate(tokens) if tok == 12),
                )
                break
    if harbors == "random" or (layout == "variable" and smap.bonus == LISTED):
        stream.mix(harbor_types)  # §6.5: New Shores' variable setup shuffles the harbors too
    return sea_board(smap, layout, tuple(terrain), tuple(tokens), tuple(harbor_types), frame_coast, robber)


def _shuffle_groups(smap: ScenarioMap) -> list[tuple[tuple[int, int], ...]]:
    """The groups of positions whose contents are shuffled among themselves (§6.5): New Shores' main
    island and its small islands apart; every island of the other two scenarios together."""
    if smap.bonus == LISTED:
        main = tuple((r, q) for r, q, _, _ in smap.islands[0][1])
        small = tuple((r, q) for _, hexes in smap.islands[1:] for r, q, _, _ in hexes)
        return [main, small]
    return [tuple((r, q) for _, hexes in smap.islands for r, q, _, _ in hexes)]


def _draw(
    smap: ScenarioMap,
    groups: list[tuple[tuple[int, int], ...]],
    terrain: list[int],
    tokens: list[int],
    where: dict[tuple[int, int], int],
    stream: Stream,
) -> tuple[list[int], list[int]] | None:
    """One draw of the variable setup, or None when it breaks a condition of §6.5."""
    terrain, tokens = list(terrain), list(tokens)
    for group in groups:
        hexes = [where[p] for p in group]
        kinds = [terrain[h] for h in hexes]
        numbers = [tokens[h] for h in hexes if tokens[h]]
        stream.mix(kinds)
        for h, kind in zip(hexes, kinds, strict=True):
            terrain[h] = kind
            tokens[h] = 0
        if smap.scenario == "four-islands":
            # the low numbers go to hexes other than forest and pasture first, the rest anywhere left:
            # a uniform draw among the deals that keep §6.5's rule for them
            low = [n for n in numbers if n in LOW_NUMBERS]
            stream.mix(low)
            allowed = [h for h in hexes if terrain[h] not in (Terrain.FOREST, Terrain.PASTURE)]
            stream.mix(allowed)
            if len(low) > len(allowed):
                return None
            for h, n in zip(allowed, low, strict=False):
                tokens[h] = n
            numbers = [n for n in numbers if n not in LOW_NUMBERS]
        stream.mix(numbers)
        deal = iter(numbers)
        for h in hexes:
            if terrain[h] != Terrain.DESERT and not tokens[h]:
                tokens[h] = next(deal)
    topo = topology_for(smap.rows)
    red = {6, 8}
    if smap.scenario != "fog-islands":  # §6.5: adjacent 6 and 8 are allowed on the Fog Islands only
        for h, tok in enumerate(tokens):
            if tok in red and any(tokens[n] in red for n in topo.hex_neighbors[h]):
                return None
    return terrain, tokens
