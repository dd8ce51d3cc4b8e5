"""The adaptive schedule reaches the same ranking confidence as the round robin with fewer matches, and
its ranking at the stop is as right: simulated tournaments with fixed seeds (the larger study, with its
table in docs/ladders.md, is benchmarks/adaptive_study.py)."""

from __future__ import annotations

import statistics

import pytest

from tests.arena.simulate_adaptive import one_run

pytestmark = pytest.mark.slow


def test_six_bots_at_three_seats_settle_with_fewer_matches() -> None:
    # Neighbours 60 to 300 Elo apart; both schedules stop once every neighbour pair is settled at 0.95.
    runs = {
        kind: [one_run((kind, 6, 3, seed, 0.95, 60.0, 300.0, 0.0, 20, 2)) for seed in range(101, 121)]
        for kind in ("round-robin", "adaptive")
    }
    matches = {kind: statistics.mean(r["matches"] for r in rows) for kind, rows in runs.items()}
    assert matches["adaptive"] <= 0.8 * matches["round-robin"], matches  # measured 134 against 198
    for rows in runs.values():
        assert all(r["reached"] for r in rows)
        assert statistics.mean(r["exact"] for r in rows) >= 0.9
