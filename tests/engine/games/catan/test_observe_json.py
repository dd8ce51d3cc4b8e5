"""A Catan seat's observation written from its values straight to JSON text equals the observation's
own JSON (catan.md §5.12: what each seat sees), in every variant whose state writes it; the variants
with observations of their own (Seafarers, Cities & Knights) leave it to the observation."""

from __future__ import annotations

import json
import random

import pytest

import engine
from engine.core.errors import RulesError

OFFERS = [("grain", "ore"), ("lumber", "brick"), ("wool", "grain"), ("ore", "wool"), ("brick", "lumber")]


@pytest.mark.parametrize(
    ("variant", "players"),
    [("base", 3), ("base", 4), ("extended", 6), ("helpers", 4), ("jungle", 4), ("big-river", 3)],
)
def test_the_direct_text_is_the_observations_json(variant: str, players: int) -> None:
    game = engine.load_game("catan", variant, players)
    state = game.new_state(5)
    chooser = random.Random(5)
    offers = [game.parse_action(f"offer give 1 {a} get 1 {b} to all") for a, b in OFFERS]
    positions = offered = 0
    while not state.is_terminal() and positions < 400:
        for seat in range(players):  # every seat, whoever is to move: hands and cards differ by seat
            text = state.observe_json(seat)
            assert text == json.dumps(state.observe(seat).to_json(), separators=(",", ":")).encode()
        positions += 1
        mover = state.seats_to_move()[0]
        action = state.legal_actions(mover)[chooser.randrange(len(state.legal_actions(mover)))]
        for offer in offers:  # an open offer now and then, so that positions with one are written too
            try:
                state.validate(mover, offer)
            except RulesError:
                continue
            if chooser.random() < 0.3:
                action, offered = offer, offered + 1
            break
        state.apply(mover, action)
    assert positions >= 150 and offered > 0


@pytest.mark.parametrize(("game_id", "variant"), [("catan", "seafarers-fog-islands"), ("catan-ck", None)])
def test_variants_with_their_own_observation_write_it_through_the_observation(
    game_id: str, variant: str | None
) -> None:
    state = engine.load_game(game_id, variant, 4).new_state(1)
    assert state.observe_json(0) is None
