"""HS-15: every registered game x variant x player count passes the conformance checks."""

from __future__ import annotations

import pytest

import engine
from engine.core.conformance import check_playout

SHORT: dict[tuple[str, str], tuple[int, int]] = {
    ("catan", "jungle"): (4, 100),
    ("catan", "big-river"): (3, 100),
}
"""Variants that are the base game on another board: one seat count, one seed, to this turn cap, to keep
the suite short. ``python -m tests.engine.games.catan.test_jungle_river_random --conformance`` plays them
here in full; tests/engine/games/catan/test_jungle_river_random.py checks their whole games."""
SEEDS = (1, 2)
CASES = [
    (info.id, variant.id, players, seed)
    for info in engine.list_games()
    for variant in info.variants
    for players in variant.player_counts
    for seed in SEEDS
    if (info.id, variant.id) not in SHORT or (players, seed) == (SHORT[info.id, variant.id][0], 1)
]


@pytest.mark.slow
@pytest.mark.parametrize(
    ("game_id", "variant", "players", "seed"), CASES, ids=[f"{s}-{g}/{v}/p{n}" for g, v, n, s in CASES]
)
def test_random_playouts_conform(game_id: str, variant: str, players: int, seed: int) -> None:
    short = SHORT.get((game_id, variant))
    game = engine.load_game(game_id, variant, players, **({"turn_cap": short[1]} if short else {}))
    report = check_playout(game, seed=seed * 1000 + players)
    assert report.plies > 0
    assert report.turns <= game.turn_cap
