"""The registry: lookups by id and alias, and one clear error naming the valid choices."""

from __future__ import annotations

import pytest

import engine
from engine.core.errors import UnknownChoice
from engine.core.registry import VariantInfo, find_game, resolve_options


def test_ids_and_aliases() -> None:
    assert find_game("PR").id == "puerto-rico"
    assert engine.list_games()[0].id == "puerto-rico"


def test_unknown_names_list_the_valid_choices() -> None:
    with pytest.raises(UnknownChoice, match="unknown game 'chess'; valid: puerto-rico"):
        engine.load_game("chess")
    with pytest.raises(UnknownChoice, match="valid: base"):
        engine.load_game("puerto-rico", variant="deluxe")
    with pytest.raises(UnknownChoice, match="valid: 3, 4, 5"):
        engine.load_game("puerto-rico", players=2)


def test_options_are_converted_and_checked() -> None:
    spec = VariantInfo("v", 2, 4, "", options=(("flag", False), ("cap", 10), ("board", "beginner")))
    assert resolve_options(spec, {"flag": "true", "cap": "12", "board": "random"}) == {
        "flag": True,
        "cap": 12,
        "board": "random",
    }
    with pytest.raises(UnknownChoice, match="unknown option of v 'colour'; valid: board, cap, flag"):
        resolve_options(spec, {"colour": "red"})
    with pytest.raises(UnknownChoice, match="an integer"):
        resolve_options(spec, {"cap": "many"})
    with pytest.raises(UnknownChoice, match="true, false"):
        resolve_options(spec, {"flag": "perhaps"})
