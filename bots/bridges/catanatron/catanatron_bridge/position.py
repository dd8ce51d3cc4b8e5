"""A catanatron game holding an arena Catan position: pieces, hands, cards, robber, awards, the decision.

:func:`catanatron_game` writes a full arena position (a :class:`CatanState`, which the bridge samples
from its seat's observation) into a fresh catanatron ``Game`` on the mapped board. Seat ``s`` is
catanatron's player index ``s`` (colours in catanatron's order); the player asked is the seat to
decide, and the other seats are placeholders that are never asked. What catanatron keeps and the arena
does not say is derived the way catanatron's own rules keep it: the connected road networks of each
colour, the corners still open to settlement, each colour's road length and the holder of the longest
road (the arena's holder and lengths, which follow the same rule). catanatron 3.2.1 does not mark the
development cards bought this turn; a later catanatron that does (``*_OWNED_AT_START``) gets the marks.
"""

from __future__ import annotations

from collections import defaultdict
from typing import TYPE_CHECKING, Any

from catanatron.game import Game
from catanatron.models.actions import generate_playable_actions
from catanatron.models.board import STATIC_GRAPH
from catanatron.models.enums import (
    CITY,
    ROAD,
    SETTLEMENT,
    Action,
    ActionPrompt,
    ActionType,
)
from catanatron.models.player import Color, SimplePlayer

from catanatron_bridge.board import RESOURCES, BoardMap, Unmappable

if TYPE_CHECKING:
    from engine.games.catan.state import CatanState

COLORS: tuple[Any, ...] = tuple(Color)
"""The colour of each seat (catanatron's order: red, blue, orange, white)."""
DEV_CARDS: tuple[str, ...] = ("KNIGHT", "ROAD_BUILDING", "YEAR_OF_PLENTY", "MONOPOLY", "VICTORY_POINT")
"""catanatron's name of each arena development card kind."""
PLAYABLE = DEV_CARDS[:4]

PROMPTS: dict[str, Any] = {
    "SetupSettle": ActionPrompt.BUILD_INITIAL_SETTLEMENT,
    "SetupRoad": ActionPrompt.BUILD_INITIAL_ROAD,
    "TurnPhase": ActionPrompt.PLAY_TURN,
    "FreeRoads": ActionPrompt.PLAY_TURN,
    "PlaceRobber": ActionPrompt.MOVE_ROBBER,
    "DiscardHalf": ActionPrompt.DISCARD,
}
"""catanatron's prompt for each arena decision it can represent."""


def catanatron_game(bmap: BoardMap, st: CatanState, seat: int, player: Any, seed: int) -> Any:
    """A catanatron ``Game`` in the position ``st`` with ``player`` asked for ``seat``'s decision.

    Raises :class:`Unmappable` when catanatron cannot represent the position.
    """
    if st.n > len(COLORS):
        raise Unmappable(f"catanatron seats at most {len(COLORS)} players, this match has {st.n}")
    top = st.decisions[-1] if st.decisions else None
    kind = type(top).__name__
    prompt = PROMPTS.get(kind)
    if prompt is None:
        raise Unmappable(f"catanatron has no decision like {kind or 'the end of the match'}")
    if getattr(top, "phase", "") not in ("", "pre_roll", "trade_build", "trade", "build"):
        raise Unmappable(f"catanatron has no phase like {top.phase}")  # type: ignore[union-attr]
    players = [player if s == seat else SimplePlayer(COLORS[s]) for s in range(st.n)]
    game = Game(players, seed=seed, catan_map=bmap.catan_map, vps_to_win=st.vp_to_win)
    state = game.state
    state.players = players
    state.colors = tuple(COLORS[: st.n])
    state.color_to_index = {c: s for s, c in enumerate(state.colors)}
    _place_pieces(state, bmap, st, top)
    _fill_seats(state, st)
    state.resource_freqdeck = [st.bank[r] for r in _CATANATRON_ORDER]
    state.development_listdeck = [DEV_CARDS[k] for k in st.deck]
    state.num_turns = max(st.turn, 0)
    state.current_player_index = seat
    state.current_turn_index = st.active if st.active >= 0 else seat
    state.current_prompt = prompt
    state.is_initial_build_phase = kind in ("SetupSettle", "SetupRoad")
    state.is_discarding = kind == "DiscardHalf"
    state.is_moving_knight = kind == "PlaceRobber" and st.rolled == 7
    state.is_road_building = kind == "FreeRoads"
    state.free_roads_available = getattr(top, "remaining", 0) if kind == "FreeRoads" else 0
    state.playable_actions = generate_playable_actions(state)
    if state.is_road_building and not state.playable_actions:
        # catanatron 3.2.1 lists free roads only to a player holding a road's cost (README:
        # road-building-needs-road-cost); a seat without it still places its free roads
        color = COLORS[seat]
        edges = state.board.buildable_edges(color)
        state.playable_actions = [Action(color, ActionType.BUILD_ROAD, edge) for edge in edges]
    return game


