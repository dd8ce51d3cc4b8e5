"""Boards and topology (catan.md §3): counts, the beginner map, random boards, the spiral, the render."""

from __future__ import annotations

from collections import Counter

import pytest

from engine.core.rng import MatchRng
from engine.games.catan.layouts import beginner_board, random_board
from engine.games.catan.render import render_board
from engine.games.catan.tables import SPIRAL_TOKENS, Terrain
from engine.games.catan.topology import BASE_ROWS, EXTENDED_ROWS, topology_for


def test_base_counts() -> None:
    """catan.md §3.2: 54 intersections (24/12/18 touching 3/2/1 hexes), 72 paths, 30 coastal."""
    t = topology_for(BASE_ROWS)
    assert (t.n_hexes, t.n_corners, t.n_edges) == (19, 54, 72)
    assert Counter(len(h) for h in t.corner_hexes) == {3: 24, 2: 12, 1: 18}
    assert sum(t.is_coastal_edge(e) for e in range(t.n_edges)) == 30
    assert [t.hex_rc[h] for h in t.corner_hex_ids()] == [(1, 1), (1, 3), (3, 1), (3, 5), (5, 1), (5, 3)]


def test_extended_counts() -> None:
    """catan.md §3.6: the 30-hex island has 80 intersections, 109 paths, 38 coastal paths."""
    t = topology_for(EXTENDED_ROWS)
    assert (t.n_hexes, t.n_corners, t.n_edges) == (30, 80, 109)
    assert sum(t.is_coastal_edge(e) for e in range(t.n_edges)) == 38


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
