"""The official standings: a Bayesian fit of every result of a ladder, with calibrated intervals.

Pure numpy. The likelihood (Plackett-Luce placements, a term per seat, Davidson-Luce ties) is in
:mod:`ladders.model`; its input, :class:`~ladders.records.RatedMatch`, and the plain statistics of
:func:`~ladders.records.describe` live in :mod:`ladders.records` (no numpy) and are re-exported here.
Reference: ``docs/ladders.md`` (Reading the ladder).

Design detail: the prior (:class:`Prior`). Every rating is a posterior under a named Gaussian prior:
each bot ``N(field mean, 400^2)`` Elo, each seat's advantage over seat 0 ``N(0, 400^2)`` Elo, each log
tie weight ``N(0, 2^2)``. 400 Elo is the gap at which the stronger side is a 10:1 favourite; 95 % of
the prior lies within 800 Elo of the field, wide enough for a field from a random bot to a strong
heuristic, while a bot that won every game stays finite and a handful of games cannot put a bot
thousands of points away. With ``n`` games a bot's rating moves from its likelihood estimate towards
the field by about ``sd_data^2 / 400^2`` of the gap (``sd_data`` its data-only standard error): about
4 % after 5 pods of a five-bot, four-seat round robin, 2 % after 10, 0.6 % after 30 (measured).
By simulation (``benchmarks/calibrate_ratings.py``), with fields spread over 1,200 Elo a 200-Elo prior
pulls the ends in too far and an 800-Elo prior lets one-sided bounds float above the truth; 400 covers.

Design detail: intervals. Each reported rating is ``anchor + 400 / ln 10 * c @ x`` for a contrast ``c``
(the bot against the mean of the reference group). Its 95 % interval is the wider of two:

- model-based: the posterior mode plus or minus 1.96 posterior standard deviations (the inverse of the
  log-posterior's curvature), right when the games are independent;
- robust over pods: the pod-clustered sandwich ``H^-1 (sum over pods of s s^T) H^-1`` with the
  small-sample factor ``G / (G - 1)`` and a t quantile on ``G - 1`` degrees of freedom (``G`` pods, ``s``
  a pod's score), right when the games of a pod are correlated (they share a board and dice).

The model-based one is a floor because the sandwich cannot see variation inside a pod it has no
replicate of (a bot with one pod) and is noisy with few pods; it is widened by the ladder's pooled design
effect (below), so a bot whose own pods cannot show their correlation inherits the field's. Nothing is
resampled, so no bot is ever dropped. The calibration test (``tests/ladders/test_calibration.py``)
checks 95 % coverage by simulation at 3 to 6 seats and 5 to 200 pods; coverage measures 0.95 to 0.98,
erring wide with the fewest pods.

Design detail: one-sided bounds (:mod:`ladders.bounds`). When the data do not bound a bot on one side
(it never placed behind the reference group, or never ahead of it), its rating is reported as a
one-sided 95 % bound, the 5 % (or 95 %) quantile of its exact marginal posterior, and the reference
group is the largest strongly connected group of bots (all of them in a ladder without separation).
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass, field

import numpy as np

from ladders.bounds import Side, body, components, marginal_quantiles, sides
from ladders.dist import normal_cdf, normal_quantile, t_cdf, t_quantile
from ladders.model import Design, FloatArray, GaussianPrior, design, evaluate, maximise
from ladders.records import BotStats as BotStats  # re-exported: the fit's inputs and the plain statistics
from ladders.records import RatedMatch
from ladders.records import describe as describe

ELO_PER_NAT = 400.0 / math.log(10.0)
"""Elo points per natural log-odds unit."""
DEFAULT_ANCHOR = 1500.0
"""Mean rating of the reference group when no anchor bot is named."""
MIN_PODS = 10
"""A bot with fewer pods than this is provisional (its rating still leans on the prior)."""
LEVEL = 0.95
"""Coverage of every interval and one-sided bound."""


@dataclass(frozen=True, slots=True)
class Prior:
    """The Gaussian prior every rating is a posterior under (Elo points, except ``tie_sd``)."""

    bot_sd: float = 400.0
    """Standard deviation of each bot's rating around the field mean."""
    seat_sd: float = 400.0
    """Standard deviation of each seat's advantage over seat 0."""
    tie_sd: float = 2.0
    """Standard deviation of each log tie weight (natural log; mean 0, i.e. weight 1)."""

    def text(self) -> str:
        """One line naming the prior, for the printed ladder."""
        return (
            f"Gaussian, each bot N(mean of all bots, {self.bot_sd:.0f}²) Elo, each seat N(0, {self.seat_sd:.0f}²)"
            f" Elo against seat 0, each log tie weight N(0, {self.tie_sd:g}²)"
        )

    def to_json(self) -> dict[str, float | str]:
        return {"bot_sd": self.bot_sd, "seat_sd": self.seat_sd, "tie_sd": self.tie_sd, "text": self.text()}


