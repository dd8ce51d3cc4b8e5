"""Role selection, Prospector and end of round rule cases (puerto_rico.md §4, §5.7, §6)."""

from __future__ import annotations

import pytest

from engine.core.errors import IllegalAction

from .cases import Case, ids, roles, run_case, seat

LATE = roles(3, {"builder": 1, "trader": 2}, settler=0, mayor=1)

CASES = [
    Case(
        "5.7 Prospector: one doubloon plus the doubloons on the tile",
        f"players=4 {roles(4, {'prospector': 2})}",
        0,
        "role prospector",
        after=f"{roles(4, prospector=0)} s0={seat(3)} stack=role(1)",
    ),
    Case(
        "4.2 with 5 players the second Prospector is a separate role",
        f"players=5 {roles(5, {'prospector2': 1}, prospector=0)} stack=role(1)",
        1,
        "role prospector 2",
        after=f"{roles(5, prospector=0, prospector2=1)} s1={seat(2)} stack=role(2)",
    ),
    Case(
        "4.1 end of round: +1 doubloon on each unchosen tile, roles back, governor passes left",
        f"players=3 {LATE} stack=role(2)",
        2,
        "role craftsman",
        after=f"round=2 governor=1 {roles(3, {'builder': 2, 'trader': 3, 'captain': 1})} stack=role(1)",
    ),
    Case(
        "6 a fired trigger ends the game when the round is complete",
        f"players=3 end=1 {LATE} stack=role(2)",
        2,
        "role craftsman",
        after=f"over=1 {roles(3, {'builder': 2, 'trader': 3, 'captain': 1})} stack=-",
    ),
    Case(
        "4.2 a role chosen this round cannot be chosen again",
        f"players=3 {LATE} stack=role(2)",
        2,
        "role settler",
        error=IllegalAction,
        message="already chosen this round by seat 0",
    ),
    Case(
        "2.2 the second Prospector is not used with 4 players",
        "players=4",
        0,
        "role prospector 2",
        error=IllegalAction,
        message="not used with 4 players",
    ),
    Case(
        "2.2 no Prospector with 3 players",
        "players=3",
        0,
        "role prospector",
        error=IllegalAction,
        message="not used with 3 players",
    ),
    Case(
        "9 wrong phase: building during role selection",
        f"players=3 s0={seat(5)}",
        0,
        "build small-market",
        error=IllegalAction,
        message="not a choice in role selection",
    ),
    Case(
        "9 wrong phase: selling during the Settler phase",
        f"players=3 row=cist {roles(3, settler=0)} s0={seat(goods='1.0.0.0.0')} stack=role(0)>settle(0,0)",
        0,
        "sell corn",
        error=IllegalAction,
        message="not a choice in the Settler phase",
    ),
]


@pytest.mark.parametrize("case", CASES, ids=ids(CASES))
def test_round(case: Case) -> None:
    run_case(case)
