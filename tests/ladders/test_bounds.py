"""Which bots the data bound on one side only, and the exact quantiles behind their bounds."""

from __future__ import annotations

import math

import numpy as np
import pytest

from ladders.bounds import Side, body, components, marginal_quantiles, sides
from ladders.fit import Prior, fit_ladder, prior_for
from ladders.model import design, maximise
from ladders.records import RatedMatch


def matches(*rows: tuple[tuple[str, ...], tuple[int, ...]]) -> list[RatedMatch]:
    return [RatedMatch(f"p{k}", bots, places) for k, (bots, places) in enumerate(rows)]


def test_a_connected_ladder_has_no_one_sided_bot() -> None:
    d = design(matches((("a", "b", "c"), (1, 2, 3)), (("c", "a", "b"), (1, 2, 3))))
    assert len(set(components(d))) == 1 and body(d, np.zeros(len(d.names))) == (0, 1, 2)
    assert sides(d, body(d, np.zeros(len(d.names)))) == (Side.BOTH,) * 3


def test_three_tiers_and_a_stranger() -> None:
    # top always ahead of the middle pair, who trade places, who are always ahead of bottom; "solo"
    # only ever ties with "bottom2", who is always behind the middle pair too.
    d = design(
        matches(
            (("top", "m1", "m2"), (1, 2, 3)),
            (("top", "m2", "m1"), (1, 2, 3)),
            (("m1", "m2", "bottom"), (1, 2, 3)),
            (("m2", "m1", "bottom"), (1, 2, 3)),
        )
    )
    names = d.names
    group = body(d, np.zeros(len(d.names)))
    assert [names[b] for b in group] == ["m1", "m2"]
    side = dict(zip(names, sides(d, group), strict=True))
    assert side == {"bottom": Side.UPPER, "m1": Side.BOTH, "m2": Side.BOTH, "top": Side.LOWER}


def test_a_tie_bounds_both_ways() -> None:
    d = design(matches((("a", "b"), (1, 1)), (("a", "b"), (1, 2)), (("b", "a"), (2, 1))))
    assert sides(d, body(d, np.zeros(len(d.names)))) == (Side.BOTH, Side.BOTH)


def test_marginal_quantiles_agree_with_the_gaussian_where_it_is_good() -> None:
    rng = np.random.default_rng(2)
    rows = []
    for _ in range(300):
        bots = tuple(rng.permutation(["a", "b", "c", "d"])[:3])
        rows.append((bots, tuple(int(p) for p in rng.permutation([1, 2, 3]))))
    d = design(matches(*rows))
    prior = prior_for(d, Prior())
    mode, _, hessian = maximise(d, prior)
    c = np.zeros(d.parameters)
    c[0], c[1] = 1.0, -1.0
    low, high = marginal_quantiles(d, prior, mode, hessian, c, [0.025, 0.975])
    sd = math.sqrt(float(c @ np.linalg.solve(-hessian, c)))
    assert low == pytest.approx(float(c @ mode) - 1.96 * sd, abs=0.05 * sd)
    assert high == pytest.approx(float(c @ mode) + 1.96 * sd, abs=0.05 * sd)


def test_an_unbeaten_bound_lies_below_the_plateau() -> None:
    # ace beats x and y in all 30 games, from every seat in turn; x and y take turns behind it.
    rows = []
    for k in range(30):
        bots = ("ace", "x", "y")[k % 3 :] + ("ace", "x", "y")[: k % 3]
        order = {"ace": 1, "x": 2 + k // 3 % 2, "y": 3 - k // 3 % 2}
        rows.append((bots, tuple(order[b] for b in bots)))
    standings = fit_ladder(matches(*rows))
    ace = standings.bots[0]
    assert ace.side is Side.LOWER and ace.low < ace.rating and ace.high == math.inf
    # 30 straight wins against two equal bots: the chance of that is 3 % at +400 over them and falls
    # steeply below; the prior cannot hold the bound up above where the data put it.
    assert 1500 + 300 < ace.low < 1500 + 700