@dataclass(frozen=True, slots=True)
class BotRating:
    """One bot's posterior rating."""

    bot: str
    rating: float
    """Posterior mode on the Elo scale (for a one-sided bot it leans on the prior: print the bound)."""
    low: float
    """Lower end of the 95 % interval; the one-sided 95 % bound for :attr:`Side.LOWER`, ``-inf`` for
    :attr:`Side.UPPER`."""
    high: float
    """Upper end; the bound for :attr:`Side.UPPER`, ``inf`` for :attr:`Side.LOWER`."""
    games: int
    """Seats played (a match with two copies of the bot counts two)."""
    pods: int
    """Pods the bot played in."""
    side: Side = Side.BOTH
    """Which sides the data bound."""
    provisional: bool = False
    """Fewer than ``min_pods`` pods."""


@dataclass(frozen=True, slots=True)
class SeatAdvantage:
    """How much a seat is worth, in Elo points against seat 0."""

    seat: int
    elo: float
    """Posterior mode (0 for seat 0 itself)."""
    low: float
    high: float


@dataclass(frozen=True, slots=True)
class TieWeight:
    """The Davidson-Luce weight of a ``size``-way tie (1 would make a tie of two equal bots as likely
    as either of them placing alone ahead of the other)."""

    size: int
    weight: float
    low: float
    high: float
    matches: int
    """Matches with a tie of exactly this many seats."""


@dataclass(frozen=True, slots=True)
class Standings:
    """The result of :func:`fit_ladder`."""

    bots: tuple[BotRating, ...]
    """Best first (by rating, then name)."""
    seats: tuple[SeatAdvantage, ...]
    """One per seat, seat 0 first."""
    matches: int
    pods: int
    ties: tuple[TieWeight, ...] = ()
    superiority: tuple[tuple[float, ...], ...] = ()
    """``superiority[i][j]``: posterior probability that ``bots[i]`` is stronger than ``bots[j]``
    (likelihood of superiority; 0.5 on the diagonal)."""
    reference: tuple[str, ...] = ()
    """The bots whose mean is ``anchor_rating`` (the anchor bot alone when one is named): the
    established bots (``min_pods`` or more) of the largest group the data connect, or that whole group
    while none is established; every bot in a ladder without newcomers or one-sided bots."""
    anchor_bot: str | None = None
    anchor_rating: float = DEFAULT_ANCHOR
    prior: Prior = field(default_factory=Prior)
    min_pods: int = MIN_PODS

    @property
    def is_provisional(self) -> bool:
        """Whether any bot has fewer than ``min_pods`` pods."""
        return any(b.provisional for b in self.bots)


def prior_for(d: Design, prior: Prior) -> GaussianPrior:
    """The prior as mean and precision vectors over the parameters of ``d`` (natural units)."""
    precision = np.empty(d.parameters)
    precision[: d.seat_offset] = (ELO_PER_NAT / prior.bot_sd) ** 2
    precision[d.seat_offset : d.tie_offset] = (ELO_PER_NAT / prior.seat_sd) ** 2
    precision[d.tie_offset :] = 1.0 / prior.tie_sd**2
    return GaussianPrior(np.zeros(d.parameters), precision)


