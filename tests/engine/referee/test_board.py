"""MatchStart.board: the Catan board and the Puerto Rico tables on the wire, against the engine's own.

A bot reads the adjacency of the board from the message alone; these tests rebuild every table of the
topology from the typed form and from the JSON form, for every registered Catan variant, player count
and layout over many seeds, and for the 30-hex island, and compare them with the engine's. A real
referee sends the board to a raw client before the first request, and the board agrees with the
observations that follow.
"""

from __future__ import annotations

from typing import Any

import orjson
import pytest

import engine
from engine.core.match import FirstLegal
from engine.core.observation import to_jsonable
from engine.games.catan.board_tables import board_tables
from engine.games.catan.layouts import Board, make_board
from engine.games.catan.tables import GENERIC_HARBOR, NO_HARBOR, Terrain
from engine.games.catan.topology import BASE_ROWS, EXTENDED_ROWS, Topology, topology_for
from engine.games.catan.variants import VARIANTS
from engine.games.puerto_rico import tables as pr
from engine.referee import Remote, convert
from engine.referee.server import RefereeServer
from engine.registry import find_game
from engine.wire import catan_pb2, puerto_rico_pb2
from tests.engine.referee.helpers import RawStream

Tables = dict[str, tuple[tuple[int, ...], ...]]


def engine_tables(topo: Topology, board: Board) -> Tables:
    """Every adjacency and content table of the engine's board, as tuples by id."""
    return {
        "hex_corners": topo.hex_corners,
        "hex_edges": topo.hex_edges,
        "hex_neighbors": tuple(tuple(sorted(n)) for n in topo.hex_neighbors),
        "hex_rc": topo.hex_rc,
        "corner_hexes": topo.corner_hexes,
        "corner_corners": topo.corner_corners,
        "corner_edges": topo.corner_edges,
        "edge_corners": topo.edge_corners,
        "edge_hexes": topo.edge_hexes,
        "content": (board.terrain, board.tokens, board.harbor_edges, board.harbor_types),
        "corner_harbor": (board.corner_harbor,),
        "rows": (topo.rows,),
    }


def wire_tables(board: Any, get: Any) -> Tables:
    """The same tables rebuilt from a board as a bot reads it (``get(obj, name)`` reads one field)."""
    hexes, corners, edges, harbors = (get(board, k) for k in ("hexes", "corners", "edges", "harbors"))
    for kind, items in (("hex", hexes), ("corner", corners), ("edge", edges), ("harbor", harbors)):
        assert [get(item, "id") for item in items] == list(range(len(items))), f"{kind} ids index the list"

    def column(items: Any, name: str) -> tuple[tuple[int, ...], ...]:
        return tuple(tuple(get(item, name)) for item in items)

    kinds = tuple(get(h, "kind") for h in harbors)
    return {
        "hex_corners": column(hexes, "corners"),
        "hex_edges": column(hexes, "edges"),
        "hex_neighbors": column(hexes, "neighbors"),
        "hex_rc": tuple((get(h, "row"), get(h, "column")) for h in hexes),
        "corner_hexes": column(corners, "hexes"),
        "corner_corners": column(corners, "corners"),
        "corner_edges": column(corners, "edges"),
        "edge_corners": column(edges, "corners"),
        "edge_hexes": column(edges, "hexes"),
        "content": (
            tuple(get(h, "terrain") for h in hexes),
            tuple(get(h, "token") for h in hexes),
            tuple(get(h, "edge") for h in harbors),
            kinds,
        ),
        "corner_harbor": (
            tuple(NO_HARBOR if get(c, "harbor") < 0 else kinds[get(c, "harbor")] for c in corners),
        ),
        "rows": (tuple(get(board, "rows")),),
    }


def typed_get(obj: Any, name: str) -> Any:
    return getattr(obj, name)


def json_get(obj: Any, name: str) -> Any:
    return obj[name]


def check_board(board: Board, robber: int) -> catan_pb2.CatanBoard:
    """Send ``board`` through the wire conversion and check both forms against the engine's tables."""
    wire = convert.board_to_pb(board_tables(board, robber), "catan")
    assert wire.WhichOneof("typed") == "catan"
    typed, data = wire.catan, orjson.loads(wire.json)
    expected = engine_tables(board.topology, board)
    assert wire_tables(typed, typed_get) == expected
    assert wire_tables(data, json_get) == expected
    assert typed.robber == data["robber"] == robber and typed.layout == board.layout
    topo = board.topology
    for h in typed.hexes:
        # side i of a hex joins its corners i and i+1: the edge list and the corner list agree
        for i, e in enumerate(h.edges):
            assert set(typed.edges[e].corners) == {h.corners[i], h.corners[(i + 1) % 6]}
        assert h.resource == (-1 if h.terrain >= Terrain.DESERT else h.terrain)
        assert (h.x, h.y) == (topo.hex_xy[h.id][0], 3 * topo.hex_xy[h.id][1])
    for c in typed.corners:
        assert (c.x, c.y) == topo.corner_xy[c.id]
        others = {x for e in c.edges for x in typed.edges[e].corners} - {c.id}
        assert others == set(c.corners)
    for harbor in typed.harbors:
        assert typed.edges[harbor.edge].harbor == harbor.id
        assert tuple(harbor.corners) == topo.edge_corners[harbor.edge]
        assert all(typed.corners[c].harbor == harbor.id for c in harbor.corners)
        assert harbor.hex in topo.edge_hexes[harbor.edge]
        assert typed.hexes[harbor.hex].terrain not in (Terrain.SEA, Terrain.FOG)
        assert harbor.ratio == (3 if harbor.kind == GENERIC_HARBOR else 2)
        assert harbor.resource == (-1 if harbor.kind == GENERIC_HARBOR else harbor.kind)
    assert sum(e.harbor >= 0 for e in typed.edges) == len(typed.harbors)
    return typed


