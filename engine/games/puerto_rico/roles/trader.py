"""Trader phase: one sale per seat into the four-space trading house, office and markets.

puerto_rico.md §5.5 and §9 DP-TRD: each seat from the Trader may sell one barrel of a kind not already in
the house (any kind with an occupied office), for its price plus the Trader's +1, the small market's +1
and the large market's +2; the phase stops as soon as the house is full, and a full house is emptied at
the end of the phase.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from engine.core.events import Event
from engine.games.puerto_rico.actions import PASS, SELL, Sell
from engine.games.puerto_rico.buildings import market_bonus
from engine.games.puerto_rico.decisions import SEAT, TraderTurn
from engine.games.puerto_rico.round import finish_phase
from engine.games.puerto_rico.tables import GOOD_NAMES, HOUSE_SIZE, PRICES, Building

if TYPE_CHECKING:
    from engine.core.action import Action
    from engine.games.puerto_rico.state import PuertoRicoState

_GOODS = range(5)


def start(st: PuertoRicoState, chooser: int) -> list[Event]:
    """The Trader sells first (§5.5)."""
    return _turn(st, chooser, chooser)


def _turn(st: PuertoRicoState, seat: int, chooser: int) -> list[Event]:
    if len(st.house) >= HOUSE_SIZE:
        return _end(st)
    st.decisions.append(TraderTurn(SEAT[seat], chooser))
    return []


def _end(st: PuertoRicoState) -> list[Event]:
    """A full house goes back to the supply; otherwise its barrels stay (§5.5)."""
    events: list[Event] = []
    if len(st.house) >= HOUSE_SIZE:
        for g in st.house:
            st.goods_supply[g] += 1
        st.house.clear()
        events.append(Event("house_emptied", {}))
    return events + finish_phase(st)


def legal_sell(st: PuertoRicoState, dec: TraderTurn) -> tuple[Action, ...]:
    """DP-TRD: each held kind not in the house (any held kind with an office), then pass."""
    seat = dec.seats[0]
    goods = st.goods[seat]
    house = st.house
    if st.city[seat][Building.OFFICE] > 0:
        acts = [SELL[g] for g in _GOODS if goods[g]]
    else:
        acts = [SELL[g] for g in _GOODS if goods[g] and g not in house]
    return (*acts, PASS)


def apply_sell(st: PuertoRicoState, seat: int, action: Action, dec: TraderTurn) -> list[Event]:
    """Sell one barrel: price + Trader's 1 + markets, even for corn at 0 (§5.5)."""
    events: list[Event] = []
    if type(action) is Sell:
        kind = int(action.kind)
        st.goods[seat][kind] -= 1
        st.house.append(kind)
        paid = PRICES[kind] + (seat == dec.chooser) + market_bonus(st, seat)
        st.doubloons[seat] += paid
        events.append(Event("sell", {"seat": seat, "good": GOOD_NAMES[kind], "doubloons": paid}))
    del st.decisions[1:]
    following = (seat + 1) % st.n
    if following == dec.chooser:
        return events + _end(st)
    return events + _turn(st, following, dec.chooser)


def explain(st: PuertoRicoState, seat: int, action: Action, dec: Any) -> str | None:
    """Rule-naming reasons for a refused ``sell``."""
    if type(action) is not Sell:
        return None
    name = GOOD_NAMES[action.kind]
    if not st.goods[seat][action.kind]:
        return f"seat {seat} has no {name} (puerto_rico.md §5.5)"
    return f"{name} is already in the trading house and seat {seat} has no occupied office (puerto_rico.md §5.5, §3.4)"


LEGAL: dict[type, Any] = {TraderTurn: legal_sell}
APPLY: dict[type, Any] = {TraderTurn: apply_sell}
EXPLAIN: dict[type, Any] = {TraderTurn: explain}
