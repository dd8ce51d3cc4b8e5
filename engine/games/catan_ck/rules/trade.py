"""Trading in Cities & Knights (cities_and_knights.md §4.5, §6.4, §9.2, §11.30): the supply and offers.

With the supply: ``k`` identical cards for one card of another kind, resource or commodity. ``k`` is
the best rate the seat has for the kind given: 4; 3 at a 3:1 harbor (resources and commodities); 2 at
that resource's 2:1 harbor (resources only); 2 for commodities with trade level 3 (the trading house);
2 for the resource of the merchant's hex while the seat holds the merchant; 2 for a kind named by a
Merchant Fleet this turn. 2:1 is the floor.

Offers between seats are base Catan's protocol (``engine.games.catan.rules.trade``) with eight-kind
hands: the active seat offers (at most ``offer_limit`` per turn), the addressed seats answer at once
(accept, reject, counter), the active seat confirms one or withdraws.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.core.events import Event
from engine.games.catan.actions import Confirm
from engine.games.catan.rules import trade
from engine.games.catan.rules.trade import HandKinds
from engine.games.catan_ck.actions import BANK, BankTrade, Counter, Offer
from engine.games.catan_ck.decisions import TradeAnswers, TradeConfirm
from engine.games.catan_ck.tables import ABILITY_LEVEL, KIND_NAMES, Track

if TYPE_CHECKING:
    from engine.core.action import Action
    from engine.games.catan_ck.state import CkState


TRADE = int(Track.TRADE)
COMMODITY_RATES = {rate: [rate] * 3 for rate in (2, 3, 4)}
"""The three commodities' rates at one rate (only ever copied)."""


def rates_of(st: CkState, seat: int) -> list[int]:
    """The seat's rate with the supply for each of the eight kinds (§4.5, §11.30)."""
    commodity = 2 if st.improvements[seat][TRADE] >= ABILITY_LEVEL else 3 if st.harbor3[seat] else 4
    rates = st.rates[seat] + COMMODITY_RATES[commodity]  # a new list
    if st.merchant_owner == seat:
        r = st.board.hex_resource[st.merchant_hex]
        if r >= 0:
            rates[r] = 2
    if seat == st.active:
        for k in st.fleet:
            rates[k] = 2
    return rates


BANK_BY_MASK = tuple(
    tuple(
        tuple(tuple(row[get] for get in range(8) if get != give and mask >> get & 1) for mask in range(256))
        for row in BANK[give]
    )
    for give in range(8)
)
"""``BANK_BY_MASK[give][count][mask]``: the trades of ``count`` ``give`` for each other kind whose bit is
set in ``mask`` (the kinds the supply holds)."""


def legal_bank_trades(st: CkState, seat: int, out: list[Action]) -> None:
    hand = st.hands[seat]
    if max(hand) < 2:
        return
    rates = rates_of(st, seat)
    mask = -1
    for give in range(8):
        rate = rates[give]
        if hand[give] >= rate:
            if mask < 0:
                b = st.bank
                mask = (
                    (b[0] > 0)
                    | (b[1] > 0) << 1
                    | (b[2] > 0) << 2
                    | (b[3] > 0) << 3
                    | (b[4] > 0) << 4
                    | (b[5] > 0) << 5
                    | (b[6] > 0) << 6
                    | (b[7] > 0) << 7
                )
            out += BANK_BY_MASK[give][rate][mask]


def why_bank(st: CkState, seat: int, action: BankTrade) -> str | None:
    g, r = action.give, action.get
    if g == r:
        return "a trade with the supply for the same kind is a no-op (cities_and_knights.md §4.5)"
    rate = rates_of(st, seat)[g]
    if action.count != rate:
        return f"seat {seat} trades {KIND_NAMES[g]} with the supply at {rate}:1 (cities_and_knights.md §4.5)"
    if st.hands[seat][g] < rate:
        return f"seat {seat} holds {st.hands[seat][g]} {KIND_NAMES[g]}, needs {rate} (cards not held; cities_and_knights.md §4.5)"
    if not st.bank[r]:
        return f"the supply has no {KIND_NAMES[r]} (cities_and_knights.md §4.5)"
    return None


def apply_bank(st: CkState, seat: int, action: BankTrade) -> list[Event]:
    return trade.apply_bank(st, seat, action, KIND_NAMES)


KINDS = HandKinds(
    KIND_NAMES,
    "eight",
    "kind",
    Counter,
    TradeAnswers,
    TradeConfirm,
    "catan.md §5.5, cities_and_knights.md §4.5",
    "cities_and_knights.md §2.10",
    False,
)
"""The eight kinds of the hand (§2.3) for base Catan's offer protocol; the ``answers`` event of this
game's wire carries no counter-offer terms."""


def why_offer(st: CkState, seat: int, action: Offer) -> str | None:
    return trade.why_offer(st, seat, action, KINDS)


def apply_offer(st: CkState, seat: int, action: Offer) -> list[Event]:
    return trade.apply_offer(st, seat, action, KINDS)


def legal_answer(st: CkState, seat: int) -> tuple[Action, ...]:
    return trade.legal_answer(st, seat, KINDS)


def why_answer(st: CkState, seat: int, action: Action) -> str | None:
    return trade.why_answer(st, seat, action, KINDS)


def apply_answer(st: CkState, seat: int, action: Action) -> list[Event]:
    return trade.apply_answer(st, seat, action, KINDS)


def legal_confirm(st: CkState, seat: int) -> tuple[Action, ...]:
    return trade.legal_confirm(st, seat, KINDS)


def why_confirm(st: CkState, seat: int, action: Confirm) -> str | None:
    return trade.why_confirm(st, seat, action, KINDS)


def apply_confirm(st: CkState, seat: int, action: Action) -> list[Event]:
    return trade.apply_confirm(st, seat, action, KINDS)
