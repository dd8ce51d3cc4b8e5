"""Master Merchant (cities_and_knights.md §2.9, §10 items 68-69, §11.18, §11.21): the seat names an
opponent with strictly more VP (current public VP), looks at its resources and commodities and takes
two of its choice (what there is when the opponent holds fewer). No defence. Not playable when no
opponent leads the seat.

The step ``take`` is the seat's own (``take N KIND ...``, an open family): while it decides, its
observation shows the opponent's hand cards (``shown``), to it alone. Against an empty hand nothing
is asked."""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.core.action import ActionFamily
from engine.core.events import Event
from engine.games.catan.tables import MAX_SEATS
from engine.games.catan_ck.actions import PlayCard, TakeCards, play
from engine.games.catan_ck.decisions import CardStep
from engine.games.catan_ck.progress import Effect, Step
from engine.games.catan_ck.rules.hand import cards_text
from engine.games.catan_ck.rules.scoring import victory_points
from engine.games.catan_ck.tables import Card

if TYPE_CHECKING:
    from engine.core.action import Action
    from engine.games.catan_ck.state import CkState

TAKE = 2
FAMILY = ActionFamily(
    "take",
    "take N KIND [N KIND ...]",
    "Master Merchant: take two of the shown hand cards, or all if fewer (cities_and_knights.md §2.9)",
)


SEAT_PLAYS = tuple(play(Card.MASTER_MERCHANT, s) for s in range(MAX_SEATS))
"""The play naming each seat."""


def targets(st: CkState, seat: int) -> tuple[PlayCard, ...]:
    mine = victory_points(st, seat)
    return tuple([SEAT_PLAYS[s] for s in range(st.n) if s != seat and victory_points(st, s) > mine])


def why(st: CkState, seat: int, action: PlayCard) -> str | None:
    s = action.args[0]
    if s == seat or not 0 <= s < st.n:
        return f"Master Merchant: name an opponent (0..{st.n - 1}, not {seat}; cities_and_knights.md §2.9)"
    return (
        f"Master Merchant: seat {s} has {victory_points(st, s)} VP, not more than seat {seat}'s "
        f"{victory_points(st, seat)} (cities_and_knights.md §2.9, §11.21)"
    )


def owed(st: CkState, victim: int) -> int:
    return min(TAKE, sum(st.hands[victim]))


def apply(st: CkState, seat: int, action: PlayCard) -> list[Event]:
    victim = action.args[0]
    if owed(st, victim):
        st.decisions.append(CardStep((seat,), Card.MASTER_MERCHANT, "take", seat, (victim,)))
    return [Event("master_merchant", {"seat": seat, "victim": victim})]


def legal_take(st: CkState, seat: int, frame: CardStep) -> tuple[Action, ...]:
    """One representative choice: a card at a time from the victim's largest stack."""
    left = list(st.hands[frame.data[0]])
    out = [0] * 8
    for _ in range(owed(st, frame.data[0])):
        k = left.index(max(left))
        left[k] -= 1
        out[k] += 1
    return (TakeCards((out[0], out[1], out[2], out[3], out[4], out[5], out[6], out[7])),)


def why_take(st: CkState, seat: int, frame: CardStep, action: Action) -> str | None:
    if not isinstance(action, TakeCards):
        return "Master Merchant: answer with 'take N KIND ...' (cities_and_knights.md §2.9)"
    victim = frame.data[0]
    need = owed(st, victim)
    if sum(action.cards) != need or min(action.cards) < 0:
        return f"Master Merchant: take exactly {need} cards (cities_and_knights.md §2.9)"
    hand = st.hands[victim]
    if any(c > hand[k] for k, c in enumerate(action.cards)):
        return f"Master Merchant: seat {victim} does not hold these cards (cities_and_knights.md §2.9)"
    return None


def reveals(st: CkState, seat: int, frame: CardStep) -> tuple[int, str]:
    return frame.data[0], "hand"


def apply_take(st: CkState, seat: int, frame: CardStep, action: Action) -> list[Event]:
    assert isinstance(action, TakeCards)
    st.decisions.pop()
    victim = frame.data[0]
    theirs, mine = st.hands[victim], st.hands[seat]
    for k, c in enumerate(action.cards):
        theirs[k] -= c
        mine[k] += c
    data = {"seat": seat, "victim": victim, "count": sum(action.cards)}
    return [Event("master_merchant_take", data, {"cards": cards_text(action.cards)}, audience=(seat, victim))]


EFFECT = Effect(
    card=Card.MASTER_MERCHANT,
    targets=targets,
    apply=apply,
    why=why,
    no_target="Master Merchant: no opponent has more VP than the seat (cities_and_knights.md §11.18, §11.21)",
    steps={"take": Step(legal=legal_take, apply=apply_take, why=why_take, family=FAMILY, reveals=reveals)},
)
