"""A sequential probability ratio test of one bot against another in a multiplayer game.

Pure numpy. The data are duplicate pairs: on one seed, the candidate's pod (the candidate and a field
of other bots, played once per seat rotation) and the baseline's pod (the baseline in the candidate's
place, the same field, the same seed, the same rotations). Reference: ``docs/ladders.md`` (Comparing
two bots).

Hypotheses. ``delta`` is the candidate's rating minus the baseline's on the ladder's scale (Elo): the
same Plackett-Luce model with seat terms and Davidson-Luce ties as :mod:`ladders.model`, fitted to the
test's own matches, in which the field is what connects the two. H0: ``delta = elo0``; H1: ``delta =
elo1``. The test accepts H1 when the log-likelihood ratio (LLR) reaches ``log((1 - beta) / alpha)`` and
H0 when it falls to ``log(beta / (1 - alpha))`` (Wald's bounds), so that the chance of accepting H1
when H0 holds is about ``alpha`` and of accepting H0 when H1 holds about ``beta``.

Design detail: a generalized SPRT on the Plackett-Luce likelihood. The field's strengths, the seat terms
and the tie weights are unknown, so each hypothesis is fitted with them free (the mode of the posterior
under the ladder's prior, :class:`ladders.fit.Prior`, with ``delta`` held at ``elo0`` or ``elo1``), and
the LLR is the difference of the two log posteriors: a profile likelihood ratio. The prior's own
difference between the two is ``(elo1^2 - elo0^2) / (4 * 400^2)`` on the log scale, under 0.01 for
bounds within 100 Elo: nothing beside Wald's bounds of about 3. A profile ratio handles a candidate that
never loses (separation): the likelihood then keeps rising with ``delta``, the LLR grows with every
pair, and the test accepts H1 at once, where a Wald statistic built from a shrunk estimate would not.

Design detail: pairs, not games, are the unit. The games of a pod share a seed, and so do the two pods
of a pair, so the Plackett-Luce likelihood, which takes every game as independent, misstates how much a
pair says: too much when a seed's luck sticks to a bot through the rotations, too little when the two
pods' common luck cancels in the comparison, which is the point of playing them on one seed (as
fastchess scores two games on one opening as one pentanomial outcome). The LLR is therefore divided by
the design effect ``D = v_robust / v_model`` of ``delta``: the pair-clustered sandwich variance (the
per-pair scores at the unconstrained mode, with the factor ``G / (G - 1)`` for ``G`` pairs) over the
model-based one. This is the composite-likelihood adjustment of Chandler and Bate (2007): to second order
the adjusted LLR is the Gaussian log-likelihood ratio of the estimate of ``delta`` with its robust
variance, the statistic of the normal-approximation GSPRT that fishtest uses for pentanomial pairs. ``D``
is pooled with 1 as if 1 had been measured on :data:`PRIOR_PAIRS` pairs, taken as at least
:data:`MIN_DESIGN_EFFECT` and at most :data:`MAX_DESIGN_EFFECT`, and no decision is made before
:data:`MIN_PAIRS` pairs, because a sandwich from a handful of pairs is noisy: a low ``D`` from a few
lucky pairs would end a test at once. With the sandwich alone the simulated error rates were 0.06-0.09
for a nominal 0.05 (a third of the wrong decisions within 10 pairs); pooled, 0.03-0.06
(``tests/ladders/test_sprt.py``, ``benchmarks/sprt_study.py``).
"""

from __future__ import annotations

import enum
import functools
import math
from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np

from ladders.fit import ELO_PER_NAT, Prior, prior_for
from ladders.model import FloatArray, design, evaluate, maximise
from ladders.records import RatedMatch

