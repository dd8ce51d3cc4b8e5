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
resampled, so no bot is ever dropped. Where the posterior is far from Gaussian along the contrast (near
separation, few games), the interval follows its skew (:mod:`ladders.intervals`). The calibration test
(``tests/ladders/test_calibration.py``) checks 95 % coverage by simulation at 3 to 6 seats and 5 to 200
pods; with few pods per bot and luck shared within a pod the intervals cover less, and the standings
say so (:mod:`ladders.coverage`).

Design detail: one-sided bounds (:mod:`ladders.bounds`, :mod:`ladders.onesided`). When the data do not
bound a bot on one side (it never placed behind the reference group, or never ahead of it), its rating
is reported as a one-sided 99 % bound from its own record, and the reference group is the largest
strongly connected group of bots (all of them in a ladder without separation), less any bot whose
rating against the rest is skewed, so that one game of a nearly separated bot does not move the field.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass, field

import numpy as np

from ladders.bounds import Side, components, marginal_quantiles, sides
from ladders.coverage import few_pods_warning
from ladders.field import against, established, read_field
from ladders.groups import apart_warning, met_groups
from ladders.intervals import LEVEL as LEVEL
from ladders.intervals import SKEW_LIMIT, Basis, Intervals, skewed_interval
from ladders.model import Design, FloatArray, GaussianPrior, design, evaluate, maximise
from ladders.onesided import LEVEL as ONE_SIDED_LEVEL
from ladders.onesided import record_bound
from ladders.records import BotStats as BotStats  # re-exported: the fit's inputs and the plain statistics
from ladders.records import RatedMatch
from ladders.records import describe as describe

