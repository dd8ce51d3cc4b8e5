"""Test helpers shared by the game test suites: perft counts and the Wilson score interval."""

from __future__ import annotations

import math

from engine.core.state import State


def perft(state: State, depth: int) -> int:
    """Number of action sequences of length ``depth`` from ``state``, listed actions only, always for
    the first seat to move (fewer when the game ends; a finished game counts as one sequence)."""
    if depth == 0 or state.is_terminal():
        return 1
    seat = state.seats_to_move()[0]
    legal = state.legal_actions(seat)
    if depth == 1:
        return len(legal)
    return sum(perft(state.child(seat, a), depth - 1) for a in legal)


def wilson_low(wins: float, n: int, z: float = 1.96) -> float:
    """The lower bound of the Wilson score interval of ``wins`` successes in ``n`` trials (z = 1.96:
    95 %)."""
    p = wins / n
    centre = p + z * z / (2 * n)
    margin = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n))
    return (centre - margin) / (1 + z * z / n)
