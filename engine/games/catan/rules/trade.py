"""Trading (catan.md §5.5): maritime trade with the supply and domestic offers between seats.

Maritime: ``k`` cards of one type for one card of another, ``k`` = 2 at that resource's special harbor
(or for the type Jean names, for the rest of that turn, §7.5), 3 at any generic harbor, else 4; only
what the supply holds; never the same type (§9.18).

Domestic (the [rec] protocol of §5.5): the active seat posts an offer to one seat or to all others
(an open action family, at most ``offer_limit`` per turn); the addressed seats answer at once with
``accept``, ``reject`` or a counter-offer; the active seat then confirms one of them or withdraws. The
exchange is atomic and checked again against the hands when confirmed. Every offer, counter and
exchange gives and gets at least one card (no gifts), never the same type on both sides (no like for
like), only cards held, and involves the active seat.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.core.events import Event
from engine.games.catan.actions import (
    ACCEPT,
    BANK,
    CONFIRM,
    EMPTY,
    REJECT,
    WITHDRAW,
    Accept,
    BankTrade,
    Bundle,
    Confirm,
    Counter,
    Offer,
    bundle_text,
)
from engine.games.catan.decisions import BUILD, PARTNER, TradeAnswers, TradeConfirm, TurnPhase
from engine.games.catan.rules.build import can_pay, why_unaffordable
from engine.games.catan.tables import RESOURCE_NAMES

if TYPE_CHECKING:
    from engine.core.action import Action
    from engine.games.catan.state import CatanState


BANK_BY_MASK = tuple(
    tuple(
        tuple(tuple(row[get] for get in range(5) if get != give and mask >> get & 1) for mask in range(32))
        for row in BANK[give]
    )
    for give in range(5)
)
"""``BANK_BY_MASK[give][count][mask]``: the maritime trades of ``count`` ``give`` for each other type
whose bit is set in ``mask`` (the types the supply holds)."""


def rates_of(st: CatanState, seat: int) -> list[int]:
    """The seat's maritime rate per resource: its harbors, and Jean's 2:1 this turn (catan.md §7.5)."""
    rates = st.rates[seat]
    if seat == st.jean_seat:
        rates = rates[:]
        rates[st.jean_type] = 2
    return rates


def legal_bank_trades(st: CatanState, seat: int, out: list[Action]) -> None:
    hand = st.hands[seat]
    rates = rates_of(st, seat) if seat == st.jean_seat else st.rates[seat]
    mask = -1
    for give in range(5):
        rate = rates[give]
        if hand[give] >= rate:
            if mask < 0:
                bank = st.bank
                mask = (bank[0] > 0) | (bank[1] > 0) << 1 | (bank[2] > 0) << 2 | (bank[3] > 0) << 3
                mask |= (bank[4] > 0) << 4
            out += BANK_BY_MASK[give][rate][mask]


def why_trade_phase(top: TurnPhase) -> str | None:
    """The rule that closes trading in this phase of the turn, or ``None``.

    The rules dispatch asks this only after the roll (its pre-roll check comes first, catan.md §5.2).
    """
    if top.phase == BUILD:
        return "strict trade-then-build order: no trading after building this turn (catan.md §5.1)"
    return None


def why_domestic_phase(top: TurnPhase) -> str | None:
    """``why_trade_phase``, and paired players' Settler 2 trades with the supply only (catan.md §6)."""
    if top.phase == PARTNER:
        return "with paired players Settler 2 trades with the supply only, not with seats (catan.md §6)"
    return why_trade_phase(top)


def why_bank(st: CatanState, seat: int, action: BankTrade) -> str | None:
    g, r = action.give, action.get
    if g == r:
        return "a maritime trade for the same type is a no-op (catan.md §9.18)"
    rate = rates_of(st, seat)[g]
    if action.count != rate:
        return f"seat {seat} trades {RESOURCE_NAMES[g]} with the supply at {rate}:1 (catan.md §5.5 harbors)"
    if st.hands[seat][g] < rate:
        return f"seat {seat} holds {st.hands[seat][g]} {RESOURCE_NAMES[g]}, needs {rate} (cards not held)"
    if not st.bank[r]:
        return f"the supply has no {RESOURCE_NAMES[r]} (catan.md §5.5)"
    return None


def apply_bank(st: CatanState, seat: int, action: BankTrade) -> list[Event]:
    hand = st.hands[seat]
    hand[action.give] -= action.count
    st.bank[action.give] += action.count
    hand[action.get] += 1
    st.bank[action.get] -= 1
    return [
        Event(
            "bank_trade",
            {
                "seat": seat,
                "give": {RESOURCE_NAMES[action.give]: action.count},
                "get": RESOURCE_NAMES[action.get],
            },
        )
    ]


def why_bundles(give: Bundle, get: Bundle) -> str | None:
    if len(give) != 5 or len(get) != 5 or min(give) < 0 or min(get) < 0:
        return "a bundle has five non-negative counts"
    if not any(give) or not any(get):
        return "no gifts: both sides give at least one card (catan.md §5.5)"
    if any(a and b for a, b in zip(give, get, strict=True)):
        return "no like-for-like trades: a type on both sides (catan.md §5.5)"
    return None