MIN_PAIRS = 8
"""No decision before this many pairs (the design effect is estimated from the pairs)."""
PRIOR_PAIRS = 10
"""The estimated design effect is pooled with 1 (independent games) as if 1 had been seen in this many
pairs: ``D = ((G - 1) * D_hat + PRIOR_PAIRS) / (G - 1 + PRIOR_PAIRS)``."""
MIN_DESIGN_EFFECT = 0.25
"""The design effect is taken as at least this (a pair can be worth at most four pairs' games)."""
MAX_DESIGN_EFFECT = 16.0
"""... and at most this."""
TOLERANCE = 1e-7
"""Newton's method stops after a step smaller than this (natural log-odds units, 2e-5 Elo)."""


class Verdict(enum.Enum):
    """Where a sequential test stands."""

    CONTINUE = "continue"
    """Between the bounds: play on."""
    H0 = "H0"
    """The LLR fell to the lower bound: the candidate is not ``elo1`` better (``delta = elo0`` accepted)."""
    H1 = "H1"
    """The LLR reached the upper bound: the candidate is ``elo1`` better rather than ``elo0``."""


@dataclass(frozen=True, slots=True)
class Hypotheses:
    """The two hypotheses on ``delta`` (Elo) and the error rates asked for."""

    elo0: float
    elo1: float
    alpha: float = 0.05
    """Chance of accepting H1 when H0 holds."""
    beta: float = 0.05
    """Chance of accepting H0 when H1 holds."""

    def __post_init__(self) -> None:
        if not (0.0 < self.alpha < 0.5 and 0.0 < self.beta < 0.5):
            raise ValueError(f"alpha and beta must be between 0 and 0.5, got {self.alpha} and {self.beta}")
        if not self.elo1 > self.elo0:
            raise ValueError(f"elo1 must be above elo0, got elo0 {self.elo0} and elo1 {self.elo1}")

    @property
    def lower(self) -> float:
        """Wald's lower bound: ``log(beta / (1 - alpha))``."""
        return math.log(self.beta / (1.0 - self.alpha))

    @property
    def upper(self) -> float:
        """Wald's upper bound: ``log((1 - beta) / alpha)``."""
        return math.log((1.0 - self.beta) / self.alpha)

    def verdict(self, llr: float, pairs: int) -> Verdict:
        """The decision at ``llr`` after ``pairs`` pairs."""
        if pairs < MIN_PAIRS:
            return Verdict.CONTINUE
        if llr >= self.upper:
            return Verdict.H1
        if llr <= self.lower:
            return Verdict.H0
        return Verdict.CONTINUE


@dataclass(frozen=True, slots=True)
class SprtState:
    """The test after some pairs."""

    llr: float
    """Adjusted log-likelihood ratio of H1 against H0."""
    raw_llr: float
    """Before the design-effect adjustment."""
    design_effect: float
    """``D`` as used (clamped)."""
    pairs: int
    elo: float
    """Posterior mode of ``delta`` (Elo) with the field free."""
    elo_sd: float
    """Its robust standard deviation (Elo; the model-based one times the square root of ``D``)."""
    verdict: Verdict


@dataclass
class _Aggregate:
    rows: list[RatedMatch]
    counts: list[float]
    by_pair: FloatArray
    """(pairs, rows): occurrences of each distinct result in each pair."""


def _aggregate(matches: Sequence[RatedMatch]) -> _Aggregate:
    """Identical results (who sat where and how they placed) once each, with their counts per pair."""
    pair_keys = sorted({m.pod for m in matches})
    pair_of = {key: i for i, key in enumerate(pair_keys)}
    index: dict[tuple[tuple[str, ...], tuple[int, ...]], int] = {}
    for m in matches:
        index.setdefault((m.bots, m.places), len(index))
    by_pair = np.zeros((len(pair_keys), len(index)))
    for m in matches:
        by_pair[pair_of[m.pod], index[(m.bots, m.places)]] += 1.0
    rows = [RatedMatch(f"{i:09d}", bots, places) for (bots, places), i in index.items()]  # sorted = row order
    return _Aggregate(rows, list(by_pair.sum(axis=0)), by_pair)