_CATANATRON_ORDER = tuple(RESOURCES.index(name) for name in ("WOOD", "BRICK", "SHEEP", "WHEAT", "ORE"))
"""The arena resource index of each of catanatron's freqdeck slots (wood, brick, sheep, wheat, ore)."""


def _place_pieces(state: Any, bmap: BoardMap, st: CatanState, top: object) -> None:
    """Buildings, roads, road networks, open corners, road lengths and the robber on catanatron's board."""
    board = state.board
    nodes = bmap.node_of_corner
    colors = state.colors
    board.buildings = {}
    board.roads = {}
    by_color: dict[Any, defaultdict[str, list[Any]]] = {c: defaultdict(list) for c in colors}
    last = getattr(top, "corner", -1) if type(top).__name__ == "SetupRoad" else -1
    corners = sorted(range(len(st.owner)), key=lambda c: c == last)  # the settlement just placed last
    for c in corners:
        s = st.owner[c]
        if s < 0:
            continue
        kind = SETTLEMENT if st.level[c] == 1 else CITY
        board.buildings[nodes[c]] = (colors[s], kind)
        by_color[colors[s]][kind].append(nodes[c])
    for e, s in enumerate(st.road_owner):
        if s < 0:
            continue
        a, b = bmap.pair_of_edge[e]
        board.roads[(a, b)] = board.roads[(b, a)] = colors[s]
        by_color[colors[s]][ROAD].append((a, b))
    state.buildings_by_color = by_color
    board.connected_components = defaultdict(list)
    for color in colors:
        board.connected_components[color] = _networks(board, color, by_color[color])
    occupied = set(board.buildings)
    blocked = occupied | {n for o in occupied for n in STATIC_GRAPH.neighbors(o)}
    board.board_buildable_ids = set(bmap.catan_map.land_nodes) - blocked
    board.road_lengths = defaultdict(int, {colors[s]: st.road_len[s] for s in range(st.n)})
    board.road_color = colors[st.longest] if st.longest >= 0 else None
    board.road_length = st.road_len[st.longest] if st.longest >= 0 else 0
    board.robber_coordinate = bmap.coordinate_of_hex[st.robber]


def _networks(board: Any, color: Any, pieces: defaultdict[str, list[Any]]) -> list[set[int]]:
    """catanatron's connected components of ``color``: the corners reached from its buildings and roads
    along its roads, a corner holding another colour's building ending a route (and included in it, as
    catanatron's own walk includes it)."""
    starts = [*pieces[SETTLEMENT], *pieces[CITY], *(n for pair in pieces[ROAD] for n in pair)]
    seen: set[int] = set()
    out: list[set[int]] = []
    for start in starts:
        if start in seen or board.is_enemy_node(start, color):
            continue
        found = {start}
        agenda = [start]
        while agenda:
            node = agenda.pop()
            seen.add(node)
            if board.is_enemy_node(node, color):
                continue
            for other in STATIC_GRAPH.neighbors(node):
                if other not in found and board.roads.get((node, other)) == color:
                    found.add(other)
                    agenda.append(other)
        out.append(found)
    return out


def _fill_seats(state: Any, st: CatanState) -> None:
    """Each seat's entries of catanatron's ``player_state``: cards, pieces left, points, flags."""
    ps = state.player_state
    for s in range(st.n):
        key = f"P{s}_"
        for r, name in enumerate(RESOURCES):
            ps[key + f"{name}_IN_HAND"] = st.hands[s][r]
        for k, name in enumerate(DEV_CARDS):
            ps[key + f"{name}_IN_HAND"] = st.devs[s][k]
            ps[key + f"PLAYED_{name}"] = 0
        ps[key + "PLAYED_KNIGHT"] = st.knights[s]
        for k, name in enumerate(PLAYABLE):
            if key + f"{name}_OWNED_AT_START" in ps:  # a catanatron that marks cards bought this turn
                ps[key + f"{name}_OWNED_AT_START"] = st.devs[s][k] > st.new_devs[s][k]
        ps[key + "ROADS_AVAILABLE"] = st.roads_left[s]
        ps[key + "SETTLEMENTS_AVAILABLE"] = st.settlements_left[s]
        ps[key + "CITIES_AVAILABLE"] = st.cities_left[s]
        ps[key + "HAS_ROAD"] = st.longest == s
        ps[key + "HAS_ARMY"] = st.army == s
        public = st.building_vp[s] + 2 * (st.longest == s) + 2 * (st.army == s)
        ps[key + "VICTORY_POINTS"] = public
        ps[key + "ACTUAL_VICTORY_POINTS"] = public + st.devs[s][4]
        ps[key + "LONGEST_ROAD_LENGTH"] = st.road_len[s]
        is_active = s == st.active
        ps[key + "HAS_ROLLED"] = is_active and st.rolled > 0
        ps[key + "HAS_PLAYED_DEVELOPMENT_CARD_IN_TURN"] = is_active and st.dev_played
