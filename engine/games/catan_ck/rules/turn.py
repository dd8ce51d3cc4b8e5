"""The turn (cities_and_knights.md §4.1): ``pre_roll`` (the roll, an Alchemist, with V3 a knight's
chase), then the one main phase in which trading, building, knights, improvements and progress cards
interleave freely, ended by ``end``. The turn cap ends the match, ranked by VP.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.core.events import Event
from engine.games.catan.actions import END, ROLL
from engine.games.catan.decisions import PRE_ROLL, TURN_FRAMES, TurnPhase
from engine.games.catan_ck.rules import improvements, knights, progress, trade
from engine.games.catan_ck.rules.build import legal_builds
from engine.games.catan_ck.rules.scoring import MOST_EXTRA, check_victory

if TYPE_CHECKING:
    from engine.core.action import Action
    from engine.games.catan_ck.state import CkState


def begin_turn(st: CkState, seat: int) -> list[Event]:
    """Hand the dice to ``seat``, reset the per-turn state and check for a win (§9.5)."""
    st.turn += 1
    st.active = seat
    st.offers_made = 0
    st.rolled = 0
    st.dice = [0, 0, 0]
    st.fleet = []
    st.harbor_used = 0
    st.decisions.append(TURN_FRAMES[PRE_ROLL][seat])
    events = [Event("turn", {"seat": seat, "turn": st.turn})]
    if st.building_vp[seat] + st.defenders[seat] + st.vp_cards[seat] + MOST_EXTRA >= st.vp_to_win:
        events += check_victory(st)  # (its first test, here)
    return events


def next_turn(st: CkState, seat: int) -> list[Event]:
    """Start ``seat``'s turn, or stop at the turn cap."""
    if st.turn >= st.turn_cap:
        st.over = True
        st.capped = True
        return [Event("turn_cap", {"turn": st.turn})]
    return begin_turn(st, seat)


def end_turn(st: CkState, seat: int, action: Action | None = None) -> list[Event]:
    """``end``: the next seat's turn (§4.1 step 6)."""
    st.decisions.pop()
    return next_turn(st, (seat + 1) % st.n)


def legal_turn(st: CkState, seat: int) -> tuple[Action, ...]:
    """The listed actions of the active seat in its phase."""
    top = st.decisions[-1]
    assert isinstance(top, TurnPhase)
    out: list[Action]
    if top.phase == PRE_ROLL:
        out = [ROLL]
        if st.progress[seat]:
            progress.legal_plays(st, seat, out, pre_roll=True)
        if st.game.wandering_knight and st.chased != st.turn:  # one chase before the roll (V3)
            knights.legal_chases(st, seat, out)
        return tuple(out)
    out = [END]
    trade.legal_bank_trades(st, seat, out)
    legal_builds(st, seat, out)
    knights.legal_knights(st, seat, out)
    improvements.legal_improve(st, seat, out)
    if st.progress[seat]:
        progress.legal_plays(st, seat, out, pre_roll=False)
    progress.legal_turn_uses(st, seat, out)
    return tuple(out)
