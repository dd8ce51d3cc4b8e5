"""A seat's observation written straight to its JSON text equals the observation's own JSON
(puerto_rico.md §9 Visibility, §8 A11: the VP chips hidden or shown)."""

from __future__ import annotations

import json
import random

import pytest

from engine.core.view import view_of
from engine.registry import load_game


@pytest.mark.parametrize(("players", "hidden_vp"), [(3, False), (4, True), (5, False), (5, True)])
def test_the_direct_text_is_the_observations_json_at_every_position(players: int, hidden_vp: bool) -> None:
    game = load_game("puerto-rico", players=players, hidden_vp=hidden_vp)
    positions = 0
    for seed in range(2):
        state = game.new_state(seed)
        chooser = random.Random(seed)
        while True:
            for seat in range(players):  # every seat, whoever is to move: hidden chips differ by seat
                text = state.observe_json(seat)
                assert text == json.dumps(state.observe(seat).to_json(), separators=(",", ":")).encode()
            positions += 1
            if state.is_terminal():
                break
            mover = state.seats_to_move()[0]
            legal = state.legal_actions(mover)
            state.apply(mover, legal[chooser.randrange(len(legal))])
    assert positions > 300 * 2


def test_a_view_writes_its_observation_only_at_its_own_position() -> None:
    state = load_game("puerto-rico", players=4).new_state(1)
    seat = state.seats_to_move()[0]
    view = view_of(state, seat, [[] for _ in range(4)], ())
    assert view.observation_json() == state.observe_json(seat)
    state.apply(seat, state.legal_actions(seat)[0])
    with pytest.raises(RuntimeError, match="first asked for at ply"):
        view.observation_json()
    fresh = view_of(state, state.seats_to_move()[0], [[] for _ in range(4)], ())
    assert fresh.observation is fresh.observation  # made once
    assert fresh.observation_json() is None  # made already: the caller writes it
