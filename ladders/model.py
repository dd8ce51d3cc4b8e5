"""The likelihood behind the ratings: Plackett-Luce placements with seat terms and Davidson-Luce ties.

Pure numpy. :func:`design` turns rated matches into arrays once; :func:`evaluate` gives the
log-likelihood, its gradient and Hessian (and each pod's share of the gradient, for the robust
variance of :mod:`ladders.fit`); :func:`maximise` finds the mode of likelihood times a Gaussian prior.

Model. In a match, the seat ``s`` holding bot ``b`` has strength ``u = theta[b] + gamma[s]`` in natural
log-odds units (``gamma[0] = 0``: seat 0 is the reference). A match's placement is read from the top
as a sequence of draws: from the seats not yet placed (``S``), the group ``T`` that shares the next
place is drawn with probability

    delta[|T|] * exp(mean(u[T])) / sum(delta[|U|] * exp(mean(u[U])) for U a non-empty subset of S)

with ``delta[1] = 1``. This is the Davidson-Luce model (Firth, Kosmidis and Turner, 2019): without
ties it is exactly Plackett-Luce (the winner drawn in proportion to ``exp(u)``, then the next place
among the rest...), and for two seats exactly Bradley-Terry / Elo; ``delta[k]`` (``k >= 2``) is the
prevalence of a ``k``-way tie, fitted with the ratings (only up to the largest tie in the data; larger
groups are not drawn). A tie is likelier between seats of similar strength (the geometric mean
``exp(mean(u[T]))`` is largest relative to the members' own weights when they are equal), so a tie is
evidence that the tied bots are close, but it is not counted as a half-win and does not compress the
scale as Breslow's treatment does.

Design detail: concavity. In the parameters ``(theta, gamma, log delta)`` every draw's log-probability
is linear minus a log-sum-exp of linear functions, so the log-likelihood is concave and Newton's method
with step halving finds the mode of the log-posterior (concave plus a Gaussian prior) reliably.

Design detail: copies. Two seats of one bot in one match are two items with the same ``theta``;
nothing is skipped (their relative order only informs the seat terms and the tie weights).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

import numpy as np
import numpy.typing as npt

from ladders.records import RatedMatch

FloatArray = npt.NDArray[np.float64]
IntArray = npt.NDArray[np.int64]


@dataclass(frozen=True, slots=True)
class Design:
    """The arrays of one ladder's rated matches, built once by :func:`design`."""

    names: tuple[str, ...]
    """Bots, sorted; ``theta`` follows this order."""
    seats: int
    max_tie: int
    """The largest group sharing a place in the data (1 = no ties)."""
    pod_keys: tuple[str, ...]
    """Pods, sorted; ``pod_of`` indexes this."""
    bot_index: IntArray
    """(matches, seats): index into ``names``."""
    places: IntArray
    """(matches, seats): the place of each seat, 1 = best."""
    pod_of: IntArray
    """(matches,): index into ``pod_keys``."""
    chosen: IntArray
    """(matches, seats): the subset drawn for the place of each seat (index into the subsets); one
    real draw per place, held by the place's lowest seat."""
    allowed: npt.NDArray[np.bool_]
    """(matches, seats, subsets): which subsets could have been drawn (those of the unplaced seats)."""
    valid: FloatArray
    """(matches, seats): 1 for a real draw, 0 for a seat that holds none."""
    loadings: FloatArray
    """(subsets, seats + max_tie - 1): how a subset's log-weight loads on each seat's ``u`` (1/|U|
    for its members) and on ``log delta[k]`` (one-hot for ``k = |U| >= 2``)."""
    weight: FloatArray | None = None
    """(matches,): how many times each match counts (None: once each), so that identical results can
    be given once with their count."""
    scatter: _Scatter = field(init=False, repr=False, compare=False)
    """What :func:`evaluate` needs of these arrays that does not depend on the parameters."""

    def __post_init__(self) -> None:
        object.__setattr__(self, "scatter", _scatter(self))

    @property
    def parameters(self) -> int:
        """Length of the parameter vector: ``theta``, ``gamma[1:]``, ``log delta[2:]``."""
        return len(self.names) + self.seats - 1 + self.max_tie - 1

    @property
    def seat_offset(self) -> int:
        """Index of ``gamma[1]`` in the parameter vector."""
        return len(self.names)

    @property
    def tie_offset(self) -> int:
        """Index of ``log delta[2]`` in the parameter vector."""
        return len(self.names) + self.seats - 1


