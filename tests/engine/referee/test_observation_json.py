"""One JSON encoding of every observation: the wire's text is ``Observation.to_json()`` written compactly,
for every game, variant and seat count, and the SDK rebuilds the game's own observation from it.

``convert.observation_json`` compiles a fast encoder per observation class; ``to_json`` is the plain
reference. They must agree on every value, enum-valued fields and nested frames included (Cities &
Knights writes a progress card in resolution by its number, as ``catan_ck.proto`` documents).
"""

from __future__ import annotations

import json
from typing import Any

import pytest

import engine
from bots.builtin import make_bot
from bots.sdk.bridge import from_jsonable
from engine.core.match import play_match
from engine.referee import convert
from engine.registry import find_game, list_games
from tests.engine.referee.helpers import ViewCollector

CASES: list[tuple[str, str, int, dict[str, Any]]] = [
    (info.id, variant.id, players, {})
    for info in list_games()
    for variant in info.variants
    for players in variant.player_counts
]
CASES += [
    ("catan-ck", "base", 4, {"declared_defenders": True, "wandering_knight": True, "easy_start": True}),
    ("catan-ck", "base", 3, {"strict_fifth_card": True}),
]


def case_id(case: tuple[str, str, int, dict[str, Any]]) -> str:
    game, variant, players, options = case
    return f"{game}/{variant}/p{players}" + ("+" + "+".join(options) if options else "")


@pytest.mark.slow
@pytest.mark.parametrize("case", CASES, ids=case_id)
def test_the_wire_text_is_to_json_and_the_sdk_reads_it_back(
    case: tuple[str, str, int, dict[str, Any]],
) -> None:
    game_id, variant, players, options = case
    # Cities & Knights plays long enough for progress cards to be in resolution (a CardStep frame).
    cap = 150 if game_id == "catan-ck" else 60
    capped = {"turn_cap": cap} if "turn_cap" in dict(find_game(game_id).variant(variant).options) else {}
    game = engine.load_game(game_id, variant, players, **capped, **options)
    collect = ViewCollector()
    bots = [make_bot("random", game_id, seat, 11) for seat in range(players)]
    play_match(game, bots, 11, hooks=collect)
    kind = type(collect.views[0].observation)
    checked = 0
    for view in collect.views:
        observation = view.observation
        text = convert.observation_json(observation)
        assert text == json.dumps(observation.to_json(), separators=(",", ":")), view.ply
        rebuilt = from_jsonable(kind, json.loads(text))
        assert rebuilt == observation, view.ply
        assert convert.observation_json(rebuilt) == text
        checked += 1
    assert checked == len(collect.views) > 0
    if game_id == "catan-ck":
        steps = [f for v in collect.views for f in v.observation.frames if f.kind == "CardStep"]  # type: ignore[attr-defined]
        assert steps and all(type(f.card) is int for f in steps)
