"""Boards and topology (catan.md §3): counts, the beginner map, random boards of both islands, the
spiral, the harbor slots, the render."""

from __future__ import annotations

from collections import Counter

import pytest

import engine
from engine.core.rng import MatchRng
from engine.games.catan.layouts import HARBOR_SLOTS, beginner_board, random_board
from engine.games.catan.render import render_board
from engine.games.catan.state import CatanState
from engine.games.catan.tables import (
    EXTENDED_COUNTS,
    EXTENDED_SPIRAL_TOKENS,
    GENERIC_HARBOR,
    SPIRAL_TOKENS,
    DevCard,
    Resource,
    Terrain,
)
from engine.games.catan.topology import BASE_ROWS, EXTENDED_ROWS, topology_for


def test_base_counts() -> None:
    """catan.md §3.2: 54 intersections (24/12/18 touching 3/2/1 hexes), 72 paths, 30 coastal."""
    t = topology_for(BASE_ROWS)
    assert (t.n_hexes, t.n_corners, t.n_edges) == (19, 54, 72)
    assert Counter(len(h) for h in t.corner_hexes) == {3: 24, 2: 12, 1: 18}
    assert sum(t.is_coastal_edge(e) for e in range(t.n_edges)) == 30
    assert [t.hex_rc[h] for h in t.corner_hex_ids()] == [(1, 1), (1, 3), (3, 1), (3, 5), (5, 1), (5, 3)]


def test_extended_counts() -> None:
    """catan.md §3.6: the 30-hex island has 80 intersections, 109 paths, 38 coastal paths and
    intersections, rings of 16, 10 and 4 hexes, corner hexes at both ends of rows 1, 4 and 7."""
    t = topology_for(EXTENDED_ROWS)
    assert (t.n_hexes, t.n_corners, t.n_edges) == (30, 80, 109)
    assert sum(t.is_coastal_edge(e) for e in range(t.n_edges)) == 38
    coastal_corners = {c for e in range(t.n_edges) if t.is_coastal_edge(e) for c in t.edge_corners[e]}
    assert len(coastal_corners) == 38
    outer = [h for h in range(30) if len(t.hex_neighbors[h]) < 6]
    assert len(outer) == 16
    spiral = t.spiral(t.corner_hex_ids()[0])
    assert set(spiral[:16]) == set(outer) and len(set(spiral[16:26])) == 10
    assert [t.hex_rc[h] for h in t.corner_hex_ids()] == [(1, 1), (1, 3), (4, 1), (4, 6), (7, 1), (7, 3)]


@pytest.mark.parametrize("rows", [BASE_ROWS, EXTENDED_ROWS])
def test_harbor_slots_are_spread_and_never_share_an_intersection(rows: tuple[int, ...]) -> None:
    """catan.md §3.3 (gaps 3,4,3 three times on the 30 coastal paths) and §3.6 [rec]: 11 slots on the
    38 coastal paths, gaps of 3 and 4, no two harbors on one intersection."""
    t = topology_for(rows)
    coast = t.coast()
    assert len(coast) == len(set(coast)) == sum(t.is_coastal_edge(e) for e in range(t.n_edges))
    spots = [coast.index(t.side_edge(t.hex_id(r, c), side)) for r, c, side in HARBOR_SLOTS[rows]]
    assert spots == sorted(spots)
    gaps = [(b - a) % len(coast) for a, b in zip(spots, spots[1:] + spots[:1], strict=True)]
    assert set(gaps) == {3, 4}
    corners = [c for i in spots for c in t.edge_corners[coast[i]]]
    assert len(corners) == len(set(corners))
    if rows == BASE_ROWS:
        assert gaps == [3, 4, 3] * 3


@pytest.mark.parametrize("seed", range(30))
def test_random_extended_board(seed: int) -> None:
    """catan.md §2.2, §3.6: 30 hexes (6/6/6/5/5 and 2 deserts), 11 harbors (5 generic, wool twice), the
    28 tokens A-Zc on the spiral with the deserts skipped, no adjacent reds, the robber on a desert."""
    b = random_board(MatchRng(seed).stream("board"), EXTENDED_COUNTS)
    t = b.topology
    assert Counter(b.terrain) == {
        Terrain.FOREST: 6, Terrain.PASTURE: 6, Terrain.FIELDS: 6,
        Terrain.HILLS: 5, Terrain.MOUNTAINS: 5, Terrain.DESERT: 2,
    }  # fmt: skip
    assert Counter(b.harbor_types) == {GENERIC_HARBOR: 5, Resource.WOOL: 2, 0: 1, 1: 1, 3: 1, 4: 1}
    assert sorted(t for t in b.tokens if t) == sorted(EXTENDED_SPIRAL_TOKENS)
    assert Counter(EXTENDED_SPIRAL_TOKENS) == {2: 2, 12: 2, **{k: 3 for k in (3, 4, 5, 6, 8, 9, 10, 11)}}
    assert len(b.deserts) == 2 and all(b.tokens[d] == 0 for d in b.deserts) and b.desert == b.deserts[0]
    assert not _red_adjacent(b.tokens, t.hex_neighbors)


