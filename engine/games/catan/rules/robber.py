"""Discards after a 7, the robber and the steal (catan.md §5.4, §5.10, §9.1, §9.8).

Every seat holding more than 7 cards discards half, rounded down, all asked at once; then the roller
moves the robber to another hex (the desert allowed) and, when opponents have buildings there, must
steal one random card from the one it names (a victim with no cards yields nothing). The steal draws
from the ``steal`` stream; the stolen card's type is told only to thief and victim.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.core.events import Event
from engine.games.catan.actions import Bundle, Discard, MoveRobber
from engine.games.catan.decisions import DiscardHalf
from engine.games.catan.rules.build import pay, why_unaffordable
from engine.games.catan.tables import RESOURCE_NAMES

if TYPE_CHECKING:
    from engine.core.action import Action
    from engine.games.catan.state import CatanState


def largest_first(hand: list[int], owed: int) -> list[int]:
    """``owed`` cards of ``hand`` (any number of kinds), one at a time from the largest stack (lowest
    kind on ties): the listed representative discard."""
    left = list(hand)
    out = [0] * len(hand)
    for _ in range(owed):
        r = left.index(max(left))
        left[r] -= 1
        out[r] += 1
    return out


def default_discard(hand: list[int], owed: int) -> Discard:
    """The listed representative discard (:func:`largest_first`)."""
    out = largest_first(hand, owed)
    return Discard((out[0], out[1], out[2], out[3], out[4]))


def legal_discard(st: CatanState, seat: int) -> tuple[Action, ...]:
    top = st.decisions[-1]
    assert isinstance(top, DiscardHalf)
    return (default_discard(st.hands[seat], top.owed[seat]),)


def why_discard(st: CatanState, seat: int, action: Action) -> str | None:
    top = st.decisions[-1]
    if not isinstance(top, DiscardHalf) or not isinstance(action, Discard):
        return "no discard is asked now (catan.md §5.4 step 1)"
    if seat not in top.seats:
        return f"seat {seat} owes no discard (catan.md §5.4 step 1)"
    owed = top.owed[seat]
    if sum(action.cards) != owed or min(action.cards) < 0:
        return (
            f"seat {seat} must discard exactly {owed} cards: half of its hand, rounded down (catan.md §5.4)"
        )
    return why_unaffordable(st, seat, action.cards, "this discard: cards not held")


def apply_discard(st: CatanState, seat: int, action: Discard) -> list[Event]:
    top = st.decisions.pop()
    assert isinstance(top, DiscardHalf)
    cards: Bundle = action.cards
    pay(st, seat, cards)
    left = tuple(s for s in top.seats if s != seat)
    if left:
        st.decisions.append(DiscardHalf(left, top.owed))
    return [
        Event(
            "discard",
            {"seat": seat, "count": sum(cards)},
            {"cards": {RESOURCE_NAMES[r]: k for r, k in enumerate(cards) if k}},
            audience=(seat,),
        )
    ]


def victims_at(st: CatanState, seat: int, hex_id: int) -> list[int]:
    """Opponents with a building on a corner of the hex (catan.md §5.4 step 3)."""
    owner = st.owner
    found = []
    for c in st.board.topology.hex_corners[hex_id]:
        s = owner[c]
        if s >= 0 and s != seat and s not in found:
            found.append(s)
    found.sort()
    return found


def opponent_masks(st: CatanState, seat: int, n_hexes: int, holding: bool = False) -> list[int]:
    """Per hex, the bit mask of the opponents with a building on it (only those holding a card when
    ``holding``): the robber's possible victims (catan.md §5.4 step 3)."""
    corner_hexes = st.board.topology.corner_hexes
    masks = [0] * n_hexes
    for s, corners in enumerate(st.buildings_of):
        if s != seat and corners and (not holding or sum(st.hands[s])):
            bit = 1 << s
            for c in corners:
                for h in corner_hexes[c]:
                    masks[h] |= bit
    return masks


def legal_robber(st: CatanState, seat: int) -> tuple[Action, ...]:
    """Every other hex, with each opponent who has a building there as a victim (ascending)."""
    masks = opponent_masks(st, seat, len(st.pre.robber_by_mask))
    out: list[Action] = []
    robber = st.robber
    for h, row in enumerate(st.pre.robber_by_mask):
        if h != robber:
            out += row[masks[h]]
    return tuple(out)


def why_robber(st: CatanState, seat: int, action: MoveRobber) -> str | None:
    n_hexes = st.board.topology.n_hexes
    if not 0 <= action.hex < n_hexes:
        return f"hex {action.hex} does not exist (0..{n_hexes - 1}; catan.md §3.1)"
    if action.hex == st.robber:
        return f"the robber must move to another hex than {st.robber} (catan.md §5.4 step 2)"
    victims = victims_at(st, seat, action.hex)
    if action.victim < 0 and victims:
        return f"the steal is mandatory: name one of seats {victims} (catan.md §9.8)"
    if action.victim >= 0 and action.victim not in victims:
        return f"seat {action.victim} has no building on hex {action.hex} (catan.md §5.4 step 3)"
    return None


def apply_robber(st: CatanState, seat: int, action: MoveRobber) -> list[Event]:
    st.decisions.pop()
    st.robber = action.hex
    events = [Event("robber", {"seat": seat, "hex": action.hex, "victim": action.victim})]
    if action.victim >= 0:
        events += steal(st, seat, action.victim)
    return events


def steal(
    st: CatanState, thief: int, victim: int, names: tuple[str, ...] = RESOURCE_NAMES, key: str = "resource"
) -> list[Event]:
    """Move one random card of ``victim``'s hand (any number of kinds) to ``thief``, drawn from the
    ``steal`` stream; the kind, under ``key``, is told only to the two (catan.md §5.4 step 3)."""
    hand = st.hands[victim]
    total = sum(hand)
    if not total:
        return [Event("steal", {"thief": thief, "victim": victim, "count": 0})]
    pick = st.rng.stream("steal").below(total)
    r = 0
    while pick >= hand[r]:
        pick -= hand[r]
        r += 1
    hand[r] -= 1
    st.hands[thief][r] += 1
    return [
        Event(
            "steal",
            {"thief": thief, "victim": victim, "count": 1},
            {key: names[r]},
            audience=(thief, victim),
            chance=True,
        )
    ]
