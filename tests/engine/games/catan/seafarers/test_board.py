"""The scenario boards (seafarers.md §4, §6): tables of every map, the maps' own rules, the variable
set-up and the options that move the harbors and the pirate."""

from __future__ import annotations

import collections

import pytest

import engine
from engine.core.errors import UnknownChoice
from engine.core.rng import Stream
from engine.games.catan.seafarers.board import FRAME, LAND_KINDS, SeaBoard, new_board
from engine.games.catan.seafarers.maps import MAPS, ScenarioMap
from engine.games.catan.seafarers.state import SeafarersState
from engine.games.catan.tables import GENERIC_HARBOR, Terrain

COUNTS = {
    ("new-shores", 3): (79, 97, 91, 67, 62),
    ("new-shores", 4): (95, 119, 100, 72, 70),
    ("four-islands", 3): (76, 92, 98, 73, 64),
    ("four-islands", 4): (87, 106, 94, 61, 74),
    ("fog-islands", 3): (50, 62, 97, 83, 40),
    ("fog-islands", 4): (60, 75, 94, 67, 48),
}
"""seafarers.md §4.3: sites, road edges, ship edges (with and without frame coasts), coasts."""


def board(key: tuple[str, int], frame_coast: bool = True, layout: str = "fixed", seed: int = 0) -> SeaBoard:
    return new_board(MAPS[key], layout, "fixed", frame_coast, Stream(seed))


@pytest.mark.parametrize("key", sorted(MAPS), ids=lambda k: f"{k[0]}-{k[1]}")
def test_the_tables_of_every_map(key: tuple[str, int]) -> None:
    b = board(key)
    topo = b.topology
    coasts = sum(
        1
        for hs in topo.edge_hexes
        if any(b.terrain[h] in LAND_KINDS for h in hs)
        and (len(hs) == 1 or any(b.terrain[h] == Terrain.SEA for h in hs))
    )
    counted = (sum(b.sites), sum(b.road_edges), sum(b.ship_edges), sum(board(key, False).ship_edges), coasts)
    assert counted == COUNTS[key]
    assert topo.n_hexes == {"small": 35, "large": 42}[MAPS[key].frame]  # §4.2


@pytest.mark.parametrize("key", sorted(MAPS), ids=lambda k: f"{k[0]}-{k[1]}")
def test_every_map_keeps_the_rules_of_its_making(key: tuple[str, int]) -> None:
    # seafarers.md §6.1
    smap = MAPS[key]
    b = board(key)
    topo = b.topology
    red = {6, 8}
    for h, tok in enumerate(b.tokens):
        near = [b.tokens[n] for n in topo.hex_neighbors[h]]
        assert not (tok in red and red & set(near)), (h, tok)
        assert not (tok and tok in near), (h, tok)  # no equal numbers side by side
        assert not (tok in red and b.terrain[h] == Terrain.GOLD)
        if smap.scenario == "four-islands" and b.terrain[h] in (Terrain.FOREST, Terrain.PASTURE):
            assert tok not in {2, 3, 11, 12}
    robber = b.desert
    assert b.terrain[robber] == Terrain.DESERT if key == ("new-shores", 4) else b.tokens[robber] == 12
    islands = collections.defaultdict(set)
    for h, i in enumerate(b.hex_island):
        if i >= 0:
            islands[i].add(h)
    for i, hexes in islands.items():  # an island is connected and touches no other
        assert all(b.hex_island[n] in (i, -1) for h in hexes for n in topo.hex_neighbors[h])
        if smap.scenario == "four-islands":
            assert len({b.terrain[h] for h in hexes}) >= 3
    used = [c for e in b.harbor_edges for c in topo.edge_corners[e]]
    assert len(used) == len(set(used))  # harbors share no corner
    for e in b.harbor_edges:  # on a coast: land against sea or the frame
        kinds = [b.terrain[h] for h in topo.edge_hexes[e]]
        assert sum(k in LAND_KINDS for k in kinds) == 1 and (len(kinds) == 1 or Terrain.SEA in kinds)
    assert sorted(t for t in b.harbor_types if t != GENERIC_HARBOR) == [0, 1, 2, 3, 4]
    if smap.fog:
        assert len(smap.fog_hexes) == len(smap.fog) == 12
        assert len(smap.fog_tokens) == sum(1 for t in smap.fog_hexes if t != Terrain.SEA)
        assert not any(b.corner_fog[c] for c in range(topo.n_corners) if b.corner_island[c] >= 0)