def test_extended_spiral_never_puts_reds_together() -> None:
    """catan.md §3.6: 6 corners x 2 directions x 435 desert pairs (5,220 boards), no adjacent reds."""
    t = topology_for(EXTENDED_ROWS)
    boards = 0
    for start in t.corner_hex_ids():
        for clockwise in (False, True):
            order = t.spiral(start, clockwise)
            assert sorted(order) == list(range(30))
            for d1 in range(30):
                for d2 in range(d1 + 1, 30):
                    tokens = [0] * 30
                    it = iter(EXTENDED_SPIRAL_TOKENS)
                    for h in order:
                        if h not in (d1, d2):
                            tokens[h] = next(it)
                    assert not _red_adjacent(tuple(tokens), t.hex_neighbors)
                    boards += 1
    assert boards == 5220


@pytest.mark.parametrize(
    ("variant", "players"), [("extended", 5), ("extended", 6), ("helpers", 5), ("helpers", 6)]
)
def test_five_and_six_seats_use_the_extension_components(variant: str, players: int) -> None:
    """catan.md §2.2, §9.16: 24 of each resource, 34 development cards (20 knights, 3 of each progress
    card, 5 VP), 5 settlements, 4 cities and 15 roads per seat, the 30-hex island."""
    st = engine.load_game("catan", variant, players).new_state(7)
    assert isinstance(st, CatanState)
    assert st.bank == [24] * 5 and len(st.deck) == 34
    assert Counter(st.deck) == {DevCard.KNIGHT: 20, DevCard.ROAD_BUILDING: 3, DevCard.YEAR_OF_PLENTY: 3,
                                DevCard.MONOPOLY: 3, DevCard.VICTORY_POINT: 5}  # fmt: skip
    assert st.settlements_left == [5] * players and st.cities_left == [4] * players
    assert st.roads_left == [15] * players
    assert st.board.topology.n_hexes == 30 and st.robber in st.board.deserts
    assert len(st.legal_actions(0)) == 80


def test_extended_board_renders() -> None:
    """``arena render`` draws the 30-hex island: all 30 hex ids, corner 79 and the 11 harbors."""
    text = render_board(random_board(MatchRng(0).stream("board"), EXTENDED_COUNTS))
    assert "#29" in text and " 79" in text
    assert text.count(" at ") == 11


def test_beginner_board() -> None:
    """catan.md §3.3: terrain counts, token distribution, the examples of the 002 overview."""
    b = beginner_board()
    assert Counter(b.terrain) == {
        Terrain.FOREST: 4, Terrain.PASTURE: 4, Terrain.FIELDS: 4,
        Terrain.HILLS: 3, Terrain.MOUNTAINS: 3, Terrain.DESERT: 1,
    }  # fmt: skip
    assert sorted(t for t in b.tokens if t) == sorted(SPIRAL_TOKENS)
    assert b.desert == 9
    t = b.topology
    # settlement [C] touches forest, mountains and pasture: only R3C4/R3C5/R4C4
    assert t.corner_hexes_of((10, 11, 15)) == (31,)
    assert sorted(b.harbor_text(k) for k in b.harbor_types).count("3:1") == 4
    assert b.corner_harbor[10] == 4 and b.corner_harbor[0] == 5


def _red_adjacent(board_tokens: tuple[int, ...], neighbors: tuple[tuple[int, ...], ...]) -> bool:
    return any(
        board_tokens[h] in (6, 8) and any(board_tokens[n] in (6, 8) for n in neighbors[h])
        for h in range(len(board_tokens))
    )


@pytest.mark.parametrize("seed", range(30))
def test_random_board(seed: int) -> None:
    """catan.md §3.5: shuffled terrain, all 9 harbor types, A-R tokens on the spiral, no adjacent reds."""
    b = random_board(MatchRng(seed).stream("board"))
    t = b.topology
    assert sorted(b.terrain) == sorted(beginner_board().terrain)
    assert sorted(b.harbor_types) == [0, 1, 2, 3, 4, 5, 5, 5, 5]
    assert b.tokens[b.desert] == 0
    assert not _red_adjacent(b.tokens, t.hex_neighbors)


def test_spiral_never_puts_reds_together() -> None:
    """catan.md §3.5 step 7: 6 corners x 2 directions x 19 desert positions, no adjacent red tokens."""
    t = topology_for(BASE_ROWS)
    for start in t.corner_hex_ids():
        for clockwise in (False, True):
            order = t.spiral(start, clockwise)
            assert sorted(order) == list(range(19))
            for desert in range(19):
                tokens = [0] * 19
                it = iter(SPIRAL_TOKENS)
                for h in order:
                    if h != desert:
                        tokens[h] = next(it)
                assert not _red_adjacent(tuple(tokens), t.hex_neighbors)


def test_render_shows_ids() -> None:
    text = render_board(beginner_board(), robber=9)
    assert "M10" in text and "#18" in text and " 53" in text and "RR" in text
    assert "2:1 ore at 10-15" in text
