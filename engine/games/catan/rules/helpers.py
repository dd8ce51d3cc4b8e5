"""The Helpers of Catan scenario: the stack, the display, using and exchanging (catan.md §7.2-§7.4).

Setup (§7.2): the six numbered helpers form the stack (A1 Nassir on top, then the ``helper_stack``
option); the other four are the display. A seat takes the top of the stack when its second setup road
is placed (so the seat right of the starting seat gets Nassir); when every seat has one, the rest of
the stack joins the display.

Use (§7.3, §7.4): each seat always has exactly one helper. A helper is usable from the turn after the
one it was received in (the setup counts as turn 0, §7.4 [rec]), once per turn, where its timing allows
(:mod:`.helper_effects`), never in the Special Building Phase. "Turn" is any seat's turn (§9.19.8).
Right after a use (and its follow-up steps) the seat decides (:class:`HelperAfterUse`): keep it, which
flips an A side to B, or exchange it for a display helper other than the one it returns, taken A side
up. A B side must be exchanged.

Marianne and Sean act in other seats' turns (§7.5): after a production roll that is not a 7, the
holder of Marianne who received nothing is offered one card (:class:`MarianneAsk`), before anyone else
acts; on a 7 the holder of Sean is offered its choice before the discards are collected
(:class:`SeanAsk`). A holder that cannot use its helper then is not asked.
"""

from __future__ import annotations

import bisect
from typing import TYPE_CHECKING

from engine.core.events import Event
from engine.games.catan.decisions import DiscardHalf, HelperAfterUse, MarianneAsk, SeanAsk
from engine.games.catan.helper_actions import DECLINE, EXCHANGE, KEEP_HELPER, MARIANNE, SEAN, ExchangeHelper
from engine.games.catan.tables import DISCARD_LIMIT, HELPER_NAMES, Helper

if TYPE_CHECKING:
    from engine.core.action import Action
    from engine.games.catan.state import CatanState

A_SIDE, B_SIDE = 0, 1
SIDE_NAMES = ("a", "b")


def can_use(st: CatanState, seat: int) -> bool:
    """The seat's helper was not received this turn and not used this turn (catan.md §7.4)."""
    return st.helper[seat] >= 0 and st.helper_got[seat] < st.turn and st.helper_used[seat] != st.turn


def why_cannot(st: CatanState, seat: int, helper: int) -> str | None:
    """The prohibition that stops ``seat`` using ``helper`` now (catan.md §7.3, §7.4), or ``None``."""
    name = HELPER_NAMES[helper]
    if not st.helpers_on:
        return f"there are no helpers in catan/{st.game.variant} (the Helpers scenario, catan.md §7)"
    held = st.helper[seat]
    if held != helper:
        mine = HELPER_NAMES[held] if held >= 0 else "no helper yet"
        return f"seat {seat} has {mine}, not {name} (one helper per seat, catan.md §7.3)"
    if st.helper_got[seat] >= st.turn:
        return f"{name} was received this turn: a helper is never used in that turn (catan.md §7.4)"
    if st.helper_used[seat] == st.turn:
        return f"{name} was used this turn: a helper is used at most once per turn (catan.md §7.4)"
    return None


def mark_used(st: CatanState, seat: int) -> None:
    """Record the use and ask for keep or exchange once its steps are done (push before the steps)."""
    st.helper_used[seat] = st.turn
    st.decisions.append(HelperAfterUse((seat,)))


# -- setup ---------------------------------------------------------------------------------------------


def take_starting(st: CatanState, seat: int) -> list[Event]:
    """The seat's second setup settlement and road are built: it takes the top of the stack (§7.2)."""
    helper = st.helper_stack.pop(0)
    st.helper[seat] = helper
    st.helper_side[seat] = A_SIDE
    st.helper_got[seat] = st.turn
    events = [Event("helper_taken", {"seat": seat, "helper": HELPER_NAMES[helper]})]
    if all(h >= 0 for h in st.helper):
        st.display = sorted(st.display + st.helper_stack)
        st.helper_stack = []
        events.append(Event("helper_display", {"display": [HELPER_NAMES[h] for h in st.display]}))
    return events


