"""The multiplayer SPRT: its bounds and decisions on hand-made pairs, the weighted likelihood it rests on,
and, by simulation, its error rates and its length against a fixed-length test."""

from __future__ import annotations

import math

import numpy as np
import pytest

from ladders.fit import Prior, prior_for
from ladders.model import design, evaluate
from ladders.records import RatedMatch
from ladders.sprt import MIN_PAIRS, Hypotheses, Verdict, fixed_length, sprt_state
from tests.ladders.simulate_sprt import BASELINE, CANDIDATE, pairs


def test_wald_bounds_and_the_checks_on_hypotheses() -> None:
    h = Hypotheses(0, 50, 0.05, 0.05)
    assert h.lower == pytest.approx(math.log(0.05 / 0.95)) == pytest.approx(-2.944, abs=1e-3)
    assert h.upper == pytest.approx(2.944, abs=1e-3)
    assert Hypotheses(0, 50, 0.01, 0.1).upper == pytest.approx(math.log(0.9 / 0.01))
    assert h.verdict(100.0, MIN_PAIRS - 1) is Verdict.CONTINUE  # too few pairs to trust the variance
    assert h.verdict(3.0, MIN_PAIRS) is Verdict.H1 and h.verdict(-3.0, MIN_PAIRS) is Verdict.H0
    assert h.verdict(0.0, 500) is Verdict.CONTINUE
    with pytest.raises(ValueError, match="elo1 must be above elo0"):
        Hypotheses(10, 10)
    with pytest.raises(ValueError, match="alpha and beta"):
        Hypotheses(0, 10, 0.6, 0.05)
    # z(0.95) + z(0.95) = 3.29; 300 Elo per pair over a 100-Elo gap: 97.4 pairs.
    assert fixed_length(Hypotheses(0, 100), 300.0) == pytest.approx((3.2897 * 3) ** 2, rel=1e-3)


def test_weights_count_a_match_that_many_times() -> None:
    a = RatedMatch("p1", ("x", "y", "z"), (1, 2, 3))
    b = RatedMatch("p1", ("y", "z", "x"), (2, 1, 3))
    c = RatedMatch("p2", ("z", "x", "y"), (1, 1, 3))
    repeated = design([a, a, a, b, c, c])
    weighted = design([a, b, c], [3, 1, 2])
    x = np.linspace(-0.5, 0.7, repeated.parameters)
    one, two = evaluate(x, repeated), evaluate(x, weighted)
    assert one.loglik == pytest.approx(two.loglik)
    assert np.allclose(one.gradient, two.gradient) and np.allclose(one.hessian, two.hessian)
    assert prior_for(weighted, Prior()).precision.shape == (weighted.parameters,)


def test_a_candidate_that_always_wins_is_accepted_at_the_minimum_number_of_pairs() -> None:
    h = Hypotheses(0, 50)
    matches: list[RatedMatch] = []
    verdicts = []
    for i in range(MIN_PAIRS):
        for bot, first in ((CANDIDATE, True), (BASELINE, False)):
            for table in ((bot, "f0", "f1"), ("f0", "f1", bot), ("f1", bot, "f0")):
                order = [bot, "f0", "f1"] if first else ["f0", bot, "f1"]
                matches.append(RatedMatch(f"pair-{i:03d}", table, tuple(order.index(b) + 1 for b in table)))
        state, _ = sprt_state(matches, CANDIDATE, BASELINE, h)
        verdicts.append(state.verdict)
        assert state.pairs == i + 1 and state.llr > 0
    assert verdicts[:-1] == [Verdict.CONTINUE] * (MIN_PAIRS - 1) and verdicts[-1] is Verdict.H1
    assert state.raw_llr > 3.0 and state.llr > h.upper  # separation: the profile ratio grows per pair


def test_equal_bots_lean_to_h0_and_the_llr_is_antisymmetric_in_the_hypotheses() -> None:
    matches = [
        m for i, pair in zip(range(30), pairs(0.0, [-100.0, 100.0], seed=3), strict=False) for m in pair
    ]
    forward, _ = sprt_state(matches, CANDIDATE, BASELINE, Hypotheses(0, 60))
    assert forward.llr < 0 and forward.pairs == 30
    # Exchanging the hypotheses' roles (testing the baseline against the candidate, mirrored) flips it.
    mirrored, _ = sprt_state(matches, BASELINE, CANDIDATE, Hypotheses(-60, 0))
    assert mirrored.llr == pytest.approx(-forward.llr, rel=1e-6, abs=1e-6)


def _run(delta: float, h: Hypotheses, seed: int, **luck: float) -> tuple[Verdict, int, float, float]:
    source = pairs(delta, [-150.0, 150.0], seed, seat_elo=[0.0, 40.0, 80.0], **luck)
    matches: list[RatedMatch] = []
    start = None
    for pair in range(1, 2001):
        matches += next(source)
        if pair < MIN_PAIRS:  # no decision before MIN_PAIRS pairs, whatever the state says
            continue
        state, start = sprt_state(matches, CANDIDATE, BASELINE, h, start=start)
        if state.verdict is not Verdict.CONTINUE:
            break
    return state.verdict, state.pairs, state.design_effect, state.elo_sd * math.sqrt(state.pairs)


@pytest.mark.slow
def test_error_rates_and_length_by_simulation() -> None:
    # 3 seats, a field 150 Elo either side of the baseline, seats worth 0..80 Elo; H0 0, H1 100 Elo,
    # alpha = beta = 0.05. Seat luck: the deal favours a seat in both pods of a pair, which duplicate
    # play cancels (design effect below 1); bot luck: the deal favours a bot, which it cannot.
    h = Hypotheses(0, 100, 0.05, 0.05)
    runs = 80
    for luck, effect_side in (({"seat_luck": 0.6}, -1), ({"bot_luck": 0.6}, 1)):
        under_h0 = [_run(0.0, h, 10_000 + r, **luck) for r in range(runs)]
        under_h1 = [_run(100.0, h, 20_000 + r, **luck) for r in range(runs)]
        alpha = np.mean([v is Verdict.H1 for v, *_ in under_h0])
        beta = np.mean([v is Verdict.H0 for v, *_ in under_h1])
        # 80 runs: a standard error of 0.024 at 0.05; two of them above is 0.10.
        assert alpha <= 0.10 and beta <= 0.10, (luck, alpha, beta)
        assert all(v is not Verdict.CONTINUE for v, *_ in under_h0 + under_h1)
        effect = float(np.median([e for *_, e, _ in under_h0 + under_h1]))
        assert (effect - 1.0) * effect_side > 0.05, (luck, effect)
        # A fixed-length test with the same error rates needs ((z + z) sd / 100)^2 pairs, sd the spread
        # of the estimate per pair; the sequential test stops in well under that on average.
        per_pair = float(np.median([sd for *_, sd in under_h0 + under_h1]))
        fixed = fixed_length(h, per_pair)
        mean_pairs = float(np.mean([n for _, n, *_ in under_h0 + under_h1]))
        assert mean_pairs < 0.75 * fixed, (luck, mean_pairs, fixed)
