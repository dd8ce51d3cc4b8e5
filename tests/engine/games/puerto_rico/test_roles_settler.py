"""Settler phase rule cases (puerto_rico.md §5.1, §3.4 hacienda / construction hut / hospice, A1, A13)."""

from __future__ import annotations

import pytest

from engine.core.errors import IllegalAction

from .cases import Case, ids, roles, run_case, seat

R = roles(3, settler=0)
BASE = f"players=3 row=cist {R}"

CASES = [
    Case(
        "5.1 the settler takes a face-up plantation",
        f"{BASE} stack=role(0)>settle(0,0)",
        0,
        "plantation sugar",
        after=f"row=cit s0={seat(island='s1/0')} stack=role(0)>settle(1,0)",
    ),
    Case(
        "5.1 the settler privilege is a quarry",
        f"{BASE} stack=role(0)>settle(0,0)",
        0,
        "quarry",
        after=f"quarries=7 quarry=0 s0={seat(island='q1/0')} stack=role(0)>settle(1,0)",
    ),
    Case(
        "5.1 another seat without a construction hut takes no quarry",
        f"{BASE} stack=role(0)>settle(1,0)",
        1,
        "quarry",
        error=IllegalAction,
        message="occupied construction hut may take a quarry (puerto_rico.md §5.1)",
    ),
    Case(
        "3.4 construction hut: an occupied hut gives any seat a quarry",
        f"{BASE} s1={seat(city='construction-hut/1')} stack=role(0)>settle(1,0)",
        1,
        "quarry",
        after=f"quarries=7 quarry=1 s1={seat(island='q1/0', city='construction-hut/1')} stack=role(0)>settle(2,0)",
    ),
    Case(
        "3.4 construction hut: an unoccupied hut does not work",
        f"{BASE} s1={seat(city='construction-hut/0')} stack=role(0)>settle(1,0)",
        1,
        "quarry",
        error=IllegalAction,
        message="construction hut",
    ),
    Case(
        "A1 at most one quarry per seat per Settler phase",
        f"{BASE} quarry=0 s0={seat(island='q1/0')} stack=role(0)>settle(0,0)",
        0,
        "quarry",
        error=IllegalAction,
        message="one quarry",
    ),
    Case(
        "5.1 no quarry is left",
        f"{BASE} quarries=0 stack=role(0)>settle(0,0)",
        0,
        "quarry",
        error=IllegalAction,
        message="no quarries",
    ),
    Case(
        "5.1 a full island takes no more tiles",
        f"{BASE} s1={seat(island='c12/0')} stack=role(0)>settle(1,0)",
        1,
        "plantation corn",
        error=IllegalAction,
        message="12 island spaces",
    ),
    Case(
        "5.1 only a kind in the row can be taken",
        f"{BASE} stack=role(0)>settle(1,0)",
        1,
        "plantation coffee",
        error=IllegalAction,
        message="no coffee plantation",
    ),
    Case(
        "5.1 pass passes the turn on",
        f"{BASE} stack=role(0)>settle(1,0)",
        1,
        "pass",
        after="stack=role(0)>settle(2,0)",
    ),
    Case(
        "3.4 hospice: an occupied hospice offers a colonist after the pick",
        f"{BASE} colonists=5 s1={seat(city='hospice/1')} stack=role(0)>settle(1,0)",
        1,
        "plantation corn",
        after=f"row=ist s1={seat(island='c1/0', city='hospice/1')} stack=role(0)>settle(1,0)>hospice(1,0,c)",
    ),
    Case(
        "3.4 hospice: the colonist comes from the supply onto the new tile",
        f"{BASE} colonists=5 s1={seat(island='c1/0', city='hospice/1')} stack=role(0)>settle(1,0)>hospice(1,0,c)",
        1,
        "hospice",
        after=f"colonists=4 s1={seat(island='c1/1', city='hospice/1')} stack=role(0)>settle(2,0)",
    ),
    Case(
        "3.4 A4 hospice: from the ship when the supply is empty",
        f"{BASE} colonists=0 colship=3 s1={seat(island='q1/0', city='hospice/1')}"
        " stack=role(0)>settle(1,0)>hospice(1,0,q)",
        1,
        "hospice",
        after=f"colship=2 s1={seat(island='q1/1', city='hospice/1')} stack=role(0)>settle(2,0)",
    ),
    Case(
        "3.4 hospice: decline",
        f"{BASE} s1={seat(island='c1/0', city='hospice/1')} stack=role(0)>settle(1,0)>hospice(1,0,c)",
        1,
        "decline",
        after="stack=role(0)>settle(2,0)",
    ),
    Case(
        "3.4 hacienda: draw the top face-down tile, then the normal pick",
        f"{BASE} deck=ctk s1={seat(city='hacienda/1')} stack=role(0)>hacienda(1,0)",
        1,
        "hacienda",
        after=f"deck=ct s1={seat(island='k1/0', city='hacienda/1')} stack=role(0)>settle(1,0)",
    ),
    Case(
        "A1 default: the hacienda tile is never a quarry",
        f"{BASE} deck=ctk s1={seat(city='hacienda/1.construction-hut/1')} stack=role(0)>hacienda(1,0)",
        1,
        "hacienda-quarry",
        error=IllegalAction,
        message="needs the option hacienda_slot_allows_quarry",
    ),
    Case(
        "A1 option hacienda_slot_allows_quarry: a quarry in the hacienda slot with a hut",
        f"{BASE} deck=ctk s1={seat(city='hacienda/1.construction-hut/1')} stack=role(0)>hacienda(1,0)",
        1,
        "hacienda-quarry",
        after=f"quarries=7 quarry=1 s1={seat(island='q1/0', city='hacienda/1.construction-hut/1')}"
        " stack=role(0)>settle(1,0)",
        options={"hacienda_slot_allows_quarry": True},
    ),
    Case(
        "5.1 the last turn ends the phase: the row is discarded and N+1 tiles drawn",
        f"players=3 row=ci deck=sstkic quarry=0 {R} stack=role(0)>settle(2,0)",
        2,
        "pass",
        after="row=cikt deck=ss discard=ci quarry=- stack=role(1)",
    ),
    Case(
        "3.4 the hacienda step opens the next seat's turn",
        f"{BASE} deck=ctk s2={seat(city='hacienda/1')} stack=role(0)>settle(1,0)",
        1,
        "pass",
        after="stack=role(0)>hacienda(2,0)",
    ),
    Case(
        "A13 hacienda with an empty deck reshuffles the discards first",
        f"{BASE} discard=k s2={seat(city='hacienda/1')} stack=role(0)>settle(1,0)",
        1,
        "pass",
        after="deck=k discard=- stack=role(0)>hacienda(2,0)",
    ),
]


@pytest.mark.parametrize("case", CASES, ids=ids(CASES))
def test_settler(case: Case) -> None:
    run_case(case)
