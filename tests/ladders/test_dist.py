"""The normal and t distributions of the intervals, against printed tables."""

from __future__ import annotations

import pytest

from ladders.dist import normal_cdf, normal_quantile, t_cdf, t_quantile

T_975 = {1: 12.7062, 2: 4.3027, 3: 3.1824, 4: 2.7764, 5: 2.5706, 10: 2.2281, 30: 2.0423, 120: 1.9799}
"""Two-sided 95 % critical values of Student's t (any statistics table)."""


@pytest.mark.parametrize(("df", "value"), sorted(T_975.items()))
def test_t_quantiles_match_the_table(df: int, value: float) -> None:
    assert t_quantile(0.975, df) == pytest.approx(value, abs=1e-4)
    assert t_cdf(value, df) == pytest.approx(0.975, abs=1e-5)
    assert t_cdf(-value, df) == pytest.approx(0.025, abs=1e-5)


def test_normal_and_the_large_sample_limit() -> None:
    assert normal_quantile(0.975) == pytest.approx(1.959964, abs=1e-6)
    assert normal_cdf(0.0) == 0.5 and normal_cdf(-1.959964) == pytest.approx(0.025, abs=1e-6)
    assert t_quantile(0.975, 100_000) == pytest.approx(1.959964, abs=1e-5)
    assert t_quantile(0.05, 7) == pytest.approx(-t_quantile(0.95, 7))


def test_bad_arguments() -> None:
    with pytest.raises(ValueError, match="degrees of freedom"):
        t_cdf(1.0, 0)
    with pytest.raises(ValueError, match="probability"):
        t_quantile(1.0, 3)
