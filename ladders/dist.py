"""The normal and Student t distributions the intervals need: distribution functions and quantiles.

Pure Python (``math`` only), so ``ladders`` needs no scipy. The t distribution is only needed for whole
degrees of freedom (pods minus one), where its distribution function has a finite closed form
(Abramowitz and Stegun 26.7.3 and 26.7.4); its quantile is found by bisection on it.
"""

from __future__ import annotations

import functools
import math
from collections.abc import Callable

_LARGE_DF = 2000
"""Above this many degrees of freedom the t distribution is taken as the normal (they differ by
less than 0.001 in a 97.5 % quantile)."""


def normal_cdf(z: float) -> float:
    """P(Z <= z) for a standard normal Z.

    >>> round(normal_cdf(1.959964), 6)
    0.975
    """
    return 0.5 * math.erfc(-z / math.sqrt(2.0))


@functools.lru_cache(maxsize=256)
def normal_quantile(p: float) -> float:
    """The ``z`` with ``normal_cdf(z) == p`` (bisection; 0 < p < 1).

    >>> round(normal_quantile(0.975), 4)
    1.96
    """
    return _invert(normal_cdf, p)


def t_cdf(t: float, df: int) -> float:
    """P(T <= t) for Student's t with ``df >= 1`` whole degrees of freedom.

    >>> round(t_cdf(2.776445, 4), 6)
    0.975
    >>> t_cdf(1.0, 1)  # Cauchy: 1/2 + atan(1) / pi
    0.75
    """
    if df < 1:
        raise ValueError(f"degrees of freedom must be at least 1, got {df}")
    if df > _LARGE_DF:
        return normal_cdf(t)
    if t == 0.0:
        return 0.5
    theta = math.atan(abs(t) / math.sqrt(df))
    c2 = math.cos(theta) ** 2
    if df % 2 == 1:
        term, series = math.cos(theta), 0.0
        if df > 1:
            series = term
            for k in range(3, df - 1, 2):
                term *= c2 * (k - 1) / k
                series += term
        inside = 2.0 / math.pi * (theta + math.sin(theta) * series)
    else:
        term, series = 1.0, 1.0
        for k in range(2, df - 1, 2):
            term *= c2 * (k - 1) / k
            series += term
        inside = math.sin(theta) * series
    inside = min(max(inside, 0.0), 1.0)
    return 0.5 + 0.5 * inside if t > 0 else 0.5 - 0.5 * inside


@functools.lru_cache(maxsize=256)
def t_quantile(p: float, df: int) -> float:
    """The ``t`` with ``t_cdf(t, df) == p`` (0 < p < 1).

    >>> round(t_quantile(0.975, 4), 4)
    2.7764
    """
    return _invert(lambda t: t_cdf(t, df), p)


def _invert(cdf: Callable[[float], float], p: float) -> float:
    if not 0.0 < p < 1.0:
        raise ValueError(f"probability must be strictly between 0 and 1, got {p}")
    lo, hi = -1.0, 1.0
    while cdf(lo) > p:
        lo *= 2.0
    while cdf(hi) < p:
        hi *= 2.0
    for _ in range(200):
        mid = 0.5 * (lo + hi)
        if cdf(mid) < p:
            lo = mid
        else:
            hi = mid
        if hi - lo < 1e-12 * max(1.0, abs(mid)):
            break
    return 0.5 * (lo + hi)
