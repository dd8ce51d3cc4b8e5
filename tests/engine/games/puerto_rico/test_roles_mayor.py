"""Mayor phase rule cases (puerto_rico.md §5.2, §9 DP-MAY0/DP-MAY1, §6 trigger 1, A4, A8)."""

from __future__ import annotations

import pytest

from engine.core.errors import IllegalAction

from .cases import Case, ids, roles, run_case, seat

R = roles(3, mayor=0)
BOARDS = f"s0={seat(island='i1/0')} s1={seat(island='i1/0')} s2={seat(island='c1/0')}"

CASES = [
    Case(
        "5.2 privilege colonist, hand-out from the Mayor, forced placement, refill with N",
        f"players=3 colonists=10 colship=3 {R} {BOARDS} stack=role(0)>privilege(0,0)",
        0,
        "privilege",
        after=f"colonists=6 colship=3 s0={seat(san_juan=1, island='i1/1')} s1={seat(island='i1/1')}"
        f" s2={seat(island='c1/1')} stack=role(1)",
    ),
    Case(
        "5.2 the privilege may be declined",
        f"players=3 colonists=10 colship=3 {R} {BOARDS} stack=role(0)>privilege(0,0)",
        0,
        "decline",
        after=f"colonists=7 colship=3 s0={seat(island='i1/1')} s1={seat(island='i1/1')}"
        f" s2={seat(island='c1/1')} stack=role(1)",
    ),
    Case(
        "5.2 hand-out of 2 among 3 starts at the Mayor; DP-MAY1 asks when the pool is short of the circles",
        f"players=3 colonists=10 colship=2 {R} s0={seat(island='i2/0.c1/0', city='small-indigo-plant/0')}"
        " stack=role(0)>privilege(0,0)",
        0,
        "decline",
        after="colship=0 s1=0:0:1:0.0.0.0.0:-:- stack=role(0)>place(0,0,1)",
    ),
    Case(
        "DP-MAY1 one colonist at a time; the pool empties, the others follow, the ship is refilled",
        f"players=3 colonists=10 colship=0 {R} s0={seat(island='i2/0.c1/0', city='small-indigo-plant/0')}"
        f" s1={seat(san_juan=1)} stack=role(0)>place(0,0,1)",
        0,
        "place small-indigo-plant",
        after=f"colonists=7 colship=3 s0={seat(island='i2/0.c1/0', city='small-indigo-plant/1')} stack=role(1)",
    ),
    Case(
        "5.2 placed colonists are lifted into the pool and may be moved",
        f"players=3 colonists=10 colship=1 {R} s0={seat(island='i1/1.c1/0.s1/0')} stack=role(0)>privilege(0,0)",
        0,
        "decline",
        after=f"colship=0 s0={seat(island='i1/0.c1/0.s1/0')} stack=role(0)>place(0,0,2)",
    ),
    Case(
        "DP-MAY1 a building is a target by name, one circle at a time",
        f"players=3 colonists=10 {R} s0={seat(island='i1/0', city='indigo-plant/0')} stack=role(0)>place(0,0,3)",
        0,
        "place indigo-plant",
        after=f"s0={seat(island='i1/0', city='indigo-plant/1')} stack=role(0)>place(0,0,2)",
    ),
    Case(
        "5.2 the refill is one colonist per empty building circle when more than N",
        f"players=3 colonists=10 colship=0 {R} s1={seat(city='indigo-plant/0.sugar-mill/0')}"
        " stack=role(0)>privilege(0,0)",
        0,
        "decline",
        after="colonists=4 colship=6 stack=role(1)",
    ),
    Case(
        "6 trigger 1: a supply short of max(E, N) ends the game after the round (A4)",
        f"players=3 colonists=2 colship=0 {R} stack=role(0)>privilege(0,0)",
        0,
        "decline",
        after="end=1 colonists=0 colship=2 stack=role(1)",
    ),
    Case(
        "A4 a supply of exactly R fills the ship without the trigger",
        f"players=3 colonists=3 colship=0 {R} stack=role(0)>privilege(0,0)",
        0,
        "decline",
        after="colonists=0 colship=3 stack=role(1)",
    ),
    Case(
        "DP-MAY1 a colonist goes only where a circle is free",
        f"players=3 {R} s0={seat(island='i1/0.c1/0')} stack=role(0)>place(0,0,1)",
        0,
        "place hospice",
        error=IllegalAction,
        message="not owned or has no free circle",
    ),
    Case(
        "5.2 the colonists must all be placed: no pass",
        f"players=3 {R} s0={seat(island='i1/0.c1/0')} stack=role(0)>place(0,0,1)",
        0,
        "pass",
        error=IllegalAction,
        message="DP-MAY1",
    ),
]


@pytest.mark.parametrize("case", CASES, ids=ids(CASES))
def test_mayor(case: Case) -> None:
    run_case(case)
