"""The two-sided 95 % intervals of the fit: model-based and pod-robust widths, and skewed posteriors.

Pure numpy, over the model of :mod:`ladders.model`; :mod:`ladders.fit` builds one :class:`Intervals` per
fit. Reference: ``docs/ladders.md`` (Intervals).

Design detail: the wider of two. A contrast's half-width is the larger of the model-based one (1.96
posterior standard deviations, the variance multiplied by the ladder's pooled design effect) and the
pod-robust one (the pod-clustered sandwich with a t quantile on pods - 1 degrees of freedom).

Design detail: skewed posteriors. Mode plus or minus 1.96 standard deviations assumes the posterior is
Gaussian along the contrast. Near separation (a bot that lost one game of 80 to a field far below it)
or with few games it is not: the likelihood falls steeply on one side and hardly at all on the other,
and a symmetric interval misses the truth on the flat side almost every time. :func:`skew` measures
how far the log-posterior departs from its quadratic at the ends of the Gaussian interval (two
evaluations along the contrast's conditional direction); above :data:`SKEW_LIMIT` the interval is taken
from the exact marginal posterior instead (:func:`ladders.bounds.marginal_quantiles`, its likelihood
tempered by the pooled design effect), and each of its two arms is widened in the ratio in which the
pod-robust half-width exceeds the model-based one, so the rule "the wider of two" keeps its meaning and
the skew is kept.
"""

from __future__ import annotations

import enum
import math
from collections.abc import Sequence
from dataclasses import dataclass

from ladders.bounds import marginal_quantiles
from ladders.dist import normal_cdf, normal_quantile, t_cdf, t_quantile
from ladders.model import Design, FloatArray, GaussianPrior, log_posterior

LEVEL = 0.95
"""Coverage of every two-sided interval."""
SKEW_LIMIT = 0.5
"""Largest departure (natural log of density) of the log-posterior from its quadratic at either end of
the Gaussian interval for which the Gaussian interval is used (see the module docstring). In simulated
round robins of fields spread over 400 Elo after 5 or 6 pods, 1 % to 6 % of the bots pass it (13 % of a
field 1,200 Elo wide after 10 pods, most of them at its ends); a bot 1,200 Elo above five equal bots
that lost one game of 80 departs by about 1.1."""


class Basis(enum.Enum):
    """How a bot's interval or bound was found."""

    NORMAL = "normal"
    """The posterior mode plus or minus the wider of the model-based and the pod-robust half-width."""
    SKEWED = "skewed"
    """The exact marginal posterior, its arms widened as the pod-robust half-width asks (see the module
    docstring): a posterior far from Gaussian, near separation or with few games."""
    RECORD = "record"
    """A one-sided bound from the bot's own record (:mod:`ladders.onesided`), at 99 %."""
    POSTERIOR = "posterior"
    """Quantiles of the exact marginal posterior: a group of bots that met no one else, or a one-sided
    bot that met no bot outside its group."""
    ANCHOR = "anchor"
    """The named anchor bot: fixed by definition."""


@dataclass(frozen=True, slots=True)
class Intervals:
    """Half-widths and superiority probabilities from the model-based and robust covariances."""

    covariance: FloatArray
    robust: FloatArray
    pods: int

    def _parts(self, c: FloatArray) -> tuple[float, float]:
        return float(c @ self.covariance @ c), float(c @ self.robust @ c)

    def model_half_width(self, c: FloatArray, inflate: float = 1.0) -> float:
        """1.96 model-based standard deviations of ``c @ x`` (natural units), the variance multiplied
        by ``inflate``."""
        return normal_quantile(0.5 + LEVEL / 2) * math.sqrt(max(self._parts(c)[0] * inflate, 0.0))

    def half_width(self, c: FloatArray, inflate: float = 1.0) -> float:
        """Half the width of the 95 % interval of ``c @ x`` (natural units); ``inflate`` multiplies the
        model-based variance (the ladder's pooled design effect, for a bot whose own pods cannot show
        it)."""
        half = self.model_half_width(c, inflate)
        if self.pods >= 2:
            robust = self._parts(c)[1]
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


def skew(
    d: Design, prior: GaussianPrior, mode: FloatArray, top: float, covariance: FloatArray, c: FloatArray
) -> float:
    """How far the log-posterior departs from its quadratic approximation at the two ends of the
    Gaussian 95 % interval of ``c @ x``, along the direction in which the other parameters follow
    ``c @ x`` under that approximation (the larger of the two departures, in natural log of density).
    ``top`` is the log-posterior at ``mode``."""
    along = covariance @ c
    variance = float(c @ along)
    if variance <= 0.0:
        return 0.0
    z = normal_quantile(0.5 + LEVEL / 2)
    expected = z * z / 2.0
    worst = 0.0
    for sign in (-1.0, 1.0):
        x = mode + sign * z * math.sqrt(variance) * along / variance
        worst = max(worst, abs(top - log_posterior(x, d, prior)[0] - expected))
    return worst


def skewed_interval(
    d: Design,
    prior: GaussianPrior,
    mode: FloatArray,
    hessian: FloatArray,
    c: FloatArray,
    intervals: Intervals,
    inflate: float,
) -> tuple[float, float]:
    """The 95 % interval of ``c @ x`` (natural units) from the exact marginal posterior, its likelihood
    tempered by ``inflate``, each arm widened as the pod-robust half-width exceeds the model-based one."""
    alpha = 1.0 - LEVEL
    low, high = marginal_quantiles(d, prior, mode, hessian, c, [alpha / 2, 1.0 - alpha / 2], inflate)
    centre = float(c @ mode)
    model = intervals.model_half_width(c, inflate)
    widen = intervals.half_width(c, inflate) / model if model > 0 else 1.0
    return centre - widen * max(centre - low, 0.0), centre + widen * max(high - centre, 0.0)
