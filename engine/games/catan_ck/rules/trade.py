"""Trading in Cities & Knights (cities_and_knights.md §4.5, §6.4, §9.2, §11.30): the supply and offers.

With the supply: ``k`` identical cards for one card of another kind, resource or commodity. ``k`` is
the best rate the seat has for the kind given: 4; 3 at a 3:1 harbor (resources and commodities); 2 at
that resource's 2:1 harbor (resources only); 2 for commodities with trade level 3 (the trading house);
2 for the resource of the merchant's hex while the seat holds the merchant; 2 for a kind named by a
Merchant Fleet this turn. 2:1 is the floor.

Offers between seats follow base Catan's protocol with eight-kind hands: the active seat
offers (at most ``offer_limit`` per turn), the addressed seats answer at once (accept, reject, counter),
the active seat confirms one or withdraws.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.core.events import Event
from engine.games.catan.actions import ACCEPT, CONFIRM, REJECT, WITHDRAW, Accept, Confirm
from engine.games.catan_ck.actions import BANK, BankTrade, Counter, Offer, hand_text
from engine.games.catan_ck.decisions import TradeAnswers, TradeConfirm
from engine.games.catan_ck.rules.hand import can_pay, why_unaffordable
from engine.games.catan_ck.tables import ABILITY_LEVEL, KIND_NAMES, NO_CARDS, Hand, Track

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
        return "a trade with the supply for the same kind is a no-op"
    rate = rates_of(st, seat)[g]
    if action.count != rate:
        return f"seat {seat} trades {KIND_NAMES[g]} with the supply at {rate}:1 (cities_and_knights.md §4.5)"
    if st.hands[seat][g] < rate:
        return f"seat {seat} holds {st.hands[seat][g]} {KIND_NAMES[g]}, needs {rate} (cards not held)"
    if not st.bank[r]:
        return f"the supply has no {KIND_NAMES[r]} (cities_and_knights.md §4.5)"
    return None


def apply_bank(st: CkState, seat: int, action: BankTrade) -> list[Event]:
    hand = st.hands[seat]
    hand[action.give] -= action.count
    st.bank[action.give] += action.count
    hand[action.get] += 1
    st.bank[action.get] -= 1
    give = {KIND_NAMES[action.give]: action.count}
    return [Event("bank_trade", {"seat": seat, "give": give, "get": KIND_NAMES[action.get]})]


def why_hands(give: Hand, get: Hand) -> str | None:
    if min(give) < 0 or min(get) < 0:
        return "card counts are not negative"
    if not any(give) or not any(get):
        return "no gifts: both sides give at least one card (catan.md §5.5, cities_and_knights.md §4.5)"
    if any(a and b for a, b in zip(give, get, strict=True)):
        return "no like-for-like trades: a kind on both sides (catan.md §5.5, cities_and_knights.md §4.5)"
    return None


def why_offer(st: CkState, seat: int, action: Offer) -> str | None:
    if st.offers_made >= st.offer_limit:
        return f"the offer limit of {st.offer_limit} per turn is reached (variant option offer_limit)"
    reason = why_hands(action.give, action.get)
    if reason:
        return reason
    if action.to != -1 and (action.to == seat or not 0 <= action.to < st.n):
        return f"an offer goes to another seat (0..{st.n - 1}, not {seat}) or to all"
    return why_unaffordable(st, seat, action.give, "this offer: cards not held")


def apply_offer(st: CkState, seat: int, action: Offer) -> list[Event]:
    st.offers_made += 1
    targets = tuple(s for s in range(st.n) if s != seat) if action.to < 0 else (action.to,)
    st.decisions.append(TradeAnswers(targets, action, ()))
    data = {"seat": seat, "give": hand_text(action.give), "get": hand_text(action.get), "to": list(targets)}
    return [Event("offer", data)]


def legal_answer(st: CkState, seat: int) -> tuple[Action, ...]:
    top = st.decisions[-1]
    assert isinstance(top, TradeAnswers)
    return (REJECT, ACCEPT) if can_pay(st.hands[seat], top.offer.get) else (REJECT,)


def why_answer(st: CkState, seat: int, action: Action) -> str | None:
    top = st.decisions[-1]
    assert isinstance(top, TradeAnswers)
    if isinstance(action, Accept):
        return why_unaffordable(st, seat, top.offer.get, "accepting: cards not held")
    if isinstance(action, Counter):
        return why_hands(action.give, action.get) or why_unaffordable(
            st, seat, action.give, "this counter-offer: cards not held"
        )
    return None


def apply_answer(st: CkState, seat: int, action: Action) -> list[Event]:
    top = st.decisions.pop()
    assert isinstance(top, TradeAnswers)
    if isinstance(action, Counter):
        answer = (seat, "counter", action.give, action.get)
    elif isinstance(action, Accept):
        answer = (seat, "accept", top.offer.get, top.offer.give)
    else:
        answer = (seat, "reject", NO_CARDS, NO_CARDS)
    answers = (*top.answers, answer)
    events = [Event("answer", {"seat": seat}, {"answer": action.text()}, audience=(seat, st.active))]
    left = tuple(s for s in top.seats if s != seat)
    if left:
        st.decisions.append(TradeAnswers(left, top.offer, answers))
        return events
    events.append(Event("answers", {"answers": {str(s): kind for s, kind, _, _ in answers}}))
    if any(kind != "reject" for _, kind, _, _ in answers):
        st.decisions.append(TradeConfirm((st.active,), top.offer, answers))
    return events


def _feasible(st: CkState, active: int, answer: tuple[int, str, Hand, Hand]) -> bool:
    s, _, give, get = answer
    return can_pay(st.hands[active], get) and can_pay(st.hands[s], give)


def legal_confirm(st: CkState, seat: int) -> tuple[Action, ...]:
    top = st.decisions[-1]
    assert isinstance(top, TradeConfirm)
    out: list[Action] = [WITHDRAW]
    out += [CONFIRM[a[0]] for a in sorted(top.answers) if a[1] != "reject" and _feasible(st, seat, a)]
    return tuple(out)


def why_confirm(st: CkState, seat: int, action: Confirm) -> str | None:
    top = st.decisions[-1]
    assert isinstance(top, TradeConfirm)
    for answer in top.answers:
        if answer[0] == action.seat and answer[1] != "reject":
            return None if _feasible(st, seat, answer) else "the exchange needs cards a side does not hold"
    return f"seat {action.seat} neither accepted nor countered the offer (catan.md §5.5, cities_and_knights.md §4.5)"


def apply_confirm(st: CkState, seat: int, action: Action) -> list[Event]:
    top = st.decisions.pop()
    assert isinstance(top, TradeConfirm)
    if not isinstance(action, Confirm):
        return [Event("withdraw", {"seat": seat})]
    other, _, give, get = next(a for a in top.answers if a[0] == action.seat)
    mine, theirs = st.hands[seat], st.hands[other]
    for k in range(8):
        theirs[k] += get[k] - give[k]
        mine[k] += give[k] - get[k]
    return [Event("trade", {"seat": seat, "with": other, "gets": hand_text(give), "gives": hand_text(get)})]
