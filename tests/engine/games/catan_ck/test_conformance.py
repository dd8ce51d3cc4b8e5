"""HS-15 for the options of catan-ck the registry-wide suite (default options) does not play: each
variant of cities_and_knights.md §1.5 alone at 3 seats, and all three together with the strict
fifth-card rule of §11.3 at 3 and at 4 seats. Each match stops at turn 150 (about ten barbarian
attacks) to keep the suite short."""

from __future__ import annotations

import pytest

import engine
from engine.core.conformance import check_playout

VARIANTS: dict[str, dict[str, object]] = {
    "v2": {"declared_defenders": True},
    "v3": {"wandering_knight": True},
    "v4": {"easy_start": True},
    "all": {
        "declared_defenders": True,
        "wandering_knight": True,
        "easy_start": True,
        "strict_fifth_card": True,
    },
}
CONFIGS = [(3, name) for name in VARIANTS] + [(4, "all")]


@pytest.mark.slow
@pytest.mark.parametrize(("players", "variant"), CONFIGS, ids=[f"{v}-p{n}" for n, v in CONFIGS])
def test_variant_playouts_conform(players: int, variant: str) -> None:
    game = engine.load_game("catan-ck", players=players, turn_cap=150, **VARIANTS[variant])
    report = check_playout(game, seed=7 + players)
    assert report.plies > 0 and report.turns <= game.turn_cap
