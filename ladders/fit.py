"""The official standings: a batch maximum-likelihood fit over every result of a ladder.

Pure and numpy-only; the store loads results, this module turns them into ratings. Its input,
:class:`~ladders.records.RatedMatch`, and the plain statistics of :func:`~ladders.records.describe` live in
:mod:`ladders.records` (no numpy) and are re-exported here.

Model. In a match, the seat ``s`` holding bot ``b`` has strength ``u = theta[b] + gamma[s]``, in natural
log-odds units; ``gamma[0] = 0`` anchors the seat terms (seat 0 is the reference). The placements follow
a Plackett-Luce model: the winner is drawn with probability proportional to ``exp(u)``, then the next
place among the rest, and so on. For two seats it is the Bradley-Terry / Elo logistic, so one natural
unit is ``400 / ln 10`` (about 173.7) Elo points.

Design detail: ties. A tied group is handled as in Breslow's partial likelihood: each member of the
group gets the factor ``exp(u_i) / sum(exp(u_j) for j not yet placed)``, all computed before any
of the group is removed. A tie therefore pulls the tied strengths together, a tie for last still counts,
and the likelihood stays concave. Without ties this is exactly Plackett-Luce.

Design detail: copies. Two seats of one bot in one match are two items with the same ``theta``; nothing
is skipped (their relative order only informs the seat terms).

Design detail: prior and anchor. A ridge penalty ``ridge / 2 * (|theta|^2 + |gamma|^2)`` (a Gaussian
prior with standard deviation ``1 / sqrt(ridge)`` natural units) keeps an unbeaten bot finite and the
Newton steps well posed; the default 0.01 is weak (sd about 1,700 Elo). Ratings are reported as
``anchor_rating + 400 / ln 10 * (theta[b] - mean(theta))`` (mean 1500 by default), or pinned on a named
``anchor_bot``.

Design detail: intervals. The bootstrap resamples pods (a pod = the matches of one table on one seed,
which are strongly correlated by the shared board), with replacement, ``samples`` times from a numpy
``Generator`` seeded with ``seed``, refits each sample (as match weights, warm-started), and reports the
2.5 and 97.5 percentiles: deterministic for a given input order and seed.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np
import numpy.typing as npt

from ladders.records import BotStats as BotStats  # re-exported: the fit's inputs and the plain statistics
from ladders.records import RatedMatch
from ladders.records import describe as describe

FloatArray = npt.NDArray[np.float64]
IntArray = npt.NDArray[np.int64]

ELO_PER_NAT = 400.0 / math.log(10.0)
"""Elo points per natural log-odds unit."""
DEFAULT_ANCHOR = 1500.0
"""Mean rating of a ladder when no anchor bot is named."""


@dataclass(frozen=True, slots=True)
class BotRating:
    """One bot's fitted rating."""

    bot: str
    rating: float
    """Maximum-likelihood (ridge-penalised) rating on the Elo scale."""
    low: float
    """2.5 percentile of the bootstrap (equals ``rating`` when there was no bootstrap)."""
    high: float
    """97.5 percentile of the bootstrap."""
    games: int
    """Seats played (a match with two copies of the bot counts two)."""


@dataclass(frozen=True, slots=True)
class SeatAdvantage:
    """How much a seat is worth, in Elo points against seat 0."""

    seat: int
    elo: float
    """Fitted advantage over seat 0 (0 for seat 0 itself)."""
    low: float
    high: float


@dataclass(frozen=True, slots=True)
class Standings:
    """The result of :func:`fit_ladder`."""

    bots: tuple[BotRating, ...]
    """Best first (by rating, then name)."""
    seats: tuple[SeatAdvantage, ...]
    """One per seat, seat 0 first."""
    matches: int
    pods: int
    samples: int
    """Bootstrap resamples behind the intervals (0 = none)."""