def registered_boards() -> list[tuple[str, int, str]]:
    info = {v.id: v for v in find_game("catan").variants}
    return [
        (variant, players, str(layout))
        for variant, spec in sorted(VARIANTS.items())
        for players in range(spec.min_players, spec.max_players + 1)
        for layout in info[variant].option_range("layout")
        if layout == "random" or players <= 4
    ]


@pytest.mark.parametrize(("variant", "players", "layout"), registered_boards())
def test_every_catan_board_round_trips_against_the_topology(variant: str, players: int, layout: str) -> None:
    game = engine.load_game("catan", variant, players, layout=layout)
    seeds = range(1) if layout in ("beginner", "fixed") else range(60 if layout == "random" else 6)
    for seed in seeds:
        state = game.new_state(seed)
        typed = check_board(state.board, state.robber)
        assert len(typed.hexes) == sum(state.board.topology.rows)
        obs = state.observe(0)
        assert [h.terrain for h in typed.hexes] == list(obs.terrain)
        assert [h.token for h in typed.hexes] == list(obs.tokens)
        assert [h.edge for h in typed.harbors] == list(obs.harbor_edges)
        assert typed.robber == obs.robber


def test_the_board_message_fits_the_thirty_hex_island() -> None:
    """Built from the topology alone: a 30-hex board with eleven harbors comes out whole."""
    topo = topology_for(EXTENDED_ROWS)
    coast = [e for e in range(topo.n_edges) if topo.is_coastal_edge(e)]
    slots: list[tuple[int, int, str]] = []
    used: set[int] = set()
    for e in coast:  # eleven coastal edges, no two with a corner in common (as on a real board)
        if len(slots) == 11 or used & set(topo.edge_corners[e]):
            continue
        used.update(topo.edge_corners[e])
        (h,) = topo.edge_hexes[e]
        side = topo.hex_edges[h].index(e)
        slots.append((*topo.hex_rc[h], ("NE", "E", "SE", "SW", "W", "NW")[side]))
    terrain = tuple(Terrain(i % 6) for i in range(topo.n_hexes))
    tokens = tuple(0 if t == Terrain.DESERT else 2 + i % 11 for i, t in enumerate(terrain))
    harbors = tuple(i % 6 for i in range(len(slots)))
    board = make_board("random", terrain, tokens, harbors, EXTENDED_ROWS, tuple(slots))
    typed = check_board(board, board.desert)
    assert (len(typed.hexes), len(typed.corners), len(typed.edges), len(typed.harbors)) == (30, 80, 109, 11)
    assert list(typed.rows) == list(EXTENDED_ROWS) != list(BASE_ROWS)


