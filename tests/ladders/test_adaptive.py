"""The adaptive schedule's maths: the expected information of a game, the value of a table, and the
ranking's confidence, against brute force and hand-made posteriors."""

from __future__ import annotations

import itertools
import math

import numpy as np
import pytest

from ladders.adaptive import (
    Posterior,
    game_information,
    posterior,
    ranking_confidence,
    table_values,
    with_pending,
)
from ladders.dist import normal_cdf
from ladders.fit import ELO_PER_NAT, fit_ladder, rank_ladder
from ladders.records import RatedMatch
from tests.ladders.simulate import simulate


def brute_information(u: np.ndarray) -> np.ndarray:
    """The expected negative Hessian of a Plackett-Luce ranking's log-probability, over every order."""
    seats = len(u)
    total = np.zeros((seats, seats))
    for order in itertools.permutations(range(seats)):
        prob, hess, left = 1.0, np.zeros((seats, seats)), list(range(seats))
        for seat in order:
            w = np.exp(u[left]) / np.exp(u[left]).sum()
            prob *= w[left.index(seat)]
            hess[np.ix_(left, left)] += np.diag(w) - np.outer(w, w)
            left.remove(seat)
        total += prob * hess
    return total


@pytest.mark.parametrize("seats", [2, 3, 4, 5])
def test_game_information_is_the_expectation_over_every_order(seats: int) -> None:
    rng = np.random.default_rng(seats)
    strengths = rng.normal(0, 1.5, size=(3, seats))
    info = game_information(strengths)
    for row, u in zip(info, strengths, strict=True):
        assert np.allclose(row, brute_information(u), atol=1e-12)
        assert np.allclose(row.sum(axis=1), 0.0, atol=1e-12)


def direct_value(post: Posterior, table: tuple[int, ...], games: int) -> float:
    """The value of a table by inverting the updated precision outright."""
    theta, cov = post.theta, post.covariance
    precision = np.linalg.inv(cov)
    t = list(table)
    precision[np.ix_(t, t)] += games * brute_information(theta[t])
    after = np.linalg.inv(precision)
    order = np.argsort(-theta, kind="stable")
    value = 0.0
    for a, b in itertools.pairwise(order):
        c = np.zeros(len(theta))
        c[a], c[b] = 1.0, -1.0
        v, v_after = c @ cov @ c, c @ after @ c
        value += normal_cdf(-(theta[a] - theta[b]) / math.sqrt(v)) * (v - v_after) / v
    return value


def test_table_values_agree_with_the_updated_posterior() -> None:
    rng = np.random.default_rng(7)
    n = 7
    a = rng.normal(size=(n, n))
    post = Posterior(rng.normal(size=n), a @ a.T / n + 0.3 * np.eye(n))
    tables = np.array(list(itertools.combinations(range(n), 4)))
    values = table_values(post, tables, 4)
    for k in (0, 11, 34):
        assert values[k] == pytest.approx(direct_value(post, tuple(tables[k]), 4), rel=1e-9)


def test_pending_pods_add_their_expected_information() -> None:
    rng = np.random.default_rng(3)
    a = rng.normal(size=(5, 5))
    post = Posterior(rng.normal(size=5), a @ a.T / 5 + 0.2 * np.eye(5))
    after = with_pending(post, [(0, 1, 2), (1, 3, 4), (0, 1, 2)], 3)
    precision = np.linalg.inv(post.covariance)
    for t in ([0, 1, 2], [1, 3, 4], [0, 1, 2]):
        precision[np.ix_(t, t)] += 3 * brute_information(post.theta[t])
    assert np.allclose(after.covariance, np.linalg.inv(precision), atol=1e-12)
    assert after.theta is post.theta and with_pending(post, [], 3) is post


def test_an_unsettled_pair_is_worth_more_than_a_settled_one() -> None:
    # Bots 0 > 1 far apart and sure; 2 and 3 close and unsure; 4 below them all.
    theta = np.array([3.0, 1.0, 0.1, 0.0, -2.0])
    post = Posterior(theta, np.eye(5) * 0.05)
    tables = np.array([(0, 1, 4), (1, 2, 3), (0, 1, 2)])
    values = table_values(post, tables, 3)
    assert values[1] > 3 * values[2] and values[1] > 100 * values[0]


def test_a_bot_without_matches_keeps_its_prior() -> None:
    matches = [RatedMatch("p0", ("a", "b", "c"), (1, 2, 3))] * 6
    post = posterior(["a", "b", "c", "new"], matches)
    assert post.theta[3] == 0.0
    assert post.covariance[3, 3] == pytest.approx((400 / ELO_PER_NAT) ** 2)
    assert post.covariance[3, :3].tolist() == [0.0, 0.0, 0.0]
    assert post.theta[0] > post.theta[1] > post.theta[2]
    assert posterior(["a", "b"], []).theta.tolist() == [0.0, 0.0]


def test_ranking_confidence_is_the_least_sure_pair_of_neighbours() -> None:
    matches = [RatedMatch(f"p{k}", ("a", "b", "c"), (1, 2, 3) if k % 4 else (2, 1, 3)) for k in range(40)]
    standings = fit_ladder(matches)
    sup = standings.superiority
    assert ranking_confidence(standings, ["a", "b", "c"]) == min(sup[0][1], sup[1][2])
    assert ranking_confidence(standings, ["a", "b", "c", "d"]) == 0.0  # d has no result
    assert ranking_confidence(standings, ["a"]) == 1.0
    # The stopping rule's lighter fit gives the same order and the same numbers.
    ranking = rank_ladder(matches)
    assert ranking.names == tuple(b.bot for b in standings.bots) and ranking.superiority == sup
    assert ranking.provisional == standings.is_provisional
    assert ranking_confidence(ranking, ["a", "b", "c"]) == min(sup[0][1], sup[1][2])


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_the_lighter_fit_agrees_with_the_full_one_near_separation_and_with_newcomers(seed: int) -> None:
    # A bot far above a small field (often one-sided or skewed) and a newcomer with one pod: the field
    # the ratings are read against differs from the whole group, yet the order and the likelihoods of
    # superiority are those of the full fit.
    elo = {"ace": 2600.0, "b": 1600.0, "c": 1500.0, "d": 1400.0, "e": 1450.0}
    matches = simulate(elo, 4, 12, seed) + simulate(
        {**elo, "new": 1500.0}, 4, 1, 50 + seed, bots=["new", "b", "c", "d"]
    )
    standings, ranking = fit_ladder(matches), rank_ladder(matches)
    assert ranking.names == tuple(b.bot for b in standings.bots)
    assert ranking.superiority == standings.superiority