# -- keep or exchange ----------------------------------------------------------------------------------


def legal_after(st: CatanState, seat: int) -> tuple[Action, ...]:
    """``helper keep`` on the A side, then one exchange per display helper (catan.md §7.3)."""
    out: list[Action] = [KEEP_HELPER] if st.helper_side[seat] == A_SIDE else []
    out += [EXCHANGE[h] for h in st.display]
    return tuple(out)


def why_after(st: CatanState, seat: int, action: Action) -> str | None:
    if isinstance(action, ExchangeHelper):
        if action.helper not in st.display:
            return f"{HELPER_NAMES[action.helper]} is not in the display (catan.md §7.3)"
        return None
    if st.helper_side[seat] != A_SIDE:
        return "a helper on its B side must be exchanged after use (catan.md §7.3)"
    return None


def apply_after(st: CatanState, seat: int, action: Action) -> list[Event]:
    st.decisions.pop()
    old = st.helper[seat]
    if not isinstance(action, ExchangeHelper):
        st.helper_side[seat] = B_SIDE
        return [Event("helper_keep", {"seat": seat, "helper": HELPER_NAMES[old]})]
    new = action.helper
    st.display.remove(new)
    bisect.insort(st.display, old)
    st.helper[seat] = new
    st.helper_side[seat] = A_SIDE
    st.helper_got[seat] = st.turn
    return [
        Event("helper_exchange", {"seat": seat, "returned": HELPER_NAMES[old], "taken": HELPER_NAMES[new]})
    ]


# -- Marianne and Sean, in any seat's turn ---------------------------------------------------------------


def holder(st: CatanState, helper: Helper) -> int:
    """The seat holding ``helper`` that may use it now, or -1."""
    if helper not in st.helper:
        return -1
    s = st.helper.index(helper)
    return s if st.helper_got[s] < st.turn and st.helper_used[s] != st.turn else -1


def after_production(st: CatanState, paid: dict[str, object]) -> None:
    """A roll other than 7 was paid out (``paid``: seat keys): ask Marianne's holder if it got nothing."""
    s = holder(st, Helper.MARIANNE)
    if s >= 0 and str(s) not in paid and any(st.bank):
        st.decisions.append(MarianneAsk((s,)))


def legal_marianne(st: CatanState, seat: int) -> tuple[Action, ...]:
    return (DECLINE, *(MARIANNE[r] for r in range(5) if st.bank[r]))


def on_seven(st: CatanState, owed: list[int]) -> bool:
    """A 7 was rolled; ask Sean's holder before the discards (``owed`` per seat). False: no ask."""
    s = holder(st, Helper.SEAN)
    if s < 0 or not (owed[s] or any(st.bank)):
        return False
    st.decisions.append(SeanAsk((s,), tuple(owed)))
    return True


def push_discards(st: CatanState, owed: tuple[int, ...] | list[int]) -> list[Event]:
    """Ask every seat still owing a discard at once (catan.md §5.4 step 1)."""
    pending = tuple(s for s in range(st.n) if owed[s])
    if not pending:
        return []
    st.decisions.append(DiscardHalf(pending, tuple(owed)))
    return [Event("must_discard", {"owed": {str(s): owed[s] for s in pending}})]


def legal_sean(st: CatanState, seat: int) -> tuple[Action, ...]:
    """``pass``; then keeping every card (more than 7 held) or one card of the supply (7 or fewer)."""
    if sum(st.hands[seat]) > DISCARD_LIMIT:
        return (DECLINE, SEAN[0])
    return (DECLINE, *(SEAN[r + 1] for r in range(5) if st.bank[r]))


def apply_sean_pass(st: CatanState, seat: int, action: Action) -> list[Event]:
    top = st.decisions.pop()
    assert isinstance(top, SeanAsk)
    return push_discards(st, top.owed)