@dataclass(frozen=True, slots=True)
class _Design:
    names: tuple[str, ...]
    seats: int
    bot_index: IntArray
    """(matches, seats) index into ``names``."""
    risk: FloatArray
    """(matches, seats, seats): ``risk[m, i, j] = 1`` if seat j was not yet placed when seat i was."""
    pod_of: IntArray
    """(matches,) pod number."""
    pods: int


def _design(matches: Sequence[RatedMatch]) -> _Design:
    seats = len(matches[0].bots)
    names = tuple(sorted({b for m in matches for b in m.bots}))
    lookup = {b: i for i, b in enumerate(names)}
    # Pods are numbered in sorted key order, so the bootstrap does not depend on the finish order.
    pod_lookup = {key: i for i, key in enumerate(sorted({m.pod for m in matches}))}
    bot_index = np.empty((len(matches), seats), dtype=np.int64)
    places = np.empty((len(matches), seats), dtype=np.int64)
    pod_of = np.empty(len(matches), dtype=np.int64)
    for k, m in enumerate(matches):
        if len(m.bots) != seats or len(m.places) != seats:
            raise ValueError(
                f"match {k} of pod {m.pod!r} has {len(m.bots)} bots and {len(m.places)} places; "
                f"a ladder has one seat count ({seats})"
            )
        if any(not 1 <= p <= seats for p in m.places):
            raise ValueError(f"match {k} of pod {m.pod!r}: places {m.places} out of 1..{seats}")
        bot_index[k] = [lookup[b] for b in m.bots]
        places[k] = m.places
        pod_of[k] = pod_lookup[m.pod]
    risk = (places[:, None, :] >= places[:, :, None]).astype(np.float64)
    return _Design(names, seats, bot_index, risk, pod_of, len(pod_lookup))


def _objective(
    params: FloatArray, d: _Design, weights: FloatArray, ridge: float
) -> tuple[float, FloatArray, FloatArray]:
    """Penalised log-likelihood, its gradient and Hessian over ``theta`` then ``gamma[1:]``."""
    nb, ns = len(d.names), d.seats
    theta = params[:nb]
    gamma = np.concatenate(([0.0], params[nb:]))
    u = theta[d.bot_index] + gamma[None, :]
    u = u - u.max(axis=1, keepdims=True)
    e = np.exp(u)
    denom = np.einsum("mij,mj->mi", d.risk, e)
    prob = d.risk * e[:, None, :] / denom[:, :, None]  # (m, i, j): share of j in i's draw
    w = weights
    loglik = float(np.sum(w[:, None] * (u - np.log(denom))))
    share = prob.sum(axis=1)  # (m, j): expected number of draws seat j takes part in and wins
    grad_u = w[:, None] * (1.0 - share)
    hess_u = np.einsum("mij,mik->mjk", prob, prob)
    diagonal = np.arange(ns)
    hess_u[:, diagonal, diagonal] -= share
    hess_u *= w[:, None, None]
    # Map u-space to parameters: u[m, s] = theta[bot[m, s]] + gamma[s]. Column index per (m, s) for
    # the bot term and for the seat term (seat 0 has none: dropped below).
    total = nb + ns
    bot_col = d.bot_index
    seat_col = np.broadcast_to(nb + np.arange(ns), bot_col.shape)
    grad_full = np.bincount(bot_col.ravel(), grad_u.ravel(), minlength=total)
    grad_full += np.bincount(seat_col.ravel(), grad_u.ravel(), minlength=total)
    hess_full = np.zeros(total * total)
    for rows in (bot_col, seat_col):
        for cols in (bot_col, seat_col):
            flat = rows[:, :, None] * total + cols[:, None, :]
            hess_full += np.bincount(flat.ravel(), hess_u.ravel(), minlength=total * total)
    keep = np.r_[np.arange(nb), np.arange(nb + 1, total)]
    grad = grad_full[keep] - ridge * params
    hess = hess_full.reshape(total, total)[np.ix_(keep, keep)] - ridge * np.eye(len(keep))
    return loglik - 0.5 * ridge * float(params @ params), grad, hess


