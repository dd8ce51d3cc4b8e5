"""The ladder fit: it recovers known strengths and seat advantages from simulated results, names its
prior, reports unbeaten bots as one-sided bounds, models ties, and gives the likelihood of superiority."""

from __future__ import annotations

import math

import numpy as np
import pytest

from ladders.bounds import Side
from ladders.fit import ELO_PER_NAT, Prior, RatedMatch, describe, fit_ladder
from ladders.records import head_to_head
from tests.ladders.simulate import simulate

TRUE = {"a": 1700.0, "b": 1600.0, "c": 1500.0, "d": 1400.0, "e": 1300.0}
"""Mean 1500, so the fit's anchor matches the truth."""
SEAT_EDGE = [0.0, 30.0, 90.0, 110.0]
"""Built-in advantage of seats 1..3 over seat 0, in Elo points (turn order matters)."""
FLAT = Prior(bot_sd=1e6, seat_sd=1e6)
"""A prior too wide to matter: the fit is then the maximum-likelihood fit."""


@pytest.fixture(scope="module")
def simulated() -> list[RatedMatch]:
    return simulate(TRUE, 4, 200, 3, seat_elo=SEAT_EDGE)  # 200 pods, 800 matches


def test_recovers_strengths_within_the_intervals(simulated: list[RatedMatch]) -> None:
    standings = fit_ladder(simulated)
    assert [r.bot for r in standings.bots] == ["a", "b", "c", "d", "e"]
    assert standings.matches == 800 and standings.pods == 200
    assert np.mean([r.rating for r in standings.bots]) == pytest.approx(1500)
    for r in standings.bots:
        assert r.side is Side.BOTH and not r.provisional
        assert r.low < r.rating < r.high
        assert r.low <= TRUE[r.bot] <= r.high, r
        assert abs(r.rating - TRUE[r.bot]) < 30, r
        assert r.high - r.low < 90, r
        assert (r.games, r.pods) == (640, 160)
    assert not standings.is_provisional and standings.ties == ()


def test_recovers_the_seat_advantage(simulated: list[RatedMatch]) -> None:
    standings = fit_ladder(simulated)
    assert [s.seat for s in standings.seats] == [0, 1, 2, 3]
    assert (standings.seats[0].elo, standings.seats[0].low, standings.seats[0].high) == (0, 0, 0)
    for seat in standings.seats[1:]:
        assert seat.low <= SEAT_EDGE[seat.seat] <= seat.high, seat
        assert abs(seat.elo - SEAT_EDGE[seat.seat]) < 30, seat
    assert standings.seats[3].low > 0  # a real edge is told apart from none


def test_deterministic_and_independent_of_match_order(simulated: list[RatedMatch]) -> None:
    one = fit_ladder(simulated[:200])
    assert fit_ladder(simulated[:200]) == one
    shuffled = [simulated[i] for i in np.random.default_rng(0).permutation(200)]
    two = fit_ladder(shuffled)
    for x, y in zip(one.bots, two.bots, strict=True):
        assert x.bot == y.bot
        assert (x.rating, x.low, x.high) == pytest.approx((y.rating, y.low, y.high), abs=1e-6)


