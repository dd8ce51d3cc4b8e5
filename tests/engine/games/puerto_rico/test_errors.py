"""Bad input: illegal actions name the rule and leave the state unchanged; bad text is malformed (puerto_rico.md §9)."""

from __future__ import annotations

import pytest

from engine.core.errors import IllegalAction, MalformedAction, NotYourTurn, RulesError
from engine.games.puerto_rico import actions
from engine.games.puerto_rico.actions import parse_action
from engine.registry import load_game

from .cases import position, roles, seat

ILLEGAL = [
    (
        "wrong phase",
        f"players=3 row=cist {roles(3, settler=0)} s0={seat(5)} stack=role(0)>settle(0,0)",
        0,
        "build small-market",
        "not a choice in the Settler phase (puerto_rico.md §9 DP-SET1, §5.1)",
    ),
    (
        "unaffordable building",
        f"players=3 {roles(3, builder=0)} s1={seat(4)} stack=role(0)>build(1,0)",
        1,
        "build factory",
        "build factory: factory costs 7 doubloons, seat 1 has 4 (puerto_rico.md §5.3)",
    ),
    (
        "loading a kind that is already on another ship",
        f"players=3 {roles(3, captain=0)} ships=4:c2,5:-,6:- s0={seat(goods='3.0.1.0.0')} stack=role(0)>load(0,0,0)",
        0,
        "ship corn 6",
        "corn is already on the ship of capacity 4; a kind may be on one ship only (puerto_rico.md §5.6)",
    ),
    (
        "selling a duplicate kind without an office",
        f"players=3 {roles(3, trader=0)} house=s s0={seat(goods='0.0.1.0.0')} stack=role(0)>sell(0,0)",
        0,
        "sell sugar",
        "sugar is already in the trading house and seat 0 has no occupied office (puerto_rico.md §5.5, §3.4)",
    ),
]


@pytest.mark.parametrize(("name", "before", "who", "text", "message"), ILLEGAL, ids=[c[0] for c in ILLEGAL])
def test_illegal_action_names_the_rule_and_changes_nothing(
    name: str, before: str, who: int, text: str, message: str
) -> None:
    state = position(before)
    fingerprint, notation = state.fingerprint(), state.to_text()
    with pytest.raises(IllegalAction) as caught:
        state.apply(who, parse_action(text))
    assert str(caught.value).startswith(text + ": ")
    assert message in str(caught.value)
    assert state.fingerprint() == fingerprint and state.to_text() == notation


def test_a_seat_not_to_move_is_refused() -> None:
    state = load_game("puerto-rico", players=4).new_state(7)
    fingerprint = state.fingerprint()
    with pytest.raises(NotYourTurn):
        state.apply(2, parse_action("role settler"))
    assert state.fingerprint() == fingerprint


@pytest.mark.parametrize(
    ("text", "reason"),
    [
        ("", "empty action text"),
        ("fly away", "unknown action 'fly'"),
        ("build castle", "unknown building 'castle'"),
        ("sell gold", "unknown good 'gold'"),
        ("ship corn", "'ship' takes 2 argument(s)"),
        ("ship corn 9", "ship capacity 9 is out of range (4..8)"),
        ("ship corn \u00b2", "plain ASCII"),
        ("ship corn 01234", "is not a ship capacity"),
        ("ship corn " + "1" * 5000, "an action text is at most 200 characters"),
        ("role prospector \uff12", "plain ASCII"),
        ("role jester", "unknown role 'jester'"),
        ("plantation", "'plantation' takes 1 argument(s)"),
        ("pass now", "unknown action"),
    ],
)
def test_malformed_text(text: str, reason: str) -> None:
    with pytest.raises(MalformedAction) as caught:
        parse_action(text)
    assert reason in str(caught.value)
    assert isinstance(caught.value, RulesError)


def test_every_action_text_round_trips() -> None:
    every = [
        *actions.ROLE,
        *actions.PLANTATION,
        *actions.PLACE_TILE,
        *actions.PLACE_BUILDING,
        *actions.BUILD,
        *actions.EXTRA,
        *actions.SELL,
        *[s for row in actions.SHIP for s in row if s is not None],
        *actions.WHARF,
        *actions.WAREHOUSE,
        *actions.KEEP,
        actions.HACIENDA,
        actions.HACIENDA_QUARRY,
        actions.QUARRY,
        actions.HOSPICE,
        actions.PRIVILEGE,
        actions.UNIVERSITY,
        actions.PRODUCE,
        actions.DECLINE,
        actions.PASS,
    ]
    texts = [a.text() for a in every]
    assert len(set(texts)) == len(texts)
    for action in every:
        assert parse_action(action.text()) == action
    assert parse_action("role prospector 2").text() == "role prospector 2"
    assert parse_action("  Build   City-Hall ").text() == "build city-hall"