@pytest.mark.parametrize("players", [3, 4, 5])
def test_puerto_rico_tables_equal_the_engines(players: int) -> None:
    game = engine.load_game("puerto-rico", players=players)
    tables = game.new_state(1).static_tables()
    wire = convert.board_to_pb(tables, "puerto-rico")
    typed, data = wire.puerto_rico, orjson.loads(wire.json)
    assert data == to_jsonable(tables)
    assert len(typed.buildings) == len(data["buildings"]) == len(pr.BUILDINGS) == 23
    for i, (b, spec) in enumerate(zip(typed.buildings, pr.BUILDINGS, strict=True)):
        name = puerto_rico_pb2.PuertoRicoBuilding.Name(b.building).removeprefix("PUERTO_RICO_BUILDING_")
        assert (b.id, name) == (i, pr.Building(i).name)
        row = (b.name, b.cost, b.vp, b.circles, b.column, b.size, b.copies)
        assert row == (spec.name, spec.cost, spec.vp, spec.circles, spec.column, spec.size, spec.copies)
        assert b.kind == ("violet" if spec.is_violet else "production")
        assert b.HasField("produces") == (not spec.is_violet)
        if not spec.is_violet:
            assert b.produces - 1 == spec.produces  # the wire enum has UNSPECIFIED = 0
        assert data["buildings"][i]["produces"] == (None if spec.is_violet else pr.GOOD_NAMES[spec.produces])
        game.parse_action(f"build {b.name}")  # the names are those of the action texts
    assert [(g.id, g.name, g.price) for g in typed.goods] == [
        (g, pr.GOOD_NAMES[g], pr.PRICES[g]) for g in range(5)
    ]
    assert [g.barrels for g in typed.goods] == list(pr.GOODS_SUPPLY)
    assert [g.plantations for g in typed.goods] == list(pr.PLANTATIONS)
    setup = pr.SETUP[players]
    assert [r.tile for r in typed.roles] == list(setup.role_tiles)
    for role in typed.roles:
        assert game.parse_action(f"role {role.name}").text() == f"role {role.name}"
    assert list(typed.ships) == list(setup.ships)
    assert (typed.doubloons, typed.vp_chips, typed.colonists, typed.colonist_ship) == (
        setup.doubloons,
        setup.vp_chips,
        setup.colonists,
        setup.ship_colonists,
    )
    assert [t - 1 for t in typed.start_tiles] == [int(t) for t in setup.start_tiles]
    assert (typed.quarries, typed.island_spaces, typed.city_spaces, typed.trading_house) == (
        pr.QUARRIES,
        pr.ISLAND_SPACES,
        pr.CITY_SPACES,
        pr.HOUSE_SIZE,
    )
    assert list(typed.factory_bonus) == list(pr.FACTORY_BONUS)


@pytest.mark.parametrize(("game_id", "options"), [("catan", {"layout": "random"}), ("puerto-rico", {})])
def test_a_real_referee_sends_the_board_in_match_start(
    referee: RefereeServer, game_id: str, options: dict[str, Any]
) -> None:
    game = engine.load_game(game_id, players=4, **options)
    session = referee.open_match(game, [FirstLegal(), Remote("raw"), FirstLegal(), FirstLegal()], seed=11)
    raw = RawStream(referee.address)
    raw.hello(session.tokens[1])
    session.start()
    start = raw.next("match_start").match_start
    expected = convert.board_to_pb(game.new_state(11).static_tables(), game_id)
    assert start.board == expected
    assert start.board.WhichOneof("typed") == game_id.replace("-", "_")
    board = orjson.loads(start.board.json)
    request = raw.next("decision").decision
    obs = orjson.loads(request.observation.json)
    if game_id == "catan":
        assert [h["terrain"] for h in board["hexes"]] == obs["terrain"]
        assert [h["token"] for h in board["hexes"]] == obs["tokens"]
        assert board["robber"] == obs["robber"]
        assert len(start.board.catan.corners) == len(obs["owner"])
        assert len(start.board.catan.edges) == len(obs["road_owner"])
    else:
        assert len(board["buildings"]) == len(obs["building_supply"])
        assert [r["name"] for r in board["roles"]] == [r["name"] for r in obs["roles"]]
    raw.answer(request.request_id, 0)
    raw.drain_until_end(lambda req: raw.answer(req.request_id, 0))
    assert session.wait(30).result.faults == ()


def test_a_game_without_tables_sends_an_empty_board(referee: RefereeServer) -> None:
    from tests.conformance.toy import HighCardGame

    game = HighCardGame("base", 2, {"rounds": 2})
    session = referee.open_match(game, [Remote("raw"), FirstLegal()], seed=1)
    raw = RawStream(referee.address)
    raw.hello(session.tokens[0])
    session.start()
    start = raw.next("match_start").match_start
    assert start.board.json == "{}" and start.board.WhichOneof("typed") is None
    raw.drain_until_end(lambda req: raw.answer(req.request_id, 0))
    session.wait(30)


def test_the_sdk_gives_the_board_on_the_match_typed_and_as_a_dict(referee: RefereeServer) -> None:
    from tests.engine.referee.helpers import start_bot

    game = engine.load_game("catan", players=3)
    seen: list[tuple[Any, Any, Any]] = []

    class Planner:
        def on_match_start(self, match: Any) -> None:
            seen.append((match.board, match.typed_board, None))

        def act(self, request: Any) -> int:
            if len(seen) == 1:
                seen.append((request.match.board, request.match.typed_board, request.observation))
            return 0

    session = referee.open_match(game, [Remote("sdk"), FirstLegal(), FirstLegal()], seed=4)
    bot = start_bot(Planner, referee.address, token=session.tokens[0])
    session.start().wait(30)
    bot.join()
    (board, typed, _), (again, typed_again, obs) = seen[:2]
    assert board is again and typed == typed_again
    assert isinstance(typed, catan_pb2.CatanBoard)
    assert board == orjson.loads(convert.board_to_pb(game.new_state(4).static_tables(), "catan").json)
    assert [h.token for h in typed.hexes] == [h["token"] for h in board["hexes"]] == obs["tokens"]
    assert len(typed.corners) == 54 and len(board["edges"]) == 72
