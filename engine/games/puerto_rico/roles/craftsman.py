"""Craftsman phase: production capped by supply, factory bonus, the Craftsman's extra barrel.

puerto_rico.md §5.4, §3.3 and §9 DP-CRF: each seat from the Craftsman receives min(production, supply)
of each good; an occupied factory pays for the number of kinds actually received (A16); then the
Craftsman may take one more barrel of a kind he received that still has stock (A7). With the option
``allow_decline_production`` (A9) each seat that would receive something chooses ``produce`` or
``decline`` (all or nothing).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from engine.core.events import Event
from engine.games.puerto_rico.actions import DECLINE, EXTRA, PRODUCE, Extra, Produce
from engine.games.puerto_rico.buildings import factory_bonus, production
from engine.games.puerto_rico.decisions import SEAT, CraftsmanExtra, ProductionChoice
from engine.games.puerto_rico.round import finish_phase
from engine.games.puerto_rico.tables import GOOD_NAMES

if TYPE_CHECKING:
    from engine.core.action import Action
    from engine.games.puerto_rico.state import PuertoRicoState

_GOODS = range(5)


def start(st: PuertoRicoState, chooser: int) -> list[Event]:
    """Production runs from the Craftsman clockwise (§5.4)."""
    st.received = 0
    return _run(st, chooser, chooser)


def _receivable(st: PuertoRicoState, seat: int) -> list[int]:
    made = production(st, seat)
    supply = st.goods_supply
    return [made[g] if made[g] < supply[g] else supply[g] for g in _GOODS]


def produce(st: PuertoRicoState, seat: int, chooser: int) -> list[Event]:
    """Give ``seat`` its production capped by the supply, and pay its factory bonus (§3.3, §3.4)."""
    got = _receivable(st, seat)
    kinds = 0
    mask = 0
    for g in _GOODS:
        if got[g]:
            st.goods[seat][g] += got[g]
            st.goods_supply[g] -= got[g]
            kinds += 1
            mask |= 1 << g
    if seat == chooser:
        st.received = mask
    if not kinds:
        return []
    bonus = factory_bonus(st, seat, kinds)
    st.doubloons[seat] += bonus
    return [Event("produce", {"seat": seat, "goods": got, "factory": bonus})]


def _run(st: PuertoRicoState, seat: int, chooser: int) -> list[Event]:
    events: list[Event] = []
    n = st.n
    while True:
        if st.decline_production and any(_receivable(st, seat)):
            st.decisions.append(ProductionChoice(SEAT[seat], chooser))
            return events
        events += produce(st, seat, chooser)
        seat = (seat + 1) % n
        if seat == chooser:
            return events + _offer_extra(st, chooser)


def _extra_kinds(st: PuertoRicoState) -> list[int]:
    return [g for g in _GOODS if st.received >> g & 1 and st.goods_supply[g] > 0]


def _offer_extra(st: PuertoRicoState, chooser: int) -> list[Event]:
    """DP-CRF only when the Craftsman received something still in stock (§5.4, A7)."""
    if _extra_kinds(st):
        st.decisions.append(CraftsmanExtra(SEAT[chooser], chooser))
        return []
    return _end(st)


def _end(st: PuertoRicoState) -> list[Event]:
    st.received = 0
    return finish_phase(st)


def legal_produce(st: PuertoRicoState, dec: ProductionChoice) -> tuple[Action, ...]:
    """A9 option: produce everything or nothing."""
    return (PRODUCE, DECLINE)


def apply_produce(st: PuertoRicoState, seat: int, action: Action, dec: ProductionChoice) -> list[Event]:
    """Produce (or not), then continue with the next seat."""
    del st.decisions[1:]
    events = produce(st, seat, dec.chooser) if type(action) is Produce else []
    following = (seat + 1) % st.n
    if following == dec.chooser:
        return events + _offer_extra(st, dec.chooser)
    return events + _run(st, following, dec.chooser)


def legal_extra(st: PuertoRicoState, dec: CraftsmanExtra) -> tuple[Action, ...]:
    """DP-CRF: each kind received this phase with stock left, or decline."""
    return (*[EXTRA[g] for g in _extra_kinds(st)], DECLINE)


def apply_extra(st: PuertoRicoState, seat: int, action: Action, dec: CraftsmanExtra) -> list[Event]:
    """The extra barrel does not count for the factory (A16)."""
    events: list[Event] = []
    if type(action) is Extra:
        st.goods[seat][action.kind] += 1
        st.goods_supply[action.kind] -= 1
        events.append(Event("extra", {"seat": seat, "good": GOOD_NAMES[action.kind]}))
    return events + _end(st)


def explain(st: PuertoRicoState, seat: int, action: Action, dec: Any) -> str | None:
    """Rule-naming reason for a refused ``extra``."""
    if type(action) is Extra:
        return (
            f"the extra barrel must be a kind the Craftsman received this phase with stock left;"
            f" {GOOD_NAMES[action.kind]} is not (puerto_rico.md §5.4, §8 A7)"
        )
    return None


LEGAL: dict[type, Any] = {ProductionChoice: legal_produce, CraftsmanExtra: legal_extra}
APPLY: dict[type, Any] = {ProductionChoice: apply_produce, CraftsmanExtra: apply_extra}
EXPLAIN: dict[type, Any] = {CraftsmanExtra: explain}
