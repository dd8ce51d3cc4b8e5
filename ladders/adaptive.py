"""The maths of the adaptive schedule: how much a pod would settle the ranking, and when it is settled.

Pure numpy, over the model of :mod:`ladders.model` and the fit of :mod:`ladders.fit`; the schedule
itself (which tables may be played, seeds, ids, resuming) is ``arena.adaptive``. Reference:
``docs/ladders.md`` (The adaptive schedule).

Design detail: the value of a table. The current posterior of the bots' strengths (mode ``theta`` and
covariance ``S`` of the ratings, natural units) orders the bots; each pair of neighbours in that order
``(i, j)`` has a gap ``g = theta_i - theta_j >= 0`` with variance ``v = c S c`` (``c = e_i - e_j``), and
``w = Phi(-g / sqrt(v))`` is the posterior probability that the pair is the wrong way round. A pod of
table ``T`` adds the expected Fisher information ``M`` of its games (below) to the precision of the
strengths at ``T``, which shrinks every such variance to ``v'`` (rank-``|T|`` update, Woodbury):

    v - v' = (c S[:, T]) M (I + S[T, T] M)^-1 (S[T, :] c)

The value of the table is ``sum over neighbours of w * (v - v') / v``: the share of each neighbour
pair's variance the pod would remove, counted in proportion to the pair's chance of being misordered.
A pair already settled (``w`` near 0) is worth little; the pairs whose order the next games could swap
are worth most. Pairs further apart than neighbours gain through their neighbours. Pods chosen but not
yet played count as played with their expected information (:func:`with_pending`), so the schedule
does not choose a table again for what its pod under way is about to tell.

Design detail: the expected information of a game. For one Plackett-Luce game among strengths ``u``,
the negative Hessian of the log-likelihood in ``u`` is a sum over the draws: the draw from the set
``R`` of seats not yet placed contributes ``diag(p_R) - p_R p_R^T``, ``p_R`` the softmax of ``u`` over
``R``. Its expectation over outcomes weights each set by the probability that ``R`` is exactly the set
left at some stage, which a recursion over the ``2^seats`` subsets gives exactly. Seat advantages and
ties are left out (a pod plays its table in every seat, and ties only make a game less informative),
and so is the correlation of a pod's games: the value ranks tables against each other, and every
candidate has the same seat count.
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np

from ladders.dist import normal_cdf
from ladders.fit import ELO_PER_NAT, Prior, Ranking, Standings, prior_for
from ladders.model import FloatArray, IntArray, design, maximise
from ladders.records import RatedMatch


@dataclass(frozen=True, slots=True)
class Posterior:
    """The strengths of a fixed list of bots after some matches (natural log-odds units)."""

    theta: FloatArray
    """(bots,): posterior mode; 0 (the field mean) for a bot without a match."""
    covariance: FloatArray
    """(bots, bots): posterior covariance of the strengths (inverse of the log-posterior's curvature)."""


def posterior(bots: Sequence[str], matches: Sequence[RatedMatch], prior: Prior | None = None) -> Posterior:
    """The posterior of the strengths of ``bots`` (in that order) under the ladder's model and prior.

    A bot without a match keeps its prior: mode 0, variance ``(prior.bot_sd / ELO_PER_NAT)^2``,
    independent of the others. ``matches`` may be empty; their order does not matter."""
    prior = prior or Prior()
    n = len(bots)
    theta = np.zeros(n)
    covariance = np.eye(n) * (prior.bot_sd / ELO_PER_NAT) ** 2
    if not matches:
        return Posterior(theta, covariance)
    ordered = sorted(matches, key=lambda m: (m.pod, m.bots, m.places))
    d = design(ordered)
    mode, _, hessian = maximise(d, prior_for(d, prior))
    full = np.asarray(np.linalg.inv(-hessian), dtype=np.float64)
    index = {name: i for i, name in enumerate(bots)}
    rows = np.array([index[name] for name in d.names], dtype=np.int64)
    nb = len(d.names)
    theta[rows] = mode[:nb]
    covariance[np.ix_(rows, rows)] = full[:nb, :nb]
    return Posterior(theta, covariance)


def with_pending(post: Posterior, tables: Sequence[Sequence[int]], games: int) -> Posterior:
    """``post`` as it is expected to be once pods of ``tables`` (bot indices), chosen but not yet played,
    are in: their expected information added to its precision at the current mode (the mode unchanged).
    So that a table under way is not chosen again for the uncertainty it is about to remove."""
    if not tables:
        return post
    precision = np.linalg.inv(post.covariance)
    for table in tables:
        t = list(table)
        precision[np.ix_(t, t)] += games * game_information(post.theta[t][None, :])[0]
    return Posterior(post.theta, np.asarray(np.linalg.inv(precision), dtype=np.float64))


def game_information(strength: FloatArray) -> FloatArray:
    """The expected Fisher information of one Plackett-Luce game in the strengths of its seats.

    ``strength`` is ``(tables, seats)``; the result ``(tables, seats, seats)``. Rows sum to zero (only
    differences are informed).

    >>> info = game_information(np.zeros((1, 2)))
    >>> [round(float(x), 3) for x in info[0].ravel()]  # two equal seats: a coin flip, p(1 - p)
    [0.25, -0.25, -0.25, 0.25]
    """
    tables, seats = strength.shape
    reach = np.zeros((1 << seats, tables))
    full = (1 << seats) - 1
    reach[full] = 1.0
    info = np.zeros((tables, seats, seats))
    for mask in range(full, 0, -1):  # a set left over is reached only from larger sets
        members = [s for s in range(seats) if mask >> s & 1]
        if len(members) < 2:
            continue
        u = strength[:, members]
        p = np.exp(u - u.max(axis=1, keepdims=True))
        p /= p.sum(axis=1, keepdims=True)
        here = reach[mask][:, None, None]
        block = np.einsum("ti,ij->tij", p, np.eye(len(members))) - p[:, :, None] * p[:, None, :]
        info[np.ix_(range(tables), members, members)] += here * block
        for k, s in enumerate(members):
            reach[mask ^ (1 << s)] += reach[mask] * p[:, k]
    return info


def table_values(post: Posterior, tables: IntArray, games: int) -> FloatArray:
    """How much a pod of each table (``(candidates, seats)``: indices of bots) would settle the order of
    neighbouring bots: see the module docstring. ``games`` is the number of games in a pod."""
    theta, cov = post.theta, post.covariance
    n = len(theta)
    if n < 2 or len(tables) == 0:
        return np.zeros(len(tables))
    order = np.argsort(-theta, kind="stable")
    contrasts = np.zeros((n - 1, n))
    contrasts[np.arange(n - 1), order[:-1]] = 1.0
    contrasts[np.arange(n - 1), order[1:]] = -1.0
    gap = contrasts @ theta
    var = np.einsum("kn,nm,km->k", contrasts, cov, contrasts)
    misorder = np.array(
        [normal_cdf(-g / math.sqrt(v)) if v > 0 else 0.0 for g, v in zip(gap, var, strict=True)]
    )
    info = games * game_information(theta[tables])  # (C, s, s)
    seats = tables.shape[1]
    cross = cov[:, tables].transpose(1, 0, 2)  # (C, n, s): S[:, T]
    inner = cov[tables[:, :, None], tables[:, None, :]]  # (C, s, s): S[T, T]
    # (I + M S_TT)^-1 M, which equals M (I + S_TT M)^-1
    gain = np.linalg.solve(np.eye(seats)[None] + info @ inner, info)
    a = np.einsum("kn,cns->cks", contrasts, cross)  # (C, pairs, s)
    drop = np.einsum("cks,cst,ckt->ck", a, gain, a)
    with np.errstate(divide="ignore", invalid="ignore"):
        share = np.where(var > 0, drop / var, 0.0)
    return np.asarray(share @ misorder, dtype=np.float64)


def ranking_confidence(standings: Standings | Ranking, bots: Sequence[str]) -> float:
    """The smallest likelihood of superiority between neighbours of the ladder (best first): how sure
    the ranking of ``bots`` is; 0 while one of them has no rated match, 1 for a single bot."""
    names = list(standings.names) if isinstance(standings, Ranking) else [b.bot for b in standings.bots]
    if not set(bots) <= set(names):
        return 0.0
    rows = [i for i, name in enumerate(names) if name in set(bots)]
    if len(rows) < 2:
        return 1.0
    return min(standings.superiority[i][j] for i, j in itertools.pairwise(rows))
