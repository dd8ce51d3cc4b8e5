"""Gold fields (seafarers.md §5.3): the choices of the seats owed gold, one card at a time.

After a roll, ordinary production is paid first (base Catan's shortage rule, catan.md §5.3); then every
seat owed gold (1 per settlement, 2 per city on a gold field with the number, the robber's hex
excepted) chooses, in turn order from the active seat, one card at a time from what the supply holds.
When the supply is empty, the rest is lost (a ``gold_owed`` event with ``lost``). The same frame serves the gold of the second setup
settlement (seafarers.md §5.1 step 5) and of a gold field discovered in the fog (§5.11).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.core.events import Event
from engine.games.catan.seafarers.actions import GOLD, ChooseGold
from engine.games.catan.seafarers.decisions import GoldChoice
from engine.games.catan.tables import RESOURCE_NAMES

if TYPE_CHECKING:
    from engine.core.action import Action
    from engine.games.catan.seafarers.state import SeafarersState


def owed_on_roll(st: SeafarersState, total: int) -> list[int]:
    """Gold cards each seat earns on a roll of ``total`` (§5.3)."""
    owed = [0] * st.n
    level = st.level
    owner = st.owner
    for h, corners in st.board.gold_sites[total]:
        if h == st.robber:
            continue
        for c in corners:
            if level[c]:
                owed[owner[c]] += level[c]
    return owed


def push_gold(st: SeafarersState, owed: list[int], first: int) -> list[Event]:
    """Ask the seats owed gold to choose, in turn order from ``first`` (§5.3)."""
    if not any(owed):
        return []
    order = tuple((first + i) % st.n for i in range(st.n))
    data = {"owed": {str(s): k for s, k in enumerate(owed) if k}}
    if not any(st.bank):
        return [Event("gold_owed", {**data, "lost": True})]
    chooser = next(s for s in order if owed[s])
    st.decisions.append(GoldChoice((chooser,), tuple(owed), order))
    return [Event("gold_owed", data)]


def legal_gold(st: SeafarersState, seat: int) -> tuple[Action, ...]:
    """One action per resource the supply still holds."""
    bank = st.bank
    return tuple(GOLD[r] for r in range(5) if bank[r])


def why_gold(st: SeafarersState, seat: int, action: ChooseGold) -> str | None:
    if not st.bank[action.resource]:
        return f"the supply has no {RESOURCE_NAMES[action.resource]}: choose another (seafarers.md §5.3)"
    return None


def apply_gold(st: SeafarersState, seat: int, action: ChooseGold) -> list[Event]:
    top = st.decisions.pop()
    assert isinstance(top, GoldChoice)
    r = action.resource
    st.bank[r] -= 1
    st.hands[seat][r] += 1
    owed = list(top.owed)
    owed[seat] -= 1
    events = [Event("gold", {"seat": seat, "resource": RESOURCE_NAMES[r]})]
    if not any(owed):
        return events
    if not any(st.bank):
        lost = {"owed": {str(s): k for s, k in enumerate(owed) if k}, "lost": True}
        return [*events, Event("gold_owed", lost)]
    chooser = next(s for s in top.order if owed[s])
    st.decisions.append(GoldChoice((chooser,), tuple(owed), top.order))
    return events
