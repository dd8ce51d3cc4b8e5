"""HS-15: every registered game x variant x player count passes the conformance checks."""

from __future__ import annotations

import pytest

import engine
from engine.core.conformance import check_playout

CASES = [
    (info.id, variant.id, players)
    for info in engine.list_games()
    for variant in info.variants
    for players in variant.player_counts
]
SEEDS = (1, 2)


@pytest.mark.slow
@pytest.mark.parametrize(("game_id", "variant", "players"), CASES, ids=[f"{g}/{v}/p{n}" for g, v, n in CASES])
@pytest.mark.parametrize("seed", SEEDS)
def test_random_playouts_conform(game_id: str, variant: str, players: int, seed: int) -> None:
    game = engine.load_game(game_id, variant, players)
    report = check_playout(game, seed=seed * 1000 + players)
    assert report.plies > 0
    assert report.turns <= game.turn_cap
