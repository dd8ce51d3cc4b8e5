"""Wedding (cities_and_knights.md §2.9, §10 items 61-63, §11.21): every opponent with strictly more VP
than the player gives it 2 hand cards of their own choice (the only card, or nothing, when they hold
fewer). Always playable, even when nobody owes a card (§11.18).

The givers answer at once, from the same position: one ``CardStep`` (step ``give``) asks them all; each
answer is ``give N KIND ...`` (an open family), and the step is asked again of those still to give.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.core.action import ActionFamily
from engine.core.events import Event
from engine.games.catan_ck.actions import GiveCards, PlayCard, play
from engine.games.catan_ck.decisions import CardStep
from engine.games.catan_ck.progress import Effect, Step
from engine.games.catan_ck.rules.hand import cards_text, why_unaffordable
from engine.games.catan_ck.rules.scoring import victory_points
from engine.games.catan_ck.tables import Card

if TYPE_CHECKING:
    from engine.core.action import Action
    from engine.games.catan_ck.state import CkState

GIFT = 2
PLAY = play(Card.WEDDING)
FAMILY = ActionFamily(
    "give",
    "give N KIND [N KIND ...]",
    "Wedding: give the player two hand cards of your choice, or all you hold if fewer (cities_and_knights.md §2.9)",
)


def targets(st: CkState, seat: int) -> tuple[PlayCard, ...]:
    return (PLAY,)


def owed(st: CkState, giver: int) -> int:
    return min(GIFT, sum(st.hands[giver]))


def apply(st: CkState, seat: int, action: PlayCard) -> list[Event]:
    mine = victory_points(st, seat)
    givers = tuple(
        s for s in range(st.n) if s != seat and victory_points(st, s) > mine and sum(st.hands[s]) > 0
    )
    if givers:
        st.decisions.append(CardStep(givers, Card.WEDDING, "give", seat))
    return [Event("wedding", {"seat": seat, "givers": list(givers)})]


def legal_give(st: CkState, seat: int, frame: CardStep) -> tuple[Action, ...]:
    """One representative gift: a card at a time from the largest stack."""
    left = list(st.hands[seat])
    out = [0] * 8
    for _ in range(owed(st, seat)):
        k = left.index(max(left))
        left[k] -= 1
        out[k] += 1
    return (GiveCards((out[0], out[1], out[2], out[3], out[4], out[5], out[6], out[7])),)


def why_give(st: CkState, seat: int, frame: CardStep, action: Action) -> str | None:
    if not isinstance(action, GiveCards):
        return "Wedding: answer with 'give N KIND ...' (cities_and_knights.md §2.9)"
    need = owed(st, seat)
    if sum(action.cards) != need or min(action.cards) < 0:
        return f"Wedding: seat {seat} gives exactly {need} cards (cities_and_knights.md §2.9)"
    return why_unaffordable(st, seat, action.cards, "this gift: cards not held")


def apply_give(st: CkState, seat: int, frame: CardStep, action: Action) -> list[Event]:
    assert isinstance(action, GiveCards)
    st.decisions.pop()
    giver, taker = st.hands[seat], st.hands[frame.player]
    for k, c in enumerate(action.cards):
        giver[k] -= c
        taker[k] += c
    left = tuple(s for s in frame.seats if s != seat)
    if left:
        st.decisions.append(CardStep(left, frame.card, frame.step, frame.player, frame.data))
    data = {"seat": seat, "to": frame.player, "count": sum(action.cards)}
    return [Event("wedding_gift", data, {"cards": cards_text(action.cards)}, audience=(seat, frame.player))]


EFFECT = Effect(
    card=Card.WEDDING,
    targets=targets,
    apply=apply,
    no_target="the Wedding is always playable (cities_and_knights.md §11.18)",
    steps={"give": Step(legal=legal_give, apply=apply_give, why=why_give, family=FAMILY)},
)
