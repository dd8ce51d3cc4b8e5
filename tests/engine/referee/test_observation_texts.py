"""The observation texts a seat receives stay byte for byte what they were: a digest of every text of
whole seeded matches of every game family, through the referee's own encoder and its per-match memo.

The observation builders and the encoder reuse what did not change between two requests; a change to
either that alters one byte of one seat's text, or shows a seat something it did not see before
(another seat's cards, VP chips, the deck), fails here. A rule change that alters
what a seat sees changes them on purpose: print the new ones with
``python -m tests.engine.referee.test_observation_texts`` and say why in the commit.
"""

from __future__ import annotations

import hashlib
import random
from typing import Any

import pytest

import engine
from engine.referee.json_encoders import JsonMemo, observation_utf8

CASES: dict[str, tuple[str, str, int, int, dict[str, Any]]] = {
    # name: (game, variant, players, seed, options)
    "puerto-rico/p3": ("puerto-rico", "base", 3, 1, {}),
    "puerto-rico/p4": ("puerto-rico", "base", 4, 2, {}),
    "puerto-rico/p5+open-vp": ("puerto-rico", "base", 5, 3, {"hidden_vp": False}),
    "catan/p4": ("catan", "base", 4, 4, {"turn_cap": 150}),
    "catan/extended/p5": ("catan", "extended", 5, 5, {"turn_cap": 60}),
    "catan/helpers/p4": ("catan", "helpers", 4, 6, {"turn_cap": 60}),
    "catan/four-islands/p3": ("catan", "seafarers-four-islands", 3, 7, {"turn_cap": 60}),
    "catan/big-river/p4": ("catan", "big-river", 4, 8, {"turn_cap": 60}),
    "catan-ck/p4": ("catan-ck", "base", 4, 9, {"turn_cap": 50}),
}

DIGESTS = {
    "puerto-rico/p3": "d04d80d710963b5e54c07720782c3b39874a512a603778038d6c7311f28fe0ec",
    "puerto-rico/p4": "4c7c741a2c82369916d1df6dfb352ad0d9411978c70aa513ef14704f757493c2",
    "puerto-rico/p5+open-vp": "66486532f9ad02095ed08e81e02e4d5e492283c685beb4c302c8337778f5095e",
    "catan/p4": "32440e29c0a1a18c2989f68e470546e3f1e4af09d73a8eb97e0a524a474860a5",
    "catan/extended/p5": "cf397e7f9356420a35cc69461f584c97cfcc83c7f25787a89bfbb055c41adae5",
    "catan/helpers/p4": "84e66c205ffa6eb7b5298af1148fea9d37a8812eb80535dce9824944afc578fd",
    "catan/four-islands/p3": "669d9fa25231d27326bea9772506f72cc108e1f2b9230a069aac168279471514",
    "catan/big-river/p4": "6e5a00a3a5e9f20a58d156b492ecf8225706481197864fac9d480681947061bd",
    "catan-ck/p4": "3596a95b41f6986d765163b9e3a65af4df1e571060972499ba6246c4935d2316",
}


def texts_digest(game_id: str, variant: str, players: int, seed: int, options: dict[str, Any]) -> str:
    """The SHA-256 of every observation text of one seeded random match: the mover's at every
    position, as the referee writes it (one memo for the match), and every seat's at every fourth."""
    game = engine.load_game(game_id, variant, players, **options)
    state = game.new_state(seed)
    chooser = random.Random(seed)
    memo = JsonMemo()
    digest = hashlib.sha256()
    while True:
        movers = () if state.is_terminal() else state.seats_to_move()
        seats = range(players) if state.ply % 4 == 0 or not movers else movers[:1]
        for seat in seats:
            digest.update(b"%d:" % seat + observation_utf8(state.observe(seat), memo) + b"\n")
        if not movers:
            return digest.hexdigest()
        legal = state.legal_actions(movers[0])
        state.apply(movers[0], legal[chooser.randrange(len(legal))])


@pytest.mark.parametrize("name", sorted(CASES))
def test_every_observation_text_is_what_it_was(name: str) -> None:
    assert texts_digest(*CASES[name]) == DIGESTS[name]


if __name__ == "__main__":
    for name in CASES:
        print(f"    {name!r}: {texts_digest(*CASES[name])!r},")
