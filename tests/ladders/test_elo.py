"""The live multiplayer Elo against hand-computed tables (3 and 4 seats, ties, copies)."""

from __future__ import annotations

import pytest

from ladders.elo import LiveElo, expected_score, live_elo, match_deltas, pair_score, seat_deltas
from ladders.fit import RatedMatch


def test_expected_score_on_the_400_point_logistic() -> None:
    assert expected_score(1500, 1500) == 0.5
    # 400 points apart: 1 / (1 + 10**-1) = 10/11.
    assert expected_score(1900, 1500) == pytest.approx(10 / 11)
    assert expected_score(1500, 1900) == pytest.approx(1 / 11)
    # 800 points apart: 1 / (1 + 10**-2) = 100/101.
    assert expected_score(2300, 1500) == pytest.approx(100 / 101)


def test_pair_score() -> None:
    assert (pair_score(1, 2), pair_score(2, 2), pair_score(3, 1)) == (1.0, 0.5, 0.0)


def test_three_seats_by_hand() -> None:
    # Ratings 1600, 1500, 1400; places 1, 2, 3; K = 32 so each pair weighs 32 / (3 - 1) = 16.
    # E(100 points) = 1 / (1 + 10**-0.25) = 0.6400649998; E(200 points) = 1 / (1 + 10**-0.5) = 0.7597469267.
    # seat 0: 16 * ((1 - 0.6400649998) + (1 - 0.7597469267)) = 16 * 0.6001880735 = +9.603009176
    # seat 1: 16 * ((0 - 0.3599350002) + (1 - 0.6400649998)) = 0
    # seat 2: 16 * ((0 - 0.2402530733) + (0 - 0.3599350002)) = -9.603009176
    deltas = seat_deltas([1600, 1500, 1400], [1, 2, 3], k=32)
    assert deltas == pytest.approx((9.603009176, 0.0, -9.603009176), abs=1e-8)


def test_three_seats_upset_by_hand() -> None:
    # Same ratings, reversed places 3, 2, 1.
    # seat 0: 16 * ((0 - 0.6400649998) + (0 - 0.7597469267)) = 16 * -1.3998119265 = -22.396990824
    # seat 1: 16 * ((1 - 0.3599350002) + (0 - 0.6400649998)) = 0
    # seat 2: 16 * ((1 - 0.2402530733) + (1 - 0.3599350002)) = +22.396990824
    deltas = seat_deltas([1600, 1500, 1400], [3, 2, 1], k=32)
    assert deltas == pytest.approx((-22.396990824, 0.0, 22.396990824), abs=1e-8)


def test_four_seats_equal_ratings_with_a_tie() -> None:
    # All 1500 (every expectation 0.5); places 1, 2, 2, 4; K = 30 so each pair weighs 30 / 3 = 10.
    # seat 0: 10 * (0.5 + 0.5 + 0.5) = +15
    # seat 1: 10 * (-0.5 + 0 + 0.5) = 0   (the tie with seat 2 scores 0.5 - 0.5)
    # seat 2: 10 * (-0.5 + 0 + 0.5) = 0
    # seat 3: 10 * (-0.5 - 0.5 - 0.5) = -15
    assert seat_deltas([1500] * 4, [1, 2, 2, 4], k=30) == pytest.approx((15, 0, 0, -15))


def test_four_seats_tie_for_first_by_hand() -> None:
    # Ratings 1900, 1500, 1500, 1100; places 2, 1, 1, 4; K = 33 so each pair weighs 11.
    # E: 0v1 = 0v2 = 10/11 (400 points), 0v3 = 100/101 (800), 1v2 = 1/2, 1v3 = 2v3 = 10/11.
    # seat 0: 11 * ((0 - 10/11) + (0 - 10/11) + (1 - 100/101)) = 11 * (-2009/1111) = -2009/101
    # seat 1: 11 * ((1 - 1/11) + (0.5 - 0.5) + (1 - 10/11)) = 11 * 1 = +11
    # seat 2: the same as seat 1 = +11
    # seat 3: 11 * ((0 - 1/101) + (0 - 1/11) + (0 - 1/11)) = 11 * (-213/1111) = -213/101
    deltas = seat_deltas([1900, 1500, 1500, 1100], [2, 1, 1, 4], k=33)
    assert deltas == pytest.approx((-2009 / 101, 11, 11, -213 / 101))
    assert sum(deltas) == pytest.approx(0, abs=1e-9)


def test_all_tied_at_equal_ratings_changes_nothing() -> None:
    assert seat_deltas([1500] * 5, [1] * 5) == pytest.approx((0,) * 5)


def test_copies_skip_the_pairs_between_themselves() -> None:
    # Bots a, a, b at 1500; places 1, 2, 3; K = 32, pair weight 16. Pair (0, 1) is a against itself:
    # skipped. Pair (0, 2): 16 * (1 - 0.5) = 8; pair (1, 2): 16 * (1 - 0.5) = 8. So a: +16, b: -16.
    deltas = seat_deltas([1500] * 3, [1, 2, 3], ["a", "a", "b"], k=32)
    assert deltas == pytest.approx((8, 8, -16))
    assert match_deltas({}, ["a", "a", "b"], [1, 2, 3], k=32) == pytest.approx({"a": 16, "b": -16})
    assert match_deltas({}, ["a", "a", "a"], [1, 2, 3]) == {"a": 0.0}


def test_live_elo_replays_in_order() -> None:
    elo = LiveElo(k=32)
    # Match 1: a beats b beats c from 1500: a +16, b 0, c -16.
    assert elo.update(["a", "b", "c"], [1, 2, 3]) == pytest.approx({"a": 16, "b": 0, "c": -16})
    # Match 2 from 1516 / 1500 / 1484 with c first, then b, then a.
    # c: 16 * ((1 - E(-32)) + (1 - E(-16))), a: 16 * ((0 - E(16)) + (0 - E(32))), b: the rest.
    e16, e32 = expected_score(1516, 1500), expected_score(1516, 1484)
    c_gain = 16 * ((1 - (1 - e32)) + (1 - expected_score(1484, 1500)))
    a_loss = 16 * (e16 + e32)
    deltas = elo.update(["c", "b", "a"], [1, 2, 3])
    assert deltas["c"] == pytest.approx(c_gain)
    assert deltas["a"] == pytest.approx(-a_loss)
    assert sum(deltas.values()) == pytest.approx(0, abs=1e-9)
    assert elo.games == {"a": 2, "b": 2, "c": 2}
    again = live_elo(
        [RatedMatch("p", ("a", "b", "c"), (1, 2, 3)), RatedMatch("p", ("c", "b", "a"), (1, 2, 3))]
    )
    assert again.ratings == pytest.approx(elo.ratings)
    assert again.rating("nobody") == 1500


def test_mismatched_lengths_are_refused() -> None:
    with pytest.raises(ValueError, match="one per seat"):
        seat_deltas([1500, 1500], [1, 2, 3])
