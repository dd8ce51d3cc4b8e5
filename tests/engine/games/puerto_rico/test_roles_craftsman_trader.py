"""Craftsman and Trader rule cases (puerto_rico.md §5.4, §3.3, §5.5, §3.4 factory/office/markets, A7, A9, A16)."""

from __future__ import annotations

import pytest

from engine.core.errors import IllegalAction

from .cases import Case, ids, roles, run_case, seat

C = roles(3, craftsman=0)
T = roles(3, trader=0)
PRODUCERS = (
    f"s0={seat(island='c2/2.i2/2.s3/3', city='small-indigo-plant/1.sugar-mill/2')}"
    f" s1={seat(island='i1/1.s2/2.t2/2.k2/2', city='small-sugar-mill/1.indigo-plant/3.tobacco-storage/1.coffee-roaster/2')}"
)

CRAFTSMAN = [
    Case(
        "3.3 production: corn direct, other goods min(occupied plantations, building colonists)",
        f"players=3 {roles(3)} {PRODUCERS}",
        0,
        "role craftsman",
        after=f"{C} goods=8.9.8.8.7 received=cis"
        f" s0={seat(goods='2.1.2.0.0', island='c2/2.i2/2.s3/3', city='small-indigo-plant/1.sugar-mill/2')}"
        f" s1={seat(goods='0.1.1.1.2', island='i1/1.s2/2.t2/2.k2/2', city='small-sugar-mill/1.indigo-plant/3.tobacco-storage/1.coffee-roaster/2')}"
        " stack=role(0)>extra(0,0)",
    ),
    Case(
        "5.4 A7 the Craftsman's extra barrel of a kind he received",
        f"players=3 {C} goods=8.9.8.8.7 received=cis s0={seat(goods='2.1.2.0.0')} stack=role(0)>extra(0,0)",
        0,
        "extra sugar",
        after=f"goods=8.9.7.8.7 received=- s0={seat(goods='2.1.3.0.0')} stack=role(1)",
    ),
    Case(
        "5.4 A7 no extra barrel of a kind not received",
        f"players=3 {C} received=cis s0={seat(goods='2.1.2.0.0')} stack=role(0)>extra(0,0)",
        0,
        "extra coffee",
        error=IllegalAction,
        message="extra barrel must be a kind the Craftsman received",
    ),
    Case(
        "3.4 factory: three kinds received pay 2 doubloons",
        f"players=3 {roles(3)} s0={seat(island='c1/1.i1/1.s1/1', city='small-indigo-plant/1.small-sugar-mill/1.factory/1')}",
        0,
        "role craftsman",
        after=f"{C} goods=9.10.10.9.9 received=cis"
        f" s0={seat(2, goods='1.1.1.0.0', island='c1/1.i1/1.s1/1', city='small-indigo-plant/1.small-sugar-mill/1.factory/1')}"
        " stack=role(0)>extra(0,0)",
    ),
    Case(
        "3.3 A16 supply limits: no corn left, 2 sugar left; the factory counts kinds received (seed example)",
        f"players=3 {roles(3)} goods=0.11.2.9.9"
        f" s0={seat(island='c3/3.s3/3.t1/1', city='sugar-mill/3.tobacco-storage/1.factory/1')}",
        0,
        "role craftsman",
        after=f"{C} goods=0.11.0.8.9 received=st"
        f" s0={seat(1, goods='0.0.2.1.0', island='c3/3.s3/3.t1/1', city='sugar-mill/3.tobacco-storage/1.factory/1')}"
        " stack=role(0)>extra(0,0)",
    ),
    Case(
        "5.4 a Craftsman who produced nothing gets no extra barrel",
        f"players=3 {roles(3)} s1={seat(island='c1/1')}",
        0,
        "role craftsman",
        after=f"{C} goods=9.11.11.9.9 s1={seat(goods='1.0.0.0.0', island='c1/1')} stack=role(1)",
    ),
    Case(
        "A9 option allow_decline_production: a seat may produce nothing",
        f"players=3 {C} s0={seat(island='c1/1')} stack=role(0)>produce(0,0)",
        0,
        "decline",
        after="stack=role(1)",
        options={"allow_decline_production": True},
    ),
    Case(
        "A9 option allow_decline_production: produce everything",
        f"players=3 {C} s0={seat(island='c1/1')} stack=role(0)>produce(0,0)",
        0,
        "produce",
        after=f"goods=9.11.11.9.9 received=c s0={seat(goods='1.0.0.0.0', island='c1/1')} stack=role(0)>extra(0,0)",
        options={"allow_decline_production": True},
    ),
]

TRADER = [
    Case(
        "5.5 the Trader sells at price + 1",
        f"players=3 {T} s0={seat(goods='0.0.0.1.0')} stack=role(0)>sell(0,0)",
        0,
        "sell tobacco",
        after=f"house=t s0={seat(4)} stack=role(0)>sell(1,0)",
    ),
    Case(
        "5.5 a kind already in the house needs an office",
        f"players=3 {T} house=t s1={seat(goods='0.0.0.1.0')} stack=role(0)>sell(1,0)",
        1,
        "sell tobacco",
        error=IllegalAction,
        message="tobacco is already in the trading house and seat 1 has no occupied office",
    ),
    Case(
        "3.4 office: an occupied office sells a kind already in the house",
        f"players=3 {T} house=t s1={seat(goods='0.0.0.1.0', city='office/1')} stack=role(0)>sell(1,0)",
        1,
        "sell tobacco",
        after=f"house=tt s1={seat(3, city='office/1')} stack=role(0)>sell(2,0)",
    ),
    Case(
        "3.4 small and large market: corn sells for 0 + 1 + 2",
        f"players=3 {T} s1={seat(goods='1.0.0.0.0', city='small-market/1.large-market/1')} stack=role(0)>sell(1,0)",
        1,
        "sell corn",
        after=f"house=c s1={seat(3, city='small-market/1.large-market/1')} stack=role(0)>sell(2,0)",
    ),
    Case(
        "5.5 the fourth barrel fills the house: the phase stops and the house is emptied",
        f"players=3 {T} goods=9.10.10.8.9 house=cis s1={seat(goods='0.0.0.1.0')} stack=role(0)>sell(1,0)",
        1,
        "sell tobacco",
        after=f"goods=10.11.11.9.9 house=- s1={seat(3)} stack=role(1)",
    ),
    Case(
        "5.5 a house that is not full keeps its barrels",
        f"players=3 {T} house=c stack=role(0)>sell(2,0)",
        2,
        "pass",
        after="stack=role(1)",
    ),
    Case(
        "5.5 a seat sells only what it holds",
        f"players=3 {T} stack=role(0)>sell(1,0)",
        1,
        "sell coffee",
        error=IllegalAction,
        message="seat 1 has no coffee",
    ),
]


@pytest.mark.parametrize("case", CRAFTSMAN, ids=ids(CRAFTSMAN))
def test_craftsman(case: Case) -> None:
    run_case(case)


@pytest.mark.parametrize("case", TRADER, ids=ids(TRADER))
def test_trader(case: Case) -> None:
    run_case(case)