def fit_ladder(
    matches: Sequence[RatedMatch],
    *,
    prior: Prior | None = None,
    anchor_bot: str | None = None,
    anchor_rating: float = DEFAULT_ANCHOR,
    min_pods: int = MIN_PODS,
) -> Standings:
    """Fit the ratings, seat advantages and tie weights of one ladder, with 95 % intervals.

    ``matches`` must all have the same seat count (one ladder = one variant and seat count); abandoned
    (aborted) matches should be left out by the caller. Deterministic and independent of the order of
    ``matches``.
    """
    prior = prior or Prior()
    if min(prior.bot_sd, prior.seat_sd, prior.tie_sd) <= 0:
        raise ValueError(f"prior standard deviations must be positive, got {prior}")
    if not matches:
        return Standings((), (), 0, 0, prior=prior, min_pods=min_pods)
    d = design(matches)
    nb = len(d.names)
    if anchor_bot is not None and anchor_bot not in d.names:
        raise ValueError(f"anchor bot {anchor_bot!r} has no result on this ladder")
    gauss = prior_for(d, prior)
    mode, _, hessian = maximise(d, gauss)
    covariance = np.asarray(np.linalg.inv(-hessian), dtype=np.float64)
    ev = evaluate(mode, d, pod_scores=True)
    assert ev.pod_scores is not None
    pods = len(d.pod_keys)
    meat = ev.pod_scores.T @ ev.pod_scores * (pods / max(pods - 1, 1))
    robust = np.asarray(covariance @ meat @ covariance, dtype=np.float64)
    intervals = _Intervals(covariance, robust, pods)

    games = np.bincount(d.bot_index.ravel(), minlength=nb)
    pods_of = [len(set(d.pod_of[(d.bot_index == b).any(axis=1)].tolist())) for b in range(nb)]
    comp = components(d)
    group, reference = _field(d, mode, comp, pods_of, anchor_bot, min_pods)
    side_of = sides(d, group)
    contrast = [_against(d, b, reference) for b in range(nb)]
    # Design detail: pooled design effect. A bot's own pods show how correlated its games are only when
    # it has several; the ratio of robust to model-based variance pooled over the field's bots with two
    # or more pods widens every bot's model-based interval (a bot with one pod included), and, with the
    # t quantile's widening folded in, tempers the likelihood behind the one-sided bounds.
    pooled = [contrast[b] for b in group if pods_of[b] >= 2]
    inflate = intervals.design_effect(pooled)
    temper = intervals.design_effect(pooled, small_sample=True)
    ratings = []
    for b, name in enumerate(d.names):
        c = contrast[b]
        rating = float(c @ mode)
        if not c.any():  # the anchor bot itself
            low = high = rating
        elif side_of[b] is not Side.BOTH or comp[b] != comp[group[0]]:
            low, high = _exact_bounds(d, gauss, mode, hessian, c, side_of[b], temper)
        else:
            half = intervals.half_width(c, inflate)
            low, high = rating - half, rating + half
        shown = (
            anchor_rating + ELO_PER_NAT * rating,
            anchor_rating + ELO_PER_NAT * low,
            anchor_rating + ELO_PER_NAT * high,
        )
        ratings.append(BotRating(name, *shown, int(games[b]), pods_of[b], side_of[b], pods_of[b] < min_pods))
    order = sorted(range(nb), key=lambda b: (-ratings[b].rating, d.names[b]))
    superiority = tuple(
        tuple(intervals.superiority(mode, _difference(d, i, j), inflate) for j in order) for i in order
    )
    seats = [SeatAdvantage(0, 0.0, 0.0, 0.0)]
    for s in range(1, d.seats):
        c = np.zeros(d.parameters)
        c[d.seat_offset + s - 1] = 1.0
        elo, half = ELO_PER_NAT * float(c @ mode), ELO_PER_NAT * intervals.half_width(c)
        seats.append(SeatAdvantage(s, elo, elo - half, elo + half))
    return Standings(
        tuple(ratings[b] for b in order),
        tuple(seats),
        len(matches),
        pods,
        _ties(d, mode, intervals),
        superiority,
        tuple(d.names[b] for b in reference),
        anchor_bot,
        anchor_rating,
        prior,
        min_pods,
    )


def _field(
    d: Design,
    mode: FloatArray,
    comp: Sequence[int],
    pods_of: Sequence[int],
    anchor_bot: str | None,
    min_pods: int,
) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """The strongly connected group the ratings are read against, and the bots whose mean is the anchor:
    the anchor bot alone, or the established bots of the largest group (all of it while none is), so that
    a newcomer's uncertain rating does not move (or blur) everyone else's."""
    if anchor_bot is not None:
        anchor = d.names.index(anchor_bot)
        return tuple(b for b in range(len(comp)) if comp[b] == comp[anchor]), (anchor,)
    group = body(d, mode[: len(d.names)])
    return group, tuple(b for b in group if pods_of[b] >= min_pods) or group


