"""Action texts (HS-9): canonical forms round-trip; malformed texts are refused with the syntax."""

from __future__ import annotations

import pytest

from engine.core.errors import MalformedAction
from engine.games.catan.actions import (
    BankTrade,
    Counter,
    Discard,
    MoveRobber,
    Offer,
    PlayYearOfPlenty,
    Road,
    Settle,
)
from engine.games.catan.parse import parse_action

TEXTS = [
    "settle 17", "road 23-24", "city 17", "buy dev", "roll", "end", "play knight", "play road-building",
    "play year-of-plenty brick ore", "play year-of-plenty ore", "play monopoly ore", "robber 9",
    "robber 9 steal 2", "discard 2 brick 1 ore", "bank give 4 grain get 1 ore",
    "offer give 1 wool get 1 ore to all", "offer give 2 brick 1 lumber get 1 ore to 3", "accept", "reject",
    "counter give 1 ore get 2 wool", "confirm 2", "withdraw",
]  # fmt: skip


@pytest.mark.parametrize("text", TEXTS)
def test_round_trip(text: str) -> None:
    action = parse_action(text)
    assert action.text() == text
    assert parse_action(action.text()) == action


def test_values() -> None:
    assert parse_action("settle 17") == Settle(17)
    assert parse_action("road 24-23") == Road(23, 24)
    assert parse_action("robber 9 steal 2") == MoveRobber(9, 2)
    assert parse_action("bank give 4 grain get 1 ore") == BankTrade(3, 4, 4)
    assert parse_action("play year-of-plenty brick ore") == PlayYearOfPlenty(0, 4)
    assert parse_action("discard 2 brick 1 ore") == Discard((2, 0, 0, 0, 1))
    assert parse_action("offer give 1 wool get 1 ore to all") == Offer((0, 0, 1, 0, 0), (0, 0, 0, 0, 1), -1)
    assert parse_action("counter give 1 ore get 2 wool") == Counter((0, 0, 0, 0, 1), (0, 0, 2, 0, 0))


def test_unordered_parts_are_read_in_any_order() -> None:
    """catan.md §5.7: year of plenty takes two resources, not an ordered pair; bundles likewise."""
    assert parse_action("play year-of-plenty ore brick") is parse_action("play year-of-plenty brick ore")
    assert parse_action("play year-of-plenty ore brick").text() == "play year-of-plenty brick ore"
    assert parse_action("discard 1 ore 2 brick") == parse_action("discard 2 brick 1 ore")
    assert parse_action("offer give 1 ore 1 wool get 2 grain 1 brick to 2") == Offer(
        (0, 0, 1, 0, 1), (1, 0, 0, 2, 0), 2
    )
    assert parse_action("counter give 1 ore 1 wool get 1 lumber") == Counter((0, 0, 1, 0, 1), (0, 1, 0, 0, 0))


def test_listed_actions_are_interned() -> None:
    """Equal listed actions are the same object (fast membership tests)."""
    assert Settle(3) is Settle(3) and Road(a=1, b=4) is Road(1, 4)


@pytest.mark.parametrize(
    "text",
    ["", "   ", "settle", "settle x", "settle 1 2", "road 12", "road a-b", "buy", "buy card", "play", "play soldier",
     "robber", "robber 9 steal", "discard", "discard 2", "discard 2 gold", "discard 1 ore 1 ore",
     "bank give 4 grain get 2 ore", "bank give 5 grain get 1 ore", "offer give 1 wool get 1 ore",
     "offer give 1 wool to all", "counter give 1 wool get 1 ore to 2", "confirm", "end now", "é✓", "9" * 40,
     "settle \u00b2", "robber 0 steal \u00b2", "settle \uff11", "settle " + "1" * 5000, "settle 160",
     "road 0-99999", "robber 64", "robber 1 steal 6", "bank give 1 ore get 1 brick", "discard 100 ore",
     "play \u212anight", "confirm -1", "offer give 1 wool get 1 ore to 9"],
)  # fmt: skip
def test_malformed(text: str) -> None:
    with pytest.raises(MalformedAction):
        parse_action(text)


@pytest.mark.parametrize(
    ("variant", "players", "options", "own", "foreign"),
    [
        ("base", 4, {}, [], ["helper jean ore", "pass", "choose knight", "take ore"]),
        ("extended", 5, {}, ["pass"], ["helper jean ore", "choose knight"]),
        ("extended", 6, {"turn_structure": "paired"}, [], ["pass", "helper keep"]),
        ("helpers", 4, {}, ["helper jean ore", "pass", "choose knight", "take ore", "give ore"], []),
    ],
)
def test_a_variant_reads_its_own_actions_and_lists_only_them(
    variant: str, players: int, options: dict[str, str], own: list[str], foreign: list[str]
) -> None:
    """catan.md §10: the text forms; the helpers' words belong to §7, ``pass`` to §6's special building
    phase and the helpers' asks. A refusal lists the actions of the variant played, no other."""
    import engine

    game = engine.load_game("catan", variant, players, **options)
    for text in own:
        assert game.parse_action(text).text() == text
    for text in [*foreign, "fly 3"]:
        with pytest.raises(MalformedAction) as refused:
            game.parse_action(text)
        listed = str(refused.value)
        assert "settle N" in listed and "withdraw" in listed
        assert ("helper jean R" in listed) is (variant == "helpers"), listed
        assert listed.endswith("| pass") is (variant != "base" and "pass" in own), listed
        if text.startswith("helper"):  # §7: no helpers outside the scenario, and the refusal says so
            assert "'helper' belongs to the Helpers of Catan scenario (catan.md §7)" in listed
