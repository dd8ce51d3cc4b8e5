"""Discards (cities_and_knights.md §5.2, the Saboteur), the robber and the steal (§5.3, §7.5 c).

Every seat owing a discard answers at once. The robber moves only once it is active (§4.2); on a 7 or
a Bishop it goes to any other land hex, the desert included, chased by a knight to any other hex with a
number token (§11.9). The mover then may steal one random hand card from an opponent with a building on
the new hex and at least one card (``robber H steal S``), or not (``robber H``).
"""

from __future__ import annotations

import functools
from typing import TYPE_CHECKING

from engine.core.events import Event
from engine.games.catan.actions import MoveRobber
from engine.games.catan.rules.robber import largest_first, opponent_masks, victims_at
from engine.games.catan.tables import MAX_SEATS
from engine.games.catan_ck.actions import Discard
from engine.games.catan_ck.decisions import DiscardCards, KnightRobber
from engine.games.catan_ck.rules.hand import cards_text, pay, steal, why_unaffordable
from engine.games.catan_ck.tables import Hand

if TYPE_CHECKING:
    from engine.core.action import Action
    from engine.games.catan_ck.state import CkState


def default_discard(hand: list[int], owed: int) -> Discard:
    """The listed representative discard (base Catan's, over the eight kinds)."""
    out = largest_first(hand, owed)
    return Discard((out[0], out[1], out[2], out[3], out[4], out[5], out[6], out[7]))


def legal_discard(st: CkState, seat: int) -> tuple[Action, ...]:
    top = st.decisions[-1]
    assert isinstance(top, DiscardCards)
    return (default_discard(st.hands[seat], top.owed[seat]),)


def why_discard(st: CkState, seat: int, action: Action) -> str | None:
    top = st.decisions[-1]
    if not isinstance(top, DiscardCards) or not isinstance(action, Discard):
        return "no discard is asked now (cities_and_knights.md §5.2)"
    owed = top.owed[seat]
    if sum(action.cards) != owed or min(action.cards) < 0:
        rule = "cities_and_knights.md §5.2" if top.cause == "seven" else "cities_and_knights.md §2.9 Saboteur"
        return f"seat {seat} must discard exactly {owed} cards: half its hand, rounded down ({rule})"
    return why_unaffordable(st, seat, action.cards, "this discard: cards not held")


def apply_discard(st: CkState, seat: int, action: Discard) -> list[Event]:
    top = st.decisions.pop()
    assert isinstance(top, DiscardCards)
    cards: Hand = action.cards
    pay(st, seat, cards)
    left = tuple(s for s in top.seats if s != seat)
    if left:
        st.decisions.append(DiscardCards(left, top.owed, top.cause))
    return [
        Event(
            "discard",
            {"seat": seat, "count": sum(cards), "cause": top.cause},
            {"cards": cards_text(cards)},
            audience=(seat,),
        )
    ]


def robber_hexes(st: CkState, numbered: bool) -> list[int]:
    """Where the robber may go: any other land hex, or (a knight's chase) another numbered one."""
    tokens = st.board.tokens
    return [h for h in range(len(tokens)) if h != st.robber and (tokens[h] > 0 or not numbered)]


@functools.cache
def _moves(n_hexes: int) -> tuple[tuple[tuple[MoveRobber, ...], ...], ...]:
    """``_moves(n)[hex][mask]``: to ``hex`` without a steal, then stealing from each seat in ``mask``."""
    return tuple(
        tuple(
            (MoveRobber(h, -1), *(MoveRobber(h, v) for v in range(MAX_SEATS) if mask >> v & 1))
            for mask in range(1 << MAX_SEATS)
        )
        for h in range(n_hexes)
    )


def robber_moves(st: CkState, seat: int, numbered: bool) -> tuple[Action, ...]:
    """Every destination, without a steal and with each opponent there who holds a card."""
    tokens = st.board.tokens
    masks = opponent_masks(st, seat, len(tokens), holding=True)
    table = _moves(len(tokens))
    robber = st.robber
    out: list[Action] = []
    for h in range(len(tokens)):
        if h != robber and (tokens[h] or not numbered):
            out += table[h][masks[h]]
    return tuple(out)


def legal_robber(st: CkState, seat: int) -> tuple[Action, ...]:
    return robber_moves(st, seat, isinstance(st.decisions[-1], KnightRobber))


def why_robber(st: CkState, seat: int, action: MoveRobber) -> str | None:
    numbered = isinstance(st.decisions[-1], KnightRobber)
    n_hexes = st.board.topology.n_hexes
    if not 0 <= action.hex < n_hexes:
        return f"hex {action.hex} does not exist (0..{n_hexes - 1}; cities_and_knights.md §5.3)"
    if action.hex == st.robber:
        return f"the robber must move to another hex than {st.robber} (cities_and_knights.md §11.9)"
    if numbered and not st.board.tokens[action.hex]:
        return f"a knight chases the robber to a hex with a number token, not hex {action.hex} (cities_and_knights.md §7.5 c, §11.9)"
    if action.victim >= 0:
        if action.victim not in victims_at(st, seat, action.hex):
            return f"seat {action.victim} has no building on hex {action.hex} (cities_and_knights.md §5.3)"
        if not sum(st.hands[action.victim]):
            return f"seat {action.victim} holds no hand card to steal (cities_and_knights.md §12.4 P3)"
    return None


def apply_robber(st: CkState, seat: int, action: MoveRobber) -> list[Event]:
    st.decisions.pop()
    st.robber = action.hex
    events = [Event("robber", {"seat": seat, "hex": action.hex, "victim": action.victim})]
    if action.victim >= 0:
        events += steal(st, seat, action.victim)
    return events
