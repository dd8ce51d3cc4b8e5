"""Results: places with ties, forfeits moved last, JSON form."""

from __future__ import annotations

from engine.core.result import Fault, FaultKind, Result, Termination, places_from_scores


def test_places_share_ties_competition_style() -> None:
    assert places_from_scores([(5,), (7,), (5,), (1,)]) == (2, 1, 2, 4)
    assert places_from_scores([(5, 2), (5, 3)]) == (2, 1)


def test_ranking_groups_and_winners() -> None:
    r = Result((2, 1, 2, 4), (5.0, 7.0, 5.0, 1.0), Termination.VICTORY)
    assert r.ranking == ((1,), (0, 2), (3,))
    assert r.winners == (1,)


def test_forfeited_seats_go_last_keeping_their_order() -> None:
    r = Result((1, 2, 3, 4), (9.0, 8.0, 7.0, 6.0), Termination.VICTORY)
    fault = Fault(0, FaultKind.TIMEOUT, "no answer in 1000 ms", 12, 4)
    out = r.with_forfeits([0], [fault])
    assert out.places == (4, 1, 2, 3)
    assert out.forfeits == (0,)
    data = out.to_json()
    assert data["faults"][0]["kind"] == "timeout"
    assert data["ranking"] == [[1], [2], [3], [0]]


def test_json_round_trip() -> None:
    fault = Fault(2, FaultKind.ILLEGAL, "play 9: not held", 7, 1)
    r = Result((1, 3, 2), (9.0, 1.0, 4.0), Termination.TURN_CAP, (1,), (fault,), (("rounds", 12),))
    assert Result.from_json(r.to_json()) == r
