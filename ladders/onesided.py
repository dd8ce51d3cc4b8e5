"""One-sided bounds from the games themselves, for bots the data bound on one side only.

Pure numpy, over the model of :mod:`ladders.model` and the graph of :mod:`ladders.bounds`.

Design detail: the record's own probability. A bot that never placed behind any bot outside the group
above it (:attr:`ladders.bounds.Side.LOWER`) has a record whose probability, under Plackett-Luce with
the other bots and the seats at their fitted strengths, is a function of its own strength alone: in each
game, the chance that its seats all came before every seat of a bot outside that group (the order of a
subset of seats is itself Plackett-Luce, so the other seats do not matter). The bound is the strength at
which that chance, over all its games, falls to ``1 - level``: below it, a record as good as this one
would be rarer than that. It is the exact binomial bound of a bot that won all of its ``n`` two-seat
games (``p >= (1 - level) ** (1 / n)``), carried to any seat count, seat terms and copies. A bot that
never placed ahead of anyone below its group (:attr:`ladders.bounds.Side.UPPER`) is the mirror: every seat
outside came before all of its seats. Games whose seats are correlated (a pod shares its board) make
such a record likelier than the product of its games; the log-probability is divided by the ladder's
pooled design effect, as the likelihood is for the exact quantiles.

Design detail: why not a posterior quantile. The posterior of such a bot is a plateau cut off on one
side, and where the plateau ends only the prior says. A bot a little above a narrow field that won its
few games by luck then gets a bound from the prior's width, not from the games, and in simulated
fields 600 Elo wide at 3 seats such bounds held the truth 0.3 to 0.75 of the time. The bound from the
record never leans on the prior; its level (:data:`LEVEL`) is set so that the bounds a ladder prints
hold the truth at least 0.9 of the time in the simulated fields of ``benchmarks/ratings_edges.py``, among
the tournaments in which they are printed.
"""

from __future__ import annotations

import math

import numpy as np
import numpy.typing as npt

from ladders.bounds import Side, ahead_matrix, closure
from ladders.model import Design, FloatArray

LEVEL = 0.99
"""Confidence of a one-sided bound: with the other strengths known and games independent, the bound
lies above a bot's true strength (below, for an upper bound) with probability at most ``1 - LEVEL``."""


def record_bound(
    d: Design, mode: FloatArray, bot: int, side: Side, level: float = LEVEL, temper: float = 1.0
) -> float | None:
    """The bound on ``theta[bot]`` (natural units, the parameters of ``mode``) from its record, or None
    when it met no bot outside its group. ``side`` must be :attr:`Side.LOWER` or :attr:`Side.UPPER`."""
    if side is Side.BOTH:
        raise ValueError("a two-sided bot has no one-sided bound")
    reach = closure(ahead_matrix(d))
    # A bound below: the bots that can be ahead of ``bot`` are those that reach it; every other bot
    # always placed behind it. A bound above: mirrored.
    group = reach[:, bot] if side is Side.LOWER else reach[bot, :]
    mine = d.bot_index == bot
    outside = ~group[d.bot_index]
    games = mine.any(axis=1) & outside.any(axis=1)
    if not games.any():
        return None
    mine, outside = mine[games], outside[games]
    nb = len(d.names)
    gamma = np.concatenate(([0.0], mode[nb : nb + d.seats - 1]))
    strength = mode[:nb][d.bot_index[games]] + gamma[None, :]
    bits = 1 << np.arange(d.seats, dtype=np.int64)
    target = temper * math.log(1.0 - level)

    def log_chance(t: float) -> float:
        u = np.where(mine, t + gamma[None, :], strength)
        w = np.exp(u - u.max(axis=1, keepdims=True))
        first, second = (mine, outside) if side is Side.LOWER else (outside, mine)
        p = before(w, (first * bits).sum(axis=1), (w * second).sum(axis=1))
        return float(np.sum(np.log(np.maximum(p, 1e-300))))

    # log_chance rises with t for a bound below and falls for a bound above; bisect for the target.
    rising = side is Side.LOWER
    lo, hi = float(mode[bot]) - 1.0, float(mode[bot]) + 1.0
    while (log_chance(lo) >= target) == rising:
        lo -= 2.0 * (hi - lo)
    while (log_chance(hi) < target) == rising:
        hi += 2.0 * (hi - lo)
    for _ in range(100):
        mid = 0.5 * (lo + hi)
        if (log_chance(mid) < target) == rising:
            lo = mid
        else:
            hi = mid
        if hi - lo < 1e-6:
            break
    return 0.5 * (lo + hi)


def before(weights: FloatArray, first: npt.NDArray[np.int64], rest: FloatArray) -> FloatArray:
    """Per game, the Plackett-Luce chance that the seats in the bit mask ``first`` all place before
    seats of total weight ``rest``: ``weights`` is ``(games, seats)``.

    >>> float(before(np.array([[1.0, 1.0, 1.0]]), np.array([1]), np.array([2.0]))[0])  # one of three first
    0.3333333333333333
    >>> round(float(before(np.array([[1.0, 1.0, 1.0]]), np.array([3]), np.array([1.0]))[0]), 4)  # two before one
    0.3333
    """
    games, seats = weights.shape
    chance = np.zeros((1 << seats, games))
    chance[0] = 1.0
    total = np.zeros((1 << seats, games))
    # chance[mask]: the seats of ``mask`` all before ``rest``; the next one drawn is one of them.
    for mask in range(1, 1 << seats):
        low = mask & -mask
        total[mask] = total[mask ^ low] + weights[:, low.bit_length() - 1]
        acc = np.zeros(games)
        for s in range(seats):
            if mask >> s & 1:
                acc += weights[:, s] * chance[mask ^ (1 << s)]
        chance[mask] = acc / (total[mask] + rest)
    return np.asarray(chance[first, np.arange(games)], dtype=np.float64)
