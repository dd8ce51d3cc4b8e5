"""HS-15 for the options of catan-ck the registry-wide suite (default options) does not play: each
variant of cities_and_knights.md §1.5 alone, all three together, and the strict fifth-card rule of
§11.3. Each match stops at turn 150 (about ten barbarian attacks) to keep the suite short."""

from __future__ import annotations

import pytest

import engine
from engine.core.conformance import check_playout

CONFIGS: list[tuple[int, dict[str, object]]] = [
    (3, {"declared_defenders": True}),
    (4, {"wandering_knight": True}),
    (3, {"easy_start": True}),
    (
        4,
        {"declared_defenders": True, "wandering_knight": True, "easy_start": True, "strict_fifth_card": True},
    ),
]


@pytest.mark.slow
@pytest.mark.parametrize(("players", "options"), CONFIGS, ids=["v2-p3", "v3-p4", "v4-p3", "all-p4"])
def test_variant_playouts_conform(players: int, options: dict[str, object]) -> None:
    game = engine.load_game("catan-ck", players=players, turn_cap=150, **options)
    report = check_playout(game, seed=7 + players)
    assert report.plies > 0 and report.turns <= game.turn_cap