def why_offer(st: CatanState, seat: int, action: Offer) -> str | None:
    """The rule an offer breaks, or ``None``; the phase is checked by the rules dispatch first."""
    if seat != st.active:
        return "only the active seat makes offers; every trade involves it (catan.md §5.5)"
    if st.offers_made >= st.offer_limit:
        return f"the offer limit of {st.offer_limit} per turn is reached (variant option offer_limit)"
    reason = why_bundles(action.give, action.get)
    if reason:
        return reason
    if action.to != -1 and (action.to == seat or not 0 <= action.to < st.n):
        return f"an offer goes to another seat (0..{st.n - 1}, not {seat}) or to all"
    return why_unaffordable(st, seat, action.give, "this offer: cards not held")


def apply_offer(st: CatanState, seat: int, action: Offer) -> list[Event]:
    st.offers_made += 1
    targets = tuple(s for s in range(st.n) if s != seat) if action.to < 0 else (action.to,)
    st.decisions.append(TradeAnswers(targets, action, ()))
    return [
        Event(
            "offer",
            {
                "seat": seat,
                "give": bundle_text(action.give),
                "get": bundle_text(action.get),
                "to": list(targets),
            },
        )
    ]


def legal_answer(st: CatanState, seat: int) -> tuple[Action, ...]:
    top = st.decisions[-1]
    assert isinstance(top, TradeAnswers)
    if can_pay(st.hands[seat], top.offer.get):
        return (REJECT, ACCEPT)
    return (REJECT,)


def why_answer(st: CatanState, seat: int, action: Action) -> str | None:
    top = st.decisions[-1]
    if not isinstance(top, TradeAnswers):
        return "no offer is waiting for an answer (catan.md §5.5)"
    if isinstance(action, Accept):
        return why_unaffordable(st, seat, top.offer.get, "accepting: cards not held")
    if isinstance(action, Counter):
        return why_bundles(action.give, action.get) or why_unaffordable(
            st, seat, action.give, "this counter-offer: cards not held"
        )
    return None


def apply_answer(st: CatanState, seat: int, action: Action) -> list[Event]:
    top = st.decisions.pop()
    assert isinstance(top, TradeAnswers)
    if isinstance(action, Counter):
        answer = (seat, "counter", action.give, action.get)
    elif isinstance(action, Accept):
        answer = (seat, "accept", top.offer.get, top.offer.give)
    else:
        answer = (seat, "reject", EMPTY, EMPTY)
    answers = (*top.answers, answer)
    events = [Event("answer", {"seat": seat}, {"answer": action.text()}, audience=(seat, st.active))]
    left = tuple(s for s in top.seats if s != seat)
    if left:
        st.decisions.append(TradeAnswers(left, top.offer, answers))
        return events
    events.append(
        Event(
            "answers", {"answers": {str(s): kind for s, kind, _, _ in answers}, "details": _details(answers)}
        )
    )
    if any(kind != "reject" for _, kind, _, _ in answers):
        st.decisions.append(TradeConfirm((st.active,), top.offer, answers))
    return events


def _details(answers: tuple[tuple[int, str, Bundle, Bundle], ...]) -> dict[str, str]:
    return {
        str(s): f"give {bundle_text(give)} get {bundle_text(get)}"
        for s, kind, give, get in answers
        if kind == "counter"
    }


def _feasible(st: CatanState, active: int, answer: tuple[int, str, Bundle, Bundle]) -> bool:
    s, _, give, get = answer
    return can_pay(st.hands[active], get) and can_pay(st.hands[s], give)


def legal_confirm(st: CatanState, seat: int) -> tuple[Action, ...]:
    top = st.decisions[-1]
    assert isinstance(top, TradeConfirm)
    out: list[Action] = [WITHDRAW]
    for answer in sorted(top.answers):
        if answer[1] != "reject" and _feasible(st, seat, answer):
            out.append(CONFIRM[answer[0]])
    return tuple(out)


def why_confirm(st: CatanState, seat: int, action: Confirm) -> str | None:
    top = st.decisions[-1]
    if not isinstance(top, TradeConfirm):
        return "no answered offer to confirm (catan.md §5.5)"
    for answer in top.answers:
        if answer[0] == action.seat and answer[1] != "reject":
            if not _feasible(st, seat, answer):
                return "the exchange needs cards a side does not hold (catan.md §5.5)"
            return None
    return f"seat {action.seat} neither accepted nor countered the offer (catan.md §5.5)"


def apply_confirm(st: CatanState, seat: int, action: Action) -> list[Event]:
    top = st.decisions.pop()
    assert isinstance(top, TradeConfirm)
    if not isinstance(action, Confirm):
        return [Event("withdraw", {"seat": seat})]
    other, _, give, get = next(a for a in top.answers if a[0] == action.seat)
    mine, theirs = st.hands[seat], st.hands[other]
    for r in range(5):
        theirs[r] += get[r] - give[r]
        mine[r] += give[r] - get[r]
    return [
        Event("trade", {"seat": seat, "with": other, "gets": bundle_text(give), "gives": bundle_text(get)})
    ]