def sprt_state(
    matches: Sequence[RatedMatch],
    candidate: str,
    baseline: str,
    hypotheses: Hypotheses,
    *,
    prior: Prior | None = None,
    start: FloatArray | None = None,
) -> tuple[SprtState, FloatArray]:
    """The test after ``matches`` (``RatedMatch.pod`` names the pair each belongs to): the state, and the
    unconstrained mode (pass it as ``start`` next time to save Newton steps).

    The pairs are the distinct ``pod`` keys; both bots must have played.
    """
    agg = _aggregate(matches)
    d = design(agg.rows, agg.counts)
    if candidate not in d.names or baseline not in d.names:
        raise ValueError(f"both {candidate!r} and {baseline!r} need results to be compared")
    gauss = prior_for(d, prior or Prior())
    c = np.zeros(d.parameters)
    c[d.names.index(candidate)] = 1.0
    c[d.names.index(baseline)] = -1.0
    x0 = start if start is not None and len(start) == d.parameters else None
    # Design detail: Newton's method converges quadratically, so a step under TOLERANCE leaves the
    # mode exact to about its square; the default tolerance would pay one more evaluation to take a
    # step of about 1e-8 first.
    mode, _, hessian = maximise(d, gauss, x0, tol=TOLERANCE)
    basis = _complement(c)
    values = []
    for elo in (hypotheses.elo0, hypotheses.elo1):
        on_plane = mode + (elo / ELO_PER_NAT - float(c @ mode)) / float(c @ c) * c
        _, value, _ = maximise(d, gauss, on_plane, basis=basis, tol=TOLERANCE)
        values.append(value)
    raw = values[1] - values[0]
    covariance = np.linalg.inv(-hessian)
    v_model = float(c @ covariance @ c)
    pairs = agg.by_pair.shape[0]
    effect = 1.0
    if pairs >= 2:
        ev = evaluate(mode, d, pod_scores=True)
        assert ev.pod_scores is not None
        per_result = ev.pod_scores / np.asarray(agg.counts)[:, None]
        projected = agg.by_pair @ (per_result @ (covariance @ c))  # each pair's share of delta's score
        v_robust = float(projected @ projected) * pairs / (pairs - 1)
        measured = v_robust / v_model if v_model > 0 else 1.0
        effect = ((pairs - 1) * measured + PRIOR_PAIRS) / (pairs - 1 + PRIOR_PAIRS)
    effect = min(max(effect, MIN_DESIGN_EFFECT), MAX_DESIGN_EFFECT)
    llr = raw / effect
    state = SprtState(
        llr=llr,
        raw_llr=raw,
        design_effect=effect,
        pairs=pairs,
        elo=ELO_PER_NAT * float(c @ mode),
        elo_sd=ELO_PER_NAT * math.sqrt(max(v_model * effect, 0.0)),
        verdict=hypotheses.verdict(llr, pairs),
    )
    return state, mode


def _complement(c: FloatArray) -> FloatArray:
    """An orthonormal basis of the directions orthogonal to ``c``: moves that keep ``c @ x``."""
    return _complement_of(tuple(float(v) for v in c)).copy()


@functools.lru_cache(maxsize=64)
def _complement_of(c: tuple[float, ...]) -> FloatArray:
    """:func:`_complement`, computed once per contrast (a test asks for the same one after every pair)."""
    q, _ = np.linalg.qr(np.column_stack([np.asarray(c), np.eye(len(c))]))
    return np.asarray(q[:, 1 : len(c)], dtype=np.float64)


def fixed_length(hypotheses: Hypotheses, elo_sd_per_pair: float) -> float:
    """Pairs a fixed-length test needs for the same error rates: the one-sided test of ``delta = elo0``
    against ``elo1`` on an estimate whose standard deviation is ``elo_sd_per_pair / sqrt(pairs)``,
    ``((z(1 - alpha) + z(1 - beta)) * sd / (elo1 - elo0))^2``."""
    from ladders.dist import normal_quantile

    z = normal_quantile(1.0 - hypotheses.alpha) + normal_quantile(1.0 - hypotheses.beta)
    return (z * elo_sd_per_pair / (hypotheses.elo1 - hypotheses.elo0)) ** 2