def _maximise(
    d: _Design, weights: FloatArray, ridge: float, start: FloatArray, tol: float = 1e-9, max_iter: int = 100
) -> FloatArray:
    """Newton's method with step halving; the objective is strictly concave."""
    params = start.copy()
    value, grad, hess = _objective(params, d, weights, ridge)
    for _ in range(max_iter):
        step = np.linalg.solve(hess, -grad)
        scale = 1.0
        while True:
            trial = params + scale * step
            t_value, t_grad, t_hess = _objective(trial, d, weights, ridge)
            if t_value >= value - 1e-12 or scale < 1e-6:
                break
            scale /= 2.0
        params, value, grad, hess = trial, t_value, t_grad, t_hess
        if float(np.max(np.abs(scale * step))) < tol:
            break
    return params


def _to_elo(theta: FloatArray, anchor_index: int | None, anchor_rating: float) -> FloatArray:
    centre = theta[anchor_index] if anchor_index is not None else theta.mean()
    return np.asarray(anchor_rating + ELO_PER_NAT * (theta - centre), dtype=np.float64)


def fit_ladder(
    matches: Sequence[RatedMatch],
    *,
    ridge: float = 0.01,
    samples: int = 200,
    seed: int = 0,
    anchor_bot: str | None = None,
    anchor_rating: float = DEFAULT_ANCHOR,
) -> Standings:
    """Fit the ratings and seat advantages of one ladder, with bootstrap 95 % intervals over pods.

    ``matches`` must all have the same seat count (one ladder = one variant and seat count); abandoned
    (aborted) matches should be left out by the caller. ``samples=0`` skips the bootstrap (intervals
    collapse onto the estimate). Deterministic for a given ``matches`` order and ``seed``.
    """
    if ridge <= 0:
        raise ValueError(f"ridge must be positive, got {ridge}")
    if samples < 0:
        raise ValueError(f"samples must be non-negative, got {samples}")
    if not matches:
        return Standings((), (), 0, 0, 0)
    d = _design(matches)
    nb = len(d.names)
    if anchor_bot is not None and anchor_bot not in d.names:
        raise ValueError(f"anchor bot {anchor_bot!r} has no result on this ladder")
    anchor_index = d.names.index(anchor_bot) if anchor_bot is not None else None
    ones = np.ones(len(matches))
    best = _maximise(d, ones, ridge, np.zeros(nb + d.seats - 1))
    elo = _to_elo(best[:nb], anchor_index, anchor_rating)
    seat_elo = ELO_PER_NAT * np.concatenate(([0.0], best[nb:]))
    elo_low, elo_high, seat_low, seat_high = elo, elo, seat_elo, seat_elo
    if samples:
        rng = np.random.default_rng(seed)
        boot_elo = np.empty((samples, nb))
        boot_seat = np.empty((samples, d.seats))
        for k in range(samples):
            drawn = np.bincount(rng.integers(0, d.pods, size=d.pods), minlength=d.pods)
            weights = drawn[d.pod_of].astype(np.float64)
            params = _maximise(d, weights, ridge, best, tol=1e-6)
            boot_elo[k] = _to_elo(params[:nb], anchor_index, anchor_rating)
            boot_seat[k] = ELO_PER_NAT * np.concatenate(([0.0], params[nb:]))
        elo_low, elo_high = np.percentile(boot_elo, [2.5, 97.5], axis=0)
        seat_low, seat_high = np.percentile(boot_seat, [2.5, 97.5], axis=0)
    games = np.bincount(d.bot_index.ravel(), minlength=nb)
    ratings = [
        BotRating(name, float(elo[i]), float(elo_low[i]), float(elo_high[i]), int(games[i]))
        for i, name in enumerate(d.names)
    ]
    ratings.sort(key=lambda r: (-r.rating, r.bot))
    seats = tuple(
        SeatAdvantage(s, float(seat_elo[s]), float(seat_low[s]), float(seat_high[s])) for s in range(d.seats)
    )
    return Standings(tuple(ratings), seats, len(matches), d.pods, samples)