def two_seat_matches(wins: int, games: int) -> list[RatedMatch]:
    """a beats b ``wins`` times out of ``games``, half of the games from each seat."""
    matches = []
    for k in range(games):
        a_wins = k % (games // 2) < wins // 2
        bots = ("a", "b") if k < games // 2 else ("b", "a")
        places = (1, 2) if a_wins == (bots[0] == "a") else (2, 1)
        matches.append(RatedMatch(f"p{k // 2}", bots, places))
    return matches


def test_two_seats_reduce_to_bradley_terry_and_the_prior_shrinks_as_documented() -> None:
    # a beats b 30 times out of 40, 15 from each seat: the maximum likelihood gap is
    # 400 * log10(30 / 10) = 190.85 Elo.
    matches = two_seat_matches(30, 40)
    a, b = fit_ladder(matches, prior=FLAT).bots
    assert (a.bot, b.bot) == ("a", "b")
    assert a.rating - b.rating == pytest.approx(400 * math.log10(3), abs=0.01)
    assert a.rating + b.rating == pytest.approx(3000)
    # The named prior (each bot N(0, 400^2)) shrinks the gap by about var_data / var_prior of it:
    # var_data of the gap is 1 / (40 * 0.75 * 0.25) nats^2, var_prior 2 * 400^2 Elo^2.
    shrink = (ELO_PER_NAT**2 / (40 * 0.75 * 0.25)) / (2 * 400.0**2)
    a, b = fit_ladder(matches).bots
    assert a.rating - b.rating == pytest.approx(400 * math.log10(3) * (1 - shrink), abs=0.5)
    assert 1.0 < 400 * math.log10(3) - (a.rating - b.rating) < 5.0
    assert fit_ladder(matches).seats[1].elo == pytest.approx(0, abs=1e-6)


def test_the_prior_is_named() -> None:
    standings = fit_ladder(two_seat_matches(30, 40))
    assert standings.prior == Prior(400.0, 400.0, 2.0)
    assert "N(mean of all bots, 400²) Elo" in standings.prior.text()
    with pytest.raises(ValueError, match="prior"):
        fit_ladder(two_seat_matches(30, 40), prior=Prior(bot_sd=0))


def unbeaten(rounds: int, seed: int = 0) -> list[RatedMatch]:
    """5 bots at 4 seats, ``rounds`` round robins: ``ace`` places first in every game it plays, the others
    are equal and place at random."""
    matches = simulate({"ace": 0.0, "w": 0.0, "x": 0.0, "y": 0.0, "z": 0.0}, 4, 5 * rounds, seed)
    out = []
    for m in matches:
        if "ace" in m.bots:
            ace = m.bots.index("ace")
            shifted = [1 if s == ace else p + (p < m.places[ace]) for s, p in enumerate(m.places)]
            out.append(RatedMatch(m.pod, m.bots, tuple(shifted)))
        else:
            out.append(m)
    return out


def test_an_unbeaten_bot_gets_a_one_sided_bound_that_grows_with_its_games() -> None:
    bounds = []
    for rounds in (1, 4, 16):  # 16, 64 and 256 games for the ace
        standings = fit_ladder(unbeaten(rounds))
        ace = standings.bots[0]
        assert ace.bot == "ace" and ace.games == 16 * rounds
        assert ace.side is Side.LOWER and ace.high == math.inf and math.isfinite(ace.low)
        assert ace.low > 1500
        assert standings.reference == ("w", "x", "y", "z")  # 1500 is the mean of the others
        assert all(r.side is Side.BOTH for r in standings.bots[1:])
        bounds.append(ace.low)
    assert bounds[0] < bounds[1] < bounds[2]
    # The data, not the prior width, set the bound: a prior twice as wide moves it far less than the
    # ridge of the old fit did (550 points for a factor of 100 in the ridge).
    wide = fit_ladder(unbeaten(4), prior=Prior(800.0, 800.0)).bots[0]
    assert abs(wide.low - bounds[1]) < 150


def test_a_winless_bot_gets_an_upper_bound() -> None:
    matches = [RatedMatch(m.pod, m.bots, tuple(5 - p for p in m.places)) for m in unbeaten(2)]
    standings = fit_ladder(matches)
    last = standings.bots[-1]
    assert last.bot == "ace" and last.side is Side.UPPER
    assert last.low == -math.inf and last.high < 1500


def test_provisional_below_the_minimum_pods() -> None:
    few = fit_ladder(simulate(TRUE, 4, 5, 1))  # 5 pods: each bot in 4
    assert few.is_provisional and all(r.provisional and r.pods == 4 for r in few.bots)
    enough = fit_ladder(simulate(TRUE, 4, 15, 1))  # 15 pods: each bot in 12
    assert not enough.is_provisional and all(r.pods == 12 for r in enough.bots)
    assert fit_ladder(simulate(TRUE, 4, 15, 1), min_pods=13).is_provisional


def test_ties_pull_ratings_together() -> None:
    all_tied = [RatedMatch(f"p{k}", ("a", "b", "c"), (1, 1, 1)) for k in range(10)]
    standings = fit_ladder(all_tied)
    assert [r.rating for r in standings.bots] == pytest.approx([1500, 1500, 1500])
    assert [s.elo for s in standings.seats] == pytest.approx([0, 0, 0], abs=1e-9)
    assert [t.size for t in standings.ties] == [2, 3] and standings.ties[1].matches == 10
    # a beats b and c, who tie for second, every time, from every seat in turn: b and c stay level,
    # a goes up. Twelve wins against two equal bots are rarer than 1 % below +250 Elo.
    tables = [("a", "b", "c"), ("b", "c", "a"), ("c", "a", "b")]
    shared = [
        RatedMatch(f"p{k}", tables[k % 3], tuple(1 if x == "a" else 2 for x in tables[k % 3]))
        for k in range(12)
    ]
    a, b, c = fit_ladder(shared).bots
    assert a.bot == "a" and 1700 < a.low < 1800 and a.side is Side.LOWER
    assert b.rating == pytest.approx(c.rating)


@pytest.mark.slow
@pytest.mark.parametrize(
    ("seats", "ties", "tied_share"),
    [(3, {2: 0.6}, 0.43), (3, {2: 1.5, 3: 0.8}, 0.71), (4, {2: 0.3}, 0.45), (4, {2: 0.6, 3: 0.3}, 0.71)],
)
def test_tied_matches_do_not_compress_the_scale(
    seats: int, ties: dict[int, float], tied_share: float
) -> None:
    # Davidson-Luce ties in 43-72 % of the matches; Breslow's treatment of ties recovered 0.37-0.70 of the
    # spread on these data. 4,000 pods make the slope's standard error about 0.01, so a 5 % miss is bias.
    strengths = dict(zip("abcdef", np.linspace(1200, 1800, 6), strict=True))
    matches = simulate(strengths, seats, 4000, 21, ties=ties)
    share = np.mean([len(set(m.places)) < seats for m in matches])
    assert share == pytest.approx(tied_share, abs=0.02)
    standings = fit_ladder(matches)
    fitted = np.array([r.rating for r in standings.bots])
    truth = np.array([strengths[r.bot] for r in standings.bots])
    spread = np.polyfit(truth - truth.mean(), fitted - fitted.mean(), 1)[0]
    assert spread == pytest.approx(1.0, abs=0.05)
    assert {t.size: t.weight for t in standings.ties} == pytest.approx(ties, rel=0.1)


def test_likelihood_of_superiority(simulated: list[RatedMatch]) -> None:
    standings = fit_ladder(simulated[:80])  # 20 pods: neighbours 100 Elo apart are not certain
    los = np.array(standings.superiority)
    n = len(standings.bots)
    assert los.shape == (n, n)
    assert np.diag(los) == pytest.approx(0.5)
    assert los + los.T == pytest.approx(np.ones((n, n)), abs=1e-9)
    adjacent = [los[i, i + 1] for i in range(n - 1)]
    assert all(0.5 < p < 0.999 for p in adjacent), adjacent
    assert los[0, n - 1] > max(adjacent)  # the ends are further apart than neighbours
    twins = [RatedMatch(f"p{k}", ("a", "b"), (1, 2) if k % 2 else (2, 1)) for k in range(20)]
    assert fit_ladder(twins).superiority[0][1] == pytest.approx(0.5, abs=1e-6)


def test_a_bot_with_one_pod_widens_only_its_own_interval() -> None:
    regulars = simulate(TRUE, 4, 20, 5)
    newcomer = [
        m
        for m in simulate({**TRUE, "new": 1500.0}, 4, 20, 5, bots=["new", "a", "b", "c", "d", "e"])
        if "new" in m.bots
    ][:4]
    assert len({m.pod for m in newcomer}) == 1
    before = {r.bot: r for r in fit_ladder(regulars).bots}
    after = {r.bot: r for r in fit_ladder(regulars + newcomer).bots}
    new = after["new"]
    assert new.pods == 1 and new.provisional and new.side is Side.BOTH
    assert new.high - new.low > 2 * max(r.high - r.low for r in before.values())
    for bot, r in before.items():
        assert after[bot].high - after[bot].low == pytest.approx(r.high - r.low, rel=0.1)


def test_copies_are_rated_as_one_bot() -> None:
    matches = [
        RatedMatch(f"p{k}", bots, places)
        for k in range(20)
        for bots, places in [(("a", "a", "b"), (1, 3, 2)), (("b", "a", "a"), (3, 1, 2))]
    ]
    standings = fit_ladder(matches)
    assert [r.bot for r in standings.bots] == ["a", "b"]
    assert standings.bots[0].games == 80 and standings.bots[1].games == 40


def test_named_anchor() -> None:
    matches = simulate(TRUE, 4, 20, 9)
    standings = fit_ladder(matches, anchor_bot="c", anchor_rating=1000)
    c = next(r for r in standings.bots if r.bot == "c")
    assert (c.rating, c.low, c.high) == pytest.approx((1000, 1000, 1000))
    by_mean = fit_ladder(matches)
    gap = {r.bot: r.rating for r in by_mean.bots}
    for r in standings.bots:
        assert r.rating - 1000 == pytest.approx(gap[r.bot] - gap["c"])
    with pytest.raises(ValueError, match="anchor bot 'zed'"):
        fit_ladder(matches, anchor_bot="zed")


def test_empty_and_bad_input() -> None:
    empty = fit_ladder([])
    assert empty.bots == () and empty.matches == 0
    with pytest.raises(ValueError, match="one seat count"):
        fit_ladder([RatedMatch("p", ("a", "b"), (1, 2)), RatedMatch("p", ("a", "b", "c"), (1, 2, 3))])
    with pytest.raises(ValueError, match=r"out of 1\.\.2"):
        fit_ladder([RatedMatch("p", ("a", "b"), (1, 3))])


def test_describe_and_head_to_head_by_hand() -> None:
    matches = [
        RatedMatch("p0", ("a", "b", "c"), (1, 2, 3)),
        RatedMatch("p0", ("b", "c", "a"), (1, 1, 3)),  # b and c share the win: half each
        RatedMatch("p1", ("a", "a", "b"), (2, 1, 3)),  # a copy: two seats of a
    ]
    stats = describe(matches)
    # a: seats with places 1, 3, 2, 1 -> 4 games, wins 1 + 0 + 0 + 1 = 2, mean place 7/4
    assert (stats["a"].games, stats["a"].win_share, stats["a"].mean_place) == (4, 0.5, 1.75)
    # b: places 2, 1, 3 -> wins 0.5 of one, mean 2
    assert (stats["b"].games, stats["b"].win_share, stats["b"].mean_place) == (3, 0.5 / 3, 2.0)
    # c: places 3, 1 -> half a win in 2 games, mean 2
    assert (stats["c"].games, stats["c"].win_share, stats["c"].mean_place) == (2, 0.25, 2.0)
    pairs = head_to_head(matches)
    assert list(pairs) == [("a", "b"), ("a", "c"), ("b", "c")]
    ab = pairs[("a", "b")]
    # a ahead of b in match 1, behind in match 2, and both copies ahead in match 3: 3 of 4 seat pairs
    assert (ab.games, ab.a_ahead, ab.b_ahead, ab.tied) == (3, 3, 1, 0)
    assert ab.share("a") == 0.75 and ab.share("b") == 0.25
    bc = pairs[("b", "c")]
    assert (bc.games, bc.a_ahead, bc.b_ahead, bc.tied) == (2, 1, 0, 1)
    assert bc.share("b") == 0.75
