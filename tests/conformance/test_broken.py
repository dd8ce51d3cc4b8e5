"""The conformance suite can fail: each deliberately broken game is caught by the check aimed at it."""

from __future__ import annotations

import pytest

from engine.core.conformance import CHECKS, ConformanceError, check_playout
from tests.conformance import broken
from tests.conformance.toy import HighCardGame


def test_the_correct_toy_game_passes_every_check() -> None:
    for players in (2, 3, 4):
        game = HighCardGame("base", players, {"rounds": 6})
        report = check_playout(game, seed=players, factory="tests.conformance.toy:HighCardGame")
        assert report.turns == 7
        assert report.plies == 6 * players


def test_every_check_has_a_broken_game() -> None:
    assert sorted(broken.BROKEN.values()) == sorted(CHECKS)


@pytest.mark.parametrize("name", sorted(broken.BROKEN))
def test_broken_game_is_caught(name: str) -> None:
    game = getattr(broken, name)("base", 3, {"rounds": 6})
    with pytest.raises(ConformanceError) as caught:
        check_playout(game, seed=11, factory=f"tests.conformance.broken:{name}")
    assert caught.value.check == broken.BROKEN[name], str(caught.value)
