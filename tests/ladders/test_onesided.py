"""One-sided bounds from a bot's own record: the Plackett-Luce chance of a record, against every order
counted by hand, and the bound against the exact binomial bound of a bot that won every game."""

from __future__ import annotations

import itertools
import math

import numpy as np
import pytest

from ladders.bounds import Side
from ladders.fit import fit_ladder
from ladders.intervals import Basis
from ladders.model import design
from ladders.onesided import before, record_bound
from ladders.records import RatedMatch


def order_chance(weights: list[float], order: tuple[int, ...]) -> float:
    """The Plackett-Luce chance of one full order of the seats."""
    left, chance = list(range(len(weights))), 1.0
    for seat in order:
        chance *= weights[seat] / sum(weights[s] for s in left)
        left.remove(seat)
    return chance


@pytest.mark.parametrize("seats", [2, 3, 4, 5])
def test_the_chance_of_a_record_sums_every_order_that_makes_it(seats: int) -> None:
    rng = np.random.default_rng(seats)
    for _ in range(20):
        weights = list(rng.uniform(0.1, 3.0, size=seats))
        first = [s for s in range(seats) if rng.random() < 0.5] or [0]
        rest = [s for s in range(seats) if s not in first and rng.random() < 0.7] or []
        if not rest:
            continue
        # Every full order of all the seats in which each seat of ``first`` comes before each of ``rest``.
        by_hand = sum(
            order_chance(weights, order)
            for order in itertools.permutations(range(seats))
            if max(order.index(s) for s in first) < min(order.index(s) for s in rest)
        )
        mask = sum(1 << s for s in first)
        got = before(np.array([weights]), np.array([mask]), np.array([sum(weights[s] for s in rest)]))[0]
        assert got == pytest.approx(by_hand, rel=1e-9)


def two_seat_record(games: int) -> list[RatedMatch]:
    """``a`` beats ``b`` in every game, from each seat in turn."""
    return [
        RatedMatch(f"p{k}", ("a", "b") if k % 2 else ("b", "a"), (1, 2) if k % 2 else (2, 1))
        for k in range(games)
    ]


@pytest.mark.parametrize("games", [4, 10, 40])
def test_a_bot_that_won_every_game_gets_the_exact_binomial_bound(games: int) -> None:
    # With b at 0 and no seat advantage, a wins each game with p = 1 / (1 + e^-t); a record of n wins
    # has chance p^n, which falls to 1 % at p = 0.01 ** (1 / n).
    d = design(two_seat_record(games))
    strengths = np.zeros(d.parameters)
    p = 0.01 ** (1 / games)
    bound = record_bound(d, strengths, d.names.index("a"), Side.LOWER, level=0.99)
    assert bound == pytest.approx(math.log(p / (1 - p)), abs=1e-5)
    # Games that share their luck count for less: the chance is taken to the power 1 / temper.
    tempered = record_bound(d, strengths, d.names.index("a"), Side.LOWER, level=0.99, temper=2.0)
    p2 = 0.01 ** (2 / games)
    assert tempered == pytest.approx(math.log(p2 / (1 - p2)), abs=1e-5)
    # The loser's bound above is the mirror image.
    upper = record_bound(d, strengths, d.names.index("b"), Side.UPPER, level=0.99)
    assert upper == pytest.approx(-math.log(p / (1 - p)), abs=1e-5)


def test_only_the_bots_outside_the_group_count() -> None:
    # a and b trade places and are always ahead of c: a's record is against c alone, so b's seat in the
    # game does not matter (the order of a subset of seats is itself Plackett-Luce).
    rows = []
    for k in range(12):
        bots = (("a", "b", "c"), ("b", "c", "a"), ("c", "a", "b"))[k % 3]
        top = "a" if k % 2 else "b"
        rows.append(RatedMatch(f"p{k}", bots, tuple(1 if x == top else 2 if x != "c" else 3 for x in bots)))
    d = design(rows)
    strengths = np.zeros(d.parameters)
    p = 0.01 ** (1 / 12)  # a before c in all 12 games: p = e^t / (e^t + 1)
    bound = record_bound(d, strengths, d.names.index("a"), Side.LOWER, level=0.99)
    assert bound == pytest.approx(math.log(p / (1 - p)), abs=1e-5)


def test_a_two_sided_bot_has_no_record_bound() -> None:
    d = design(two_seat_record(4))
    with pytest.raises(ValueError, match="two-sided"):
        record_bound(d, np.zeros(d.parameters), 0, Side.BOTH)


def test_a_bot_that_never_met_the_bots_below_its_group_gets_its_posterior_quantile() -> None:
    # a only ever played b (with a copy of itself), and they trade places; b always beat c, d and e,
    # who trade places. a is above the field only through b, so no game of its own bounds it: its bound is
    # the 5 % quantile of its exact marginal posterior, while b's comes from b's record.
    rows = []
    for k in range(12):
        bots = (("a", "b", "a"), ("b", "a", "a"), ("a", "a", "b"))[k % 3]
        b_first = k % 2 == 0
        rows.append(
            RatedMatch(
                f"ab{k}",
                bots,
                tuple((1 if b_first else 3) if x == "b" else (2 if b_first else 1) for x in bots),
            )
        )
    for k in range(18):
        table = (("b", "c", "d"), ("b", "d", "e"), ("b", "c", "e"))[k // 6]
        bots = table[k % 3 :] + table[: k % 3]
        below = sorted(table[1:], reverse=k % 2 == 0)  # c, d and e trade places
        rows.append(RatedMatch(f"b{k}", bots, tuple(1 if x == "b" else 2 + below.index(x) for x in bots)))
    standings = fit_ladder(rows)
    by_bot = {r.bot: r for r in standings.bots}
    assert by_bot["a"].side is Side.LOWER and by_bot["a"].basis is Basis.POSTERIOR
    assert by_bot["b"].side is Side.LOWER and by_bot["b"].basis is Basis.RECORD
    assert by_bot["a"].level == 0.95 and by_bot["b"].level == 0.99
    assert math.isfinite(by_bot["a"].low) and by_bot["a"].high == math.inf
