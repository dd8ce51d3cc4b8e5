"""What the example bots in other languages (C++, Go) must do in a whole match, shared by their tests:
read the board from MatchStart and say so, play to the end without a fault, and report their place."""

from __future__ import annotations

from pathlib import Path

import engine
from arena.spawn import play_specs
from engine.core.match import MatchRecord
from engine.core.result import Termination

GAMES = ("catan", "catan-ck", "puerto-rico")
BOARD_LINES = {
    "catan": "board of 19 hexes, 54 corners, 72 edges, 9 harbors, robber on hex ",
    "catan-ck": "Cities & Knights board of 19 hexes, 54 corners, 25 kinds of progress card, barbarians attack at 7",
    "puerto-rico": "tables of 23 buildings, 5 goods, 7 roles",
}
"""What each example bot prints on its log when it reads a game's MatchStart.board."""


def play_two_copies(binary: Path, second_name: str, game_id: str, logs: Path) -> MatchRecord:
    """A 4-seat match of ``game_id`` with two copies of the bot (the second named ``second_name``) and
    two random bots; checks that it ends without a fault and that each copy read the board and its
    place. Returns the record."""
    game = engine.load_game(game_id, players=4)
    specs = ["random", f"cmd:{binary}", "random", f'cmd:"{binary}" --name {second_name}']
    record = play_specs(game, specs, 31, log_dir=logs, announce=lambda line: None)
    assert record.result.termination is Termination.VICTORY
    assert record.result.faults == ()
    files = sorted(logs.glob("*.log"))
    assert len(files) == 2
    for log in files:
        text = log.read_text()
        assert BOARD_LINES[game_id] in text, text
        assert " placed " in text, text
    return record
