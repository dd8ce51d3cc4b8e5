"""The batch fit: it recovers known strengths and seat advantages from simulated Plackett-Luce results."""

from __future__ import annotations

import math

import numpy as np
import pytest

from arena.schedule import match_tasks, round_robin
from ladders.fit import ELO_PER_NAT, RatedMatch, describe, fit_ladder

TRUE = {"a": 1700.0, "b": 1600.0, "c": 1500.0, "d": 1400.0, "e": 1300.0}
"""Mean 1500, so the fit's anchor matches the truth."""
SEAT_EDGE = [0.0, 30.0, 90.0, 110.0]
"""Built-in advantage of seats 1..3 over seat 0, in Elo points (turn order matters)."""


def simulate(rounds: int, seed: int) -> list[RatedMatch]:
    """Plackett-Luce placements: sort strengths plus Gumbel noise (the Gumbel-max trick)."""
    rng = np.random.default_rng(seed)
    out = []
    for task in match_tasks(round_robin(list(TRUE), 4, rounds, tournament_seed=seed)):
        strength = np.array([TRUE[b] + SEAT_EDGE[s] for s, b in enumerate(task.bots)]) / ELO_PER_NAT
        order = np.argsort(-(strength + rng.gumbel(size=len(strength))))
        places = [0] * len(order)
        for place, seat in enumerate(order, start=1):
            places[int(seat)] = place
        out.append(RatedMatch(f"{task.tournament_id}-{task.pod_index}", task.bots, tuple(places)))
    return out


@pytest.fixture(scope="module")
def simulated() -> list[RatedMatch]:
    return simulate(rounds=40, seed=3)  # 200 pods, 800 matches


def test_recovers_strengths_within_the_intervals(simulated: list[RatedMatch]) -> None:
    # Not a lucky seed: over simulation seeds 1..12, 3 of the 96 true values (5 bots and 3 seats each)
    # fell outside their 95 % interval, about the nominal rate.
    standings = fit_ladder(simulated, samples=200, seed=1)
    assert [r.bot for r in standings.bots] == ["a", "b", "c", "d", "e"]
    assert standings.matches == 800 and standings.pods == 200 and standings.samples == 200
    assert np.mean([r.rating for r in standings.bots]) == pytest.approx(1500)
    for r in standings.bots:
        assert r.low < r.rating < r.high
        assert r.low <= TRUE[r.bot] <= r.high, r
        assert abs(r.rating - TRUE[r.bot]) < 30, r
        assert r.high - r.low < 80, r
        assert r.games == 640


def test_recovers_the_seat_advantage(simulated: list[RatedMatch]) -> None:
    standings = fit_ladder(simulated, samples=200, seed=1)
    assert [s.seat for s in standings.seats] == [0, 1, 2, 3]
    assert (standings.seats[0].elo, standings.seats[0].low, standings.seats[0].high) == (0, 0, 0)
    for seat in standings.seats[1:]:
        assert seat.low <= SEAT_EDGE[seat.seat] <= seat.high, seat
        assert abs(seat.elo - SEAT_EDGE[seat.seat]) < 30, seat
    assert standings.seats[3].low > 0  # a real edge is told apart from none


def test_deterministic_and_independent_of_match_order(simulated: list[RatedMatch]) -> None:
    one = fit_ladder(simulated, samples=50, seed=7)
    assert fit_ladder(simulated, samples=50, seed=7) == one
    shuffled = [simulated[i] for i in np.random.default_rng(0).permutation(len(simulated))]
    two = fit_ladder(shuffled, samples=50, seed=7)
    for x, y in zip(one.bots, two.bots, strict=True):
        assert x.bot == y.bot
        assert (x.rating, x.low, x.high) == pytest.approx((y.rating, y.low, y.high), abs=1e-6)
    other = fit_ladder(simulated, samples=50, seed=8)
    assert other.bots[0].rating == pytest.approx(one.bots[0].rating)
    assert other.bots[0].low != one.bots[0].low  # a different resampling


def test_two_seats_reduce_to_bradley_terry() -> None:
    # a beats b 30 times out of 40, 20 times from each seat: the maximum likelihood difference is
    # 400 * log10(30 / 10) = 190.85 Elo; the weak ridge prior shrinks it by well under one point.
    matches = []
    for k in range(40):
        a_wins = k % 20 < 15
        seat_of_a = k // 20
        bots = ("a", "b") if seat_of_a == 0 else ("b", "a")
        a_place, b_place = (1, 2) if a_wins else (2, 1)
        places = (a_place, b_place) if seat_of_a == 0 else (b_place, a_place)
        matches.append(RatedMatch(f"p{k // 2}", bots, places))
    standings = fit_ladder(matches, samples=0)
    a, b = standings.bots
    assert (a.bot, b.bot) == ("a", "b")
    assert a.rating - b.rating == pytest.approx(400 * math.log10(3), abs=1.0)
    assert a.rating + b.rating == pytest.approx(3000)
    assert (a.low, a.high) == (a.rating, a.rating)  # no bootstrap
    assert standings.seats[1].elo == pytest.approx(0, abs=1e-6)


def test_an_unbeaten_bot_gets_a_finite_rating() -> None:
    matches = [
        RatedMatch(f"p{k}", tuple(["ace", "x", "y"][(s + k) % 3] for s in range(3)), (0, 0, 0))
        for k in range(30)
    ]
    matches = [
        RatedMatch(m.pod, m.bots, tuple(1 if b == "ace" else 2 + (b == "y") for b in m.bots)) for m in matches
    ]
    standings = fit_ladder(matches, samples=30)
    ace = standings.bots[0]
    assert ace.bot == "ace"
    assert all(math.isfinite(v) for v in (ace.rating, ace.low, ace.high))
    assert 1800 < ace.rating < 3500


def test_ties_pull_ratings_together() -> None:
    all_tied = [RatedMatch(f"p{k}", ("a", "b", "c"), (1, 1, 1)) for k in range(10)]
    standings = fit_ladder(all_tied, samples=10)
    assert [r.rating for r in standings.bots] == pytest.approx([1500, 1500, 1500])
    assert [s.elo for s in standings.seats] == pytest.approx([0, 0, 0], abs=1e-9)
    # a beats b and c, who tie for second, every time: b and c stay level, a goes up.
    shared = [RatedMatch(f"p{k}", ("a", "b", "c"), (1, 2, 2)) for k in range(10)]
    a, b, c = fit_ladder(shared, samples=0).bots
    assert a.bot == "a" and a.rating > 1700
    assert b.rating == pytest.approx(c.rating)


def test_copies_are_rated_as_one_bot() -> None:
    matches = [
        RatedMatch(f"p{k}", bots, places)
        for k in range(20)
        for bots, places in [(("a", "a", "b"), (1, 3, 2)), (("b", "a", "a"), (3, 1, 2))]
    ]
    standings = fit_ladder(matches, samples=0)
    assert [r.bot for r in standings.bots] == ["a", "b"]
    assert standings.bots[0].games == 80 and standings.bots[1].games == 40


def test_named_anchor() -> None:
    matches = simulate(rounds=4, seed=9)
    standings = fit_ladder(matches, samples=20, anchor_bot="c", anchor_rating=1000)
    c = next(r for r in standings.bots if r.bot == "c")
    assert (c.rating, c.low, c.high) == pytest.approx((1000, 1000, 1000))
    by_mean = fit_ladder(matches, samples=0)
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
    with pytest.raises(ValueError, match="ridge"):
        fit_ladder([RatedMatch("p", ("a", "b"), (1, 2))], ridge=0)


def test_describe_by_hand() -> None:
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
