"""Captain phase rule cases (puerto_rico.md §5.6, §3.4 harbor/wharf/warehouses, §6 trigger 3, A2, A3, A14, A15)."""

from __future__ import annotations

import pytest

from engine.core.errors import IllegalAction

from .cases import Case, ids, roles, run_case, seat

K = roles(4, captain=0)
SEED = f"players=4 {K} ships=5:-,6:c3,7:-"
FULL = f"players=4 {K} ships=5:c5,6:s6,7:t7 goods=5.8.5.2.9"

CASES = [
    Case(
        "5.6 seed example: 6 sugar go on the 7-ship, the empty ship that takes the most; Captain +1",
        f"{SEED} s0={seat(goods='2.0.6.0.0')} s1={seat(goods='0.0.2.3.0')} stack=role(0)>load(0,0,0)",
        0,
        "ship sugar 7",
        after=f"ships=5:-,6:c3,7:s6 vp=93 bonus=1 s0={seat(vp=7, goods='2.0.0.0.0')} stack=role(0)>load(1,0,0)",
    ),
    Case(
        "5.6 an empty ship that takes fewer of the kind is illegal",
        f"{SEED} s0={seat(goods='2.0.6.0.0')} stack=role(0)>load(0,0,0)",
        0,
        "ship sugar 5",
        error=IllegalAction,
        message="takes the most",
    ),
    Case(
        "5.6 a kind already on a ship may go on no other ship",
        f"players=4 {K} ships=5:-,6:c3,7:s6 s1={seat(goods='0.0.2.3.0')} stack=role(0)>load(1,0,0)",
        1,
        "ship sugar 5",
        error=IllegalAction,
        message="sugar is already on the ship of capacity 7",
    ),
    Case(
        "5.6 load as many as fit; skipped seats count as turns without a load",
        f"players=4 {K} ships=5:-,6:c3,7:s6 vp=93 bonus=1 s0={seat(vp=7, goods='2.0.0.0.0')}"
        f" s1={seat(goods='0.0.2.3.0')} stack=role(0)>load(1,0,0)",
        1,
        "ship sugar 7",
        after=f"ships=5:-,6:c3,7:s7 vp=92 s1={seat(vp=1, goods='0.0.1.3.0')} stack=role(0)>load(0,0,2)",
    ),
    Case(
        "5.6 A3 loading is compulsory: no pass while a ship load exists",
        f"{SEED} s0={seat(goods='2.0.0.0.0')} stack=role(0)>load(0,0,0)",
        0,
        "pass",
        error=IllegalAction,
        message="loading is compulsory",
    ),
    Case(
        "A3 the wharf is optional: pass; N idle turns end loading; A15 one barrel kept; A2 full ships emptied",
        f"{FULL} s1={seat(goods='0.3.0.0.0', city='wharf/1')} stack=role(0)>load(1,0,0)",
        1,
        "pass",
        after=f"ships=5:-,6:-,7:- goods=10.10.11.9.9 s1={seat(goods='0.1.0.0.0', city='wharf/1')} stack=role(1)",
    ),
    Case(
        "3.4 wharf: every barrel of one kind, 1 VP each",
        f"players=4 {K} ships=5:c4,6:s6,7:t7 goods=5.8.5.2.9 s1={seat(goods='0.3.0.0.0', city='wharf/1')}"
        f" s2={seat(goods='1.0.0.0.0')} stack=role(0)>load(1,0,0)",
        1,
        "wharf indigo",
        after=f"goods=5.11.5.2.9 vp=97 wharf=1 s1={seat(vp=3, city='wharf/1')} stack=role(0)>load(2,0,0)",
    ),
    Case(
        "3.4 harbor: +1 VP per load",
        f"players=4 {K} ships=5:-,6:c3,7:s6 bonus=1 s1={seat(goods='0.0.2.0.0', city='harbor/1')}"
        f" s2={seat(goods='1.0.0.0.0')} stack=role(0)>load(1,0,0)",
        1,
        "ship sugar 7",
        after=f"ships=5:-,6:c3,7:s7 vp=98 s1={seat(vp=2, goods='0.0.1.0.0', city='harbor/1')} stack=role(0)>load(2,0,0)",
    ),
    Case(
        "A14 the Captain's +1 applies to a first load by wharf",
        f"{FULL} s0={seat(goods='0.2.0.0.0', city='wharf/1')} s1={seat(goods='0.0.0.0.1', city='wharf/1')}"
        " stack=role(0)>load(0,0,0)",
        0,
        "wharf indigo",
        after=f"goods=5.10.5.2.9 vp=97 bonus=1 wharf=0 s0={seat(vp=3, city='wharf/1')} stack=role(0)>load(1,0,0)",
    ),
    Case(
        "6 trigger 3: the last VP chip is taken (the supply may go negative)",
        f"{SEED} vp=2 s0={seat(goods='0.0.6.0.0')} s1={seat(goods='1.0.0.0.0')} stack=role(0)>load(0,0,0)",
        0,
        "ship sugar 7",
        after=f"end=1 ships=5:-,6:c3,7:s6 vp=-5 bonus=1 s0={seat(vp=7)} stack=role(0)>load(1,0,0)",
    ),
    Case(
        "5.6 storage: keep one barrel, the rest returns to the supply; partial ships keep their cargo",
        f"players=4 {K} ships=5:c2,6:-,7:- goods=6.11.6.9.9 s1={seat(goods='2.0.3.0.0')} stack=role(0)>store(1,0,-)",
        1,
        "keep sugar",
        after=f"goods=8.11.8.9.9 s1={seat(goods='0.0.1.0.0')} stack=role(1)",
    ),
    Case(
        "3.4 small warehouse: keep every barrel of one kind, then one more barrel",
        f"players=4 {K} s1={seat(goods='2.0.3.1.0', city='small-warehouse/1')} stack=role(0)>store(1,0,-)",
        1,
        "warehouse sugar",
        after="stack=role(0)>store(1,0,s)",
    ),
    Case(
        "3.4 small warehouse: the one extra barrel after the warehoused kind",
        f"players=4 {K} goods=8.11.8.8.9 s1={seat(goods='2.0.3.1.0', city='small-warehouse/1')} stack=role(0)>store(1,0,s)",
        1,
        "keep corn",
        after=f"goods=9.11.8.9.9 s1={seat(goods='1.0.3.0.0', city='small-warehouse/1')} stack=role(1)",
    ),
    Case(
        "3.4 large warehouse: two kinds; a warehoused kind cannot be picked twice",
        f"players=4 {K} s1={seat(goods='2.0.3.1.2', city='large-warehouse/1')} stack=role(0)>store(1,0,s)",
        1,
        "warehouse sugar",
        error=IllegalAction,
    ),
]


@pytest.mark.parametrize("case", CASES, ids=ids(CASES))
def test_captain(case: Case) -> None:
    run_case(case)
