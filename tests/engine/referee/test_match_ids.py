"""A referee's own match ids are opaque: no seed in them, a fresh one for every match."""

from __future__ import annotations

import engine
from engine.referee import Remote
from engine.referee.server import RefereeServer


def test_default_match_ids_carry_no_seed_and_differ_for_one_seed(referee: RefereeServer) -> None:
    game = engine.load_game("puerto-rico", players=3)
    seed = 918273645
    ids = [referee.open_match(game, [Remote("a"), Remote("b"), Remote("c")], seed).match_id for _ in range(3)]
    assert len(set(ids)) == 3
    for match_id in ids:
        assert str(seed) not in match_id and f"{seed:x}" not in match_id
    given = referee.open_match(game, [Remote("a"), Remote("b"), Remote("c")], seed, match_id="mine")
    assert given.match_id == "mine"
