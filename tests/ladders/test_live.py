"""The live ratings of a run: the official fit, refitted as matches arrive, at most a tenth of the time."""

from __future__ import annotations

from ladders.fit import fit_ladder
from ladders.live import LiveRatings
from tests.ladders.simulate import simulate

ELO = {"a": 1700.0, "b": 1500.0, "c": 1300.0, "d": 1500.0}


class Clock:
    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        return self.now


def test_live_ratings_are_the_fit_of_the_matches_so_far() -> None:
    matches = simulate(ELO, 3, 12, 4)
    live = LiveRatings(matches[:20])
    for m in matches[20:]:
        live.update(m)
    assert live.pending == len(matches)
    assert live.standings(force=True) == fit_ladder(matches)
    assert live.pending == 0
    assert LiveRatings().standings() is None


def test_refits_are_throttled_to_a_share_of_the_time() -> None:
    matches = simulate(ELO, 3, 12, 5)
    clock = Clock()
    live = LiveRatings(matches[:10], clock=clock)
    first = live.standings()
    assert first is not None and first.matches == 10
    live.update(matches[10])
    assert live.standings() is first and live.pending == 1  # no time has passed: the last fit is shown
    clock.now = 1e6
    second = live.standings()
    assert second is not None and second.matches == 11 and live.pending == 0
    assert live.standings() is second  # nothing new: no refit