ELO_PER_NAT = 400.0 / math.log(10.0)
"""Elo points per natural log-odds unit."""
DEFAULT_ANCHOR = 1500.0
"""Mean rating of the reference group when no anchor bot is named."""
MIN_PODS = 10
"""A bot with fewer pods than this is provisional (its rating still leans on the prior)."""


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
    """Posterior mode on the Elo scale (for a one-sided bot it is where the prior stops it: print its
    bound beside it)."""
    low: float
    """Lower end of the 95 % interval; the one-sided bound (at :attr:`level`) for :attr:`Side.LOWER`,
    ``-inf`` for :attr:`Side.UPPER`."""
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
    basis: Basis = Basis.NORMAL
    """How :attr:`low` and :attr:`high` were found."""

    @property
    def level(self) -> float:
        """The confidence of the interval or bound (0.95; 0.99 for a bound from the record)."""
        return ONE_SIDED_LEVEL if self.basis is Basis.RECORD else LEVEL


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
    while none is established, leaving out a bot whose rating against the others is skewed (one game
    from separation); every bot in a ladder without newcomers or one-sided bots."""
    anchor_bot: str | None = None
    anchor_rating: float = DEFAULT_ANCHOR
    prior: Prior = field(default_factory=Prior)
    min_pods: int = MIN_PODS
    warnings: tuple[str, ...] = ()
    """Lines a reader must see beside the standings: bots that no chain of matches joins
    (:mod:`ladders.groups`), and where the intervals are known to cover less than they say
    (:mod:`ladders.coverage`)."""

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
    if not matches:
        _check(prior)
        return Standings((), (), 0, 0, prior=prior, min_pods=min_pods)
    core = _solve(matches, prior)
    d, gauss, mode, hessian, intervals, pods_of = (
        core.d, core.gauss, core.mode, core.hessian, core.intervals, core.pods_of
    )  # fmt: skip
    nb = len(d.names)
    if anchor_bot is not None and anchor_bot not in d.names:
        raise ValueError(f"anchor bot {anchor_bot!r} has no result on this ladder")
    games = np.bincount(d.bot_index.ravel(), minlength=nb)
    comp = core.comp
    ref = read_field(d, gauss, mode, core.top, intervals.covariance, comp, pods_of, anchor_bot, min_pods)
    group, reference, contrast = ref.group, ref.reference, ref.contrasts
    side_of = sides(d, group)
    # Design detail: pooled design effect. A bot's own pods show how correlated its games are only when
    # it has several; the ratio of robust to model-based variance pooled over the field's bots with two
    # or more pods widens every bot's model-based interval (a bot with one pod included) and tempers the
    # likelihood behind the skewed intervals and the chance of a record behind the one-sided bounds; with
    # the t quantile's widening folded in, it tempers the exact posterior quantiles of bots apart.
    pooled = [against(d, b, ref.base) for b in group if pods_of[b] >= 2]
    inflate = intervals.design_effect(pooled)
    temper = intervals.design_effect(pooled, small_sample=True)
    ratings = []
    for b, name in enumerate(d.names):
        c = contrast[b]
        rating = float(c @ mode)
        basis = Basis.NORMAL
        if not c.any():  # the anchor bot itself
            low = high = rating
            basis = Basis.ANCHOR
        elif side_of[b] is not Side.BOTH:
            # Design detail: a provisional bot's record counts its pods. Its few pods cannot show how
            # much luck their games share, and a record selected for being unbeaten is where that luck
            # shows most (6 bots at 3 seats, 6 pods, luck shared: bounds tempered by the pooled design
            # effect held 0.85); so its bound assumes the worst, games of a pod as one game.
            record = max(inflate, games[b] / pods_of[b]) if pods_of[b] < min_pods else inflate
            (low, high), basis = _one_sided(d, gauss, mode, hessian, c, b, side_of[b], record, temper)
        elif comp[b] != comp[group[0]]:
            low, high = _exact_bounds(d, gauss, mode, hessian, c, side_of[b], temper)
            basis = Basis.POSTERIOR
        elif ref.skews[b] > SKEW_LIMIT:
            low, high = skewed_interval(d, gauss, mode, hessian, c, intervals, inflate)
            basis = Basis.SKEWED
        else:
            half = intervals.half_width(c, inflate)
            low, high = rating - half, rating + half
        shown = (
            anchor_rating + ELO_PER_NAT * rating,
            anchor_rating + ELO_PER_NAT * low,
            anchor_rating + ELO_PER_NAT * high,
        )
        ratings.append(
            BotRating(name, *shown, int(games[b]), pods_of[b], side_of[b], pods_of[b] < min_pods, basis)
        )
    warnings = [
        w
        for w in (
            apart_warning(met_groups(matches)),
            few_pods_warning(d.seats, sum(pods_of[b] for b in group) / len(group)),
        )
        if w is not None
    ]
    order, superiority = _order(d, mode, intervals, inflate)
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
        intervals.pods,
        _ties(d, mode, intervals),
        superiority,
        tuple(d.names[b] for b in reference),
        anchor_bot,
        anchor_rating,
        prior,
        min_pods,
        tuple(warnings),
    )


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


@dataclass(frozen=True, slots=True)
class Ranking:
    """The order of a ladder's bots and how sure it is, without intervals (:func:`rank_ladder`)."""

    names: tuple[str, ...]
    """Best first: the order of :attr:`Standings.bots`."""
    superiority: tuple[tuple[float, ...], ...]
    """As :attr:`Standings.superiority`."""
    provisional: bool
    """As :attr:`Standings.is_provisional`."""


def rank_ladder(
    matches: Sequence[RatedMatch], *, prior: Prior | None = None, min_pods: int = MIN_PODS
) -> Ranking:
    """The order and likelihoods of superiority that :func:`fit_ladder` gives ``matches``, the same
    numbers, without its intervals and bounds (which cost most of a fit): the adaptive schedule's
    stopping rule reads nothing else, after every pod."""
    prior = prior or Prior()
    if not matches:
        _check(prior)
        return Ranking((), (), False)
    core = _solve(matches, prior)
    d, pods_of = core.d, core.pods_of
    group, base = established(d, core.mode, core.comp, pods_of, None, min_pods)
    inflate = core.intervals.design_effect([against(d, b, base) for b in group if pods_of[b] >= 2])
    order, superiority = _order(d, core.mode, core.intervals, inflate)
    return Ranking(tuple(d.names[b] for b in order), superiority, min(pods_of) < min_pods)


