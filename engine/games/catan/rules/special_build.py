"""The Special Building Phase of the 5-6 player extension (catan.md §6, §9.5, §8 lines 83-84).

After the active seat ends its turn, every other seat, one at a time in clockwise order from its left,
may build roads, settlements and cities and buy development cards with the resource cards in its hand:
no trade of any kind, no development card play, no helper (§7.4). Each seat is asked (a
:class:`SpecialBuild` decision: a build, or ``pass``) for as long as it can pay for something; a seat
that can afford nothing is skipped without being asked. A card bought here was not bought in the
buyer's own turn, so it is playable in that seat's next turn (§6 [rec], the official FAQ). Victory
points reached here count only at the start of the seat's own turn (§5.11): no victory check runs
while a :class:`SpecialBuild` decision is on top.

The phase ends when the seat right of the active one is done; the rules dispatch then starts the next
turn (:func:`engine.games.catan.rules.turn.next_turn`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.core.events import Event
from engine.games.catan.decisions import SPECIAL_BUILD_FRAMES
from engine.games.catan.helper_actions import DECLINE
from engine.games.catan.rules import build

if TYPE_CHECKING:
    from engine.core.action import Action
    from engine.games.catan.state import CatanState

NO_TRADE = "no trade of any kind in the Special Building Phase (catan.md §6, §9.5)"
NO_PLAY = "no development card play in the Special Building Phase (catan.md §6)"
NO_HELPER = "no helper is used in the Special Building Phase (catan.md §7.4)"
TURN_OVER = "the turn is over: build with the cards in hand or pass (catan.md §6)"


def ask_next(st: CatanState, after: int) -> list[Event]:
    """Ask the first seat clockwise after ``after`` (and before the active seat) that can afford a
    build; no frame is pushed when none can."""
    n = st.n
    active = st.active
    s = (after + 1) % n
    while s != active:
        h = st.hands[s]
        if not ((h[0] and h[1]) or (h[2] and h[3] and h[4]) or (h[4] >= 3 and h[3] >= 2)):
            s = (s + 1) % n  # no cost of §2.4 can be paid: skipped without listing
            continue
        out: list[Action] = []
        build.legal_builds(st, s, out)
        if out:
            st.decisions.append(SPECIAL_BUILD_FRAMES[s])
            return [Event("special_build", {"seat": s})]
        s = (s + 1) % n
    return []


def legal_special(st: CatanState, seat: int) -> tuple[Action, ...]:
    """``pass`` first, then every build the seat can pay for (catan.md §6)."""
    out: list[Action] = [DECLINE]
    build.legal_builds(st, seat, out)
    return tuple(out)


def why_special(st: CatanState, seat: int, action: Action) -> str | None:
    """A build is checked as in the seat's own turn: cards in hand, pieces, placement (§6, §5.6)."""
    reason = build.why_build(st, seat, action)
    return (
        f"{reason}; in the Special Building Phase only the cards in hand pay (catan.md §6)"
        if reason
        else None
    )


def _continue(st: CatanState, seat: int, events: list[Event]) -> list[Event]:
    """After a build: the seat stays while it can afford more, else the next seat is asked."""
    out: list[Action] = []
    build.legal_builds(st, seat, out)
    if not out:
        st.decisions.pop()
        events += ask_next(st, seat)
    return events


def apply_road(st: CatanState, seat: int, action: Action) -> list[Event]:
    return _continue(st, seat, build.apply_road(st, seat, action))  # type: ignore[arg-type]


def apply_settle(st: CatanState, seat: int, action: Action) -> list[Event]:
    return _continue(st, seat, build.apply_settle(st, seat, action))  # type: ignore[arg-type]


def apply_city(st: CatanState, seat: int, action: Action) -> list[Event]:
    return _continue(st, seat, build.apply_city(st, seat, action))  # type: ignore[arg-type]


def apply_buy_dev(st: CatanState, seat: int, action: Action) -> list[Event]:
    """Buy a card, playable from the buyer's next turn on (not marked as bought this turn)."""
    return _continue(st, seat, build.apply_buy_dev(st, seat, action, fresh=False))


def apply_pass(st: CatanState, seat: int, action: Action) -> list[Event]:
    st.decisions.pop()
    return ask_next(st, seat)