def _against(d: Design, bot: int, reference: Sequence[int]) -> FloatArray:
    """The contrast of ``bot`` against the mean of ``reference``."""
    c = np.zeros(d.parameters)
    c[list(reference)] = -1.0 / len(reference)
    c[bot] += 1.0
    return c


def _exact_bounds(
    d: Design,
    prior: GaussianPrior,
    mode: FloatArray,
    hessian: FloatArray,
    c: FloatArray,
    side: Side,
    temper: float,
) -> tuple[float, float]:
    """The 95 % interval, or one-sided bound with the other end infinite, from the marginal posterior."""
    alpha = 1.0 - LEVEL
    if side is Side.LOWER:
        return marginal_quantiles(d, prior, mode, hessian, c, [alpha], temper)[0], math.inf
    if side is Side.UPPER:
        return -math.inf, marginal_quantiles(d, prior, mode, hessian, c, [1.0 - alpha], temper)[0]
    low, high = marginal_quantiles(d, prior, mode, hessian, c, [alpha / 2, 1.0 - alpha / 2], temper)
    return low, high


def _difference(d: Design, i: int, j: int) -> FloatArray:
    c = np.zeros(d.parameters)
    c[i] += 1.0
    c[j] -= 1.0
    return c


def _ties(d: Design, mode: FloatArray, intervals: _Intervals) -> tuple[TieWeight, ...]:
    group_size = (d.places[:, :, None] == d.places[:, None, :]).sum(axis=2)  # (m, s)
    out = []
    for size in range(2, d.max_tie + 1):
        c = np.zeros(d.parameters)
        c[d.tie_offset + size - 2] = 1.0
        value, half = float(c @ mode), intervals.half_width(c)
        matches = int((group_size == size).any(axis=1).sum())
        out.append(TieWeight(size, math.exp(value), math.exp(value - half), math.exp(value + half), matches))
    return tuple(out)


@dataclass(frozen=True, slots=True)
class _Intervals:
    """Half-widths and superiority probabilities from the model-based and robust covariances."""

    covariance: FloatArray
    robust: FloatArray
    pods: int

    def _parts(self, c: FloatArray) -> tuple[float, float]:
        return float(c @ self.covariance @ c), float(c @ self.robust @ c)

    def half_width(self, c: FloatArray, inflate: float = 1.0) -> float:
        """Half the width of the 95 % interval of ``c @ x`` (natural units); ``inflate`` multiplies the
        model-based variance (the ladder's pooled design effect, for a bot whose own pods cannot show
        it)."""
        model, robust = self._parts(c)
        half = normal_quantile(0.5 + LEVEL / 2) * math.sqrt(max(model * inflate, 0.0))
        if self.pods >= 2:
            half = max(half, t_quantile(0.5 + LEVEL / 2, self.pods - 1) * math.sqrt(max(robust, 0.0)))
        return half

    def design_effect(self, contrasts: Sequence[FloatArray], *, small_sample: bool = False) -> float:
        """Robust over model-based variance, pooled over ``contrasts`` (at least 1; 1 without contrasts
        or pods to compare). ``small_sample`` folds in the t quantile's widening as a variance ratio."""
        if self.pods < 2 or not contrasts:
            return 1.0
        model = sum(self._parts(c)[0] for c in contrasts)
        robust = sum(self._parts(c)[1] for c in contrasts)
        factor = 1.0
        if small_sample:
            factor = (t_quantile(0.5 + LEVEL / 2, self.pods - 1) / normal_quantile(0.5 + LEVEL / 2)) ** 2
        return max(1.0, factor * robust / model) if model > 0 else 1.0

    def superiority(self, mode: FloatArray, c: FloatArray, inflate: float = 1.0) -> float:
        """P(c @ x > 0): the less confident of the model-based normal and the robust t."""
        gap = float(c @ mode)
        model, robust = self._parts(c)
        model *= inflate
        if model <= 0.0:
            return 0.5
        chances = [normal_cdf(gap / math.sqrt(model))]
        if self.pods >= 2 and robust > 0.0:
            chances.append(t_cdf(gap / math.sqrt(robust), self.pods - 1))
        return min(chances, key=lambda p: abs(p - 0.5))