@dataclass(frozen=True, slots=True)
class _Core:
    """What every fit of a ladder's matches starts from."""

    d: Design
    gauss: GaussianPrior
    mode: FloatArray
    top: float
    """The log-posterior at :attr:`mode`."""
    hessian: FloatArray
    intervals: Intervals
    pods_of: list[int]
    comp: tuple[int, ...]


def _check(prior: Prior) -> None:
    if min(prior.bot_sd, prior.seat_sd, prior.tie_sd) <= 0:
        raise ValueError(f"prior standard deviations must be positive, got {prior}")


def _solve(matches: Sequence[RatedMatch], prior: Prior) -> _Core:
    _check(prior)
    d = design(matches)
    gauss = prior_for(d, prior)
    mode, top, hessian = maximise(d, gauss)
    covariance = np.asarray(np.linalg.inv(-hessian), dtype=np.float64)
    ev = evaluate(mode, d, pod_scores=True)
    assert ev.pod_scores is not None
    pods = len(d.pod_keys)
    meat = ev.pod_scores.T @ ev.pod_scores * (pods / max(pods - 1, 1))
    robust = np.asarray(covariance @ meat @ covariance, dtype=np.float64)
    pods_of = [len(set(d.pod_of[(d.bot_index == b).any(axis=1)].tolist())) for b in range(len(d.names))]
    return _Core(d, gauss, mode, top, hessian, Intervals(covariance, robust, pods), pods_of, components(d))


def _order(
    d: Design, mode: FloatArray, intervals: Intervals, inflate: float
) -> tuple[list[int], tuple[tuple[float, ...], ...]]:
    """The bots best first (by posterior mode, then name) and their likelihoods of superiority."""
    order = sorted(range(len(d.names)), key=lambda b: (-float(mode[b]), d.names[b]))
    superiority = tuple(
        tuple(intervals.superiority(mode, _difference(d, i, j), inflate) for j in order) for i in order
    )
    return order, superiority


def _one_sided(
    d: Design,
    prior: GaussianPrior,
    mode: FloatArray,
    hessian: FloatArray,
    c: FloatArray,
    bot: int,
    side: Side,
    record: float,
    temper: float,
) -> tuple[tuple[float, float], Basis]:
    """The one-sided bound of a bot the data bound on one side only, from its record
    (:mod:`ladders.onesided`, its log-chance divided by ``record``); from its marginal posterior
    (tempered by ``temper``) when it met no bot outside its group."""
    bound = record_bound(d, mode, bot, side, temper=record)
    if bound is None:
        return _exact_bounds(d, prior, mode, hessian, c, side, temper), Basis.POSTERIOR
    value = float(c @ mode) + float(c[bot]) * (bound - float(mode[bot]))
    return ((value, math.inf) if side is Side.LOWER else (-math.inf, value)), Basis.RECORD


def _difference(d: Design, i: int, j: int) -> FloatArray:
    c = np.zeros(d.parameters)
    c[i] += 1.0
    c[j] -= 1.0
    return c


def _ties(d: Design, mode: FloatArray, intervals: Intervals) -> tuple[TieWeight, ...]:
    group_size = (d.places[:, :, None] == d.places[:, None, :]).sum(axis=2)  # (m, s)
    out = []
    for size in range(2, d.max_tie + 1):
        c = np.zeros(d.parameters)
        c[d.tie_offset + size - 2] = 1.0
        value, half = float(c @ mode), intervals.half_width(c)
        matches = int((group_size == size).any(axis=1).sum())
        out.append(TieWeight(size, math.exp(value), math.exp(value - half), math.exp(value + half), matches))
    return tuple(out)
