"""Builder phase rule cases (puerto_rico.md §5.3, §3.1, §3.4 university, §6 trigger 2, A10)."""

from __future__ import annotations

import pytest

from engine.core.errors import IllegalAction

from .cases import Case, buildings, ids, roles, run_case, seat

R = roles(3, builder=0)
ELEVEN = (
    "small-indigo-plant/0.small-sugar-mill/0.small-market/0.hacienda/0.construction-hut/0.small-warehouse/0"
    ".indigo-plant/0.sugar-mill/0.hospice/0.office/0.large-market/0"
)

CASES = [
    Case(
        "5.3 the Builder pays one doubloon less",
        f"players=3 {R} s0={seat(3)} stack=role(0)>build(0,0)",
        0,
        "build hospice",
        after=f"{buildings('hospice')} s0={seat(0, city='hospice/0')} stack=role(0)>build(1,0)",
    ),
    Case(
        "5.3 the other seats pay the full cost",
        f"players=3 {R} s1={seat(5)} stack=role(0)>build(1,0)",
        1,
        "build hospice",
        after=f"{buildings('hospice')} s1={seat(1, city='hospice/0')} stack=role(0)>build(2,0)",
    ),
    Case(
        "5.3 occupied quarries discount up to the column: city hall with 3 quarries costs 7",
        f"players=3 {R} s1={seat(9, island='q3/3')} stack=role(0)>build(1,0)",
        1,
        "build city-hall",
        after=f"{buildings('city-hall')} s1={seat(2, island='q3/3', city='city-hall/0')} stack=role(0)>build(2,0)",
    ),
    Case(
        "5.3 column 1 caps the discount at 1: construction hut with 3 quarries costs 1",
        f"players=3 {R} s1={seat(1, island='q3/3')} stack=role(0)>build(1,0)",
        1,
        "build construction-hut",
        after=f"{buildings('construction-hut')} s1={seat(0, island='q3/3', city='construction-hut/0')}"
        " stack=role(0)>build(2,0)",
    ),
    Case(
        "5.3 unoccupied quarries give no discount",
        f"players=3 {R} s1={seat(7, island='q3/0')} stack=role(0)>build(1,0)",
        1,
        "build city-hall",
        error=IllegalAction,
        message="city-hall costs 10 doubloons, seat 1 has 7",
    ),
    Case(
        "5.3 the price never drops below 0",
        f"players=3 {R} s0={seat(0, island='q1/1')} stack=role(0)>build(0,0)",
        0,
        "build small-market",
        after=f"{buildings('small-market')} s0={seat(0, island='q1/1', city='small-market/0')}"
        " stack=role(0)>build(1,0)",
    ),
    Case(
        "5.3 an unaffordable building is illegal",
        f"players=3 {R} s1={seat(3)} stack=role(0)>build(1,0)",
        1,
        "build hospice",
        error=IllegalAction,
        message="hospice costs 4 doubloons, seat 1 has 3 (puerto_rico.md §5.3)",
    ),
    Case(
        "3.1 one copy of each building per seat",
        f"players=3 {R} s1={seat(9, city='small-market/0')} stack=role(0)>build(1,0)",
        1,
        "build small-market",
        error=IllegalAction,
        message="already owns",
    ),
    Case(
        "5.3 no copy left",
        f"players=3 {R} {buildings('guild-hall')} s1={seat(19)} stack=role(0)>build(1,0)",
        1,
        "build guild-hall",
        error=IllegalAction,
        message="no guild-hall is left",
    ),
    Case(
        "A10 a large building needs two free city spaces",
        f"players=3 {R} s1={seat(20, city=ELEVEN)} stack=role(0)>build(1,0)",
        1,
        "build residence",
        error=IllegalAction,
        message="needs 2 free city spaces",
    ),
    Case(
        "6 trigger 2: building on the 12th city space",
        f"players=3 {R} s1={seat(20, city=ELEVEN)} stack=role(0)>build(1,0)",
        1,
        "build large-warehouse",
        after=f"end=1 {buildings('large-warehouse')} s1={seat(14, city=ELEVEN + '.large-warehouse/0')}"
        " stack=role(0)>build(2,0)",
    ),
    Case(
        "3.4 university: an occupied university offers a colonist for the new building",
        f"players=3 {R} s0={seat(3, city='university/1')} stack=role(0)>build(0,0)",
        0,
        "build hospice",
        after=f"{buildings('hospice')} s0={seat(0, city='hospice/0.university/1')}"
        " stack=role(0)>build(0,0)>university(0,0,hospice)",
    ),
    Case(
        "3.4 A19 university: one colonist from the supply onto the new building",
        f"players=3 colonists=5 {R} s0={seat(0, city='indigo-plant/0.university/1')}"
        " stack=role(0)>build(0,0)>university(0,0,indigo-plant)",
        0,
        "university",
        after=f"colonists=4 s0={seat(0, city='indigo-plant/1.university/1')} stack=role(0)>build(1,0)",
    ),
    Case(
        "5.3 the last seat's pass ends the phase; a Builder who passes gets nothing",
        f"players=3 {R} s2={seat(5)} stack=role(0)>build(2,0)",
        2,
        "pass",
        after="stack=role(1)",
    ),
]


@pytest.mark.parametrize("case", CASES, ids=ids(CASES))
def test_builder(case: Case) -> None:
    run_case(case)