def _subsets(seats: int, max_tie: int) -> tuple[dict[int, int], FloatArray]:
    """Bit masks of the seat subsets of at most ``max_tie`` seats, and their loadings."""
    masks = [mask for mask in range(1, 1 << seats) if mask.bit_count() <= max_tie]
    index = {mask: k for k, mask in enumerate(masks)}
    loadings = np.zeros((len(masks), seats + max_tie - 1))
    for k, mask in enumerate(masks):
        members = [s for s in range(seats) if mask >> s & 1]
        loadings[k, members] = 1.0 / len(members)
        if len(members) >= 2:
            loadings[k, seats + len(members) - 2] = 1.0
    return index, loadings


def design(matches: Sequence[RatedMatch], weights: Sequence[float] | None = None) -> Design:
    """The arrays of ``matches`` (one seat count; places in ``1..seats``; at least one match), each
    counted ``weights[k]`` times (default once)."""
    seats = len(matches[0].bots)
    names = tuple(sorted({b for m in matches for b in m.bots}))
    lookup = {b: i for i, b in enumerate(names)}
    # Pods are numbered in sorted key order, so nothing depends on the order the matches finished in.
    pod_keys = tuple(sorted({m.pod for m in matches}))
    pod_lookup = {key: i for i, key in enumerate(pod_keys)}
    count = len(matches)
    bot_index = np.empty((count, seats), dtype=np.int64)
    places = np.empty((count, seats), dtype=np.int64)
    pod_of = np.empty(count, dtype=np.int64)
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
    same = places[:, :, None] == places[:, None, :]  # (m, s, t): seats s and t share a place
    max_tie = int(same.sum(axis=2).max())
    index, loadings = _subsets(seats, max_tie)
    bits = 1 << np.arange(seats, dtype=np.int64)
    group = same.astype(np.int64) @ bits  # (m, s): the seats sharing seat s's place
    left = (places[:, None, :] >= places[:, :, None]).astype(np.int64) @ bits  # not placed before s
    # One draw per place: seat s stands for its group when no lower seat shares its place, and the
    # last seat alone (drawn with probability 1) is left out.
    first_of_group = ~np.triu(same, k=1).transpose(0, 2, 1).any(axis=2)
    several_left = (left & (left - 1)) != 0
    valid = (first_of_group & several_left).astype(np.float64)
    subset_of = np.zeros(1 << seats, dtype=np.int64)
    subset_of[list(index)] = np.arange(len(index))
    chosen = np.where(valid > 0, subset_of[group], 0)
    subset_masks = np.array(list(index), dtype=np.int64)
    allowed = (subset_masks[None, None, :] & ~left[:, :, None]) == 0
    allowed[valid == 0] = False
    allowed[:, :, 0] |= valid == 0  # padding draws: a harmless one-subset draw, weighted 0 by ``valid``
    weight = None if weights is None else np.asarray(weights, dtype=np.float64)
    if weight is not None and weight.shape != (count,):
        raise ValueError(f"{len(weight)} weights for {count} matches")
    return Design(
        names, seats, max_tie, pod_keys, bot_index, places, pod_of, chosen, allowed, valid, loadings, weight
    )


@dataclass(frozen=True, slots=True)
class Evaluation:
    """The log-likelihood at one parameter vector, with its derivatives."""

    loglik: float
    gradient: FloatArray
    hessian: FloatArray
    pod_scores: FloatArray | None
    """(pods, parameters): each pod's share of the gradient, when asked for."""


@dataclass(frozen=True, slots=True)
class _Scatter:
    """The parameter-free parts of :func:`evaluate` for one design, computed once.

    Design detail: a match's gradient and Hessian are computed in its own small space (each seat's
    ``u`` and each ``log delta``) and then added into the full parameter space; ``u`` loads on two
    parameters (the bot's ``theta`` and the seat's ``gamma``), so every entry goes to two places for
    the gradient and four for the Hessian. The flat target indices of all of them are kept here, so
    that each sum is one ``bincount``.
    """

    full: int
    """Size of the full index space (parameters, ``gamma[0]`` and a discard slot)."""
    keep: IntArray
    """The parameters among the full indices."""
    mask: FloatArray
    """``allowed`` as floats."""
    outer: FloatArray
    """(subsets, q * q): the outer product of each subset's loadings."""
    drawn: FloatArray
    """(matches, q): the loadings of the drawn subsets, summed over the match's real draws."""
    grad_index: IntArray
    """Full index of each (copy of each) gradient entry of every match."""
    hess_index: IntArray
    """Flat full index of each (copy of each) Hessian entry of every match."""
    pod_index: IntArray
    """Flat (pod, full index) of each gradient entry, for the pods' scores."""
    hess_keep: IntArray
    """Flat full indices of the parameters' Hessian, row by row."""
    chosen_flat: IntArray
    """(matches, seats): flat index of each draw's subset among the (matches, subsets) log-weights."""
    unreal: FloatArray
    """(matches, seats): 1 where a draw is padding (``valid`` 0), else 0."""