def test_new_shores_for_four_seats_has_the_beginner_map_as_its_main_island() -> None:
    # seafarers.md §6.1, catan.md §3.3
    from engine.games.catan.layouts import BEGINNER_HEXES

    b = board(("new-shores", 4))
    main = [h for h, i in enumerate(b.hex_island) if i == 0]
    assert [(Terrain(b.terrain[h]), b.tokens[h]) for h in main] == list(BEGINNER_HEXES)


def _contents(b: SeaBoard) -> tuple[list[int], list[int]]:
    return sorted(b.terrain), sorted(b.tokens)


@pytest.mark.parametrize("key", sorted(MAPS), ids=lambda k: f"{k[0]}-{k[1]}")
def test_the_variable_setup_shuffles_within_the_rules(key: tuple[str, int]) -> None:
    # seafarers.md §6.5
    smap: ScenarioMap = MAPS[key]
    fixed = board(key)
    boards = [board(key, layout="variable", seed=s) for s in range(6)]
    assert len({b.terrain for b in boards}) > 1
    for b in boards:
        topo = b.topology
        assert [b.terrain[h] in LAND_KINDS for h in range(topo.n_hexes)] == [
            fixed.terrain[h] in LAND_KINDS for h in range(topo.n_hexes)
        ]
        assert b.fog == fixed.fog and b.harbor_edges == fixed.harbor_edges
        assert _contents(b) == _contents(fixed)
        red = {6, 8}
        if smap.scenario != "fog-islands":
            assert not any(
                tok in red and any(b.tokens[n] in red for n in topo.hex_neighbors[h])
                for h, tok in enumerate(b.tokens)
            )
        if smap.scenario == "new-shores":  # main and small islands keep their own hexes
            main = [h for h, i in enumerate(b.hex_island) if i == 0]
            assert sorted(b.terrain[h] for h in main) == sorted(fixed.terrain[h] for h in main)
        assert b.terrain[b.desert] == Terrain.DESERT or b.tokens[b.desert] == 12


def test_the_variable_setup_is_seeded() -> None:
    game = engine.load_game("catan", "seafarers-four-islands", 4, layout="variable")
    assert game.new_state(3).board.terrain == game.new_state(3).board.terrain
    assert game.new_state(3).board.terrain != game.new_state(4).board.terrain


def test_random_harbors_keep_their_positions() -> None:
    # seafarers.md §9.24
    fixed = engine.load_game("catan", "seafarers-fog-islands", 4).new_state(1).board
    boards = [
        engine.load_game("catan", "seafarers-fog-islands", 4, harbors="random").new_state(s).board
        for s in range(5)
    ]
    assert all(b.harbor_edges == fixed.harbor_edges for b in boards)
    assert all(sorted(b.harbor_types) == sorted(fixed.harbor_types) for b in boards)
    assert any(b.harbor_types != fixed.harbor_types for b in boards)


def test_the_pirate_starts_where_the_option_says() -> None:
    # seafarers.md §9.14
    def start(players: int, **options: object) -> int:
        st = engine.load_game("catan", "seafarers-four-islands", players, **options).new_state(1)
        assert isinstance(st, SeafarersState)
        return st.pirate

    assert start(3) == 17 and start(4) == FRAME
    assert start(3, pirate_start="frame") == FRAME and start(4, pirate_start="15") == 15
    for bad in ("12", "land", "-1", "99"):  # 12 is land on the Four Islands for 4 seats
        with pytest.raises(UnknownChoice, match="pirate_start"):
            engine.load_game("catan", "seafarers-four-islands", 4, pirate_start=bad)


def test_arena_games_lists_the_scenarios() -> None:
    catan = next(g for g in engine.list_games() if g.id == "catan")
    ids = {v.id: (v.min_players, v.max_players) for v in catan.variants}
    assert {k: ids[k] for k in ids if k.startswith("seafarers")} == {
        "seafarers-new-shores": (3, 4),
        "seafarers-four-islands": (3, 4),
        "seafarers-fog-islands": (3, 4),
    }
    with pytest.raises(UnknownChoice):
        engine.load_game("catan", "seafarers-new-shores", 5)
    with pytest.raises(UnknownChoice):
        engine.load_game("catan", "seafarers-new-shores", 4, layout="random")
