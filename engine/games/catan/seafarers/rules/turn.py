"""A Seafarers turn (seafarers.md §5.2): base Catan's phases with ships, ship moves and gold.

Before the roll: the roll or a development card. After it: end, maritime trades (not in the strict
``build`` phase), builds (roads, ships, settlements, cities, a card), one ship move and the cards. The
roll is base Catan's, followed by the gold choices of the seats owed gold (§5.3).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.core.events import Event
from engine.games.catan.actions import END, ROLL
from engine.games.catan.decisions import BUILD, PRE_ROLL, TurnPhase
from engine.games.catan.rules import dice
from engine.games.catan.rules.trade import legal_bank_trades
from engine.games.catan.seafarers.rules.build import legal_builds, legal_moves
from engine.games.catan.seafarers.rules.devcards import legal_plays
from engine.games.catan.seafarers.rules.gold import owed_on_roll, push_gold

if TYPE_CHECKING:
    from engine.core.action import Action
    from engine.games.catan.seafarers.state import SeafarersState

ROLL_ONLY: tuple[Action, ...] = (ROLL,)


def apply_roll(st: SeafarersState, seat: int, action: Action | None = None) -> list[Event]:
    """Base Catan's roll and production, then the gold (§5.3)."""
    events = dice.apply_roll(st, seat, action)
    total = st.rolled
    if total != 7 and st.board.gold_sites[total]:  # most numbers have no gold field
        events += push_gold(st, owed_on_roll(st, total), seat)
    return events


def legal_turn(st: SeafarersState, seat: int) -> tuple[Action, ...]:
    """The listed actions of the active seat in its current phase."""
    top = st.decisions[-1]
    assert isinstance(top, TurnPhase)
    if top.phase == PRE_ROLL:
        if st.dev_played or not any(st.devs[seat]):
            return ROLL_ONLY
        out: list[Action] = [ROLL]
        legal_plays(st, seat, out)
        return tuple(out)
    out = [END]
    if top.phase != BUILD:
        legal_bank_trades(st, seat, out)
    legal_builds(st, seat, out)
    legal_moves(st, seat, out)
    if not st.dev_played and any(st.devs[seat]):
        legal_plays(st, seat, out)
    return tuple(out)