def _scatter(d: Design) -> _Scatter:
    first, second, full = _columns(d)
    q = d.loadings.shape[1]
    outer = (d.loadings[:, :, None] * d.loadings[:, None, :]).reshape(len(d.loadings), q * q)
    drawn = (d.loadings[d.chosen] * d.valid[:, :, None]).sum(axis=1)
    pairs = [(rows, cols) for rows in (first, second) for cols in (first, second)]
    hess_index = np.concatenate(
        [(rows[:, :, None] * full + cols[:, None, :]).ravel() for rows, cols in pairs]
    )
    pod_index = np.concatenate([(d.pod_of[:, None] * full + cols).ravel() for cols in (first, second)])
    keep = _keep(d)
    subsets = len(d.loadings)
    return _Scatter(
        full=full,
        keep=keep,
        mask=d.allowed.astype(np.float64),
        outer=outer,
        drawn=drawn,
        grad_index=np.concatenate([first.ravel(), second.ravel()]),
        hess_index=hess_index,
        pod_index=pod_index,
        hess_keep=(keep[:, None] * full + keep[None, :]).ravel(),
        chosen_flat=np.arange(len(d.chosen))[:, None] * subsets + d.chosen,
        unreal=(d.valid <= 0).astype(np.float64),
    )


def _sums(index: IntArray, values: FloatArray, size: int) -> FloatArray:
    """``out[i]`` = the sum of ``values`` at the positions where ``index`` is ``i``."""
    return np.asarray(np.bincount(index, values, minlength=size), dtype=np.float64)


def _columns(d: Design) -> tuple[IntArray, IntArray, int]:
    """Two parameter columns per match and loading (the bot and the seat of a ``u``; a ``log delta``
    and a discarded slot), in a full index space that also holds ``gamma[0]`` and the discard slot."""
    nb, ns, extra = len(d.names), d.seats, d.max_tie - 1
    full = nb + ns + extra + 1
    trash = full - 1
    m = len(d.bot_index)
    first = np.concatenate([d.bot_index, np.broadcast_to(nb + ns + np.arange(extra), (m, extra))], axis=1)
    second = np.concatenate(
        [np.broadcast_to(nb + np.arange(ns), (m, ns)), np.full((m, extra), trash)], axis=1
    )
    return first, second, full


def _keep(d: Design) -> IntArray:
    nb, ns = len(d.names), d.seats
    full = nb + ns + d.max_tie
    return np.concatenate([np.arange(nb), np.arange(nb + 1, full - 1)]).astype(np.int64)


