"""HS-15: every registered game x variant x player count passes the conformance checks.

The Seafarers scenarios play one seed each, stopped at turn 30: a uniformly random Seafarers game runs
to 1,000-2,500 plies (ships go everywhere, little gets built), and the checks cost milliseconds a ply.
The set-up, the first ships, robber and pirate moves and the turn cap's end are checked here; whole
games to a victory, with every conservation law after each action, are in
tests/engine/games/catan/seafarers/test_random_games.py."""

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
SEEDS = (1,)
SHORT: dict[tuple[str, str], dict[str, object]] = {
    **{
        ("catan", f"seafarers-{name}"): {"turn_cap": 30}
        for name in ("new-shores", "four-islands", "fog-islands")
    },
    ("catan", "jungle"): {"turn_cap": 100},
    ("catan", "big-river"): {"turn_cap": 100},
}
"""Cases played with the first seed only, with these options."""
ONE_SEAT_COUNT: dict[tuple[str, str], int] = {("catan", "jungle"): 4, ("catan", "big-river"): 3}
"""Variants that are the base game on another board, played at this seat count only to keep the suite
short. ``python -m tests.engine.games.catan.test_jungle_river_random --conformance`` plays them here in
full; tests/engine/games/catan/test_jungle_river_random.py checks their whole games."""
RUNS = [
    (seed, *case)
    for seed in SEEDS
    for case in CASES
    if (seed == SEEDS[0] or (case[0], case[1]) not in SHORT)
    and ONE_SEAT_COUNT.get((case[0], case[1]), case[2]) == case[2]
]


@pytest.mark.slow
@pytest.mark.parametrize(
    ("seed", "game_id", "variant", "players"), RUNS, ids=[f"{s}-{g}/{v}/p{n}" for s, g, v, n in RUNS]
)
def test_random_playouts_conform(game_id: str, variant: str, players: int, seed: int) -> None:
    game = engine.load_game(game_id, variant, players, **SHORT.get((game_id, variant), {}))
    report = check_playout(game, seed=seed * 1000 + players)
    assert report.plies > 0
    assert report.turns <= game.turn_cap
