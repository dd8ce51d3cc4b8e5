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

The offer protocol serves any hand of card kinds: its functions take the game's :class:`HandKinds`
(base Catan's five resources by default; Cities & Knights passes its eight kinds).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Protocol

from engine.core.decisions import Decision
from engine.core.events import Event, JsonValue
from engine.games.catan.actions import (
    ACCEPT,
    BANK,
    CONFIRM,
    REJECT,
    WITHDRAW,
    Accept,
    BankTrade,
    Confirm,
    Counter,
)
from engine.games.catan.decisions import BUILD, PARTNER, TradeAnswers, TradeConfirm, TurnPhase
from engine.games.catan.rules.build import can_pay, why_unaffordable
from engine.games.catan.tables import RESOURCE_NAMES

if TYPE_CHECKING:
    from engine.core.action import Action
    from engine.games.catan.state import CatanState

Answer = tuple[int, str, tuple[int, ...], tuple[int, ...]]
"""An answer to an offer: (seat, ``accept``/``reject``/``counter``, gives, gets) from its side."""


class Swap(Protocol):
    """A trade with the supply: ``count`` cards of kind ``give`` for one of kind ``get``."""

    @property
    def give(self) -> int: ...

    @property
    def count(self) -> int: ...

    @property
    def get(self) -> int: ...


class Bid(Protocol):
    """An offer or a counter-offer: the cards its seat gives and gets, one count per kind."""

    @property
    def give(self) -> tuple[int, ...]: ...

    @property
    def get(self) -> tuple[int, ...]: ...


class Offered(Bid, Protocol):
    """An offer: a bid to seat ``to``, or to every other seat (-1)."""

    @property
    def to(self) -> int: ...


class Asked(Protocol):
    """A pending answer or confirmation: the seats asked, the offer, the answers in so far."""

    def __init__(self, seats: tuple[int, ...], offer: Bid, answers: tuple[Answer, ...]) -> None: ...

    @property
    def seats(self) -> tuple[int, ...]: ...

    @property
    def offer(self) -> Bid: ...

    @property
    def answers(self) -> tuple[Answer, ...]: ...


@dataclass(frozen=True, slots=True)
class HandKinds:
    """A game's hand cards as the offer protocol (catan.md §5.5) sees them."""

    names: tuple[str, ...]
    """The card kinds by index; a bundle holds one count for each."""
    width: str
    """The number of kinds in words, for the refusal of a malformed bundle."""
    kind_word: str
    """What the rules call one kind of card (``type``, ``kind``)."""
    counter: type[Bid]
    """The game's counter-offer action."""
    answers: type[Asked]
    """The game's decision of the addressed seats' answers."""
    confirm: type[Asked]
    """The game's decision of the active seat's confirmation."""
    rules: str
    """The rules the protocol's refusals cite."""
    afford_rule: str
    """The rule cited when cards are not held."""
    counter_terms: bool
    """Whether the ``answers`` event carries the counter-offers' terms (base Catan's wire does)."""


BASE_KINDS = HandKinds(
    RESOURCE_NAMES,
    "five",
    "type",
    Counter,
    TradeAnswers,
    TradeConfirm,
    "catan.md §5.5",
    "catan.md §2.4",
    True,
)
"""Base Catan's hand: the five resources."""


def _ask(kind: type[Asked], seats: tuple[int, ...], offer: Bid, answers: tuple[Answer, ...]) -> Decision:
    """The game's decision ``kind`` asking ``seats`` about ``offer``."""
    made = kind(seats, offer, answers)
    assert isinstance(made, Decision)
    return made


def cards_text(cards: tuple[int, ...], names: tuple[str, ...]) -> str:
    """``1 wool 2 ore``: the non-zero counts in kind order."""
    return " ".join(f"{n} {names[k]}" for k, n in enumerate(cards) if n)


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
        return f"seat {seat} holds {st.hands[seat][g]} {RESOURCE_NAMES[g]}, needs {rate} (cards not held; catan.md §5.5)"
    if not st.bank[r]:
        return f"the supply has no {RESOURCE_NAMES[r]} (catan.md §5.5)"
    return None


def apply_bank(
    st: CatanState, seat: int, action: Swap, names: tuple[str, ...] = RESOURCE_NAMES
) -> list[Event]:
    """``count`` cards of kind ``give`` to the supply, one ``get`` from it (``names``: the game's kinds)."""
    hand = st.hands[seat]
    hand[action.give] -= action.count
    st.bank[action.give] += action.count
    hand[action.get] += 1
    st.bank[action.get] -= 1
    return [
        Event(
            "bank_trade",
            {"seat": seat, "give": {names[action.give]: action.count}, "get": names[action.get]},
        )
    ]


def why_bundles(give: tuple[int, ...], get: tuple[int, ...], kinds: HandKinds = BASE_KINDS) -> str | None:
    """The rule a pair of bundles breaks as an offer or counter-offer, or ``None`` (catan.md §5.5)."""
    n = len(kinds.names)
    if len(give) != n or len(get) != n or min(give) < 0 or min(get) < 0:
        return f"a bundle has {kinds.width} non-negative counts"
    if not any(give) or not any(get):
        return f"no gifts: both sides give at least one card ({kinds.rules})"
    if any(a and b for a, b in zip(give, get, strict=True)):
        return f"no like-for-like trades: a {kinds.kind_word} on both sides ({kinds.rules})"
    return None


def _why_unheld(st: CatanState, seat: int, cards: tuple[int, ...], what: str, kinds: HandKinds) -> str | None:
    return why_unaffordable(st, seat, cards, what, kinds.names, kinds.afford_rule)


def why_offer(st: CatanState, seat: int, action: Offered, kinds: HandKinds = BASE_KINDS) -> str | None:
    """The rule an offer breaks, or ``None``; the phase is checked by the rules dispatch first."""
    if seat != st.active:
        return f"only the active seat makes offers; every trade involves it ({kinds.rules})"
    if st.offers_made >= st.offer_limit:
        return f"the offer limit of {st.offer_limit} per turn is reached (variant option offer_limit, {kinds.rules})"
    reason = why_bundles(action.give, action.get, kinds)
    if reason:
        return reason
    to = action.to
    if to != -1 and (to == seat or not 0 <= to < st.n):
        return f"an offer goes to another seat (0..{st.n - 1}, not {seat}) or to all ({kinds.rules})"
    return _why_unheld(st, seat, action.give, "this offer: cards not held", kinds)


def apply_offer(st: CatanState, seat: int, action: Offered, kinds: HandKinds = BASE_KINDS) -> list[Event]:
    st.offers_made += 1
    targets = tuple(s for s in range(st.n) if s != seat) if action.to < 0 else (action.to,)
    st.decisions.append(_ask(kinds.answers, targets, action, ()))
    names = kinds.names
    return [
        Event(
            "offer",
            {
                "seat": seat,
                "give": cards_text(action.give, names),
                "get": cards_text(action.get, names),
                "to": list(targets),
            },
        )
    ]


def legal_answer(st: CatanState, seat: int, kinds: HandKinds = BASE_KINDS) -> tuple[Action, ...]:
    top = st.decisions[-1]
    assert isinstance(top, kinds.answers)
    if can_pay(st.hands[seat], top.offer.get):
        return (REJECT, ACCEPT)
    return (REJECT,)


def why_answer(st: CatanState, seat: int, action: Action, kinds: HandKinds = BASE_KINDS) -> str | None:
    top = st.decisions[-1]
    if not isinstance(top, kinds.answers):
        return f"no offer is waiting for an answer ({kinds.rules})"
    if isinstance(action, Accept):
        return _why_unheld(st, seat, top.offer.get, "accepting: cards not held", kinds)
    if isinstance(action, kinds.counter):
        return why_bundles(action.give, action.get, kinds) or _why_unheld(
            st, seat, action.give, "this counter-offer: cards not held", kinds
        )
    return None


def apply_answer(st: CatanState, seat: int, action: Action, kinds: HandKinds = BASE_KINDS) -> list[Event]:
    top = st.decisions.pop()
    assert isinstance(top, kinds.answers)
    answer: Answer
    if isinstance(action, kinds.counter):
        answer = (seat, "counter", action.give, action.get)
    elif isinstance(action, Accept):
        answer = (seat, "accept", top.offer.get, top.offer.give)
    else:
        empty = (0,) * len(kinds.names)
        answer = (seat, "reject", empty, empty)
    answers = (*top.answers, answer)
    events = [Event("answer", {"seat": seat}, {"answer": action.text()}, audience=(seat, st.active))]
    left = tuple(s for s in top.seats if s != seat)
    if left:
        st.decisions.append(_ask(kinds.answers, left, top.offer, answers))
        return events
    data: dict[str, JsonValue] = {"answers": {str(s): kind for s, kind, _, _ in answers}}
    if kinds.counter_terms:
        data["details"] = _details(answers, kinds.names)
    events.append(Event("answers", data))
    if any(kind != "reject" for _, kind, _, _ in answers):
        st.decisions.append(_ask(kinds.confirm, (st.active,), top.offer, answers))
    return events


def _details(answers: tuple[Answer, ...], names: tuple[str, ...]) -> dict[str, str]:
    return {
        str(s): f"give {cards_text(give, names)} get {cards_text(get, names)}"
        for s, kind, give, get in answers
        if kind == "counter"
    }


def _feasible(st: CatanState, active: int, answer: Answer) -> bool:
    s, _, give, get = answer
    return can_pay(st.hands[active], get) and can_pay(st.hands[s], give)


def legal_confirm(st: CatanState, seat: int, kinds: HandKinds = BASE_KINDS) -> tuple[Action, ...]:
    top = st.decisions[-1]
    assert isinstance(top, kinds.confirm)
    out: list[Action] = [WITHDRAW]
    for answer in sorted(top.answers):
        if answer[1] != "reject" and _feasible(st, seat, answer):
            out.append(CONFIRM[answer[0]])
    return tuple(out)


def why_confirm(st: CatanState, seat: int, action: Confirm, kinds: HandKinds = BASE_KINDS) -> str | None:
    top = st.decisions[-1]
    if not isinstance(top, kinds.confirm):
        return f"no answered offer to confirm ({kinds.rules})"
    for answer in top.answers:
        if answer[0] == action.seat and answer[1] != "reject":
            if not _feasible(st, seat, answer):
                return f"the exchange needs cards a side does not hold ({kinds.rules})"
            return None
    return f"seat {action.seat} neither accepted nor countered the offer ({kinds.rules})"


def apply_confirm(st: CatanState, seat: int, action: Action, kinds: HandKinds = BASE_KINDS) -> list[Event]:
    top = st.decisions.pop()
    assert isinstance(top, kinds.confirm)
    if not isinstance(action, Confirm):
        return [Event("withdraw", {"seat": seat})]
    other, _, give, get = next(a for a in top.answers if a[0] == action.seat)
    mine, theirs = st.hands[seat], st.hands[other]
    for k in range(len(kinds.names)):
        theirs[k] += get[k] - give[k]
        mine[k] += give[k] - get[k]
    names = kinds.names
    return [
        Event(
            "trade",
            {"seat": seat, "with": other, "gets": cards_text(give, names), "gives": cards_text(get, names)},
        )
    ]
