"""The board text's seat lines (catan.md §5.11, §5.12): public VP during the game, and once it is over
the totals with the victory point cards, which are shown then."""

from __future__ import annotations

import pytest

from bots.builtin import make_bot
from engine.core.match import play_match
from engine.games.catan.rules.scoring import public_points, victory_points
from engine.registry import load_game


@pytest.mark.parametrize("variant", ["base", "seafarers-four-islands"])
def test_the_board_shows_vp_cards_only_once_the_game_is_over(variant: str) -> None:
    game = load_game("catan", variant, 3)
    with_cards = 0
    for seed in range(1, 9):
        bots = [
            make_bot(b, "catan", s, seed) for s, b in enumerate(("catan-greedy", "catan-greedy", "random"))
        ]
        record = play_match(game, bots, seed=seed)
        state = record.state
        lines = [line for line in state.render().splitlines() if line.startswith("seat ")]
        for seat, line in enumerate(lines):
            public, total = public_points(state, seat), victory_points(state, seat)
            if total != public:
                with_cards += 1
                assert f"{public} VP ({total} with VP cards)" in line, line
            else:
                assert f"{public} VP" in line and "with VP cards" not in line, line
        # Mid-game, the same line shows the public points alone (a seat's view is built on it).
        half = game.new_state(seed)
        for entry in record.log.records[: len(record.log.records) // 2]:
            half.apply(int(entry["seat"]), game.parse_action(entry["action"]))
        assert "with VP cards" not in half.render() and "with VP cards" not in half.render_for(0)
    assert with_cards > 0  # some seat held a VP card at the end