def evaluate(x: FloatArray, d: Design, *, pod_scores: bool = False) -> Evaluation:
    """Log-likelihood of the matches at ``x`` (``theta``, ``gamma[1:]``, ``log delta[2:]``)."""
    nb, ns = len(d.names), d.seats
    theta = x[:nb]
    gamma = np.concatenate(([0.0], x[nb : nb + ns - 1]))
    log_delta = np.concatenate(([0.0], x[d.tie_offset :]))
    u = theta[d.bot_index] + gamma[None, :]
    ext = np.concatenate([u, np.broadcast_to(log_delta[1:], (len(u), d.max_tie - 1))], axis=1)
    z = ext @ d.loadings.T  # (m, subsets): log-weight of every subset
    # Design detail: one exponential per match and subset, scaled by the match's largest weight; a
    # draw's total is then a masked sum. Should a total underflow (a draw among seats e^-700 weaker than
    # the strongest subset, far outside what the prior allows), it is recomputed on its own scale.
    top = z.max(axis=1, keepdims=True)
    e = np.exp(z - top)
    sc = d.scatter
    mask = sc.mask
    total = np.einsum("msk,mk->ms", mask, e)
    floored = np.maximum(total, 1e-300)
    lse = np.log(floored) + top
    # each draw's probabilities, padding draws zeroed (``valid``); the padding's totals are lifted
    # above the underflow check by ``unreal``
    prob = mask * e[:, None, :]
    prob *= (d.valid / floored)[:, :, None]
    if np.any(total + sc.unreal < 1e-250):
        zs = np.where(d.allowed, z[:, None, :], -np.inf)
        draw_top = zs.max(axis=2, keepdims=True)
        scaled = np.exp(zs - draw_top)
        total = scaled.sum(axis=2)
        lse = np.log(total) + draw_top[:, :, 0]
        prob = scaled / total[:, :, None] * d.valid[:, :, None]
    picked = z.ravel()[sc.chosen_flat]
    per_match = np.sum(d.valid * (picked - lse), axis=1)
    loglik = float(np.sum(per_match if d.weight is None else d.weight * per_match))
    mean_load = prob @ d.loadings  # (m, draws, q): expected loading of the drawn subset
    # the middle axis summed by einsum: numpy's sum(axis=1) of these arrays is several times slower
    grad_ext = sc.drawn - np.einsum("msq->mq", mean_load)
    weight = np.einsum("msk->mk", prob)  # (m, subsets)
    q = d.loadings.shape[1]
    hess_ext = np.matmul(mean_load.transpose(0, 2, 1), mean_load) - (weight @ sc.outer).reshape(-1, q, q)
    if d.weight is not None:
        grad_ext = grad_ext * d.weight[:, None]
        hess_ext = hess_ext * d.weight[:, None, None]
    full, keep = sc.full, sc.keep
    grad_flat = grad_ext.ravel()
    grad_full = _sums(sc.grad_index, np.concatenate((grad_flat, grad_flat)), full)
    hess_flat = hess_ext.ravel()
    hess_full = _sums(
        sc.hess_index, np.concatenate((hess_flat, hess_flat, hess_flat, hess_flat)), full * full
    )
    scores = None
    if pod_scores:
        pods = len(d.pod_keys)
        by_pod = _sums(sc.pod_index, np.concatenate((grad_flat, grad_flat)), pods * full)
        scores = by_pod.reshape(pods, full)[:, keep]
    return Evaluation(loglik, grad_full[keep], hess_full[sc.hess_keep].reshape(len(keep), len(keep)), scores)


@dataclass(frozen=True, slots=True)
class GaussianPrior:
    """An independent Gaussian on every parameter: ``mean`` and ``precision`` (1 / variance) vectors."""

    mean: FloatArray
    precision: FloatArray

    def log_density(self, x: FloatArray) -> float:
        """Up to a constant."""
        r = x - self.mean
        return -0.5 * float(np.sum(self.precision * r * r))


def log_posterior(
    x: FloatArray, d: Design, prior: GaussianPrior, temper: float = 1.0
) -> tuple[float, FloatArray, FloatArray]:
    """Log-likelihood (divided by ``temper``) plus log prior (up to a constant), with its gradient and
    Hessian. ``temper > 1`` counts every game as ``1 / temper`` of a game (for correlated games)."""
    ev = evaluate(x, d)
    value = ev.loglik / temper + prior.log_density(x)
    grad = ev.gradient / temper - prior.precision * (x - prior.mean)
    hess = ev.hessian / temper - np.diag(prior.precision)
    return value, grad, hess


def maximise(
    d: Design,
    prior: GaussianPrior,
    start: FloatArray | None = None,
    *,
    tol: float = 1e-9,
    max_iter: int = 200,
    basis: FloatArray | None = None,
    temper: float = 1.0,
) -> tuple[FloatArray, float, FloatArray]:
    """The posterior mode by Newton's method with step halving: ``(x, log posterior, Hessian)``.

    With ``basis`` (a ``(parameters, k)`` matrix), only ``start + basis @ z`` is searched: the mode
    along an affine subspace, for profiles.

    Design detail: the search ends when a Newton step moves no parameter by ``tol`` or more. A full
    step that small is not taken: the point it starts from is returned, with its value and Hessian,
    which spares the evaluation of the likelihood that taking it would cost (one in four or five of a
    fit's, the likelihood being most of its time).
    """
    x = np.zeros(d.parameters) if start is None else start.copy()
    value, grad, hess = log_posterior(x, d, prior, temper)
    for _ in range(max_iter):
        if basis is None:
            step = np.linalg.solve(hess, -grad)
        else:
            step = basis @ np.linalg.solve(basis.T @ hess @ basis, -(basis.T @ grad))
        if float(np.max(np.abs(step))) < tol:
            break
        scale = 1.0
        while True:
            trial = x + scale * step
            t_value, t_grad, t_hess = log_posterior(trial, d, prior, temper)
            if t_value >= value - 1e-12 or scale < 1e-8:
                break
            scale /= 2.0
        if t_value < value - 1e-12:
            break
        x, value, grad, hess = trial, t_value, t_grad, t_hess
        if float(np.max(np.abs(scale * step))) < tol:
            break
    return x, value, hess
