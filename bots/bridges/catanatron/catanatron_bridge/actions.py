"""catanatron's actions in the arena's text form (``settle 17``, ``road 23-24``, ``robber 9 steal 2``...).

:func:`action_text` maps one of catanatron's actions to the arena's canonical text; :func:`question`
pairs catanatron's list of playable actions with the arena's listed legal actions: the question the
bridge asks the player is catanatron's own list, less what the arena's rules refuse (every such
difference is a documented rules difference, README.md). Two of catanatron's actions carry no choice
of their own and get the arena's: its discard (catanatron discards at random; so does the bridge, the
same way) and a robber move without a victim where the arena names one that has no card to give.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from catanatron.models.enums import ActionType

from catanatron_bridge.board import RESOURCE_INDEX, BoardMap

NAMES = ("brick", "lumber", "wool", "grain", "ore")
"""The arena's resource names, by index."""


def action_text(action: Any, bmap: BoardMap, seat_of: dict[Any, int]) -> str:
    """The arena's text of catanatron's ``action`` (a discard: ``discard``, without its cards)."""
    kind, value = action.action_type, action.value
    if kind == ActionType.ROLL:
        return "roll"
    if kind == ActionType.END_TURN:
        return "end"
    if kind == ActionType.BUILD_SETTLEMENT:
        return f"settle {bmap.corner_of_node[value]}"
    if kind == ActionType.BUILD_CITY:
        return f"city {bmap.corner_of_node[value]}"
    if kind == ActionType.BUILD_ROAD:
        return str(bmap.edge_text(value))
    if kind == ActionType.BUY_DEVELOPMENT_CARD:
        return "buy dev"
    if kind == ActionType.PLAY_KNIGHT_CARD:
        return "play knight"
    if kind == ActionType.PLAY_ROAD_BUILDING:
        return "play road-building"
    if kind == ActionType.PLAY_MONOPOLY:
        return f"play monopoly {NAMES[RESOURCE_INDEX[value]]}"
    if kind == ActionType.PLAY_YEAR_OF_PLENTY:
        picked = sorted(RESOURCE_INDEX[r] for r in value)
        return "play year-of-plenty " + " ".join(NAMES[r] for r in picked)
    if kind == ActionType.MARITIME_TRADE:
        given = [r for r in value[:-1] if r is not None]
        return f"bank give {len(given)} {NAMES[RESOURCE_INDEX[given[0]]]} get 1 {NAMES[RESOURCE_INDEX[value[-1]]]}"
    if kind == ActionType.MOVE_ROBBER:
        coordinate, victim = value[0], value[1]
        text = f"robber {bmap.hex_of_coordinate[coordinate]}"
        return text if victim is None else f"{text} steal {seat_of[victim]}"
    if kind == ActionType.DISCARD:
        return "discard"
    raise ValueError(f"catanatron action {action!r} has no arena form")


def question(
    playable: Sequence[Any], legal: Sequence[str], bmap: BoardMap, seat_of: dict[Any, int]
) -> tuple[list[Any], list[str]]:
    """catanatron's playable actions the arena allows, with the arena text of each, in the arena's order.

    catanatron builds some of its lists from sets whose order changes from one process to the next
    (the hash of ``None`` in its maritime trades is an address): the arena's order makes the question,
    and a seeded player's answer, the same in every process.

    A discard stands for the arena's discard (``legal`` holds one, with the cards of the rules' choice).
    A robber move without a victim stands for the same move naming the first victim the arena lists:
    catanatron names none when nobody there holds a card, the arena has the robber steal from one of
    them anyway (and take nothing).
    """
    allowed = set(legal)
    kept: list[Any] = []
    texts: list[str] = []
    for action in playable:
        text = action_text(action, bmap, seat_of)
        if text == "discard":
            text = next((t for t in legal if t.startswith("discard")), "")
        elif text.startswith("robber") and " steal " not in text and text not in allowed:
            text = next((t for t in legal if t.startswith(text + " steal ")), text)
        if text in allowed:
            kept.append(action)
            texts.append(text)
    order = {text: i for i, text in enumerate(legal)}
    ranked = sorted(range(len(kept)), key=lambda i: order[texts[i]])
    return [kept[i] for i in ranked], [texts[i] for i in ranked]


def random_discard(hand: Sequence[int], owed: int, rng: random.Random) -> str:
    """``discard ...``: ``owed`` cards of ``hand`` drawn at random, as catanatron's own discard does."""
    cards = [r for r, k in enumerate(hand) for _ in range(k)]
    out = [0] * len(NAMES)
    for r in rng.sample(cards, owed):
        out[r] += 1
    return "discard " + " ".join(f"{k} {NAMES[r]}" for r, k in enumerate(out) if k)
